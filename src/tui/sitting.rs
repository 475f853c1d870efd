//! A table you sit at: its show, the choice you have highlighted, the odds panel, and the
//! kind of sitting it is ([`TableSource`]): playing here, watching a replay, or a seat at a table
//! shared over `parlor host`. Each kind answers for itself who decides, whose view is
//! shown, whether the clock moves the table, what an action does and what is recorded;
//! what it lets the player do is one value, [`Offers`].

use std::time::{Duration, Instant};

mod hot_seat;
mod local;
mod odds;
mod remote;
mod replay;

pub use local::LocalPlay;
pub use remote::RemoteSeat;
pub use replay::ReplayViewer;

use super::odds_panel::{self, OddsPanel, OddsWorker};
use crate::games::present;
use crate::games::{Action, Turn};
use crate::stage::{Pacing, Stage};
use crate::table::{GameSetup, SeatKind, Table};

/// Bot delays a player can step through with `+` and `-`, in milliseconds.
pub const SPEEDS_MS: [u64; 9] = [0, 100, 250, 500, 700, 1000, 1500, 2000, 3000];
/// The bot delay `slower` steps along [`SPEEDS_MS`] from `speed_ms` (negative: faster),
/// stopping at either end.
pub fn speed_step(speed_ms: u64, slower: i8) -> u64 {
    let at = SPEEDS_MS
        .iter()
        .position(|&s| s >= speed_ms)
        .unwrap_or(SPEEDS_MS.len() - 1);
    let next = (at as i32 + i32::from(slower)).clamp(0, SPEEDS_MS.len() as i32 - 1);
    SPEEDS_MS[next as usize]
}

/// Where a sitting's table comes from, and so what it is to the person in front of the
/// screen: a game this parlor plays, a saved one, or a host's.
pub enum TableSource {
    /// A game played here, with its people's seats, bots, auto-play and perhaps the daily
    /// deal.
    Local(LocalPlay),
    /// A recorded game watched step by step (boxed: its timeline is the biggest part).
    Replay(Box<ReplayViewer>),
    /// A seat at (or a watcher of) a table whose authority is `parlor host`.
    Shared(RemoteSeat),
}

/// Where leaving the table goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaveTo {
    Menu,
    /// The lobby's tables of a shared parlor.
    Tables,
}

/// What a sitting lets the player do, worked out once for each frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // one per thing offered
pub struct Offers {
    /// Deal again, a fresh seed or the same (`n`, `g`): only a game played here.
    pub deal_again: bool,
    /// A seat of yours plays itself (`a`): not when watching, nor at a shared table.
    pub auto: bool,
    /// Pause the bots and step one move (`p`, `.`): not in a replay, which plays and stops,
    /// nor at a shared table, which waits for nobody.
    pub pause: bool,
    /// Leaving midway abandons a game (so it is asked first).
    pub abandons: bool,
    /// The odds panel and its hint for your decision (`o`): not in the daily deal while it
    /// is played, where they would play it for you (its review has them after).
    pub odds: bool,
    pub leave_to: LeaveTo,
}

pub struct Sitting {
    pub stage: Stage,
    /// What was dealt, to deal again.
    pub setup: GameSetup,
    pub kind: TableSource,
    /// The highlighted choice while a person decides.
    pub choice: usize,
    /// Lines scrolled up from the newest log line.
    pub log_scroll: usize,
    /// When the next bot move is due, once the show has caught up.
    next_move_at: Option<Instant>,
    /// The odds panel while it is shown.
    pub odds: Option<OddsPanel>,
    odds_worker: OddsWorker,
    /// Bots have moved since a person last chose: their next choice is worth a bell.
    bots_moved: bool,
    /// A person was choosing at the last look.
    was_deciding: bool,
}

impl Sitting {
    pub fn new(setup: GameSetup, auto: bool, pacing: Pacing) -> Self {
        Self::of_kind(
            setup,
            pacing,
            TableSource::Local(LocalPlay::new(auto, None)),
        )
    }

    /// A sitting of `kind` at a new table as `setup` says.
    fn of_kind(setup: GameSetup, pacing: Pacing, kind: TableSource) -> Self {
        let table = Table::new(setup.settings, setup.seats.clone(), setup.seed);
        Self::at(table, setup, pacing, kind)
    }

    /// A sitting of `kind` at `table`, new as `setup` says.
    fn at(table: Table, setup: GameSetup, pacing: Pacing, kind: TableSource) -> Self {
        let human_paced =
            matches!(&kind, TableSource::Local(local) if !local.auto) && people_playing(&table);
        Sitting {
            stage: Stage::new(table, pacing, human_paced),
            setup,
            kind,
            choice: 0,
            log_scroll: 0,
            next_move_at: None,
            odds: None,
            odds_worker: OddsWorker::default(),
            bots_moved: false,
            was_deciding: false,
        }
    }

    pub fn table(&self) -> &Table {
        self.stage.live()
    }

    pub fn is_over(&self) -> bool {
        self.table().game().turn() == Turn::Over
    }

    /// What this sitting lets the player do now.
    pub fn offers(&self) -> Offers {
        match &self.kind {
            TableSource::Local(local) => Offers {
                // The daily's deal is the day's, not a seed to deal again.
                deal_again: local.daily.is_none(),
                auto: !self.bots_only(),
                pause: true,
                abandons: !self.is_over(),
                odds: local.daily.is_none() || self.is_over(),
                leave_to: LeaveTo::Menu,
            },
            TableSource::Replay(_) => Offers {
                deal_again: false,
                auto: false,
                pause: false,
                abandons: false,
                odds: true,
                leave_to: LeaveTo::Menu,
            },
            // The game goes on without you: nothing is abandoned, though it is asked. Nor
            // is anything paused: the others play on and your turn's clock runs, so a
            // pause of your view alone would let your seat's bot take your turn unseen.
            TableSource::Shared(_) => Offers {
                deal_again: false,
                auto: false,
                pause: false,
                abandons: !self.is_over(),
                odds: true,
                leave_to: LeaveTo::Tables,
            },
        }
    }

    /// The person whose decision is due, unless their seat plays itself.
    pub fn human_to_decide(&self) -> Option<u8> {
        match &self.kind {
            TableSource::Shared(remote) => remote.to_decide(self.table()),
            TableSource::Replay(_) => None,
            TableSource::Local(local) if local.auto => None,
            // Asking a person in secret, at a keyboard others share, would tell the room
            // who was asked: their seat's bot answers for them (see `play_one_move`).
            TableSource::Local(_)
                if self.hot_seat() && present::decided_in_secret(self.table().game()) =>
            {
                None
            }
            TableSource::Local(_) => self.table().waiting_for(),
        }
    }

    /// The choices in front of the deciding person, once the show has caught up and the
    /// keyboard is theirs.
    pub fn offered(&self) -> Vec<Action> {
        if !self.stage.revealed() || self.handover_due().is_some() || self.peeking().is_some() {
            return Vec::new();
        }
        match self.human_to_decide() {
            Some(_) => self.table().game().legal_actions().as_slice().to_vec(),
            None => Vec::new(),
        }
    }

    /// Nobody at the table is a person: the bots play, and the screen only watches.
    pub fn bots_only(&self) -> bool {
        match &self.kind {
            TableSource::Shared(_) => false,
            TableSource::Local(_) | TableSource::Replay(_) => self
                .table()
                .seats()
                .iter()
                .all(|s| s.kind != SeatKind::Human),
        }
    }

    /// Whose eyes the table is drawn for: at a shared keyboard, the person who took it
    /// last, until anything else happens; else the table's one person; nobody's at a
    /// watched table; at a shared table, the seat's.
    pub fn viewer(&self) -> Option<u8> {
        match &self.kind {
            TableSource::Shared(remote) => remote.seat,
            TableSource::Local(_) | TableSource::Replay(_) if self.hot_seat() => {
                self.current_look().map(|look| look.seat)
            }
            TableSource::Local(_) | TableSource::Replay(_) => self
                .table()
                .seats()
                .iter()
                .position(|s| s.kind == SeatKind::Human)
                .map(|s| s as u8),
        }
    }

    /// How long the loop may sleep before something is due; `None`: until input.
    pub fn timeout(&self, now: Instant, animation_frame: Duration) -> Option<Duration> {
        let beat = self
            .stage
            .next_beat()
            .map(|at| at.saturating_duration_since(now));
        let frame = self.stage.animating().then_some(animation_frame);
        let odds = self.odds_worker.busy().then_some(odds_panel::POLL);
        let clock = match &self.kind {
            TableSource::Shared(remote) => remote.clock_ticks_in(now),
            TableSource::Local(_) | TableSource::Replay(_) => None,
        };
        [beat, frame, self.move_due(now), odds, clock]
            .into_iter()
            .flatten()
            .min()
    }

    /// A bot move (or the replay's next step) is what comes next, whenever the clock says.
    fn move_waits(&self) -> bool {
        match &self.kind {
            // A shared table moves only when its authority says.
            TableSource::Shared(_) => false,
            TableSource::Replay(viewer) => viewer.plays_on(self.table()),
            TableSource::Local(_) => {
                !self.is_over()
                    && !self.current_look().is_some_and(|look| look.new_card)
                    && self.human_to_decide().is_none()
            }
        }
    }

    /// How long until the next bot move (or replay step), if one is waiting on the clock.
    fn move_due(&self, now: Instant) -> Option<Duration> {
        if self.stage.paused() || !self.stage.caught_up() || !self.move_waits() {
            return None;
        }
        Some(
            self.next_move_at
                .map_or(Duration::ZERO, |at| at.saturating_duration_since(now)),
        )
    }

    /// A bot thinks for half its delay: the beats of its move carry the rest. A question
    /// put in secret is answered at once: a pause would tell who was asked.
    fn think(&self) -> Duration {
        if present::decided_in_secret(self.table().game()) {
            return Duration::ZERO;
        }
        Duration::from_millis(self.stage.pacing().speed_ms / 2)
    }

    /// Time has passed: play the beats that are due, then the next bot move once the show
    /// has caught up and the bot has thought.
    pub fn tick(&mut self, now: Instant) {
        self.poll_odds();
        if let TableSource::Shared(remote) = &mut self.kind {
            remote.hear(&mut self.stage, &mut self.setup, now);
        }
        self.stage.tick(now);
        // A person who is out of the game is only watching: the show no longer waits.
        if self.stage.human_paced() && !people_playing(self.table()) {
            self.stage.set_human_paced(false, now);
        }
        if self.move_due(now).is_some() {
            match self.next_move_at {
                None => self.next_move_at = Some(now + self.think()),
                Some(at) if at <= now => self.play_one_move(now),
                Some(_) => {}
            }
        }
        self.refresh_odds();
    }

    /// One bot move (or replay step) now, whatever the clock says.
    pub fn play_one_move(&mut self, now: Instant) {
        let answered_for_a_person = self.answered_for_a_person();
        match &self.kind {
            // A shared table moves only when its authority says.
            TableSource::Shared(_) => return,
            TableSource::Replay(viewer) => viewer.step_on(&mut self.stage, now),
            TableSource::Local(local) => {
                self.stage.play(local.auto || answered_for_a_person, now);
                self.bots_moved = true;
            }
        }
        self.next_move_at = None;
        self.choice = 0;
    }

    /// Whether it has just become a person's turn after the bots moved (once per turn).
    pub fn turn_came(&mut self) -> bool {
        let deciding = !self.offered().is_empty();
        let came = deciding && !self.was_deciding && self.bots_moved;
        self.was_deciding = deciding;
        if came {
            self.bots_moved = false;
        }
        came
    }

    /// The deciding person plays `action`: the dice start to tumble at once (at a shared
    /// table, once its authority sends the step back, to everyone at once).
    pub fn act(&mut self, action: Action, now: Instant) {
        let Some(seat) = self
            .human_to_decide()
            .filter(|_| self.offered().contains(&action))
        else {
            return;
        };
        match &self.kind {
            TableSource::Shared(remote) => remote.table.act(seat, action),
            TableSource::Replay(_) => return,
            TableSource::Local(_) => {
                let card_before = hot_seat::own_card(self.table(), seat);
                let at = self.table().history().len();
                if self.stage.act(action, now).is_err() {
                    return;
                }
                // Paused, the bots wait, but a person's own move is shown at once.
                if self.stage.paused() {
                    self.stage.skip();
                }
                self.look_after_move(seat, at, card_before);
                self.bots_moved = false;
                self.next_move_at = None;
            }
        }
        self.choice = 0;
        self.log_scroll = 0;
    }

    /// Skip the beats still to show; when there are none, hurry the next bot along.
    pub fn skip(&mut self, now: Instant) {
        if self.stage.caught_up() {
            if self.move_due(now).is_some() {
                self.play_one_move(now);
            }
        } else {
            self.stage.skip();
        }
        self.log_scroll = 0;
    }

    /// The people's seats play themselves, or no longer: only at a game played here (a
    /// shared table's seat is its person's, or once they leave the authority's bot).
    pub fn toggle_auto(&mut self, now: Instant) {
        let TableSource::Local(local) = &mut self.kind else {
            return;
        };
        local.toggle_auto();
        let human_paced = !local.auto && people_playing(self.stage.live());
        self.stage.set_human_paced(human_paced, now);
        self.next_move_at = Some(now);
    }

    /// The people's seats play themselves.
    pub fn auto(&self) -> bool {
        matches!(&self.kind, TableSource::Local(local) if local.auto)
    }

    pub fn paused(&self) -> bool {
        self.stage.paused()
    }

    pub fn toggle_pause(&mut self, now: Instant) {
        if self.stage.paused() {
            self.stage.resume(now);
            self.next_move_at = Some(now);
        } else {
            self.stage.pause(now);
        }
    }

    /// `.`: while paused, the next move shown whole at once, and still paused; otherwise
    /// the beats still to show at once, or the next bot move now.
    pub fn step_one(&mut self, now: Instant) {
        if !self.stage.paused() {
            return self.skip(now);
        }
        if self.stage.caught_up() && self.move_waits() {
            self.play_one_move(now);
        }
        self.stage.skip();
    }

    /// `+` makes bots faster (shorter delay), `-` slower.
    pub fn change_speed(&mut self, slower: i8) {
        let mut pacing = self.stage.pacing();
        pacing.speed_ms = speed_step(pacing.speed_ms, slower);
        self.stage.set_pacing(pacing);
    }

    /// The replay watched, if this is one.
    pub fn replay(&self) -> Option<&ReplayViewer> {
        match &self.kind {
            TableSource::Replay(viewer) => Some(viewer),
            TableSource::Local(_) | TableSource::Shared(_) => None,
        }
    }
}

/// A person still has a seat in the game (not out of it).
fn people_playing(table: &Table) -> bool {
    let seats = crate::games::present::seats(&table.game().view(None));
    table
        .seats()
        .iter()
        .zip(&seats)
        .any(|(seat, shown)| seat.kind == SeatKind::Human && !shown.out)
}
