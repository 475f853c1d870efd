//! A set of seats, as bits: who won, who is in, who is on grace.

use std::fmt;

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

    /// The first member after `seat` going up and round past the highest to the lowest
    /// (to `seat`'s left, at a table whose seats are all below 16): `seat` itself only if
    /// no other seat is in the set.
    // Inlined into each codegen unit of the dev profile, which has no LTO (Cargo.toml).
    #[cfg_attr(debug_assertions, inline)]
    pub fn next_after(self, seat: u8) -> Option<u8> {
        let above = u32::from(self.0) & !((2u32 << seat) - 1);
        if above == 0 {
            self.first()
        } else {
            Some(above.trailing_zeros() as u8)
        }
    }

    /// The first member before `seat` going down and round past the lowest to the highest
    /// (to `seat`'s right): `seat` itself only if no other seat is in the set.
    pub fn next_before(self, seat: u8) -> Option<u8> {
        let below = self.0 & ((1u16 << seat) - 1);
        let from = if below == 0 { self.0 } else { below };
        (from != 0).then(|| 15 - from.leading_zeros() as u8)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set of a 10-seat table, from every seat: the first member met walking round
    /// the table one seat at a time.
    #[test]
    fn next_after_and_before_are_the_first_met_walking_round() {
        const PLAYERS: u8 = 10;
        for bits in 1..1u16 << PLAYERS {
            let set = SeatSet::from_bits(bits);
            for seat in 0..PLAYERS {
                let walk = |step: u8| {
                    (1..=PLAYERS)
                        .map(|k| (seat + step * k) % PLAYERS)
                        .find(|&s| set.contains(s))
                };
                assert_eq!(set.next_after(seat), walk(1), "{set:?} after {seat}");
                assert_eq!(
                    set.next_before(seat),
                    walk(PLAYERS - 1),
                    "{set:?} before {seat}"
                );
            }
        }
        assert_eq!(SeatSet::default().next_after(3), None);
        assert_eq!(SeatSet::default().next_before(3), None);
        assert_eq!(SeatSet::single(15).next_after(15), Some(15));
        assert_eq!(SeatSet::single(0).next_before(0), Some(0));
    }

    #[test]
    fn only_is_the_one_member() {
        let set: SeatSet = [1, 4].into_iter().collect();
        assert_eq!(set.only(), None);
        assert_eq!(SeatSet::single(7).only(), Some(7));
        assert_eq!(SeatSet::default().only(), None);
    }
}
