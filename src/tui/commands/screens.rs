//! The keys of the screens around the tables: the menu, the lobby, the forms.

use crossterm::event::KeyCode;

use super::{Command, KeyName, Label, always, either, help_key, stats};
use crate::games::GameId;
use crate::keymap::{Action, MOST_GAMES};
use crate::tui::intent::{Confirm, FormIntent, Intent, LobbyIntent, MenuIntent, Panel};
use crate::tui::snapshot::{FormView, LobbyView, Typed};
use crate::words::id;

/// The menu's keys for its games: the digits from `1`, one a game.
const GAME_KEYS: [KeyCode; GameId::ALL.len()] = {
    let mut keys = [KeyCode::Null; GameId::ALL.len()];
    let mut at = 0;
    while at < keys.len() {
        keys[at] = KeyCode::Char((b'1' + at as u8) as char);
        at += 1;
    }
    keys
};

/// Each game's key with the action `[keys]` moves it by.
const GAME_ACTIONS: [(Action, KeyCode); GameId::ALL.len()] = {
    let mut actions = [(Action::Up, KeyCode::Null); GameId::ALL.len()];
    let mut at = 0;
    while at < actions.len() {
        actions[at] = (Action::Game(GameId::ALL[at]), GAME_KEYS[at]);
        at += 1;
    }
    actions
};

/// The footer's and the help's name for the game keys, by how many games there are.
const GAME_KEYS_SHOWN: [&str; MOST_GAMES] =
    ["1", "1-2", "1-3", "1-4", "1-5", "1-6", "1-7", "1-8", "1-9"];

/// The menu's keys depend on the row picked.
pub struct MenuKeys(pub usize);

/// The lobby's keys depend on whether a new table's game is being chosen.
pub struct LobbyKeys {
    pub choosing: bool,
}

impl LobbyKeys {
    pub fn of(lobby: &LobbyView) -> Self {
        LobbyKeys {
            choosing: lobby.choosing.is_some(),
        }
    }
}

/// A form's keys depend on what its row takes from the keyboard, and on the game set up.
pub struct FormKeys {
    pub typed: Option<Typed>,
    /// The game whose rules `r` shows (a game's setup; the settings have none).
    pub game: Option<GameId>,
}

impl FormKeys {
    pub fn of(form: &FormView) -> Self {
        FormKeys {
            typed: form.rows.get(form.selected).and_then(|line| line.typed),
            game: form.game,
        }
    }

    /// On a name every printable key types (but `?`, which a name does without).
    fn letters_are_keys(&self) -> bool {
        self.typed != Some(Typed::Name)
    }
}

pub(super) fn up_or_down(code: KeyCode) -> i8 {
    if matches!(code, KeyCode::Up | KeyCode::Char('k') | KeyCode::BackTab) {
        -1
    } else {
        1
    }
}

pub(super) const UP_DOWN: &[KeyCode] = &[
    KeyCode::Up,
    KeyCode::Char('k'),
    KeyCode::Down,
    KeyCode::Char('j'),
];

fn menu(intent: MenuIntent) -> Intent {
    Intent::Menu(intent)
}

pub static MENU: &[Command<MenuKeys>] = &[
    Command {
        key: KeyName::Is("↑↓"),
        codes: UP_DOWN,
        actions: &[(Action::Up, KeyCode::Up), (Action::Down, KeyCode::Down)],
        help: &id::help_menu_move,
        footer: Some((Label::Is(&id::footer_choose), always)),
        hint: None,
        when: always,
        intent: |_, code| Some(menu(MenuIntent::Move(up_or_down(code)))),
    },
    Command {
        key: KeyName::Is("Enter"),
        codes: &[KeyCode::Enter, KeyCode::Char(' ')],
        actions: &[(Action::Select, KeyCode::Enter)],
        help: &id::help_menu_enter,
        footer: Some((Label::Is(&id::footer_set_up), always)),
        hint: None,
        when: always,
        intent: |m, _| Some(menu(MenuIntent::of_row(m.0))),
    },
    Command {
        key: KeyName::Is(GAME_KEYS_SHOWN[GameId::ALL.len() - 1]),
        codes: &GAME_KEYS,
        actions: &GAME_ACTIONS,
        help: &id::help_menu_pick,
        footer: Some((Label::Is(&id::footer_pick), always)),
        hint: None,
        when: always,
        intent: |_, code| {
            let at = GAME_KEYS.iter().position(|&key| key == code)?;
            Some(menu(MenuIntent::Open(GameId::ALL[at])))
        },
    },
    Command {
        key: KeyName::Is("d"),
        codes: &[KeyCode::Char('d')],
        actions: &[(Action::Daily, KeyCode::Char('d'))],
        help: &id::help_daily,
        footer: Some((Label::Is(&id::footer_daily), always)),
        hint: None,
        when: always,
        intent: |_, _| Some(menu(MenuIntent::Daily)),
    },
    Command {
        key: KeyName::Is("c"),
        codes: &[KeyCode::Char('c')],
        actions: &[(Action::Settings, KeyCode::Char('c'))],
        help: &id::help_settings,
        footer: Some((Label::Is(&id::footer_settings), always)),
        hint: None,
        when: always,
        intent: |_, _| Some(menu(MenuIntent::Settings)),
    },
    stats(Some(always)),
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
    Command {
        key: KeyName::Is("Esc"),
        codes: &[KeyCode::Esc],
        actions: &[(Action::Back, KeyCode::Esc)],
        help: &id::help_menu_back,
        footer: None,
        hint: None,
        when: always,
        intent: |_, _| Some(Intent::Back),
    },
    Command {
        key: KeyName::Is("r"),
        codes: &[KeyCode::Char('r')],
        actions: &[(Action::Rules, KeyCode::Char('r'))],
        help: &id::help_rules_picked,
        footer: Some((Label::Is(&id::footer_rules), always)),
        hint: None,
        when: |m| m.0 < GameId::ALL.len(),
        intent: |m, _| Some(Intent::Show(Panel::Rules(*GameId::ALL.get(m.0)?))),
    },
];

fn lobby(intent: LobbyIntent) -> Intent {
    Intent::Lobby(intent)
}

fn choosing(l: &LobbyKeys) -> bool {
    l.choosing
}

fn listing(l: &LobbyKeys) -> bool {
    !l.choosing
}

pub static LOBBY: &[Command<LobbyKeys>] = &[
    Command {
        key: KeyName::Is("↑↓"),
        codes: UP_DOWN,
        actions: &[(Action::Up, KeyCode::Up), (Action::Down, KeyCode::Down)],
        help: &id::help_lobby_move,
        footer: Some((
            Label::By(|l| either(l.choosing, &id::footer_choose, &id::footer_pick)),
            always,
        )),
        hint: None,
        when: always,
        intent: |_, code| Some(lobby(LobbyIntent::Move(up_or_down(code)))),
    },
    Command {
        key: KeyName::Is("Enter"),
        codes: &[KeyCode::Enter],
        actions: &[(Action::Select, KeyCode::Enter)],
        help: &id::help_lobby_enter,
        footer: Some((
            Label::By(|l| either(l.choosing, &id::footer_open, &id::footer_join)),
            always,
        )),
        hint: None,
        when: always,
        intent: |_, _| Some(lobby(LobbyIntent::Enter)),
    },
    Command {
        key: KeyName::Is("Esc"),
        codes: &[KeyCode::Esc],
        actions: &[(Action::Back, KeyCode::Esc)],
        help: &id::help_back_to_tables,
        footer: Some((Label::Is(&id::footer_back), always)),
        hint: None,
        when: choosing,
        intent: |_, _| Some(lobby(LobbyIntent::Back)),
    },
    Command {
        key: KeyName::Is("n"),
        codes: &[KeyCode::Char('n')],
        actions: &[(Action::NewTable, KeyCode::Char('n'))],
        help: &id::help_new_table,
        footer: Some((Label::Is(&id::footer_new_table), listing)),
        hint: None,
        when: always,
        intent: |_, _| Some(lobby(LobbyIntent::New)),
    },
    Command {
        key: KeyName::Is("m"),
        codes: &[KeyCode::Char('m')],
        actions: &[(Action::PlayAlone, KeyCode::Char('m'))],
        help: &id::help_play_alone,
        footer: Some((Label::Is(&id::footer_play_alone), listing)),
        hint: None,
        when: always,
        intent: |_, _| Some(lobby(LobbyIntent::Menu)),
    },
    Command {
        key: KeyName::Is("l"),
        codes: &[KeyCode::Char('l')],
        actions: &[(Action::Language, KeyCode::Char('l'))],
        help: &id::help_language,
        footer: None,
        hint: None,
        when: listing,
        intent: |_, _| Some(lobby(LobbyIntent::Language)),
    },
    stats(Some(listing)),
    help_key(listing),
    Command {
        key: KeyName::Is("q"),
        codes: &[KeyCode::Char('q')],
        actions: &[(Action::Quit, KeyCode::Char('q'))],
        help: &id::help_quit,
        footer: Some((Label::Is(&id::footer_quit), listing)),
        hint: None,
        when: always,
        intent: |_, _| Some(Intent::Leave),
    },
    Command {
        key: KeyName::Is("Esc"),
        codes: &[KeyCode::Esc],
        actions: &[(Action::Back, KeyCode::Esc)],
        help: &id::help_leave_parlor,
        footer: None,
        hint: None,
        when: listing,
        intent: |_, _| Some(Intent::Ask(Confirm::LeaveLobby)),
    },
];

fn edit(intent: FormIntent) -> Intent {
    Intent::Form(intent)
}

fn letters_are_keys(f: &FormKeys) -> bool {
    f.letters_are_keys()
}

fn takes_text(f: &FormKeys) -> bool {
    f.typed.is_some()
}

pub static FORM: &[Command<FormKeys>] = &[
    Command {
        key: KeyName::Is("↑↓"),
        codes: &[KeyCode::Up, KeyCode::BackTab, KeyCode::Down, KeyCode::Tab],
        actions: &[(Action::Up, KeyCode::Up), (Action::Down, KeyCode::Down)],
        help: &id::help_form_row,
        footer: Some((Label::Is(&id::footer_row), always)),
        hint: None,
        when: always,
        intent: |_, code| Some(edit(FormIntent::Row(up_or_down(code)))),
    },
    Command {
        key: KeyName::Is("←→"),
        codes: &[KeyCode::Left, KeyCode::Right],
        actions: &[
            (Action::Left, KeyCode::Left),
            (Action::Right, KeyCode::Right),
        ],
        help: &id::help_form_change,
        footer: Some((Label::Is(&id::footer_change), always)),
        hint: None,
        when: always,
        intent: |_, code| {
            Some(edit(FormIntent::Adjust(if code == KeyCode::Left {
                -1
            } else {
                1
            })))
        },
    },
    Command {
        key: KeyName::Said(&id::key_space),
        codes: &[KeyCode::Char(' ')],
        actions: &[(Action::Toggle, KeyCode::Char(' '))],
        help: &id::help_form_toggle,
        footer: Some((Label::Is(&id::footer_toggle), always)),
        hint: None,
        when: letters_are_keys,
        intent: |_, _| Some(edit(FormIntent::Toggle)),
    },
    Command {
        key: KeyName::Is("Enter"),
        codes: &[KeyCode::Enter],
        actions: &[(Action::Select, KeyCode::Enter)],
        help: &id::help_form_start,
        footer: Some((
            Label::By(|f| either(f.game.is_some(), &id::footer_start, &id::footer_save)),
            always,
        )),
        hint: None,
        when: always,
        intent: |_, _| Some(edit(FormIntent::Start)),
    },
    Command {
        key: KeyName::Is("r"),
        codes: &[KeyCode::Char('r')],
        actions: &[(Action::Rules, KeyCode::Char('r'))],
        help: &id::help_rules_this,
        footer: Some((Label::Is(&id::footer_rules), always)),
        hint: None,
        when: |f| f.letters_are_keys() && f.game.is_some(),
        intent: |f, _| Some(Intent::Show(Panel::Rules(f.game?))),
    },
    help_key(always),
    Command {
        key: KeyName::Is("Esc"),
        codes: &[KeyCode::Esc],
        actions: &[(Action::Back, KeyCode::Esc)],
        help: &id::help_back,
        footer: Some((Label::Is(&id::footer_back), always)),
        hint: None,
        when: always,
        intent: |_, _| Some(edit(FormIntent::Back)),
    },
    Command {
        key: KeyName::Is("Backspace"),
        codes: &[KeyCode::Backspace],
        actions: &[],
        help: &id::help_erase,
        footer: None,
        hint: None,
        when: takes_text,
        intent: |_, _| Some(edit(FormIntent::Erase)),
    },
    Command {
        key: KeyName::Is("Delete"),
        codes: &[KeyCode::Delete],
        actions: &[],
        help: &id::help_clear,
        footer: None,
        hint: None,
        when: takes_text,
        intent: |_, _| Some(edit(FormIntent::ClearText)),
    },
    Command {
        key: KeyName::Said(&id::key_typing),
        codes: &[],
        actions: &[],
        help: &id::help_typing,
        footer: None,
        hint: None,
        when: takes_text,
        intent: |f, code| match (f.typed, code) {
            (_, KeyCode::Char('?')) => None,
            (Some(Typed::Name), KeyCode::Char(c)) => Some(edit(FormIntent::Type(c))),
            (Some(Typed::Digits), KeyCode::Char(c)) if c.is_ascii_digit() => {
                Some(edit(FormIntent::Type(c)))
            }
            _ => None,
        },
    },
    Command {
        key: KeyName::Is("s"),
        codes: &[KeyCode::Char('s')],
        actions: &[(Action::Stats, KeyCode::Char('s'))],
        help: &id::help_stats,
        footer: None,
        hint: None,
        when: letters_are_keys,
        intent: |_, _| Some(Intent::Show(Panel::Stats)),
    },
    Command {
        key: KeyName::Is("q"),
        codes: &[KeyCode::Char('q')],
        actions: &[(Action::Quit, KeyCode::Char('q'))],
        help: &id::help_quit,
        footer: None,
        hint: None,
        when: letters_are_keys,
        intent: |_, _| Some(Intent::Leave),
    },
];
