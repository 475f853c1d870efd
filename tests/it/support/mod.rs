//! What several test modules share: forced dice and solvers (`common`), the invariants every
//! game keeps (`invariants`), tables drawn into a `TestBackend` (`screens`).

pub mod common;
pub mod invariants;
pub mod screens;
pub mod vocabulary;

use parlor::games::BotLevel;
use parlor::table::Seat;

/// Seat 0 for "You" (when `human`) and the parlor's named bots at `levels` for the rest, as
/// a table from the menu seats them.
pub fn seats(levels: &[BotLevel], human: bool) -> Vec<Seat> {
    let humans: Vec<bool> = (0..levels.len()).map(|i| human && i == 0).collect();
    Seat::seated(&humans, &[], levels)
}
