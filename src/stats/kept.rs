//! Results kept aside: what a parlor could not save in the stats file by the time it ended
//! (another process held the lock past the wait, the file was read-only, too big, or from
//! a newer parlor) goes into a file of its own beside it, `stats.json.unsaved-<time>`,
//! and the next parlor to start merges it in and deletes it. A result is never lost to a
//! lock that was held a few seconds too long.

use std::fs;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::records::{GameResult, Stats};
use super::store::{FILE_NAME, MAX_FILE_BYTES, StatsError, Store};
use crate::files::{self, NotJson, ReadError};
use crate::untrusted;

/// The format of a file of results kept aside. 2: each game's own figures under
/// `figures` (format 1's fields for them are read and moved there).
const FORMAT: u32 = 2;

/// `stats.json.unsaved-`, then the time it was written (and `-2`... if taken).
fn prefix() -> String {
    format!("{FILE_NAME}.unsaved-")
}

/// A file of results kept aside.
#[derive(Serialize, Deserialize)]
struct Kept {
    format: u32,
    results: Vec<GameResult>,
}

/// The results kept aside that a start merged into the stats file.
#[derive(Debug)]
pub struct Merged {
    /// The stats with them in.
    pub stats: Stats,
    pub results: usize,
    /// Files of results kept aside that could not be read, left as they are, with why.
    pub unreadable: Vec<(PathBuf, Unreadable)>,
}

/// Why a file of results kept aside could not be read.
#[derive(Debug, Error)]
pub enum Unreadable {
    #[error(transparent)]
    Read(#[from] ReadError),
    // Serde's words may quote the file: cut short and made printable.
    #[error("{}", untrusted::reason(&.0.to_string()))]
    Damaged(#[from] KeptDamage),
}

/// Why the bytes of a file kept aside are no results.
#[derive(Debug, Error)]
pub enum KeptDamage {
    #[error(transparent)]
    NotJson(#[from] NotJson),
    #[error("no format field")]
    NoFormat,
    #[error("{}", crate::said!(
        stats_kept_newer,
        format = .0.to_string(),
        reads = FORMAT.to_string()
    ))]
    Newer(u64),
    /// Its fields are not results, in serde's words.
    #[error(transparent)]
    Fields(serde_json::Error),
}

/// The results in a file kept aside, or why they cannot be read.
fn parse(bytes: &[u8]) -> Result<Vec<GameResult>, KeptDamage> {
    let format = files::json_number(bytes, "format")?.ok_or(KeptDamage::NoFormat)?;
    if format > u64::from(FORMAT) {
        return Err(KeptDamage::Newer(format));
    }
    let kept: Kept = serde_json::from_slice(bytes).map_err(KeptDamage::Fields)?;
    Ok(kept
        .results
        .into_iter()
        .map(|mut result| {
            // Shown later, as the rules of a record and a daily line.
            result.rules = untrusted::printable(&result.rules);
            if let Some((_, line)) = result.daily.as_mut().and_then(|d| d.finished.as_mut()) {
                *line = untrusted::printable(line);
            }
            result
        })
        .collect())
}

impl Store {
    /// [`Store::merge_kept`], and what to tell the player of it: the stats with the results
    /// in, if any were merged.
    pub fn merge_kept_telling(&self) -> (Option<Stats>, Vec<String>) {
        let merged = match self.merge_kept() {
            Ok(Some(merged)) => merged,
            Ok(None) => return (None, Vec::new()),
            Err(e) => {
                return (
                    None,
                    vec![crate::said!(stats_kept_stay_aside, reason = e.to_string())],
                );
            }
        };
        let mut notices = Vec::new();
        if merged.results > 0 {
            notices.push(crate::said!(
                stats_kept_merged,
                count = merged.results,
                file = self.path().display().to_string()
            ));
        }
        for (path, why) in &merged.unreadable {
            notices.push(crate::said!(
                stats_kept_unreadable,
                file = path.display().to_string(),
                reason = why.to_string()
            ));
        }
        (Some(merged.stats), notices)
    }

    /// Keep `results` aside in a file of their own beside the stats file, for the next
    /// parlor to merge. Returns the file.
    pub fn keep_aside(&self, results: &[GameResult]) -> Result<PathBuf, StatsError> {
        let kept = Kept {
            format: FORMAT,
            results: results.to_vec(),
        };
        let json = serde_json::to_vec(&kept).expect("results always serialise");
        let stem = self
            .dir
            .join(format!("{}{}", prefix(), super::records::now_seconds()));
        files::write_new(&stem, &json, None).map_err(|e| self.io(e))
    }

    /// The files of results kept aside in the data directory, oldest first.
    fn kept_files(&self) -> Vec<PathBuf> {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let prefix = prefix();
        let mut kept: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
            .map(|e| e.path())
            .collect();
        kept.sort();
        kept
    }

    /// Merge the results that earlier parlors kept aside into the stats file, with the lock
    /// held, then delete their files. `None` when there were none. A file that cannot be
    /// read is left as it is (and said, in [`Merged::unreadable`]).
    pub fn merge_kept(&self) -> Result<Option<Merged>, StatsError> {
        if self.kept_files().is_empty() {
            return Ok(None);
        }
        let (stats, _, (merged, results, unreadable)) = self.update(|stats| {
            let mut merged = Vec::new();
            let mut results = 0;
            let mut unreadable = Vec::new();
            for kept in self.kept_files() {
                let read = files::read_regular(&kept, MAX_FILE_BYTES)
                    .map_err(Unreadable::from)
                    .and_then(|contents| Ok(parse(&contents.bytes)?));
                match read {
                    Ok(kept_results) => {
                        results += kept_results.len();
                        for result in &kept_results {
                            stats.add(result);
                        }
                        merged.push(kept);
                    }
                    Err(why) => unreadable.push((kept, why)),
                }
            }
            (!merged.is_empty(), (merged, results, unreadable))
        })?;
        // Only once they are in the stats file: a crash before this line counts them
        // again at the next start, rather than never.
        for kept in merged {
            let _ = fs::remove_file(kept);
        }
        Ok(Some(Merged {
            stats,
            results,
            unreadable,
        }))
    }
}
