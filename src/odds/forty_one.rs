//! Forty-One: the expert's turn DP read as figures for a player, die by die.

use super::{DieHint, TurnFigures};
use crate::games::forty_one::FortyOne;
use crate::games::forty_one::solver::{self, BUST, TurnState};

/// Figures for each distinct face of the current roll: set it down, then play on as the
/// expert would in this seat (its win policy for the score to beat and the players still
/// to roll). Empty when no roll awaits a die.
pub(crate) fn hints(game: &FortyOne) -> Vec<DieHint> {
    let Some(roll) = game.roll() else {
        return Vec::new();
    };
    let state = game.turn_state();
    let to_beat = game.score_to_beat();
    let policy = solver::win_policy(to_beat, game.still_to_roll());
    (1..=6)
        .filter(|&face| roll.count(face) > 0)
        .map(|face| {
            let after = state.after(face);
            let dist = policy.distribution(after);
            let p_qualify = 1.0 - dist[BUST];
            let p_beat = match to_beat {
                Some(score) => dist[usize::from(score) + 1..BUST].iter().sum(),
                None => p_qualify,
            };
            DieHint {
                face,
                p_qualify,
                expected_score: expected(&dist),
                p_beat,
                p_win: policy.value(after),
            }
        })
        .collect()
}

/// The expected score of a distribution, a bust counting nothing.
fn expected(dist: &[f64; 26]) -> f64 {
    dist[..BUST]
        .iter()
        .enumerate()
        .map(|(score, p)| score as f64 * p)
        .sum()
}

/// A whole turn played for the most points from its start.
pub(crate) fn optimal_turn() -> TurnFigures {
    let dist = *solver::max_expected_distribution();
    TurnFigures {
        p_qualify: 1.0 - dist[BUST],
        expected_score: solver::max_expected_score().value(TurnState::START),
        p_24: dist[24],
        score_distribution: dist,
    }
}
