//! How Swedish Aces looks and is said: dice held, the centre, the opening roll and the
//! threes to keep or give.

use crate::games::present::{
    Banner, Centre, HoldingKind, Label, Presentation, SeatInfo, dice_game_seats, pot_centre,
    roll_label,
};
use crate::games::swedish_aces::{Phase, SwedishAces};
use crate::games::{Action, Event, Figures, SeatNames};

impl Presentation for SwedishAces {
    fn seats(&self) -> Vec<SeatInfo> {
        let over = self.phase() == Phase::Over;
        dice_game_seats(&self.dice(), self.current(), over, HoldingKind::Dice)
    }

    fn centre(&self) -> Centre {
        pot_centre(self, "Centre", self.centre(), self.last_roll())
    }

    fn tracker(&self, names: &SeatNames, _revealed: &[Event], held: u32, pot: u32) -> Vec<Label> {
        let mut lines = Vec::new();
        if let Phase::Opening { contenders } = self.phase() {
            lines.push(Label::new(
                format!("Opening roll: {} for the start", names.list(contenders)),
                format!("Opening roll, {} rolling", contenders.len()),
            ));
        }
        lines.push(Label::same(format!("Dice in play: {held}")));
        lines.push(Label::same(format!("In the centre: {pot}")));
        if self.threes_pending() > 0 {
            lines.push(Label::new(
                format!("Threes to keep or give: {}", self.threes_pending()),
                format!("Threes: {}", self.threes_pending()),
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
                format!(
                    "{} the last die: everyone else wins!",
                    names.says(seat, "sends", "send")
                ),
                format!("{} last", names.name(seat)),
            ),
            Event::OpeningTie { seats, total } => Banner::note(
                format!("{} tie on {total}: roll again", names.list(seats)),
                format!("A tie on {total}"),
            ),
            Event::Opens { seat, total } => Banner::note(
                format!("{} with {total}", names.says(seat, "starts", "start")),
                format!("{} starts", names.name(seat)),
            ),
            _ => return None,
        })
    }

    fn game_over(&self, figures: &Figures, _names: &[String], _width: usize) -> Vec<String> {
        // Dice go to the centre and are out: there is no pot to win.
        vec![format!("Turns: {}", figures.turns)]
    }
}
