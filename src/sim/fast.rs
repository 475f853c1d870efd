//! Games played on to their end with nobody watching, as the simulator and the odds' Monte
//! Carlo play them: by a loop of a game's own where the simulator has one for it (LCR's,
//! Aces in the Pot's), faster than step by step, else step by step through the table's
//! [`step_without_humans`].
//!
//! The fast loops live here, with the simulator, and not with the rules: a game hands out
//! where it stands and takes the end back (`position` and `end_at` on [`Lcr`] and
//! [`AcesInThePot`]), and knows nothing of the loops. Each must end a game in the state
//! stepping ends it in, having drawn the same words: a harness test plays every
//! configuration both ways (tests/it/harness.rs).

mod aces_in_the_pot;
mod lcr;
mod ring;

use crate::games::{BotLevel, Events, Game, GameRng, RulesMut};
use crate::table::step_without_humans;

/// Play `game` to its end with a bot at every seat (`levels`, one a seat) and nobody
/// watching: by its fast loop where it has one ([`play_out_fast`]), else step by step.
/// Generic, so that the simulator's loop for one game type has the rules inlined into it.
// Always inlined, as `step_without_humans` is: see there.
#[expect(clippy::inline_always, reason = "measured: see step_without_humans")]
#[inline(always)]
pub fn play_out_unwatched<G: Game + ?Sized>(
    game: &mut G,
    levels: &[BotLevel],
    rng: &mut GameRng,
    events: &mut Events,
) {
    if !play_out_fast(game, rng) {
        while step_without_humans(game, levels, rng, events).is_some() {}
    }
}

/// Play `game` to its end by its fast loop, drawing from `rng` what stepping with bots would
/// and ending in the same state, with no event told: `false`, with nothing drawn or changed,
/// where it has none from where it stands. Which games have one is asked of the game's type,
/// so a game the simulator has no loop for needs nothing here: it steps. For a game of a
/// known type the question is answered as the code is compiled.
#[expect(clippy::inline_always, reason = "measured: see play_out_unwatched")]
#[inline(always)]
pub fn play_out_fast<G: Game + ?Sized>(game: &mut G, rng: &mut GameRng) -> bool {
    match game.rules_mut() {
        Some(RulesMut::Lcr(lcr)) => {
            ring::play_out(lcr.position(), lcr.players(), rng, |end, last_roll| {
                lcr.end_at(end, last_roll);
            })
        }
        Some(RulesMut::AcesInThePot(aces)) => {
            ring::play_out(aces.position(), aces.players(), rng, |end, last_roll| {
                aces.end_at(end, last_roll);
            })
        }
        // Every other game steps.
        _ => false,
    }
}
