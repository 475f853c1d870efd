//! How Aces in the Pot looks and is said: the sole holder's seat and safe throws, the
//! finale's tracker, and a finale throw's words.

use crate::games::aces_in_the_pot::{self, AcesInThePot, ExtraThrow};
use crate::games::present::{
    Banner, Centre, HoldingKind, Label, Presentation, SeatInfo, chips_in_play, dice_game_seats,
    pot_centre, tag,
};
use crate::games::{Action, Event, Figures, Game, SeatNames, Variant};

impl Presentation for AcesInThePot {
    fn seats(&self) -> Vec<SeatInfo> {
        aces_seats(self)
    }

    fn centre(&self) -> Centre {
        pot_centre(self, "Pot", self.pot(), self.last_roll())
    }

    fn tracker(&self, names: &SeatNames, revealed: &[Event], held: u32, _pot: u32) -> Vec<Label> {
        aces(self, names, revealed, held)
    }

    fn action_label(&self, action: Action, _names: &SeatNames) -> Option<String> {
        match (action, self.phase()) {
            (Action::Roll, aces_in_the_pot::Phase::Finale { safe }) => {
                Some(format!("Throw {} of 3", safe + 1))
            }
            _ => None,
        }
    }

    fn banner(&self, event: &Event, names: &SeatNames) -> Option<Banner> {
        Some(match *event {
            Event::FinaleBegins { seat } => Banner::note(
                format!(
                    "Finale: {} alone, three safe throws to win",
                    names.says(seat, "throws", "throw")
                ),
                "Finale!".to_owned(),
            ),
            Event::SafeThrow { safe, .. } => Banner::note(
                format!("Throw {safe} of 3: safe!"),
                format!("{safe} of 3 safe"),
            ),
            Event::NormalPlayResumes { seat } => {
                let throw = match self.phase() {
                    aces_in_the_pot::Phase::Finale { safe } => safe + 1,
                    _ => 1,
                };
                let face = self.finale_face();
                Banner::round_end(
                    format!(
                        "Throw {throw} of 3: a {face}! The finale fails; {} is back in",
                        names.name(seat)
                    ),
                    format!("A {face}! The finale fails"),
                )
            }
            Event::ThrowBought { seat } => Banner::note(
                format!(
                    "{} an extra throw for a chip",
                    names.says(seat, "buys", "buy")
                ),
                "Extra throw!".to_owned(),
            ),
            Event::ThrowForgiven { seat } => {
                let face = self.finale_face();
                Banner::note(
                    format!(
                        "A {face}, forgiven: {} extra throw is used",
                        names.possessive(seat)
                    ),
                    "Forgiven!".to_owned(),
                )
            }
            _ => return None,
        })
    }

    fn game_over(&self, figures: &Figures, _names: &[String], _width: usize) -> Vec<String> {
        // The pot as the table shows it: the chips in the middle.
        vec![format!("Pot: {}   Turns: {}", self.pot(), figures.turns)]
    }

    fn moment(&self) -> Option<String> {
        match self.phase() {
            aces_in_the_pot::Phase::Finale { safe } => Some(format!(
                "the finale's throw {} of {}",
                safe + 1,
                aces_in_the_pot::SAFE_THROWS_TO_WIN
            )),
            _ => None,
        }
    }
}

fn aces_seats(g: &AcesInThePot) -> Vec<SeatInfo> {
    let over = g.phase() == aces_in_the_pot::Phase::Over;
    let mut seats = dice_game_seats(&g.chips(), g.current(), over, HoldingKind::Chips);
    if let aces_in_the_pot::Phase::Finale { safe } = g.phase() {
        let seat = &mut seats[usize::from(g.current())];
        seat.status.push(tag("SOLE", "SOLE").said_as("sole holder"));
        seat.status.push(
            Label::new(format!("safe {}", safe_marks(safe)), safe_marks(safe))
                .said_as(format!("safe throws: {}", safe_words(safe))),
        );
    }
    seats
}

/// Safe finale throws so far in words, as a screen reader says the marks: "none yet, 3 to
/// go", "2, 1 to go".
fn safe_words(safe: u8) -> String {
    let to_go = aces_in_the_pot::SAFE_THROWS_TO_WIN.saturating_sub(safe);
    match safe {
        0 => format!("none yet, {to_go} to go"),
        _ => format!("{safe}, {to_go} to go"),
    }
}

/// Safe finale throws so far as filled and empty marks: `●●○`.
fn safe_marks(safe: u8) -> String {
    let safe = usize::from(safe);
    let total = usize::from(aces_in_the_pot::SAFE_THROWS_TO_WIN);
    format!(
        "{}{}",
        "●".repeat(safe),
        "○".repeat(total - safe.min(total))
    )
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
                )
                .said_as(format!("Safe throws: {}", safe_words(safe))),
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
