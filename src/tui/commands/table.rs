//! The table's keys, in a game, at its end and in a replay.

use crossterm::event::KeyCode;

use super::{Command, KeyName, Label, always, help_key, stats};
use crate::keymap::Action;
use crate::shortcuts::shortcut;
use crate::tui::intent::{Confirm, Intent, Panel, ReplayIntent, ReviewIntent, TableIntent};
use crate::tui::sitting::LeaveTo;
use crate::tui::snapshot::{TableKeys, TableMode};
use crate::words::{MessageId, id};

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

fn menu_or_tables(t: &TableKeys) -> &'static MessageId {
    match (t.mode, t.offers.leave_to) {
        // A replay goes back where it was opened from: the review, or the menu.
        (TableMode::Replay, _) => &id::footer_back,
        (_, LeaveTo::Menu) => &id::footer_menu,
        (_, LeaveTo::Tables) => &id::footer_tables,
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
        key: KeyName::Is("←→"),
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
        help: &id::help_replay_step,
        footer: Some((Label::Is(&id::footer_step), always)),
        hint: Some(Label::Is(&id::footer_step)),
        when: replay,
        intent: |_, code| {
            let on = matches!(code, KeyCode::Right | KeyCode::Char('l' | '.'));
            Some(steer(ReplayIntent::Step(if on { 1 } else { -1 })))
        },
    },
    Command {
        key: KeyName::Said(&id::key_space),
        codes: &[KeyCode::Char(' '), KeyCode::Char('p')],
        actions: &[(Action::Play, KeyCode::Char(' '))],
        help: &id::help_replay_play,
        footer: Some((Label::Is(&id::footer_play_stop), always)),
        hint: None,
        when: replay,
        intent: |_, _| Some(steer(ReplayIntent::TogglePlay)),
    },
    Command {
        key: KeyName::Is("Home/End"),
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
        help: &id::help_replay_jump,
        footer: Some((Label::Is(&id::footer_jump), always)),
        hint: Some(Label::Is(&id::footer_jump)),
        when: replay,
        intent: |_, code| match code {
            KeyCode::Home | KeyCode::Char('0') => Some(steer(ReplayIntent::Start)),
            _ => Some(steer(ReplayIntent::End)),
        },
    },
    Command {
        key: KeyName::Is("v"),
        codes: &[KeyCode::Char('v')],
        actions: &[(Action::Review, KeyCode::Char('v'))],
        help: &id::help_review,
        footer: Some((Label::Is(&id::footer_review), always)),
        hint: Some(Label::Is(&id::footer_review)),
        when: reviewable,
        intent: |_, _| Some(Intent::Review(ReviewIntent::Open)),
    },
    Command {
        key: KeyName::Is("n"),
        codes: &[KeyCode::Char('n')],
        actions: &[(Action::New, KeyCode::Char('n'))],
        help: &id::help_new,
        footer: Some((Label::Is(&id::footer_new), over)),
        hint: Some(Label::Is(&id::hint_new_game)),
        when: |t| t.offers.deal_again && !replay(t),
        intent: |t, _| match t.mode {
            TableMode::Over => Some(table(TableIntent::Deal { fresh: true })),
            _ => Some(Intent::Ask(Confirm::NewGame)),
        },
    },
    Command {
        key: KeyName::Is("g"),
        codes: &[KeyCode::Char('g')],
        actions: &[(Action::SameSeed, KeyCode::Char('g'))],
        help: &id::help_same_seed,
        footer: Some((Label::Is(&id::footer_same_seed), always)),
        hint: Some(Label::Is(&id::footer_same_seed)),
        when: |t| t.offers.deal_again && over(t),
        intent: |_, _| Some(table(TableIntent::Deal { fresh: false })),
    },
    Command {
        key: KeyName::Is("m"),
        codes: &[KeyCode::Char('m')],
        actions: &[(Action::Leave, KeyCode::Char('m'))],
        help: &id::help_leave,
        footer: Some((Label::By(menu_or_tables), always)),
        hint: Some(Label::By(|t| match t.offers.leave_to {
            LeaveTo::Menu => &id::footer_menu,
            LeaveTo::Tables => &id::hint_back_to_tables,
        })),
        when: over,
        intent: |_, _| Some(table(TableIntent::ToMenu)),
    },
    Command {
        key: KeyName::Is("a"),
        codes: &[KeyCode::Char('a')],
        actions: &[(Action::Auto, KeyCode::Char('a'))],
        help: &id::help_auto,
        footer: Some((Label::Is(&id::footer_auto), always)),
        hint: None,
        when: |t| t.offers.auto && in_play(t),
        intent: |_, _| Some(table(TableIntent::ToggleAuto)),
    },
    Command {
        key: KeyName::Is("p"),
        codes: &[KeyCode::Char('p')],
        actions: &[(Action::Pause, KeyCode::Char('p'))],
        help: &id::help_pause,
        footer: Some((Label::Is(&id::footer_pause), always)),
        hint: None,
        when: |t| t.offers.pause && in_play(t),
        intent: |_, _| Some(table(TableIntent::TogglePause)),
    },
    Command {
        key: KeyName::Is("."),
        codes: &[KeyCode::Char('.')],
        actions: &[(Action::Step, KeyCode::Char('.'))],
        help: &id::help_step_one,
        footer: None,
        hint: None,
        when: |t| t.mode == TableMode::Waiting && t.offers.pause,
        intent: |_, _| Some(table(TableIntent::StepOne)),
    },
    Command {
        key: KeyName::Is("+/-"),
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
        help: &id::help_speed,
        footer: Some((Label::Is(&id::footer_speed), not_over)),
        hint: None,
        when: always,
        intent: |_, code| {
            let slower = matches!(code, KeyCode::Char('-' | '_'));
            Some(table(TableIntent::Speed(if slower { 1 } else { -1 })))
        },
    },
    Command {
        key: KeyName::Is("o"),
        codes: &[KeyCode::Char('o')],
        actions: &[(Action::Odds, KeyCode::Char('o'))],
        help: &id::help_odds,
        footer: Some((Label::Is(&id::footer_odds), |t| in_play(t) && t.offers.odds)),
        hint: None,
        when: always,
        intent: |_, _| Some(table(TableIntent::ToggleOdds)),
    },
    Command {
        key: KeyName::Is("r"),
        codes: &[KeyCode::Char('r')],
        actions: &[(Action::Rules, KeyCode::Char('r'))],
        help: &id::help_rules_this,
        footer: Some((Label::Is(&id::footer_rules), always)),
        hint: None,
        when: always,
        intent: |t, _| Some(Intent::Show(Panel::Rules(t.game))),
    },
    stats(Some(over)),
    help_key(in_play),
    Command {
        key: KeyName::Is("PgUp/PgDn"),
        codes: &[KeyCode::PageUp, KeyCode::PageDown],
        actions: &[],
        help: &id::help_scroll_log,
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
        key: KeyName::Is("Esc"),
        codes: &[KeyCode::Esc],
        actions: &[(Action::Back, KeyCode::Esc)],
        help: &id::help_leave_table,
        footer: Some((Label::By(menu_or_tables), in_play)),
        hint: None,
        when: always,
        intent: |t, _| match t.mode {
            TableMode::Replay | TableMode::Over => Some(table(TableIntent::ToMenu)),
            _ => Some(Intent::Ask(Confirm::Leave)),
        },
    },
    Command {
        key: KeyName::Is("q"),
        codes: &[KeyCode::Char('q')],
        actions: &[(Action::Quit, KeyCode::Char('q'))],
        help: &id::help_quit_asks,
        footer: Some((Label::Is(&id::footer_quit), always)),
        hint: Some(Label::Is(&id::footer_quit)),
        when: always,
        intent: |t, _| match t.mode {
            TableMode::Replay => Some(Intent::Leave),
            _ => Some(Intent::Ask(Confirm::Quit)),
        },
    },
    Command {
        key: KeyName::Is("Enter"),
        codes: &[KeyCode::Enter, KeyCode::Char(' ')],
        actions: &[],
        help: &id::help_take_seat,
        footer: None,
        hint: None,
        when: |t| t.mode == TableMode::Handover,
        intent: |_, _| Some(table(TableIntent::TakeSeat)),
    },
    Command {
        key: KeyName::Is("Enter"),
        codes: &[KeyCode::Enter, KeyCode::Char(' ')],
        actions: &[],
        help: &id::help_hide_card,
        footer: None,
        hint: None,
        when: |t| t.mode == TableMode::Peek,
        intent: |_, _| Some(table(TableIntent::HideCard)),
    },
    Command {
        key: KeyName::Said(&id::key_space_enter),
        codes: &[KeyCode::Char(' '), KeyCode::Enter],
        actions: &[],
        help: &id::help_act,
        footer: None,
        hint: None,
        when: deciding,
        intent: |_, _| Some(table(TableIntent::ActChosen)),
    },
    Command {
        key: KeyName::Is("← →"),
        codes: &[
            KeyCode::Left,
            KeyCode::Up,
            KeyCode::Right,
            KeyCode::Down,
            KeyCode::Tab,
        ],
        actions: &[],
        help: &id::help_choose,
        footer: None,
        hint: None,
        when: deciding,
        intent: |_, code| {
            let back = matches!(code, KeyCode::Left | KeyCode::Up);
            Some(table(TableIntent::Choose(if back { -1 } else { 1 })))
        },
    },
    Command {
        key: KeyName::Said(&id::key_letters),
        codes: &[],
        actions: &[],
        help: &id::help_letters,
        footer: None,
        hint: None,
        when: deciding,
        intent: |t, code| match code {
            KeyCode::Char(c) => shortcut(c, &t.choices).map(|a| Intent::Table(TableIntent::Act(a))),
            _ => None,
        },
    },
    Command {
        key: KeyName::Said(&id::key_space_enter),
        codes: &[KeyCode::Char(' '), KeyCode::Enter],
        actions: &[],
        help: &id::help_skip,
        footer: None,
        hint: None,
        when: |t| t.mode == TableMode::Waiting,
        intent: |_, _| Some(table(TableIntent::Skip)),
    },
    Command {
        key: KeyName::Said(&id::key_any),
        codes: &[],
        actions: &[],
        help: &id::help_go_on,
        footer: None,
        hint: None,
        when: |t| t.mode == TableMode::Held,
        intent: |_, _| Some(table(TableIntent::GoOn)),
    },
    Command {
        key: KeyName::Said(&id::key_any_other),
        codes: &[],
        actions: &[],
        help: &id::help_skip_show,
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
