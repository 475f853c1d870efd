//! LCR's fast loop: every roll on to the end in one loop over the chips turned to the
//! roller ([`Ring`]), with none of a step's questions of whose turn it is and what the dice
//! are wanted for. The rules are `games/lcr.rs`'s; this is the simulator's way through them,
//! held to them by a harness test (tests/it/harness.rs).

use super::ring::{Change, Ring, RingPlay};
use crate::games::chance::ROLL_NUMBERS;
use crate::games::lcr::{MAX_DICE, Position};
use crate::games::{Dice, GameRng};

/// What each roll does at a table of `N` without wilds.
struct Rolls<const N: usize>;

impl<const N: usize> Rolls<N> {
    /// `CHANGES[n][k - 1]`: what roll number `n` of `k` dice does to the chips turned to
    /// its roller (the count, the tally, its three faces, their sum and the change, read
    /// for every roll, were a third of the roll's chain of dependent work). By the number
    /// first: it is drawn before the count is known, and its row found meanwhile.
    const CHANGES: [[Change; MAX_DICE as usize]; ROLL_NUMBERS] = {
        let mut changes = [[Ring::<N>::handing_out(0, 0, 0); MAX_DICE as usize]; ROLL_NUMBERS];
        let mut count = 1;
        while count <= MAX_DICE {
            let mut number = 0;
            while number < ROLL_NUMBERS {
                // Pips: L is 1, R is 2, C is 3 (see `Face::of`).
                let lefts = Dice::showing(count, number, 1);
                let rights = Dice::showing(count, number, 2);
                let centres = Dice::showing(count, number, 3);
                changes[number][count as usize - 1] =
                    Ring::<N>::handing_out(lefts + rights + centres, lefts, rights);
                number += 1;
            }
            count += 1;
        }
        changes
    };
}

/// `CENTRES[n][k - 1]`: the chips roll number `n` of `k` dice puts in the pot.
const CENTRES: [[u8; MAX_DICE as usize]; ROLL_NUMBERS] = {
    let mut centres = [[0; MAX_DICE as usize]; ROLL_NUMBERS];
    let mut count = 1;
    while count <= MAX_DICE {
        let mut number = 0;
        while number < ROLL_NUMBERS {
            centres[number][count as usize - 1] = Dice::showing(count, number, 3);
            number += 1;
        }
        count += 1;
    }
    centres
};

impl RingPlay for Position {
    /// Where the game ends, and the roll that won it (its roller and dice).
    type End = (Position, (u8, Dice));

    /// Every roll on to the end at a table of `N`, from a seat's turn to roll with no
    /// wilds in the game ([`Lcr::position`](crate::games::lcr::Lcr::position)).
    #[expect(clippy::inline_always, reason = "measured: see ring::play_out")]
    #[inline(always)]
    fn play_out_at<const N: usize>(self, rng: &mut GameRng) -> Self::End {
        let mut chips = Ring::<N>::turned(self.chips, self.seat);
        let Position {
            mut rolls,
            mut turns,
            mut pot,
            ..
        } = self;
        let (winner, last) = loop {
            // The roll read from its number, whatever the count, while the count is read.
            let number = Dice::draw_number(rng);
            let count = chips.first().min(MAX_DICE);
            debug_assert!(count > 0, "seat {} rolls with no chips", chips.first_seat());
            let at = usize::from(count) - 1;
            rolls += 1;
            chips = chips.changed(Rolls::<N>::CHANGES[number][at]);
            pot += u32::from(CENTRES[number][at]);
            if let Some(along) = chips.sole_holder() {
                break (
                    chips.seat_along(along),
                    (chips.first_seat(), Dice::numbered(count, number)),
                );
            }
            let steps = chips.next_holder();
            chips = chips.turn(steps);
            turns += steps;
        };
        let end = Position {
            chips: chips.holdings(),
            seat: winner,
            pot,
            rolls,
            turns,
        };
        (end, last)
    }
}
