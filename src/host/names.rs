//! Whose name is whose: the first key a name comes in with is that name's from then on
//! (trust on first use, as ssh-chat and Charm's wish do), so a seat, a hidden card and a
//! stats folder go only to whoever holds that key. Guests without a key (a password, or
//! nothing) get a name for their visit only, which no key can hold: see [`visit_name`]. A
//! browser's key is the hash of a secret it keeps ([`browser_key`]): a name is held by an SSH
//! key or by a browser, never both, and `ban` and `forget` treat the two alike.
//!
//! The book is kept as `names.json` in the host's data directory, rewritten whole (with
//! [`files::save`]) at each change, so it is kept small whatever a stranger does: a key
//! holds at most [`NAMES_PER_KEY`] names, an address binds at most
//! [`NEW_NAMES_PER_SOURCE`] new ones an hour, the book holds at most [`MAX_NAMES`], and a
//! name nobody came in under for [`UNUSED_DAYS`] days is let go. A book that cannot be read
//! (too big, or not a book) is set aside at start with a message, never a reason not to open:
//! one key's flood of names once left a book that kept the host from starting.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use thiserror::Error;
use unicode_normalization::UnicodeNormalization;
use unicode_width::UnicodeWidthStr;

use super::error::{BookUnread, HostError};
use crate::files::{self, SaveError};
use crate::said;

/// The book's file in the data directory.
pub const FILE_NAME: &str = "names.json";
/// A book of this size holds tens of thousands of names: more than [`MAX_NAMES`] ever
/// makes.
const MAX_BOOK_BYTES: u64 = 4 << 20;
/// The names one key (or one browser) may hold: a person with a nickname or two.
pub const NAMES_PER_KEY: usize = 4;
/// New names bound from one address (an IPv6 /64) in [`SOURCE_WINDOW`]: a household of
/// friends coming in for the first time, not a script.
pub const NEW_NAMES_PER_SOURCE: u32 = 8;
/// The window [`NEW_NAMES_PER_SOURCE`] is counted over.
const SOURCE_WINDOW: Duration = Duration::from_hours(1);
/// Addresses remembered for the names they bound; past it the oldest windows go first.
const MAX_SOURCES_REMEMBERED: usize = 4096;
/// The most names the book holds (about 1.5 MB written): past it, new names are refused
/// until unused ones are let go or the host forgets some.
pub const MAX_NAMES: usize = 10_000;
/// A name nobody came in under for this many days is let go, free for the next key.
pub const UNUSED_DAYS: u64 = 180;
/// What a visit's name holds that a key's name cannot: see [`visit_name`].
pub const VISIT_MARK: char = '~';

/// What is kept: each name's key, and whom the host banned.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Book {
    /// Name -> the fingerprint (`SHA256:...`) of the key that holds it.
    #[serde(default)]
    names: BTreeMap<String, String>,
    /// Name -> the day (since 1970) its key last came in under it; a name bound before this
    /// was kept counts from the day the book is first read.
    #[serde(default)]
    used: BTreeMap<String, u64>,
    #[serde(default)]
    banned_names: BTreeSet<String>,
    #[serde(default)]
    banned_keys: BTreeSet<String>,
}

/// Why a name was not let in. Said in the language of the thread that shows it (a guest's
/// own, or English on the host's network tasks and in its log).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NameRefusal {
    BannedName(String),
    BannedKey,
    Taken(String),
    TooManyForKey,
    TooManyFromSource,
    BookFull,
}

impl fmt::Display for NameRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            NameRefusal::BannedName(name) => said!(name_banned, name = name),
            NameRefusal::BannedKey => said!(key_banned),
            NameRefusal::Taken(name) => said!(name_taken, name = name),
            NameRefusal::TooManyForKey => said!(names_per_key, most = NAMES_PER_KEY),
            NameRefusal::TooManyFromSource => said!(names_from_source),
            NameRefusal::BookFull => said!(names_book_full),
        })
    }
}

impl NameRefusal {
    /// Whether it may be a guess at someone's name (counted against the source, which may
    /// be made to wait), not a bound the book keeps.
    pub fn may_be_a_guess(&self) -> bool {
        matches!(
            self,
            NameRefusal::BannedName(_) | NameRefusal::BannedKey | NameRefusal::Taken(_)
        )
    }
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
    /// Each address's (or IPv6 /64's) new names in its current window, and when the window
    /// opened.
    sources: Mutex<HashMap<IpAddr, (u32, Instant)>>,
    /// What was set aside at start, to say so.
    set_aside: Option<String>,
    /// The most names the book holds: [`MAX_NAMES`] (fewer in tests, whose every claim
    /// writes the book whole).
    most: usize,
}

impl Names {
    /// The book in `data_dir`, or an empty one if there is none yet. A book too big or not
    /// a book is moved aside (`names.json.set-aside-SECONDS`) and the parlor opens with an
    /// empty one: [`Names::set_aside`] says so. Only a book that cannot be looked at (its
    /// folder unreadable) keeps the host from opening, since writing a new one over it would
    /// lose every name.
    pub fn load(data_dir: &Path) -> Result<Names, HostError> {
        let path = data_dir.join(FILE_NAME);
        let problem = |reason: BookUnread| HostError::Names {
            path: path.clone(),
            reason,
        };
        let read = match files::read_regular(&path, MAX_BOOK_BYTES) {
            Ok(contents) => {
                serde_json::from_slice::<Book>(&contents.bytes).map_err(BookUnread::Damaged)
            }
            Err(e) if e.is_not_found() => Ok(Book::default()),
            Err(e @ files::ReadError::Io { .. }) => return Err(problem(e.into())),
            Err(e) => Err(BookUnread::Unread(e)),
        };
        let (mut book, set_aside) = match read {
            Ok(book) => (book, None),
            Err(why) => {
                let aside = aside_path(&path);
                std::fs::rename(&path, &aside).map_err(|e| {
                    problem(BookUnread::Unread(files::ReadError::Io {
                        path: path.clone(),
                        source: e,
                    }))
                })?;
                let why = match why {
                    BookUnread::Damaged(e) => e.to_string(),
                    BookUnread::Unread(e) => e.to_string(),
                };
                let said = format!(
                    "the book of names could not be read ({why}): set aside as {}, and the \
                     parlor opens with no names held",
                    aside.display()
                );
                (Book::default(), Some(said))
            }
        };
        let today = today();
        let held: Vec<String> = book.names.keys().cloned().collect();
        for name in held {
            book.used.entry(name).or_insert(today);
        }
        Ok(Names {
            path,
            book: Mutex::new(book),
            sources: Mutex::new(HashMap::new()),
            set_aside,
            most: MAX_NAMES,
        })
    }

    /// What was set aside as the book was read, if anything: the host says it.
    pub fn set_aside(&self) -> Option<&str> {
        self.set_aside.as_deref()
    }

    /// How many names the book holds.
    pub fn len(&self) -> usize {
        self.book().names.len()
    }

    /// Whether the book holds no name.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
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

    /// `name` comes in with the key `fingerprint` from `source`: bound to it if it was free
    /// and within the bounds (the key's names, the address's new names this hour, the
    /// book's size). Returns whether it was bound now, and the error if the book could not
    /// be saved (the guest comes in all the same: the binding holds until the parlor
    /// closes).
    pub fn claim(
        &self,
        name: &str,
        fingerprint: &str,
        source: IpAddr,
    ) -> Result<Claimed, NameRefusal> {
        self.claim_at(name, fingerprint, source, Instant::now(), today())
    }

    fn claim_at(
        &self,
        name: &str,
        fingerprint: &str,
        source: IpAddr,
        now: Instant,
        today: u64,
    ) -> Result<Claimed, NameRefusal> {
        let mut book = self.book();
        check_in(&book, name, Some(fingerprint))?;
        if let Some(held) = holder_of(&book, name).map(|(held, _)| held.clone()) {
            // Written again at most once a day, when the day it was last used moves on.
            if book.used.insert(held, today) == Some(today) {
                return Ok(Claimed::Known);
            }
            // The day is a convenience: a book not saved now keeps the name all the same.
            let _ = self.save(&book);
            return Ok(Claimed::Known);
        }
        let expired = forget_unused(&mut book, today);
        if book.names.values().filter(|k| *k == fingerprint).count() >= NAMES_PER_KEY {
            return Err(NameRefusal::TooManyForKey);
        }
        if book.names.len() >= self.most {
            if expired {
                let _ = self.save(&book);
            }
            return Err(NameRefusal::BookFull);
        }
        self.count_new_name(source, now)?;
        book.names.insert(composed(name), fingerprint.to_owned());
        book.used.insert(composed(name), today);
        Ok(match self.save(&book) {
            Ok(()) => Claimed::Bound,
            Err(why) => Claimed::BoundUnsaved(why),
        })
    }

    /// One more new name from `source`, unless it bound its most this hour.
    fn count_new_name(&self, source: IpAddr, now: Instant) -> Result<(), NameRefusal> {
        let mut sources = self.sources.lock().unwrap_or_else(PoisonError::into_inner);
        if sources.len() >= MAX_SOURCES_REMEMBERED {
            sources.retain(|_, (_, since)| now.duration_since(*since) < SOURCE_WINDOW);
            if sources.len() >= MAX_SOURCES_REMEMBERED
                && let Some(oldest) = sources
                    .iter()
                    .min_by_key(|(_, (_, since))| *since)
                    .map(|(ip, _)| *ip)
            {
                sources.remove(&oldest);
            }
        }
        let (count, since) = sources.entry(source_of(source)).or_insert((0, now));
        if now.duration_since(*since) >= SOURCE_WINDOW {
            (*count, *since) = (0, now);
        }
        if *count >= NEW_NAMES_PER_SOURCE {
            return Err(NameRefusal::TooManyFromSource);
        }
        *count += 1;
        Ok(())
    }

    /// The key that holds `name`, if any.
    pub fn key_of(&self, name: &str) -> Option<String> {
        holder_of(&self.book(), name).map(|(_, key)| key.clone())
    }

    /// The host's `ban NAME`: the name, and the key that holds it, are refused from now on.
    pub fn ban(&self, name: &str) -> Result<Option<String>, BookUnsaved> {
        let mut book = self.book();
        book.banned_names.insert(composed(name));
        let key = holder_of(&book, name).map(|(_, key)| key.clone());
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
        let held = holder_of(&book, name).map(|(held, _)| held.clone());
        let key = held.and_then(|held| {
            book.used.remove(&held);
            book.names.remove(&held)
        });
        let banned: Vec<String> = book
            .banned_names
            .iter()
            .filter(|b| same_name(b, name))
            .cloned()
            .collect();
        let was_banned = !banned.is_empty();
        for banned in banned {
            book.banned_names.remove(&banned);
        }
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
    if book
        .banned_names
        .iter()
        .any(|banned| same_name(banned, name))
    {
        return Err(NameRefusal::BannedName(name.to_owned()));
    }
    if let Some(fingerprint) = fingerprint
        && book.banned_keys.contains(fingerprint)
    {
        return Err(NameRefusal::BannedKey);
    }
    match holder_of(book, name) {
        Some((_, holder)) if Some(holder.as_str()) != fingerprint => {
            Err(NameRefusal::Taken(name.to_owned()))
        }
        _ => Ok(()),
    }
}

/// The name the book holds that is `name` whatever its case or how its letters were
/// composed, and its key: one name, one person, so "Alice" is not a second person beside
/// "alice", nor "Åsa" with a combining ring beside "Åsa".
fn holder_of<'b>(book: &'b Book, name: &str) -> Option<(&'b String, &'b String)> {
    book.names
        .get_key_value(name)
        .or_else(|| book.names.iter().find(|(held, _)| same_name(held, name)))
}

/// Whether two names are one: the same letters once composed (NFC) and lowercased, as
/// Unicode lowercases them (`ÅSA` is `åsa`).
pub fn same_name(a: &str, b: &str) -> bool {
    a == b || folded(a) == folded(b)
}

fn folded(name: &str) -> String {
    composed(name).to_lowercase()
}

/// `name` as the book keeps it: its letters composed (NFC), so that one name is written
/// one way whichever keys typed it.
pub fn composed(name: &str) -> String {
    name.nfc().collect()
}

/// Let go of the names nobody came in under for [`UNUSED_DAYS`]: whether any went.
fn forget_unused(book: &mut Book, today: u64) -> bool {
    let stale: Vec<String> = book
        .used
        .iter()
        .filter(|&(_, &day)| today.saturating_sub(day) > UNUSED_DAYS)
        .map(|(name, _)| name.clone())
        .collect();
    for name in &stale {
        book.used.remove(name);
        book.names.remove(name);
    }
    !stale.is_empty()
}

/// What new names are counted against: the address, or an IPv6 address's /64 (one
/// household's, as a provider hands them out).
fn source_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
    }
}

/// Where a book that cannot be read is moved: `names.json.set-aside-SECONDS`, numbered
/// again if one was set aside in the same second.
fn aside_path(path: &Path) -> PathBuf {
    let stem = format!("{FILE_NAME}.set-aside-{}", now_seconds());
    (0..1000)
        .map(|n| {
            let name = if n == 0 {
                stem.clone()
            } else {
                format!("{stem}-{n}")
            };
            path.with_file_name(name)
        })
        .find(|candidate| std::fs::symlink_metadata(candidate).is_err())
        .unwrap_or_else(|| path.with_file_name(stem))
}

/// Seconds since 1970, now.
fn now_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Days since 1970, today (UTC).
fn today() -> u64 {
    now_seconds() / 86_400
}

/// A name that cannot be a guest's, quoted (cut short and made printable), and why.
#[derive(Debug, Error, PartialEq, Eq)]
pub struct InvalidName {
    pub quoted: String,
    /// Its letters are of two alphabets that look alike (`Аsa`, its `А` Cyrillic): it could
    /// pass for another person's name.
    pub mixed: bool,
}

impl fmt::Display for InvalidName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.quoted;
        f.write_str(&if self.mixed {
            said!(name_mixed_scripts, name = name)
        } else {
            said!(
                name_invalid,
                name = name,
                most = crate::table::MAX_NAME_CHARS
            )
        })
    }
}

/// A guest's name is their seat's name and their folder of stats: letters as people write
/// them (`Åsa`, `Zoë`, `Jörg`), digits, `-` or `_`, at most [`crate::table::MAX_NAME_CHARS`]
/// of them and as many columns wide. Returned composed (NFC), the one way the book and the
/// tables write it. Refused: control, format and zero-width characters (none is a letter),
/// letters of two alphabets that pass for one another (Latin with Cyrillic, Greek, ...), and
/// the letter-like symbols made to look like other letters (fullwidth, mathematical,
/// enclosed, small capitals).
pub fn valid_name(name: &str) -> Result<String, InvalidName> {
    let most = crate::table::MAX_NAME_CHARS;
    let name = composed(name);
    let refused = |mixed| InvalidName {
        quoted: crate::untrusted::quote(&name),
        mixed,
    };
    let fits = (1..=most).contains(&name.chars().count())
        && name.width() <= most
        && name.chars().all(|c| {
            c.is_ascii_digit() || c == '-' || c == '_' || c.is_alphabetic() && !lookalike(c)
        });
    if !fits {
        return Err(refused(false));
    }
    let mut scripts = name.chars().filter_map(confusable_script);
    if let Some(first) = scripts.next()
        && scripts.any(|script| script != first)
    {
        return Err(refused(true));
    }
    Ok(name)
}

/// Letters made to look like other letters: fullwidth forms, mathematical alphanumerics,
/// letter-like symbols, number forms, enclosed letters, small capitals and modifier letters,
/// superscripts, IPA.
fn lookalike(c: char) -> bool {
    matches!(
        c,
        '\u{250}'..='\u{2ff}'
            | '\u{1d00}'..='\u{1dbf}'
            | '\u{2070}'..='\u{209f}'
            | '\u{2100}'..='\u{218f}'
            | '\u{2460}'..='\u{24ff}'
            | '\u{ff00}'..='\u{ffef}'
            | '\u{1d400}'..='\u{1d7ff}'
            | '\u{1f130}'..='\u{1f189}'
    )
}

/// The alphabets whose letters pass for one another's (Latin `a`, Cyrillic `а`, Greek `α`
/// beside them; Armenian `օ`; Cherokee `Ꭺ`): a name's letters come from one of them at most.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Script {
    Latin,
    Greek,
    Cyrillic,
    Armenian,
    Cherokee,
}

fn confusable_script(c: char) -> Option<Script> {
    match c {
        'a'..='z'
        | 'A'..='Z'
        | '\u{c0}'..='\u{24f}'
        | '\u{1e00}'..='\u{1eff}'
        | '\u{2c60}'..='\u{2c7f}'
        | '\u{a720}'..='\u{a7ff}'
        | '\u{ab30}'..='\u{ab6f}' => Some(Script::Latin),
        '\u{370}'..='\u{3ff}' | '\u{1f00}'..='\u{1fff}' => Some(Script::Greek),
        '\u{400}'..='\u{52f}' | '\u{1c80}'..='\u{1c8f}' | '\u{2de0}'..='\u{2dff}' => {
            Some(Script::Cyrillic)
        }
        '\u{a640}'..='\u{a69f}' => Some(Script::Cyrillic),
        '\u{530}'..='\u{58f}' => Some(Script::Armenian),
        '\u{13a0}'..='\u{13ff}' | '\u{ab70}'..='\u{abbf}' => Some(Script::Cherokee),
        _ => None,
    }
}

/// What marks a browser's key in the book, where an SSH key's fingerprint says `SHA256:`.
const BROWSER_KEY_MARK: &str = "browser:";
/// The shortest and longest secret a browser may hold a name with: the page makes 64 hex
/// digits (256 bits from `crypto.getRandomValues`).
const BROWSER_SECRET_CHARS: std::ops::RangeInclusive<usize> = 32..=128;

/// A secret no page of this parlor's makes.
#[derive(Debug, Error, PartialEq, Eq)]
pub struct NotASecret;

impl fmt::Display for NotASecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&said!(browser_secret_invalid))
    }
}

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
    Ok(format!("{BROWSER_KEY_MARK}{}", super::hex::hex(&hash)))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn at(n: u32) -> IpAddr {
        IpAddr::from(n.to_be_bytes())
    }

    /// An hour's flood of names by one key, by many keys from one address, and by many
    /// addresses, in a moment: the book stays within its bounds and is read back.
    #[test]
    fn a_flood_of_names_is_bounded_and_the_book_still_reads() {
        let dir = tempfile::TempDir::new().expect("a temp dir");
        let mut names = Names::load(dir.path()).expect("an empty book");
        // A full book of MAX_NAMES is written 10,000 times on its way: a tenth of it here.
        names.most = MAX_NAMES / 10;
        let now = Instant::now();
        let today = today();
        let bound = |name: &str, key: &str, source: IpAddr| {
            matches!(
                names.claim_at(name, key, source, now, today),
                Ok(Claimed::Bound)
            )
        };
        // One key, one address: x0, x1, ... as the attack went.
        let one_key = (0..20_000)
            .filter(|n| bound(&format!("x{n}"), "SHA256:one", at(1)))
            .count();
        assert_eq!(one_key, NAMES_PER_KEY);
        // A new key for each name, from one address.
        let one_source = (0..20_000)
            .filter(|n| bound(&format!("y{n}"), &format!("SHA256:y{n}"), at(2)))
            .count();
        assert_eq!(one_source, NEW_NAMES_PER_SOURCE as usize);
        // A new key and address for each name.
        let spread = (0..20_000u32)
            .filter(|&n| bound(&format!("z{n}"), &format!("SHA256:z{n}"), at(1000 + n)))
            .count();
        assert_eq!(
            names.len(),
            names.most,
            "{one_key} + {one_source} + {spread}"
        );
        assert!(matches!(
            names.claim_at("late", "SHA256:late", at(7), now, today),
            Err(NameRefusal::BookFull)
        ));
        let size = std::fs::metadata(dir.path().join(FILE_NAME))
            .expect("the book")
            .len();
        // Each name costs about the same: the full book is ten times this.
        assert!(size * 10 < MAX_BOOK_BYTES / 2, "{size} bytes");
        let again = Names::load(dir.path()).expect("the book reads back");
        assert_eq!(again.len(), names.most);
        assert!(again.set_aside().is_none());
    }

    #[test]
    fn a_name_unused_for_long_is_let_go_when_the_book_is_written() {
        let dir = tempfile::TempDir::new().expect("a temp dir");
        let names = Names::load(dir.path()).expect("an empty book");
        let now = Instant::now();
        let day = 20_000;
        assert!(matches!(
            names.claim_at("old", "SHA256:a", at(1), now, day),
            Ok(Claimed::Bound)
        ));
        let later = day + UNUSED_DAYS + 1;
        assert!(matches!(
            names.claim_at("new", "SHA256:b", at(2), now, later),
            Ok(Claimed::Bound)
        ));
        assert_eq!(names.key_of("old"), None, "unused for {UNUSED_DAYS} days");
        assert_eq!(names.key_of("new").as_deref(), Some("SHA256:b"));
    }

    #[test]
    fn a_name_is_one_whatever_its_case() {
        let dir = tempfile::TempDir::new().expect("a temp dir");
        let names = Names::load(dir.path()).expect("an empty book");
        names
            .claim("alice", "SHA256:a", at(1))
            .expect("alice is free");
        assert_eq!(
            names.check("Alice", "SHA256:b"),
            Err(NameRefusal::Taken("Alice".to_owned()))
        );
        assert_eq!(
            names.check_keyless("ALICE"),
            Err(NameRefusal::Taken("ALICE".to_owned()))
        );
        assert!(names.check("Alice", "SHA256:a").is_ok(), "her own key");
        names.ban("ALICE").expect("banned");
        assert_eq!(
            names.check("alice", "SHA256:c"),
            Err(NameRefusal::BannedName("alice".to_owned()))
        );
    }

    #[test]
    fn a_name_is_its_letters_composed_and_lookalikes_are_refused() {
        assert_eq!(valid_name("Zoe\u{308}").as_deref(), Ok("Zoë"));
        for fine in ["Åsa", "Jörg", "李小龍", "Ana", "ann-2_b"] {
            assert_eq!(valid_name(fine).as_deref(), Ok(fine));
        }
        for (name, mixed) in [
            ("\u{410}sa", true),
            ("p\u{3b1}ul", true),
            ("a\u{200b}b", false),
            ("a\u{202e}b", false),
            ("a\u{7}", false),
            ("ａｓａ", false),
            ("ⓐsa", false),
            ("", false),
            ("thirteen-long", false),
            ("李小龍李小龍李", false),
        ] {
            assert_eq!(
                valid_name(name).map_err(|e| e.mixed),
                Err(mixed),
                "{name:?}"
            );
        }
        assert!(same_name("ÅSA", "A\u{30a}sa"));
        assert!(!same_name("Asa", "Åsa"));
    }

    #[test]
    fn a_book_too_big_or_not_a_book_is_set_aside_and_the_parlor_opens() {
        for contents in [
            vec![b' '; usize::try_from(MAX_BOOK_BYTES).expect("small") + 1],
            b"{\"names\": [".to_vec(),
        ] {
            let dir = tempfile::TempDir::new().expect("a temp dir");
            std::fs::write(dir.path().join(FILE_NAME), &contents).expect("written");
            let names = Names::load(dir.path()).expect("the parlor opens");
            assert!(names.is_empty());
            let said = names.set_aside().expect("said").to_owned();
            assert!(said.contains("set aside as"), "{said}");
            let kept: Vec<_> = std::fs::read_dir(dir.path())
                .expect("the dir")
                .filter_map(Result::ok)
                .filter(|e| e.file_name().to_string_lossy().contains("set-aside"))
                .collect();
            assert_eq!(kept.len(), 1, "the old book is kept, aside");
        }
    }
}
