//! Monte Carlo through the engine: bots-only playouts from a position, as `parlor sim`
//! plays them, seeded from the position so the same position always gives the same answer.

use std::fmt::Debug;

use super::{Method, Odds};
use crate::games::{BotLevel, Events, Game, game_rng};
use crate::sim::play_out_unwatched;

/// A seed taken from everything a position shows of itself (FNV-1a over its debug form):
/// the same position, the same seed, on any machine.
pub(crate) fn position_seed(position: &impl Debug) -> u64 {
    format!("{position:?}")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// Play `games` bots-only games on from `game` (every seat at `level`) and count the
/// winners. The standard error is the largest over the seats.
pub(crate) fn play_out(game: &dyn Game, level: BotLevel, games: u32) -> Odds {
    let n = usize::from(game.players());
    let levels = vec![level; n];
    let seed = position_seed(&game);
    let mut wins = vec![0u32; n];
    let mut events = Events::discarding();
    for index in 0..games {
        let mut playout = game.clone_box();
        let mut rng = game_rng(seed, u64::from(index));
        play_out_unwatched(playout.as_mut(), &levels, &mut rng, &mut events);
        for seat in playout.figures().winners.iter() {
            wins[usize::from(seat)] += 1;
        }
    }
    let games = f64::from(games.max(1));
    let seat_win: Vec<f64> = wins.iter().map(|&w| f64::from(w) / games).collect();
    let std_error = seat_win
        .iter()
        .map(|p| (p * (1.0 - p) / games).sqrt())
        .fold(0.0, f64::max);
    Odds {
        seat_win,
        method: Method::MonteCarlo,
        std_error: Some(std_error),
    }
}
