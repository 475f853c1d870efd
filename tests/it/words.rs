//! The languages held to one another: every message in every language, each saying only
//! what the English is given, each used by the parlor; and `auto` reading the locale.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use parlor::words::{self, Arg, Language, id};

fn i18n_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/i18n")
}

/// Each message of a language's files, with the text of the message (its lines after the
/// first, too), read as build.rs reads the English.
fn messages(language: Language) -> BTreeMap<String, String> {
    let dir = i18n_dir().join(language.code());
    let mut messages = BTreeMap::new();
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("a folder for each language")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    files.sort();
    for path in files {
        let text = fs::read_to_string(&path).expect("a readable file");
        if let Err(error) = fluent_templates::fs::resource_from_str(&text) {
            panic!("{}: {error}", path.display());
        }
        let mut current: Option<String> = None;
        for line in text.lines() {
            if line.starts_with(|c: char| c.is_ascii_alphabetic()) {
                let (id, value) = line.split_once('=').expect("a message has an '='");
                let id = id.trim().to_owned();
                assert!(
                    !messages.contains_key(&id),
                    "{id} twice in {}",
                    language.code()
                );
                messages.insert(id.clone(), value.to_owned());
                current = Some(id);
            } else if line.starts_with(' ') {
                if let Some(id) = &current {
                    messages.get_mut(id).expect("inserted").push_str(line);
                }
            } else {
                current = None;
            }
        }
    }
    messages
}

fn variables(text: &str) -> BTreeSet<String> {
    text.split('$')
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty())
        .collect()
}

#[test]
fn every_language_has_every_message_and_no_other() {
    let english: BTreeSet<String> = id::ALL.iter().map(|m| m.id().to_owned()).collect();
    assert_eq!(
        messages(Language::English)
            .keys()
            .cloned()
            .collect::<BTreeSet<_>>(),
        english,
        "build.rs and this test read the English alike"
    );
    for language in Language::ALL {
        let has: BTreeSet<String> = messages(language).keys().cloned().collect();
        let missing: Vec<&String> = english.difference(&has).collect();
        let extra: Vec<&String> = has.difference(&english).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing {missing:?}, not in English {extra:?}",
            language.code()
        );
    }
}

#[test]
fn a_message_uses_only_what_the_english_is_given() {
    for language in Language::ALL {
        for (id, text) in messages(language) {
            let message = id::ALL
                .iter()
                .find(|m| m.id() == id)
                .expect("every message is English's");
            let given: BTreeSet<String> =
                message.arguments().iter().map(|&a| a.to_owned()).collect();
            let unknown: Vec<String> = variables(&text).difference(&given).cloned().collect();
            assert!(
                unknown.is_empty(),
                "{}: {id} uses {unknown:?}, which the parlor does not give it",
                language.code()
            );
            let arguments: Vec<(&'static str, Arg<'_>)> = message
                .arguments()
                .iter()
                .map(|&name| (name, Arg::from("x")))
                .collect();
            language
                .check(message, &arguments)
                .unwrap_or_else(|e| panic!("{}: {e}", language.code()));
        }
    }
}

/// Every message is said somewhere in the parlor: none left behind when its words went.
#[test]
fn every_message_is_used() {
    let mut source = String::new();
    let mut folders = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = folders.pop() {
        for entry in fs::read_dir(dir).expect("src is readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                source.push_str(&fs::read_to_string(&path).expect("readable"));
            }
        }
    }
    let code: String = source.chars().filter(|c| !c.is_whitespace()).collect();
    let unused: Vec<&str> = id::ALL
        .iter()
        .map(|m| m.id())
        .filter(|id| {
            let constant = id.replace('-', "_");
            !["(", ",", "::"].iter().any(|before| {
                [",", ")"]
                    .iter()
                    .any(|after| code.contains(&format!("{before}{constant}{after}")))
            })
        })
        .collect();
    assert!(unused.is_empty(), "messages no code says: {unused:?}");
}

#[test]
fn auto_reads_the_locale_as_posix_does() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        }
    };
    assert_eq!(
        Language::from_variables(env(&[("LANG", "sv_SE.UTF-8")])),
        Language::Swedish
    );
    assert_eq!(
        Language::from_variables(env(&[("LANG", "sv_SE.UTF-8"), ("LC_ALL", "en_US.UTF-8")])),
        Language::English,
        "LC_ALL wins"
    );
    assert_eq!(
        Language::from_variables(env(&[("LANG", "en_GB"), ("LC_MESSAGES", "sv_FI")])),
        Language::Swedish,
        "LC_MESSAGES before LANG"
    );
    assert_eq!(
        Language::from_variables(env(&[("LC_ALL", ""), ("LANG", "sv")])),
        Language::Swedish,
        "an empty variable is not set"
    );
    assert_eq!(
        Language::from_variables(env(&[("LANG", "de_DE.UTF-8")])),
        Language::English
    );
    assert_eq!(
        Language::from_variables(env(&[("LANG", "C")])),
        Language::English
    );
    assert_eq!(
        Language::from_accept_language("de-DE,sv;q=0.8,en;q=0.9"),
        Some(Language::English)
    );
    assert_eq!(
        Language::from_accept_language("sv-SE,sv;q=0.9,en;q=0.8"),
        Some(Language::Swedish)
    );
    assert_eq!(Language::from_accept_language("fr;q=1,en;q=0"), None);
}

#[test]
fn a_thread_speaks_its_own_language() {
    let there = std::thread::spawn(|| {
        words::speak(Language::Swedish);
        words::spoken()
    });
    assert_eq!(there.join().expect("no panic"), Language::Swedish);
    assert_eq!(
        words::spoken(),
        Language::English,
        "this thread was not asked"
    );
    assert_eq!(
        words::speaking(Language::Swedish, words::spoken),
        Language::Swedish
    );
    assert_eq!(
        words::spoken(),
        Language::English,
        "and speaks as before after"
    );
}
