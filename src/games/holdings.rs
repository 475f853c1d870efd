//! What each seat holds of one kind of token, and who holds any.

// Every method here is a few instructions on the simulator's hottest path. With `#[inline]`
// alone LLVM kept `pass` out of line in the `parlor` binary (though not in the bench), at a
// measured cost of a tenth of `parlor sim`'s speed.
#![expect(clippy::inline_always, reason = "measured: see above")]

use std::fmt;
use std::hint::select_unpredictable;
use std::ops::Deref;

use super::{MAX_SEATS, Place};

/// Each seat's count of one kind of token (chips, or Swedish Aces' dice), and the set of
/// seats holding any.
///
/// Six bits a seat, every seat in one 64-bit word: no table holds more than 63 tokens in
/// all (the most is 50 chips, ten players of five), so a seat's count always fits. The
/// rules ask who still holds anything after every roll, and with the whole table in one
/// number that is a few register operations. Each roll's moves are one change to it, and
/// the simulator keeps it in a register all game: a table of two words (eight seats of a
/// byte each, then the ninth and tenth) carried the second word's code on every roll at
/// every table, 13% more of Aces in the Pot's instructions (measured with callgrind).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Holdings {
    /// Seat `n`'s count is bits `6n..6n + 6`.
    counts: u64,
    players: u8,
}

/// Bits a seat's count takes.
const BITS: u32 = 6;
/// The most one seat can hold.
pub const MOST_HELD: u8 = (1 << BITS) - 1;
/// The low five bits of every seat's count.
const LOW_BITS: u64 = {
    let mut bits = 0;
    let mut seat = 0;
    while seat < MAX_SEATS {
        bits |= (MOST_HELD as u64 >> 1) << (BITS as usize * seat);
        seat += 1;
    }
    bits
};
/// The top bit of every seat's count.
const TOP_BITS: u64 = (LOW_BITS << 1) & !LOW_BITS;
// Ten seats fill sixty bits of the word.
const _: () = assert!(MAX_SEATS * BITS as usize <= 64);

/// Where seat `seat`'s count starts in the word.
#[inline(always)]
fn shift(seat: u8) -> u32 {
    BITS * u32::from(seat)
}

impl Holdings {
    /// `players` seats holding `each`.
    ///
    /// # Panics
    /// When one seat could come to hold more than [`MOST_HELD`]: the settings' ranges keep
    /// every table's tokens below that (a test checks every game's largest table).
    pub fn new(players: u8, each: u8) -> Self {
        assert!(usize::from(players) <= MAX_SEATS, "{players} seats");
        assert!(
            u32::from(players) * u32::from(each) <= u32::from(MOST_HELD),
            "{players} seats of {each} is more tokens than a seat can hold"
        );
        let counts = (0..players).fold(0, |counts, seat| counts | u64::from(each) << shift(seat));
        Holdings { counts, players }
    }

    /// Seats holding `counts`, in seat order.
    ///
    /// # Panics
    /// When the table holds more than a seat can: see [`Holdings::new`].
    pub fn of(counts: &[u8]) -> Self {
        assert!(counts.len() <= MAX_SEATS, "{} seats", counts.len());
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        assert!(
            total <= u32::from(MOST_HELD),
            "{total} tokens is more than a seat can hold"
        );
        let counts_word = (0..counts.len() as u8)
            .zip(counts)
            .fold(0, |word, (seat, &count)| {
                word | u64::from(count) << shift(seat)
            });
        Holdings {
            counts: counts_word,
            players: counts.len() as u8,
        }
    }

    /// What `seat` holds.
    #[inline(always)]
    pub fn get(&self, seat: u8) -> u8 {
        (self.counts >> shift(seat)) as u8 & MOST_HELD
    }

    /// Seats at the table.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Every seat's count from `seat` round the table (`seat`, the seat after it, ... the
    /// one before it): the word turned, then read a count at a time, with no list made (the
    /// exact odds read every transition's holdings from the seat about to roll).
    #[inline(always)]
    pub fn round_from(self, seat: u8) -> impl Iterator<Item = u8> + Clone {
        let width = BITS * u32::from(self.players);
        // `width - shift(seat)` is at most sixty: never the whole word.
        let turned = (self.counts >> shift(seat) | self.counts << (width - shift(seat)))
            & ((1 << width) - 1);
        (0..u32::from(self.players)).map(move |i| (turned >> (BITS * i)) as u8 & MOST_HELD)
    }

    /// Every seat's count, in seat order.
    pub fn counts(&self) -> Counts {
        let mut counts = [0; MAX_SEATS];
        for (seat, count) in (0..self.players).zip(&mut counts) {
            *count = self.get(seat);
        }
        Counts {
            counts,
            len: self.players,
        }
    }

    /// The top bit of each seat's count, set when the seat holds anything: a count's low
    /// five bits carry into its top bit unless they are all zero, and the top bit counts
    /// as well. The rules' questions about who holds anything are answered from these bits
    /// in place, six apart, with no gathering into a [`SeatSet`] (gathering them ran 1%
    /// more of Aces in the Pot's instructions, callgrind).
    #[inline(always)]
    fn held_bits(&self) -> u64 {
        (((self.counts & LOW_BITS) + LOW_BITS) | self.counts) & TOP_BITS
    }

    /// The seat of a held bit.
    #[inline(always)]
    fn seat_of_bit(bit: u32) -> u8 {
        (bit / BITS) as u8
    }

    /// The one seat holding anything, when exactly one does.
    #[inline(always)]
    pub fn sole_holder(&self) -> Option<u8> {
        let held = self.held_bits();
        held.is_power_of_two()
            .then(|| Self::seat_of_bit(held.trailing_zeros()))
    }

    /// The next seat to the left of `seat` holding anything, and how many seats along it
    /// sits: `seat` itself, a whole lap along, when it is the only one. `None` when nobody
    /// holds anything.
    #[inline(always)]
    pub fn next_holder(&self, seat: u8) -> Option<(u8, u8)> {
        // The seat alongside first, and as a branch: it usually holds something, and a
        // branch the processor predicts lets it start on the next roll before this one's
        // holdings are known, where the search below makes every roll wait for the last
        // (the simulator went from 1.07 to 1.21 of benches/sim.rs's per-die loop for Aces
        // in the Pot, and from 1.4 to 1.9 for LCR).
        // Not `seat_at(seat, 1, ..)`: its arithmetic in i32 cost the simulator 2% here
        // (benches/sim.rs: Aces in the Pot 1.22 to 1.20 of the per-die loop, LCR 1.98 to
        // 1.96).
        let alongside = if seat + 1 == self.players {
            0
        } else {
            seat + 1
        };
        if self.get(alongside) != 0 {
            return Some((alongside, 1));
        }
        let held = self.held_bits();
        let after = held >> shift(seat + 1);
        let ahead = Self::seat_of_bit(after.trailing_zeros()) + 1;
        let round_again = Self::seat_of_bit(held.trailing_zeros()) + self.players - seat;
        // A select, not a branch: whether the next holder is past seat 0 is as random as
        // the holdings (as a branch, 4% more of Aces in the Pot's time).
        let steps = select_unpredictable(after != 0, ahead, round_again);
        let next = seat + steps;
        let next =
            select_unpredictable(next >= self.players, next.wrapping_sub(self.players), next);
        (held != 0).then_some((next, steps))
    }

    pub fn total(&self) -> u32 {
        (0..self.players)
            .map(|seat| u32::from(self.get(seat)))
            .sum()
    }

    /// # Panics
    /// In a debug build, when the count would pass [`MOST_HELD`] (the settings keep every
    /// table's tokens below that).
    #[inline(always)]
    pub fn add(&mut self, seat: u8, count: u8) {
        self.change(seat, 0, [(seat, count)]);
    }

    /// # Panics
    /// In a debug build, when `seat` holds fewer than `count`.
    #[inline(always)]
    pub fn remove(&mut self, seat: u8, count: u8) {
        self.change(seat, count, []);
    }

    /// Move `count` from one seat to another (perhaps none: a count as random as the dice
    /// is not worth a branch).
    #[inline(always)]
    pub fn pass(&mut self, from: u8, to: u8, count: u8) {
        self.change(from, count, [(to, count)]);
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

    /// What one roll hands out from `from`, in one change: `sent` to seats (a count may be
    /// none) and `to_pot` into `pot`.
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
        self.change(from, total, sent);
        *pot += u32::from(to_pot);
    }

    /// Take `taken` from `from` and give each of `given`, as one change to the word.
    #[inline(always)]
    fn change<const N: usize>(&mut self, from: u8, taken: u8, given: [(u8, u8); N]) {
        debug_assert!(self.get(from) >= taken, "seat {from} cannot give {taken}");
        let at = |seat: u8, count: u8| u64::from(count) << shift(seat);
        let counts = given.iter().fold(
            self.counts.wrapping_sub(at(from, taken)),
            |counts, &(seat, count)| counts.wrapping_add(at(seat, count)),
        );
        debug_assert!(
            given.iter().all(|&(seat, _)| {
                let before =
                    u32::from(self.get(seat)) - if seat == from { u32::from(taken) } else { 0 };
                let added: u32 = given
                    .iter()
                    .filter(|&&(s, _)| s == seat)
                    .map(|&(_, c)| u32::from(c))
                    .sum();
                before + added <= u32::from(MOST_HELD)
            }),
            "a seat would hold more than {MOST_HELD}"
        );
        self.counts = counts;
    }
}

impl fmt::Debug for Holdings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Holdings").field(&&*self.counts()).finish()
    }
}

/// Every seat's count at a table, in seat order: read as a slice.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Counts {
    counts: [u8; MAX_SEATS],
    len: u8,
}

impl Deref for Counts {
    type Target = [u8];

    // Inlined into each codegen unit of the dev profile, which has no LTO (Cargo.toml).
    #[cfg_attr(debug_assertions, inline)]
    fn deref(&self) -> &[u8] {
        &self.counts[..usize::from(self.len)]
    }
}

impl fmt::Debug for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.deref().fmt(f)
    }
}

impl PartialEq<&[u8]> for Counts {
    fn eq(&self, other: &&[u8]) -> bool {
        **self == **other
    }
}

impl<const N: usize> PartialEq<&[u8; N]> for Counts {
    fn eq(&self, other: &&[u8; N]) -> bool {
        **self == other[..]
    }
}

impl<const N: usize> PartialEq<[u8; N]> for Counts {
    fn eq(&self, other: &[u8; N]) -> bool {
        **self == other[..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameId, SeatSet};

    #[test]
    fn round_from_reads_every_seat_from_the_one_named() {
        for counts in [
            vec![1, 2],
            vec![5, 0, 0, 7, 1],
            vec![0, 6, 6, 6, 6, 6, 6, 6, 6, 15],
        ] {
            let holdings = Holdings::of(&counts);
            for seat in 0..counts.len() {
                let mut turned = counts.clone();
                turned.rotate_left(seat);
                let read: Vec<u8> = holdings.round_from(seat as u8).collect();
                assert_eq!(read, turned, "{counts:?} from seat {seat}");
            }
        }
    }

    /// The seats holding anything, looked at one by one.
    fn holders(holdings: &Holdings) -> SeatSet {
        (0..holdings.players)
            .filter(|&seat| holdings.get(seat) > 0)
            .collect()
    }

    /// The steps to the next holder, walking round the table seat by seat.
    fn walked_to_next_holder(holdings: &Holdings, seat: u8) -> Option<(u8, u8)> {
        let players = holdings.players;
        (1..=players)
            .map(|steps| ((seat + steps) % players, steps))
            .find(|&(next, _)| holdings.get(next) > 0)
    }

    #[test]
    fn holders_follow_every_change() {
        let mut holdings = Holdings::new(4, 1);
        assert_eq!(holders(&holdings), (0..4).collect());
        holdings.pass(0, 1, 1);
        holdings.remove(2, 1);
        assert_eq!(holdings.counts(), [0, 2, 0, 1]);
        assert_eq!(holders(&holdings), [1, 3].into_iter().collect());
        holdings.pass(1, 0, 0);
        assert_eq!(holders(&holdings), [1, 3].into_iter().collect());
        assert_eq!(holdings.next_holder(1), Some((3, 2)));
        assert_eq!(
            holdings.next_holder(3),
            Some((1, 2)),
            "past seat 3 back to seat 1"
        );
        holdings.pass(3, 2, 1);
        assert_eq!(holdings.sole_holder(), None);
        holdings.pass(1, 2, 2);
        assert_eq!(holdings.sole_holder(), Some(2));
        assert_eq!(holdings.next_holder(2), Some((2, 4)), "a whole lap");
        assert_eq!(holdings.total(), 3);
        holdings.remove(2, 3);
        assert_eq!(holdings.next_holder(2), None);
    }

    /// Every game's largest table, with the most tokens each, could pile everything on one
    /// seat and still fit its six bits.
    #[test]
    fn every_table_the_settings_allow_fits() {
        for game in GameId::ALL {
            let ranges = game.ranges();
            let (_, most_players, _) = ranges.players;
            for (_, most_each, _) in [ranges.chips, ranges.dice].into_iter().flatten() {
                let holdings = Holdings::new(most_players, most_each);
                assert_eq!(
                    holdings.total(),
                    u32::from(most_players) * u32::from(most_each)
                );
                assert!(holdings.total() <= u32::from(MOST_HELD), "{game}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "more tokens than a seat can hold")]
    fn a_table_whose_tokens_could_overflow_a_seat_is_refused() {
        Holdings::new(8, 8);
    }

    /// A roll's three ways out, in one change, agree with the moves one at a time, from and
    /// to every seat of every size of table, sending to the same seat twice included.
    #[test]
    fn sending_a_roll_is_the_moves_one_by_one() {
        for players in 2..=MAX_SEATS as u8 {
            let each = MOST_HELD / players;
            for from in 0..players {
                let (left, right) = ((from + 1) % players, (from + players - 1) % players);
                for (first, second) in [(left, right), (0, players - 1), (from, left), (left, left)]
                {
                    let mut sent = Holdings::new(players, each);
                    let mut one_by_one = sent;
                    let (mut pot, mut pot_one_by_one) = (1, 1);
                    sent.send(from, [(first, 1), (second, 2)], 3.min(each - 3), &mut pot);
                    one_by_one.pass(from, first, 1);
                    one_by_one.pass(from, second, 2);
                    one_by_one.give(from, 3.min(each - 3), Place::Pot, &mut pot_one_by_one);
                    assert_eq!((sent, pot), (one_by_one, pot_one_by_one), "from {from}");
                    assert_eq!(holders(&sent), holders(&one_by_one));
                    assert_eq!(sent.total() + pot, u32::from(players) * u32::from(each) + 1);
                }
            }
        }
        let mut emptied = Holdings::new(3, 2);
        emptied.send(1, [(0, 1), (2, 0)], 1, &mut 0);
        assert_eq!(holders(&emptied), [0, 2].into_iter().collect());
        assert_eq!(emptied.counts(), [3, 0, 2]);
    }

    /// Every pattern of holders over every size of table, with counts that exercise each
    /// bit of a seat's six (1, 31, 32, 63 ...): the sole holder, and the next holder and the
    /// steps to it from every seat, agree with looking at each seat in turn.
    #[test]
    fn holders_agree_with_looking_at_each_seat() {
        const COUNTS: [u8; 6] = [1, 2, 31, 32, 33, 63];
        for pattern in 0..1u16 << MAX_SEATS {
            let mut holdings = Holdings::new(MAX_SEATS as u8, 0);
            for seat in 0..MAX_SEATS as u8 {
                if pattern & (1 << seat) != 0 {
                    holdings.add(seat, COUNTS[(usize::from(pattern) + usize::from(seat)) % 6]);
                }
            }
            assert_eq!(
                holders(&holdings),
                SeatSet::from_bits(pattern),
                "{holdings:?}"
            );
            for players in 1..=MAX_SEATS as u8 {
                // The same counts at a smaller table: only its seats.
                let mut smaller = Holdings::new(players, 0);
                for seat in 0..players {
                    smaller.add(seat, holdings.get(seat));
                }
                assert_eq!(
                    smaller.sole_holder(),
                    holders(&smaller).only(),
                    "{smaller:?}"
                );
                for seat in 0..players {
                    assert_eq!(
                        smaller.next_holder(seat),
                        walked_to_next_holder(&smaller, seat),
                        "{smaller:?} from seat {seat}"
                    );
                }
            }
        }
    }
}
