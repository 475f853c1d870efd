//! How LCR looks and is said: its dice's letters, the chips in play and the wilds to take.

use crate::games::lcr::Lcr;
use crate::games::present::{
    Centre, DieFace, HoldingKind, Label, Presentation, SeatInfo, chips_in_play, dice_game_seats,
    pot_centre, roll_label,
};
use crate::games::{Action, Event, SeatNames};

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
        pot_centre(self, "Pot", self.pot(), self.last_roll())
    }

    fn die_face(&self, pips: u8) -> DieFace {
        DieFace::Letter(self.face(pips).symbol())
    }

    fn tracker(&self, _names: &SeatNames, _revealed: &[Event], held: u32, _pot: u32) -> Vec<Label> {
        let mut lines = vec![chips_in_play(held)];
        if self.wilds_pending() > 0 {
            lines.push(Label::same(format!(
                "Wilds to take: {}",
                self.wilds_pending()
            )));
        }
        lines
    }

    fn action_label(&self, action: Action, _names: &SeatNames) -> Option<String> {
        (action == Action::Roll).then(|| roll_label(self.dice_to_roll()))
    }
}
