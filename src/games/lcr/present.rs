//! How LCR looks and is said: its dice's letters, the chips in play and the wilds to take.

use crate::games::lcr::Lcr;
use crate::games::present::{
    Banner, Centre, DieFace, HoldingKind, Label, Presentation, SeatInfo, chips_in_play,
    dice_game_seats, pot_centre, roll_label,
};
use crate::games::{Action, Event, Figures, SeatNames, said_of};

impl Presentation for Lcr {
    fn seats(&self) -> Vec<SeatInfo> {
        dice_game_seats(
            &self.chips(),
            self.current(),
            self.is_over(),
            HoldingKind::Chips,
        )
    }

    fn centre(&self) -> Centre {
        pot_centre(self, crate::said!(pot), self.pot(), self.last_roll())
    }

    fn die_face(&self, pips: u8) -> DieFace {
        DieFace::Letter(self.face(pips).symbol())
    }

    fn tracker(&self, _names: &SeatNames, _revealed: &[Event], held: u32, _pot: u32) -> Vec<Label> {
        let mut lines = vec![chips_in_play(held)];
        if self.wilds_pending() > 0 {
            lines.push(Label::same(crate::said!(
                lcr_wilds,
                count = self.wilds_pending()
            )));
        }
        lines
    }

    fn action_label(&self, action: Action, _names: &SeatNames) -> Option<String> {
        (action == Action::Roll).then(|| roll_label(self.dice_to_roll()))
    }

    fn banner(&self, event: &Event, names: &SeatNames) -> Option<Banner> {
        Some(match *event {
            Event::WildTakes { seat, from } => Banner::note(
                said_of!(names, lcr_wild_takes, seat, from = names.name(from)),
                crate::said!(lcr_wild_takes_short),
            ),
            Event::WildFizzles { seat } => Banner::note(
                crate::said!(lcr_wild_fizzles, name = names.name(seat)),
                crate::said!(lcr_wild_fizzles_short),
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
}
