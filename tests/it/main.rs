//! The integration tests, one crate: each module an area of the parlor, `support` the
//! helpers they share. One crate links the parlor once instead of once per file.

mod support;

mod aces_in_the_pot;
mod app_harness;
mod chase_the_ace;
mod cli;
mod command_walk;
mod config;
mod daily;
mod daily_secret;
mod forty_one;
mod harness;
mod help_your_neighbour;
#[cfg(feature = "host")]
mod host;
mod in_every_language;
pub mod keymap;
mod keys_told;
mod layers;
mod lcr;
mod lobby;
mod long_replay;
mod narration;
mod odds;
mod outside_text;
mod plain_guest;
mod plain_lines;
mod properties;
mod readme;
mod records_words;
mod replay;
mod review;
mod review_hot_seat;
mod review_screen;
mod settings_files;
mod stats;
mod stats_screen;
mod swedish_aces;
mod swedish_games;
mod table_show;
mod table_words;
mod themes;
mod tui;
mod tui_swedish;
mod way_back;
mod words;
mod your_name;
