//! What each seat holds of one kind of token, and who holds any.

// Every method here is a few instructions on the simulator's hottest path. With `#[inline]`
// alone LLVM kept `pass` out of line in the `parlor` binary (though not in the bench), at a
// measured cost of a tenth of `parlor sim`'s speed.
#![expect(clippy::inline_always, reason = "measured: see above")]

use std::fmt;
use std::hint::select_unpredictable;
use std::ops::Deref;

use super::{GameRng, MAX_SEATS, Place};

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

/// The holdings of `N` seats turned to the seat about to roll, for a loop that plays a game
/// of dice on to its end: that seat's count first, then the seat to its left's, and so on
/// round the table, a field each in one word.
///
/// Turned, a roll's moves land on the same fields wherever it is thrown, and the next turn
/// is the word turned on: with four seats of a byte, one rotation. The roll's chain of
/// dependent work is then the count, the dice, the change and the rotation, where
/// [`Holdings`] shifts by the roller's seat to read and change it (a loop of LCR 4p ran 1.16
/// times as fast this way as through [`Holdings`], side by side). Eight-bit fields up to
/// eight seats, so that four and eight seats turn by one rotation of the whole word
/// (a rotation put together from shifts cost the same loop a tenth); six bits for nine and
/// ten.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Ring<const N: usize> {
    word: u64,
    /// The seat of the first field.
    first_seat: u8,
}

impl<const N: usize> Ring<N> {
    /// Bits a seat's field takes.
    const FIELD: u32 = if N <= 8 { 8 } else { BITS };
    /// Bits the seats take together.
    const WIDTH: u32 = Self::FIELD * N as u32;
    /// The low bits of every field but its top one.
    const LOW: u64 = {
        let mut bits = 0;
        let mut seat = 0;
        while seat < N {
            bits |= ((1 << (Self::FIELD - 1)) - 1) << (Self::FIELD as usize * seat);
            seat += 1;
        }
        bits
    };
    /// The top bit of every field.
    const TOP: u64 = (Self::LOW << 1) & !Self::LOW;
    /// Every field.
    const ALL: u64 = Self::LOW | Self::TOP;
    /// The field of the seat to the left of the first.
    const NEXT: u64 = ((1 << Self::FIELD) - 1) << Self::FIELD;

    /// `holdings` turned to `seat`, the first.
    #[inline(always)]
    pub(crate) fn turned(holdings: Holdings, seat: u8) -> Self {
        debug_assert_eq!(usize::from(holdings.players()), N);
        let word = holdings
            .round_from(seat)
            .zip(0..)
            .fold(0, |word, (count, at)| {
                word | u64::from(count) << (Self::FIELD * at)
            });
        Ring {
            word,
            first_seat: seat,
        }
    }

    /// These holdings turned back to seat 0.
    pub(crate) fn holdings(self) -> Holdings {
        if let Some(along) = self.sole_holder() {
            // The usual end of a game: one seat holds everything (the whole table turned
            // back field by field cost a short game a twentieth of its time).
            let mut only = Holdings::new(N as u8, 0);
            only.add(self.seat_along(along), self.get(along));
            return only;
        }
        let mut counts = [0; N];
        for (along, count) in (0..).zip(&mut counts) {
            *count = self.get(along);
        }
        counts.rotate_right(usize::from(self.first_seat));
        Holdings::of(&counts)
    }

    /// The seat of the first field: the one about to act.
    #[inline(always)]
    pub(crate) fn first_seat(self) -> u8 {
        self.first_seat
    }

    /// The seat `along` seats to the left of the first, less than a lap along: a compare,
    /// not `seat_at`'s arithmetic in i32.
    #[inline(always)]
    pub(crate) fn seat_along(self, along: u32) -> u8 {
        let seat = self.first_seat + along as u8;
        if seat >= N as u8 {
            seat - N as u8
        } else {
            seat
        }
    }

    /// What the seat `along` seats to the left of the first holds.
    #[inline(always)]
    fn get(self, along: u32) -> u8 {
        (self.word >> (Self::FIELD * along)) as u8 & ((1 << Self::FIELD) - 1) as u8
    }

    /// What the first seat holds.
    #[inline(always)]
    pub(crate) fn first(self) -> u8 {
        self.get(0)
    }

    /// The first seat hands out `taken`: `to_next` of it to the seat on its left, `to_last`
    /// to the seat on its right, the rest out of the seats' hands.
    #[inline(always)]
    pub(crate) fn hand_out(self, taken: u8, to_next: u8, to_last: u8) -> Self {
        debug_assert!(self.first() >= taken && to_next + to_last <= taken);
        self.changed(Self::handing_out(taken, to_next, to_last))
    }

    /// [`Ring::hand_out`] as a change to make with [`Ring::changed`]: one number, for a
    /// table of what each roll does.
    pub(crate) const fn handing_out(taken: u8, to_next: u8, to_last: u8) -> Change {
        Change(
            ((to_next as u64) << Self::FIELD)
                .wrapping_add((to_last as u64) << (Self::WIDTH - Self::FIELD))
                .wrapping_sub(taken as u64),
        )
    }

    /// These holdings changed by `change`, which the first seat holds enough to make.
    #[inline(always)]
    pub(crate) fn changed(self, change: Change) -> Self {
        let word = self.word.wrapping_add(change.0);
        debug_assert!(
            word & !Self::ALL == 0,
            "{:#x} changed by {:#x}",
            self.word,
            change.0
        );
        Ring { word, ..self }
    }

    /// The top bit of each field whose seat holds anything (see [`Holdings::held_bits`]).
    #[inline(always)]
    fn held(self) -> u64 {
        (((self.word & Self::LOW) + Self::LOW) | self.word) & Self::TOP
    }

    /// How many seats along from the first the one seat holding anything sits, when exactly
    /// one does.
    #[inline(always)]
    pub(crate) fn sole_holder(self) -> Option<u32> {
        let held = self.held();
        held.is_power_of_two()
            .then(|| held.trailing_zeros() / Self::FIELD)
    }

    /// How many seats along from the first the next seat holding anything sits, when
    /// another than the first does. The seat alongside first, by a branch the processor
    /// predicts (see [`Holdings::next_holder`]).
    #[inline(always)]
    pub(crate) fn next_holder(self) -> u32 {
        if self.word & Self::NEXT != 0 {
            return 1;
        }
        (self.held() >> Self::FIELD).trailing_zeros() / Self::FIELD + 1
    }

    /// Turned `steps` seats on to the left, `steps` less than a lap: a rotation of the whole
    /// word where the seats fill one a machine can turn at once.
    #[inline(always)]
    pub(crate) fn turn(self, steps: u32) -> Self {
        debug_assert!((1..N as u32).contains(&steps));
        let by = Self::FIELD * steps;
        let word = match Self::WIDTH {
            64 => self.word.rotate_right(by),
            32 => u64::from((self.word as u32).rotate_right(by)),
            width => (self.word >> by | self.word << (width - by)) & Self::ALL,
        };
        Ring {
            word,
            first_seat: self.seat_along(steps),
        }
    }
}

/// A game that plays out over a [`Ring`] of `N` seats, for [`play_out_seated`].
pub(crate) trait RingPlay {
    /// Play on to the end at a table of `N` (see [`super::Game::play_out_unwatched`]).
    fn play_out_at<const N: usize>(&mut self, rng: &mut GameRng);
}

/// Play `game` out at its table of `players`, compiled for that size of table (every size
/// has its copy): `false`, with nothing played, for a size the games played out never have
/// (under three).
#[expect(
    clippy::inline_always,
    reason = "measured: see Lcr::play_out_unwatched"
)]
#[inline(always)]
pub(crate) fn play_out_seated(game: &mut impl RingPlay, players: u8, rng: &mut GameRng) -> bool {
    match players {
        3 => game.play_out_at::<3>(rng),
        4 => game.play_out_at::<4>(rng),
        5 => game.play_out_at::<5>(rng),
        6 => game.play_out_at::<6>(rng),
        7 => game.play_out_at::<7>(rng),
        8 => game.play_out_at::<8>(rng),
        9 => game.play_out_at::<9>(rng),
        10 => game.play_out_at::<10>(rng),
        _ => return false,
    }
    true
}

/// A change to a [`Ring`]'s holdings: [`Ring::handing_out`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Change(u64);

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
