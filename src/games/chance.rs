//! Chance: what the table rolls or shuffles for a game, and the outcomes it applies.
//!
//! A game never draws randomness itself. It asks for a [`ChanceSpec`]; the table samples a
//! [`Chance`] from the game's seeded RNG and hands it back, so tests can apply any roll or
//! deck order they like.

use std::fmt;

use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// The one random source of a game: dice, shuffles and bot choices all draw from it.
pub type GameRng = ChaCha8Rng;

/// The RNG for game number `stream` of a run seeded with `seed`.
///
/// Each game gets its own `ChaCha` stream, so a game's dice do not depend on how many games
/// ran before it or on which thread plays it.
pub fn game_rng(seed: u64, stream: u64) -> GameRng {
    let mut rng = GameRng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

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

    /// `count` fair dice from the RNG.
    #[inline]
    pub fn roll(count: u8, rng: &mut GameRng) -> Self {
        let mut dice = Dice::empty(count);
        for i in 0..usize::from(count) {
            dice.set(i, rng.random_range(1..=6u8));
        }
        dice
    }

    /// The face of die `index` (0: leftmost).
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
    /// A freshly shuffled deck.
    Shuffle,
}

impl ChanceSpec {
    #[inline]
    pub fn sample(self, rng: &mut GameRng) -> Chance {
        match self {
            ChanceSpec::Dice(count) => Chance::Dice(Dice::roll(count, rng)),
            ChanceSpec::Shuffle => Chance::Deck(Deck::shuffled(rng)),
        }
    }
}

/// A chance outcome: what the dice showed or how the deck fell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chance {
    Dice(Dice),
    Deck(Deck),
}

impl Chance {
    /// The dice of an outcome that a dice game asked for.
    ///
    /// # Panics
    /// On a deck: games only read dice where [`ChanceSpec::Dice`] was due, and
    /// `apply_chance` checks that first.
    pub fn dice(&self) -> Dice {
        match self {
            Chance::Dice(dice) => *dice,
            Chance::Deck(_) => unreachable!("a dice game was handed a deck"),
        }
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Dice(dice) => write!(f, "dice {dice}"),
            Chance::Deck(_) => f.write_str("a shuffled deck"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
