//! `[keys]` in config.toml: actions given keys of the player's choosing. An action is a
//! row of the front-end's key table (or one key of a row that has several, as "+/-" has
//! faster and slower); the keymap holds only the actions moved, and the rows read it
//! wherever they are asked for a key, the footer's text or the help's, so those cannot
//! disagree. What a key already means on each screen is the front-end's to know: it
//! settles a keymap whose keys clash (`tui::commands::settle`) before one is in force.

use std::collections::BTreeMap;
use std::fmt;

use crossterm::event::KeyCode;
use thiserror::Error;

use crate::games::GameId;

/// Something a key does, by the name `[keys]` gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    Select,
    Back,
    Toggle,
    /// The menu's game by number, `1` for the first.
    Game(GameId),
    Daily,
    Settings,
    NewTable,
    PlayAlone,
    /// The lobby's language, for a guest whose terminal did not say theirs.
    Language,
    Play,
    ToStart,
    ToEnd,
    Review,
    New,
    SameSeed,
    Leave,
    Auto,
    Pause,
    Step,
    Faster,
    Slower,
    Odds,
    Rules,
    Stats,
    Help,
    Quit,
}

impl Action {
    /// Every action, the menu's games in their place among them.
    pub const ALL: [Action; BEFORE_GAMES.len() + GameId::ALL.len() + AFTER_GAMES.len()] = {
        let mut all = [Action::Up; BEFORE_GAMES.len() + GameId::ALL.len() + AFTER_GAMES.len()];
        let mut at = 0;
        while at < all.len() {
            all[at] = if at < BEFORE_GAMES.len() {
                BEFORE_GAMES[at]
            } else if at < BEFORE_GAMES.len() + GameId::ALL.len() {
                Action::Game(GameId::ALL[at - BEFORE_GAMES.len()])
            } else {
                AFTER_GAMES[at - BEFORE_GAMES.len() - GameId::ALL.len()]
            };
            at += 1;
        }
        all
    };

    /// Its name in `[keys]`.
    pub fn name(self) -> &'static str {
        match self {
            Action::Up => "up",
            Action::Down => "down",
            Action::Left => "left",
            Action::Right => "right",
            Action::Select => "select",
            Action::Back => "back",
            Action::Toggle => "toggle",
            Action::Game(game) => GAME_NAMES[game as usize],
            Action::Daily => "daily",
            Action::Settings => "settings",
            Action::NewTable => "new-table",
            Action::PlayAlone => "play-alone",
            Action::Language => "language",
            Action::Play => "play",
            Action::ToStart => "to-start",
            Action::ToEnd => "to-end",
            Action::Review => "review",
            Action::New => "new",
            Action::SameSeed => "same-seed",
            Action::Leave => "leave",
            Action::Auto => "auto",
            Action::Pause => "pause",
            Action::Step => "step",
            Action::Faster => "faster",
            Action::Slower => "slower",
            Action::Odds => "odds",
            Action::Rules => "rules",
            Action::Stats => "stats",
            Action::Help => "help",
            Action::Quit => "quit",
        }
    }

    /// What it does, for `parlor config --default`.
    pub fn about(self) -> &'static str {
        match self {
            Action::Up | Action::Down => "the row, table, entry above or below",
            Action::Left | Action::Right => "less or more; a step back or on",
            Action::Select => "set up, join, start, save, replay from here",
            Action::Back => "back, or leave the table (mid-game it asks)",
            Action::Toggle => "a form's check box or seat",
            Action::Game(_) => "the menu's game by number",
            Action::Daily => "today's deal",
            Action::Settings => "the settings",
            Action::NewTable => "the lobby: a new table",
            Action::PlayAlone => "the lobby: the menu, to play alone",
            Action::Language => "the language a guest reads: English or Swedish",
            Action::Play => "a replay: play on, or stop",
            Action::ToStart | Action::ToEnd => "a replay: jump to its start or end",
            Action::Review => "review the game",
            Action::New => "a new game",
            Action::SameSeed => "the same seed again",
            Action::Leave => "leave the finished game",
            Action::Auto => "auto-play your seat",
            Action::Pause => "pause the bots",
            Action::Step => "one move while paused",
            Action::Faster | Action::Slower => "the bots faster or slower",
            Action::Odds => "the odds panel",
            Action::Rules => "the rules",
            Action::Stats => "your stats",
            Action::Help => "the help",
            Action::Quit => "quit",
        }
    }
}

/// The actions listed before the menu's games in [`Action::ALL`] (the order of
/// `parlor config --default`).
const BEFORE_GAMES: [Action; 7] = [
    Action::Up,
    Action::Down,
    Action::Left,
    Action::Right,
    Action::Select,
    Action::Back,
    Action::Toggle,
];

/// The actions listed after the menu's games in [`Action::ALL`].
const AFTER_GAMES: [Action; 22] = [
    Action::Daily,
    Action::Settings,
    Action::NewTable,
    Action::PlayAlone,
    Action::Language,
    Action::Play,
    Action::ToStart,
    Action::ToEnd,
    Action::Review,
    Action::New,
    Action::SameSeed,
    Action::Leave,
    Action::Auto,
    Action::Pause,
    Action::Step,
    Action::Faster,
    Action::Slower,
    Action::Odds,
    Action::Rules,
    Action::Stats,
    Action::Help,
    Action::Quit,
];

/// The menu's games by number: its keys are the digits, so nine at most.
pub const MOST_GAMES: usize = 9;

const _: () = assert!(
    GameId::ALL.len() <= MOST_GAMES,
    "the menu's keys are 1 to 9"
);

/// `[keys]`'s names for the menu's games, by their place in it.
const GAME_NAMES: [&str; MOST_GAMES] = [
    "game-1", "game-2", "game-3", "game-4", "game-5", "game-6", "game-7", "game-8", "game-9",
];

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The keys with a name in `[keys]`, besides single characters (`F1` to `F12` too).
const NAMED: [(&str, KeyCode); 16] = [
    ("space", KeyCode::Char(' ')),
    ("enter", KeyCode::Enter),
    ("esc", KeyCode::Esc),
    ("tab", KeyCode::Tab),
    ("backtab", KeyCode::BackTab),
    ("backspace", KeyCode::Backspace),
    ("delete", KeyCode::Delete),
    ("insert", KeyCode::Insert),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("pgup", KeyCode::PageUp),
    ("pgdn", KeyCode::PageDown),
];

fn named() -> impl Iterator<Item = (&'static str, KeyCode)> {
    NAMED.into_iter()
}

/// The key `text` names: one character as it is (`O` is a shifted `o`), or a key's name
/// in any case (`space`, `F5`).
pub fn parse_key(text: &str) -> Option<KeyCode> {
    let mut chars = text.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return (!c.is_control()).then_some(KeyCode::Char(c));
    }
    let lower = text.to_ascii_lowercase();
    if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
        return (1..=12).contains(&n).then_some(KeyCode::F(n));
    }
    named()
        .find(|&(name, _)| name == lower)
        .map(|(_, code)| code)
}

/// `code` as `[keys]` writes it, which [`parse_key`] reads back.
pub fn key_name(code: KeyCode) -> String {
    match code {
        KeyCode::Char(' ') => "space".to_owned(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::F(n) => format!("f{n}"),
        code => named()
            .find(|&(_, named)| named == code)
            .map_or_else(|| format!("{code:?}"), |(name, _)| name.to_owned()),
    }
}

/// `code` as the footer and the help show keys: `Space`, `Enter`, `←`, `F5`.
pub fn key_shown(code: KeyCode) -> String {
    match code {
        KeyCode::Char(' ') => crate::said!(key_space),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Up => "↑".to_owned(),
        KeyCode::Down => "↓".to_owned(),
        KeyCode::Left => "←".to_owned(),
        KeyCode::Right => "→".to_owned(),
        KeyCode::PageUp => "PgUp".to_owned(),
        KeyCode::PageDown => "PgDn".to_owned(),
        KeyCode::Esc => "Esc".to_owned(),
        code => {
            let name = key_name(code);
            let mut chars = name.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        }
    }
}

/// The actions given keys of their own; every other keeps its default.
#[derive(Clone, Debug, Default)]
pub struct Keymap {
    moved: BTreeMap<Action, Vec<KeyCode>>,
    /// The config file's line that moved each, for a clash found later to be told by.
    lines: BTreeMap<Action, usize>,
}

/// Two keymaps are one when they move the same keys, wherever the file said so.
impl PartialEq for Keymap {
    fn eq(&self, other: &Keymap) -> bool {
        self.moved == other.moved
    }
}

impl Eq for Keymap {}

impl Keymap {
    /// The keys `action` was given, if it was moved.
    pub fn keys(&self, action: Action) -> Option<&[KeyCode]> {
        self.moved.get(&action).map(Vec::as_slice)
    }

    /// Every action moved, and its keys.
    pub fn moved(&self) -> impl Iterator<Item = (Action, &[KeyCode])> {
        self.moved
            .iter()
            .map(|(&action, keys)| (action, keys.as_slice()))
    }

    /// The keys as `[keys]` writes them: `"space"`, or `["q", "f10"]`.
    pub fn value_of(keys: &[KeyCode]) -> String {
        let quoted = |&code: &KeyCode| toml::Value::String(key_name(code)).to_string();
        match keys {
            [one] => quoted(one),
            keys => format!(
                "[{}]",
                keys.iter().map(quoted).collect::<Vec<_>>().join(", ")
            ),
        }
    }

    /// A keymap from a `[keys]` table, and each entry's mistake by the line `line_of` finds
    /// for its name. A mistaken entry keeps its default; the others still apply. Whether
    /// two keys clash is not known here (see the module's note).
    pub fn read(
        table: &toml::Table,
        line_of: impl Fn(&str) -> usize,
    ) -> (Keymap, Vec<(usize, KeyMistake)>) {
        let mut mistakes = Vec::new();
        let mut keymap = Keymap::default();
        for (name, value) in table {
            let line = line_of(name);
            match entry(name, value) {
                Ok((action, keys)) => {
                    keymap.lines.insert(action, line);
                    keymap.moved.insert(action, keys);
                }
                Err(mistake) => mistakes.push((line, mistake)),
            }
        }
        (keymap, mistakes)
    }

    /// The config file's line that moved `action`.
    pub fn line_of(&self, action: Action) -> Option<usize> {
        self.lines.get(&action).copied()
    }

    /// `action` back on its default keys.
    pub fn take_back(&mut self, action: Action) {
        self.moved.remove(&action);
        self.lines.remove(&action);
    }
}

/// One `[keys]` entry: an action and the keys it is given.
fn entry(name: &str, value: &toml::Value) -> Result<(Action, Vec<KeyCode>), KeyMistake> {
    let action = Action::ALL
        .into_iter()
        .find(|a| a.name() == name)
        .ok_or_else(|| KeyMistake::UnknownAction(name.to_owned()))?;
    let not_keys = || KeyMistake::NotKeys {
        action,
        value: value.to_string(),
    };
    let texts: Vec<&str> = match value {
        toml::Value::String(text) => vec![text.as_str()],
        toml::Value::Array(texts) => texts
            .iter()
            .map(toml::Value::as_str)
            .collect::<Option<_>>()
            .ok_or_else(not_keys)?,
        _ => return Err(not_keys()),
    };
    if texts.is_empty() {
        return Err(not_keys());
    }
    let keys = texts
        .into_iter()
        .map(|text| {
            parse_key(text).ok_or_else(|| KeyMistake::NoSuchKey {
                action,
                key: text.to_owned(),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((action, keys))
}

/// What a `[keys]` entry gets wrong; its action keeps its default keys.
#[derive(Debug, Error)]
pub enum KeyMistake {
    #[error("keys: a table of actions and keys, e.g. [keys] then pause = \"space\"")]
    NotATable,
    #[error("keys: unknown action '{}' (the actions are {})", .0, action_names())]
    UnknownAction(String),
    #[error("keys.{action} = {value}: a key in quotes, or a list of them")]
    NotKeys { action: Action, value: String },
    #[error(
        "keys.{action} = \"{key}\": not a key (one character, f1 to f12, or one of {}; no Ctrl keys)",
        key_names()
    )]
    NoSuchKey { action: Action, key: String },
    #[error("keys.{action} = \"{key}\": {screen} {key} is {by} already; {action} keeps its key")]
    Clash {
        action: Action,
        key: String,
        /// What else takes the key there: an action, or a row of keys nobody can move.
        by: String,
        screen: &'static str,
    },
}

fn action_names() -> String {
    let names: Vec<&str> = Action::ALL.iter().map(|a| a.name()).collect();
    names.join(", ")
}

fn key_names() -> String {
    let names: Vec<&str> = named().map(|(name, _)| name).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_written_reads_back() {
        let keys = named()
            .map(|(_, code)| code)
            .chain((1..=12).map(KeyCode::F))
            .chain(['a', 'O', '?', '"', '+'].map(KeyCode::Char));
        for code in keys {
            assert_eq!(parse_key(&key_name(code)), Some(code), "{code:?}");
        }
    }
}
