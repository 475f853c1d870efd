//! Swedish Aces: roll every die you hold; 1s go to the centre, 2s left, 5s right, and you
//! roll again while dice leave your hand. Whoever sends the last die to the centre loses.

mod present;

use super::{
    Action, Actions, BotLevel, Chance, ChanceSpec, Conserved, Counts, Dice, Event, Events, Figures,
    Game, GameRng, Holdings, LastRoll, Place, SeatSet, Settings, Token, Turn, Variant, View,
    next_turn, seat_at,
};

use crate::words::id;
use super::game_type::{GameType, Goal, Progress, RuleChange, SimFigure, no_stat_figures};
use super::settings::Ranges;

/// What Swedish Aces says of itself (see [`GameType`]).
pub const TYPE: GameType = GameType {
    title: &id::swedish_title,
    short_title: &id::swedish_short_title,
    tagline: &id::swedish_tagline,
    rules: [
        include_str!("../../assets/rules/swedish-aces.txt"),
        include_str!("../../assets/rules/sv/swedish-aces.txt"),
    ],
    ranges: Ranges {
        dice: Some((1, 5, 5)),
        ..Ranges::players(3, 8, 4)
    },
    variants: &[Variant::ThreesTravel],
    bot_levels: &[BotLevel::Standard],
    goal: Goal::NotLose,
    seat_zero: &id::seat_zero_opening_winner,
    progress: Progress::Steps,
    stock: Some("dice"),
    hides_cards: false,
    rolls_dice: true,
    decisions: None,
    biggest_win: // Everyone but the loser wins: nothing changes hands at the end.
    None,
    die_face: None,
    die_word: None,
    rule_changes: &[RuleChange {
        since_format: 2,
        with: Some(Variant::ThreesTravel),
        note: &id::swedish_rule_change_threes,
    }],
    sim_figures: &[SimFigure::LossesBySeat, SimFigure::Rolls],
    stat_figures: &[],
    seat_figures: no_stat_figures,
    new: |settings| Box::new(SwedishAces::new(settings)),
};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// These seats roll all their dice for the highest total (ties roll again).
    Opening {
        contenders: SeatSet,
    },
    Play,
    Over,
}

#[derive(Clone, PartialEq, Debug)]
pub struct SwedishAces {
    settings: Settings,
    dice: Holdings,
    centre: u32,
    phase: Phase,
    current: u8,
    rolling: bool,
    /// Threes rolled (threes-travel) still to be kept or given away.
    threes_pending: u8,
    /// Whether the roll being settled showed a 1, 2 or 5 (a die sent out of the roller's
    /// hand by the roll itself, not by a three given away): only that earns a re-roll.
    dice_left_hand: bool,
    last_roll: LastRoll,
    figures: Figures,
}

impl SwedishAces {
    pub fn new(settings: Settings) -> Self {
        SwedishAces {
            settings,
            dice: Holdings::new(settings.players, settings.dice),
            centre: 0,
            phase: Phase::Opening {
                contenders: (0..settings.players).collect(),
            },
            current: 0,
            rolling: false,
            threes_pending: 0,
            dice_left_hand: false,
            last_roll: LastRoll::default(),
            figures: Figures::default(),
        }
    }

    /// Dice each seat holds.
    pub fn dice(&self) -> Counts {
        self.dice.counts()
    }

    /// What each seat holds, as the one word the rules keep.
    pub fn dice_holdings(&self) -> Holdings {
        self.dice
    }

    /// Dice sent to the centre: out of the game.
    pub fn centre(&self) -> u32 {
        self.centre
    }

    pub fn in_play(&self) -> u32 {
        self.dice.total()
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat rolling now (the loser once the game is over).
    pub fn current(&self) -> u8 {
        self.current
    }

    pub fn threes_pending(&self) -> u8 {
        self.threes_pending
    }

    pub fn last_roll(&self) -> Option<(u8, Dice)> {
        self.last_roll.get()
    }

    fn opening_roll(&mut self, contenders: SeatSet, dice: Dice, events: &mut Events) {
        let mut start = 0;
        let mut best = 0;
        let mut tied = SeatSet::default();
        for seat in contenders.iter() {
            let count = usize::from(self.dice.get(seat));
            let rolled = dice.slice(start, count);
            start += count;
            events.push(Event::Rolled { seat, dice: rolled });
            let total = rolled.total();
            if total > best {
                best = total;
                tied = SeatSet::single(seat);
            } else if total == best {
                tied.insert(seat);
            }
        }
        if tied.len() > 1 {
            events.push(Event::OpeningTie {
                seats: tied,
                total: best,
            });
            self.phase = Phase::Opening { contenders: tied };
            return;
        }
        let opener = tied.iter().next().expect("someone rolled highest");
        events.push(Event::Opens {
            seat: opener,
            total: best,
        });
        self.phase = Phase::Play;
        self.current = opener;
        self.figures.first_seat = opener;
        self.figures.turns = 1;
    }

    /// Once every three is kept or given away: the game may be over, or the roller rolls
    /// again, or the turn passes.
    fn settle(&mut self, events: &mut Events) {
        if self.threes_pending > 0 {
            return;
        }
        let seat = self.current;
        if self.in_play() == 0 {
            self.phase = Phase::Over;
            self.figures.loser = Some(seat);
            self.figures.winners = (0..self.settings.players).filter(|&s| s != seat).collect();
            events.push(Event::Loses { seat });
        } else if !(self.dice_left_hand && self.dice.get(seat) > 0) {
            self.current = next_turn(
                seat,
                &self.dice,
                self.settings.players,
                &mut self.figures.turns,
                events,
            );
        }
    }

    /// Where a bot sends a travelling three: the seat farthest around the table (a die
    /// moves one seat per 2 or 5, so it takes longest to come back), then the one holding
    /// the most dice (it is already the likeliest to roll the last 1), then the nearer on
    /// the left.
    fn three_target(&self) -> u8 {
        let players = self.settings.players;
        let seat = self.current;
        (1..players)
            .map(|step| seat_at(seat, i32::from(step), players))
            .max_by_key(|&target| {
                let left = (target + players - seat) % players;
                let distance = left.min(players - left);
                (distance, self.dice.get(target), players - left)
            })
            .expect("at least three seats")
    }
}

impl Game for SwedishAces {
    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Over => Turn::Over,
            Phase::Opening { .. } => Turn::Chance,
            Phase::Play if self.rolling => Turn::Chance,
            Phase::Play => Turn::Seat(self.current),
        }
    }

    fn legal_actions(&self) -> Actions {
        match self.turn() {
            Turn::Seat(seat) if self.threes_pending > 0 => std::iter::once(Action::KeepThree)
                .chain(
                    (0..self.settings.players)
                        .filter(|&s| s != seat)
                        .map(Action::GiveThree),
                )
                .collect(),
            Turn::Seat(_) => const { Actions::one(Action::Roll) },
            _ => const { Actions::none() },
        }
    }

    fn chance(&self) -> Option<ChanceSpec> {
        match self.phase {
            Phase::Opening { contenders } => Some(ChanceSpec::Dice(
                contenders.iter().map(|s| self.dice.get(s)).sum(),
            )),
            Phase::Play if self.rolling => Some(ChanceSpec::Dice(self.dice.get(self.current))),
            _ => None,
        }
    }

    #[expect(clippy::inline_always, reason = "measured: see Holdings")]
    #[inline(always)]
    fn play_action(&mut self, action: Action, events: &mut Events) {
        match action {
            Action::GiveThree(to) => {
                self.threes_pending -= 1;
                let seat = self.current;
                self.dice.pass(seat, to, 1);
                events.push(Event::ThreeTravels { seat, to });
                self.settle(events);
            }
            Action::KeepThree => {
                self.threes_pending -= 1;
                events.push(Event::ThreeKept { seat: self.current });
                self.settle(events);
            }
            _ => self.rolling = true,
        }
    }

    #[expect(clippy::inline_always, reason = "measured: see Holdings")]
    #[inline(always)]
    fn play_chance(&mut self, chance: &Chance, events: &mut Events) {
        let dice = chance.dice();
        if let Phase::Opening { contenders } = self.phase {
            self.opening_roll(contenders, dice, events);
            return;
        }
        let seat = self.current;
        let players = self.settings.players;
        self.rolling = false;
        self.last_roll.set(seat, dice);
        self.figures.rolls += 1;
        events.push(Event::Rolled { seat, dice });
        let (left, right) = (seat_at(seat, 1, players), seat_at(seat, -1, players));
        let (centres, lefts, rights) = (dice.count(1), dice.count(2), dice.count(5));
        self.dice.send(
            seat,
            [(left, lefts), (right, rights)],
            centres,
            &mut self.centre,
        );
        // No branch on the counts, which are as random as the dice.
        self.dice_left_hand = centres + lefts + rights > 0;
        events.moved(Token::Die, centres, Place::Seat(seat), Place::Pot);
        events.moved(Token::Die, lefts, Place::Seat(seat), Place::Seat(left));
        events.moved(Token::Die, rights, Place::Seat(seat), Place::Seat(right));
        if self.settings.has(Variant::ThreesTravel) {
            self.threes_pending = dice.count(3);
        }
        self.settle(events);
    }

    fn view(&self, _seat: Option<u8>) -> View {
        View::SwedishAces(self.clone())
    }

    /// A bot gives every 3 away: a die kept is one more it must roll itself, and only the
    /// roller of the last die loses (measured: a seat keeping every 3 loses about a third
    /// of four-player games, against a quarter).
    fn bot_action(&self, _level: BotLevel, _rng: &mut GameRng) -> Action {
        if self.threes_pending > 0 {
            Action::GiveThree(self.three_target())
        } else {
            Action::Roll
        }
    }

    fn figures(&self) -> &Figures {
        &self.figures
    }

    fn conserved(&self) -> Conserved {
        Conserved::of(&[("dice", self.in_play() + self.centre)])
    }
}
