//! How Help Your Neighbour looks and is said: the numbers each seat owns, the size of the
//! dice, the counters still to pay and the games of a match.

use super::{HelpYourNeighbour, numbers_each, numbers_of, owner};
use crate::games::present::{
    Banner, Centre, DieFace, HoldingKind, Label, Presentation, SeatInfo, dice_game_seats,
    faces_as, roll_label,
};
use crate::games::{Action, Event, Figures, Game, SeatNames, said_name, said_of};

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
        let full = match blanks.as_slice() {
            [] => crate::said!(help_dice, sides = sides),
            [blank] => crate::said!(help_dice_blank, sides = sides, blank = blank),
            [first, rest @ ..] => {
                let blanks = rest.iter().fold(first.clone(), |first, last| {
                    crate::said!(list_pair, first = first, last = last)
                });
                crate::said!(help_dice_blanks, sides = sides, blanks = blanks)
            }
        };
        (full, crate::said!(help_dice_short, sides = sides))
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
                crate::said!(help_owns, owned = &owned)
            } else {
                crate::said!(help_owns_one, owned = &owned)
            };
            let said = match owned.split_once('-') {
                Some((from, to)) => crate::said!(help_owns_range, from = from, to = to),
                None => owned.clone(),
            };
            info.status = vec![
                Label::new(full, crate::said!(help_owns_short, owned = &owned))
                    .said_as(crate::said!(help_owns_said, owned = said)),
            ];
            if self.settings().rounds > 1 {
                let won = u32::from(self.games_won()[usize::from(seat)]);
                info.status.push(Label::new(
                    crate::said!(help_games_won, count = won),
                    crate::said!(help_games_won_short, count = won),
                ));
            }
        }
        seats
    }

    fn centre(&self) -> Centre {
        Centre {
            pot_label: crate::said!(pot),
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
            Label::new(
                crate::said!(help_to_pay, count = held),
                crate::said!(help_to_pay_short, count = held),
            ),
        ];
        let rounds = self.settings().rounds;
        if rounds > 1 {
            let game = self.game_number();
            lines.push(Label::new(
                crate::said!(help_game_of, game = game, rounds = rounds),
                crate::said!(help_game_of_short, game = game, rounds = rounds),
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
                said_of!(
                    names,
                    help_paid_out,
                    seat,
                    game = self.game_number(),
                    rounds = rounds
                ),
                said_of!(names, help_paid_out_short, seat, game = self.game_number()),
            ),
            Event::RoundBegins { round, opener } => Banner::note(
                said_of!(
                    names,
                    help_game_begins,
                    opener,
                    round = round,
                    rounds = rounds
                ),
                crate::said!(help_game_begins_short, round = round),
            ),
            Event::MatchWon { seats, pile } => {
                let (who, name) = match seats.only() {
                    Some(seat) => names.seat_args(seat),
                    None => ("many", names.list(seats)),
                };
                Banner::win(
                    crate::said!(help_match_won, who = who, name = &name, games = pile),
                    crate::said!(help_match_won_short, who = who, name = &name),
                )
            }
            _ => return None,
        })
    }

    fn game_over(&self, figures: &Figures, names: &[String], width: usize) -> Vec<String> {
        let mut lines = vec![crate::said!(
            game_over_pot,
            pot = self.pot(),
            turns = figures.turns
        )];
        if self.settings().rounds > 1 {
            let standings: Vec<String> = names
                .iter()
                .zip(self.games_won())
                .map(|(name, won)| format!("{} {won}", said_name(name)))
                .collect();
            let mut line = crate::said!(help_games_won_line);
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
