//! One shared table's authority: it holds the real [`Table`], takes the steps nobody
//! decides at the table's pace, checks each person's action, sends every step to everyone
//! there, and records the results.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::terms::{Endings, Listing, Log, OPEN, Onlookers, Person, Phase, TableRefusal, Update};
use crate::games::{Action, BotLevel, Turn, lasting};
use crate::said_in;
use crate::stats::{Recorder, Store};
use crate::table::{GameSetup, Progress, Seat, Step, Table};
use crate::words::{self, Language};

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

impl Joined {
    /// The game as far as it has got, as this participant sees it.
    pub fn table_so_far(&self) -> Table {
        let mut live = seen_from(&self.setup, self.seat);
        for &step in &self.history {
            live.replay_step(step)
                .expect("the table's authority played this step on the same table");
        }
        live
    }
}

/// The seat whose decision is the person at `seat`'s to make at `table` now, once the game
/// has `started`: a question put in secret is the table's authority's to answer, at once.
pub fn yours_to_decide(table: &Table, seat: Option<u8>, started: bool) -> Option<u8> {
    let turn = table.game().turn();
    seat.filter(|&seat| started && !secret(table) && turn == Turn::Seat(seat))
}

/// A new table of `setup` as the person at `seat` sees it: spoken to as "you" (a watcher,
/// `None`, is spoken to as no one).
pub fn seen_from(setup: &GameSetup, seat: Option<u8>) -> Table {
    let mut table = Table::new(setup.settings, setup.seats.clone(), setup.seed);
    table.speak_to(seat);
    table
}

/// One participant: their seat (or none) and how to reach them.
pub(super) struct Participant {
    pub(super) id: u64,
    pub(super) name: String,
    pub(super) seat: Option<u8>,
    pub(super) updates: Sender<Update>,
    pub(super) wake: Box<dyn Fn() + Send>,
    /// The language they are told things in: their thread's when they sat down, or last
    /// played.
    pub(super) language: Language,
}

/// Why a table ended before its game did.
#[derive(Clone, Copy, Debug)]
pub(super) enum Why {
    /// Nobody did anything at it for this long.
    Untouched(Duration),
    /// Everyone at it left.
    AllLeft,
    /// The host's `close TABLE`.
    ByHost,
    /// The parlor is closing.
    ParlorClosed,
}

impl Why {
    /// Why, in `language`, of the table `table`.
    fn said_in(self, language: Language, table: &str) -> String {
        match self {
            Why::Untouched(untouched) => {
                let lasting = words::speaking(language, || lasting(untouched));
                said_in!(language, ended_untouched, table = table, lasting = lasting)
            }
            Why::AllLeft => said_in!(language, ended_all_left, table = table),
            Why::ByHost => said_in!(language, ended_by_host, table = table),
            Why::ParlorClosed => said_in!(language, parlor_closed),
        }
    }
}

/// Who holds a seat.
#[derive(Clone, Debug)]
pub(super) struct Holder {
    pub(super) name: String,
    /// The key they came in with: only it takes the seat back.
    pub(super) key: Option<String>,
    /// Their connection is gone: a bot plays the seat until they come back.
    pub(super) gone: bool,
    /// The seat played itself at some point: the result is recorded as auto-played.
    pub(super) auto_used: bool,
    /// Turns in a row whose time ran out (their bot played them): at [`STALLS_TO_AWAY`]
    /// the seat is given to its bot, as if they had left.
    pub(super) stalls: u8,
}

/// Turns in a row a person may let run out before their seat is given to its bot for the
/// rest of the game (they take it back by joining the table again). Until then their turn
/// waits for its clock, and the table does not end as untouched while it does: one person
/// stalling once ended a `--turn-time 600` table for everyone, as abandoned.
pub const STALLS_TO_AWAY: u8 = 2;

pub(super) struct State {
    pub(super) phase: Phase,
    pub(super) setup: GameSetup,
    /// Each seat's person; `None`: open while waiting, a bot once playing.
    pub(super) holders: Vec<Option<Holder>>,
    /// The levels open seats play at once they are bots.
    pub(super) levels: Vec<BotLevel>,
    pub(super) table: Option<Table>,
    pub(super) participants: Vec<Participant>,
    pub(super) next_id: u64,
    /// When the next step nobody decides is due.
    pub(super) next_at: Option<Instant>,
    /// The server is closing: the driver stops.
    pub(super) closed: bool,
    /// When a person last did something here (sat down, started, played).
    pub(super) touched: Instant,
    /// Since when nobody has been at the table.
    pub(super) all_left_since: Option<Instant>,
    /// The person whose turn it is, and when their time runs out.
    pub(super) clock: Option<(u8, Instant)>,
    /// Ended before its game was over.
    pub(super) ended: bool,
}

/// One shared table and its authority.
pub struct SharedTable {
    pub(super) name: String,
    pub(super) creator: Person,
    /// The pause before a step nobody decides (the bots' delay).
    pub(super) delay: Duration,
    /// A person's time to play their turn.
    pub(super) turn_time: Duration,
    /// When an untouched or deserted table ends.
    pub(super) endings: Endings,
    /// The host's log.
    pub(super) log: Log,
    /// Where each person's stats and replays are kept: `guests/NAME` beneath.
    pub(super) guests_dir: PathBuf,
    /// Who looks at the list of tables, told when this table's line in it changes.
    pub(super) onlookers: Arc<Onlookers>,
    pub(super) state: Mutex<State>,
    pub(super) changed: Condvar,
}

impl SharedTable {
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        // Every change is whole before the lock is let go; a panic elsewhere leaves it so.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub(super) fn listing(&self) -> Listing {
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
    pub(super) fn join(
        self: &Arc<Self>,
        person: &Person,
        wake: Box<dyn Fn() + Send>,
    ) -> Result<Joined, TableRefusal> {
        let name = person.name.as_str();
        let mut state = self.lock();
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
            // A person sitting down is life at the table; a refused join, or one more
            // watcher, is not (one every few minutes held a waiting table open for good).
            state.touched = Instant::now();
            let at = usize::from(seat);
            let auto_used = state.holders[at].as_ref().is_some_and(|h| h.auto_used);
            state.holders[at] = Some(Holder {
                name: name.to_owned(),
                key: person.key.clone(),
                gone: false,
                auto_used,
                stalls: 0,
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
        // Seats are numbered from 1 for people, as the setup and the lines say them.
        let took = match (seat.map(|s| u16::from(s) + 1), returning) {
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
            language: words::spoken(),
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
        let dealt = table.settle_chance();
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
        if let Some(holder) = &mut state.holders[usize::from(seat)] {
            holder.stalls = 0;
        }
        // Played on the player's own thread: the language they speak now.
        for participant in state
            .participants
            .iter_mut()
            .filter(|p| p.seat == Some(seat))
        {
            participant.language = words::spoken();
        }
        let table = state.table.as_mut().expect("acted at it");
        let mut steps = vec![Step::Action { seat, action }];
        steps.extend(table.settle_chance());
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
    pub(super) fn drive(&self) {
        let mut state = self.lock();
        loop {
            if state.closed || state.phase == Phase::Over {
                return;
            }
            let now = Instant::now();
            if let Some(why) = self.why_end(&mut state, now) {
                self.end(&mut state, why);
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
    fn why_end(&self, state: &mut State, now: Instant) -> Option<Why> {
        let untouched = self.endings.untouched;
        // A person present on their turn's clock is waited for by the clock, which gives
        // the turn to their bot when it runs out (and, at the second in a row, the seat).
        let on_the_clock = state.clock.is_some() || present_turn(state).is_some();
        if !on_the_clock && now.duration_since(state.touched) >= untouched {
            return Some(Why::Untouched(untouched));
        }
        let anyone_here = state.participants.iter().any(|p| p.seat.is_some());
        if anyone_here {
            state.all_left_since = None;
            return None;
        }
        let since = *state.all_left_since.get_or_insert(now);
        (now.duration_since(since) >= self.endings.all_left).then_some(Why::AllLeft)
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
    pub(super) fn end(&self, state: &mut State, why: Why) {
        if state.phase == Phase::Over {
            return;
        }
        let started = state.table.is_some();
        state.phase = Phase::Over;
        state.ended = true;
        if started {
            self.record(state);
        }
        let said = |language| {
            let why = why.said_in(language, &self.name);
            if started {
                said_in!(language, ended_recorded, why = why)
            } else {
                why
            }
        };
        (self.log)(&format!(
            "table {} ended: {}",
            self.name,
            said(Language::English)
        ));
        tell(state, |language| Update::Ended(said(language)));
        self.changed.notify_all();
        self.onlookers.tell();
    }

    /// The turn clock: when a person present must play, how long they have left (their
    /// time starting now if their turn just came); `Err` when it ran out and their seat's
    /// bot played the turn. `None`: no person's turn.
    fn run_clock(&self, state: &mut State, now: Instant) -> Option<Result<Duration, ()>> {
        let Some(seat) = present_turn(state) else {
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
        let (name, stalls) = state.holders[usize::from(seat)].as_mut().map_or_else(
            || (String::new(), 0),
            |h| {
                h.stalls = h.stalls.saturating_add(1);
                (h.name.clone(), h.stalls)
            },
        );
        state.clock = None;
        self.step(state);
        let seconds = self.turn_time.as_secs();
        tell(state, |language| {
            Update::Told(said_in!(
                language,
                turn_ran_out,
                name = &name,
                seconds = seconds
            ))
        });
        if stalls >= STALLS_TO_AWAY {
            // Away: their bot plays on at the bots' pace, and the table with it. The person
            // is a watcher now; joining again gives them the seat back.
            for participant in &mut state.participants {
                if participant.seat == Some(seat) {
                    participant.seat = None;
                }
            }
            if let Some(holder) = &mut state.holders[usize::from(seat)] {
                holder.gone = true;
                holder.stalls = 0;
                let shown = shown_name(holder);
                broadcast(state, &Update::Renamed { seat, name: shown });
            }
            tell(state, |language| {
                Update::Told(said_in!(
                    language,
                    turns_ran_out,
                    name = &name,
                    count = STALLS_TO_AWAY
                ))
            });
            (self.log)(&format!(
                "{name} is away from the table {}: their bot plays seat {}",
                self.name,
                u16::from(seat) + 1
            ));
            self.onlookers.tell();
        }
        Some(Err(()))
    }

    /// The host's `close TABLE`.
    pub(super) fn close_now(&self) {
        let mut state = self.lock();
        self.end(&mut state, Why::ByHost);
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
        steps.extend(table.settle_chance());
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
            // What the recorder says of their folder, and of a failure, in their language.
            let language = state
                .participants
                .iter()
                .find(|p| p.name == holder.name)
                .map_or(Language::English, |p| p.language);
            let mut recorder = Recorder::on(Store::new(self.guests_dir.join(&holder.name)))
                .calling_the_dir(&said_in!(language, guest_dir_called));
            words::speaking(language, || {
                recorder.record_seat(table, seat as u8, holder.auto_used);
            });
            // A result not kept is told to its person, and to the host's log.
            for notice in recorder.take_notices() {
                (self.log)(&format!(
                    "save failure for {} at the table {}: {notice}",
                    holder.name, self.name
                ));
                for participant in state.participants.iter().filter(|p| p.name == holder.name) {
                    let told = Update::Told(said_in!(
                        participant.language,
                        result_not_kept,
                        notice = &notice
                    ));
                    if participant.updates.send(told).is_ok() {
                        (participant.wake)();
                    }
                }
            }
        }
        broadcast(state, &Update::Recorded);
    }
}

/// The seat of the person present whose turn it is, if it is one's (a question put in
/// secret is the authority's to answer, at once: no one's turn).
fn present_turn(state: &State) -> Option<u8> {
    state.table.as_ref().and_then(|table| {
        let seat = table.waiting_for()?;
        let present = state.holders[usize::from(seat)]
            .as_ref()
            .is_some_and(|h| !h.gone);
        (present && !secret(table)).then_some(seat)
    })
}

/// Whether the seat deciding at `table` was asked in secret (a Chase the Ace King call).
fn secret(table: &Table) -> bool {
    crate::games::present::decided_in_secret(table.game())
}

/// A holder's name as the table shows it: a gone person's seat is played by a bot.
fn shown_name(holder: &Holder) -> String {
    if holder.gone {
        format!("{} (bot)", holder.name)
    } else {
        holder.name.clone()
    }
}

/// Tell everyone at the table what `update` makes of their language, and wake them to
/// show it.
fn tell(state: &State, update: impl Fn(Language) -> Update) {
    for participant in &state.participants {
        if participant
            .updates
            .send(update(participant.language))
            .is_ok()
        {
            (participant.wake)();
        }
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

impl SharedTable {
    /// Left by everyone, and not being played (a game under way plays on to its end and is
    /// recorded): its authority stops, and its name may be taken again.
    pub(super) fn retire_if_left(&self) -> bool {
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
