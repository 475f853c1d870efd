//! The parlor's message ids, read from its English Fluent files (assets/i18n/en/*.ftl) into
//! one constant each, with the arguments the message takes: `said!` names a message by its
//! constant, so a missing id is a compile error, and checks the arguments it is given
//! against these at compile time. English is the language every message is written in
//! first; tests/it/words.rs holds every other language to the same ids.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

/// One message of the English files: the file it is in and the variables it uses.
struct Message {
    file: String,
    variables: BTreeSet<String>,
    references: BTreeSet<String>,
}

fn main() {
    let dir = Path::new("assets/i18n/en");
    println!("cargo::rerun-if-changed=assets/i18n");
    let mut files: Vec<_> = fs::read_dir(dir)
        .expect("assets/i18n/en is the parlor's English messages")
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort();
    let mut messages: BTreeMap<String, Message> = BTreeMap::new();
    for path in &files {
        let text = fs::read_to_string(path).expect("a readable Fluent file");
        let file = path
            .file_name()
            .expect("a file")
            .to_string_lossy()
            .into_owned();
        for (id, message) in read_messages(&text, &file) {
            if let Some(before) = messages.insert(id.clone(), message) {
                panic!("message {id} is in both {} and {file}", before.file);
            }
        }
    }
    let mut code = String::new();
    let mut constants: BTreeMap<String, String> = BTreeMap::new();
    for (id, message) in &messages {
        let constant = id.replace('-', "_");
        if let Some(other) = constants.insert(constant.clone(), id.clone()) {
            panic!("messages {other} and {id} would have one constant");
        }
        let variables = all_variables(id, &messages, &mut BTreeSet::new());
        let list: Vec<String> = variables.iter().map(|v| format!("{v:?}")).collect();
        writeln!(
            code,
            "/// `{id}`, in {}.\npub const {constant}: MessageId = MessageId::new({id:?}, &[{}]);",
            message.file,
            list.join(", ")
        )
        .expect("writing to a String");
    }
    let all: Vec<String> = constants.keys().map(|c| format!("&{c}")).collect();
    writeln!(
        code,
        "/// Every message.\npub const ALL: &[&MessageId] = &[{}];",
        all.join(", ")
    )
    .expect("writing to a String");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("messages.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}

/// The variables a message uses, its own and those of the messages it refers to (a
/// reference passes its arguments on).
fn all_variables(
    id: &str,
    messages: &BTreeMap<String, Message>,
    seen: &mut BTreeSet<String>,
) -> BTreeSet<String> {
    let Some(message) = messages.get(id) else {
        panic!("a message refers to {id}, which no English file has");
    };
    let mut variables = message.variables.clone();
    if seen.insert(id.to_owned()) {
        for reference in &message.references {
            variables.extend(all_variables(reference, messages, seen));
        }
    }
    variables
}

/// The messages of one file: a message starts with its id at the start of a line and runs
/// on through the indented lines after it. A comment just before it may name variables
/// the English does not use but another language does (`# $gender: ...`).
fn read_messages(text: &str, file: &str) -> Vec<(String, Message)> {
    let mut messages: Vec<(String, Message)> = Vec::new();
    let mut comment_variables = BTreeSet::new();
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix('#') {
            comment_variables.extend(variables_in(comment));
            continue;
        }
        if line.trim().is_empty() {
            comment_variables.clear();
            continue;
        }
        let starts_message = line.starts_with(|c: char| c.is_ascii_alphabetic());
        if starts_message {
            let (id, value) = line
                .split_once('=')
                .unwrap_or_else(|| panic!("{file}: '{line}' has no '='"));
            let id = id.trim().to_owned();
            assert!(
                id.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
                "{file}: '{id}' is not a message id"
            );
            messages.push((
                id,
                Message {
                    file: file.to_owned(),
                    variables: std::mem::take(&mut comment_variables),
                    references: BTreeSet::new(),
                },
            ));
            add_line(&mut messages, value, file);
        } else if line.starts_with(' ') {
            assert!(
                !line.trim_start().starts_with('.'),
                "{file}: attributes are not used ('{line}'): give the form a message of its own"
            );
            add_line(&mut messages, line, file);
        } else if !line.starts_with('-') {
            panic!("{file}: '{line}' is neither a message, a comment nor a term");
        }
    }
    messages
}

fn add_line(messages: &mut [(String, Message)], line: &str, file: &str) {
    let Some((_, message)) = messages.last_mut() else {
        panic!("{file}: '{line}' belongs to no message");
    };
    message.variables.extend(variables_in(line));
    message.references.extend(references_in(line));
}

/// `$name`s in a line.
fn variables_in(line: &str) -> Vec<String> {
    line.split('$')
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty())
        .collect()
}

/// `{ other-message }`s in a line: a placeable that is only a message's id.
fn references_in(line: &str) -> Vec<String> {
    line.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}'))
        .map(|(inside, _)| inside.trim())
        .filter(|inside| {
            inside.starts_with(|c: char| c.is_ascii_lowercase())
                && inside
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        })
        .map(str::to_owned)
        .collect()
}
