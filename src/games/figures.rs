//! What a game counts as it is played (complete once it is over): the figures the
//! simulator, the stats, the review, the odds and the game-over panel read, so none of them
//! has to replay the log; and the seat sets and score tallies they are made of.

use std::fmt;

use super::event::Event;

/// A set of seats, as bits (at most 10 seats).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(u16);

impl SeatSet {
    pub fn single(seat: u8) -> Self {
        SeatSet(1 << seat)
    }

    pub fn insert(&mut self, seat: u8) {
        self.0 |= 1 << seat;
    }

    pub fn contains(self, seat: u8) -> bool {
        self.0 & (1 << seat) != 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set whose bit `n` says whether seat `n` is in it.
    pub fn from_bits(bits: u16) -> Self {
        SeatSet(bits)
    }

    /// The lowest seat in the set.
    pub fn first(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8)
    }

    /// The member when there is exactly one.
    pub fn only(self) -> Option<u8> {
        if self.0.is_power_of_two() {
            self.first()
        } else {
            None
        }
    }

    /// The members, lowest first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        // Lowest set bit, then clear it: one step per member rather than per possible seat.
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let seat = (bits != 0).then(|| bits.trailing_zeros() as u8)?;
            bits &= bits - 1;
            Some(seat)
        })
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<u8> for SeatSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut set = SeatSet::default();
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

/// Forty-One's tallies of every turn's score, kept by the game beside its [`Figures`]
/// (see [`Game::score_tallies`](super::Game::score_tallies)): in the figures, the 432 bytes
/// every other game left empty were copied with each new game the simulator dealt and each
/// position the odds solvers tried.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ScoreTallies {
    /// Every turn's score.
    pub all: ScoreTally,
    /// Turns played with no score yet to beat.
    pub opening: ScoreTally,
}

/// Per-turn score tallies.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ScoreTally {
    /// Turns played.
    pub turns: u64,
    /// Turns that held a 4 and a 1.
    pub qualified: u64,
    /// Qualifying turns by score 0..=24 (a qualifying score is at least 4).
    pub score_counts: [u64; 25],
}

impl ScoreTally {
    pub fn record(&mut self, score: Option<u8>) {
        self.turns += 1;
        if let Some(score) = score {
            self.qualified += 1;
            self.score_counts[usize::from(score)] += 1;
        }
    }

    pub fn add(&mut self, other: &ScoreTally) {
        self.turns += other.turns;
        self.qualified += other.qualified;
        for (mine, theirs) in self.score_counts.iter_mut().zip(other.score_counts) {
            *mine += theirs;
        }
    }
}

impl Figures {
    /// One seat won `pot`: record it, and return the event that says so.
    #[inline]
    pub fn sole_winner(&mut self, seat: u8, pot: u32) -> Event {
        self.winners = SeatSet::single(seat);
        self.pot_won = pot;
        Event::Wins { seat, pot }
    }
}

/// The figures of a game so far; complete once the game is over.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Figures {
    /// Who won (Swedish Aces: everyone but the loser; Forty-One: the biggest pile, ties all).
    pub winners: SeatSet,
    /// Swedish Aces: who lost.
    pub loser: Option<u8>,
    /// The seat counted as seat 0 when tallying wins by position: the first to act, or the
    /// Swedish Aces opener, or the first Chase the Ace dealer.
    pub first_seat: u8,
    /// What the winner took: the pot (plus own chips where the rules say so) or the pile.
    pub pot_won: u32,
    /// Every seat's turn in normal play, skipped turns included.
    pub turns: u32,
    /// Rolls made (LCR: turns that rolled; Swedish Aces: every roll, re-rolls included).
    pub rolls: u32,
    /// Aces in the Pot: every finale throw.
    pub finale_throws: u32,
    /// Aces in the Pot: who first became sole holder.
    pub first_sole_holder: Option<u8>,
    /// Rounds played (Forty-One, Chase the Ace), replays included.
    pub rounds: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_is_the_one_member() {
        let set: SeatSet = [1, 4].into_iter().collect();
        assert_eq!(set.only(), None);
        assert_eq!(SeatSet::single(7).only(), Some(7));
        assert_eq!(SeatSet::default().only(), None);
    }
}
