//! The host's log: one timestamped line for each thing that happens at the door and the
//! tables, on the console and (`--log FILE`) appended to a file. What a stranger can do
//! without logging in is counted, not written one by one, so a flood of it cannot flood the
//! log: connections turned away at the door by reason, and connections that come and go
//! (or are cut off at the end of their grace) by address, each written as one line of
//! counts at most once every [`TALLY_EVERY`] ([`Log::tally`]). 27,020 bare connections in
//! 30 s once wrote a megabyte. The file is kept under [`MAX_LOG_BYTES`]: past it, it is
//! moved to `FILE.1` (the one before is let go) and a new one begun. Each line is one line
//! whatever a guest sent: control and format characters (U+2028, U+202E, ...) are written
//! as `\u{...}`, so no one can forge a line or turn one around.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::daily::Day;

/// How often the counts are written, when there are some.
pub const TALLY_EVERY: Duration = Duration::from_secs(10);
/// The most a log file grows to before it is moved aside to `FILE.1`.
pub const MAX_LOG_BYTES: u64 = 16 << 20;
/// Addresses counted apart in one tally; the rest are counted together.
const MAX_ADDRESSES_A_TALLY: usize = 64;

/// The file the log appends to, and how big it is.
struct Appended {
    path: PathBuf,
    file: File,
    bytes: u64,
    most: u64,
}

/// Where the host's lines go.
pub struct Log {
    file: Option<Mutex<Appended>>,
    /// Connections turned away since the last tally, by reason.
    refused: Mutex<BTreeMap<&'static str, u64>>,
    /// What each address did without logging in since the last tally: how many times.
    seen: Mutex<BTreeMap<Option<IpAddr>, BTreeMap<&'static str, u64>>>,
}

impl Log {
    /// The console, and `file` if given (appended to; made, readable by its owner only, if
    /// it is not there).
    pub fn open(file: Option<&Path>) -> io::Result<Log> {
        Log::open_capped(file, MAX_LOG_BYTES)
    }

    /// As [`Log::open`], the file moved aside once it passes `most` bytes.
    pub fn open_capped(file: Option<&Path>, most: u64) -> io::Result<Log> {
        let file = match file {
            Some(path) => {
                let file = append_to(path)?;
                let bytes = file.metadata()?.len();
                Some(Mutex::new(Appended {
                    path: path.to_path_buf(),
                    file,
                    bytes,
                    most,
                }))
            }
            None => None,
        };
        Ok(Log {
            file,
            refused: Mutex::new(BTreeMap::new()),
            seen: Mutex::new(BTreeMap::new()),
        })
    }

    /// Write `text` as one line, after the time (UTC).
    pub fn line(&self, text: &str) {
        let line = format!("{} {}", timestamp(SystemTime::now()), one_line(text));
        let _ = writeln!(io::stdout(), "{line}");
        if let Some(file) = &self.file {
            let mut file = lock(file);
            if file.bytes >= file.most {
                file.move_aside();
            }
            if writeln!(file.file, "{line}").is_ok() {
                file.bytes += line.len() as u64 + 1;
            }
        }
    }

    /// `address` did `what` without logging in (connected, was cut off at the end of its
    /// grace): counted for the next tally's line for that address.
    pub fn seen(&self, address: IpAddr, what: &'static str) {
        let mut seen = lock(&self.seen);
        let key = if seen.len() < MAX_ADDRESSES_A_TALLY || seen.contains_key(&Some(address)) {
            Some(address)
        } else {
            None
        };
        *seen.entry(key).or_default().entry(what).or_insert(0) += 1;
    }

    /// A connection was turned away at the door, for `reason`: counted for the next tally.
    pub fn refused(&self, reason: &'static str) {
        *lock(&self.refused).entry(reason).or_insert(0) += 1;
    }

    /// Write what each address did without logging in, and how many connections were
    /// turned away, since the last tally: a line for each address, and one for the door.
    pub fn tally(&self) {
        let seen = std::mem::take(&mut *lock(&self.seen));
        for (address, counts) in seen {
            let address = address.map_or_else(|| "other addresses".to_owned(), |a| a.to_string());
            let counts: Vec<String> = counts
                .iter()
                .map(|(what, n)| format!("{n} {what}"))
                .collect();
            self.line(&format!("{address}: {}", counts.join(", ")));
        }
        let counts = std::mem::take(&mut *lock(&self.refused));
        if counts.is_empty() {
            return;
        }
        let total: u64 = counts.values().sum();
        let reasons: Vec<String> = counts
            .iter()
            .map(|(reason, n)| format!("{n} {reason}"))
            .collect();
        self.line(&format!(
            "turned away {total} connections at the door: {}",
            reasons.join(", ")
        ));
    }
}

impl Appended {
    /// Move the file to `FILE.1` (over the one before) and begin a new one. If that fails
    /// the log goes on in the old file, which is better than none.
    fn move_aside(&mut self) {
        let mut aside = self.path.clone().into_os_string();
        aside.push(".1");
        if std::fs::rename(&self.path, &aside).is_err() {
            self.bytes = 0;
            return;
        }
        if let Ok(file) = append_to(&self.path) {
            self.file = file;
        }
        self.bytes = 0;
    }
}

/// `path` opened to append to; made, readable by its owner only, if it is not there.
fn append_to(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.append(true).create(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// `text` as one line of the log, whatever a guest's name or a reason holds: control
/// characters, line and paragraph separators and the invisible format characters
/// (direction overrides, joiners, byte-order marks) written as `\u{...}`, so a line can
/// neither be split in two by a reader nor shown turned around.
fn one_line(text: &str) -> String {
    use std::fmt::Write as _;
    let mut line = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || is_format(c) {
            let _ = write!(line, "\\u{{{:x}}}", u32::from(c));
        } else {
            line.push(c);
        }
    }
    line
}

/// Unicode's format characters (category Cf) and the line and paragraph separators
/// (Zl, Zp): shown as nothing, or as a line's end, or turning the text around them.
fn is_format(c: char) -> bool {
    matches!(
        c,
        '\u{ad}'
            | '\u{600}'..='\u{605}'
            | '\u{61c}'
            | '\u{6dd}'
            | '\u{70f}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206f}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{110bd}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0001}'
            | '\u{e0020}'..='\u{e007f}'
    )
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A line is written whole or not at all.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `2026-12-02T14:50:01Z`.
fn timestamp(at: SystemTime) -> String {
    let seconds = at.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let of_day = seconds % 86_400;
    format!(
        "{}T{:02}:{:02}:{:02}Z",
        Day::at(seconds),
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timestamp_is_iso_8601_in_utc() {
        let at = UNIX_EPOCH + Duration::from_secs(1_796_222_001);
        assert_eq!(timestamp(at), "2026-12-02T14:33:21Z");
    }

    #[test]
    fn no_text_makes_a_second_line_or_turns_one_around() {
        let dir = tempfile::TempDir::new().expect("a temp dir");
        let path = dir.path().join("host.log");
        let log = Log::open(Some(&path)).expect("the log opens");
        let forged = "x\u{2028}2026-12-02T14:33:21Z login admin by publickey";
        log.line(&format!("login {forged} by invitation: refused"));
        log.line("eve\u{202e}nimda\u{2029}\r\n\u{1b}[2J\u{200b}\u{feff}");
        let text = std::fs::read_to_string(&path).expect("the log");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text:?}");
        assert!(lines[0].contains("x\\u{2028}2026-12-02"), "{text:?}");
        assert!(
            lines[1]
                .ends_with("eve\\u{202e}nimda\\u{2029}\\u{d}\\u{a}\\u{1b}[2J\\u{200b}\\u{feff}"),
            "{text:?}"
        );
        assert!(!text.contains('\u{2028}') && !text.contains('\u{202e}'));
    }

    #[test]
    fn a_flood_from_one_address_is_one_line_a_tally_and_the_file_is_capped() {
        let dir = tempfile::TempDir::new().expect("a temp dir");
        let path = dir.path().join("host.log");
        let log = Log::open_capped(Some(&path), 4096).expect("the log opens");
        let flooder = IpAddr::from([192, 0, 2, 7]);
        for _ in 0..27_020 {
            log.seen(flooder, "connections");
        }
        log.seen(flooder, "cut off at the end of the login grace");
        for n in 0..200u8 {
            log.seen(IpAddr::from([198, 51, 100, n]), "connections");
        }
        log.tally();
        let text = std::fs::read_to_string(&path).expect("the log");
        assert!(
            text.contains("192.0.2.7: 27020 connections, 1 cut off at the end of the login grace"),
            "{text}"
        );
        assert!(text.contains("other addresses: 137 connections"), "{text}");
        for _ in 0..200 {
            log.line("a line of about sixty bytes, written again and again");
        }
        let size = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.len());
        let aside = dir.path().join("host.log.1");
        assert!(size(&path) <= 4096 + 100, "{}", size(&path));
        assert!(size(&aside) <= 4096 + 100, "{}", size(&aside));
        assert!(size(&aside) > 0, "moved aside");
    }

    #[test]
    fn refusals_are_one_line_of_counts() {
        let dir = tempfile::TempDir::new().expect("a temp dir");
        let path = dir.path().join("host.log");
        let log = Log::open(Some(&path)).expect("the log opens");
        for _ in 0..4661 {
            log.refused("too many not logged in");
        }
        log.refused("penalized source");
        log.tally();
        log.tally();
        let text = std::fs::read_to_string(&path).expect("the log");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].ends_with(
                "turned away 4662 connections at the door: 1 penalized source, 4661 too many \
                 not logged in"
            ),
            "{lines:?}"
        );
    }
}
