//! How Swedish Aces looks and is said: dice held, the centre, the opening roll and the
//! threes to keep or give.

use crate::games::present::{
    Banner, Centre, HoldingKind, Label, Presentation, SeatInfo, dice_game_seats, pot_centre,
    roll_label,
};
use crate::games::swedish_aces::{Phase, SwedishAces};
use crate::games::{Action, Event, Figures, SeatNames, said_of};

impl Presentation for SwedishAces {
    fn seats(&self) -> Vec<SeatInfo> {
        let over = self.phase() == Phase::Over;
        dice_game_seats(&self.dice(), self.current(), over, HoldingKind::Dice)
    }

    fn centre(&self) -> Centre {
        pot_centre(
            self,
            crate::said!(centre),
            self.centre(),
            self.last_roll(),
        )
    }

    fn tracker(&self, names: &SeatNames, _revealed: &[Event], held: u32, pot: u32) -> Vec<Label> {
        let mut lines = Vec::new();
        if let Phase::Opening { contenders } = self.phase() {
            lines.push(Label::new(
                crate::said!(swedish_opening, names = names.list(contenders)),
                crate::said!(swedish_opening_short, count = contenders.len()),
            ));
        }
        lines.push(Label::same(crate::said!(swedish_dice_in_play, count = held)));
        lines.push(Label::same(crate::said!(swedish_in_centre, count = pot)));
        let threes = self.threes_pending();
        if threes > 0 {
            lines.push(Label::new(
                crate::said!(swedish_threes, count = threes),
                crate::said!(swedish_threes_short, count = threes),
            ));
        }
        lines
    }

    fn action_label(&self, action: Action, _names: &SeatNames) -> Option<String> {
        (action == Action::Roll).then(|| roll_label(self.dice()[usize::from(self.current())]))
    }

    fn banner(&self, event: &Event, names: &SeatNames) -> Option<Banner> {
        Some(match *event {
            Event::Loses { seat } => Banner::win(
                said_of!(names, swedish_loses, seat),
                crate::said!(swedish_loses_short, name = names.name(seat)),
            ),
            Event::OpeningTie { seats, total } => Banner::note(
                crate::said!(swedish_tie, names = names.list(seats), total = total),
                crate::said!(swedish_tie_short, total = total),
            ),
            Event::Opens { seat, total } => Banner::note(
                said_of!(names, swedish_opens, seat, total = total),
                crate::said!(swedish_opens_short, name = names.name(seat)),
            ),
            _ => return None,
        })
    }

    fn game_over(&self, figures: &Figures, _names: &[String], _width: usize) -> Vec<String> {
        // Dice go to the centre and are out: there is no pot to win.
        vec![crate::said!(game_over_turns, turns = figures.turns)]
    }
}
