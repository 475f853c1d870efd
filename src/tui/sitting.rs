//! A table you sit at: its show, the choice you have highlighted, who holds the keyboard,
//! the odds panel, and whether the game is recorded. Auto-play, pause and speed belong
//! here, so a new game starts as its setup says, not as the last game was left.

use std::time::{Duration, Instant};

mod remote;

pub use remote::RemoteSeat;

use super::odds_panel::{self, OddsPanel, OddsWorker, Request};
use crate::daily::{DailyDeal, DailyOutcome};
use crate::games::{Action, Turn};
use crate::present;
use crate::replay::Timeline;
use crate::stage::{Pacing, Stage};
use crate::stats::{DailyEntry, DailyRecord, Recorder};
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

/// The default bot delay.
pub const DEFAULT_SPEED_MS: u64 = 700;

/// A table of the daily deal.
#[derive(Clone, Debug)]
pub struct DailyRun {
    pub deal: DailyDeal,
    /// The day's attempt counted already: its line (or that it was given up), and this one
    /// is practice. `None`: this one counts.
    pub practice: Option<String>,
    /// Once the game is over.
    pub outcome: Option<DailyOutcome>,
    /// The seat played itself at some point: the result is the bot's, and does not count.
    pub auto_played: bool,
    /// The daily record of the game once this attempt is in it: streak and best.
    pub record: Option<DailyRecord>,
}

/// A person at a shared keyboard has taken it (past the cover screen naming them): the
/// table shows their card until anything else happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Look {
    seat: u8,
    /// The length of the table's history the look belongs to: a step by anyone else, or
    /// chance, ends it, so a new round or a bot's move always asks for the cover again.
    at: usize,
    /// They are looking at the card their own move just gave them; play waits until they
    /// hide it.
    new_card: bool,
}

/// A replay being watched: the recorded game, and whether it plays on by itself.
#[derive(Clone, Debug)]
pub struct ReplayViewer {
    pub timeline: Timeline,
    pub playing: bool,
}

#[allow(clippy::struct_excessive_bools)] // independent switches of one table
pub struct Sitting {
    pub stage: Stage,
    /// What was dealt, to deal again.
    pub setup: GameSetup,
    /// The people's seats play themselves.
    pub auto: bool,
    /// The highlighted choice while a person decides.
    pub choice: usize,
    /// Lines scrolled up from the newest log line.
    pub log_scroll: usize,
    /// When the next bot move is due, once the show has caught up.
    next_move_at: Option<Instant>,
    /// At one keyboard shared by several people, with hidden cards: whose eyes the table
    /// is drawn for, while that lasts.
    look: Option<Look>,
    /// The odds panel while it is shown.
    pub odds: Option<OddsPanel>,
    odds_worker: OddsWorker,
    /// The running record line of the game-over panel.
    pub record: Option<String>,
    recorded: bool,
    /// Whether a person's seat played itself at some point.
    auto_used: bool,
    pub replay: Option<ReplayViewer>,
    pub daily: Option<DailyRun>,
    /// A daily deal's line to share, as soon as the game is over (taken by the app).
    pub shared: Option<String>,
    /// Bots have moved since a person last chose: their next choice is worth a bell.
    bots_moved: bool,
    /// A person was choosing at the last look.
    was_deciding: bool,
    /// A table shared over `parlor host`.
    pub remote: Option<RemoteSeat>,
}

impl Sitting {
    pub fn new(setup: GameSetup, auto: bool, pacing: Pacing) -> Self {
        let table = Table::new(setup.settings, setup.seats.clone(), setup.seed);
        let human_paced = !auto && people_playing(&table);
        Sitting {
            stage: Stage::new(table, pacing, human_paced),
            setup,
            auto,
            choice: 0,
            log_scroll: 0,
            next_move_at: None,
            look: None,
            odds: None,
            odds_worker: OddsWorker::default(),
            record: None,
            recorded: false,
            auto_used: auto,
            replay: None,
            daily: None,
            shared: None,
            bots_moved: false,
            was_deciding: false,
            remote: None,
        }
    }

    /// Watch a replay from its start.
    pub fn watching(timeline: Timeline, pacing: Pacing) -> Self {
        let first = timeline.table(0).expect("a replay has its first table");
        let setup = GameSetup {
            settings: *first.game().settings(),
            seats: first.seats().to_vec(),
            seed: first.seed(),
        };
        let mut sitting = Sitting::new(setup, false, pacing);
        sitting.stage = Stage::new(first, pacing, false);
        sitting.recorded = true;
        sitting.replay = Some(ReplayViewer {
            timeline,
            playing: true,
        });
        sitting
    }

    pub fn table(&self) -> &Table {
        self.stage.live()
    }

    pub fn is_over(&self) -> bool {
        self.table().game().turn() == Turn::Over
    }

    /// The person whose decision is due, unless their seat plays itself.
    pub fn human_to_decide(&self) -> Option<u8> {
        if let Some(remote) = &self.remote {
            // A question put in secret is the table's authority's to answer, at once.
            let turn = self.table().game().turn();
            let secret = present::decided_in_secret(self.table().game());
            return remote
                .seat
                .filter(|&seat| remote.started && !secret && turn == Turn::Seat(seat));
        }
        if self.auto || self.replay.is_some() {
            return None;
        }
        // Asking a person in secret, at a keyboard others share, would tell the room who
        // was asked: their seat's bot answers for them (see `play_one_move`).
        if self.hot_seat() && present::decided_in_secret(self.table().game()) {
            return None;
        }
        self.table().waiting_for()
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
        self.remote.is_none()
            && self
                .table()
                .seats()
                .iter()
                .all(|s| s.kind != SeatKind::Human)
    }

    /// Several people share this screen and the game hides cards: they hand the keyboard
    /// over, and between their turns nobody's card is shown (nor while their seats play
    /// themselves).
    pub fn hot_seat(&self) -> bool {
        if self.remote.is_some() {
            return false;
        }
        let people = self
            .table()
            .seats()
            .iter()
            .filter(|s| s.kind == SeatKind::Human)
            .count();
        people >= 2 && self.setup.settings.game.hides_cards()
    }

    /// The person who must take the keyboard before the table shows their card.
    pub fn handover_due(&self) -> Option<u8> {
        let seat = self.human_to_decide()?;
        let looking = self.current_look().is_some_and(|look| look.seat == seat);
        (self.hot_seat() && self.stage.revealed() && !looking && self.peeking().is_none())
            .then_some(seat)
    }

    /// The person due takes the keyboard: the table shows their card.
    pub fn take_seat(&mut self) {
        if let Some(seat) = self.handover_due() {
            self.look = Some(Look {
                seat,
                at: self.table().history().len(),
                new_card: false,
            });
        }
    }

    /// The look at the shared keyboard, while nothing has happened since it began.
    fn current_look(&self) -> Option<Look> {
        self.look
            .filter(|look| self.hot_seat() && look.at == self.table().history().len())
    }

    /// The person looking at the card their own move gave them, once its beats are shown.
    pub fn peeking(&self) -> Option<u8> {
        self.current_look()
            .filter(|look| look.new_card && self.stage.revealed())
            .map(|look| look.seat)
    }

    /// The person has seen their new card: the table covers it and play goes on.
    pub fn hide_card(&mut self) {
        if self.peeking().is_some() {
            self.look = None;
        }
    }

    /// Whose eyes the table is drawn for: at a shared keyboard, the person who took it
    /// last, until anything else happens; else the table's one person; nobody's at a
    /// watched table.
    pub fn viewer(&self) -> Option<u8> {
        if let Some(remote) = &self.remote {
            return remote.seat;
        }
        if self.hot_seat() {
            return self.current_look().map(|look| look.seat);
        }
        self.table()
            .seats()
            .iter()
            .position(|s| s.kind == SeatKind::Human)
            .map(|s| s as u8)
    }

    /// How long the loop may sleep before something is due; `None`: until input.
    pub fn timeout(&self, now: Instant, animation_frame: Duration) -> Option<Duration> {
        let beat = self
            .stage
            .next_beat()
            .map(|at| at.saturating_duration_since(now));
        let frame = self.stage.animating().then_some(animation_frame);
        let odds = self.odds_worker.busy().then_some(odds_panel::POLL);
        [
            beat,
            frame,
            self.move_due(now),
            odds,
            self.clock_ticks_in(now),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// A bot move (or the replay's next step) is what comes next, whenever the clock says.
    fn move_waits(&self) -> bool {
        // A shared table moves only when its authority says.
        if self.remote.is_some() || self.is_over() && self.replay.is_none() {
            return false;
        }
        if self.current_look().is_some_and(|look| look.new_card) {
            return false;
        }
        match &self.replay {
            Some(viewer) => {
                viewer.playing && self.table().history().len() + 1 < viewer.timeline.len()
            }
            None => self.human_to_decide().is_none(),
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
        self.hear(now);
        let clock = self.clock_at(now);
        if let Some(remote) = &mut self.remote {
            remote.clock_shown = clock;
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
        // A shared table moves only when its authority says.
        if self.remote.is_some() {
            return;
        }
        self.next_move_at = None;
        if let Some(viewer) = &self.replay {
            let at = self.table().history().len();
            if let Some(&step) = viewer.timeline.last().history().get(at) {
                let _ = self.stage.replay(step, now);
            }
        } else {
            // At a shared keyboard a person's secret question is their seat's bot's to
            // answer (see `human_to_decide`).
            let answered_for_a_person = self.hot_seat()
                && present::decided_in_secret(self.table().game())
                && self.table().waiting_for().is_some();
            self.stage.play(self.auto || answered_for_a_person, now);
            self.bots_moved = true;
        }
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

    /// The deciding person plays `action`: the dice start to tumble at once.
    pub fn act(&mut self, action: Action, now: Instant) {
        if let Some(remote) = &self.remote {
            // The step comes back from the table, to everyone at once.
            if let Some(seat) = self
                .human_to_decide()
                .filter(|_| self.offered().contains(&action))
            {
                remote.table.act(seat, action);
                self.choice = 0;
                self.log_scroll = 0;
            }
            return;
        }
        let Some(seat) = self.human_to_decide() else {
            return;
        };
        let card_before = own_card(self.table(), seat);
        let at = self.table().history().len();
        if self.offered().contains(&action) && self.stage.act(action, now).is_ok() {
            // Paused, the bots wait, but a person's own move is shown at once.
            if self.stage.paused() {
                self.stage.skip();
            }
            self.look_after_move(seat, at, card_before);
            self.bots_moved = false;
            self.choice = 0;
            self.log_scroll = 0;
            self.next_move_at = None;
        }
    }

    /// After a person's move at a shared keyboard: they decide again at once and keep the
    /// keyboard, or they look at the card their move gave them before anyone else's turn,
    /// or the table is covered.
    fn look_after_move(&mut self, seat: u8, at: usize, card_before: Option<present::CardFace>) {
        let now_at = self.table().history().len();
        let card = own_card(self.table(), seat);
        // Chance after the move (a cut, the next deal) is news for everyone: covered.
        self.look = if !self.hot_seat() || now_at != at + 1 {
            None
        } else if card.is_some() && card != card_before {
            Some(Look {
                seat,
                at: now_at,
                new_card: true,
            })
        } else if self.human_to_decide() == Some(seat) {
            Some(Look {
                seat,
                at: now_at,
                new_card: false,
            })
        } else {
            None
        };
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

    pub fn toggle_auto(&mut self, now: Instant) {
        // A shared table's seat is its person's, or (once they leave) the authority's bot.
        if self.remote.is_some() {
            return;
        }
        self.auto = !self.auto;
        self.auto_used |= self.auto;
        self.stage
            .set_human_paced(!self.auto && people_playing(self.table()), now);
        self.next_move_at = Some(now);
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

    /// Show or hide the odds panel.
    pub fn toggle_odds(&mut self) {
        if self.odds.take().is_none() {
            self.odds = Some(OddsPanel::default());
            self.refresh_odds();
        }
    }

    /// Ask for the odds of the position shown, once, when the panel is open. They are
    /// worked out on another thread; until they arrive the panel says so.
    fn refresh_odds(&mut self) {
        let position = self.stage.shown().history().len();
        let Some(panel) = &mut self.odds else { return };
        if panel.asked == Some(position) {
            return;
        }
        panel.asked = Some(position);
        let game = self.stage.shown().game();
        let level = self
            .table()
            .seats()
            .iter()
            .find_map(|s| match s.kind {
                SeatKind::Bot(level) => Some(level),
                SeatKind::Human => None,
            })
            .unwrap_or(game.settings().game.bot_levels()[0]);
        let deciding = self.stage.caught_up() && self.human_to_decide().is_some();
        let decider_view = deciding.then(|| game.view(self.viewer()));
        self.odds_worker.request(Request {
            game: game.clone_box(),
            level,
            decider_view,
            position,
        });
    }

    fn poll_odds(&mut self) {
        if let Some(solved) = self.odds_worker.poll()
            && let Some(panel) = &mut self.odds
        {
            panel.solved = Some(solved);
        }
    }

    /// Block until the odds panel has the figures of the position shown (tests).
    pub fn wait_for_odds(&mut self) {
        self.refresh_odds();
        if let Some(solved) = self.odds_worker.wait()
            && let Some(panel) = &mut self.odds
        {
            panel.solved = Some(solved);
        }
    }

    /// Sit at the table of a daily deal; `practice` says why it does not count, if it does
    /// not.
    pub fn daily(
        deal: DailyDeal,
        name: Option<&str>,
        practice: Option<String>,
        pacing: Pacing,
    ) -> Self {
        let setup = GameSetup {
            settings: deal.settings(),
            seats: deal.seats(name),
            seed: deal.seed(),
        };
        let mut sitting = Sitting::new(setup, false, pacing);
        sitting.daily = Some(DailyRun {
            deal,
            practice,
            outcome: None,
            auto_played: false,
            record: None,
        });
        sitting
    }

    /// Record the game once: when it is over, or (`leaving`) abandoned midway. A daily
    /// deal's outcome is worked out then, and its line is to be copied. Returns whether an
    /// unfinished game was recorded as abandoned now.
    pub fn record_with(&mut self, recorder: &mut Recorder, leaving: bool) -> bool {
        let table = self.stage.live();
        if self.recorded || table.history().is_empty() || !(leaving || self.is_over()) {
            return false;
        }
        self.recorded = true;
        let mut entry = None;
        if let Some(daily) = &mut self.daily {
            daily.auto_played = self.auto_used;
            if table.game().turn() == Turn::Over {
                let outcome = DailyOutcome::of(
                    daily.deal,
                    table,
                    crate::review::seat_accuracy(table, crate::daily::YOUR_SEAT),
                );
                self.shared = Some(outcome.share_line());
                daily.outcome = Some(outcome);
            }
            if daily.practice.is_none() {
                let finished = daily
                    .outcome
                    .as_ref()
                    .filter(|_| !self.auto_used)
                    .map(|o| (o.yours, o.share_line()));
                entry = Some(DailyEntry {
                    day: daily.deal.day,
                    finished,
                    // The recorder's claim on the day, filled in by it.
                    attempt: None,
                });
            }
        }
        let result = recorder.record_table(table, self.auto_used, entry);
        if let Some(daily) = &mut self.daily {
            daily.record = recorder
                .stats
                .daily
                .iter()
                .find(|d| d.game == daily.deal.game)
                .cloned();
        }
        // A record the file does not hold is not shown as yours: the failure is told.
        self.record = if recorder.has_unsaved() {
            Some("Not in your record yet: it could not be saved".to_owned())
        } else {
            recorder
                .stats
                .find(result.game, &result.rules, result.kind)
                .map(crate::stats::Record::summary)
        };
        !self.is_over()
    }

    /// The replay moves to the table at `position` (clamped), shown at once.
    pub fn seek(&mut self, position: usize) {
        let Some(viewer) = &self.replay else { return };
        let position = position.min(viewer.timeline.len() - 1);
        let table = viewer
            .timeline
            .table(position)
            .expect("a position within the replay");
        self.stage = Stage::new(table, self.stage.pacing(), false);
        self.next_move_at = None;
        self.log_scroll = 0;
    }
}

/// The card `seat` holds as only its holder may see it (`None`: none, or face up to all).
fn own_card(table: &Table, seat: u8) -> Option<present::CardFace> {
    let card = |viewer| present::seats(&table.game().view(viewer))[usize::from(seat)].card;
    Some(card(Some(seat))?).filter(|&own| card(None) != Some(own))
}

/// A person still has a seat in the game (not out of it).
fn people_playing(table: &Table) -> bool {
    let seats = crate::present::seats(&table.game().view(None));
    table
        .seats()
        .iter()
        .zip(&seats)
        .any(|(seat, shown)| seat.kind == SeatKind::Human && !shown.out)
}
