//! The words a language's screens may show: every word of its messages and of its rules
//! text. A word drawn that is not among them is English left in a Swedish screen (a string
//! still written in code), or a word cut where a frame ran out of room.

use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::path::Path;
use std::sync::{LazyLock, Mutex};

use parlor::tui::App;
use parlor::words::Language;

/// Words every screen may show whatever its language: key names as keyboards print them,
/// the parlor's own name, and the people the tests seat.
const EVERY_LANGUAGE: &[&str] = &[
    "parlor",
    "Esc",
    "Enter",
    "Tab",
    "Backspace",
    "PgUp",
    "PgDn",
    "Home",
    "End",
    "Ctrl",
    "Shift",
    "Alt",
    "LCR",
    "Ann",
    "Bo",
    "Ana",
    "Ben",
    "Cara",
    "Cy",
];

/// The words of `language`'s messages and rules, read once.
pub fn vocabulary(language: Language) -> BTreeSet<String> {
    static READ: LazyLock<Mutex<HashMap<Language, BTreeSet<String>>>> =
        LazyLock::new(Mutex::default);
    READ.lock()
        .expect("no test panicked holding it")
        .entry(language)
        .or_insert_with(|| read_vocabulary(language))
        .clone()
}

fn read_vocabulary(language: Language) -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut words: BTreeSet<String> = EVERY_LANGUAGE.iter().map(|&w| w.to_lowercase()).collect();
    let rules = match language {
        Language::English => root.join("rules"),
        Language::Swedish => root.join("rules").join("sv"),
    };
    for (folder, fluent) in [
        (root.join("i18n").join(language.code()), true),
        (rules, false),
    ] {
        for entry in fs::read_dir(&folder).expect("the language's folders") {
            let path = entry.expect("an entry").path();
            if path.is_file() {
                let text = fs::read_to_string(&path).expect("readable");
                let read = if fluent {
                    message_words(&text)
                } else {
                    tokens(&text)
                };
                words.extend(read.iter().map(|w| w.to_lowercase()));
            }
        }
    }
    words
}

/// The words of a Fluent file's text, less its comments, ids, variables, variant keys and
/// functions: what a message can put on a screen.
fn message_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let value = match line.split_once('=') {
            Some((_, value)) if line.starts_with(|c: char| c.is_ascii_alphabetic()) => value,
            _ => line,
        };
        let mut rest = value;
        // Variant keys (`[one]`, `*[other]`) and variables (`$count`) say nothing on screen.
        let mut cleaned = String::new();
        while let Some(at) = rest.find(['[', '$']) {
            cleaned.push_str(&rest[..at]);
            let tail = &rest[at..];
            let skip = if tail.starts_with('[') {
                tail.find(']').map_or(tail.len(), |end| end + 1)
            } else {
                1 + tail[1..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
                    .unwrap_or(tail.len() - 1)
            };
            cleaned.push(' ');
            rest = &tail[skip..];
        }
        cleaned.push_str(rest);
        words.extend(tokens(&cleaned));
    }
    words
}

/// The words of a text: runs of letters, two or more (a single letter is a key or a face).
pub fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 2)
        .map(str::to_owned)
        .collect()
}

/// The double lines an overlay is framed in: a word against one is a word of the screen
/// under the overlay that the overlay hides a part of, no word cut by its own frame.
const OVERLAY_FRAME: &[char] = &['║', '═', '╔', '╗', '╚', '╝'];

/// The words of `screen` that are not `language`'s (nor `also`): English left in code, or
/// a word cut short. Letter case aside: a tag is drawn in capitals.
pub fn foreign_words(screen: &str, language: Language, also: &[String]) -> BTreeSet<String> {
    let known = vocabulary(language);
    let mut foreign = BTreeSet::new();
    for row in screen.lines() {
        let mut word = String::new();
        let mut before = ' ';
        for c in row.chars().chain([' ']) {
            if c.is_alphabetic() {
                word.push(c);
                continue;
            }
            let hidden = OVERLAY_FRAME.contains(&before) || OVERLAY_FRAME.contains(&c);
            if word.chars().count() >= 2
                && !hidden
                && !known.contains(&word.to_lowercase())
                && !also.contains(&word)
            {
                foreign.insert(word.clone());
            }
            word.clear();
            before = c;
        }
    }
    foreign
}

/// The words a table shows that are no language's: its seats' names (and a Swedish
/// genitive of each, "Anas tur"), and its game code once the game is over
/// (`lcr.v4.4p.3c.wild.1ky.0v`).
pub fn table_words(app: &App) -> Vec<String> {
    let Some(sitting) = app.sitting.as_ref() else {
        return Vec::new();
    };
    let table = sitting.table();
    let mut words: Vec<String> = table
        .names()
        .said()
        .iter()
        .flat_map(|n| [n.clone(), format!("{n}s")])
        .flat_map(|n| tokens(&n))
        .collect();
    words.extend(tokens(&parlor::replay::game_code(
        table.game().settings(),
        table.seed(),
    )));
    words
}
