//! Exact dynamic programming over a Forty-One turn.
//!
//! A turn's state is (dice still to roll, a 4 set down, a 1 set down, pips set down). Each
//! roll only matters through which faces it shows, so the solver weighs the 63 possible
//! face sets of each roll size and takes the best die to set down from each. What a final
//! score is worth is the caller's choice: its expected value, or its chance of winning.

use std::sync::OnceLock;

/// Dice in a Forty-One turn.
pub const DICE: usize = 6;
/// The most pips six dice can show.
const MAX_PIPS: usize = 36;
/// Index of a bust in a score-indexed array; scores 0..=24 use their own index.
pub const BUST: usize = 25;

/// A turn in progress: what has been set down so far.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TurnState {
    /// Dice still to roll (6 at the start of the turn, 0 when it is over).
    pub dice_left: u8,
    pub has_four: bool,
    pub has_one: bool,
    /// Pips of every die set down.
    pub pips: u8,
}

impl TurnState {
    pub const START: TurnState = TurnState {
        dice_left: DICE as u8,
        has_four: false,
        has_one: false,
        pips: 0,
    };

    /// The state after setting down `face`.
    #[must_use]
    pub fn after(self, face: u8) -> TurnState {
        TurnState {
            dice_left: self.dice_left - 1,
            has_four: self.has_four || face == 4,
            has_one: self.has_one || face == 1,
            pips: self.pips + face,
        }
    }

    /// The turn's score once six dice are down: `None` without a 4 and a 1.
    pub fn score(self) -> Option<u8> {
        // Saturating: the solver also visits states no turn reaches (a 4 and a 1 in under 5 pips).
        (self.has_four && self.has_one).then(|| self.pips.saturating_sub(5))
    }

    fn index(self) -> usize {
        ((usize::from(self.dice_left) * 2 + usize::from(self.has_four)) * 2
            + usize::from(self.has_one))
            * (MAX_PIPS + 1)
            + usize::from(self.pips)
    }
}

const STATES: usize = (DICE + 1) * 4 * (MAX_PIPS + 1);

/// For each number of dice, the chance that a roll shows exactly each set of faces
/// (bit `f - 1` for face `f`).
fn face_sets() -> &'static [[f64; 64]; DICE + 1] {
    static SETS: OnceLock<[[f64; 64]; DICE + 1]> = OnceLock::new();
    SETS.get_or_init(|| {
        let mut sets = [[0.0; 64]; DICE + 1];
        for (dice, row) in sets.iter_mut().enumerate().skip(1) {
            let outcomes = 6usize.pow(dice as u32);
            for mut roll in 0..outcomes {
                let mut mask = 0;
                for _ in 0..dice {
                    mask |= 1 << (roll % 6);
                    roll /= 6;
                }
                row[mask] += 1.0 / outcomes as f64;
            }
        }
        sets
    })
}

/// The values of every turn state for one way of valuing final scores.
#[derive(Clone, Debug)]
pub struct Solution {
    value: Vec<f64>,
}

impl Solution {
    /// Solve a turn where a final score `s` is worth `worth[s]` and a bust `worth[BUST]`.
    pub fn new(worth: &[f64; 26]) -> Self {
        let mut value = vec![0.0; STATES];
        let sets = face_sets();
        for dice_left in 0..=DICE as u8 {
            for has_four in [false, true] {
                for has_one in [false, true] {
                    for pips in 0..=MAX_PIPS as u8 {
                        let state = TurnState {
                            dice_left,
                            has_four,
                            has_one,
                            pips,
                        };
                        value[state.index()] = if dice_left == 0 {
                            state
                                .score()
                                .map_or(worth[BUST], |s| worth[usize::from(s).min(24)])
                        } else {
                            expected(&value, &sets[usize::from(dice_left)], state)
                        };
                    }
                }
            }
        }
        Solution { value }
    }

    /// The value of a state under the best play from it.
    pub fn value(&self, state: TurnState) -> f64 {
        self.value[state.index()]
    }

    /// The best face to set down from a roll showing `faces`; ties go to the higher face.
    pub fn best_face(&self, state: TurnState, faces: &[u8]) -> u8 {
        let mut best = (f64::NEG_INFINITY, 0);
        for &face in faces {
            let v = self.value(state.after(face));
            // Equal values come from the same arithmetic, so they compare exactly.
            if v > best.0 || (v.total_cmp(&best.0).is_eq() && face > best.1) {
                best = (v, face);
            }
        }
        best.1
    }

    /// The distribution of final scores (index 25: bust) when playing this solution from
    /// `state`.
    pub fn distribution(&self, state: TurnState) -> [f64; 26] {
        let mut memo = vec![None; STATES];
        self.distribution_memo(state, &mut memo)
    }

    fn distribution_memo(&self, state: TurnState, memo: &mut Vec<Option<[f64; 26]>>) -> [f64; 26] {
        if let Some(d) = memo[state.index()] {
            return d;
        }
        let mut dist = [0.0; 26];
        if state.dice_left == 0 {
            dist[state.score().map_or(BUST, usize::from)] = 1.0;
        } else {
            for (mask, &p) in face_sets()[usize::from(state.dice_left)].iter().enumerate() {
                if p == 0.0 {
                    continue;
                }
                let faces = faces_of(mask);
                let face = self.best_face(state, faces.as_slice());
                let next = self.distribution_memo(state.after(face), memo);
                for (d, n) in dist.iter_mut().zip(next) {
                    *d += p * n;
                }
            }
        }
        memo[state.index()] = Some(dist);
        dist
    }
}

/// Faces present in a face-set mask, in a small fixed list.
struct FaceList {
    len: usize,
    faces: [u8; 6],
}

impl FaceList {
    fn as_slice(&self) -> &[u8] {
        &self.faces[..self.len]
    }
}

fn faces_of(mask: usize) -> FaceList {
    let mut list = FaceList {
        len: 0,
        faces: [0; 6],
    };
    for face in 1..=6u8 {
        if mask & (1 << (face - 1)) != 0 {
            list.faces[list.len] = face;
            list.len += 1;
        }
    }
    list
}

fn expected(value: &[f64], sets: &[f64; 64], state: TurnState) -> f64 {
    let mut total = 0.0;
    for (mask, &p) in sets.iter().enumerate() {
        if p == 0.0 {
            continue;
        }
        let best = faces_of(mask)
            .as_slice()
            .iter()
            .map(|&f| value[state.after(f).index()])
            .fold(f64::NEG_INFINITY, f64::max);
        total += p * best;
    }
    total
}

/// The max-expected-score policy: a score is worth its points, a bust nothing.
pub fn max_expected_score() -> &'static Solution {
    static SOLUTION: OnceLock<Solution> = OnceLock::new();
    SOLUTION.get_or_init(|| {
        Solution::new(&std::array::from_fn(
            |s| if s == BUST { 0.0 } else { s as f64 },
        ))
    })
}

/// Final-score distribution of a player using the max-expected-score policy.
pub fn max_expected_distribution() -> &'static [f64; 26] {
    static DIST: OnceLock<[f64; 26]> = OnceLock::new();
    DIST.get_or_init(|| max_expected_score().distribution(TurnState::START))
}

/// Most players still to roll after the current one (eight players, minus the roller).
const MAX_AFTER: usize = 7;

/// The policy that maximises the chance of winning the round, given the best score so far
/// (`None`: nobody has qualified) and how many players still roll after this one, taking
/// them to play the max-expected-score policy. Ties count half. Each case is solved once.
pub fn win_policy(to_beat: Option<u8>, after: usize) -> &'static Solution {
    static CACHE: OnceLock<Vec<OnceLock<Solution>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| (0..26 * (MAX_AFTER + 1)).map(|_| OnceLock::new()).collect());
    let after = after.min(MAX_AFTER);
    let key = to_beat.map_or(BUST, usize::from) * (MAX_AFTER + 1) + after;
    cache[key].get_or_init(|| {
        if to_beat.is_none() && after == 0 {
            return max_expected_score().clone();
        }
        Solution::new(&win_worth(to_beat, after))
    })
}

/// What each final score is worth: the chance it wins the round.
fn win_worth(to_beat: Option<u8>, after: usize) -> [f64; 26] {
    let others = max_expected_distribution();
    std::array::from_fn(|s| {
        if s == BUST {
            return 0.0;
        }
        let against_earlier = match to_beat.map(usize::from) {
            Some(b) if b > s => 0.0,
            Some(b) if b == s => 0.5,
            _ => 1.0,
        };
        let below: f64 = others[BUST] + others[..s].iter().sum::<f64>();
        let one_later = below + 0.5 * others[s];
        against_earlier * one_later.powi(i32::try_from(after).unwrap_or(i32::MAX))
    })
}
