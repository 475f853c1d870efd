//! What several test modules share: forced dice and solvers (`common`), the invariants every
//! game keeps (`invariants`), tables drawn into a `TestBackend` (`screens`).

pub mod common;
pub mod invariants;
pub mod screens;
