//! The review's keys.

use crossterm::event::KeyCode;

use super::screens::{UP_DOWN, up_or_down};
use super::{Command, KeyName, Label, always, help_key, stats};
use crate::keymap::Action;
use crate::tui::intent::{Intent, ReviewIntent};
use crate::words::id;

/// The review's keys are the same at every moment.
pub struct ReviewKeys;

fn review(intent: ReviewIntent) -> Intent {
    Intent::Review(intent)
}

pub static REVIEW: &[Command<ReviewKeys>] = &[
    Command {
        key: KeyName::Is("←→"),
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
        help: &id::help_review_point,
        footer: Some((Label::Is(&id::footer_point), always)),
        hint: None,
        when: always,
        intent: |_, code| {
            let back = matches!(code, KeyCode::Left | KeyCode::Char('h'));
            Some(review(ReviewIntent::Point(if back { -1 } else { 1 })))
        },
    },
    Command {
        key: KeyName::Is("↑↓"),
        codes: UP_DOWN,
        actions: &[(Action::Up, KeyCode::Up), (Action::Down, KeyCode::Down)],
        help: &id::help_review_entry,
        footer: Some((Label::Is(&id::footer_pick), always)),
        hint: None,
        when: always,
        intent: |_, code| Some(review(ReviewIntent::Entry(up_or_down(code)))),
    },
    Command {
        key: KeyName::Is("Enter"),
        codes: &[KeyCode::Enter],
        actions: &[(Action::Select, KeyCode::Enter)],
        help: &id::help_review_replay,
        footer: Some((Label::Is(&id::footer_replay_here), always)),
        hint: None,
        when: always,
        intent: |_, _| Some(review(ReviewIntent::Replay)),
    },
    Command {
        key: KeyName::Is("Esc"),
        codes: &[KeyCode::Esc, KeyCode::Char('v'), KeyCode::Char('b')],
        actions: &[(Action::Back, KeyCode::Esc)],
        help: &id::help_review_back,
        footer: Some((Label::Is(&id::footer_back), always)),
        hint: None,
        when: always,
        intent: |_, _| Some(review(ReviewIntent::Back)),
    },
    help_key(always),
    Command {
        key: KeyName::Is("q"),
        codes: &[KeyCode::Char('q')],
        actions: &[(Action::Quit, KeyCode::Char('q'))],
        help: &id::help_quit,
        footer: Some((Label::Is(&id::footer_quit), always)),
        hint: None,
        when: always,
        intent: |_, _| Some(Intent::Leave),
    },
    stats(None),
];
