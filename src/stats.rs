//! Local win stats that never lose a result.
//!
//! `stats.json` lives in the data directory. Every write takes an advisory lock, reads the
//! file afresh, merges one game in and atomically replaces the file (temp file, fsync,
//! rename), so two parlors finishing at once both keep their games and a crash mid-write
//! leaves the old file whole. A file that cannot be read is moved aside, never
//! overwritten; a file from a newer parlor is left alone and not written to.
//!
//! `records` is what the file holds, `store` the file on disk under its lock, `recorder`
//! what a parlor records as its games end (with their replays), `kept` the results kept
//! aside when the file could not be written, `text` the records in words, `daily_run` an
//! attempt at the daily deal.

mod daily_run;
pub mod kept;
mod recorder;
mod records;
mod store;
pub mod text;

use std::path::{Path, PathBuf};

pub use daily_run::DailyRun;
pub use recorder::Recorder;
pub use records::{
    DailyEntry, DailyRecord, GameResult, Involvement, Record, Stats, Totals, VERSION,
};
pub use store::{FILE_NAME, Loaded, MAX_FILE_BYTES, StatsDamage, StatsError, Store, parse};

/// Where stats live: `--data-dir`, else `PARLOR_DATA_DIR`, else the platform data directory.
pub fn data_dir(flag: Option<&Path>) -> Option<PathBuf> {
    if let Some(dir) = flag {
        return Some(dir.to_path_buf());
    }
    if let Some(dir) = std::env::var_os("PARLOR_DATA_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "parlor").map(|p| p.data_dir().to_path_buf())
}
