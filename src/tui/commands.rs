//! Every screen's keys as one table of rows: the keys, what the footer, the help and the
//! game-over panel call them, what they mean, and when they are offered. The key handling
//! (`keys`), the footers, the help overlay and the game-over hint all read these rows, so
//! they cannot disagree (as gitui's components list their commands beside their handlers).

mod clash;
mod review;
mod screens;
mod table;

use std::borrow::Cow;
use std::fmt::Write as _;

use crossterm::event::KeyCode;

pub use clash::{Clash, clash, clash_problems, settle};
pub use review::{REVIEW, ReviewKeys};
pub use screens::{FORM, FormKeys, LOBBY, LobbyKeys, MENU, MenuKeys};
pub use table::TABLE;

use super::columns::columns;
use super::intent::{Intent, Panel};
use super::snapshot::ScreenView;
use crate::keymap::{Action, Keymap, key_shown};
use crate::words::{self, Language, MessageId, id};

/// A message that takes no arguments, in the language this thread speaks.
pub fn word(message: &MessageId) -> String {
    words::spoken().say(message, &[])
}

/// A word that depends on the screen: "menu" or "tables", "start" or "save".
pub enum Label<C: 'static> {
    Is(&'static MessageId),
    By(fn(&C) -> &'static MessageId),
}

impl<C> Label<C> {
    fn of(&self, screen: &C) -> String {
        match self {
            Label::Is(message) => word(message),
            Label::By(message) => word(message(screen)),
        }
    }
}

/// Keys as the footer and the help name them: as the keyboard prints them ("q", "Esc",
/// "↑↓"), or in words of the language spoken ("Space", "any key").
#[derive(Clone, Copy, Debug)]
pub enum KeyName {
    Is(&'static str),
    Said(&'static MessageId),
}

impl KeyName {
    /// The keys in `language`.
    pub fn in_language(self, language: Language) -> Cow<'static, str> {
        match self {
            KeyName::Is(printed) => Cow::Borrowed(printed),
            KeyName::Said(message) => Cow::Owned(language.say(message, &[])),
        }
    }
}

/// `yes` if `first`, else `otherwise`: a label's word by a screen's switch.
pub(super) fn either(
    first: bool,
    yes: &'static MessageId,
    otherwise: &'static MessageId,
) -> &'static MessageId {
    if first { yes } else { otherwise }
}

/// A question about a screen: when a row is offered, when the footer shows it.
pub type When<C> = fn(&C) -> bool;

/// One row of a screen's keys.
pub struct Command<C: 'static> {
    /// The keys as the footer and the help name them: "+/-".
    pub key: KeyName,
    /// The keys it takes; empty: whichever keys `intent` answers (typing, a choice's own
    /// key, any key).
    pub codes: &'static [KeyCode],
    /// The actions `[keys]` can move, each with the one of `codes` it moves, in the order
    /// `key` names them; the other codes (the "k j too") stay where they are.
    pub actions: &'static [(Action, KeyCode)],
    /// The help's line for it.
    pub help: &'static MessageId,
    /// Its word in the footer, and when the footer shows it (it is offered then too).
    pub footer: Option<(Label<C>, When<C>)>,
    /// Its words in the hint under the game-over panel.
    pub hint: Option<Label<C>>,
    /// When the keys mean anything at all.
    pub when: When<C>,
    /// What a key of it means; `None`: nothing (the next row may take the key).
    pub intent: fn(&C, KeyCode) -> Option<Intent>,
}

/// Always.
const fn always<C>(_: &C) -> bool {
    true
}

/// `s`, the same on every screen; the footer shows it when `in_footer` says.
pub(super) const fn stats<C>(in_footer: Option<When<C>>) -> Command<C> {
    Command {
        key: KeyName::Is("s"),
        codes: &[KeyCode::Char('s')],
        actions: &[(Action::Stats, KeyCode::Char('s'))],
        help: &id::help_stats,
        footer: match in_footer {
            Some(shown) => Some((Label::Is(&id::footer_stats), shown)),
            None => None,
        },
        hint: None,
        when: always,
        intent: |_, _| Some(Intent::Show(Panel::Stats)),
    }
}

/// `?`, the same on every screen; the footer shows it when `shown` says.
pub(super) const fn help_key<C>(shown: When<C>) -> Command<C> {
    Command {
        key: KeyName::Is("?"),
        codes: &[KeyCode::Char('?')],
        actions: &[(Action::Help, KeyCode::Char('?'))],
        help: &id::help_help,
        footer: Some((Label::Is(&id::footer_help), shown)),
        hint: None,
        when: always,
        intent: |_, _| Some(Intent::Show(Panel::Help)),
    }
}

impl<C> Command<C> {
    /// The code its `intent` reads for `pressed` under `keymap`: the default code of an
    /// action moved to `pressed`, or `pressed` itself while it is still this row's.
    fn reads(&self, keymap: &Keymap, pressed: KeyCode) -> Option<KeyCode> {
        self.readings(keymap, pressed).into_iter().next()
    }

    /// Every code `pressed` could be read as, the first the one it is: more than one only
    /// when a keymap gives a row's key to two of its actions.
    fn readings(&self, keymap: &Keymap, pressed: KeyCode) -> Vec<KeyCode> {
        if self.codes.is_empty() {
            return vec![pressed];
        }
        let moved = |action: Action| keymap.keys(action);
        let mut read: Vec<KeyCode> = self
            .actions
            .iter()
            .filter(|&&(action, _)| moved(action).is_some_and(|keys| keys.contains(&pressed)))
            .map(|&(_, code)| code)
            .collect();
        let moved_away = self
            .actions
            .iter()
            .any(|&(action, code)| code == pressed && moved(action).is_some());
        if self.codes.contains(&pressed) && !moved_away {
            read.push(pressed);
        }
        read
    }

    /// The keys it takes under `keymap`, each once, its own first (empty: whichever
    /// `intent` answers).
    fn codes(&self, keymap: &Keymap) -> Vec<KeyCode> {
        let moved = self
            .actions
            .iter()
            .filter_map(|&(action, _)| keymap.keys(action))
            .flatten();
        let mut codes: Vec<KeyCode> = Vec::new();
        for &code in self.codes.iter().chain(moved) {
            if !codes.contains(&code) && self.reads(keymap, code).is_some() {
                codes.push(code);
            }
        }
        codes
    }

    /// Its keys as the footer and the help name them under `keymap`: "+/-" as it is, or,
    /// with faster moved to `f`, "f/-".
    fn key(&self, keymap: &Keymap) -> Cow<'static, str> {
        if self
            .actions
            .iter()
            .all(|&(action, _)| keymap.keys(action).is_none())
        {
            return self.key.in_language(words::spoken());
        }
        let names: Vec<String> = self
            .actions
            .iter()
            .map(|&(action, _)| shown(keymap, action))
            .collect();
        Cow::Owned(names.join("/"))
    }
}

/// The intent of `code` on a screen whose keys are `rows`: the first row offered now that
/// takes it.
pub fn intent<C>(
    rows: &[Command<C>],
    screen: &C,
    keymap: &Keymap,
    code: KeyCode,
) -> Option<Intent> {
    rows.iter()
        .filter(|row| (row.when)(screen))
        .find_map(|row| (row.intent)(screen, row.reads(keymap, code)?))
}

/// The footer's keys and words, in the rows' order.
pub fn footer<C>(
    rows: &[Command<C>],
    screen: &C,
    keymap: &Keymap,
) -> Vec<(Cow<'static, str>, String)> {
    rows.iter()
        .filter(|row| (row.when)(screen))
        .filter_map(|row| {
            let (word, shown) = row.footer.as_ref()?;
            shown(screen).then(|| (row.key(keymap), word.of(screen)))
        })
        .collect()
}

/// The hint under the game-over panel: "v review · n new game · …".
pub fn hint<C>(rows: &[Command<C>], screen: &C, keymap: &Keymap) -> String {
    let words: Vec<String> = rows
        .iter()
        .filter(|row| (row.when)(screen))
        .filter_map(|row| {
            let hint = row.hint.as_ref()?.of(screen);
            Some(format!("{} {hint}", row.key(keymap)))
        })
        .collect();
    words.join(" · ")
}

/// The same screen at its other moments, whose keys its help lists after the keys of now:
/// the help opened while the bots move still tells the keys of your turn.
pub trait Moments: Sized {
    fn other_moments(&self) -> Vec<Self> {
        Vec::new()
    }
}

impl Moments for MenuKeys {}
impl Moments for LobbyKeys {}
impl Moments for FormKeys {}
impl Moments for ReviewKeys {}

/// The help's lines: every row offered now, its keys and what they do; then, under a line
/// saying so, those offered at the screen's other moments; last, Ctrl-C's. The keys make a
/// column as wide as the widest (13 at least).
pub fn help<C: Moments>(rows: &[Command<C>], screen: &C, keymap: &Keymap) -> Vec<String> {
    let offered = |at: &C| -> Vec<(Cow<'static, str>, String)> {
        rows.iter()
            .filter(|row| (row.when)(at))
            .map(|row| (row.key(keymap), word(row.help)))
            .collect()
    };
    let now = offered(screen);
    let mut later: Vec<(Cow<'static, str>, String)> = Vec::new();
    for moment in screen.other_moments() {
        for said in offered(&moment) {
            if !now.contains(&said) && !later.contains(&said) {
                later.push(said);
            }
        }
    }
    let ctrl_c = (Cow::Borrowed("Ctrl-C"), word(&id::help_ctrl_c));
    let width = now
        .iter()
        .chain(&later)
        .map(|(key, _)| columns(key))
        .fold(13, usize::max);
    let line = |(key, help): &(Cow<'static, str>, String)| {
        let pad = width - columns(key);
        format!("{key}{:pad$} {help}", "")
    };
    let mut lines: Vec<String> = now.iter().map(line).collect();
    if !later.is_empty() {
        lines.push(word(&id::help_other_moments));
        lines.extend(later.iter().map(line));
    }
    lines.push(line(&ctrl_c));
    lines
}

/// The key `action` has while no keymap moves it: its code in the first row naming it.
pub fn default_key(action: Action) -> Option<KeyCode> {
    fn in_rows<C>(rows: &[Command<C>], action: Action) -> Option<KeyCode> {
        rows.iter()
            .flat_map(|row| row.actions)
            .find(|&&(named, _)| named == action)
            .map(|&(_, code)| code)
    }
    in_rows(MENU, action)
        .or_else(|| in_rows(LOBBY, action))
        .or_else(|| in_rows(FORM, action))
        .or_else(|| in_rows(REVIEW, action))
        .or_else(|| in_rows(TABLE, action))
}

/// The keys `action` answers to under `keymap`, as the footer shows keys: "p", or "P/F5"
/// once moved.
pub fn shown(keymap: &Keymap, action: Action) -> String {
    let keys = match keymap.keys(action) {
        Some(keys) => keys.to_vec(),
        None => default_key(action).into_iter().collect(),
    };
    let shown: Vec<String> = keys.into_iter().map(key_shown).collect();
    shown.join("/")
}

/// `[keys]` for `parlor config --default`: every action at its default key, commented out
/// (a key named in `[keys]` no longer does what it did by default).
pub fn commented_keys() -> String {
    let mut text = String::from(
        "\n# Keys of your own for what the footers offer: an action, then a key in quotes or a\n\
         # list of them (one character as typed, so \"O\" is Shift-o; space, enter, esc, tab,\n\
         # backtab, backspace, delete, insert, up, down, left, right, home, end, pgup, pgdn,\n\
         # f1 to f12). The old key stops doing it; a key another action still has there is\n\
         # refused. Every action, at its default:\n# [keys]\n",
    );
    for action in Action::ALL {
        if let Some(key) = default_key(action) {
            let value = Keymap::value_of(&[key]);
            let _ = writeln!(text, "# {action} = {value}  # {}", action.about());
        }
    }
    text
}

/// A row offered on the screen shown, for a test (or anything else) to walk.
pub struct Offered {
    pub key: Cow<'static, str>,
    /// The footer's word, when the footer shows it.
    pub footer: Option<String>,
    /// It takes whichever keys it answers (typing, a choice's own key, any key), not a
    /// list of its own.
    pub takes_any: bool,
    /// What its keys mean here: each key it lists, or (a row taking any key) each of the
    /// keys asked about that it takes.
    pub means: Vec<(KeyCode, Intent)>,
}

/// A screen's rows bound to the screen, whatever its kind.
pub trait Keys {
    fn intent(&self, code: KeyCode) -> Option<Intent>;
    fn footer(&self) -> Vec<(Cow<'static, str>, String)>;
    fn help(&self) -> Vec<String>;
    /// The rows offered now; `asked`: the keys to try on rows that take any key.
    fn offered(&self, asked: &[KeyCode]) -> Vec<Offered>;
}

/// `rows` on `screen`, under `keymap`.
pub struct Bound<'r, C: 'static> {
    pub rows: &'r [Command<C>],
    pub screen: C,
    pub keymap: &'r Keymap,
}

impl<C: Moments> Keys for Bound<'_, C> {
    fn intent(&self, code: KeyCode) -> Option<Intent> {
        intent(self.rows, &self.screen, self.keymap, code)
    }

    fn footer(&self) -> Vec<(Cow<'static, str>, String)> {
        footer(self.rows, &self.screen, self.keymap)
    }

    fn help(&self) -> Vec<String> {
        help(self.rows, &self.screen, self.keymap)
    }

    fn offered(&self, asked: &[KeyCode]) -> Vec<Offered> {
        let screen = &self.screen;
        self.rows
            .iter()
            .filter(|row| (row.when)(screen))
            .map(|row| {
                let codes = if row.codes.is_empty() {
                    asked.to_vec()
                } else {
                    row.codes(self.keymap)
                };
                Offered {
                    key: row.key(self.keymap),
                    takes_any: row.codes.is_empty(),
                    footer: row
                        .footer
                        .as_ref()
                        .filter(|(_, shown)| shown(screen))
                        .map(|(word, _)| word.of(screen)),
                    means: codes
                        .iter()
                        .filter_map(|&code| {
                            let read = row.reads(self.keymap, code)?;
                            Some((code, (row.intent)(screen, read)?))
                        })
                        .collect(),
                }
            })
            .collect()
    }
}

/// The keys of the screen shown under `keymap`, and the note that ends its help.
pub fn of_screen<'s>(
    screen: &'s ScreenView,
    keymap: &'s Keymap,
) -> (Box<dyn Keys + 's>, Option<&'static MessageId>) {
    fn bound<'s, C: Moments + 's>(
        rows: &'static [Command<C>],
        screen: C,
        keymap: &'s Keymap,
    ) -> Box<dyn Keys + 's> {
        Box::new(Bound {
            rows,
            screen,
            keymap,
        })
    }
    let k = keymap;
    match screen {
        ScreenView::Menu { selected } => (bound(screens::MENU, MenuKeys(*selected), k), None),
        ScreenView::Lobby(lobby) => (bound(screens::LOBBY, LobbyKeys::of(lobby), k), None),
        ScreenView::Form(form) => (bound(screens::FORM, FormKeys::of(form), k), None),
        ScreenView::Table(view) => (
            bound(table::TABLE, view.keys.clone(), k),
            Some(&id::help_note_table),
        ),
        ScreenView::Review(_) => (
            bound(review::REVIEW, ReviewKeys, k),
            Some(&id::help_note_review),
        ),
    }
}

/// The help overlay's text for the screen under it.
pub fn help_text(screen: &ScreenView, keymap: &Keymap) -> String {
    let (keys, note) = of_screen(screen, keymap);
    let mut lines = keys.help();
    if let Some(note) = note {
        lines.push(String::new());
        lines.extend(word(note).lines().map(str::to_owned));
    }
    lines.join("\n")
}
