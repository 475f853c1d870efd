//! The tables open on a server: opened, listed, joined and closed by name.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::authority::{Holder, Joined, SharedTable, State, Why};
use super::terms::{
    Endings, Listing, Log, Looking, MAX_TABLE_NAME_CHARS, OPEN, Onlookers, Pace, Person, Phase,
    TABLES_EACH, TURN_TIME, TableRefusal, in_table_name,
};
use crate::games::GameId;
use crate::table::{GameSetup, Seat};

/// The tables open on a server.
pub struct Tables {
    open: Mutex<HashMap<String, Arc<SharedTable>>>,
    most: usize,
    delay: Duration,
    guests_dir: PathBuf,
    /// The seed of every table, if the host fixed one (tests); else each table draws its
    /// own, which nobody sees until its game is over.
    seed: Option<u64>,
    log: Log,
    onlookers: Arc<Onlookers>,
    endings: Endings,
}

impl Tables {
    /// At most `most` tables at once, bots moving after `delay`; people's results kept
    /// under `guests_dir/NAME`.
    pub fn new(most: usize, delay: Duration, guests_dir: PathBuf) -> Self {
        Tables {
            open: Mutex::new(HashMap::new()),
            most,
            delay,
            guests_dir,
            seed: None,
            log: Arc::new(|_| {}),
            onlookers: Arc::default(),
            endings: Endings::default(),
        }
    }

    /// Tables end untouched or deserted as `endings` says (tests), not after the host's
    /// usual minutes.
    #[must_use]
    pub fn with_endings(mut self, endings: Endings) -> Self {
        self.endings = endings;
        self
    }

    /// Wake `wake` whenever the list of tables changes, until the answer is dropped.
    pub fn look(&self, wake: Box<dyn Fn() + Send>) -> Looking {
        let id = self.onlookers.next.fetch_add(1, Ordering::Relaxed);
        self.onlookers.wakes().insert(id, wake);
        Looking {
            onlookers: Arc::clone(&self.onlookers),
            id,
        }
    }

    /// What happens at the tables said with `log`.
    #[must_use]
    pub fn with_log(mut self, log: Log) -> Self {
        self.log = log;
        self
    }

    /// Every table dealt from `seed`: the host's choice (for tests), never a guest's.
    #[must_use]
    pub fn with_seed(mut self, seed: Option<u64>) -> Self {
        self.seed = seed;
        self
    }

    fn open_tables(&self) -> MutexGuard<'_, HashMap<String, Arc<SharedTable>>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Open table `name` as `setup` says, its creator `creator` at seat 0 and the other
    /// seats open; its authority runs on a thread of its own.
    pub fn open(
        &self,
        name: &str,
        creator: &Person,
        setup: &GameSetup,
        pace: Pace,
        wake: Box<dyn Fn() + Send>,
    ) -> Result<Joined, TableRefusal> {
        if name.is_empty()
            || name.chars().count() > MAX_TABLE_NAME_CHARS
            || !name.chars().all(in_table_name)
        {
            return Err(TableRefusal::BadName);
        }
        let mut tables = self.open_tables();
        tables.retain(|_, table| !table.retire_if_left());
        if tables.contains_key(name) {
            return Err(TableRefusal::NameTaken(name.to_owned()));
        }
        if tables.len() >= self.most {
            return Err(TableRefusal::Full(self.most));
        }
        let theirs = tables.values().filter(|t| t.creator == *creator).count();
        if theirs >= TABLES_EACH {
            return Err(TableRefusal::TooMany(theirs));
        }
        let levels = Seat::levels(&setup.seats, setup.settings.game);
        let mut seats = setup.seats.clone();
        let mut holders = vec![None; seats.len()];
        for (at, seat) in seats.iter_mut().enumerate() {
            if at == 0 {
                creator.name.clone_into(&mut seat.name);
                holders[0] = Some(Holder {
                    name: creator.name.clone(),
                    key: creator.key.clone(),
                    gone: true,
                    auto_used: false,
                    stalls: 0,
                });
            } else {
                OPEN.clone_into(&mut seat.name);
            }
        }
        let table = Arc::new(SharedTable {
            name: name.to_owned(),
            creator: creator.clone(),
            delay: pace.delay.unwrap_or(self.delay),
            turn_time: pace.turn_time.unwrap_or(TURN_TIME),
            endings: self.endings,
            log: self.log.clone(),
            guests_dir: self.guests_dir.clone(),
            onlookers: Arc::clone(&self.onlookers),
            state: Mutex::new(State {
                phase: Phase::Waiting,
                // Whatever seed the guest's setup drew, the table draws its own.
                setup: GameSetup {
                    seats,
                    seed: self.seed.unwrap_or_else(rand::random),
                    ..*setup
                },
                holders,
                levels,
                table: None,
                participants: Vec::new(),
                next_id: 0,
                next_at: None,
                closed: false,
                touched: Instant::now(),
                all_left_since: None,
                clock: None,
                ended: false,
            }),
            changed: Condvar::new(),
        });
        (self.log)(&format!(
            "table {name} opened by {}: {}",
            creator.name,
            setup.settings.game.name()
        ));
        // Its creator sits before the table is listed or driven: whoever joins next is
        // news to them, and no list or driver sees the table empty in the moment between
        // (and retires or ends it as deserted).
        let joined = table.join(creator, wake)?;
        let driver = Arc::clone(&table);
        std::thread::Builder::new()
            .name(format!("table {name}"))
            .spawn(move || driver.drive())
            .map_err(TableRefusal::NoThread)?;
        tables.insert(name.to_owned(), table);
        drop(tables);
        self.onlookers.tell();
        Ok(joined)
    }

    /// Sit at table `name` (or watch it when it has no seat for you).
    pub fn join(
        &self,
        name: &str,
        guest: &Person,
        wake: Box<dyn Fn() + Send>,
    ) -> Result<Joined, TableRefusal> {
        let table = self
            .open_tables()
            .get(name)
            .cloned()
            .ok_or_else(|| TableRefusal::NoSuchTable(name.to_owned()))?;
        table.join(guest, wake)
    }

    /// Whether table `name` is open.
    pub fn has(&self, name: &str) -> bool {
        self.open_tables().contains_key(name)
    }

    /// The host's `close TABLE`: it ends, its game recorded as abandoned. Returns whether
    /// it was open.
    pub fn close_table(&self, name: &str) -> bool {
        let table = self.open_tables().remove(name);
        if let Some(table) = &table {
            table.close_now();
        }
        table.is_some()
    }

    /// The tables open now, by name.
    pub fn listings(&self) -> Vec<Listing> {
        let tables: Vec<Arc<SharedTable>> = {
            let mut open = self.open_tables();
            open.retain(|_, table| !table.retire_if_left());
            open.values().cloned().collect()
        };
        let mut listings: Vec<Listing> = tables.iter().map(|t| t.listing()).collect();
        listings.sort_by(|a, b| a.name.cmp(&b.name));
        listings
    }

    /// The host's `kick NAME`: out of every table they are at. Returns the tables' names.
    pub fn kick(&self, name: &str) -> Vec<String> {
        let tables: Vec<Arc<SharedTable>> = self.open_tables().values().cloned().collect();
        tables
            .iter()
            .filter(|t| t.kick(name))
            .map(|t| t.name.clone())
            .collect()
    }

    /// The server is closing: every game under way ends, recorded as abandoned for each
    /// person at it (who is told), and every table's authority stops.
    pub fn close(&self) {
        for table in self.open_tables().values() {
            let mut state = table.lock();
            table.end(&mut state, Why::ParlorClosed);
            state.closed = true;
            table.changed.notify_all();
        }
    }
}

/// The server's tables, as a guest's parlor may use them (whichever front-end shows them).
pub trait Lobby {
    /// The tables open now, by name.
    fn tables(&self) -> Vec<Listing>;
    /// Sit at table `name` (a seat if one is open and the game waits), else watch it.
    fn join(&self, name: &str) -> Result<Joined, TableRefusal>;
    /// Open a new table of `game`, you at seat 1, waiting for others: as it comes, or as
    /// `flags` say (those of `play GAME`, as typed: `--players 3 --speed 0`).
    fn open(&self, game: GameId, flags: &str) -> Result<Joined, TableRefusal>;
}
