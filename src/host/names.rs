//! Whose name is whose: the first key a name comes in with is that name's from then on
//! (trust on first use, as ssh-chat and Charm's wish do), so a seat, a hidden card and a
//! stats folder go only to whoever holds that key. Guests without a key (a password, or
//! nothing) get a name for their visit only, which no key can hold: see [`visit_name`]. A
//! browser's key is the hash of a secret it keeps ([`browser_key`]): a name is held by an SSH
//! key or by a browser, never both, and `ban` and `forget` treat the two alike.
//!
//! The book is kept as `names.json` in the host's data directory, rewritten whole (with
//! [`files::save`]) at each change.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::error::{BookUnread, HostError};
use crate::files::{self, SaveError};

/// The book's file in the data directory.
pub const FILE_NAME: &str = "names.json";
/// A book of this size holds tens of thousands of names.
const MAX_BOOK_BYTES: u64 = 4 << 20;
/// What a visit's name holds that a key's name cannot: see [`visit_name`].
pub const VISIT_MARK: char = '~';

/// What is kept: each name's key, and whom the host banned.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Book {
    /// Name -> the fingerprint (`SHA256:...`) of the key that holds it.
    #[serde(default)]
    names: BTreeMap<String, String>,
    #[serde(default)]
    banned_names: BTreeSet<String>,
    #[serde(default)]
    banned_keys: BTreeSet<String>,
}

/// Why a name was not let in.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NameRefusal {
    #[error("the name {0} is banned here")]
    BannedName(String),
    #[error("this key is banned here")]
    BannedKey,
    #[error(
        "the name {0} belongs to another key or browser: come in with yours, or choose another \
         name"
    )]
    Taken(String),
}

/// Why the book of names could not be written.
#[derive(Debug, Error)]
pub enum BookUnsaved {
    #[error("{0}")]
    Dir(#[source] std::io::Error),
    #[error(transparent)]
    Save(#[from] SaveError),
}

/// The names of a parlor, and their keys.
pub struct Names {
    path: PathBuf,
    book: Mutex<Book>,
}

impl Names {
    /// The book in `data_dir`, or an empty one if there is none yet.
    pub fn load(data_dir: &Path) -> Result<Names, HostError> {
        let path = data_dir.join(FILE_NAME);
        let problem = |reason: BookUnread| HostError::Names {
            path: path.clone(),
            reason,
        };
        let book = match files::read_regular(&path, MAX_BOOK_BYTES) {
            Ok(contents) => serde_json::from_slice(&contents.bytes)
                .map_err(|e| problem(BookUnread::Damaged(e)))?,
            Err(e) if e.is_not_found() => Book::default(),
            Err(e) => return Err(problem(e.into())),
        };
        Ok(Names {
            path,
            book: Mutex::new(book),
        })
    }

    fn book(&self) -> MutexGuard<'_, Book> {
        // Every change is whole before the lock is let go.
        self.book.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether `name` may come in with the key `fingerprint` (nothing is bound yet).
    pub fn check(&self, name: &str, fingerprint: &str) -> Result<(), NameRefusal> {
        let book = self.book();
        check_in(&book, name, Some(fingerprint))
    }

    /// Whether a guest without a key may come in under a visit's name made from `name`:
    /// not a banned name, nor one a key holds (that would pass them off as its holder).
    pub fn check_keyless(&self, name: &str) -> Result<(), NameRefusal> {
        let book = self.book();
        check_in(&book, name, None)
    }

    /// `name` comes in with the key `fingerprint`: bound to it if it was free. Returns
    /// whether it was bound now, and the error if the book could not be saved (the guest
    /// comes in all the same: the binding holds until the parlor closes).
    pub fn claim(&self, name: &str, fingerprint: &str) -> Result<Claimed, NameRefusal> {
        let mut book = self.book();
        check_in(&book, name, Some(fingerprint))?;
        if book.names.contains_key(name) {
            return Ok(Claimed::Known);
        }
        book.names.insert(name.to_owned(), fingerprint.to_owned());
        Ok(match self.save(&book) {
            Ok(()) => Claimed::Bound,
            Err(why) => Claimed::BoundUnsaved(why),
        })
    }

    /// The key that holds `name`, if any.
    pub fn key_of(&self, name: &str) -> Option<String> {
        self.book().names.get(name).cloned()
    }

    /// The host's `ban NAME`: the name, and the key that holds it, are refused from now on.
    pub fn ban(&self, name: &str) -> Result<Option<String>, BookUnsaved> {
        let mut book = self.book();
        book.banned_names.insert(name.to_owned());
        let key = book.names.get(name).cloned();
        if let Some(key) = &key {
            book.banned_keys.insert(key.clone());
        }
        self.save(&book)?;
        Ok(key)
    }

    /// The host's `forget NAME`: the name is free for the next key to claim (and no longer
    /// banned). Returns whether anything was known of it.
    pub fn forget(&self, name: &str) -> Result<bool, BookUnsaved> {
        let mut book = self.book();
        let key = book.names.remove(name);
        let was_banned = book.banned_names.remove(name);
        if let Some(key) = &key {
            book.banned_keys.remove(key);
        }
        self.save(&book)?;
        Ok(key.is_some() || was_banned)
    }

    /// Write the book whole.
    fn save(&self, book: &Book) -> Result<(), BookUnsaved> {
        let json = serde_json::to_vec_pretty(book).expect("a book of names always serialises");
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(BookUnsaved::Dir)?;
        }
        files::save(&self.path, &json, None)?;
        Ok(())
    }
}

/// How a key's name came in.
#[derive(Debug)]
pub enum Claimed {
    /// The name was this key's already.
    Known,
    /// The name is this key's from now on.
    Bound,
    /// Bound, but the book could not be written: why.
    BoundUnsaved(BookUnsaved),
}

fn check_in(book: &Book, name: &str, fingerprint: Option<&str>) -> Result<(), NameRefusal> {
    if book.banned_names.contains(name) {
        return Err(NameRefusal::BannedName(name.to_owned()));
    }
    if let Some(fingerprint) = fingerprint
        && book.banned_keys.contains(fingerprint)
    {
        return Err(NameRefusal::BannedKey);
    }
    match book.names.get(name) {
        Some(holder) if Some(holder.as_str()) != fingerprint => {
            Err(NameRefusal::Taken(name.to_owned()))
        }
        _ => Ok(()),
    }
}

/// What marks a browser's key in the book, where an SSH key's fingerprint says `SHA256:`.
const BROWSER_KEY_MARK: &str = "browser:";
/// The shortest and longest secret a browser may hold a name with: the page makes 64 hex
/// digits (256 bits from `crypto.getRandomValues`).
const BROWSER_SECRET_CHARS: std::ops::RangeInclusive<usize> = 32..=128;

/// A secret no page of this parlor's makes.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("your browser's secret for a name must be 32 to 128 letters, digits, - or _")]
pub struct NotASecret;

/// The key a browser holds a name with: the SHA-256 of its secret, so the book (and the
/// host's `who`) never holds the secret itself. A fast hash is enough: the secret is random,
/// with nothing to guess from a dictionary.
pub fn browser_key(secret: &str) -> Result<String, NotASecret> {
    use sha2::Digest;
    let fits = BROWSER_SECRET_CHARS.contains(&secret.len())
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !fits {
        return Err(NotASecret);
    }
    let hash = sha2::Sha256::digest(secret.as_bytes());
    Ok(format!("{BROWSER_KEY_MARK}{}", super::hex(&hash)))
}

/// The name of a guest without a key for this visit only: `name~N` (cut to fit), which no
/// key can claim, since a name a guest gives cannot hold [`VISIT_MARK`]. `visit` numbers the
/// visits since the parlor opened.
pub fn visit_name(name: &str, visit: u64) -> String {
    let mark = format!("{VISIT_MARK}{visit}");
    let room = crate::table::MAX_NAME_CHARS
        .saturating_sub(mark.len())
        .max(1);
    let base: String = name.chars().take(room).collect();
    format!("{base}{mark}")
}
