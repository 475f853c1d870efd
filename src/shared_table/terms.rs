//! What a shared table's authority and the lobby of tables both speak of: who sits down,
//! what a participant hears, a table's line in the lobby, why a table refuses, its pace and
//! when it ends, and those looking at the lobby.

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use crate::table::{Seat, Step};

/// The longest table name: it is typed after `join`.
pub const MAX_TABLE_NAME_CHARS: usize = 24;
/// A table no person has played at (or sat down at) for this long ends, recorded as
/// abandoned: a refused join, a watcher, a turn a bot played for a person is no life.
pub const UNTOUCHED_FOR: Duration = Duration::from_mins(10);
/// A table whose people have all left ends after this long, unless one comes back.
pub const ALL_LEFT_FOR: Duration = Duration::from_mins(2);
/// A person's time to play their turn, unless the table's creator chose another.
pub const TURN_TIME: Duration = Duration::from_mins(1);
/// The tables one person may hold open at once.
pub const TABLES_EACH: usize = 2;

/// Whether a table's name may hold `c` (it is typed after `join`).
pub fn in_table_name(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// Who sits down: their name, and the key they proved they hold (`None`: a guest without
/// one, whose name is theirs for one visit only). A seat left is given back only to the
/// same name with the same key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    pub name: String,
    /// The fingerprint of their key.
    pub key: Option<String>,
}

impl Person {
    /// Someone without a key (tests, and a parlor's own screens).
    pub fn named(name: &str) -> Person {
        Person {
            name: name.to_owned(),
            key: None,
        }
    }
}

/// What a participant hears from the table.
#[derive(Clone, Debug)]
pub enum Update {
    /// The creator started the game: these are its seats (open ones now bots).
    Started(Vec<Seat>),
    /// Someone took an open seat while the table waits.
    Seated { seat: u8, name: String },
    /// A person's seat changed hands: they left (a bot plays it) or came back.
    Renamed { seat: u8, name: String },
    /// The next step of the game.
    Step(Step),
    /// The person at `seat` has `left` to play their turn.
    Clock { seat: u8, left: Duration },
    /// Something everyone at the table is told.
    Told(String),
    /// The table ended before its game did, for this reason (the game is recorded as
    /// abandoned for each person at it).
    Ended(String),
    /// The game is in the records of everyone who held a seat: whoever shows them reads
    /// them again.
    Recorded,
}

/// Waiting for the creator, playing, or over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Waiting,
    Playing,
    Over,
}

impl Phase {
    /// The word for it, in English (the host's log).
    pub fn word(self) -> &'static str {
        match self {
            Phase::Waiting => "waiting",
            Phase::Playing => "playing",
            Phase::Over => "over",
        }
    }

    /// The word for it, in the thread's language (a guest's lobby).
    pub fn said(self) -> String {
        match self {
            Phase::Waiting => crate::said!(phase_waiting),
            Phase::Playing => crate::said!(phase_playing),
            Phase::Over => crate::said!(phase_over),
        }
    }
}

/// A line of the lobby: one table on this server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    pub name: String,
    pub game: crate::games::GameId,
    /// The people in its seats, by seat.
    pub people: Vec<String>,
    pub seats: usize,
    pub phase: Phase,
    /// How many are watching.
    pub watchers: usize,
}

/// Why a table could not be opened or joined (said in the thread's language: the guest's,
/// on their parlor's thread).
#[derive(Debug, thiserror::Error)]
pub enum TableRefusal {
    NoSuchTable(String),
    NameTaken(String),
    Full(usize),
    BadName,
    AlreadyThere(String),
    NoThread(#[source] std::io::Error),
    TooMany(usize),
    NotInvited(String),
    /// The host could not make the new table's settings (a bug if it ever shows). The
    /// reason is the host's own, from a layer above the tables.
    Setup(#[source] Box<dyn std::error::Error + Send + Sync>),
}

impl std::fmt::Display for TableRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::said;
        f.write_str(&match self {
            TableRefusal::NoSuchTable(table) => said!(table_none, table = table),
            TableRefusal::NameTaken(table) => said!(table_name_taken, table = table),
            TableRefusal::Full(count) => said!(tables_full, count = *count),
            TableRefusal::BadName => said!(table_name_bad, most = MAX_TABLE_NAME_CHARS),
            TableRefusal::AlreadyThere(name) => said!(table_already_there, name = name),
            TableRefusal::NoThread(e) => said!(table_not_opened, why = e.to_string()),
            TableRefusal::TooMany(count) => said!(tables_each, count = *count),
            TableRefusal::NotInvited(table) => said!(table_not_invited, table = table),
            TableRefusal::Setup(e) => said!(table_not_set_up, why = e.to_string()),
        })
    }
}

/// What an open seat is called while the table waits (said in each person's language).
pub use crate::games::OPEN;

/// When a table ends before its game does.
#[derive(Clone, Copy, Debug)]
pub struct Endings {
    /// Nobody has done anything at it for this long.
    pub untouched: Duration,
    /// Its people have all left, this long ago.
    pub all_left: Duration,
}

impl Default for Endings {
    fn default() -> Self {
        Endings {
            untouched: UNTOUCHED_FOR,
            all_left: ALL_LEFT_FOR,
        }
    }
}

/// Those looking at the list of tables (guests in the lobby), each woken when a line of it
/// changes: an idle lobby costs nothing, and a busy one hears at once.
#[derive(Default)]
pub(super) struct Onlookers {
    pub(super) wakes: Mutex<HashMap<u64, Box<dyn Fn() + Send>>>,
    pub(super) next: AtomicU64,
}

impl Onlookers {
    pub(super) fn wakes(&self) -> MutexGuard<'_, HashMap<u64, Box<dyn Fn() + Send>>> {
        self.wakes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The list changed: wake everyone looking (a wake never blocks).
    pub(super) fn tell(&self) {
        for wake in self.wakes().values() {
            wake();
        }
    }
}

/// Someone looking at the list of tables, until this is dropped.
pub struct Looking {
    pub(super) onlookers: Arc<Onlookers>,
    pub(super) id: u64,
}

impl Drop for Looking {
    fn drop(&mut self) {
        self.onlookers.wakes().remove(&self.id);
    }
}

/// Where a table says what happens at it (the host's log).
pub type Log = Arc<dyn Fn(&str) + Send + Sync>;

/// A table's pace, as its creator asked (`None`: the host's).
#[derive(Clone, Copy, Debug, Default)]
pub struct Pace {
    /// The pause before a step nobody decides.
    pub delay: Option<Duration>,
    /// A person's time to play their turn.
    pub turn_time: Option<Duration>,
}
