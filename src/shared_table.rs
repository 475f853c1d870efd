//! A table several people share, each from their own screen (`parlor host`). One authority
//! per table holds the real [`Table`]: it takes the steps nobody decides (chance, bots, and
//! the seats of people who left) at the table's pace, checks each person's action, and
//! sends every step to everyone there, who shows it beat by beat as a replay's step is
//! shown. Results are recorded once, here, for each person by name.
//!
//! Nothing here knows of terminals: a participant is a sender of [`Update`]s and a way to
//! wake whoever reads them.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::games::{Action, BotLevel, Turn};
use crate::stats::{Recorder, Store};
use crate::table::{GameSetup, Progress, Seat, SeatKind, Step, Table};

/// The longest table name: it is typed after `join`.
pub const MAX_TABLE_NAME_CHARS: usize = 24;
/// A table no person has done anything at for this long ends, recorded as abandoned.
pub const UNTOUCHED_FOR: Duration = Duration::from_mins(10);
/// A table whose people have all left ends after this long, unless one comes back.
pub const ALL_LEFT_FOR: Duration = Duration::from_mins(2);
/// A person's time to play their turn, unless the table's creator chose another.
pub const TURN_TIME: Duration = Duration::from_mins(1);
/// What a guest is told their folder on the host is, in place of its path.
pub const GUEST_DIR_CALLED: &str = "your folder on the host";
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
}

/// A place at a shared table, as its participant first sees it.
pub struct Joined {
    pub table: Arc<SharedTable>,
    /// The game as set up: seats taken so far (open ones say so) and the seed.
    pub setup: GameSetup,
    /// Whether the game has started; until then `history` is empty.
    pub started: bool,
    pub history: Vec<Step>,
    /// The participant's seat; `None`: watching.
    pub seat: Option<u8>,
    /// Whether this participant started the table (and may start the game).
    pub creator: bool,
    /// This participant's number, to leave with.
    pub id: u64,
    pub updates: Receiver<Update>,
}

/// Waiting for the creator, playing, or over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Waiting,
    Playing,
    Over,
}

impl Phase {
    pub fn word(self) -> &'static str {
        match self {
            Phase::Waiting => "waiting",
            Phase::Playing => "playing",
            Phase::Over => "over",
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

/// Why a table could not be opened or joined.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TableRefusal {
    #[error("there is no table {0} on this server")]
    NoSuchTable(String),
    #[error("the table {0} is taken: choose another name")]
    NameTaken(String),
    #[error("this server has {0} tables open already, its most")]
    Full(usize),
    #[error("a table's name is 1 to {MAX_TABLE_NAME_CHARS} letters, digits, '-' or '_'")]
    BadName,
    #[error("{0} is at this table already")]
    AlreadyThere(String),
    #[error("the table could not be opened: {0}")]
    NoThread(String),
    #[error("you have {0} tables open already, the most one person may")]
    TooMany(usize),
}

/// One participant: their seat (or none) and how to reach them.
struct Participant {
    id: u64,
    name: String,
    seat: Option<u8>,
    updates: Sender<Update>,
    wake: Box<dyn Fn() + Send>,
}

/// Who holds a seat.
#[derive(Clone, Debug)]
struct Holder {
    name: String,
    /// The key they came in with: only it takes the seat back.
    key: Option<String>,
    /// Their connection is gone: a bot plays the seat until they come back.
    gone: bool,
    /// The seat played itself at some point: the result is recorded as auto-played.
    auto_used: bool,
}

struct State {
    phase: Phase,
    setup: GameSetup,
    /// Each seat's person; `None`: open while waiting, a bot once playing.
    holders: Vec<Option<Holder>>,
    /// The levels open seats play at once they are bots.
    levels: Vec<BotLevel>,
    table: Option<Table>,
    participants: Vec<Participant>,
    next_id: u64,
    /// When the next step nobody decides is due.
    next_at: Option<Instant>,
    /// The server is closing: the driver stops.
    closed: bool,
    /// When a person last did something here (sat down, started, played).
    touched: Instant,
    /// Since when nobody has been at the table.
    all_left_since: Option<Instant>,
    /// The person whose turn it is, and when their time runs out.
    clock: Option<(u8, Instant)>,
    /// Ended before its game was over.
    ended: bool,
}

/// One shared table and its authority.
pub struct SharedTable {
    name: String,
    creator: Person,
    /// The pause before a step nobody decides (the bots' delay).
    delay: Duration,
    /// A person's time to play their turn.
    turn_time: Duration,
    /// When an untouched or deserted table ends.
    endings: Endings,
    /// The host's log.
    log: Log,
    /// Where each person's stats and replays are kept: `guests/NAME` beneath.
    guests_dir: PathBuf,
    /// Who looks at the list of tables, told when this table's line in it changes.
    onlookers: Arc<Onlookers>,
    state: Mutex<State>,
    changed: Condvar,
}

impl SharedTable {
    fn lock(&self) -> MutexGuard<'_, State> {
        // Every change is whole before the lock is let go; a panic elsewhere leaves it so.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    fn listing(&self) -> Listing {
        let state = self.lock();
        Listing {
            name: self.name.clone(),
            game: state.setup.settings.game,
            people: state.holders.iter().flatten().map(shown_name).collect(),
            seats: state.holders.len(),
            phase: state.phase,
            watchers: state
                .participants
                .iter()
                .filter(|p| p.seat.is_none())
                .count(),
        }
    }

    /// Take a seat (an open one while waiting, or your own back after leaving), else watch.
    fn join(
        self: &Arc<Self>,
        person: &Person,
        wake: Box<dyn Fn() + Send>,
    ) -> Result<Joined, TableRefusal> {
        let name = person.name.as_str();
        let mut state = self.lock();
        state.touched = Instant::now();
        if state
            .participants
            .iter()
            .any(|p| p.name == name && p.seat.is_some())
        {
            return Err(TableRefusal::AlreadyThere(name.to_owned()));
        }
        let returning = state.holders.iter().position(|h| {
            h.as_ref()
                .is_some_and(|h| h.gone && h.name == name && h.key == person.key)
        });
        let open = (state.phase == Phase::Waiting)
            .then(|| state.holders.iter().position(Option::is_none))
            .flatten();
        let seat = returning.or(open).map(|s| s as u8);
        if let Some(seat) = seat {
            let at = usize::from(seat);
            let auto_used = state.holders[at].as_ref().is_some_and(|h| h.auto_used);
            state.holders[at] = Some(Holder {
                name: name.to_owned(),
                key: person.key.clone(),
                gone: false,
                auto_used,
            });
            let update = if returning.is_some() {
                Update::Renamed {
                    seat,
                    name: name.to_owned(),
                }
            } else {
                name.clone_into(&mut state.setup.seats[at].name);
                Update::Seated {
                    seat,
                    name: name.to_owned(),
                }
            };
            broadcast(&state, &update);
        }
        // The creator's seat waits for them from the start: their first coming is no return.
        let took = match (seat, returning) {
            (Some(seat), Some(_)) if state.next_id > 0 => format!("came back to seat {seat}"),
            (Some(seat), _) => format!("took seat {seat}"),
            (None, _) => "watches".to_owned(),
        };
        (self.log)(&format!("{name} {took} at the table {}", self.name));
        let (updates, received) = channel();
        let id = state.next_id;
        state.next_id += 1;
        // Whose turn is on the clock, for a newcomer's screen.
        if let Some((clocked, until)) = state.clock {
            let left = until.saturating_duration_since(Instant::now());
            let _ = updates.send(Update::Clock {
                seat: clocked,
                left,
            });
        }
        state.participants.push(Participant {
            id,
            name: name.to_owned(),
            seat,
            updates,
            wake,
        });
        self.onlookers.tell();
        let mut setup = state.setup.clone();
        for (seat, holder) in setup.seats.iter_mut().zip(&state.holders) {
            if let Some(holder) = holder {
                seat.name = shown_name(holder);
            }
        }
        Ok(Joined {
            table: Arc::clone(self),
            setup,
            started: state.table.is_some(),
            history: state
                .table
                .as_ref()
                .map_or_else(Vec::new, |t| t.history().to_vec()),
            seat,
            creator: *person == self.creator,
            id,
            updates: received,
        })
    }

    /// The creator starts the game: open seats become bots.
    pub fn start(&self) {
        let mut state = self.lock();
        if state.phase != Phase::Waiting {
            return;
        }
        state.touched = Instant::now();
        let humans: Vec<bool> = state.holders.iter().map(Option::is_some).collect();
        let names: Vec<String> = state
            .holders
            .iter()
            .flatten()
            .map(|h| h.name.clone())
            .collect();
        let seats = Seat::seated(&humans, &names, &state.levels);
        let mut table = Table::new(state.setup.settings, seats.clone(), state.setup.seed);
        // The deal needs nobody to wait for, as after an action.
        let dealt = settle_chance(&mut table);
        state.setup.seats.clone_from(&seats);
        state.table = Some(table);
        state.phase = Phase::Playing;
        state.next_at = Some(Instant::now() + self.delay);
        broadcast(&state, &Update::Started(seats));
        for step in dealt {
            broadcast(&state, &Update::Step(step));
        }
        self.changed.notify_all();
        self.onlookers.tell();
    }

    /// The person at `seat` plays `action`; refused (ignored) unless it is theirs to play
    /// and legal. Chance that follows is dealt at once.
    pub fn act(&self, seat: u8, action: Action) {
        let mut state = self.lock();
        let Some(table) = &mut state.table else {
            return;
        };
        if table.game().turn() != Turn::Seat(seat) || table.act(action).is_err() {
            return;
        }
        state.touched = Instant::now();
        state.clock = None;
        let table = state.table.as_mut().expect("acted at it");
        let mut steps = vec![Step::Action { seat, action }];
        steps.extend(settle_chance(table));
        for step in steps {
            broadcast(&state, &Update::Step(step));
        }
        state.next_at = Some(Instant::now() + self.delay);
        self.changed.notify_all();
    }

    /// Participant `id` left: their seat plays on as a bot (or is open again while waiting).
    pub fn leave(&self, id: u64) {
        let mut state = self.lock();
        let Some(at) = state.participants.iter().position(|p| p.id == id) else {
            return;
        };
        let left = state.participants.remove(at);
        if let Some(seat) = left.seat {
            self.give_up_seat(&mut state, seat);
        }
        self.changed.notify_all();
        self.onlookers.tell();
    }

    /// The person at `seat` is gone.
    fn give_up_seat(&self, state: &mut State, seat: u8) {
        let at = usize::from(seat);
        if state.phase == Phase::Waiting && self.creator_name_at(state, at).is_none() {
            state.holders[at] = None;
            OPEN.clone_into(&mut state.setup.seats[at].name);
            broadcast(
                state,
                &Update::Seated {
                    seat,
                    name: OPEN.to_owned(),
                },
            );
            return;
        }
        if let Some(holder) = &mut state.holders[at] {
            holder.gone = true;
            let name = shown_name(holder);
            broadcast(state, &Update::Renamed { seat, name });
        }
    }

    /// The creator's seat stays theirs while the table waits, so they can come back to it.
    fn creator_name_at<'a>(&self, state: &'a State, at: usize) -> Option<&'a Holder> {
        state.holders[at]
            .as_ref()
            .filter(|h| h.name == self.creator.name && h.key == self.creator.key)
    }

    /// Put the person named `name` out of this table (the host's `kick`): their seat plays
    /// on as a bot. Returns whether they were here.
    pub fn kick(&self, name: &str) -> bool {
        let mut state = self.lock();
        let kicked: Vec<Participant> = {
            let (out, stay) = std::mem::take(&mut state.participants)
                .into_iter()
                .partition(|p| p.name == name);
            state.participants = stay;
            out
        };
        for participant in &kicked {
            if let Some(seat) = participant.seat {
                self.give_up_seat(&mut state, seat);
            }
        }
        let found = !kicked.is_empty();
        for Participant { updates, wake, .. } in kicked {
            // Their updates end, and their screen, woken, leaves the table.
            drop(updates);
            wake();
        }
        self.changed.notify_all();
        self.onlookers.tell();
        found
    }

    /// Take the steps nobody decides, each when due, until the game is over (and recorded)
    /// or the server closes.
    fn drive(&self) {
        let mut state = self.lock();
        loop {
            if state.closed || state.phase == Phase::Over {
                return;
            }
            let now = Instant::now();
            if let Some(why) = self.why_end(&mut state, now) {
                self.end(&mut state, &why);
                return;
            }
            let due = state
                .table
                .as_ref()
                .is_some_and(|table| match table.game().turn() {
                    Turn::Seat(seat) => {
                        secret(table)
                            || state.holders[usize::from(seat)]
                                .as_ref()
                                .is_none_or(|h| h.gone)
                    }
                    Turn::Chance => true,
                    Turn::Over => false,
                });
            // A question put in secret is answered at once, whoever holds the seat: a
            // pause would tell the table who was asked (and so who holds a King).
            let at_once = state.table.as_ref().is_some_and(secret);
            let over = state
                .table
                .as_ref()
                .is_some_and(|t| t.game().turn() == Turn::Over);
            if over {
                state.phase = Phase::Over;
                self.onlookers.tell();
                self.record(&state);
                return;
            }
            let wait = match state.next_at {
                _ if at_once => {
                    self.step(&mut state);
                    continue;
                }
                Some(at) if due && at <= now => {
                    self.step(&mut state);
                    continue;
                }
                Some(at) if due => at - now,
                _ => Duration::from_secs(1),
            };
            // However long the bots take, an untouched or deserted table ends on time.
            let wait = wait.min(self.until_end_check(&state, now));
            let wait = match self.run_clock(&mut state, now) {
                Some(Ok(left)) => wait.min(left),
                // Their time ran out: their seat's bot played for them.
                Some(Err(())) => continue,
                None => wait,
            };
            state = self
                .changed
                .wait_timeout(state, wait)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// Why the table must end now, if it must: nobody did anything for
    /// [`UNTOUCHED_FOR`], or everyone left (for [`ALL_LEFT_FOR`] once the game is on).
    fn why_end(&self, state: &mut State, now: Instant) -> Option<String> {
        let untouched = self.endings.untouched;
        if now.duration_since(state.touched) >= untouched {
            let minutes = untouched.as_secs() / 60;
            let time = if minutes > 0 {
                format!("{minutes} minutes")
            } else {
                format!("{} ms", untouched.as_millis())
            };
            return Some(format!(
                "nobody played at the table {} for {time}",
                self.name
            ));
        }
        let anyone_here = state.participants.iter().any(|p| p.seat.is_some());
        if anyone_here {
            state.all_left_since = None;
            return None;
        }
        let since = *state.all_left_since.get_or_insert(now);
        (now.duration_since(since) >= self.endings.all_left)
            .then(|| format!("everyone left the table {}", self.name))
    }

    /// How long until [`SharedTable::why_end`] could answer otherwise.
    fn until_end_check(&self, state: &State, now: Instant) -> Duration {
        let untouched = (state.touched + self.endings.untouched).saturating_duration_since(now);
        let deserted = state.all_left_since.map_or(Duration::MAX, |since| {
            (since + self.endings.all_left).saturating_duration_since(now)
        });
        untouched.min(deserted)
    }

    /// End the table before its game is over, for `why`: the game recorded as abandoned
    /// for each person at it, and everyone there told.
    fn end(&self, state: &mut State, why: &str) {
        if state.phase == Phase::Over {
            return;
        }
        let started = state.table.is_some();
        state.phase = Phase::Over;
        state.ended = true;
        if started {
            self.record(state);
        }
        let recorded = if started {
            "; the game was recorded as abandoned"
        } else {
            ""
        };
        (self.log)(&format!("table {} ended: {why}{recorded}", self.name));
        broadcast(state, &Update::Ended(format!("{why}{recorded}")));
        self.changed.notify_all();
        self.onlookers.tell();
    }

    /// The turn clock: when a person present must play, how long they have left (their
    /// time starting now if their turn just came); `Err` when it ran out and their seat's
    /// bot played the turn. `None`: no person's turn.
    fn run_clock(&self, state: &mut State, now: Instant) -> Option<Result<Duration, ()>> {
        let seat = state.table.as_ref().and_then(|table| {
            let seat = table.waiting_for()?;
            let present = state.holders[usize::from(seat)]
                .as_ref()
                .is_some_and(|h| !h.gone);
            (present && !secret(table)).then_some(seat)
        });
        let Some(seat) = seat else {
            state.clock = None;
            return None;
        };
        let until = match state.clock {
            Some((clocked, until)) if clocked == seat => until,
            _ => {
                let until = now + self.turn_time;
                state.clock = Some((seat, until));
                broadcast(
                    state,
                    &Update::Clock {
                        seat,
                        left: self.turn_time,
                    },
                );
                until
            }
        };
        if now < until {
            return Some(Ok(until - now));
        }
        let name = state.holders[usize::from(seat)]
            .as_ref()
            .map_or_else(String::new, |h| h.name.clone());
        state.clock = None;
        self.step(state);
        broadcast(
            state,
            &Update::Told(format!(
                "{name}'s {} s ran out: their seat's bot played the turn",
                self.turn_time.as_secs()
            )),
        );
        Some(Err(()))
    }

    /// The host's `close TABLE`.
    fn close_now(&self) {
        let mut state = self.lock();
        self.end(
            &mut state,
            &format!("the host closed the table {}", self.name),
        );
    }

    /// One step nobody decides: chance, a bot, or a gone person's seat played as a bot.
    fn step(&self, state: &mut State) {
        let Some(table) = &mut state.table else {
            return;
        };
        // A secret question answered for a person is no move played for them: the
        // solo table answers it the same way.
        if let Some(seat) = table.waiting_for()
            && !secret(table)
            && let Some(holder) = &mut state.holders[usize::from(seat)]
        {
            holder.auto_used = true;
        }
        let mut steps = Vec::new();
        if let Progress::Stepped(step) = table.auto_act() {
            steps.push(step);
        }
        steps.extend(settle_chance(table));
        for step in steps {
            broadcast(state, &Update::Step(step));
        }
        state.next_at = Some(Instant::now() + self.delay);
    }

    /// The game is over: each person's result in their own stats, with the replay.
    fn record(&self, state: &State) {
        let Some(table) = &state.table else { return };
        for (seat, holder) in state.holders.iter().enumerate() {
            let Some(holder) = holder else { continue };
            let mut recorder = Recorder::on(Store::new(self.guests_dir.join(&holder.name)))
                .calling_the_dir(GUEST_DIR_CALLED);
            recorder.record_seat(table, seat as u8, holder.auto_used);
            // A result not kept is told to its person, and to the host's log.
            for notice in recorder.take_notices() {
                (self.log)(&format!(
                    "save failure for {} at the table {}: {notice}",
                    holder.name, self.name
                ));
                for participant in state.participants.iter().filter(|p| p.name == holder.name) {
                    let told = Update::Told(format!("your result was not kept: {notice}"));
                    if participant.updates.send(told).is_ok() {
                        (participant.wake)();
                    }
                }
            }
        }
    }
}

/// Whether the seat deciding at `table` was asked in secret (a Chase the Ace King call).
fn secret(table: &Table) -> bool {
    crate::present::decided_in_secret(table.game())
}

/// Chance needs nobody to wait for: deal and roll until a seat must decide.
fn settle_chance(table: &mut Table) -> Vec<Step> {
    let mut steps = Vec::new();
    while table.game().turn() == Turn::Chance {
        if let Progress::Stepped(step) = table.advance() {
            steps.push(step);
        }
    }
    steps
}

/// What an open seat is called while the table waits.
pub const OPEN: &str = "(open)";

/// A holder's name as the table shows it: a gone person's seat is played by a bot.
fn shown_name(holder: &Holder) -> String {
    if holder.gone {
        format!("{} (bot)", holder.name)
    } else {
        holder.name.clone()
    }
}

/// Send `update` to everyone at the table, and wake them to show it.
fn broadcast(state: &State, update: &Update) {
    for participant in &state.participants {
        if participant.updates.send(update.clone()).is_ok() {
            (participant.wake)();
        }
    }
}

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
struct Onlookers {
    wakes: Mutex<HashMap<u64, Box<dyn Fn() + Send>>>,
    next: AtomicU64,
}

impl Onlookers {
    fn wakes(&self) -> MutexGuard<'_, HashMap<u64, Box<dyn Fn() + Send>>> {
        self.wakes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The list changed: wake everyone looking (a wake never blocks).
    fn tell(&self) {
        for wake in self.wakes().values() {
            wake();
        }
    }
}

/// Someone looking at the list of tables, until this is dropped.
pub struct Looking {
    onlookers: Arc<Onlookers>,
    id: u64,
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
        let table = {
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
            let default_level = setup.settings.game.bot_levels()[0];
            let levels = setup
                .seats
                .iter()
                .map(|s| match s.kind {
                    SeatKind::Bot(level) => level,
                    SeatKind::Human => default_level,
                })
                .collect();
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
            tables.insert(name.to_owned(), Arc::clone(&table));
            (self.log)(&format!(
                "table {name} opened by {}: {}",
                creator.name,
                setup.settings.game.name()
            ));
            table
        };
        let driver = Arc::clone(&table);
        let spawned = std::thread::Builder::new()
            .name(format!("table {name}"))
            .spawn(move || driver.drive());
        if let Err(e) = spawned {
            self.open_tables().remove(name);
            return Err(TableRefusal::NoThread(e.to_string()));
        }
        table.join(creator, wake)
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
            table.end(&mut state, "the parlor closed");
            state.closed = true;
            table.changed.notify_all();
        }
    }
}

impl SharedTable {
    /// Left by everyone, and not being played (a game under way plays on to its end and is
    /// recorded): its authority stops, and its name may be taken again.
    fn retire_if_left(&self) -> bool {
        let mut state = self.lock();
        let left = state.participants.is_empty() && state.phase != Phase::Playing || state.ended;
        if left {
            state.closed = true;
            self.changed.notify_all();
            self.onlookers.tell();
        }
        left
    }
}
