//! Aces in the Pot's fast loop: every roll and throw on to the end in one loop over the
//! chips turned to the seat to act ([`Ring`]), with none of a step's questions of whose turn
//! it is and what the dice are wanted for. The rules are `games/aces_in_the_pot.rs`'s; this
//! is the simulator's way through them, held to them by a harness test
//! (tests/it/harness.rs).

use super::ring::{Change, Ring, RingPlay};
use crate::games::aces_in_the_pot::{Phase, Position, SAFE_THROWS_TO_WIN};
use crate::games::chance::ROLL_NUMBERS;
use crate::games::{Dice, GameRng};

/// What each normal roll does at a table of `N` with no extra throw: what the rules' normal
/// roll works out from the dice, read from one entry.
struct Rolls<const N: usize>;

impl<const N: usize> Rolls<N> {
    /// `CHANGES[2 x reversed + right][n][one]`: what roll number `n` does to the chips turned
    /// to its roller, the faces reversed or not, chips passing right or left, the roller
    /// holding one chip or more. By the number first, then the chips held: the number is
    /// drawn before the roll and its row found then, while the chips held are the last thing
    /// known (by the chips held first, each roll waited on a multiplication for its row).
    const CHANGES: [[[Change; 2]; ROLL_NUMBERS]; 4] = {
        let mut changes = [[[Ring::<N>::handing_out(0, 0, 0); 2]; ROLL_NUMBERS]; 4];
        let mut way = 0;
        while way < 4 {
            let (reversed, right) = (way / 2 == 1, way % 2 == 1);
            let mut one = 0;
            while one < 2 {
                let mut number = 0;
                while number < ROLL_NUMBERS {
                    let (pays, passes) = acting(reversed, one == 1, number);
                    let (to_next, to_last) = if right { (0, passes) } else { (passes, 0) };
                    changes[way][number][one] =
                        Ring::<N>::handing_out(pays + passes, to_next, to_last);
                    number += 1;
                }
                one += 1;
            }
            way += 1;
        }
        changes
    };
}

/// `PAYS[reversed][n][one]`: the chips roll number `n` puts in the pot (see
/// [`Rolls::CHANGES`]).
const PAYS: [[[u8; 2]; ROLL_NUMBERS]; 2] = {
    let mut pays = [[[0; 2]; ROLL_NUMBERS]; 2];
    let mut reversed = 0;
    while reversed < 2 {
        let mut one = 0;
        while one < 2 {
            let mut number = 0;
            while number < ROLL_NUMBERS {
                pays[reversed][number][one] = acting(reversed == 1, one == 1, number).0;
                number += 1;
            }
            one += 1;
        }
        reversed += 1;
    }
    pays
};

/// `SHOWN[six][n]`: how many of roll number `n`'s two dice show the finale's face, a six or
/// an ace.
const SHOWN: [[u8; ROLL_NUMBERS]; 2] = {
    let mut shown = [[0; ROLL_NUMBERS]; 2];
    let mut number = 0;
    while number < ROLL_NUMBERS {
        shown[0][number] = Dice::showing(2, number, 1);
        shown[1][number] = Dice::showing(2, number, 6);
        number += 1;
    }
    shown
};

/// The chips roll number `n` of two dice pays and passes in normal play, the faces
/// `reversed` or not, the roller holding `one` chip or more: with one, and both dice
/// paying or passing, the first die acts.
const fn acting(reversed: bool, one: bool, number: usize) -> (u8, u8) {
    let paying = if reversed { 6 } else { 1 };
    let passing = 7 - paying;
    let (pays, passes) = (
        Dice::showing(2, number, paying),
        Dice::showing(2, number, passing),
    );
    if one && pays + passes > 1 {
        let first_pays = Dice::face_of(number, 0) == paying;
        (first_pays as u8, !first_pays as u8)
    } else {
        (pays, passes)
    }
}

impl RingPlay for Position {
    /// Where the game ends, and the throw that won it (its thrower and dice).
    type End = (Position, (u8, Dice));

    /// Every roll and throw on to the end at a table of `N`, from a seat's turn to roll or
    /// throw with no extra throw and chips passing one way
    /// ([`AcesInThePot::position`](crate::games::aces_in_the_pot::AcesInThePot::position)):
    /// the rules' normal roll and finale throw as they play there.
    #[expect(clippy::inline_always, reason = "measured: see ring::play_out")]
    #[inline(always)]
    fn play_out_at<const N: usize>(self, rng: &mut GameRng) -> Self::End {
        let Position {
            paying,
            finale,
            left,
            one_finale,
            mut turns,
            mut finale_throws,
            mut first_sole_holder,
            mut pot,
            mut phase,
            ..
        } = self;
        let reversed = usize::from(paying == 6);
        let changes = &Rolls::<N>::CHANGES[reversed * 2 + usize::from(!left)];
        let (pays_of, shown_of) = (&PAYS[reversed], &SHOWN[usize::from(finale == 6)]);
        // Seats along to the neighbour chips pass to.
        let to_neighbour = if left { 1 } else { N as u32 - 1 };
        let mut chips = Ring::<N>::turned(self.chips, self.seat);
        let (winner, last) = loop {
            let number = Dice::draw_number(rng);
            let Phase::Finale { safe } = phase else {
                let one = usize::from(chips.first() == 1);
                chips = chips.changed(changes[number][one]);
                pot += u32::from(pays_of[number][one]);
                if let Some(along) = chips.sole_holder() {
                    if along > 0 {
                        chips = chips.turn(along);
                    }
                    first_sole_holder.get_or_insert(chips.first_seat());
                    phase = Phase::Finale { safe: 0 };
                } else {
                    let steps = chips.next_holder();
                    chips = chips.turn(steps);
                    turns += steps;
                }
                continue;
            };
            finale_throws += 1;
            let shown = shown_of[number];
            if shown == 0 {
                if safe + 1 == SAFE_THROWS_TO_WIN {
                    let seat = chips.first_seat();
                    break (seat, (seat, Dice::numbered(2, number)));
                }
                phase = Phase::Finale { safe: safe + 1 };
                continue;
            }
            let thrower = chips.first_seat();
            let given = shown.min(chips.first());
            let (to_next, to_last) = if left { (given, 0) } else { (0, given) };
            chips = chips.hand_out(given, to_next, to_last);
            let left_empty = chips.first() == 0;
            chips = chips.turn(to_neighbour);
            if one_finale {
                break (chips.first_seat(), (thrower, Dice::numbered(2, number)));
            }
            phase = if left_empty {
                Phase::Finale { safe: 0 }
            } else {
                turns += 1;
                Phase::Normal
            };
        };
        let end = Position {
            chips: chips.holdings(),
            seat: winner,
            pot,
            phase,
            turns,
            finale_throws,
            first_sole_holder,
            ..self
        };
        (end, last)
    }
}
