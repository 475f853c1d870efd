//! Each game's tracker: a few short lines on where the game stands.

use super::{Label, agree, safe_marks, seat_name};
use crate::games::aces_in_the_pot::{self, AcesInThePot, ExtraThrow};
use crate::games::chase_the_ace::{self, ChaseView};
use crate::games::forty_one::FortyOne;
use crate::games::swedish_aces;
use crate::games::{Game, SeatSet, Variant, View};

/// The game's tracker, a few lines, each with a short form.
pub fn tracker(view: &View, names: &[String]) -> Vec<Label> {
    match view {
        View::AcesInThePot(g) => aces(g, names),
        View::SwedishAces(g) => {
            let mut lines = Vec::new();
            if let swedish_aces::Phase::Opening { contenders } = g.phase() {
                lines.push(Label::new(
                    format!(
                        "Opening roll: {} for the start",
                        seat_list(contenders, names)
                    ),
                    format!("Opening roll, {} rolling", contenders.len()),
                ));
            }
            lines.push(Label::same(format!("Dice in play: {}", g.in_play())));
            lines.push(Label::same(format!("In the centre: {}", g.centre())));
            if g.threes_pending() > 0 {
                lines.push(Label::new(
                    format!("Threes to keep or give: {}", g.threes_pending()),
                    format!("Threes: {}", g.threes_pending()),
                ));
            }
            lines
        }
        View::Lcr(g) => {
            let mut lines = vec![chips_in_play(&g.chips())];
            if g.wilds_pending() > 0 {
                lines.push(Label::same(format!("Wilds to take: {}", g.wilds_pending())));
            }
            lines
        }
        View::FortyOne(g) => forty_one(g),
        View::ChaseTheAce(v) => chase(v, names),
    }
}

fn aces(g: &AcesInThePot, names: &[String]) -> Vec<Label> {
    let mut lines = match g.phase() {
        aces_in_the_pot::Phase::Finale { safe } => {
            let face = g.finale_face();
            let mut lines = vec![
                Label::new(
                    format!(
                        "FINALE: {} alone",
                        agree(&seat_name(names, g.current()), "throws", "throw")
                    ),
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
        _ => vec![
            Label::new(
                format!(
                    "{} pays the pot, {} passes",
                    g.paying_face(),
                    g.passing_face()
                ),
                format!("{} pays, {} passes", g.paying_face(), g.passing_face()),
            ),
            chips_in_play(&g.chips()),
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

fn chips_in_play(chips: &[u8]) -> Label {
    let total: u32 = chips.iter().map(|&c| u32::from(c)).sum();
    Label::new(
        format!("Chips in play: {total}"),
        format!("In play: {total}"),
    )
}

fn seat_list(seats: SeatSet, names: &[String]) -> String {
    let names: Vec<String> = seats.iter().map(|s| seat_name(names, s)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn forty_one(g: &FortyOne) -> Vec<Label> {
    let state = g.turn_state();
    let tick = |done: bool| if done { "✓" } else { "·" };
    let down = g
        .set_down()
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let down = if down.is_empty() {
        "—".to_owned()
    } else {
        down
    };
    let so_far = if state.has_four && state.has_one {
        format!("{}", state.pips - 5)
    } else {
        "—".to_owned()
    };
    let roll = g.roll_number().min(6);
    let round = g.round();
    let rounds = g.settings().rounds;
    let to_beat = g
        .score_to_beat()
        .map_or("none yet".to_owned(), |s| s.to_string());
    vec![
        Label::new(
            format!("Round {round} of {rounds} · roll {roll} of 6"),
            format!("R{round}/{rounds} · roll {roll}/6"),
        ),
        Label::new(format!("Set down: {down}"), format!("Down: {down}")),
        Label::new(
            format!(
                "4 {}   1 {}   score so far {so_far}",
                tick(state.has_four),
                tick(state.has_one)
            ),
            format!(
                "4{} 1{} score {so_far}",
                tick(state.has_four),
                tick(state.has_one)
            ),
        ),
        Label::new(
            format!("Score to beat: {to_beat}"),
            format!("To beat: {to_beat}"),
        ),
    ]
}

fn chase(v: &ChaseView, names: &[String]) -> Vec<Label> {
    // "your turn" for the viewer, "Ben's turn" for anyone else.
    let whose = if v.viewer == Some(v.current) {
        "your".to_owned()
    } else {
        format!("{}'s", seat_name(names, v.current))
    };
    let (phase, short) = match v.phase {
        chase_the_ace::Phase::Deal => (
            "Shuffling for the next deal".to_owned(),
            "Shuffling".to_owned(),
        ),
        chase_the_ace::Phase::Exchange => {
            (format!("Exchanges: {whose} turn"), format!("{whose} turn"))
        }
        // Only the King's holder ever sees this phase.
        chase_the_ace::Phase::KingCall { next } => (
            format!(
                "Throw your King down before {}'s turn?",
                seat_name(names, next)
            ),
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
            format!("On grace: {}", seat_list(grace, names)),
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
