//! Each game's tracker: a few short lines on where the game stands. While a step's
//! events land one by one, the tracker follows them (the table before the step, then each
//! event shown so far), so it never says what the log has not yet said, nor lags it.

use super::{Label, SeatInfo, safe_marks};
use crate::games::aces_in_the_pot::{self, AcesInThePot, ExtraThrow};
use crate::games::chase_the_ace::{self, ChaseView};
use crate::games::forty_one::FortyOne;
use crate::games::forty_one::solver::TurnState;
use crate::games::swedish_aces;
use crate::games::{Event, Game, SeatNames, SeatSet, Variant, View};

/// The game's tracker at rest, a few lines, each with a short form.
pub fn tracker(view: &View, names: &SeatNames) -> Vec<Label> {
    let seats = super::seats(view);
    tracker_during(view, names, &[], &seats, super::centre(view).pot)
}

/// The tracker while a step is shown: `view` is the table before the step, `revealed` the
/// step's events shown so far, `seats` and `pot` what the table shows they hold now.
pub fn tracker_during(
    view: &View,
    names: &SeatNames,
    revealed: &[Event],
    seats: &[SeatInfo],
    pot: u32,
) -> Vec<Label> {
    let held: u32 = seats.iter().map(|s| s.holding.count).sum();
    match view {
        View::AcesInThePot(g) => aces(g, names, revealed, held),
        View::SwedishAces(g) => {
            let mut lines = Vec::new();
            if let swedish_aces::Phase::Opening { contenders } = g.phase() {
                lines.push(Label::new(
                    format!("Opening roll: {} for the start", names.list(contenders)),
                    format!("Opening roll, {} rolling", contenders.len()),
                ));
            }
            lines.push(Label::same(format!("Dice in play: {held}")));
            lines.push(Label::same(format!("In the centre: {pot}")));
            if g.threes_pending() > 0 {
                lines.push(Label::new(
                    format!("Threes to keep or give: {}", g.threes_pending()),
                    format!("Threes: {}", g.threes_pending()),
                ));
            }
            lines
        }
        View::Lcr(g) => {
            let mut lines = vec![chips_in_play(held)];
            if g.wilds_pending() > 0 {
                lines.push(Label::same(format!("Wilds to take: {}", g.wilds_pending())));
            }
            lines
        }
        View::FortyOne(g) => forty_one(g, names, revealed),
        View::ChaseTheAce(v) => chase(v, names, revealed),
    }
}

fn aces(g: &AcesInThePot, names: &SeatNames, revealed: &[Event], held: u32) -> Vec<Label> {
    // Who throws alone, and their safe throws so far, as the events shown have it.
    let mut finale = match g.phase() {
        aces_in_the_pot::Phase::Finale { safe } => Some((g.current(), safe)),
        _ => None,
    };
    for event in revealed {
        match *event {
            Event::FinaleBegins { seat } => finale = Some((seat, 0)),
            Event::SafeThrow { seat, safe } => finale = Some((seat, safe)),
            Event::NormalPlayResumes { .. } => finale = None,
            _ => {}
        }
    }
    let mut lines = match finale {
        Some((seat, safe)) => {
            let face = g.finale_face();
            let mut lines = vec![
                Label::new(
                    format!("FINALE: {} alone", names.says(seat, "throws", "throw")),
                    "FINALE",
                ),
                Label::new(
                    format!("Safe throws {} ({safe} of 3)", safe_marks(safe)),
                    format!("Safe {}", safe_marks(safe)),
                ),
                Label::same(format!("Avoid the {face}")),
            ];
            match g.extra_throw() {
                ExtraThrow::Offered => lines.push(Label::new(
                    "May buy an extra throw for 1 chip",
                    "Extra throw: 1 chip",
                )),
                ExtraThrow::Bought => lines.push(Label::new(
                    format!("Extra throw bought: one {face} forgiven"),
                    format!("One {face} forgiven"),
                )),
                ExtraThrow::None => {}
            }
            lines
        }
        None => vec![
            Label::new(
                format!(
                    "{} pays the pot, {} passes",
                    g.paying_face(),
                    g.passing_face()
                ),
                format!("{} pays, {} passes", g.paying_face(), g.passing_face()),
            ),
            chips_in_play(held),
        ],
    };
    if g.settings().has(Variant::PassAlternate) {
        let way = if g.passes_left() { "left" } else { "right" };
        let round = g.passing_round();
        lines.push(Label::new(
            format!("Round {round}: chips pass {way}"),
            format!("R{round}: {way}"),
        ));
    }
    lines
}

fn chips_in_play(total: u32) -> Label {
    Label::new(
        format!("Chips in play: {total}"),
        format!("In play: {total}"),
    )
}

/// How a Forty-One turn ended.
#[derive(Clone, Copy)]
enum TurnEnd {
    Scored(u8),
    Bust,
}

/// A Forty-One turn as the tracker tells it.
struct FortyOneTurn {
    round: u16,
    set_down: Vec<u8>,
    state: TurnState,
    to_beat: Option<u8>,
    /// The turn is over, and how.
    ended: Option<TurnEnd>,
    /// How the round ended, once it has.
    result: Option<Label>,
}

impl FortyOneTurn {
    fn of(g: &FortyOne) -> FortyOneTurn {
        FortyOneTurn {
            round: g.round(),
            set_down: g.set_down().to_vec(),
            state: g.turn_state(),
            to_beat: g.score_to_beat(),
            ended: None,
            result: None,
        }
    }

    fn hear(&mut self, event: &Event, names: &SeatNames) {
        match *event {
            Event::SetDown { face, .. } => {
                self.set_down.push(face);
                self.state = self.state.after(face);
            }
            Event::Scored { score, .. } => {
                self.ended = Some(score.map_or(TurnEnd::Bust, TurnEnd::Scored));
                self.to_beat = self.to_beat.max(score);
            }
            Event::RoundWon { seat, score, .. } => {
                self.result = Some(Label::new(
                    format!(
                        "Round {}: {} with {score}",
                        self.round,
                        names.says(seat, "wins", "win")
                    ),
                    format!("R{} to {}", self.round, names.name(seat)),
                ));
            }
            Event::RoundShared { .. } => {
                self.result = Some(Label::new(
                    format!("Round {}: shared", self.round),
                    format!("R{} shared", self.round),
                ));
            }
            Event::RoundTied { .. } => {
                self.result = Some(Label::new(
                    format!("Round {}: a tie, played again", self.round),
                    format!("R{} tied: again", self.round),
                ));
            }
            Event::RoundBegins { round, .. } => {
                *self = FortyOneTurn {
                    round,
                    set_down: Vec::new(),
                    state: TurnState::START,
                    to_beat: None,
                    ended: None,
                    result: None,
                };
            }
            _ => {}
        }
    }
}

fn forty_one(g: &FortyOne, names: &SeatNames, revealed: &[Event]) -> Vec<Label> {
    let mut turn = FortyOneTurn::of(g);
    for event in revealed {
        turn.hear(event, names);
    }
    let tick = |done: bool| if done { "✓" } else { "·" };
    let down = if turn.set_down.is_empty() {
        "—".to_owned()
    } else {
        let faces: Vec<String> = turn.set_down.iter().map(u8::to_string).collect();
        faces.join(" ")
    };
    let state = turn.state;
    let score = match turn.ended {
        Some(TurnEnd::Scored(score)) => format!("scored {score}"),
        Some(TurnEnd::Bust) => "bust: no score".to_owned(),
        None if state.has_four && state.has_one => format!("score so far {}", state.pips - 5),
        None => "score so far —".to_owned(),
    };
    let rounds = g.settings().rounds;
    let round = turn.round;
    let position = if turn.ended.is_some() {
        Label::new(
            format!("Round {round} of {rounds} · turn over"),
            format!("R{round}/{rounds} · done"),
        )
    } else {
        let roll = (turn.set_down.len() + 1).min(6);
        Label::new(
            format!("Round {round} of {rounds} · roll {roll} of 6"),
            format!("R{round}/{rounds} · roll {roll}/6"),
        )
    };
    let to_beat = turn
        .to_beat
        .map_or("none yet".to_owned(), |s| s.to_string());
    let has = |done: bool| if done { "has" } else { "no" };
    let spoken_down = if turn.set_down.is_empty() {
        "nothing"
    } else {
        down.as_str()
    };
    let spoken_score = score.replace('—', "none yet");
    vec![
        position,
        Label::new(format!("Set down: {down}"), format!("Down: {down}"))
            .said_as(format!("Set down: {spoken_down}")),
        Label::new(
            format!(
                "4 {}   1 {}   {score}",
                tick(state.has_four),
                tick(state.has_one)
            ),
            format!("4{} 1{} {score}", tick(state.has_four), tick(state.has_one)),
        )
        .said_as(format!(
            "{} 4, {} 1, {spoken_score}",
            has(state.has_four),
            has(state.has_one)
        )),
        turn.result.unwrap_or_else(|| {
            Label::new(
                format!("Score to beat: {to_beat}"),
                format!("To beat: {to_beat}"),
            )
        }),
    ]
}

fn chase(v: &ChaseView, names: &SeatNames, revealed: &[Event]) -> Vec<Label> {
    // "your turn" for the viewer, "Ben's turn" for anyone else.
    let whose = if v.viewer == Some(v.current) {
        "your".to_owned()
    } else {
        names.possessive(v.current)
    };
    // Once a King is down or the cards are out, the round is at its showdown.
    let showdown = revealed.iter().find_map(|event| match *event {
        Event::KingThrown { seat } => Some(Label::new(
            format!("{} a King: showdown", names.says(seat, "threw", "threw")),
            "King down".to_owned(),
        )),
        Event::Cut { .. } | Event::Shown { .. } => {
            Some(Label::new("Showdown".to_owned(), "Showdown".to_owned()))
        }
        _ => None,
    });
    let (phase, short) = match v.phase {
        _ if showdown.is_some() => {
            let label = showdown.expect("a showdown");
            (label.full, label.short)
        }
        chase_the_ace::Phase::Deal => (
            "Shuffling for the next deal".to_owned(),
            "Shuffling".to_owned(),
        ),
        chase_the_ace::Phase::Exchange => {
            (format!("Exchanges: {whose} turn"), format!("{whose} turn"))
        }
        // Only the King's holder ever sees this phase.
        chase_the_ace::Phase::KingCall { next } => (
            format!("Throw your King down before {}'s turn?", names.name(next)),
            "Throw the King?".to_owned(),
        ),
        chase_the_ace::Phase::DealerChoice => (
            format!("Keep or cut: {whose} turn (dealer)"),
            format!("Dealer: {whose} turn"),
        ),
        chase_the_ace::Phase::Over => ("Game over".to_owned(), "Over".to_owned()),
    };
    let round = chase_round(v);
    let mut lines = vec![
        Label::new(
            format!("Round {round} · {phase}"),
            format!("R{round} · {short}"),
        ),
        Label::new(
            format!("Players in: {}", v.in_game.len()),
            format!("In: {}", v.in_game.len()),
        ),
    ];
    // Only those still in: a player who went out on grace is out, not on grace.
    let grace: SeatSet = v
        .on_grace
        .iter()
        .filter(|&s| v.in_game.contains(s))
        .collect();
    if !grace.is_empty() {
        lines.push(Label::new(
            format!("On grace: {}", names.list(grace)),
            format!("On grace: {}", grace.len()),
        ));
    }
    lines
}

/// The round a Chase the Ace table is in, counted from 1: during a deal the round being
/// played, between deals and at the end the last round played, so the tracker and the
/// game-over panel agree.
pub fn chase_round(v: &ChaseView) -> u32 {
    match v.phase {
        chase_the_ace::Phase::Exchange
        | chase_the_ace::Phase::KingCall { .. }
        | chase_the_ace::Phase::DealerChoice => v.round + 1,
        chase_the_ace::Phase::Deal | chase_the_ace::Phase::Over => v.round.max(1),
    }
}
