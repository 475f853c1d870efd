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

    #[test]
    fn only_is_the_one_member() {
        let set: SeatSet = [1, 4].into_iter().collect();
        assert_eq!(set.only(), None);
        assert_eq!(SeatSet::single(7).only(), Some(7));
        assert_eq!(SeatSet::default().only(), None);
    }
}
