//! Help Your Neighbour: every player owns numbers of the dice; three dice are rolled in
//! turn and read left to right, and the owner of each number that comes up puts a counter
//! in the pot, whoever rolled it. The first to put in their last counter wins the pot.
//! A match of several games (`--rounds`) moves the first roller one seat left each game.

mod present;
mod race;

use crate::words::id;
use super::game_type::{GameType, Goal, Progress, SimFigure, no_stat_figures};
use super::settings::Ranges;
use super::{
    Action, Actions, BotLevel, Chance, ChanceSpec, Conserved, Event, Events, Figures, Game,
    GameRng, MAX_SEATS, Place, Polyhedral, SeatSet, Settings, Token, Turn, View, seat_at,
};

/// What Help Your Neighbour says of itself (see [`GameType`]).
pub const TYPE: GameType = GameType {
    title: &id::help_title,
    short_title: &id::help_short_title,
    tagline: &id::help_tagline,
    rules: [
        include_str!("../../assets/rules/help-your-neighbour.txt"),
        include_str!("../../assets/rules/sv/help-your-neighbour.txt"),
    ],
    ranges: Ranges {
        counters: Some((5, 20, 10)),
        rounds: Some((1, 50, 1)),
        ..Ranges::players(2, 10, 6)
    },
    variants: &[],
    bot_levels: &[BotLevel::Standard],
    goal: Goal::WinGame,
    seat_zero: &id::seat_zero_first_to_roll,
    progress: Progress::Steps,
    stock: Some("counters"),
    hides_cards: false,
    rolls_dice: true,
    decisions: None,
    biggest_win: Some((&id::biggest_pot_yours, &id::biggest_pot_anyone)),
    die_face: None,
    die_word: None,
    rule_changes: &[],
    sim_figures: &[SimFigure::Rolls, SimFigure::Rounds],
    stat_figures: &[],
    seat_figures: no_stat_figures,
    new: |settings| Box::new(HelpYourNeighbour::new(settings)),
};

/// Dice every roll throws.
pub const DICE: u8 = 3;

/// The dice of a table of `players`, as RULES.md gives them: six-sided up to six players,
/// eight-sided for seven or eight, ten-sided for nine or ten.
pub fn sides(players: u8) -> u8 {
    match players {
        ..=6 => 6,
        7..=8 => 8,
        _ => 10,
    }
}

/// How many numbers of a die each player owns: two players three each, three players two
/// each, more players one each (the numbers above the players blank).
pub fn numbers_each(players: u8) -> u8 {
    if players <= 3 {
        6 / players.max(1)
    } else {
        1
    }
}

/// Who owns `face` at a table of `players`: seat 0 the lowest numbers; `None` for a blank.
pub fn owner(face: u8, players: u8) -> Option<u8> {
    let seat = face.checked_sub(1)? / numbers_each(players);
    (seat < players).then_some(seat)
}

/// The numbers `seat` owns, lowest first.
pub fn numbers_of(seat: u8, players: u8) -> std::ops::RangeInclusive<u8> {
    let each = numbers_each(players);
    seat * each + 1..=(seat + 1) * each
}

#[derive(Clone, PartialEq, Debug)]
pub struct HelpYourNeighbour {
    settings: Settings,
    /// Counters still to pay, by seat: not in [`Holdings`](super::Holdings), whose six
    /// bits a seat hold 63 tokens a table, where ten players of twenty hold 200 (and
    /// counters never pass from seat to seat, which is what its one word is for).
    counters: [u8; MAX_SEATS],
    pot: u32,
    /// The seat to roll; once the match is over, the last game's winner.
    roller: u8,
    /// The roller asked for the dice.
    rolling: bool,
    /// The game of the match being played, from 1.
    game: u16,
    /// Who rolled first in this game.
    first_roller: u8,
    /// Games won, by seat.
    won: [u16; MAX_SEATS],
    /// Counters taken from the pots won, by seat, over the match.
    taken: [u32; MAX_SEATS],
    over: bool,
    last_roll: Option<(u8, Polyhedral)>,
    figures: Figures,
}

impl HelpYourNeighbour {
    pub fn new(settings: Settings) -> Self {
        HelpYourNeighbour {
            settings,
            counters: Self::fresh_counters(settings),
            pot: 0,
            roller: 0,
            rolling: false,
            game: 1,
            first_roller: 0,
            won: [0; MAX_SEATS],
            taken: [0; MAX_SEATS],
            over: false,
            last_roll: None,
            figures: Figures {
                turns: 1,
                ..Figures::default()
            },
        }
    }

    /// Every seat's counters at the start of a game.
    fn fresh_counters(settings: Settings) -> [u8; MAX_SEATS] {
        let mut counters = [0; MAX_SEATS];
        counters[..usize::from(settings.players)].fill(settings.counters);
        counters
    }

    /// Counters still to pay, by seat.
    pub fn counters(&self) -> &[u8] {
        &self.counters[..usize::from(self.settings.players)]
    }

    /// Counters still to pay, all seats together.
    pub fn counters_held(&self) -> u32 {
        self.counters().iter().map(|&c| u32::from(c)).sum()
    }

    pub fn pot(&self) -> u32 {
        self.pot
    }

    /// The seat to roll now (the last game's winner once the match is over).
    pub fn roller(&self) -> u8 {
        self.roller
    }

    /// The game of the match being played, from 1.
    pub fn game_number(&self) -> u16 {
        self.game
    }

    /// Games won so far, by seat.
    pub fn games_won(&self) -> &[u16] {
        &self.won[..usize::from(self.settings.players)]
    }

    pub fn last_roll(&self) -> Option<(u8, Polyhedral)> {
        self.last_roll
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The sides of this table's dice.
    pub fn sides(&self) -> u8 {
        sides(self.settings.players)
    }

    /// `seat` paid its last counter: the game is won; the match goes on to its next game,
    /// the first roller one seat on, or is over.
    fn game_won(&mut self, seat: u8, events: &mut Events) {
        let players = self.settings.players;
        self.won[usize::from(seat)] += 1;
        self.taken[usize::from(seat)] += self.pot;
        self.figures.rounds += 1;
        events.push(Event::Wins {
            seat,
            pot: self.pot,
        });
        if self.game < self.settings.rounds {
            self.game += 1;
            self.first_roller = seat_at(self.first_roller, 1, players);
            self.roller = self.first_roller;
            self.counters = Self::fresh_counters(self.settings);
            self.pot = 0;
            self.figures.turns += 1;
            events.push(Event::RoundBegins {
                round: self.game,
                opener: self.roller,
            });
            return;
        }
        self.over = true;
        self.roller = seat;
        let most = self.games_won().iter().copied().max().unwrap_or(0);
        let winners: SeatSet = (0..players)
            .filter(|&s| self.won[usize::from(s)] == most)
            .collect();
        if self.settings.rounds == 1 {
            self.figures.sole_winner(seat, self.pot);
        } else {
            self.figures.winners = winners;
            // What a match's winner took: the pots of the games they won (the most of
            // those who share it).
            self.figures.pot_won = winners
                .iter()
                .map(|s| self.taken[usize::from(s)])
                .max()
                .unwrap_or(0);
            events.push(Event::MatchWon {
                seats: winners,
                pile: u32::from(most),
            });
        }
    }
}

impl Game for HelpYourNeighbour {
    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn turn(&self) -> Turn {
        if self.over {
            Turn::Over
        } else if self.rolling {
            Turn::Chance
        } else {
            Turn::Seat(self.roller)
        }
    }

    fn legal_actions(&self) -> Actions {
        match self.turn() {
            Turn::Seat(_) => const { Actions::one(Action::Roll) },
            _ => const { Actions::none() },
        }
    }

    fn chance(&self) -> Option<ChanceSpec> {
        (self.turn() == Turn::Chance).then(|| ChanceSpec::Polyhedral {
            count: DICE,
            sides: self.sides(),
        })
    }

    fn play_action(&mut self, _action: Action, _events: &mut Events) {
        self.rolling = true;
    }

    /// The dice read left to right: each owned number makes its owner pay a counter; the
    /// first to pay their last wins, and the rest of the roll is not read.
    fn play_chance(&mut self, chance: &Chance, events: &mut Events) {
        let dice = chance.polyhedral();
        let seat = self.roller;
        let players = self.settings.players;
        self.rolling = false;
        self.last_roll = Some((seat, dice));
        self.figures.rolls += 1;
        events.push(Event::RolledPolyhedral { seat, dice });
        for &face in dice.faces() {
            let Some(payer) = owner(face, players) else {
                continue;
            };
            let held = &mut self.counters[usize::from(payer)];
            if *held == 0 {
                continue;
            }
            *held -= 1;
            self.pot += 1;
            events.moved(Token::Counter, 1, Place::Seat(payer), Place::Pot);
            if *held == 0 {
                self.game_won(payer, events);
                return;
            }
        }
        self.roller = seat_at(seat, 1, players);
        self.figures.turns += 1;
    }

    fn view(&self, _seat: Option<u8>) -> View {
        View::HelpYourNeighbour(self.clone())
    }

    /// There is nothing to choose: roll.
    fn bot_action(&self, _level: BotLevel, _rng: &mut GameRng) -> Action {
        Action::Roll
    }

    fn figures(&self) -> &Figures {
        &self.figures
    }

    fn win_chances(&self) -> Option<Vec<f64>> {
        let race = race::race_chances(self.counters());
        let games_after = self.settings.rounds - self.game;
        Some(race::match_chances(&race, self.games_won(), games_after))
    }

    fn conserved(&self) -> Conserved {
        Conserved::of(&[("counters", self.counters_held() + self.pot)])
    }
}
