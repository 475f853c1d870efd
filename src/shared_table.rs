//! A table several people share, each from their own screen (`parlor host`). One authority
//! per table holds the real [`Table`]: it takes the steps nobody decides (chance, bots, and
//! the seats of people who left) at the table's pace, checks each person's action, and
//! sends every step to everyone there, who shows it beat by beat as a replay's step is
//! shown. Results are recorded once, here, for each person by name.
//!
//! Nothing here knows of terminals: a participant is a sender of [`Update`]s and a way to
//! wake whoever reads them.
//!
//! Nothing here knows of tokio either: each table's authority is a std thread of its own,
//! driving the table under a Mutex and waiting on a Condvar for its next step; the
//! participants' threads (a guest's app) call in through the same lock, and hear back
//! through std channels. The host's async side only asks whether a table's name is taken
//! (see the `host` module).
//!
//! `authority` is one table's authority, `lobby` the registry of a server's tables, `terms`
//! what both speak of.

mod authority;
mod lobby;
mod terms;

pub use authority::{Joined, SharedTable, seen_from, yours_to_decide};
pub use lobby::{Lobby, Tables};
pub use terms::{
    ALL_LEFT_FOR, Endings, Listing, Log, Looking, MAX_TABLE_NAME_CHARS, OPEN, Pace, Person, Phase,
    TABLES_EACH, TURN_TIME, TableRefusal, UNTOUCHED_FOR, Update, in_table_name,
};
