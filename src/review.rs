//! Game review: what each decision of a human seat was worth, and how every seat's chance
//! of winning moved over the game.
//!
//! A review reads a recorded game (a replay's [`Timeline`]) and knows nothing of the
//! terminal: `parlor review` prints it (module `text`, or [`Review::to_json`]) and a screen
//! can draw it from the same values.
//!
//! - **Decisions** (module `decisions`): every Forty-One die and every Chase the Ace keep,
//!   exchange, cut or King call of a human seat, each option valued by the measure the
//!   expert bot plays for, from what the seat knew then. The options' `value` is the chance
//!   to win the round (Forty-One) or not to end it lowest (Chase the Ace); the cost of a
//!   choice is the best value minus the chosen one, and marks it (see [`Mark`]).
//! - **Win probability** (module `series`): every seat's chance of winning the game at
//!   points through it, from the [`OddsSolver`](crate::odds::OddsSolver): exact where it
//!   solves the game, estimated where it does not, each point saying which; and the
//!   biggest swings between points, in words.

mod decisions;
mod series;
mod text;

use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;

use crate::games::{Action, Card, Dice, GameId, Settings, Turn, new_game};
use crate::odds::{DieHint, Method};
use crate::replay::{SavedStep, Timeline};
use crate::table::{SeatKind, Step, Table};
use crate::words::{self, Language};

pub use series::Budget;

/// The version of `parlor review --json`'s contract: raised when a key changes meaning or
/// goes away (new keys may come without it).
pub const JSON_SCHEMA: u32 = 1;

/// Win chance a choice must give away to be an inaccuracy (2 points).
pub const INACCURACY: f64 = 0.02;
/// ... a mistake (5 points).
pub const MISTAKE: f64 = 0.05;
/// ... a blunder (10 points).
pub const BLUNDER: f64 = 0.10;

/// How much a choice gave away, by its cost.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    /// Cost at least [`INACCURACY`].
    Inaccuracy,
    /// Cost at least [`MISTAKE`].
    Mistake,
    /// Cost at least [`BLUNDER`].
    Blunder,
}

impl Mark {
    /// The mark a choice of this cost earns; `None` below [`INACCURACY`].
    pub fn of(cost: f64) -> Option<Mark> {
        if cost >= BLUNDER {
            Some(Mark::Blunder)
        } else if cost >= MISTAKE {
            Some(Mark::Mistake)
        } else if cost >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The mark in a word, in the language this thread speaks.
    pub fn name(self) -> &'static str {
        static NAMES: LazyLock<[[String; 3]; 2]> = LazyLock::new(|| {
            Language::ALL.map(|l| {
                [
                    crate::said_in!(l, review_mark_inaccuracy),
                    crate::said_in!(l, review_mark_mistake),
                    crate::said_in!(l, review_mark_blunder),
                ]
            })
        });
        &NAMES[words::spoken() as usize][self as usize]
    }
}

/// A seat of the reviewed game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewedSeat {
    pub seat: u8,
    pub name: String,
    /// A person played it: its decisions are reviewed.
    pub human: bool,
}

/// What one option of a decision leads to.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Outlook {
    /// Forty-One: the die's figures, played on as the expert would.
    Die(DieHint),
    /// Chase the Ace: the chance of ending the round (tied) lowest.
    Card { p_lowest: f64 },
}

/// One option of a decision and its worth.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Considered {
    #[serde(serialize_with = "action_name")]
    pub action: Action,
    /// What the review compares, higher is better: Forty-One the chance to win the round,
    /// Chase the Ace the chance not to end the round lowest.
    pub value: f64,
    #[serde(flatten)]
    pub outlook: Outlook,
}

/// Where a decision was taken.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "game", rename_all = "kebab-case")]
pub enum Situation {
    FortyOne {
        round: u16,
        /// Plays of the round after a tie before this one: 0 the first time it is played.
        replay: u32,
        /// The roll of the turn, 1-6.
        roll_number: u8,
        #[serde(serialize_with = "shown")]
        roll: Dice,
        /// Dice set down earlier in the turn.
        set_down: Vec<u8>,
        /// The best score of the round so far (`None`: nobody has qualified).
        to_beat: Option<u8>,
        /// Players who roll after this one in the round.
        still_to_roll: usize,
    },
    ChaseTheAce {
        /// The round, from 1.
        round: u32,
        #[serde(serialize_with = "shown")]
        card: Card,
        dealer: bool,
        /// A King call: another seat is about to decide, and this one may throw its King
        /// down first.
        king_call: bool,
    },
}

/// One decision of a human seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    pub seat: u8,
    /// Steps played before it: the timeline's table at this step is the seat deciding.
    pub step: usize,
    pub situation: Situation,
    /// Every legal option, valued (Forty-One: one per face shown, lowest face first).
    pub options: Vec<Considered>,
    /// Index in `options` of the choice made.
    #[serde(skip)]
    pub chosen: usize,
    /// Index in `options` of the best choice: the highest value; the chosen one when it
    /// ties, else the later option (Forty-One: the higher face, as the expert picks).
    #[serde(skip)]
    pub best: usize,
    /// The best value minus the chosen value: the chance the choice gave away.
    pub cost: f64,
    pub mark: Option<Mark>,
}

impl Decision {
    /// Whether there was anything to choose.
    pub fn has_choice(&self) -> bool {
        self.options.len() > 1
    }

    pub fn chosen(&self) -> &Considered {
        &self.options[self.chosen]
    }

    pub fn best(&self) -> &Considered {
        &self.options[self.best]
    }
}

/// How well one human seat chose over the game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Accuracy {
    pub seat: u8,
    /// Decisions with more than one option: the only ones counted below.
    pub choices: usize,
    /// Choices as good as the best.
    pub best_taken: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The chance given away, summed over the choices.
    pub given_away: f64,
    /// Σ chosen value / Σ best value over the choices (1 with none, or when every best
    /// value was 0).
    pub accuracy: f64,
}

/// Every seat's chance of winning the game at one point of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WinPoint {
    /// Steps played: the timeline's table at this step.
    pub step: usize,
    /// The game's turn counter there (Chase the Ace: decisions so far).
    pub turn: u32,
    /// When it stands, in words: "turn 14", "round 3", "the finale's throw 2 of 3".
    pub moment: String,
    /// By seat (Swedish Aces: everyone but the loser wins, so they sum to players - 1).
    pub seat_win: Vec<f64>,
    pub method: Method,
    /// Estimates only: the standard error, the largest over the seats.
    pub std_error: Option<f64>,
}

/// One of the biggest moves of a seat's chance between two points.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Swing {
    /// The point before, and the point at which it had happened (steps played).
    pub from_step: usize,
    pub step: usize,
    /// The turn counter at the start of the move.
    pub turn: u32,
    /// The seat whose chance moved most.
    pub seat: u8,
    /// Its change in win chance (-0.31: 31 points lost).
    pub change: f64,
    /// What happened, in the narration's words.
    pub what: String,
    /// The swing in a line, as the review prints it: "Ben -31% at turn 14 — Ben rolls 1·6:
    /// one chip to the pot, one chip to Cara".
    pub label: String,
}

/// How hard the win-probability series worked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Effort {
    pub points: usize,
    /// Games each estimated point played out (exact points play none).
    pub samples_per_point: u32,
}

/// The review of one recorded game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub settings: Settings,
    pub seed: u64,
    /// Played to the end (else abandoned).
    pub finished: bool,
    pub seats: Vec<ReviewedSeat>,
    /// The human seats' decisions, in the order they were taken.
    pub decisions: Vec<Decision>,
    /// One per human seat, in the games whose decisions are valued (see
    /// [`Review::values_decisions`]).
    pub accuracy: Vec<Accuracy>,
    /// The points of the win-probability chart, in game order: the start, one per turn
    /// (Forty-One), per round (Chase the Ace) or per step that is not a bare roll (the dice
    /// games), and the end; spread evenly over the game when there would be too many.
    pub win_probability: Vec<WinPoint>,
    /// The biggest swings, in game order.
    pub swings: Vec<Swing>,
    pub effort: Effort,
}

impl Review {
    /// The review of a recorded game, within the default [`Budget`].
    pub fn of(timeline: &Timeline) -> Review {
        Review::within(timeline, &Budget::default())
    }

    /// The review of a recorded game, its estimates within `budget`.
    pub fn within(timeline: &Timeline, budget: &Budget) -> Review {
        Review::unless_stopped(timeline, budget, &AtomicBool::new(false))
            .expect("a review nobody stops is finished")
    }

    /// The review of a recorded game, its estimates within `budget`, given up (`None`)
    /// soon after `stop` is set: a screen that is left stops the work it asked for.
    pub fn unless_stopped(
        timeline: &Timeline,
        budget: &Budget,
        stop: &AtomicBool,
    ) -> Option<Review> {
        let last = timeline.last();
        let settings = *last.game().settings();
        // Each seat named as the table says it, in the language the review is made in.
        let names = last.names();
        let seats: Vec<ReviewedSeat> = last
            .seats()
            .iter()
            .zip(0..)
            .map(|(s, seat)| ReviewedSeat {
                seat,
                name: names.name(seat),
                human: s.kind == SeatKind::Human,
            })
            .collect();
        // One walk through the game: the decisions as they come, and where the log stands
        // after each step, for the swings' words.
        let mut walk = series::Walk::new(new_game(settings).as_ref());
        let decisions = walk_decisions(
            last,
            |seat| seats[usize::from(seat)].human,
            |step, table| walk.stepped(step, table.game(), table.log().len()),
            stop,
        )?;
        let (win_probability, effort) = walk.win_chances(last, budget, stop)?;
        let swings = series::swings(&win_probability, last, walk.log_ends());
        let accuracy = if settings.game.game_type().decisions.is_some() {
            seats
                .iter()
                .filter(|s| s.human)
                .map(|s| accuracy(s.seat, &decisions))
                .collect()
        } else {
            Vec::new()
        };
        Some(Review {
            settings,
            seed: last.seed(),
            finished: last.game().turn() == Turn::Over,
            seats,
            decisions,
            accuracy,
            win_probability,
            swings,
            effort,
        })
    }

    /// The seat's name.
    pub fn name(&self, seat: u8) -> &str {
        &self.seats[usize::from(seat)].name
    }

    /// Whether the review values this game's decisions: Forty-One's dice and Chase the
    /// Ace's cards are; the dice games' few choices (a wild's victim, a 3 given away, a
    /// throw bought) are not.
    pub fn values_decisions(&self) -> bool {
        self.settings.game.game_type().decisions.is_some()
    }

    /// Where a decision was taken, in a line: "Round 3, roll 2 of 6: 3·1·5·5·5; 19 to
    /// beat, 1 player after", "Round 2: Ben held 4♣, the dealer".
    pub fn situation_line(&self, decision: &Decision) -> String {
        text::situation(self, decision, false)
    }

    /// Where a decision was taken, in a few words for a list: "R3 roll 2  3·1·5·5·5",
    /// "R2 4♣ dealer".
    pub fn situation_short(&self, decision: &Decision) -> String {
        text::situation(self, decision, true)
    }

    /// One JSON object: `schema` ([`JSON_SCHEMA`]), `game`, `settings`, `seed`,
    /// `finished`, `seats`, `decisions` (each with `seat`, `step`, `situation`, `options`
    /// each with its `action` and values, `chosen`, `best`, `cost`, `mark`), `accuracy`,
    /// `win_probability` (one series per seat, each point with its `method`), `swings` and
    /// `effort`.
    pub fn to_json(&self) -> String {
        let json = Json {
            schema: JSON_SCHEMA,
            game: self.settings.game,
            settings: self.settings.signature(),
            seed: self.seed,
            finished: self.finished,
            seats: &self.seats,
            thresholds: Thresholds {
                inaccuracy: INACCURACY,
                mistake: MISTAKE,
                blunder: BLUNDER,
            },
            decisions: self
                .decisions
                .iter()
                .map(|decision| DecisionJson {
                    decision,
                    chosen: decision.chosen().action,
                    best: decision.best().action,
                })
                .collect(),
            accuracy: &self.accuracy,
            win_probability: self
                .seats
                .iter()
                .map(|s| SeriesJson {
                    seat: s.seat,
                    name: &s.name,
                    points: self
                        .win_probability
                        .iter()
                        .map(|point| PointJson {
                            step: point.step,
                            turn: point.turn,
                            moment: &point.moment,
                            p: point.seat_win[usize::from(s.seat)],
                            method: point.method,
                            std_error: point.std_error,
                        })
                        .collect(),
                })
                .collect(),
            swings: &self.swings,
            effort: self.effort,
        };
        serde_json::to_string_pretty(&json).expect("a review always serialises")
    }

    /// The review in readable lines within 80 columns, with a chart of the win chances
    /// (`chart`), or without it: the same figures in words, for screen readers.
    pub fn to_text(&self, chart: bool) -> String {
        text::describe(self, chart)
    }
}

#[derive(Serialize)]
struct Json<'a> {
    schema: u32,
    game: GameId,
    settings: String,
    seed: u64,
    finished: bool,
    seats: &'a [ReviewedSeat],
    thresholds: Thresholds,
    decisions: Vec<DecisionJson<'a>>,
    accuracy: &'a [Accuracy],
    win_probability: Vec<SeriesJson<'a>>,
    swings: &'a [Swing],
    effort: Effort,
}

/// The costs that mark a choice.
#[derive(Serialize)]
struct Thresholds {
    inaccuracy: f64,
    mistake: f64,
    blunder: f64,
}

#[derive(Serialize)]
struct DecisionJson<'a> {
    #[serde(flatten)]
    decision: &'a Decision,
    #[serde(serialize_with = "action_name")]
    chosen: Action,
    #[serde(serialize_with = "action_name")]
    best: Action,
}

/// One seat's chances through the game.
#[derive(Serialize)]
struct SeriesJson<'a> {
    seat: u8,
    name: &'a str,
    points: Vec<PointJson<'a>>,
}

#[derive(Serialize)]
struct PointJson<'a> {
    step: usize,
    turn: u32,
    moment: &'a str,
    p: f64,
    method: Method,
    #[serde(skip_serializing_if = "Option::is_none")]
    std_error: Option<f64>,
}

/// The accuracy of `seat`'s choices in a game played here (see [`Accuracy`]), without the
/// win chances a whole review works out: the daily deal's figure. `None` where the game's
/// decisions are not valued.
pub fn seat_accuracy(played: &Table, seat: u8) -> Option<f64> {
    played
        .game()
        .settings()
        .game
        .game_type()
        .decisions
        .as_ref()?;
    let decisions = walk_decisions(played, |s| s == seat, |_, _| {}, &AtomicBool::new(false))?;
    Some(accuracy(seat, &decisions).accuracy)
}

/// Walk through the game `last` ends: the decisions of the seats `reviewed` picks, each
/// valued as it comes, and every step handed to `stepped` with the table after it; `None`
/// once `stop` is set.
fn walk_decisions(
    last: &Table,
    reviewed: impl Fn(u8) -> bool,
    mut stepped: impl FnMut(Step, &Table),
    stop: &AtomicBool,
) -> Option<Vec<Decision>> {
    let mut table = Table::new(*last.game().settings(), last.seats().to_vec(), last.seed());
    let mut decisions = Vec::new();
    let mut plays = decisions::RoundPlays::default();
    for (index, &step) in last.history().iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        plays.note(table.game());
        if let Step::Action { seat, action } = step
            && reviewed(seat)
            && let Some(decision) =
                decisions::review(table.game(), seat, action, index, plays.replay())
        {
            decisions.push(decision);
        }
        table
            .replay_step(step)
            .expect("a game's own steps replay on its start");
        stepped(step, &table);
    }
    Some(decisions)
}

/// How one seat chose: see [`Accuracy`].
fn accuracy(seat: u8, decisions: &[Decision]) -> Accuracy {
    let choices: Vec<&Decision> = decisions
        .iter()
        .filter(|d| d.seat == seat && d.has_choice())
        .collect();
    let marked = |mark| choices.iter().filter(|d| d.mark == Some(mark)).count();
    let chosen: f64 = choices.iter().map(|d| d.chosen().value).sum();
    let best: f64 = choices.iter().map(|d| d.best().value).sum();
    Accuracy {
        seat,
        choices: choices.len(),
        best_taken: choices.iter().filter(|d| d.cost == 0.0).count(),
        inaccuracies: marked(Mark::Inaccuracy),
        mistakes: marked(Mark::Mistake),
        blunders: marked(Mark::Blunder),
        // An empty sum of floats is -0.0.
        given_away: choices.iter().map(|d| d.cost).sum::<f64>() + 0.0,
        accuracy: if best > 0.0 { chosen / best } else { 1.0 },
    }
}

/// An action by the name replays give it (`set-down 4`, `exchange`).
#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's serialize_with passes a reference"
)]
fn action_name<S: serde::Serializer>(action: &Action, serializer: S) -> Result<S::Ok, S::Error> {
    match SavedStep::of(&Step::Action {
        seat: 0,
        action: *action,
    }) {
        SavedStep::Action { action, .. } => serializer.serialize_str(&action),
        _ => unreachable!("an action is saved as one"),
    }
}

/// Dice or a card as the table shows them.
fn shown<S: serde::Serializer>(
    value: &impl std::fmt::Display,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}
