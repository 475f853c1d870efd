//! parlor: a terminal parlor for folk dice and card games.
//!
//! `games` holds the rules behind one [`games::Game`] trait; `table` drives a game with
//! seeded chance, bots and humans; `sim` plays bots-only games headless; `cli` is the
//! command line; `host` serves the parlor to friends over SSH (the `host` feature, on by
//! default).

pub mod cli;
pub mod colors;
pub mod config;
pub mod daily;
pub mod files;
pub mod flags;
pub mod games;
#[cfg(feature = "host")]
pub mod host;
pub mod keymap;
pub mod odds;
pub mod plain;
pub mod replay;
pub mod review;
pub mod setups;
pub mod shared_table;
pub mod shortcuts;
pub mod signals;
pub mod sim;
pub mod stage;
pub mod stats;
pub mod table;
pub mod tui;
pub mod untrusted;
pub mod words;
