//! How Help Your Neighbour looks and is said: the numbers each seat owns, the size of the
//! dice, the counters still to pay and the games of a match.

use super::{HelpYourNeighbour, numbers_each, numbers_of, owner};
use crate::games::present::{
    Banner, Centre, DieFace, HoldingKind, Label, Presentation, SeatInfo, dice_game_seats,
    faces_as, roll_label,
};
use crate::games::{Action, Event, Figures, Game, SeatNames, counted};

impl HelpYourNeighbour {
    /// The numbers `seat` owns, as the table labels them: "1-3", "4".
    fn owned(&self, seat: u8) -> String {
        let numbers = numbers_of(seat, self.settings().players);
        if numbers.start() == numbers.end() {
            numbers.start().to_string()
        } else {
            format!("{}-{}", numbers.start(), numbers.end())
        }
    }

    /// The dice in words: "three d8, the 8 blank".
    fn dice_words(&self) -> (String, String) {
        let players = self.settings().players;
        let sides = self.sides();
        let blanks: Vec<String> = (1..=sides)
            .filter(|&face| owner(face, players).is_none())
            .map(|face| face.to_string())
            .collect();
        let full = match blanks.len() {
            0 => format!("Dice: three d{sides}"),
            1 => format!("Dice: three d{sides}, the {} blank", blanks[0]),
            _ => format!("Dice: three d{sides}, {} blank", blanks.join(" and ")),
        };
        (full, format!("3d{sides}"))
    }
}

impl Presentation for HelpYourNeighbour {
    fn seats(&self) -> Vec<SeatInfo> {
        let mut seats = dice_game_seats(
            self.counters(),
            self.roller(),
            self.is_over(),
            HoldingKind::Counters,
        );
        let many = numbers_each(self.settings().players) > 1;
        for (seat, info) in (0u8..).zip(&mut seats) {
            let owned = self.owned(seat);
            let full = if many {
                format!("OWNS {owned}")
            } else {
                format!("OWNS #{owned}")
            };
            let said = owned.replace('-', " to ");
            info.status = vec![Label::new(full, format!("#{owned}")).said_as(format!("owns {said}"))];
            if self.settings().rounds > 1 {
                let won = u32::from(self.games_won()[usize::from(seat)]);
                info.status.push(Label::new(
                    format!("{} won", counted(won, "game", "games")),
                    format!("{won} won"),
                ));
            }
        }
        seats
    }

    fn centre(&self) -> Centre {
        Centre {
            pot_label: "Pot",
            pot: self.pot(),
            roll: self
                .last_roll()
                .map(|(seat, dice)| (seat, faces_as(self, dice.faces().iter().copied()))),
            cards: None,
        }
    }

    fn die_face(&self, face: u8) -> DieFace {
        if self.sides() == 6 {
            DieFace::Pips(face)
        } else {
            DieFace::Number(face)
        }
    }

    fn tracker(&self, _names: &SeatNames, _revealed: &[Event], held: u32, _pot: u32) -> Vec<Label> {
        let (dice, short) = self.dice_words();
        let mut lines = vec![
            Label::new(dice, short),
            Label::new(format!("Counters to pay: {held}"), format!("To pay: {held}")),
        ];
        let rounds = self.settings().rounds;
        if rounds > 1 {
            let game = self.game_number();
            lines.push(Label::new(
                format!("Game {game} of {rounds}"),
                format!("{game}/{rounds}"),
            ));
        }
        lines
    }

    fn action_label(&self, action: Action, _names: &SeatNames) -> Option<String> {
        (action == Action::Roll).then(|| roll_label(super::DICE))
    }

    fn banner(&self, event: &Event, names: &SeatNames) -> Option<Banner> {
        let rounds = self.settings().rounds;
        Some(match *event {
            // A game of a match: its end is a moment to look, the match's is the win.
            Event::Wins { seat, .. } if rounds > 1 => Banner::round_end(
                format!(
                    "{} out: game {} of {rounds} won!",
                    names.says(seat, "pays", "pay"),
                    self.game_number()
                ),
                format!("{} game {}", names.says(seat, "wins", "win"), self.game_number()),
            ),
            Event::RoundBegins { round, opener } => Banner::note(
                format!(
                    "Game {round} of {rounds}: {} first",
                    names.says(opener, "rolls", "roll")
                ),
                format!("Game {round}"),
            ),
            Event::MatchWon { seats, pile } => {
                let who = match seats.only() {
                    Some(seat) => names.says(seat, "wins", "win"),
                    None => format!("{} share", names.list(seats)),
                };
                let games = counted(pile, "game", "games");
                Banner::win(
                    format!("{who} the match with {games}!"),
                    format!("{who} the match!"),
                )
            }
            _ => return None,
        })
    }

    fn game_over(&self, figures: &Figures, names: &[String], width: usize) -> Vec<String> {
        let mut lines = vec![format!("Pot: {}   Turns: {}", self.pot(), figures.turns)];
        if self.settings().rounds > 1 {
            let standings: Vec<String> = names
                .iter()
                .zip(self.games_won())
                .map(|(name, won)| format!("{name} {won}"))
                .collect();
            let mut line = String::from("Games won:");
            for standing in standings {
                if line.chars().count() + 1 + standing.chars().count() > width {
                    lines.push(std::mem::take(&mut line));
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(&standing);
            }
            lines.push(line);
        }
        lines
    }
}
