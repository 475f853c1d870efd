//! Chance: what the table rolls or shuffles for a game, and the outcomes it applies.
//!
//! A game never draws randomness itself. It asks for a [`ChanceSpec`]; the table samples a
//! [`Chance`] from the game's seeded RNG and hands it back, so tests can apply any roll or
//! deck order they like.

use std::fmt;

use rand::Rng;
use rand::seq::SliceRandom;

use super::GameRng;

mod polyhedral;

pub use polyhedral::{MOST_POLYHEDRAL, MOST_SIDES, Polyhedral, Thrown};

/// The most dice one roll can hold: Swedish Aces with 8 players of 5 dice, all in one hand.
pub const MAX_DICE: usize = 40;

/// Dice read left to right, faces 1 to 6, packed three bits a face into two `u64` words of
/// 21 dice each: a roll is built and copied in registers, never as a byte array (whose
/// byte-wise writes followed by wide copies stalled store forwarding on every roll in the
/// simulator), and the few dice of most rolls sit in one 64-bit word.
///
/// A tally of how many dice show each face is kept as the dice are set, so the rules' most
/// common question, how many show a face, is one shift rather than a walk over the dice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Dice {
    /// Dice 0-20.
    low: u64,
    /// Dice 21-39.
    high: u64,
    /// A byte per face 0-7 (0 and 7 only ever from [`Dice::new`]): dice showing it.
    tally: u64,
    len: u8,
}

const FACE_BITS: u32 = 3;
const FACE_MASK: u64 = 0b111;
/// Dice in one word: 21 faces of 3 bits fill 63 bits.
const PER_WORD: usize = 21;

impl Dice {
    /// Dice with the given faces. A face that is not 1-6 is kept as 0 or 7, so that
    /// [`Dice::is_valid`] still refuses it.
    ///
    /// # Panics
    /// When there are more than [`MAX_DICE`] faces: no rule rolls that many.
    pub fn new(faces: &[u8]) -> Self {
        assert!(
            faces.len() <= MAX_DICE,
            "{} dice is more than any roll",
            faces.len()
        );
        let mut dice = Dice::empty(faces.len() as u8);
        for (i, &face) in faces.iter().enumerate() {
            dice.set(i, face.min(7));
        }
        dice
    }

    /// `len` dice, every one still to be set.
    fn empty(len: u8) -> Self {
        Dice {
            low: 0,
            high: 0,
            tally: 0,
            len,
        }
    }

    // Two named words and a branch, not an indexed array: an index would send the words
    // through memory on every die.
    #[inline]
    fn set(&mut self, index: usize, face: u8) {
        if index < PER_WORD {
            self.low |= u64::from(face) << (FACE_BITS * index as u32);
        } else {
            self.high |= u64::from(face) << (FACE_BITS * (index - PER_WORD) as u32);
        }
        self.tally += 1 << (8 * u32::from(face));
    }

    /// `count` fair dice from the RNG, a whole roll at a time: a uniform draw among the 6^9
    /// rolls of [`DICE_PER_DRAW`] dice (see [`uniform_roll`]) decides up to nine dice, its
    /// digits in base 6 read three at a time through [`ROLLS`]. Drawing die by die spent
    /// the simulator's time in the RNG, and a draw sized to the roll would wait for the
    /// rules to say how many dice they want: this one does not depend on it.
    ///
    /// A roll of up to six dice takes one or two of the draw's three entries and leaves the
    /// rest in the RNG for the next rolls ([`SpareDice`]): a simulated LCR or Aces in the Pot
    /// game reads a third of the words it did. A roll from a fresh RNG, as every table's is
    /// (`table::streams`), takes the first entries of a new draw: the dice it always gave.
    // Always inlined: with a plain `#[inline]` LLVM called it out of line from the bench's
    // hand loops, which then paid a call a roll that the engine does not.
    #[expect(clippy::inline_always, reason = "see above")]
    #[inline(always)]
    pub fn roll(count: u8, rng: &mut GameRng) -> Self {
        if (1..=DICE_PER_ENTRY as u8).contains(&count) {
            // Most rolls: the decoding below, read from one entry with no loop (measured
            // with callgrind: a twentieth of an LCR game's simulation). The entry's number
            // does not depend on the count, so it is worked out while the rules are still
            // working out how many dice they want.
            return Dice::numbered(count, Dice::draw_number(rng));
        }
        if (DICE_PER_ENTRY as u8 + 1..=2 * DICE_PER_ENTRY as u8).contains(&count) {
            // Four to six dice (Forty-One's first rolls, most Swedish Aces hands): two
            // entries, with no loop (a sixth fewer of Forty-One's instructions, callgrind).
            let number = SpareDice::entries::<2>(rng);
            let first = ROLLS[DICE_PER_ENTRY - 1][(number % ENTRY_ROLLS) as usize];
            let rest = ROLLS[usize::from(count) - DICE_PER_ENTRY - 1]
                [(number / ENTRY_ROLLS % ENTRY_ROLLS) as usize];
            return Dice::of_entry(
                Entry {
                    faces: first.faces | rest.faces << (FACE_BITS * DICE_PER_ENTRY as u32),
                    tally: first.tally + rest.tally,
                },
                count,
            );
        }
        // Longer rolls take whole draws of their own; any spare entries wait for a shorter
        // roll.
        let mut dice = Dice::empty(count);
        let count = usize::from(count);
        let mut placed = 0;
        while placed < count {
            let drawn = (count - placed).min(DICE_PER_DRAW);
            dice.decode(placed, drawn, uniform_roll(rng));
            placed += drawn;
        }
        dice
    }

    /// The number of the roll [`Dice::roll`] draws for one to three dice, below
    /// [`ROLL_NUMBERS`], the same words drawn: its dice are [`Dice::numbered`]. For a loop
    /// that reads what a roll does from a table of its own by the number, and makes the dice
    /// of its last roll alone.
    #[expect(clippy::inline_always, reason = "on every roll: see Dice::roll")]
    #[inline(always)]
    pub(crate) fn draw_number(rng: &mut GameRng) -> usize {
        SpareDice::entries::<1>(rng) as usize
    }

    /// The first `count` dice (one to three) of roll number `number`.
    #[expect(clippy::inline_always, reason = "on every roll: see Dice::roll")]
    #[inline(always)]
    pub(crate) fn numbered(count: u8, number: usize) -> Self {
        Dice::of_entry(ROLLS[usize::from(count) - 1][number], count)
    }

    /// How many of the first `count` dice (one to three) of roll number `number` show
    /// `face`: for building a table of what each roll does.
    pub(crate) const fn showing(count: u8, number: usize, face: u8) -> u8 {
        (ROLLS[count as usize - 1][number].tally >> (8 * face as u32)) as u8
    }

    /// The face die `die` (from 0, of three) of roll number `number` shows.
    pub(crate) const fn face_of(number: usize, die: u32) -> u8 {
        (ROLLS[DICE_PER_ENTRY - 1][number].faces >> (FACE_BITS * die)) as u8 & 7
    }

    /// The `len` dice of one entry (or of two joined): a roll short enough for one word.
    #[inline]
    fn of_entry(entry: Entry, len: u8) -> Self {
        Dice {
            low: entry.faces,
            high: 0,
            tally: entry.tally,
            len,
        }
    }

    /// Set dice `from..from + count` to the first `count` digits of roll number `number`:
    /// die `from + i` shows digit `i` in base 6, plus one, read [`DICE_PER_ENTRY`] digits at
    /// a time from [`ROLLS`].
    #[inline]
    fn decode(&mut self, from: usize, count: usize, number: u32) {
        let mut rest = number;
        let mut index = from;
        while index < from + count {
            let dice = (from + count - index).min(DICE_PER_ENTRY);
            let entry = ROLLS[dice - 1][(rest % ENTRY_ROLLS) as usize];
            rest /= ENTRY_ROLLS;
            // `index` is a multiple of DICE_PER_ENTRY, so the entry never straddles the words.
            if index < PER_WORD {
                self.low |= entry.faces << (FACE_BITS * index as u32);
            } else {
                self.high |= entry.faces << (FACE_BITS * (index - PER_WORD) as u32);
            }
            self.tally += entry.tally;
            index += dice;
        }
    }

    /// The face of die `index` (0: leftmost).
    // Inlined into each codegen unit of the dev profile, which has no LTO (Cargo.toml).
    #[cfg_attr(debug_assertions, inline)]
    pub fn face(&self, index: usize) -> u8 {
        let (word, at) = if index < PER_WORD {
            (self.low, index)
        } else {
            (self.high, index - PER_WORD)
        };
        ((word >> (FACE_BITS * at as u32)) & FACE_MASK) as u8
    }

    /// The faces, left to right.
    pub fn faces(self) -> impl Iterator<Item = u8> + Clone {
        (0..self.len()).map(move |i| self.face(i))
    }

    /// Call `f` with the faces as a slice, unpacked on the stack.
    pub fn with_faces<R>(&self, f: impl FnOnce(&[u8]) -> R) -> R {
        let mut faces = [0; MAX_DICE];
        for (slot, face) in faces.iter_mut().zip(self.faces()) {
            *slot = face;
        }
        f(&faces[..self.len()])
    }

    /// `len` dice starting at die `start`.
    #[must_use]
    pub fn slice(&self, start: usize, len: usize) -> Dice {
        let mut dice = Dice::empty(len as u8);
        for i in 0..len {
            dice.set(i, self.face(start + i));
        }
        dice
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many dice show `face`.
    #[inline]
    pub fn count(&self, face: u8) -> u8 {
        (self.tally >> (8 * u32::from(face & 7))) as u8
    }

    /// The highest face showing, `None` for no dice: the tally's highest byte that is not
    /// zero (an invalid 7 from [`Dice::new`] is the highest). Walking the dice for it was
    /// an eighth of the simulator's Forty-One instructions (callgrind).
    #[inline]
    pub fn highest(&self) -> Option<u8> {
        (self.tally != 0).then(|| ((u64::BITS - 1 - self.tally.leading_zeros()) / 8) as u8)
    }

    /// The sum of the faces (an invalid 7 from [`Dice::new`] counts as 7).
    pub fn total(&self) -> u32 {
        (1..=7)
            .map(|face| u32::from(face) * u32::from(self.count(face)))
            .sum()
    }

    /// True when every face is a real die face.
    pub fn is_valid(&self) -> bool {
        self.count(0) == 0 && self.count(7) == 0
    }
}

/// Dice one draw decides.
const DICE_PER_DRAW: usize = 9;
/// The rolls of [`DICE_PER_DRAW`] dice, 6^9: a 32-bit draw holds them with a rejection
/// chance under 0.05%. Only a Swedish Aces hand of more dice takes two draws or more.
const DRAW_ROLLS: u32 = 6u32.pow(DICE_PER_DRAW as u32);
/// A draw `x` is refused when the low word of `x * 6^9` falls below 2^32 mod 6^9: what is
/// left maps exactly `2^32 div 6^9` draws onto each roll number, the high word (Lemire's
/// method).
const REFUSED_BELOW: u32 = ((1u64 << 32) % DRAW_ROLLS as u64) as u32;

/// Dice one entry of [`ROLLS`] decodes.
const DICE_PER_ENTRY: usize = 3;
/// The rolls of [`DICE_PER_ENTRY`] dice, 6^3.
const ENTRY_ROLLS: u32 = 6u32.pow(DICE_PER_ENTRY as u32);
/// The numbers [`Dice::draw_number`] draws among.
pub(crate) const ROLL_NUMBERS: usize = ENTRY_ROLLS as usize;
// A draw decodes into whole entries, and an entry's dice never straddle the two words.
const _: () = assert!(
    DICE_PER_DRAW.is_multiple_of(DICE_PER_ENTRY) && PER_WORD.is_multiple_of(DICE_PER_ENTRY)
);

/// The roll number in `0..6^9` a 32-bit draw stands for, or `None` when it is refused.
#[inline]
fn roll_of_draw(draw: u32) -> Option<u32> {
    let product = u64::from(draw) * u64::from(DRAW_ROLLS);
    ((product as u32) >= REFUSED_BELOW).then_some((product >> 32) as u32)
}

/// A uniform roll number in `0..6^9`: one rejection for a whole roll.
#[inline]
fn uniform_roll(rng: &mut GameRng) -> u32 {
    loop {
        if let Some(number) = roll_of_draw(rng.next_u32()) {
            return number;
        }
    }
}

/// Entries of three dice drawn and not yet rolled: the rest of the last draw, its
/// remaining base-216 digits (see [`Dice::roll`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct SpareDice {
    digits: u32,
    left: u8,
}

/// Entries one draw holds.
const ENTRIES_PER_DRAW: u8 = (DICE_PER_DRAW / DICE_PER_ENTRY) as u8;

impl SpareDice {
    /// The next `WANTED` (one or two) entries of `rng`'s draw in hand as one number below
    /// 216^`WANTED`, the first entry its lowest base-216 digit; a fresh draw when fewer are
    /// left.
    #[expect(clippy::inline_always, reason = "on every roll: see Dice::roll")]
    #[inline(always)]
    fn entries<const WANTED: u8>(rng: &mut GameRng) -> u32 {
        const { assert!(WANTED == 1 || WANTED == 2) };
        // A constant, so the division and remainder below are multiplications.
        let taken = ENTRY_ROLLS.pow(u32::from(WANTED));
        if rng.spare.left < WANTED {
            rng.spare = SpareDice {
                digits: uniform_roll(rng),
                left: ENTRIES_PER_DRAW,
            };
        }
        let SpareDice { digits, left } = rng.spare;
        rng.spare = SpareDice {
            digits: digits / taken,
            left: left - WANTED,
        };
        digits % taken
    }
}

/// A few dice decoded from their roll number: the faces packed as in [`Dice`], and their
/// tally.
#[derive(Clone, Copy)]
struct Entry {
    faces: u64,
    tally: u64,
}

/// `ROLLS[k - 1][n]`: the first `k` dice of roll number `n` of three dice (die `i` shows
/// digit `i` of `n` in base 6, plus one), for `k` from one to three. The shorter ones
/// decode the last dice of a roll whose size is not a multiple of three.
const ROLLS: [[Entry; ENTRY_ROLLS as usize]; DICE_PER_ENTRY] = {
    let mut rolls = [[Entry { faces: 0, tally: 0 }; ENTRY_ROLLS as usize]; DICE_PER_ENTRY];
    let mut dice = 1;
    while dice <= DICE_PER_ENTRY {
        let mut number = 0;
        while number < ENTRY_ROLLS {
            let mut entry = Entry { faces: 0, tally: 0 };
            let mut rest = number;
            let mut i = 0;
            while i < dice {
                let face = (rest % 6 + 1) as u64;
                rest /= 6;
                entry.faces |= face << (FACE_BITS * i as u32);
                entry.tally += 1 << (8 * face);
                i += 1;
            }
            rolls[dice - 1][number as usize] = entry;
            number += 1;
        }
        dice += 1;
    }
    rolls
};

/// The last dice thrown at a table, and by whom: what the table shows between rolls.
///
/// A seat and the dice, with no dice meaning no roll yet (every real roll has dice),
/// rather than an `Option<(u8, Dice)>`: the simulator writes it on every roll, and the
/// option's layout turned that write into odd-sized stores at odd offsets that the next
/// wide read could not be forwarded from (measured: 8% of Swedish Aces' simulation).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct LastRoll {
    dice: Dice,
    seat: u8,
}

impl LastRoll {
    #[inline]
    pub fn set(&mut self, seat: u8, dice: Dice) {
        *self = LastRoll { dice, seat };
    }

    /// The seat that threw and its dice; `None` before the first roll.
    pub fn get(&self) -> Option<(u8, Dice)> {
        (!self.dice.is_empty()).then_some((self.seat, self.dice))
    }
}

impl fmt::Debug for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dice({self})")
    }
}

/// Faces joined by a middle dot: `1·6`.
impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, face) in self.faces().enumerate() {
            if i > 0 {
                f.write_str("·")?;
            }
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

/// One card of a standard deck: 0..52, rank `1 + n % 13` (Ace low, King 13), suit `n / 13`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Card(u8);

pub const DECK_SIZE: usize = 52;
const SUITS: [&str; 4] = ["♣", "♦", "♥", "♠"];

impl Card {
    /// The card of `rank` (1-13) in `suit` (0-3).
    ///
    /// # Panics
    /// When rank or suit is out of range.
    pub fn new(rank: u8, suit: u8) -> Self {
        assert!(
            (1..=13).contains(&rank) && suit < 4,
            "no card of rank {rank} suit {suit}"
        );
        Card(suit * 13 + rank - 1)
    }

    #[cfg_attr(debug_assertions, inline)]
    pub fn rank(self) -> u8 {
        self.0 % 13 + 1
    }

    pub fn suit(self) -> u8 {
        self.0 / 13
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn rank_name(self) -> &'static str {
        [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ][usize::from(self.0 % 13)]
    }

    pub fn suit_symbol(self) -> &'static str {
        SUITS[usize::from(self.suit())]
    }

    /// The card as it is said rather than drawn: "ten of spades", "ace of hearts"
    /// ("spader tio" in Swedish).
    pub fn words(self) -> String {
        const SUITS_SAID: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];
        crate::said!(
            card_words,
            rank = self.rank(),
            suit = SUITS_SAID[usize::from(self.suit())]
        )
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_name(), self.suit_symbol())
    }
}

/// A deck in dealing order: `cards()[0]` is dealt first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Deck([Card; DECK_SIZE]);

impl Deck {
    /// The deck in a given order.
    pub fn new(cards: [Card; DECK_SIZE]) -> Self {
        Deck(cards)
    }

    /// A fresh deck in rank-then-suit order, for tests to rearrange.
    pub fn ordered() -> Self {
        Deck(std::array::from_fn(|i| Card(i as u8)))
    }

    pub fn shuffled(rng: &mut GameRng) -> Self {
        let mut deck = Self::ordered();
        deck.0.shuffle(rng);
        deck
    }

    pub fn cards(&self) -> &[Card; DECK_SIZE] {
        &self.0
    }

    /// True when the deck holds each of the 52 cards exactly once.
    pub fn is_valid(&self) -> bool {
        let mut seen = [false; DECK_SIZE];
        self.0
            .iter()
            .all(|c| c.index() < DECK_SIZE && !std::mem::replace(&mut seen[c.index()], true))
    }
}

/// What the game needs from chance next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChanceSpec {
    /// This many six-sided dice.
    Dice(u8),
    /// This many dice of this many sides (see [`Polyhedral`]).
    Polyhedral { count: u8, sides: u8 },
    /// A freshly shuffled deck.
    Shuffle,
}

impl ChanceSpec {
    #[inline]
    pub fn sample(self, rng: &mut GameRng) -> Chance {
        match self {
            ChanceSpec::Dice(count) => Chance::Dice(Dice::roll(count, rng)),
            ChanceSpec::Polyhedral { count, sides } => {
                Chance::Polyhedral(Polyhedral::roll(count, sides, rng))
            }
            ChanceSpec::Shuffle => Chance::Deck(Deck::shuffled(rng)),
        }
    }
}

/// A chance outcome: what the dice showed or how the deck fell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chance {
    Dice(Dice),
    Polyhedral(Polyhedral),
    Deck(Deck),
}

impl Chance {
    /// The dice of an outcome that a dice game asked for.
    ///
    /// # Panics
    /// On a deck: games only read dice where [`ChanceSpec::Dice`] was due, and
    /// `apply_chance` checks that first.
    #[cfg_attr(debug_assertions, inline)]
    pub fn dice(&self) -> Dice {
        match self {
            Chance::Dice(dice) => *dice,
            Chance::Polyhedral(_) | Chance::Deck(_) => {
                unreachable!("a six-sided dice game was handed {self}")
            }
        }
    }
}

impl Chance {
    /// The dice of an outcome that a game of [`Polyhedral`] dice asked for.
    ///
    /// # Panics
    /// On anything else: `apply_chance` checks the outcome against the spec first.
    pub fn polyhedral(&self) -> Polyhedral {
        match self {
            Chance::Polyhedral(dice) => *dice,
            Chance::Dice(_) | Chance::Deck(_) => {
                unreachable!("a game of polyhedral dice was handed {self}")
            }
        }
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Dice(dice) => write!(f, "dice {dice}"),
            Chance::Polyhedral(dice) => write!(f, "{}-sided dice {dice}", dice.sides()),
            Chance::Deck(_) => f.write_str("a shuffled deck"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::game_rng;

    /// Every roll of one to nine dice decodes from the first digits of its roll number:
    /// die `i` shows digit `i` in base 6, plus one, with the tally of those faces. Checked
    /// for every number below 6^7 (every digit at every place up to the seventh, and every
    /// way a roll splits into entries of [`ROLLS`]: 7 is 3 + 3 + 1) and every 97th above.
    #[test]
    fn rolls_decode_to_the_first_base_6_digits_of_their_number() {
        let numbers = (0..6u32.pow(7)).chain((6u32.pow(7)..DRAW_ROLLS).step_by(97));
        for number in numbers {
            for count in 1..=DICE_PER_DRAW {
                let mut dice = Dice::empty(count as u8);
                dice.decode(0, count, number);
                let digits: Vec<u8> = (0..count)
                    .map(|i| (number / 6u32.pow(i as u32) % 6) as u8 + 1)
                    .collect();
                assert_eq!(dice, Dice::new(&digits), "{count} dice of roll {number}");
            }
        }
        // A long roll is decoded draw by draw, each draw's dice after the last.
        let mut dice = Dice::empty(40);
        for (draw, from) in [0, 9, 18, 27, 36].into_iter().enumerate() {
            let count = (40 - from).min(DICE_PER_DRAW);
            dice.decode(from, count, DRAW_ROLLS - 1 - draw as u32);
        }
        let faces: Vec<u8> = dice.faces().collect();
        assert_eq!(&faces[..9], &[6; 9]);
        assert_eq!(&faces[9..11], &[5, 6], "draw 1 is 6^9 - 2");
        assert_eq!(&faces[36..], &[2, 6, 6, 6], "draw 4 is 6^9 - 5");
        assert_eq!(dice.count(6), 36);
    }

    /// The highest face read from the tally is the highest of the faces, for every roll of
    /// up to four dice, a roll of forty and no dice at all.
    #[test]
    fn the_highest_face_is_the_highest_die() {
        for count in 1..=4 {
            for number in 0..6u32.pow(count) {
                let faces: Vec<u8> = (0..count)
                    .map(|i| (number / 6u32.pow(i) % 6) as u8 + 1)
                    .collect();
                let dice = Dice::new(&faces);
                assert_eq!(dice.highest(), faces.iter().copied().max(), "{faces:?}");
            }
        }
        let mut forty = [1; MAX_DICE];
        forty[17] = 5;
        assert_eq!(Dice::new(&forty).highest(), Some(5));
        assert_eq!(Dice::new(&[]).highest(), None);
    }

    /// The draw is exactly uniform: every roll number is kept for exactly 2^32 div 6^9 of
    /// the 32-bit draws. The draws onto a number are a run of consecutive values whose low
    /// words climb, so the run's first kept draw, checked against `roll_of_draw`, settles
    /// the count. And a draw is refused less than once in 2,000.
    #[test]
    fn every_roll_number_is_kept_for_the_same_number_of_draws() {
        const WORD: u64 = 1 << 32;
        let rolls = u64::from(DRAW_ROLLS);
        let refused = u64::from(REFUSED_BELOW);
        assert!(refused * 2000 < WORD, "{refused} draws refused");
        let draw = |x: u64| roll_of_draw(x as u32);
        for number in 0..rolls {
            let first = (number * WORD).div_ceil(rolls);
            let end = ((number + 1) * WORD).div_ceil(rolls);
            let first_kept = first.max((number * WORD + refused).div_ceil(rolls));
            assert_eq!(end - first_kept, WORD / rolls, "roll {number}");
            assert_eq!(draw(first_kept), Some(number as u32));
            assert_eq!(draw(end - 1), Some(number as u32));
            if first_kept > first {
                assert_eq!(draw(first_kept - 1), None, "roll {number}");
            }
        }
    }

    /// Rolls of one to six dice take a short way through one or two entries of [`ROLLS`],
    /// the entries of a draw one after another, roll after roll: the dice of decoding each
    /// draw the long way, cut into rolls. A draw with too few entries left for a roll is
    /// put aside whole, and a roll of more than six dice takes draws of its own, leaving
    /// the entries in hand to the next short roll.
    #[test]
    fn short_rolls_take_a_draws_entries_in_turn() {
        let (mut short, mut long) = (game_rng(5, 0), game_rng(5, 0));
        // The dice of the draw in hand, three an entry, not yet rolled.
        let mut in_hand: Vec<u8> = Vec::new();
        for roll in 0..30_000u32 {
            let count = [1, 2, 3, 4, 5, 6, 2, 11, 1, 3][(roll % 10) as usize];
            let expected = if count > 2 * DICE_PER_ENTRY {
                let mut dice = Dice::empty(count as u8);
                for from in (0..count).step_by(DICE_PER_DRAW) {
                    let drawn = (count - from).min(DICE_PER_DRAW);
                    dice.decode(from, drawn, uniform_roll(&mut long));
                }
                dice
            } else {
                let entries = count.div_ceil(DICE_PER_ENTRY);
                if in_hand.len() < entries * DICE_PER_ENTRY {
                    let mut draw = Dice::empty(DICE_PER_DRAW as u8);
                    draw.decode(0, DICE_PER_DRAW, uniform_roll(&mut long));
                    in_hand = draw.faces().collect();
                }
                let taken: Vec<u8> = in_hand.drain(..entries * DICE_PER_ENTRY).collect();
                Dice::new(&taken[..count])
            };
            assert_eq!(Dice::roll(count as u8, &mut short), expected, "roll {roll}");
        }
    }

    /// A fresh stream's first roll of up to nine dice is the first digits of its first
    /// draw: a table's roll, each from a stream of its own, is what it always was.
    #[test]
    fn a_fresh_streams_roll_is_its_first_draws_first_dice() {
        for stream in 0..2000 {
            let count = (stream % 9 + 1) as u8;
            let fresh = || GameRng::stream([7; 32], stream);
            let mut dice = Dice::empty(count);
            dice.decode(0, usize::from(count), uniform_roll(&mut fresh()));
            assert_eq!(Dice::roll(count, &mut fresh()), dice);
        }
    }

    /// Wired together, the draws give three dice whose 216 rolls come up equally often: a
    /// chi-square test over 432,000 rolls (a fixed seed, so it never flakes).
    #[test]
    fn rolled_dice_are_uniform_and_independent() {
        let mut rng = game_rng(18, 0);
        let mut seen = [0u32; 216];
        let rolls = 432_000;
        for _ in 0..rolls {
            let dice = Dice::roll(3, &mut rng);
            let index = (0..3)
                .map(|i| usize::from(dice.face(i) - 1) * 6usize.pow(i as u32))
                .sum::<usize>();
            seen[index] += 1;
        }
        let expected = f64::from(rolls) / 216.0;
        let chi_square: f64 = seen
            .iter()
            .map(|&n| (f64::from(n) - expected).powi(2) / expected)
            .sum();
        // 215 degrees of freedom: the 99.9th percentile is about 290.
        assert!(chi_square < 290.0, "chi-square {chi_square:.1}");
    }

    /// The packed faces and the tally agree with counting die by die, for every roll of up to 4 dice with
    /// faces 0-7 (so invalid faces too) and some long rolls.
    #[test]
    #[allow(clippy::naive_bytecount)] // the plain count is the point of comparison
    fn packed_counts_agree_with_the_faces() {
        let mut rolls: Vec<Vec<u8>> = Vec::new();
        for len in 0..=4u32 {
            for n in 0..8usize.pow(len) {
                rolls.push((0..len).map(|i| ((n >> (3 * i)) & 7) as u8).collect());
            }
        }
        rolls.push((0..40).map(|i| (i % 6 + 1) as u8).collect());
        rolls.push((0..40).map(|i| if i == 39 { 0 } else { 6 }).collect());
        for faces in rolls {
            let dice = Dice::new(&faces);
            assert_eq!(dice.faces().collect::<Vec<_>>(), faces);
            for face in 0..=7 {
                assert_eq!(
                    usize::from(dice.count(face)),
                    faces.iter().filter(|&&f| f == face).count(),
                    "{faces:?}"
                );
            }
            assert_eq!(
                dice.total(),
                faces.iter().map(|&f| u32::from(f)).sum::<u32>()
            );
            assert_eq!(
                dice.is_valid(),
                faces.iter().all(|f| (1..=6).contains(f)),
                "{faces:?}"
            );
        }
    }
}
