//! The review's keys.

use crossterm::event::KeyCode;

use super::screens::{UP_DOWN, up_or_down};
use super::{Command, Label, always, help_key, stats};
use crate::keymap::Action;
use crate::tui::intent::{Intent, ReviewIntent};

/// The review's keys are the same at every moment.
pub struct ReviewKeys;

/// The end of the review's help.
pub const NOTE: &str = "\
The chart: every seat's chance of winning the game, the
picked point a vertical line, the biggest swings dots.
The line under it says how the figures were found: exact,
or estimated (± two standard errors).";

fn review(intent: ReviewIntent) -> Intent {
    Intent::Review(intent)
}

pub static REVIEW: &[Command<ReviewKeys>] = &[
    Command {
        key: "←→",
        codes: &[
            KeyCode::Left,
            KeyCode::Char('h'),
            KeyCode::Right,
            KeyCode::Char('l'),
        ],
        actions: &[
            (Action::Left, KeyCode::Left),
            (Action::Right, KeyCode::Right),
        ],
        help: "move along the chart, a point at a time (h l too)",
        footer: Some((Label::Is("point"), always)),
        hint: None,
        when: always,
        intent: |_, code| {
            let back = matches!(code, KeyCode::Left | KeyCode::Char('h'));
            Some(review(ReviewIntent::Point(if back { -1 } else { 1 })))
        },
    },
    Command {
        key: "↑↓",
        codes: UP_DOWN,
        actions: &[(Action::Up, KeyCode::Up), (Action::Down, KeyCode::Down)],
        help: "pick a decision or a swing; the chart follows (k j too)",
        footer: Some((Label::Is("pick"), always)),
        hint: None,
        when: always,
        intent: |_, code| Some(review(ReviewIntent::Entry(up_or_down(code)))),
    },
    Command {
        key: "Enter",
        codes: &[KeyCode::Enter],
        actions: &[(Action::Select, KeyCode::Enter)],
        help: "replay the game from the picked moment",
        footer: Some((Label::Is("replay from here"), always)),
        hint: None,
        when: always,
        intent: |_, _| Some(review(ReviewIntent::Replay)),
    },
    Command {
        key: "Esc",
        codes: &[KeyCode::Esc, KeyCode::Char('v'), KeyCode::Char('b')],
        actions: &[(Action::Back, KeyCode::Esc)],
        help: "back to the table (v b too)",
        footer: Some((Label::Is("back"), always)),
        hint: None,
        when: always,
        intent: |_, _| Some(review(ReviewIntent::Back)),
    },
    help_key(always),
    Command {
        key: "q",
        codes: &[KeyCode::Char('q')],
        actions: &[(Action::Quit, KeyCode::Char('q'))],
        help: "quit",
        footer: Some((Label::Is("quit"), always)),
        hint: None,
        when: always,
        intent: |_, _| Some(Intent::Leave),
    },
    stats(None),
];
