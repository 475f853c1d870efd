//! LCR, Left Center Right: one die per chip (at most three); L passes left, R passes right,
//! C feeds the pot; the last player holding chips takes the pot.

mod present;

use super::{
    Action, Actions, BotLevel, Chance, ChanceSpec, Conserved, Counts, Dice, Event, Events, Figures,
    Game, GameRng, Holdings, LastRoll, Place, Settings, Token, Turn, Variant, View, next_turn,
    seat_at,
};

use crate::words::id;
use super::game_type::{GameType, Goal, Progress, SimFigure, no_stat_figures};
use super::settings::Ranges;

/// What LCR (Left Center Right) says of itself (see [`GameType`]).
pub const TYPE: GameType = GameType {
    title: &id::lcr_title,
    short_title: &id::lcr_short_title,
    tagline: &id::lcr_tagline,
    rules: [
        include_str!("../../assets/rules/lcr.txt"),
        include_str!("../../assets/rules/sv/lcr.txt"),
    ],
    ranges: Ranges {
        chips: Some((3, 5, 3)),
        ..Ranges::players(3, 10, 4)
    },
    variants: &[Variant::Jackpot, Variant::Wild],
    bot_levels: &[BotLevel::Standard],
    goal: Goal::WinGame,
    seat_zero: &id::seat_zero_first_to_act,
    progress: Progress::Steps,
    stock: Some("chips"),
    hides_cards: false,
    rolls_dice: true,
    decisions: None,
    biggest_win: Some((&id::biggest_pot_yours, &id::biggest_pot_anyone)),
    die_face: Some(|settings, pips| Face::of(pips, settings.has(Variant::Wild)).symbol()),
    die_word: Some(|settings, pips| Face::of(pips, settings.has(Variant::Wild)).word()),
    rule_changes: &[],
    sim_figures: &[SimFigure::Rolls],
    stat_figures: &[],
    seat_figures: no_stat_figures,
    new: |settings| Box::new(Lcr::new(settings)),
};

/// How an LCR die face reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Face {
    Left,
    Right,
    Centre,
    Dot,
    /// Only with the `wild` variant: a 6 takes a chip from a player of the roller's choice.
    Wild,
}

impl Face {
    /// How `pips` reads on an LCR die; a 6 is a wild only with the `wild` variant.
    pub fn of(pips: u8, wild: bool) -> Face {
        match pips {
            1 => Face::Left,
            2 => Face::Right,
            3 => Face::Centre,
            6 if wild => Face::Wild,
            _ => Face::Dot,
        }
    }

    /// The face in a word, as a screen reader says it.
    pub fn word(self) -> String {
        let face = match self {
            Face::Left => "left",
            Face::Right => "right",
            Face::Centre => "centre",
            Face::Dot => "dot",
            Face::Wild => "wild",
        };
        crate::said!(lcr_face, face = face)
    }

    /// The letter printed on the die.
    pub fn symbol(self) -> &'static str {
        match self {
            Face::Left => "L",
            Face::Right => "R",
            Face::Centre => "C",
            Face::Dot => "•",
            Face::Wild => "W",
        }
    }
}

/// Most dice one LCR roll uses, however many chips are held.
pub const MAX_DICE: u8 = 3;

#[derive(Clone, PartialEq, Debug)]
pub struct Lcr {
    settings: Settings,
    chips: Holdings,
    pot: u32,
    current: u8,
    rolling: bool,
    /// Wilds rolled that still have to choose whom to take from.
    wilds_pending: u8,
    over: bool,
    last_roll: LastRoll,
    figures: Figures,
}

impl Lcr {
    pub fn new(settings: Settings) -> Self {
        Lcr {
            settings,
            chips: Holdings::new(settings.players, settings.chips),
            pot: u32::from(settings.has(Variant::Jackpot)),
            current: 0,
            rolling: false,
            wilds_pending: 0,
            over: false,
            last_roll: LastRoll::default(),
            figures: Figures {
                turns: 1,
                ..Figures::default()
            },
        }
    }

    /// This game with seat 0 about to roll and `held` chips by seat (the pot and the
    /// figures as they are): how the odds set up each position of their chain.
    pub(crate) fn at_roll(&self, held: &[u8]) -> Self {
        Lcr {
            chips: Holdings::of(held),
            current: 0,
            rolling: false,
            wilds_pending: 0,
            over: false,
            ..self.clone()
        }
    }

    pub fn chips(&self) -> Counts {
        self.chips.counts()
    }

    /// What each seat holds, as the one word the rules keep.
    pub fn chip_holdings(&self) -> Holdings {
        self.chips
    }

    pub fn pot(&self) -> u32 {
        self.pot
    }

    /// The seat to play now (the winner once the game is over).
    pub fn current(&self) -> u8 {
        self.current
    }

    pub fn wilds_pending(&self) -> u8 {
        self.wilds_pending
    }

    pub fn last_roll(&self) -> Option<(u8, Dice)> {
        self.last_roll.get()
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// How a die face reads under this game's variants.
    pub fn face(&self, pips: u8) -> Face {
        Face::of(pips, self.settings.has(Variant::Wild))
    }

    /// Dice the current seat rolls: one per chip, at most three.
    pub fn dice_to_roll(&self) -> u8 {
        self.chips.get(self.current).min(MAX_DICE)
    }

    /// Seats a wild could take a chip from: everyone else holding one.
    fn wild_targets(&self) -> impl Iterator<Item = u8> + '_ {
        let players = self.settings.players;
        (1..players)
            .map(move |step| seat_at(self.current, i32::from(step), players))
            .filter(|&s| self.chips.get(s) > 0)
    }

    /// Settle the wilds nobody can be taken for, then end the turn once none are pending.
    // Left out of line, this cost the simulator a sixth of its speed (measured with
    // benches/sim.rs); a plain `#[inline]` was not taken.
    #[expect(clippy::inline_always, reason = "measured: see above")]
    #[inline(always)]
    fn settle(&mut self, events: &mut Events) {
        while self.wilds_pending > 0 && self.wild_targets().next().is_none() {
            self.wilds_pending -= 1;
            events.push(Event::WildFizzles { seat: self.current });
        }
        if self.wilds_pending > 0 {
            return;
        }
        match self.chips.sole_holder() {
            Some(winner) => self.win(winner, events),
            None => {
                self.current = next_turn(
                    self.current,
                    &self.chips,
                    self.settings.players,
                    &mut self.figures.turns,
                    events,
                );
            }
        }
    }

    /// Where the game stands when a seat is about to roll and no wild is in play (the
    /// variant off): from there every step is a roll of the dice and what it does, and a
    /// loop of the rolls alone plays the game on to its end (the simulator's, which ends
    /// it with [`Lcr::end_at`]). `None` anywhere else.
    #[expect(clippy::inline_always, reason = "measured: see end_at")]
    #[inline(always)]
    pub(crate) fn position(&self) -> Option<Position> {
        let rolls_alone = !(self.over
            || self.rolling
            || self.wilds_pending > 0
            || self.settings.has(Variant::Wild));
        rolls_alone.then_some(Position {
            chips: self.chips,
            seat: self.current,
            pot: self.pot,
            rolls: self.figures.rolls,
            turns: self.figures.turns,
        })
    }

    /// End the game where a loop of the rolls from [`Lcr::position`] ended it: at `end`, the
    /// seat of which holds every chip left, `last_roll` the roll that won it (its roller and
    /// dice). The state is the rules' own end, as stepping there leaves it, with no event
    /// told (a harness test plays every configuration both ways).
    // Inlined into the simulator's loop, where its RNG lives: 2% of `parlor sim lcr`'s
    // speed out of line (three runs alternated, when the loop was a method here).
    #[expect(clippy::inline_always, reason = "measured: see above")]
    #[inline(always)]
    pub(crate) fn end_at(&mut self, end: Position, last_roll: (u8, Dice)) {
        self.chips = end.chips;
        self.pot = end.pot;
        self.last_roll.set(last_roll.0, last_roll.1);
        self.figures.rolls = end.rolls;
        self.figures.turns = end.turns;
        self.win(end.seat, &mut Events::discarding());
    }

    /// `winner` holds every chip left: the game is over.
    #[expect(clippy::inline_always, reason = "measured: see settle")]
    #[inline(always)]
    fn win(&mut self, winner: u8, events: &mut Events) {
        self.over = true;
        self.current = winner;
        events.push(self.figures.sole_winner(winner, self.pot));
    }
}

/// Where a game of LCR stands at a seat's turn to roll, as the numbers a loop of the rolls
/// alone reads and changes (see [`Lcr::position`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Position {
    pub(crate) chips: Holdings,
    /// The seat to roll; once the game is over, the winner.
    pub(crate) seat: u8,
    pub(crate) pot: u32,
    /// The figures' counts so far.
    pub(crate) rolls: u32,
    pub(crate) turns: u32,
}

impl Game for Lcr {
    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn turn(&self) -> Turn {
        if self.over {
            Turn::Over
        } else if self.rolling {
            Turn::Chance
        } else {
            Turn::Seat(self.current)
        }
    }

    fn legal_actions(&self) -> Actions {
        match self.turn() {
            Turn::Seat(_) if self.wilds_pending > 0 => {
                self.wild_targets().map(Action::TakeChip).collect()
            }
            Turn::Seat(_) => const { Actions::one(Action::Roll) },
            _ => const { Actions::none() },
        }
    }

    fn chance(&self) -> Option<ChanceSpec> {
        (self.turn() == Turn::Chance).then(|| ChanceSpec::Dice(self.dice_to_roll()))
    }

    #[expect(clippy::inline_always, reason = "measured: see Holdings")]
    #[inline(always)]
    fn play_action(&mut self, action: Action, events: &mut Events) {
        match action {
            Action::TakeChip(victim) => {
                self.wilds_pending -= 1;
                let taker = self.current;
                self.chips.pass(victim, taker, 1);
                events.push(Event::WildTakes {
                    seat: taker,
                    from: victim,
                });
                self.settle(events);
            }
            _ => self.rolling = true,
        }
    }

    #[expect(clippy::inline_always, reason = "measured: see Holdings")]
    #[inline(always)]
    fn play_chance(&mut self, chance: &Chance, events: &mut Events) {
        let dice = chance.dice();
        let seat = self.current;
        self.rolling = false;
        self.last_roll.set(seat, dice);
        self.figures.rolls += 1;
        events.push(Event::Rolled { seat, dice });
        // Pips: L is 1, R is 2, C is 3, a wild is 6 (see `face`).
        let players = self.settings.players;
        let (left, right) = (seat_at(seat, 1, players), seat_at(seat, -1, players));
        let (lefts, rights, centres) = (dice.count(1), dice.count(2), dice.count(3));
        self.chips.send(
            seat,
            [(left, lefts), (right, rights)],
            centres,
            &mut self.pot,
        );
        events.moved(Token::Chip, lefts, Place::Seat(seat), Place::Seat(left));
        events.moved(Token::Chip, rights, Place::Seat(seat), Place::Seat(right));
        events.moved(Token::Chip, centres, Place::Seat(seat), Place::Pot);
        self.wilds_pending = if self.settings.has(Variant::Wild) {
            dice.count(6)
        } else {
            0
        };
        self.settle(events);
    }

    fn view(&self, _seat: Option<u8>) -> View {
        View::Lcr(self.clone())
    }

    /// A wild takes from the richest other player; ties go to the nearest on the left.
    fn bot_action(&self, _level: BotLevel, _rng: &mut GameRng) -> Action {
        if self.wilds_pending == 0 {
            return Action::Roll;
        }
        // wild_targets() walks left from the roller, so keeping the first strictly richer
        // seat leaves ties with the nearest.
        let mut richest: Option<u8> = None;
        for seat in self.wild_targets() {
            if richest.is_none_or(|r| self.chips.get(seat) > self.chips.get(r)) {
                richest = Some(seat);
            }
        }
        richest.map_or(Action::Roll, Action::TakeChip)
    }

    fn figures(&self) -> &Figures {
        &self.figures
    }

    fn conserved(&self) -> Conserved {
        Conserved::of(&[("chips", self.chips.total() + self.pot)])
    }
}
