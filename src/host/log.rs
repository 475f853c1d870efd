//! The host's log: one timestamped line for each thing that happens at the door and the
//! tables, on the console and (`--log FILE`) appended to a file. Connections turned away at
//! the door are counted, not written one by one, so a flood of them cannot flood the log:
//! [`Log::tally`] writes the count at most once every [`TALLY_EVERY`].

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::daily::Day;

/// How often the count of connections turned away is written, when there is one.
pub const TALLY_EVERY: Duration = Duration::from_secs(10);

/// Where the host's lines go.
pub struct Log {
    file: Option<Mutex<File>>,
    /// Connections turned away since the last tally, by reason.
    refused: Mutex<BTreeMap<&'static str, u64>>,
}

impl Log {
    /// The console, and `file` if given (appended to; made, readable by its owner only, if
    /// it is not there).
    pub fn open(file: Option<&Path>) -> io::Result<Log> {
        let file = match file {
            Some(path) => {
                let mut options = OpenOptions::new();
                options.append(true).create(true);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
                Some(Mutex::new(options.open(path)?))
            }
            None => None,
        };
        Ok(Log {
            file,
            refused: Mutex::new(BTreeMap::new()),
        })
    }

    /// Write `text` as one line, after the time (UTC).
    pub fn line(&self, text: &str) {
        // One line each, whatever a guest's name or a reason holds.
        let text: String = text
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let line = format!("{} {text}", timestamp(SystemTime::now()));
        let _ = writeln!(io::stdout(), "{line}");
        if let Some(file) = &self.file {
            let _ = writeln!(lock(file), "{line}");
        }
    }

    /// A connection was turned away at the door, for `reason`: counted for the next tally.
    pub fn refused(&self, reason: &'static str) {
        *lock(&self.refused).entry(reason).or_insert(0) += 1;
    }

    /// Write how many connections were turned away since the last tally, if any were.
    pub fn tally(&self) {
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
