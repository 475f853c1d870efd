//! Aces in the Pot: aces pay the pot, sixes pass left, and a lone holder must survive three
//! throws in a row to take the pot.

mod present;

use super::chance::ROLL_NUMBERS;
use super::{
    Action, Actions, BotLevel, Chance, ChanceSpec, Change, Conserved, Counts, Dice, Event, Events,
    Figures, Game, GameRng, Holdings, LastRoll, Place, Ring, RingPlay, Settings, Token, Turn,
    Variant, View, next_turn, play_out_seated, seat_at,
};

use super::game_type::{GameType, Goal, Progress};
use super::settings::Ranges;

/// What Aces in the Pot says of itself (see [`GameType`]).
pub const TYPE: GameType = GameType {
    title: "Aces in the Pot",
    short_title: "Aces",
    tagline: "Aces pay the pot, sixes pass left; survive three throws alone",
    rules: include_str!("../../assets/rules/aces-in-the-pot.txt"),
    ranges: Ranges {
        players: (3, 10, 4),
        chips: Some((1, 5, 2)),
        dice: None,
        lives: None,
        rounds: None,
        bank: None,
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
    seat_zero: "0 = first to act",
    progress: Progress::Steps,
    stock: Some(("chip", "chips")),
    hides_cards: false,
    rolls_dice: true,
    decisions: None,
    biggest_win: Some((
        // The winner takes the pot and keeps their own chips: the figure is both, and
        // "pot" means the pot alone everywhere else.
        "most chips you ended a win with (pot and your own)",
        "most chips a winner ended with (pot and their own)",
    )),
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
    /// [`Game::play_out_unwatched`]: every roll and throw on to the end in one loop over the
    /// chips turned to the seat to act ([`Ring`]), with none of a step's questions of whose
    /// turn it is and what the dice are wanted for. Not with pass-alternate, whose way
    /// turns with the rounds, nor buy-throw, whose offers are the bots' choices, nor from
    /// anywhere but a seat's turn to throw.
    #[expect(clippy::inline_always, reason = "measured: see play_out_unwatched")]
    #[inline(always)]
    fn play_out(&mut self, rng: &mut GameRng) -> bool {
        if self.rolling
            || self.phase == Phase::Over
            || self.extra != ExtraThrow::None
            || self.faces.alternating
            || self.settings.has(Variant::BuyThrow)
        {
            return false;
        }
        let players = self.settings.players;
        play_out_seated(self, players, rng)
    }
}

/// What each normal roll does at a table of `N` with no extra throw, for
/// [`AcesInThePot::play_out`]: what [`AcesInThePot::normal_roll`] works out from the dice,
/// read from one entry.
struct Rolls<const N: usize>;

impl<const N: usize> Rolls<N> {
    /// `CHANGES[2 x reversed + right][n][one]`: what roll number `n` does to the chips turned
    /// to its roller, the faces reversed or not, chips passing right or left, the roller
    /// holding one chip or more. By the number first, then the chips held: the number is
    /// drawn before the roll and its row found then, while the chips held are the last thing
    /// known (by the chips held first, each roll waited on a multiplication for its row).
    const CHANGES: [[[Change; 2]; ROLL_NUMBERS]; 4] = {
        let mut changes = [[[Ring::<N>::handing_out(0, 0, 0); 2]; ROLL_NUMBERS]; 4];
        let mut way = 0;
        while way < 4 {
            let (reversed, right) = (way / 2 == 1, way % 2 == 1);
            let mut one = 0;
            while one < 2 {
                let mut number = 0;
                while number < ROLL_NUMBERS {
                    let (pays, passes) = acting(reversed, one == 1, number);
                    let (to_next, to_last) = if right { (0, passes) } else { (passes, 0) };
                    changes[way][number][one] =
                        Ring::<N>::handing_out(pays + passes, to_next, to_last);
                    number += 1;
                }
                one += 1;
            }
            way += 1;
        }
        changes
    };
}

/// `PAYS[reversed][n][one]`: the chips roll number `n` puts in the pot (see
/// [`Rolls::CHANGES`]).
const PAYS: [[[u8; 2]; ROLL_NUMBERS]; 2] = {
    let mut pays = [[[0; 2]; ROLL_NUMBERS]; 2];
    let mut reversed = 0;
    while reversed < 2 {
        let mut one = 0;
        while one < 2 {
            let mut number = 0;
            while number < ROLL_NUMBERS {
                pays[reversed][number][one] = acting(reversed == 1, one == 1, number).0;
                number += 1;
            }
            one += 1;
        }
        reversed += 1;
    }
    pays
};

/// `SHOWN[six][n]`: how many of roll number `n`'s two dice show the finale's face, a six or
/// an ace.
const SHOWN: [[u8; ROLL_NUMBERS]; 2] = {
    let mut shown = [[0; ROLL_NUMBERS]; 2];
    let mut number = 0;
    while number < ROLL_NUMBERS {
        shown[0][number] = Dice::showing(2, number, 1);
        shown[1][number] = Dice::showing(2, number, 6);
        number += 1;
    }
    shown
};

/// The chips roll number `n` of two dice pays and passes in normal play, the faces
/// `reversed` or not, the roller holding `one` chip or more: with one, and both dice
/// paying or passing, the first die acts.
const fn acting(reversed: bool, one: bool, number: usize) -> (u8, u8) {
    let paying = if reversed { 6 } else { 1 };
    let passing = 7 - paying;
    let (pays, passes) = (
        Dice::showing(2, number, paying),
        Dice::showing(2, number, passing),
    );
    if one && pays + passes > 1 {
        let first_pays = Dice::face_of(number, 0) == paying;
        (first_pays as u8, !first_pays as u8)
    } else {
        (pays, passes)
    }
}

impl RingPlay for AcesInThePot {
    /// [`AcesInThePot::play_out`] at a table of `N`: [`AcesInThePot::normal_roll`] and
    /// [`AcesInThePot::finale_throw`] as they play with no extra throw, passing one way.
    #[expect(clippy::inline_always, reason = "measured: see play_out_unwatched")]
    #[inline(always)]
    fn play_out_at<const N: usize>(&mut self, rng: &mut GameRng) {
        let Faces {
            paying,
            finale,
            left_first: left,
            ..
        } = self.faces;
        let reversed = usize::from(paying == 6);
        let changes = &Rolls::<N>::CHANGES[reversed * 2 + usize::from(!left)];
        let (pays_of, shown_of) = (&PAYS[reversed], &SHOWN[usize::from(finale == 6)]);
        // Seats along to the neighbour chips pass to.
        let to_neighbour = if left { 1 } else { N as u32 - 1 };
        let mut chips = Ring::<N>::turned(self.chips, self.current);
        let Figures {
            mut turns,
            mut finale_throws,
            mut first_sole_holder,
            ..
        } = self.figures;
        let mut pot = self.pot;
        let mut phase = self.phase;
        let (winner, last) = loop {
            let number = Dice::draw_number(rng);
            let Phase::Finale { safe } = phase else {
                let one = usize::from(chips.first() == 1);
                chips = chips.changed(changes[number][one]);
                pot += u32::from(pays_of[number][one]);
                if let Some(along) = chips.sole_holder() {
                    if along > 0 {
                        chips = chips.turn(along);
                    }
                    first_sole_holder.get_or_insert(chips.first_seat());
                    phase = Phase::Finale { safe: 0 };
                } else {
                    let steps = chips.next_holder();
                    chips = chips.turn(steps);
                    turns += steps;
                }
                continue;
            };
            finale_throws += 1;
            let shown = shown_of[number];
            if shown == 0 {
                if safe + 1 == SAFE_THROWS_TO_WIN {
                    let seat = chips.first_seat();
                    break (seat, (seat, Dice::numbered(2, number)));
                }
                phase = Phase::Finale { safe: safe + 1 };
                continue;
            }
            let thrower = chips.first_seat();
            let given = shown.min(chips.first());
            let (to_next, to_last) = if left { (given, 0) } else { (0, given) };
            chips = chips.hand_out(given, to_next, to_last);
            let left_empty = chips.first() == 0;
            chips = chips.turn(to_neighbour);
            if self.settings.has(Variant::OneFinale) {
                break (chips.first_seat(), (thrower, Dice::numbered(2, number)));
            }
            phase = if left_empty {
                Phase::Finale { safe: 0 }
            } else {
                turns += 1;
                Phase::Normal
            };
        };
        self.chips = chips.holdings();
        self.pot = pot;
        self.last_roll.set(last.0, last.1);
        self.figures.turns = turns;
        self.figures.finale_throws = finale_throws;
        self.figures.first_sole_holder = first_sole_holder;
        self.end(winner, &mut Events::discarding());
    }
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

    // Inlined into the simulator's loop, where its RNG lives (see `Lcr`'s).
    #[expect(clippy::inline_always, reason = "measured: see Lcr's")]
    #[inline(always)]
    fn play_out_unwatched(&mut self, _levels: &[BotLevel], rng: &mut GameRng) -> bool {
        self.play_out(rng)
    }

    fn figures(&self) -> &Figures {
        &self.figures
    }

    fn conserved(&self) -> Conserved {
        Conserved::of(&[("chips", self.chips.total() + self.pot)])
    }
}
