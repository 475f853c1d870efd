//! How Aces in the Pot looks and is said: the sole holder's seat and safe throws, the
//! finale's tracker, and a finale throw's words.

use crate::games::aces_in_the_pot::{self, AcesInThePot, ExtraThrow};
use crate::games::present::{
    Banner, Centre, HoldingKind, Label, Presentation, SeatInfo, chips_in_play, dice_game_seats,
    pot_centre, tag,
};
use crate::games::{Action, Event, Figures, Game, SeatNames, Variant, said_of};

impl Presentation for AcesInThePot {
    fn seats(&self) -> Vec<SeatInfo> {
        aces_seats(self)
    }

    fn centre(&self) -> Centre {
        pot_centre(self, crate::said!(pot), self.pot(), self.last_roll())
    }

    fn tracker(&self, names: &SeatNames, revealed: &[Event], held: u32, _pot: u32) -> Vec<Label> {
        aces(self, names, revealed, held)
    }

    fn action_label(&self, action: Action, _names: &SeatNames) -> Option<String> {
        match (action, self.phase()) {
            (Action::Roll, aces_in_the_pot::Phase::Finale { safe }) => {
                Some(crate::said!(action_throw_of, throw = safe + 1))
            }
            _ => None,
        }
    }

    fn banner(&self, event: &Event, names: &SeatNames) -> Option<Banner> {
        Some(match *event {
            Event::FinaleBegins { seat } => Banner::note(
                said_of!(names, aces_finale, seat),
                crate::said!(aces_finale_short),
            ),
            Event::SafeThrow { safe, .. } => Banner::note(
                crate::said!(aces_safe, safe = safe),
                crate::said!(aces_safe_short, safe = safe),
            ),
            Event::NormalPlayResumes { seat } => {
                let throw = match self.phase() {
                    aces_in_the_pot::Phase::Finale { safe } => safe + 1,
                    _ => 1,
                };
                let face = self.finale_face();
                Banner::round_end(
                    crate::said!(
                        aces_finale_fails,
                        throw = throw,
                        face = face,
                        name = names.name(seat)
                    ),
                    crate::said!(aces_finale_fails_short, face = face),
                )
            }
            Event::ThrowBought { seat } => Banner::note(
                said_of!(names, aces_throw_bought, seat),
                crate::said!(aces_throw_bought_short),
            ),
            Event::ThrowForgiven { seat } => Banner::note(
                said_of!(names, aces_forgiven, seat, face = self.finale_face()),
                crate::said!(aces_forgiven_short),
            ),
            _ => return None,
        })
    }

    fn game_over(&self, figures: &Figures, _names: &[String], _width: usize) -> Vec<String> {
        // The pot as the table shows it: the chips in the middle.
        vec![crate::said!(
            game_over_pot,
            pot = self.pot(),
            turns = figures.turns
        )]
    }

    fn moment(&self) -> Option<String> {
        match self.phase() {
            aces_in_the_pot::Phase::Finale { safe } => Some(crate::said!(
                aces_moment,
                throw = safe + 1,
                of = aces_in_the_pot::SAFE_THROWS_TO_WIN
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
        seat.status
            .push(tag(crate::said!(tag_sole), crate::said!(tag_sole_short)).said_as(crate::said!(tag_sole_said)));
        let marks = safe_marks(safe);
        seat.status.push(
            Label::new(crate::said!(aces_safe_marks, marks = &marks), marks)
                .said_as(crate::said!(aces_safe_said, words = safe_words(safe))),
        );
    }
    seats
}

/// Safe finale throws so far in words, as a screen reader says the marks: "none yet, 3 to
/// go", "2, 1 to go".
fn safe_words(safe: u8) -> String {
    let to_go = aces_in_the_pot::SAFE_THROWS_TO_WIN.saturating_sub(safe);
    crate::said!(aces_safe_words, safe = safe, to_go = to_go)
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
            let marks = safe_marks(safe);
            let mut lines = vec![
                Label::new(
                    said_of!(names, aces_tracker_finale, seat),
                    crate::said!(aces_tracker_finale_short),
                ),
                Label::new(
                    crate::said!(aces_tracker_safe, marks = &marks, safe = safe),
                    crate::said!(aces_tracker_safe_short, marks = &marks),
                )
                .said_as(crate::said!(aces_tracker_safe_said, words = safe_words(safe))),
                Label::same(crate::said!(aces_avoid, face = face)),
            ];
            match g.extra_throw() {
                ExtraThrow::Offered => lines.push(Label::new(
                    crate::said!(aces_may_buy),
                    crate::said!(aces_may_buy_short),
                )),
                ExtraThrow::Bought => lines.push(Label::new(
                    crate::said!(aces_bought, face = face),
                    crate::said!(aces_bought_short, face = face),
                )),
                ExtraThrow::None => {}
            }
            lines
        }
        None => vec![
            Label::new(
                crate::said!(
                    aces_faces,
                    paying = g.paying_face(),
                    passing = g.passing_face()
                ),
                crate::said!(
                    aces_faces_short,
                    paying = g.paying_face(),
                    passing = g.passing_face()
                ),
            ),
            chips_in_play(held),
        ],
    };
    if g.settings().has(Variant::PassAlternate) {
        let way = if g.passes_left() { "left" } else { "right" };
        let round = g.passing_round();
        lines.push(Label::new(
            crate::said!(aces_passing, round = round, way = way),
            crate::said!(aces_passing_short, round = round, way = way),
        ));
    }
    lines
}
