//! The table's keys, in a game, at its end and in a replay.

use crossterm::event::KeyCode;

use super::{Command, Label, always, help_key, stats};
use crate::keymap::Action;
use crate::shortcuts::shortcut;
use crate::tui::intent::{Confirm, Intent, Panel, ReplayIntent, ReviewIntent, TableIntent};
use crate::tui::sitting::LeaveTo;
use crate::tui::snapshot::{TableKeys, TableMode};

/// The end of the help at a table.
pub const NOTE: &str = "The mouse works too: click a game, a setting, a choice, a die or a seat.";

fn replay(t: &TableKeys) -> bool {
    t.mode == TableMode::Replay
}

fn over(t: &TableKeys) -> bool {
    t.mode == TableMode::Over
}

/// A game in play: neither over nor a replay.
fn in_play(t: &TableKeys) -> bool {
    !over(t) && !replay(t)
}

fn reviewable(t: &TableKeys) -> bool {
    over(t) || replay(t)
}

fn not_over(t: &TableKeys) -> bool {
    !over(t)
}

fn menu_or_tables(t: &TableKeys) -> &'static str {
    match (t.mode, t.offers.leave_to) {
        // A replay goes back where it was opened from: the review, or the menu.
        (TableMode::Replay, _) => "back",
        (_, LeaveTo::Menu) => "menu",
        (_, LeaveTo::Tables) => "tables",
    }
}

fn table(intent: TableIntent) -> Intent {
    Intent::Table(intent)
}

fn steer(intent: ReplayIntent) -> Intent {
    Intent::Replay(intent)
}

/// The table's rows, in the footer's order; a key goes to the first row offered that
/// takes it.
pub static TABLE: &[Command<TableKeys>] = &[
    Command {
        key: "←→",
        codes: &[
            KeyCode::Right,
            KeyCode::Char('l'),
            KeyCode::Char('.'),
            KeyCode::Left,
            KeyCode::Char('h'),
            KeyCode::Char(','),
        ],
        actions: &[
            (Action::Left, KeyCode::Left),
            (Action::Right, KeyCode::Right),
        ],
        help: "a step on or back (l . and h , too)",
        footer: Some((Label::Is("step"), always)),
        hint: Some(Label::Is("step")),
        when: replay,
        intent: |_, code| {
            let on = matches!(code, KeyCode::Right | KeyCode::Char('l' | '.'));
            Some(steer(ReplayIntent::Step(if on { 1 } else { -1 })))
        },
    },
    Command {
        key: "Space",
        codes: &[KeyCode::Char(' '), KeyCode::Char('p')],
        actions: &[(Action::Play, KeyCode::Char(' '))],
        help: "play the replay on, or stop it (p too)",
        footer: Some((Label::Is("play/stop"), always)),
        hint: None,
        when: replay,
        intent: |_, _| Some(steer(ReplayIntent::TogglePlay)),
    },
    Command {
        key: "Home/End",
        codes: &[
            KeyCode::Home,
            KeyCode::Char('0'),
            KeyCode::End,
            KeyCode::Char('$'),
        ],
        actions: &[
            (Action::ToStart, KeyCode::Home),
            (Action::ToEnd, KeyCode::End),
        ],
        help: "jump to the start or the end (0 $ too)",
        footer: Some((Label::Is("jump"), always)),
        hint: Some(Label::Is("jump")),
        when: replay,
        intent: |_, code| match code {
            KeyCode::Home | KeyCode::Char('0') => Some(steer(ReplayIntent::Start)),
            _ => Some(steer(ReplayIntent::End)),
        },
    },
    Command {
        key: "v",
        codes: &[KeyCode::Char('v')],
        actions: &[(Action::Review, KeyCode::Char('v'))],
        help: "review the game: every seat's chances, move by move",
        footer: Some((Label::Is("review"), always)),
        hint: Some(Label::Is("review")),
        when: reviewable,
        intent: |_, _| Some(Intent::Review(ReviewIntent::Open)),
    },
    Command {
        key: "n",
        codes: &[KeyCode::Char('n')],
        actions: &[(Action::New, KeyCode::Char('n'))],
        help: "new game (mid-game it asks: the game counts as abandoned)",
        footer: Some((Label::Is("new"), over)),
        hint: Some(Label::Is("new game")),
        when: |t| t.offers.deal_again && !replay(t),
        intent: |t, _| match t.mode {
            TableMode::Over => Some(table(TableIntent::Deal { fresh: true })),
            _ => Some(Intent::Ask(Confirm::NewGame)),
        },
    },
    Command {
        key: "g",
        codes: &[KeyCode::Char('g')],
        actions: &[(Action::SameSeed, KeyCode::Char('g'))],
        help: "the same seed again",
        footer: Some((Label::Is("same seed"), always)),
        hint: Some(Label::Is("same seed")),
        when: |t| t.offers.deal_again && over(t),
        intent: |_, _| Some(table(TableIntent::Deal { fresh: false })),
    },
    Command {
        key: "m",
        codes: &[KeyCode::Char('m')],
        actions: &[(Action::Leave, KeyCode::Char('m'))],
        help: "leave the finished game",
        footer: Some((Label::By(menu_or_tables), always)),
        hint: Some(Label::By(|t| match t.offers.leave_to {
            LeaveTo::Menu => "menu",
            LeaveTo::Tables => "back to the tables",
        })),
        when: over,
        intent: |_, _| Some(table(TableIntent::ToMenu)),
    },
    Command {
        key: "a",
        codes: &[KeyCode::Char('a')],
        actions: &[(Action::Auto, KeyCode::Char('a'))],
        help: "auto-play your seat (again to take it back)",
        footer: Some((Label::Is("auto"), always)),
        hint: None,
        when: |t| t.offers.auto && in_play(t),
        intent: |_, _| Some(table(TableIntent::ToggleAuto)),
    },
    Command {
        key: "p",
        codes: &[KeyCode::Char('p')],
        actions: &[(Action::Pause, KeyCode::Char('p'))],
        help: "pause the bots (again to go on)",
        footer: Some((Label::Is("pause"), always)),
        hint: None,
        when: |t| t.offers.pause && in_play(t),
        intent: |_, _| Some(table(TableIntent::TogglePause)),
    },
    Command {
        key: ".",
        codes: &[KeyCode::Char('.')],
        actions: &[(Action::Step, KeyCode::Char('.'))],
        help: "one move while paused (else the next bot's move now)",
        footer: None,
        hint: None,
        when: |t| t.mode == TableMode::Waiting && t.offers.pause,
        intent: |_, _| Some(table(TableIntent::StepOne)),
    },
    Command {
        key: "+/-",
        codes: &[
            KeyCode::Char('+'),
            KeyCode::Char('='),
            KeyCode::Char('-'),
            KeyCode::Char('_'),
        ],
        actions: &[
            (Action::Faster, KeyCode::Char('+')),
            (Action::Slower, KeyCode::Char('-')),
        ],
        help: "bots faster / slower (instant to 3 s a move)",
        footer: Some((Label::Is("speed"), not_over)),
        hint: None,
        when: always,
        intent: |_, code| {
            let slower = matches!(code, KeyCode::Char('-' | '_'));
            Some(table(TableIntent::Speed(if slower { 1 } else { -1 })))
        },
    },
    Command {
        key: "o",
        codes: &[KeyCode::Char('o')],
        actions: &[(Action::Odds, KeyCode::Char('o'))],
        help: "odds: each seat's chance, a hint for you (not in the daily)",
        footer: Some((Label::Is("odds"), |t| in_play(t) && t.offers.odds)),
        hint: None,
        when: always,
        intent: |_, _| Some(table(TableIntent::ToggleOdds)),
    },
    Command {
        key: "r",
        codes: &[KeyCode::Char('r')],
        actions: &[(Action::Rules, KeyCode::Char('r'))],
        help: "the rules of this game",
        footer: Some((Label::Is("rules"), always)),
        hint: None,
        when: always,
        intent: |t, _| Some(Intent::Show(Panel::Rules(t.game))),
    },
    stats(Some(over)),
    help_key(in_play),
    Command {
        key: "PgUp/PgDn",
        codes: &[KeyCode::PageUp, KeyCode::PageDown],
        actions: &[],
        help: "scroll the log (the mouse wheel too)",
        footer: None,
        hint: None,
        when: always,
        intent: |_, code| {
            Some(table(TableIntent::ScrollLog(if code == KeyCode::PageUp {
                5
            } else {
                -5
            })))
        },
    },
    Command {
        key: "Esc",
        codes: &[KeyCode::Esc],
        actions: &[(Action::Back, KeyCode::Esc)],
        help: "leave the table (mid-game it asks)",
        footer: Some((Label::By(menu_or_tables), in_play)),
        hint: None,
        when: always,
        intent: |t, _| match t.mode {
            TableMode::Replay | TableMode::Over => Some(table(TableIntent::ToMenu)),
            _ => Some(Intent::Ask(Confirm::Leave)),
        },
    },
    Command {
        key: "q",
        codes: &[KeyCode::Char('q')],
        actions: &[(Action::Quit, KeyCode::Char('q'))],
        help: "quit (mid-game it asks)",
        footer: Some((Label::Is("quit"), always)),
        hint: Some(Label::Is("quit")),
        when: always,
        intent: |t, _| match t.mode {
            TableMode::Replay => Some(Intent::Leave),
            _ => Some(Intent::Ask(Confirm::Quit)),
        },
    },
    Command {
        key: "Enter",
        codes: &[KeyCode::Enter, KeyCode::Char(' ')],
        actions: &[],
        help: "take the keyboard: the table shows your card (Space too)",
        footer: None,
        hint: None,
        when: |t| t.mode == TableMode::Handover,
        intent: |_, _| Some(table(TableIntent::TakeSeat)),
    },
    Command {
        key: "Enter",
        codes: &[KeyCode::Enter, KeyCode::Char(' ')],
        actions: &[],
        help: "hide your new card, and play on (Space too)",
        footer: None,
        hint: None,
        when: |t| t.mode == TableMode::Peek,
        intent: |_, _| Some(table(TableIntent::HideCard)),
    },
    Command {
        key: "Space/Enter",
        codes: &[KeyCode::Char(' '), KeyCode::Enter],
        actions: &[],
        help: "roll, throw, or play the highlighted choice",
        footer: None,
        hint: None,
        when: deciding,
        intent: |_, _| Some(table(TableIntent::ActChosen)),
    },
    Command {
        key: "← →",
        codes: &[
            KeyCode::Left,
            KeyCode::Up,
            KeyCode::Right,
            KeyCode::Down,
            KeyCode::Tab,
        ],
        actions: &[],
        help: "move between choices (dice, seats, keep/exchange)",
        footer: None,
        hint: None,
        when: deciding,
        intent: |_, code| {
            let back = matches!(code, KeyCode::Left | KeyCode::Up);
            Some(table(TableIntent::Choose(if back { -1 } else { 1 })))
        },
    },
    Command {
        key: "letters",
        codes: &[],
        actions: &[],
        help: "a choice's own key, as the choices show it",
        footer: None,
        hint: None,
        when: deciding,
        intent: |t, code| match code {
            KeyCode::Char(c) => shortcut(c, &t.choices).map(|a| Intent::Table(TableIntent::Act(a))),
            _ => None,
        },
    },
    Command {
        key: "Space/Enter",
        codes: &[KeyCode::Char(' '), KeyCode::Enter],
        actions: &[],
        help: "the bots' next move now",
        footer: None,
        hint: None,
        when: |t| t.mode == TableMode::Waiting,
        intent: |_, _| Some(table(TableIntent::Skip)),
    },
    Command {
        key: "any key",
        codes: &[],
        actions: &[],
        help: "go on after a round's end",
        footer: None,
        hint: None,
        when: |t| t.mode == TableMode::Held,
        intent: |_, _| Some(table(TableIntent::GoOn)),
    },
    Command {
        key: "any other key",
        codes: &[],
        actions: &[],
        help: "skip to now while a move is being shown",
        footer: None,
        hint: None,
        when: |t| t.mode == TableMode::Showing,
        intent: |_, _| Some(table(TableIntent::Skip)),
    },
];

impl super::Moments for TableKeys {
    /// A game in play passes through these moments; a finished game and a replay have no
    /// others.
    fn other_moments(&self) -> Vec<Self> {
        if !in_play(self) {
            return Vec::new();
        }
        [
            TableMode::Deciding,
            TableMode::Waiting,
            TableMode::Showing,
            TableMode::Held,
        ]
        .into_iter()
        .filter(|&mode| mode != self.mode)
        .map(|mode| TableKeys {
            mode,
            ..self.clone()
        })
        .collect()
    }
}

fn deciding(t: &TableKeys) -> bool {
    t.mode == TableMode::Deciding
}
