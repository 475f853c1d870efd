//! Every screen's keys as one table of rows: the keys, what the footer, the help and the
//! game-over panel call them, what they mean, and when they are offered. The key handling
//! (`keys`), the footers, the help overlay and the game-over hint all read these rows, so
//! they cannot disagree (as gitui's components list their commands beside their handlers).

mod screens;
mod table;

use crossterm::event::KeyCode;

pub use screens::{FORM, FormKeys, LOBBY, LobbyKeys, MENU, MenuKeys, REVIEW, ReviewKeys};
pub use table::TABLE;

use super::intent::{Intent, Panel};
use super::snapshot::ScreenView;

/// A word that depends on the screen: "menu" or "tables", "start" or "save".
pub enum Label<C: 'static> {
    Is(&'static str),
    By(fn(&C) -> &'static str),
}

impl<C> Label<C> {
    fn of(&self, screen: &C) -> &'static str {
        match self {
            Label::Is(word) => word,
            Label::By(word) => word(screen),
        }
    }
}

/// A question about a screen: when a row is offered, when the footer shows it.
pub type When<C> = fn(&C) -> bool;

/// One row of a screen's keys.
pub struct Command<C: 'static> {
    /// The keys as the footer and the help name them: "+/-".
    pub key: &'static str,
    /// The keys it takes; empty: whichever keys `intent` answers (typing, a choice's own
    /// key, any key).
    pub codes: &'static [KeyCode],
    /// The help's line for it.
    pub help: &'static str,
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
        key: "s",
        codes: &[KeyCode::Char('s')],
        help: "your stats",
        footer: match in_footer {
            Some(shown) => Some((Label::Is("stats"), shown)),
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
        key: "?",
        codes: &[KeyCode::Char('?')],
        help: "this help",
        footer: Some((Label::Is("help"), shown)),
        hint: None,
        when: always,
        intent: |_, _| Some(Intent::Show(Panel::Help)),
    }
}

/// The intent of `code` on a screen whose keys are `rows`: the first row offered now that
/// takes it.
pub fn intent<C>(rows: &[Command<C>], screen: &C, code: KeyCode) -> Option<Intent> {
    rows.iter()
        .filter(|row| (row.when)(screen))
        .filter(|row| row.codes.is_empty() || row.codes.contains(&code))
        .find_map(|row| (row.intent)(screen, code))
}

/// The footer's keys and words, in the rows' order.
pub fn footer<C>(rows: &[Command<C>], screen: &C) -> Vec<(&'static str, &'static str)> {
    rows.iter()
        .filter(|row| (row.when)(screen))
        .filter_map(|row| {
            let (word, shown) = row.footer.as_ref()?;
            shown(screen).then(|| (row.key, word.of(screen)))
        })
        .collect()
}

/// The hint under the game-over panel: "v review · n new game · …".
pub fn hint<C>(rows: &[Command<C>], screen: &C) -> String {
    let words: Vec<String> = rows
        .iter()
        .filter(|row| (row.when)(screen))
        .filter_map(|row| Some(format!("{} {}", row.key, row.hint.as_ref()?.of(screen))))
        .collect();
    words.join(" · ")
}

/// The help's lines: every row offered now, its keys and what they do.
pub fn help<C>(rows: &[Command<C>], screen: &C) -> Vec<String> {
    rows.iter()
        .filter(|row| (row.when)(screen))
        .map(|row| format!("{:<13} {}", row.key, row.help))
        .collect()
}

/// A row offered on the screen shown, for a test (or anything else) to walk.
pub struct Offered {
    pub key: &'static str,
    /// The footer's word, when the footer shows it.
    pub footer: Option<&'static str>,
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
    fn footer(&self) -> Vec<(&'static str, &'static str)>;
    fn help(&self) -> Vec<String>;
    /// The rows offered now; `asked`: the keys to try on rows that take any key.
    fn offered(&self, asked: &[KeyCode]) -> Vec<Offered>;
}

/// `rows` on `screen`.
pub struct Bound<'r, C: 'static> {
    pub rows: &'r [Command<C>],
    pub screen: C,
}

impl<C> Keys for Bound<'_, C> {
    fn intent(&self, code: KeyCode) -> Option<Intent> {
        intent(self.rows, &self.screen, code)
    }

    fn footer(&self) -> Vec<(&'static str, &'static str)> {
        footer(self.rows, &self.screen)
    }

    fn help(&self) -> Vec<String> {
        help(self.rows, &self.screen)
    }

    fn offered(&self, asked: &[KeyCode]) -> Vec<Offered> {
        let screen = &self.screen;
        self.rows
            .iter()
            .filter(|row| (row.when)(screen))
            .map(|row| {
                let codes = if row.codes.is_empty() {
                    asked
                } else {
                    row.codes
                };
                Offered {
                    key: row.key,
                    takes_any: row.codes.is_empty(),
                    footer: row
                        .footer
                        .as_ref()
                        .filter(|(_, shown)| shown(screen))
                        .map(|(word, _)| word.of(screen)),
                    means: codes
                        .iter()
                        .filter_map(|&code| Some((code, (row.intent)(screen, code)?)))
                        .collect(),
                }
            })
            .collect()
    }
}

/// The keys of the screen shown, and the note that ends its help.
pub fn of_screen<'s>(screen: &'s ScreenView) -> (Box<dyn Keys + 's>, &'static str) {
    fn bound<'s, C: 's>(rows: &'static [Command<C>], screen: C) -> Box<dyn Keys + 's> {
        Box::new(Bound { rows, screen })
    }
    match screen {
        ScreenView::Menu { selected } => (bound(screens::MENU, MenuKeys(*selected)), ""),
        ScreenView::Lobby(lobby) => (bound(screens::LOBBY, LobbyKeys::of(lobby)), ""),
        ScreenView::Form(form) => (bound(screens::FORM, FormKeys::of(form)), ""),
        ScreenView::Table(view) => (bound(table::TABLE, view.keys.clone()), table::NOTE),
        ScreenView::Review(_) => (bound(screens::REVIEW, ReviewKeys), screens::REVIEW_NOTE),
    }
}

/// The help overlay's text for the screen under it.
pub fn help_text(screen: &ScreenView) -> String {
    let (keys, note) = of_screen(screen);
    let mut lines = keys.help();
    lines.push("Ctrl-C        quit at once; Ctrl-Z stops for now, fg brings it back".to_owned());
    if !note.is_empty() {
        lines.push(String::new());
        lines.extend(note.lines().map(str::to_owned));
    }
    lines.join("\n")
}
