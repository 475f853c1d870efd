//! Aces in the Pot: aces pay the pot, sixes pass left, and a lone holder must survive three
//! throws in a row to take the pot.

mod present;

use super::{
    Action, Actions, BotLevel, Chance, ChanceSpec, Conserved, Counts, Dice, Event, Events, Figures,
    Game, GameRng, Holdings, LastRoll, Place, Settings, Token, Turn, Variant, View, next_turn,
    seat_at,
};

use crate::words::id;
use super::game_type::{GameType, Goal, Progress, SimFigure, StatFigure, Tally};
use super::settings::Ranges;

/// What Aces in the Pot says of itself (see [`GameType`]).
pub const TYPE: GameType = GameType {
    title: &id::aces_title,
    short_title: &id::aces_short_title,
    tagline: &id::aces_tagline,
    rules: [
        include_str!("../../assets/rules/aces-in-the-pot.txt"),
        include_str!("../../assets/rules/sv/aces-in-the-pot.txt"),
    ],
    ranges: Ranges {
        chips: Some((1, 5, 2)),
        ..Ranges::players(3, 10, 4)
    },
    variants: &[
        Variant::ReversedFaces,
        Variant::AceFinale,
        Variant::PassRight,
        Variant::PassAlternate,
        Variant::BuyThrow,
        Variant::OneFinale,
    ],
    bot_levels: &[BotLevel::Standard],
    goal: Goal::WinGame,
    seat_zero: &id::seat_zero_first_to_act,
    progress: Progress::Steps,
    stock: Some("chips"),
    hides_cards: false,
    rolls_dice: true,
    decisions: None,
    biggest_win: Some((
        // The winner takes the pot and keeps their own chips: the figure is both, and
        // "pot" means the pot alone everywhere else.
        &id::aces_biggest_win_yours,
        &id::aces_biggest_win_anyone,
    )),
    die_face: None,
    die_word: None,
    rule_changes: &[],
    sim_figures: &[SimFigure::Finale],
    stat_figures: &[StatFigure {
        key: "finales-survived",
        words: &id::aces_finales_survived,
        unit: None,
        tally: Tally::Sum,
    }],
    seat_figures: |game| {
        let survived = game.log.iter().any(
            |event| matches!(*event, Event::SafeThrow { seat, safe: SAFE_THROWS_TO_WIN } if seat == game.seat),
        );
        vec![Some(u64::from(survived))]
    },
    new: |settings| Box::new(AcesInThePot::new(settings)),
};

/// The safe throws in a row that win the finale.
pub const SAFE_THROWS_TO_WIN: u8 = 3;

/// Where the game stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Seats take turns rolling two dice.
    Normal,
    /// The seat to act holds every chip outside the pot; `safe` throws in a row so far.
    Finale {
        safe: u8,
    },
    Over,
}

/// buy-throw: where the sole holder stands on an extra finale throw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExtraThrow {
    /// Nothing bought (or the extra throw is used up, or the variant is off).
    None,
    /// A finale is about to start: its sole holder may buy one, before the first throw.
    Offered,
    /// Bought: the next throw showing the face to avoid is forgiven.
    Bought,
}

/// What each face does under the game's variants, and which way chips pass, worked out
/// once: the rules ask on every roll, and reading the variants each time was a tenth of the
/// simulator's work (measured with callgrind on benches/sim.rs's game; the passing
/// direction, 2% more).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Faces {
    paying: u8,
    passing: u8,
    finale: u8,
    /// Passed chips travel left in the first round (not `pass-right`).
    left_first: bool,
    /// pass-alternate: they change direction every round.
    alternating: bool,
}

impl Faces {
    fn of(settings: &Settings) -> Self {
        let paying = if settings.has(Variant::ReversedFaces) {
            6
        } else {
            1
        };
        let passing = 7 - paying;
        Faces {
            paying,
            passing,
            finale: if settings.has(Variant::AceFinale) {
                paying
            } else {
                passing
            },
            left_first: !settings.has(Variant::PassRight),
            alternating: settings.has(Variant::PassAlternate),
        }
    }
}

#[derive(Clone, PartialEq, Debug)]
pub struct AcesInThePot {
    settings: Settings,
    faces: Faces,
    chips: Holdings,
    pot: u32,
    phase: Phase,
    extra: ExtraThrow,
    /// The seat to roll or throw next.
    current: u8,
    /// The seat has chosen to roll; the dice are due.
    rolling: bool,
    last_roll: LastRoll,
    figures: Figures,
}

impl AcesInThePot {
    pub fn new(settings: Settings) -> Self {
        AcesInThePot {
            settings,
            faces: Faces::of(&settings),
            chips: Holdings::new(settings.players, settings.chips),
            pot: 0,
            phase: Phase::Normal,
            extra: ExtraThrow::None,
            current: 0,
            rolling: false,
            last_roll: LastRoll::default(),
            figures: Figures {
                turns: 1,
                ..Figures::default()
            },
        }
    }

    /// This game with seat 0 about to throw, `held` chips by seat, in `phase` with an extra
    /// throw `bought` or not, on turn `turns` (the pot and the other figures as they are):
    /// how the odds set up each position of their chain.
    pub(crate) fn at_roll(&self, held: &[u8], phase: Phase, bought: bool, turns: u32) -> Self {
        let mut game = AcesInThePot {
            chips: Holdings::of(held),
            phase,
            extra: if bought {
                ExtraThrow::Bought
            } else {
                ExtraThrow::None
            },
            current: 0,
            rolling: false,
            ..self.clone()
        };
        game.figures.turns = turns;
        game
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

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// buy-throw: whether the finale's sole holder may buy, or has bought, an extra throw.
    pub fn extra_throw(&self) -> ExtraThrow {
        self.extra
    }

    /// The seat rolling or throwing now (the winner once the game is over).
    pub fn current(&self) -> u8 {
        self.current
    }

    /// The last dice thrown, and by whom.
    pub fn last_roll(&self) -> Option<(u8, Dice)> {
        self.last_roll.get()
    }

    /// The face that puts a chip in the pot.
    pub fn paying_face(&self) -> u8 {
        self.faces.paying
    }

    /// The face that passes a chip to the neighbour.
    pub fn passing_face(&self) -> u8 {
        self.faces.passing
    }

    /// The face the sole holder must not throw in the finale.
    pub fn finale_face(&self) -> u8 {
        self.faces.finale
    }

    /// The round of passing, from 1 (pass-alternate): a round is one pass of the turn
    /// around the table, as many turns as there are players, skipped ones included. A
    /// finale's throws are not turns: a finale passes as its round does.
    pub fn passing_round(&self) -> u32 {
        (self.figures.turns - 1) / u32::from(self.settings.players) + 1
    }

    /// Whether passed chips travel left now: left, or right with `pass-right`; with
    /// `pass-alternate` that way in odd rounds and the other way in even ones.
    pub fn passes_left(&self) -> bool {
        let flipped = self.faces.alternating && self.passing_round().is_multiple_of(2);
        self.faces.left_first != flipped
    }

    /// The neighbour chips travel to now.
    pub fn receiver(&self, seat: u8) -> u8 {
        // A step fixed in each arm, so that each wraps with the one compare its direction
        // needs: a step of either sign, chosen at run time, checks both ways on every roll.
        if self.passes_left() {
            seat_at(seat, 1, self.settings.players)
        } else {
            seat_at(seat, -1, self.settings.players)
        }
    }

    // These three are rare, but out of line each call took the game's address, and the
    // simulator's loop kept more of the game in memory: 2.6% more instructions (callgrind).
    #[expect(clippy::inline_always, reason = "measured: see above")]
    #[inline(always)]
    fn pass_chips(&mut self, from: u8, wanted: u8, events: &mut Events) -> u8 {
        let to = self.receiver(from);
        let count = wanted.min(self.chips.get(from));
        self.chips.pass(from, to, count);
        events.moved(Token::Chip, count, Place::Seat(from), Place::Seat(to));
        count
    }

    #[expect(clippy::inline_always, reason = "measured: see pass_chips")]
    #[inline(always)]
    fn end(&mut self, winner: u8, events: &mut Events) {
        self.phase = Phase::Over;
        self.current = winner;
        // The winner takes the pot and keeps their chips: the event tells the pot, as the
        // table shows it; the figure counts both (RULES.md's "pot won").
        events.push(self.figures.sole_winner(winner, self.pot));
        self.figures.pot_won += u32::from(self.chips.get(winner));
    }

    #[expect(clippy::inline_always, reason = "measured: see pass_chips")]
    #[inline(always)]
    fn begin_finale(&mut self, seat: u8, events: &mut Events) {
        self.phase = Phase::Finale { safe: 0 };
        // The buyer pays a chip and must still hold one: the sole holder holds every chip
        // left outside the pot.
        self.extra = if self.settings.has(Variant::BuyThrow) && self.chips.get(seat) > 1 {
            ExtraThrow::Offered
        } else {
            ExtraThrow::None
        };
        self.current = seat;
        self.figures.first_sole_holder.get_or_insert(seat);
        events.push(Event::FinaleBegins { seat });
    }

    /// Normal play: the dice are read left to right, each paying face putting a chip in the
    /// pot and each passing face handing one to the neighbour, until the roller has none.
    #[expect(clippy::inline_always, reason = "measured: see Holdings")]
    #[inline(always)]
    fn normal_roll(&mut self, dice: Dice, events: &mut Events) {
        let seat = self.current;
        let (paying, passing) = (self.paying_face(), self.passing_face());
        let to = self.receiver(seat);
        let held = self.chips.get(seat);
        // The dice that move a chip: the first `held` of those showing either face.
        let acting = move || {
            dice.faces()
                .filter(move |&face| face == paying || face == passing)
                .take(usize::from(held))
        };
        // Counted from the dice's tally, with no branch per die, unless the roller runs out
        // of chips part way: only then does the order of the dice matter.
        let (mut pays, mut passes) = (dice.count(paying), dice.count(passing));
        if pays + passes > held {
            pays = acting().filter(|&face| face == paying).count() as u8;
            passes = held - pays;
        }
        self.chips.send(seat, [(to, passes)], pays, &mut self.pot);
        events.extend_with(|| {
            acting().map(move |face| Event::Moved {
                token: Token::Chip,
                count: 1,
                from: Place::Seat(seat),
                to: if face == paying {
                    Place::Pot
                } else {
                    Place::Seat(to)
                },
            })
        });
        match self.chips.sole_holder() {
            Some(sole) => self.begin_finale(sole, events),
            None => {
                self.current = next_turn(
                    seat,
                    &self.chips,
                    self.settings.players,
                    &mut self.figures.turns,
                    events,
                );
            }
        }
    }

    #[expect(clippy::inline_always, reason = "measured: see Holdings")]
    #[inline(always)]
    fn finale_throw(&mut self, safe: u8, dice: Dice, events: &mut Events) {
        let seat = self.current;
        self.figures.finale_throws += 1;
        let shown = dice.count(self.finale_face());
        if shown == 0 {
            let safe = safe + 1;
            events.push(Event::SafeThrow { seat, safe });
            if safe == SAFE_THROWS_TO_WIN {
                self.end(seat, events);
            } else {
                self.phase = Phase::Finale { safe };
            }
            return;
        }
        if self.extra == ExtraThrow::Bought {
            self.extra = ExtraThrow::None;
            events.push(Event::ThrowForgiven { seat });
            return;
        }
        self.pass_chips(seat, shown, events);
        let neighbour = self.receiver(seat);
        if self.settings.has(Variant::OneFinale) {
            self.end(neighbour, events);
        } else if self.chips.get(seat) == 0 {
            self.begin_finale(neighbour, events);
        } else {
            self.phase = Phase::Normal;
            self.current = neighbour;
            self.figures.turns += 1;
            events.push(Event::NormalPlayResumes { seat: neighbour });
        }
    }
}

impl AcesInThePot {
    /// Where the game stands when a seat is about to roll or throw, with no extra throw
    /// bought or to buy (buy-throw off) and chips passing one way all game
    /// (pass-alternate off): from there every step is a throw of the dice and what it does,
    /// and a loop of the throws alone plays the game on to its end (the simulator's, which
    /// ends it with [`AcesInThePot::end_at`]). `None` anywhere else.
    #[expect(clippy::inline_always, reason = "measured: see pass_chips")]
    #[inline(always)]
    pub(crate) fn position(&self) -> Option<Position> {
        let throws_alone = !(self.rolling
            || self.phase == Phase::Over
            || self.extra != ExtraThrow::None
            || self.faces.alternating
            || self.settings.has(Variant::BuyThrow));
        throws_alone.then_some(Position {
            chips: self.chips,
            seat: self.current,
            pot: self.pot,
            phase: self.phase,
            turns: self.figures.turns,
            finale_throws: self.figures.finale_throws,
            first_sole_holder: self.figures.first_sole_holder,
            paying: self.faces.paying,
            finale: self.faces.finale,
            left: self.faces.left_first,
            one_finale: self.settings.has(Variant::OneFinale),
        })
    }

    /// End the game where a loop of the throws from [`AcesInThePot::position`] ended it: at
    /// `end`, its seat the winner, `last_roll` the throw that won it (its thrower and dice).
    /// The state is the rules' own end, as stepping there leaves it, with no event told (a
    /// harness test plays every configuration both ways).
    #[expect(clippy::inline_always, reason = "measured: see pass_chips")]
    #[inline(always)]
    pub(crate) fn end_at(&mut self, end: Position, last_roll: (u8, Dice)) {
        self.chips = end.chips;
        self.pot = end.pot;
        self.last_roll.set(last_roll.0, last_roll.1);
        self.figures.turns = end.turns;
        self.figures.finale_throws = end.finale_throws;
        self.figures.first_sole_holder = end.first_sole_holder;
        self.end(end.seat, &mut Events::discarding());
    }
}

/// Where a game of Aces in the Pot stands at a seat's turn to roll or throw, as the numbers
/// a loop of the throws alone reads and changes, and the rules that hold from there to the
/// end (see [`AcesInThePot::position`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Position {
    pub(crate) chips: Holdings,
    /// The seat to roll or throw; once the game is over, the winner.
    pub(crate) seat: u8,
    pub(crate) pot: u32,
    /// Normal play or the finale (never over: the loop ends there).
    pub(crate) phase: Phase,
    /// The figures' counts so far.
    pub(crate) turns: u32,
    pub(crate) finale_throws: u32,
    pub(crate) first_sole_holder: Option<u8>,
    /// The face that pays the pot, and the one the finale's sole holder must not throw.
    pub(crate) paying: u8,
    pub(crate) finale: u8,
    /// Chips pass left (else right).
    pub(crate) left: bool,
    /// one-finale: one bad finale throw ends the game.
    pub(crate) one_finale: bool,
}

impl Game for AcesInThePot {
    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn turn(&self) -> Turn {
        // `rolling` first, the question that flips on every step: the simulator runs about
        // 2% faster than with a match on (phase, rolling) (benches/sim.rs).
        if self.rolling {
            Turn::Chance
        } else if self.phase == Phase::Over {
            Turn::Over
        } else {
            Turn::Seat(self.current)
        }
    }

    fn legal_actions(&self) -> Actions {
        match self.turn() {
            Turn::Seat(_) if self.extra == ExtraThrow::Offered => {
                const { Actions::of(&[Action::Roll, Action::BuyThrow]) }
            }
            Turn::Seat(_) => const { Actions::one(Action::Roll) },
            _ => const { Actions::none() },
        }
    }

    fn chance(&self) -> Option<ChanceSpec> {
        (self.turn() == Turn::Chance).then_some(ChanceSpec::Dice(2))
    }

    #[expect(clippy::inline_always, reason = "measured: see Holdings")]
    #[inline(always)]
    fn play_action(&mut self, action: Action, events: &mut Events) {
        if action == Action::BuyThrow {
            let seat = self.current;
            self.chips.give(seat, 1, Place::Pot, &mut self.pot);
            self.extra = ExtraThrow::Bought;
            events.push(Event::ThrowBought { seat });
            return;
        }
        // Throwing without buying declines the offer.
        if self.extra == ExtraThrow::Offered {
            self.extra = ExtraThrow::None;
        }
        self.rolling = true;
    }

    #[expect(clippy::inline_always, reason = "measured: see Holdings")]
    #[inline(always)]
    fn play_chance(&mut self, chance: &Chance, events: &mut Events) {
        let dice = chance.dice();
        self.rolling = false;
        self.last_roll.set(self.current, dice);
        events.push(Event::Rolled {
            seat: self.current,
            dice,
        });
        match self.phase {
            Phase::Normal => self.normal_roll(dice, events),
            Phase::Finale { safe } => self.finale_throw(safe, dice, events),
            Phase::Over => unreachable!("chance() is None once the game is over"),
        }
    }

    fn view(&self, _seat: Option<u8>) -> View {
        View::AcesInThePot(self.clone())
    }

    /// A bot buys every extra throw it is offered: the exact odds show buying raises the
    /// sole holder's chance to win at every finale start (see `tests/aces_in_the_pot.rs`).
    fn bot_action(&self, _level: BotLevel, _rng: &mut GameRng) -> Action {
        if self.extra == ExtraThrow::Offered {
            Action::BuyThrow
        } else {
            Action::Roll
        }
    }

    fn figures(&self) -> &Figures {
        &self.figures
    }

    fn conserved(&self) -> Conserved {
        Conserved::of(&[("chips", self.chips.total() + self.pot)])
    }
}
