//! The keys of the screens around the tables: the menu, the lobby, the forms.

use crossterm::event::KeyCode;

use super::{Command, Label, always, help_key, stats};
use crate::games::GameId;
use crate::keymap::{Action, MOST_GAMES};
use crate::tui::intent::{Confirm, FormIntent, Intent, LobbyIntent, MenuIntent, Panel};
use crate::tui::snapshot::{FormView, LobbyView, Typed};

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
        key: "↑↓",
        codes: UP_DOWN,
        actions: &[(Action::Up, KeyCode::Up), (Action::Down, KeyCode::Down)],
        help: "choose a game (k j too)",
        footer: Some((Label::Is("choose"), always)),
        hint: None,
        when: always,
        intent: |_, code| Some(menu(MenuIntent::Move(up_or_down(code)))),
    },
    Command {
        key: "Enter",
        codes: &[KeyCode::Enter, KeyCode::Char(' ')],
        actions: &[(Action::Select, KeyCode::Enter)],
        help: "set up the game picked (or open today's deal, the settings)",
        footer: Some((Label::Is("set up"), always)),
        hint: None,
        when: always,
        intent: |m, _| Some(menu(MenuIntent::of_row(m.0))),
    },
    Command {
        key: GAME_KEYS_SHOWN[GameId::ALL.len() - 1],
        codes: &GAME_KEYS,
        actions: &GAME_ACTIONS,
        help: "set up that game",
        footer: Some((Label::Is("pick"), always)),
        hint: None,
        when: always,
        intent: |_, code| {
            let at = GAME_KEYS.iter().position(|&key| key == code)?;
            Some(menu(MenuIntent::Open(GameId::ALL[at])))
        },
    },
    Command {
        key: "d",
        codes: &[KeyCode::Char('d')],
        actions: &[(Action::Daily, KeyCode::Char('d'))],
        help: "today's deal of Forty-One",
        footer: Some((Label::Is("daily"), always)),
        hint: None,
        when: always,
        intent: |_, _| Some(menu(MenuIntent::Daily)),
    },
    Command {
        key: "c",
        codes: &[KeyCode::Char('c')],
        actions: &[(Action::Settings, KeyCode::Char('c'))],
        help: "the settings",
        footer: Some((Label::Is("settings"), always)),
        hint: None,
        when: always,
        intent: |_, _| Some(menu(MenuIntent::Settings)),
    },
    stats(Some(always)),
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
    Command {
        key: "Esc",
        codes: &[KeyCode::Esc],
        actions: &[(Action::Back, KeyCode::Esc)],
        help: "back to the screen before (the first: quit)",
        footer: None,
        hint: None,
        when: always,
        intent: |_, _| Some(Intent::Back),
    },
    Command {
        key: "r",
        codes: &[KeyCode::Char('r')],
        actions: &[(Action::Rules, KeyCode::Char('r'))],
        help: "the rules of the game picked",
        footer: Some((Label::Is("rules"), always)),
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
        key: "↑↓",
        codes: UP_DOWN,
        actions: &[(Action::Up, KeyCode::Up), (Action::Down, KeyCode::Down)],
        help: "pick a table, or a new table's game (k j too)",
        footer: Some((
            Label::By(|l| if l.choosing { "choose" } else { "pick" }),
            always,
        )),
        hint: None,
        when: always,
        intent: |_, code| Some(lobby(LobbyIntent::Move(up_or_down(code)))),
    },
    Command {
        key: "Enter",
        codes: &[KeyCode::Enter],
        actions: &[(Action::Select, KeyCode::Enter)],
        help: "sit at (or watch) the table picked, or open the new table",
        footer: Some((
            Label::By(|l| if l.choosing { "open" } else { "join" }),
            always,
        )),
        hint: None,
        when: always,
        intent: |_, _| Some(lobby(LobbyIntent::Enter)),
    },
    Command {
        key: "Esc",
        codes: &[KeyCode::Esc],
        actions: &[(Action::Back, KeyCode::Esc)],
        help: "back to the tables",
        footer: Some((Label::Is("back"), always)),
        hint: None,
        when: choosing,
        intent: |_, _| Some(lobby(LobbyIntent::Back)),
    },
    Command {
        key: "n",
        codes: &[KeyCode::Char('n')],
        actions: &[(Action::NewTable, KeyCode::Char('n'))],
        help: "a new table, for friends to join",
        footer: Some((Label::Is("new table"), listing)),
        hint: None,
        when: always,
        intent: |_, _| Some(lobby(LobbyIntent::New)),
    },
    Command {
        key: "m",
        codes: &[KeyCode::Char('m')],
        actions: &[(Action::PlayAlone, KeyCode::Char('m'))],
        help: "the parlor's menu, to play alone",
        footer: Some((Label::Is("play alone"), listing)),
        hint: None,
        when: always,
        intent: |_, _| Some(lobby(LobbyIntent::Menu)),
    },
    stats(Some(listing)),
    help_key(listing),
    Command {
        key: "q",
        codes: &[KeyCode::Char('q')],
        actions: &[(Action::Quit, KeyCode::Char('q'))],
        help: "quit",
        footer: Some((Label::Is("quit"), listing)),
        hint: None,
        when: always,
        intent: |_, _| Some(Intent::Leave),
    },
    Command {
        key: "Esc",
        codes: &[KeyCode::Esc],
        actions: &[(Action::Back, KeyCode::Esc)],
        help: "leave the parlor (it asks)",
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
        key: "↑↓",
        codes: &[KeyCode::Up, KeyCode::BackTab, KeyCode::Down, KeyCode::Tab],
        actions: &[(Action::Up, KeyCode::Up), (Action::Down, KeyCode::Down)],
        help: "the row above or below (Tab too)",
        footer: Some((Label::Is("row"), always)),
        hint: None,
        when: always,
        intent: |_, code| Some(edit(FormIntent::Row(up_or_down(code)))),
    },
    Command {
        key: "←→",
        codes: &[KeyCode::Left, KeyCode::Right],
        actions: &[
            (Action::Left, KeyCode::Left),
            (Action::Right, KeyCode::Right),
        ],
        help: "less or more of the row's value",
        footer: Some((Label::Is("change"), always)),
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
        key: "Space",
        codes: &[KeyCode::Char(' ')],
        actions: &[(Action::Toggle, KeyCode::Char(' '))],
        help: "a check box on or off, a seat a person's or a bot's, a new seed",
        footer: Some((Label::Is("toggle"), always)),
        hint: None,
        when: letters_are_keys,
        intent: |_, _| Some(edit(FormIntent::Toggle)),
    },
    Command {
        key: "Enter",
        codes: &[KeyCode::Enter],
        actions: &[(Action::Select, KeyCode::Enter)],
        help: "start the game (the settings: save them)",
        footer: Some((
            Label::By(|f| if f.game.is_some() { "start" } else { "save" }),
            always,
        )),
        hint: None,
        when: always,
        intent: |_, _| Some(edit(FormIntent::Start)),
    },
    Command {
        key: "r",
        codes: &[KeyCode::Char('r')],
        actions: &[(Action::Rules, KeyCode::Char('r'))],
        help: "the rules of this game",
        footer: Some((Label::Is("rules"), always)),
        hint: None,
        when: |f| f.letters_are_keys() && f.game.is_some(),
        intent: |f, _| Some(Intent::Show(Panel::Rules(f.game?))),
    },
    help_key(always),
    Command {
        key: "Esc",
        codes: &[KeyCode::Esc],
        actions: &[(Action::Back, KeyCode::Esc)],
        help: "back to the screen before",
        footer: Some((Label::Is("back"), always)),
        hint: None,
        when: always,
        intent: |_, _| Some(edit(FormIntent::Back)),
    },
    Command {
        key: "Backspace",
        codes: &[KeyCode::Backspace],
        actions: &[],
        help: "delete the last character typed",
        footer: None,
        hint: None,
        when: takes_text,
        intent: |_, _| Some(edit(FormIntent::Erase)),
    },
    Command {
        key: "Delete",
        codes: &[KeyCode::Delete],
        actions: &[],
        help: "empty the row's text",
        footer: None,
        hint: None,
        when: takes_text,
        intent: |_, _| Some(edit(FormIntent::ClearText)),
    },
    Command {
        key: "typing",
        codes: &[],
        actions: &[],
        help: "a seed's digits, a name's letters",
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
        key: "s",
        codes: &[KeyCode::Char('s')],
        actions: &[(Action::Stats, KeyCode::Char('s'))],
        help: "your stats",
        footer: None,
        hint: None,
        when: letters_are_keys,
        intent: |_, _| Some(Intent::Show(Panel::Stats)),
    },
    Command {
        key: "q",
        codes: &[KeyCode::Char('q')],
        actions: &[(Action::Quit, KeyCode::Char('q'))],
        help: "quit",
        footer: None,
        hint: None,
        when: letters_are_keys,
        intent: |_, _| Some(Intent::Leave),
    },
];
