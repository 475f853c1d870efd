//! The table as a show. The rules resolve a step at once; the audience sees it beat by beat:
//! the dice tumble, land, and each chip moves with its own line in the log, so nothing is
//! shown before its dice or card lands. A [`Stage`] keeps the live table (the engine's
//! present) and the table as shown, which trails it by at most the step being revealed.
//!
//! Everything a drawing needs comes from [`Stage::scene`], built from the shown table and
//! the events revealed so far: never from the live state. The full screen draws it; so could
//! any other front-end.

use std::time::{Duration, Instant};

use crate::games::present::{self, Banner, CardsShown, Centre, Label, Moment, SeatInfo};
use crate::games::{Action, Card, Event, MAX_SEATS, Narrator, Place, SeatSet, Thrown, Turn};
use crate::table::{Progress, Step, Table, TableError};

/// How fast the show runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pacing {
    /// A bot's delay before it moves; the beats scale with it (0: everything instant).
    pub speed_ms: u64,
    /// No motion: beats are instant (the bots still wait their delay).
    pub reduced_motion: bool,
}

/// The bot delay a table keeps unless told otherwise, and the one the beats' durations are
/// written for.
pub const DEFAULT_SPEED_MS: u64 = 700;

impl Pacing {
    /// How much longer (or shorter) than written a beat lasts: 0 for instant beats. Slow
    /// bots stretch the beats only so far: a tumble longer than a second drags.
    fn scale(self) -> f64 {
        if self.reduced_motion || self.speed_ms == 0 {
            0.0
        } else {
            (self.speed_ms as f64 / DEFAULT_SPEED_MS as f64).clamp(0.25, 1.6)
        }
    }

    fn beat(self, written_ms: u64) -> Duration {
        Duration::from_millis(written_ms).mul_f64(self.scale())
    }
}

/// How long dice tumble before they land, at the reference speed.
const TUMBLE_MS: u64 = 400;

/// How long an event stays the newest thing on the table before the next beat, at the
/// reference speed: long enough to read its line, longer for the moments that matter.
fn hold_ms(event: &Event, banner: Option<&Banner>) -> u64 {
    match banner.map(|b| b.moment) {
        Some(Moment::Win) => 2600,
        Some(Moment::RoundEnd) => 1800,
        Some(Moment::Note) => 1100,
        // A landed roll is read at a glance; a die set down or a turn skipped even faster.
        None => match event {
            Event::Rolled { .. } | Event::RolledPolyhedral { .. } | Event::Scored { .. } => 450,
            Event::Shown { .. } => 320,
            Event::Skipped { .. } | Event::SetDown { .. } => 220,
            _ => 280,
        },
    }
}

/// A step being revealed: the table after it, its events, and what the revealed ones
/// changed on the table so far.
#[derive(Clone, Debug)]
struct Revealing {
    after: Table,
    events: Vec<Event>,
    revealed: usize,
    /// The dice are in the air: the first beat of a step that starts with a roll.
    tumbling: bool,
    /// Tokens each seat gained (or lost) by the events revealed so far.
    seat_delta: [i64; MAX_SEATS],
    pot_delta: i64,
    /// The dice that landed this step.
    roll: Option<(u8, Thrown)>,
    /// Cards turned face up at a showdown this step.
    cards: Vec<(u8, Card)>,
    /// The card the dealer cut to this step.
    cut: Option<(u8, Card)>,
    /// The event just revealed ended a round or a finale: when its beat is over, a person
    /// at the table may want to look before play goes on.
    hold_after: bool,
}

impl Revealing {
    fn complete(&self) -> bool {
        self.revealed == self.events.len()
    }

    /// Take the event's effect onto the table as shown.
    fn apply(&mut self, event: &Event) {
        let mut give = |place: Place, delta: i64| match place {
            Place::Seat(seat) => self.seat_delta[usize::from(seat)] += delta,
            Place::Pot => self.pot_delta += delta,
        };
        if let Some(thrown) = event.thrown() {
            self.roll = Some(thrown);
        }
        match *event {
            Event::Moved {
                count, from, to, ..
            } => {
                give(from, -i64::from(count));
                give(to, i64::from(count));
            }
            Event::WildTakes { seat, from } => {
                give(Place::Seat(from), -1);
                give(Place::Seat(seat), 1);
            }
            Event::ThreeTravels { seat, to } => {
                give(Place::Seat(seat), -1);
                give(Place::Seat(to), 1);
            }
            Event::PenaltyPaid { seat } | Event::ThrowBought { seat } => {
                give(Place::Seat(seat), -1);
                give(Place::Pot, 1);
            }
            Event::Shown { seat, card } => self.cards.push((seat, card)),
            Event::Cut { dealer, card } => self.cut = Some((dealer, card)),
            _ => {}
        }
    }
}

/// A line of the log: what happened, and the seat it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    pub text: String,
    pub seat: Option<u8>,
}

impl LogLine {
    fn of(narrator: &Narrator, event: &Event) -> LogLine {
        LogLine {
            text: narrator.sentence(event),
            seat: present::subject(event),
        }
    }
}

/// The log as shown: a narrated line per revealed event, but that turns skipped one
/// after another share one line.
#[derive(Clone, Debug, Default)]
struct ShownLog {
    lines: Vec<LogLine>,
    /// How many of the table's events are told in `lines`.
    events: usize,
    /// The seats skipped, in order, since the last line that was not a skip.
    skipped: Vec<u8>,
}

impl ShownLog {
    /// Tell the next event; a skipped turn after skipped turns joins their line.
    fn push(&mut self, narrator: &Narrator, event: &Event) {
        self.events += 1;
        if let Event::Skipped { seat } = *event {
            self.skipped.push(seat);
            if self.skipped.len() > 1 {
                let seats: SeatSet = self.skipped.iter().copied().collect();
                let line = self.lines.last_mut().expect("the skips' line");
                line.text = narrator.skipped(&self.skipped);
                line.seat = seats.only();
                return;
            }
        } else {
            self.skipped.clear();
        }
        self.lines.push(LogLine::of(narrator, event));
    }
}

/// What the table shows at this beat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    pub seats: Vec<SeatInfo>,
    pub centre: Centre,
    pub tracker: Vec<Label>,
    /// Dice in the air: who threw, how many, and whether they are LCR's lettered dice.
    pub rolling: Option<Rolling>,
    /// The latest key moment, on screen until the next step is shown.
    pub banner: Option<Banner>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rolling {
    pub seat: u8,
    pub dice: usize,
    /// Each die's sides: what a tumbling face may show.
    pub sides: u8,
    pub letters: bool,
}

/// A table and its show.
#[derive(Clone, Debug)]
pub struct Stage {
    live: Table,
    /// The table as shown before the step being revealed; the live table once caught up.
    shown: Table,
    revealing: Option<Revealing>,
    /// The log as shown.
    log: ShownLog,
    banner: Option<Banner>,
    pacing: Pacing,
    /// A person is playing: the show waits for a key after a round ends.
    human_paced: bool,
    /// Waiting for a key after a round's end.
    held: bool,
    /// When the current beat ends; `None` when nothing is being revealed, the show waits
    /// for a key, or it is paused.
    beat_ends: Option<Instant>,
    /// Paused: no beat ends and no step starts by itself.
    paused: Option<Paused>,
}

/// A paused show: what was left of the beat on screen when it was paused, if any.
#[derive(Clone, Copy, Debug)]
struct Paused {
    beat_left: Option<Duration>,
}

impl Stage {
    pub fn new(table: Table, pacing: Pacing, human_paced: bool) -> Self {
        let mut stage = Stage {
            shown: table.clone(),
            live: table,
            revealing: None,
            log: ShownLog::default(),
            banner: None,
            pacing,
            human_paced,
            held: false,
            beat_ends: None,
            paused: None,
        };
        let names = stage.live.names();
        let narrator = Narrator::new(stage.live.game().settings(), &names);
        for event in stage.live.log() {
            stage.log.push(&narrator, event);
        }
        stage
    }

    /// The engine's present: whose turn it really is, and what may be done.
    pub fn live(&self) -> &Table {
        &self.live
    }

    /// The table as last fully shown: what the odds and a step through a replay read.
    pub fn shown(&self) -> &Table {
        &self.shown
    }

    /// The log as shown so far, oldest first.
    pub fn lines(&self) -> &[LogLine] {
        &self.log.lines
    }

    /// How many of the live table's events the log has told (in fewer lines, where turns
    /// skipped one after another share one).
    pub fn events_told(&self) -> usize {
        self.log.events
    }

    pub fn pacing(&self) -> Pacing {
        self.pacing
    }

    pub fn set_pacing(&mut self, pacing: Pacing) {
        self.pacing = pacing;
    }

    pub fn human_paced(&self) -> bool {
        self.human_paced
    }

    pub fn set_human_paced(&mut self, human_paced: bool, now: Instant) {
        self.human_paced = human_paced;
        if !human_paced {
            self.go_on(now);
        }
    }

    /// Everything that happened has been shown, and the show does not wait for a key.
    pub fn caught_up(&self) -> bool {
        self.revealing.is_none() && !self.held && !self.behind()
    }

    /// Every event that happened is on the table, though the last one's beat may still be
    /// on: a person whose turn it is may act now, without waiting for the beat to end.
    pub fn revealed(&self) -> bool {
        let unrevealed = self.live.history().len() - self.shown.history().len();
        !self.held
            && match &self.revealing {
                Some(r) => r.complete() && unrevealed == 1,
                None => unrevealed == 0,
            }
    }

    /// The show waits for a key after a round's end.
    pub fn held(&self) -> bool {
        self.held
    }

    /// The shown game is over and its last beat is done: time for the game-over panel.
    pub fn finished(&self) -> bool {
        self.caught_up() && self.live.game().turn() == Turn::Over
    }

    /// Dice are in the air or a win is being celebrated: frames are due (none while
    /// paused, when the beat's clock is stopped).
    pub fn animating(&self) -> bool {
        self.beat_ends.is_some()
            && (self.revealing.as_ref().is_some_and(|r| r.tumbling)
                || self
                    .banner
                    .as_ref()
                    .is_some_and(|b| b.moment == Moment::Win))
    }

    /// When the next beat is due; `None` when nothing is (caught up, paused or held), so an
    /// idle or paused show never asks the loop to wake.
    pub fn next_beat(&self) -> Option<Instant> {
        self.beat_ends
    }

    fn behind(&self) -> bool {
        self.shown.history().len() < self.live.history().len()
    }

    /// The waiting human plays `action`; its consequences are revealed beat by beat from
    /// `now` (the dice start to tumble at once).
    pub fn act(&mut self, action: Action, now: Instant) -> Result<(), TableError> {
        self.live.act(action)?;
        // The last beat was only being held for reading: the new move starts now.
        if self.revealing.as_ref().is_some_and(Revealing::complete) {
            self.finish_step(now);
        }
        self.settle_chance();
        self.pull(now);
        Ok(())
    }

    /// One step that needs no human (or, with `auto`, the waiting human's seat plays
    /// itself), then the chance that follows.
    pub fn play(&mut self, auto: bool, now: Instant) -> Progress {
        let progress = if auto {
            self.live.auto_act()
        } else {
            self.live.advance()
        };
        self.settle_chance();
        self.pull(now);
        progress
    }

    /// A recorded step (a replay played forward), revealed like any other.
    pub fn replay(&mut self, step: Step, now: Instant) -> Result<(), TableError> {
        self.live.replay_step(step)?;
        self.pull(now);
        Ok(())
    }

    /// Chance needs nobody to wait for: roll and shuffle until a seat must decide (the
    /// steps are shown from the live table's history, beat by beat).
    fn settle_chance(&mut self) {
        self.live.settle_chance();
    }

    /// Time has passed: play every beat that is due by `now`.
    pub fn tick(&mut self, now: Instant) {
        while let Some(end) = self.beat_ends {
            if end > now {
                return;
            }
            self.next(end);
        }
    }

    /// Go on after a held round's end.
    pub fn go_on(&mut self, now: Instant) {
        if self.held {
            self.held = false;
            if self.paused.is_some() {
                self.skip();
            } else {
                self.next(now);
            }
        }
    }

    /// Seat `seat` is now called `name` (at a shared table, someone left or came back).
    pub fn rename_seat(&mut self, seat: u8, name: &str) {
        self.live.rename_seat(seat, name);
        self.shown.rename_seat(seat, name);
        if let Some(revealing) = &mut self.revealing {
            revealing.after.rename_seat(seat, name);
        }
    }

    /// Skip to the present: every remaining beat at once.
    pub fn skip(&mut self) {
        let names = self.live.names();
        let narrator = Narrator::new(self.live.game().settings(), &names);
        let before = self.shown.game().view(None);
        // Banners one by one: the events skipped may span many steps, so seats are not
        // named together here as `reveal` names those of one step.
        for event in &self.live.log()[self.log.events..] {
            self.log.push(&narrator, event);
            if let Some(banner) = present::banner(event, &before, &names) {
                self.banner = Some(banner);
            }
        }
        self.shown = self.live.clone();
        self.revealing = None;
        self.held = false;
        self.beat_ends = None;
        // A paused show stays paused, with nothing left of a beat to resume.
        if self.paused.is_some() {
            self.paused = Some(Paused { beat_left: None });
        }
    }

    pub fn paused(&self) -> bool {
        self.paused.is_some()
    }

    /// Stop the show's clock: the beat being shown stays on screen until `resume`.
    pub fn pause(&mut self, now: Instant) {
        if self.paused.is_none() {
            let beat_left = self
                .beat_ends
                .take()
                .map(|end| end.saturating_duration_since(now));
            self.paused = Some(Paused { beat_left });
        }
    }

    /// Start the clock again: the beat paused finishes with the time it had left, and
    /// steps taken meanwhile are shown from `now`.
    pub fn resume(&mut self, now: Instant) {
        match self.paused.take() {
            Some(Paused {
                beat_left: Some(left),
            }) => self.beat_ends = Some(now + left),
            Some(Paused { beat_left: None }) => self.pull(now),
            None => {}
        }
    }

    /// The beat that ended at `at`: land the dice, reveal the next event, or finish the
    /// step and start the next one.
    fn next(&mut self, at: Instant) {
        self.beat_ends = None;
        let Some(revealing) = &mut self.revealing else {
            self.pull(at);
            return;
        };
        if revealing.tumbling {
            revealing.tumbling = false;
            self.reveal(at);
        } else if std::mem::take(&mut revealing.hold_after) {
            self.held = true;
        } else if revealing.complete() {
            self.finish_step(at);
        } else {
            self.reveal(at);
        }
    }

    fn finish_step(&mut self, at: Instant) {
        let Some(done) = self.revealing.take() else {
            return;
        };
        self.beat_ends = None;
        self.shown = done.after;
        self.pull(at);
    }

    /// Start revealing the next step the live table has taken, if any; steps with nothing
    /// to show pass at once.
    fn pull(&mut self, now: Instant) {
        if self.revealing.is_some() || self.held || self.paused.is_some() {
            return;
        }
        while self.behind() {
            let step = self.live.history()[self.shown.history().len()];
            let mut after = self.shown.clone();
            after
                .replay_step(step)
                .expect("the live table took this step from the same state");
            let events = after.log()[self.shown.log().len()..].to_vec();
            if events.is_empty() {
                self.shown = after;
                continue;
            }
            let tumbling = events[0].thrown().is_some() && self.pacing.scale() > 0.0;
            // A new step clears the last one's moment (a win stays until the end).
            if self
                .banner
                .as_ref()
                .is_some_and(|b| b.moment != Moment::Win)
            {
                self.banner = None;
            }
            self.revealing = Some(Revealing {
                after,
                events,
                revealed: 0,
                tumbling,
                seat_delta: [0; MAX_SEATS],
                pot_delta: 0,
                roll: None,
                cards: Vec::new(),
                cut: None,
                hold_after: false,
            });
            if tumbling {
                self.beat_ends = Some(now + self.pacing.beat(TUMBLE_MS));
            } else {
                self.reveal(now);
            }
            return;
        }
    }

    /// Reveal the step's next event: its line in the log, its effect on the table, its
    /// banner; the beat lasts as long as the event deserves.
    fn reveal(&mut self, now: Instant) {
        let names = self.shown.names();
        let before = self.shown.game().view(None);
        let Some(revealing) = &mut self.revealing else {
            return;
        };
        let event = revealing.events[revealing.revealed];
        revealing.apply(&event);
        let earlier = &revealing.events[..revealing.revealed];
        let banner = present::banner_in_step(&event, earlier, &before, &names);
        revealing.revealed += 1;
        let narrator = Narrator::new(self.shown.game().settings(), &names);
        self.log.push(&narrator, &event);
        let hold = self.pacing.beat(hold_ms(&event, banner.as_ref()));
        // Hold after the step's last round-ending moment, unless the game's win follows.
        let later = |moment: Moment| {
            revealing.events[revealing.revealed..]
                .iter()
                .filter_map(|e| present::banner(e, &before, &names))
                .any(|b| b.moment >= moment)
        };
        revealing.hold_after = self.human_paced
            && banner
                .as_ref()
                .is_some_and(|b| b.moment == Moment::RoundEnd)
            && !later(Moment::RoundEnd);
        if banner.is_some() {
            self.banner = banner;
        }
        self.beat_ends = Some(now + hold);
    }

    /// What the table shows at this beat, as `viewer` may see it (`None`: what everyone
    /// may see).
    pub fn scene(&self, viewer: Option<u8>) -> Scene {
        let names = self.shown.names();
        let (table, revealing) = match &self.revealing {
            // The step's last event is out: the table shows its outcome.
            Some(r) if r.complete() => (&r.after, None),
            other => (&self.shown, other.as_ref()),
        };
        let view = table.game().view(viewer);
        let mut seats = present::seats(&view);
        let mut centre = present::centre(&view);
        let mut rolling = None;
        let mut revealed: &[Event] = &[];
        if let Some(r) = revealing {
            revealed = &r.events[..r.revealed];
            for (seat, info) in seats.iter_mut().enumerate() {
                info.holding = info.holding.moved(r.seat_delta[seat]);
            }
            centre.pot =
                u32::try_from((i64::from(centre.pot) + r.pot_delta).max(0)).unwrap_or(u32::MAX);
            if r.tumbling {
                if let Some((seat, thrown)) = r.events.first().and_then(Event::thrown) {
                    rolling = Some(Rolling {
                        seat,
                        dice: thrown.len(),
                        sides: thrown.sides(),
                        letters: matches!(
                            view.presentation().die_face(1),
                            present::DieFace::Letter(_)
                        ),
                    });
                }
                centre.roll = None;
            } else if let Some((seat, dice)) = r.roll {
                centre.roll = Some((seat, present::die_faces(&dice.faces(), &view)));
            }
            for &(seat, card) in r.cut.iter().chain(&r.cards) {
                seats[usize::from(seat)].card = Some(present::CardFace::Up(card));
            }
            if !r.cards.is_empty() {
                // The showdown so far: the lowest is not known until every card is out.
                centre.cards = present::showdown(r.cards.clone()).map(|shown| CardsShown {
                    lowest: None,
                    caption: Label::same(crate::said!(stage_showdown)),
                    ..shown
                });
            } else if let Some((dealer, card)) = r.cut {
                centre.cards = Some(CardsShown {
                    caption: Label::new(
                        crate::said!(stage_cut_to, name = names.name(dealer)),
                        crate::said!(stage_cut),
                    ),
                    cards: vec![(dealer, card)],
                    lowest: None,
                    large: true,
                });
            }
        }
        let tracker = present::tracker_during(&view, &names, revealed, &seats, centre.pot);
        Scene {
            seats,
            centre,
            tracker,
            rolling,
            banner: self.banner.clone(),
        }
    }
}
