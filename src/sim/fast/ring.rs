//! The chips of a table turned to the seat about to act, and the loop over them that plays
//! a game of dice on to its end: the machinery the simulator's fast loops share (LCR's and
//! Aces in the Pot's), kept here with them so that the rules (`games/`) hold the rules alone.

// Every method here is a few instructions on the fast loops' path, each roll: see
// `games/holdings.rs` for what leaving such methods to `#[inline]` cost.
#![expect(clippy::inline_always, reason = "measured: see above")]

use crate::games::{Dice, GameRng, Holdings, MOST_HELD};

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
pub(super) struct Ring<const N: usize> {
    word: u64,
    /// The seat of the first field.
    first_seat: u8,
}

impl<const N: usize> Ring<N> {
    /// Bits a seat's field takes.
    const FIELD: u32 = if N <= 8 { 8 } else { MOST_HELD.count_ones() };
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
    pub(super) fn turned(holdings: Holdings, seat: u8) -> Self {
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
    pub(super) fn holdings(self) -> Holdings {
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
    pub(super) fn first_seat(self) -> u8 {
        self.first_seat
    }

    /// The seat `along` seats to the left of the first, less than a lap along: a compare,
    /// not `seat_at`'s arithmetic in i32.
    #[inline(always)]
    pub(super) fn seat_along(self, along: u32) -> u8 {
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
    pub(super) fn first(self) -> u8 {
        self.get(0)
    }

    /// The first seat hands out `taken`: `to_next` of it to the seat on its left, `to_last`
    /// to the seat on its right, the rest out of the seats' hands.
    #[inline(always)]
    pub(super) fn hand_out(self, taken: u8, to_next: u8, to_last: u8) -> Self {
        debug_assert!(self.first() >= taken && to_next + to_last <= taken);
        self.changed(Self::handing_out(taken, to_next, to_last))
    }

    /// [`Ring::hand_out`] as a change to make with [`Ring::changed`]: one number, for a
    /// table of what each roll does.
    pub(super) const fn handing_out(taken: u8, to_next: u8, to_last: u8) -> Change {
        Change(
            ((to_next as u64) << Self::FIELD)
                .wrapping_add((to_last as u64) << (Self::WIDTH - Self::FIELD))
                .wrapping_sub(taken as u64),
        )
    }

    /// These holdings changed by `change`, which the first seat holds enough to make.
    #[inline(always)]
    pub(super) fn changed(self, change: Change) -> Self {
        let word = self.word.wrapping_add(change.0);
        debug_assert!(
            word & !Self::ALL == 0,
            "{:#x} changed by {:#x}",
            self.word,
            change.0
        );
        Ring { word, ..self }
    }

    /// The top bit of each field whose seat holds anything (see `Holdings::held_bits`).
    #[inline(always)]
    fn held(self) -> u64 {
        (((self.word & Self::LOW) + Self::LOW) | self.word) & Self::TOP
    }

    /// How many seats along from the first the one seat holding anything sits, when exactly
    /// one does.
    #[inline(always)]
    pub(super) fn sole_holder(self) -> Option<u32> {
        let held = self.held();
        held.is_power_of_two()
            .then(|| held.trailing_zeros() / Self::FIELD)
    }

    /// How many seats along from the first the next seat holding anything sits, when
    /// another than the first does. The seat alongside first, by a branch the processor
    /// predicts (see [`Holdings::next_holder`]).
    #[inline(always)]
    pub(super) fn next_holder(self) -> u32 {
        if self.word & Self::NEXT != 0 {
            return 1;
        }
        (self.held() >> Self::FIELD).trailing_zeros() / Self::FIELD + 1
    }

    /// Turned `steps` seats on to the left, `steps` less than a lap: a rotation of the whole
    /// word where the seats fill one a machine can turn at once.
    #[inline(always)]
    pub(super) fn turn(self, steps: u32) -> Self {
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

/// A position that plays on to its end over a [`Ring`] of `N` seats, for [`play_out`].
pub(super) trait RingPlay {
    /// Where the game ends.
    type End;

    /// Play on to the end at a table of `N`.
    fn play_out_at<const N: usize>(self, rng: &mut GameRng) -> Self::End;
}

/// Play a game on to its end from `start`, its position where a loop over a [`Ring`] can
/// play it (`None` where it cannot), at its table of `players`, handing the end and the
/// roll that won it (its roller and dice) to `end_at`: `false`, with nothing drawn or
/// changed, where the position is `None` or the table of a size the games played out never
/// have (under three). Compiled for each size of table.
// Inlined into the simulator's loop, where its RNG lives: 2% of `parlor sim lcr`'s speed
// out of line (three runs alternated).
#[inline(always)]
pub(super) fn play_out<P: RingPlay<End = (P, (u8, Dice))>>(
    start: Option<P>,
    players: u8,
    rng: &mut GameRng,
    end_at: impl FnOnce(P, (u8, Dice)),
) -> bool {
    let Some(start) = start else {
        return false;
    };
    let (end, last_roll) = match players {
        3 => start.play_out_at::<3>(rng),
        4 => start.play_out_at::<4>(rng),
        5 => start.play_out_at::<5>(rng),
        6 => start.play_out_at::<6>(rng),
        7 => start.play_out_at::<7>(rng),
        8 => start.play_out_at::<8>(rng),
        9 => start.play_out_at::<9>(rng),
        10 => start.play_out_at::<10>(rng),
        _ => return false,
    };
    end_at(end, last_roll);
    true
}

/// A change to a [`Ring`]'s holdings: [`Ring::handing_out`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Change(u64);
