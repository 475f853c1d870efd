//! What each seat holds of one kind of token, and who holds any.

// Every method here is a few instructions on the simulator's hottest path. With `#[inline]`
// alone LLVM kept `pass` out of line in the `parlor` binary (though not in the bench), at a
// measured cost of a tenth of `parlor sim`'s speed.
#![expect(clippy::inline_always, reason = "measured: see above")]

use super::{MAX_SEATS, Place, SeatSet};

/// Each seat's count of one kind of token (chips, or Swedish Aces' dice), and the set of
/// seats holding any.
///
/// The rules ask who still holds anything after every roll, and the fast answer reads the
/// counts eight seats to a word. A wide read just after byte-wide writes is a load the CPU
/// cannot forward from those stores (that stall alone was a third of the simulator's time),
/// so every change is written as a whole word too.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
// Aligned, so that no word straddles two cache lines.
#[repr(align(8))]
pub struct Holdings {
    /// Seats 0-7 then 8-15 (only 8 and 9 ever used): two little-endian words.
    counts: [u8; 2 * SEATS_PER_WORD],
    players: u8,
}

const SEATS_PER_WORD: usize = 8;

impl Holdings {
    /// `players` seats holding `each`.
    pub fn new(players: u8, each: u8) -> Self {
        debug_assert!(usize::from(players) <= MAX_SEATS);
        let mut counts = [0; 2 * SEATS_PER_WORD];
        counts[..usize::from(players)].fill(each);
        Holdings { counts, players }
    }

    /// What `seat` holds.
    #[inline(always)]
    pub fn get(&self, seat: u8) -> u8 {
        self.counts[usize::from(seat)]
    }

    /// Every seat's count, in seat order.
    pub fn as_slice(&self) -> &[u8] {
        &self.counts[..usize::from(self.players)]
    }

    /// The seats holding anything.
    #[inline(always)]
    pub fn holders(&self) -> SeatSet {
        let low = nonzero_bytes(self.word(0));
        // The second word only at tables of more than eight (a branch that goes the same
        // way all game).
        SeatSet::from_bits(if self.fits_one_word() {
            low
        } else {
            low | nonzero_bytes(self.word(1)) << 8
        })
    }

    /// Every seat's count is in the first word.
    #[inline(always)]
    fn fits_one_word(&self) -> bool {
        usize::from(self.players) <= SEATS_PER_WORD
    }

    pub fn total(&self) -> u32 {
        self.as_slice().iter().map(|&count| u32::from(count)).sum()
    }

    /// # Panics
    /// In a debug build, when the count would pass 255 (the settings keep every table's
    /// tokens far below that).
    #[inline(always)]
    pub fn add(&mut self, seat: u8, count: u8) {
        debug_assert!(
            self.get(seat).checked_add(count).is_some(),
            "seat {seat} overflows"
        );
        let (index, shifted) = Self::place(seat, count);
        self.set_word(index, self.word(index) + shifted);
    }

    /// # Panics
    /// In a debug build, when `seat` holds fewer than `count`.
    #[inline(always)]
    pub fn remove(&mut self, seat: u8, count: u8) {
        debug_assert!(self.get(seat) >= count, "seat {seat} cannot give {count}");
        let (index, shifted) = Self::place(seat, count);
        self.set_word(index, self.word(index) - shifted);
    }

    /// Move `count` from one seat to another (perhaps none: a count as random as the dice
    /// is not worth a branch).
    #[inline(always)]
    pub fn pass(&mut self, from: u8, to: u8, count: u8) {
        debug_assert!(self.get(from) >= count, "seat {from} cannot give {count}");
        debug_assert!(
            self.get(to).checked_add(count).is_some(),
            "seat {to} overflows"
        );
        let ((from_word, taken), (to_word, given)) =
            (Self::place(from, count), Self::place(to, count));
        if from_word == to_word {
            // One write, not two to the same word: the second would wait on the first.
            self.set_word(from_word, self.word(from_word) - taken + given);
        } else {
            self.remove(from, count);
            self.add(to, count);
        }
    }

    /// Move `count` from `from` to a seat, or into `pot` (the pot, or Swedish Aces'
    /// centre), perhaps none.
    #[inline(always)]
    pub fn give(&mut self, from: u8, count: u8, to: Place, pot: &mut u32) {
        match to {
            Place::Seat(seat) => self.pass(from, seat, count),
            Place::Pot => {
                self.remove(from, count);
                *pot += u32::from(count);
            }
        }
    }

    /// What one roll hands out from `from`, in one write: `sent` to seats (a count may be
    /// none) and `to_pot` into `pot`. Moves one after the other each read what the last
    /// one wrote, and the simulator waited on every write; the counts are changed here as
    /// one 128-bit number held in registers (an array of the two words indexed by seat
    /// went through memory).
    ///
    /// # Panics
    /// In a debug build, when `from` holds fewer than it sends.
    #[inline(always)]
    pub fn send<const N: usize>(
        &mut self,
        from: u8,
        sent: [(u8, u8); N],
        to_pot: u8,
        pot: &mut u32,
    ) {
        let total = sent.iter().map(|&(_, count)| count).sum::<u8>() + to_pot;
        debug_assert!(self.get(from) >= total, "seat {from} cannot give {total}");
        if self.fits_one_word() {
            // A 64-bit shift is one instruction; a 128-bit one is five, and this is most
            // tables (measured with callgrind: a tenth of an LCR game's simulation).
            let at = |seat: u8, count: u8| u64::from(count) << (8 * seat);
            let word = sent.iter().fold(
                self.word(0).wrapping_sub(at(from, total)),
                |word, &(seat, count)| word.wrapping_add(at(seat, count)),
            );
            self.set_word(0, word);
        } else {
            let at = |seat: u8, count: u8| u128::from(count) << (8 * seat);
            let counts = sent.iter().fold(
                u128::from_le_bytes(self.counts).wrapping_sub(at(from, total)),
                |counts, &(seat, count)| counts.wrapping_add(at(seat, count)),
            );
            self.counts = counts.to_le_bytes();
        }
        *pot += u32::from(to_pot);
    }

    /// The word holding `seat`, and `count` shifted to the seat's byte in it.
    #[inline(always)]
    fn place(seat: u8, count: u8) -> (usize, u64) {
        let seat = usize::from(seat);
        let byte = seat % SEATS_PER_WORD;
        (seat / SEATS_PER_WORD, u64::from(count) << (8 * byte))
    }

    #[inline(always)]
    fn word(&self, index: usize) -> u64 {
        let mut bytes = [0; SEATS_PER_WORD];
        bytes.copy_from_slice(&self.counts[index * SEATS_PER_WORD..][..SEATS_PER_WORD]);
        u64::from_le_bytes(bytes)
    }

    #[inline(always)]
    fn set_word(&mut self, index: usize, word: u64) {
        self.counts[index * SEATS_PER_WORD..][..SEATS_PER_WORD]
            .copy_from_slice(&word.to_le_bytes());
    }
}

/// A bit per byte of `word`, set when the byte is not zero; no branch per byte.
#[inline(always)]
fn nonzero_bytes(word: u64) -> u16 {
    const LOW_SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // A byte's top bit ends up set when the byte is not zero: its low seven bits carry into
    // the top bit unless they are all zero, and its own top bit counts as well.
    let top_bits = (((word & LOW_SEVEN) + LOW_SEVEN) | word) & !LOW_SEVEN;
    // The multiply gathers the eight top bits, one per byte, into the top byte.
    ((top_bits >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holders_follow_every_change() {
        let mut holdings = Holdings::new(4, 1);
        assert_eq!(holdings.holders(), (0..4).collect());
        holdings.pass(0, 1, 1);
        holdings.remove(2, 1);
        assert_eq!(holdings.as_slice(), [0, 2, 0, 1]);
        assert_eq!(holdings.holders(), [1, 3].into_iter().collect());
        holdings.pass(1, 0, 0);
        assert_eq!(holdings.holders(), [1, 3].into_iter().collect());
        holdings.pass(3, 2, 1);
        assert_eq!(holdings.holders().only(), None);
        holdings.pass(1, 2, 2);
        assert_eq!(holdings.holders().only(), Some(2));
        assert_eq!(holdings.total(), 3);
    }

    /// A roll's three ways out, in one write, agree with the moves one at a time, for seats
    /// in either word and sending to the same seat twice.
    #[test]
    fn sending_a_roll_is_the_moves_one_by_one() {
        for (from, first, second) in [(0, 1, 3), (7, 8, 6), (9, 0, 8), (8, 9, 9), (2, 2, 1)] {
            let mut sent = Holdings::new(MAX_SEATS as u8, 9);
            let mut one_by_one = sent;
            let (mut pot, mut pot_one_by_one) = (1, 1);
            sent.send(from, [(first, 2), (second, 3)], 4, &mut pot);
            one_by_one.pass(from, first, 2);
            one_by_one.pass(from, second, 3);
            one_by_one.give(from, 4, Place::Pot, &mut pot_one_by_one);
            assert_eq!((sent, pot), (one_by_one, pot_one_by_one), "from {from}");
            assert_eq!(sent.holders(), one_by_one.holders());
        }
    }

    /// At tables of up to eight, whose counts fit one word, a roll sent in one write is the
    /// moves one at a time too, from and to every seat.
    #[test]
    fn sending_at_a_table_of_one_word_is_the_moves_one_by_one() {
        for players in 2..=SEATS_PER_WORD as u8 {
            for from in 0..players {
                for (first, second) in [(0, players - 1), (from, (from + 1) % players)] {
                    let mut sent = Holdings::new(players, 9);
                    let mut one_by_one = sent;
                    let (mut pot, mut pot_one_by_one) = (0, 0);
                    sent.send(from, [(first, 2), (second, 3)], 1, &mut pot);
                    one_by_one.pass(from, first, 2);
                    one_by_one.pass(from, second, 3);
                    one_by_one.give(from, 1, Place::Pot, &mut pot_one_by_one);
                    assert_eq!((sent, pot), (one_by_one, pot_one_by_one), "from {from}");
                    assert_eq!(sent.holders(), one_by_one.holders());
                }
            }
        }
        let mut emptied = Holdings::new(3, 2);
        emptied.send(1, [(0, 1), (2, 0)], 1, &mut 0);
        assert_eq!(emptied.holders(), [0, 2].into_iter().collect());
    }

    /// Every pattern of holders over ten seats, with counts that exercise each bit of a
    /// byte (1, 127, 128, 255 ...), against looking at each seat in turn.
    #[test]
    fn holders_agree_with_looking_at_each_seat() {
        const COUNTS: [u8; 6] = [1, 2, 127, 128, 129, 255];
        for pattern in 0..1u16 << MAX_SEATS {
            let mut holdings = Holdings::new(MAX_SEATS as u8, 0);
            for seat in 0..MAX_SEATS as u8 {
                if pattern & (1 << seat) != 0 {
                    holdings.add(seat, COUNTS[(usize::from(pattern) + usize::from(seat)) % 6]);
                }
            }
            let expected: SeatSet = (0..MAX_SEATS as u8)
                .filter(|&s| holdings.get(s) > 0)
                .collect();
            assert_eq!(holdings.holders(), expected, "{holdings:?}");
            assert_eq!(holdings.holders(), SeatSet::from_bits(pattern));
        }
    }
}
