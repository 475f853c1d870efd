//! The stats file on disk: read, merged into and replaced under a lock, never losing a
//! result (see [`super`]).

use std::fmt;
use std::fs::{self, File, OpenOptions, Permissions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use thiserror::Error;

use super::records::{GameResult, Stats, VERSION};
use crate::daily::Day;
use crate::files::{self, Contents, NotJson, ReadError, Writer};
use crate::games::GameId;
use crate::said;
use crate::untrusted;

/// The stats file's name in the data directory.
pub const FILE_NAME: &str = "stats.json";
const LOCK_NAME: &str = "stats.lock";

/// The most a stats file may hold: years of play under every rule set fit in a few hundred
/// kilobytes.
pub const MAX_FILE_BYTES: u64 = 16 << 20;
/// How long another parlor may hold the lock before the player is told: its writes take
/// milliseconds.
const LOCK_QUIET: Duration = Duration::from_millis(250);
/// How long to wait for the lock at most, unless the store is told otherwise
/// ([`Store::with_patience`]): a couple of hundred times a write's length. The full screen
/// stands still while it waits, and nothing is lost when it gives up (the result is tried
/// again with the next game, and kept aside for the next parlor at the end), so a longer
/// wait only keeps the player waiting.
const LOCK_PATIENCE: Duration = Duration::from_secs(2);
/// How often to try the lock while waiting.
const LOCK_RETRY: Duration = Duration::from_millis(10);

#[derive(Debug, Error)]
pub enum StatsError {
    #[error("{}", said!(
        stats_newer,
        file = path.display().to_string(),
        format = found.to_string(),
        reads = VERSION.to_string()
    ))]
    Newer { path: PathBuf, found: u32 },
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("{}", said!(stats_read_only, file = path.display().to_string()))]
    ReadOnly { path: PathBuf },
    #[error("{}", said!(
        stats_too_big,
        file = path.display().to_string(),
        size = size.to_string(),
        most = MAX_FILE_BYTES.to_string()
    ))]
    TooBig { path: PathBuf, size: u64 },
    /// Told with the patience waited out, as the wait was announced ("up to 0.3 s"): the
    /// clock's own reading, in whole seconds, told a wait of 0.3 s as "0 s".
    #[error("{}", said!(
        stats_busy,
        lock = lock.display().to_string(),
        seconds = patience.as_secs_f64().to_string()
    ))]
    Busy { lock: PathBuf, patience: Duration },
    /// `stats.json` is a symbolic link to a file that holds no stats: that file is not the
    /// parlor's to move aside, nor to write over.
    #[error("{}", said!(
        stats_link_to_other,
        name = FILE_NAME,
        dir = dir.display().to_string(),
        target = target.display().to_string(),
        reason = reason.to_string()
    ))]
    LinkToOther {
        dir: PathBuf,
        target: PathBuf,
        reason: StatsDamage,
    },
    /// The lock file is a folder that holds something: not the parlor's to delete.
    #[error("{}", said!(
        stats_lock_is_a_folder,
        dir = dir.display().to_string(),
        name = LOCK_NAME
    ))]
    LockIsAFolder { dir: PathBuf },
    #[error("{}", said!(
        stats_cannot_save,
        dir = dir.display().to_string(),
        reason = source.to_string()
    ))]
    Io { dir: PathBuf, source: io::Error },
}

impl StatsError {
    /// The disk (or the player's quota) has no room for the file.
    pub fn is_out_of_space(&self) -> bool {
        matches!(self, StatsError::Io { source, .. } if files::is_out_of_space(source))
    }
}

/// Why a stats file's bytes are no stats. Serde's words may quote the file, so they are
/// given cut short and made printable (see [`untrusted::reason`]).
#[derive(Debug, Error)]
pub enum StatsDamage {
    #[error("{}", untrusted::reason(&.0.to_string()))]
    NotJson(#[from] NotJson),
    #[error("{}", said!(stats_no_version))]
    NoVersion,
    #[error("{}", untrusted::reason(&said!(stats_not_stats, reason = .0.to_string())))]
    NotStats(#[source] serde_json::Error),
}

/// What happened when the file was read.
#[derive(Debug)]
pub enum Loaded {
    Fresh,
    Read,
    /// The file could not be read as stats; it was moved to this path.
    Quarantined {
        reason: StatsDamage,
        moved_to: PathBuf,
    },
}

/// Where a store tells the player something while it goes on.
type Tell = Arc<dyn Fn(&str) + Send + Sync>;

/// The stats file in a data directory.
#[derive(Clone)]
pub struct Store {
    pub(super) dir: PathBuf,
    /// Told while this store waits for another process's lock.
    tell_wait: Option<Tell>,
    /// How long it waits for that lock at most.
    patience: Duration,
}

impl fmt::Debug for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Store")
            .field("dir", &self.dir)
            .finish_non_exhaustive()
    }
}

/// The stats file as found.
enum Found {
    Missing,
    Good(Stats, Contents),
    Broken {
        reason: StatsDamage,
        contents: Contents,
    },
}

/// The stats file as read with the lock held, a broken one already moved aside.
struct Locked {
    stats: Stats,
    loaded: Loaded,
    /// What the file held, when it held good stats.
    contents: Option<Contents>,
}

impl Store {
    pub fn new(dir: PathBuf) -> Self {
        Store {
            dir,
            tell_wait: None,
            patience: LOCK_PATIENCE,
        }
    }

    /// Wait at most `patience` for another process's lock, rather than two seconds.
    #[must_use]
    pub fn with_patience(mut self, patience: Duration) -> Self {
        self.patience = patience;
        self
    }

    /// Call `tell` with a message for the player when another process holds the lock for
    /// more than a moment, while this store waits for it.
    #[must_use]
    pub fn telling_waits(mut self, tell: impl Fn(&str) + Send + Sync + 'static) -> Self {
        self.tell_wait = Some(Arc::new(tell));
        self
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// `stats.json` in the data directory.
    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    /// The file the stats are in: `stats.json`, or where its symbolic links lead (written
    /// there, so the link the player made stays a link).
    fn file(&self) -> Result<PathBuf, StatsError> {
        files::through_links(&self.path()).map_err(|source| {
            StatsError::Read(ReadError::Io {
                path: self.path(),
                source,
            })
        })
    }

    pub(super) fn io(&self, source: io::Error) -> StatsError {
        StatsError::Io {
            dir: self.dir.clone(),
            source,
        }
    }

    fn read(&self, file: &Path) -> Result<Found, StatsError> {
        let contents = match files::read_regular(file, MAX_FILE_BYTES) {
            Ok(contents) => contents,
            Err(e) if e.is_not_found() => return Ok(Found::Missing),
            Err(e) => return Err(e.into()),
        };
        match parse(&contents.bytes) {
            Ok(stats) if stats.version > VERSION => Err(StatsError::Newer {
                path: self.path(),
                found: stats.version,
            }),
            Ok(stats) => Ok(Found::Good(stats, contents)),
            Err(reason) => Ok(Found::Broken { reason, contents }),
        }
    }

    /// Read the stats. A file that cannot be read as stats is moved aside, with the lock
    /// held and only after reading it again there: another parlor may have moved it and
    /// saved good stats meanwhile. A missing file is fresh stats.
    pub fn load(&self) -> Result<(Stats, Loaded), StatsError> {
        let file = self.file()?;
        match self.read(&file)? {
            Found::Missing => Ok((Stats::default(), Loaded::Fresh)),
            Found::Good(stats, _) => Ok((stats, Loaded::Read)),
            Found::Broken { .. } => {
                let _lock = self.lock()?;
                let locked = self.load_locked(&file)?;
                Ok((locked.stats, locked.loaded))
            }
        }
    }

    /// Read the file afresh, with the lock held (nobody else writes it meanwhile), moving
    /// it aside if it cannot be read as stats.
    fn load_locked(&self, file: &Path) -> Result<Locked, StatsError> {
        Ok(match self.read(file)? {
            Found::Missing => Locked {
                stats: Stats::default(),
                loaded: Loaded::Fresh,
                contents: None,
            },
            Found::Good(stats, contents) => Locked {
                stats,
                loaded: Loaded::Read,
                contents: Some(contents),
            },
            // Reached through a symbolic link: whatever it is, it is not the parlor's own
            // (a link to another file, made by mistake or by someone else), and moving it
            // aside would delete the file the link names.
            Found::Broken { reason, .. } if file != self.path() => {
                return Err(StatsError::LinkToOther {
                    dir: self.dir.clone(),
                    target: file.to_path_buf(),
                    reason,
                });
            }
            Found::Broken { reason, contents } => {
                let moved_to = self.keep_copy("corrupt", &contents)?;
                fs::remove_file(file).map_err(|e| self.io(e))?;
                Locked {
                    stats: Stats::default(),
                    loaded: Loaded::Quarantined { reason, moved_to },
                    contents: None,
                }
            }
        })
    }

    /// Keep what the file held as `stats.json.<what>-<time>` in the data directory, under
    /// a name nothing has yet: never over an older copy.
    fn keep_copy(&self, what: &str, contents: &Contents) -> Result<PathBuf, StatsError> {
        files::keep_copy(&self.path(), what, contents).map_err(|e| self.io(e))
    }

    /// Hold the lock file for a read-merge-write. Another process holding it is waited for,
    /// a bounded time; after a moment the player is told (see [`Store::telling_waits`]).
    fn lock(&self) -> Result<File, StatsError> {
        fs::create_dir_all(&self.dir).map_err(|e| self.io(e))?;
        let path = self.dir.join(LOCK_NAME);
        self.mend_lock(&path)?;
        let file = files::without_blocking_or_links(
            OpenOptions::new().create(true).truncate(false).write(true),
        )
        .open(&path)
        .map_err(|e| self.io(e))?;
        let start = Instant::now();
        let mut told = false;
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(file),
                Err(TryLockError::Error(e)) => return Err(self.io(e)),
                Err(TryLockError::WouldBlock) => {}
            }
            let waited = start.elapsed();
            if waited >= self.patience {
                return Err(StatsError::Busy {
                    lock: path,
                    patience: self.patience,
                });
            }
            if !told && waited >= LOCK_QUIET {
                told = true;
                if let Some(tell) = &self.tell_wait {
                    tell(&said!(
                        stats_waiting,
                        lock = path.display().to_string(),
                        seconds = self.patience.as_secs_f64().to_string()
                    ));
                }
            }
            thread::sleep(LOCK_RETRY);
        }
    }

    /// Make `path`, the lock file, a file the lock can be taken on, if something else took
    /// its name (a folder, a named pipe, a link): what holds nothing of anyone's is
    /// replaced by the lock (an empty folder, a pipe, a socket, a link, whose target is
    /// left alone); a folder with files in it is left as it is, and refused.
    ///
    /// What is there is first renamed aside (atomically), and looked at there: should
    /// another parlor have put the lock in its place meanwhile, that lock is put back.
    fn mend_lock(&self, path: &Path) -> Result<(), StatsError> {
        let Ok(found) = fs::symlink_metadata(path) else {
            return Ok(());
        };
        if found.is_file() {
            return Ok(());
        }
        if found.is_dir() && fs::read_dir(path).is_ok_and(|mut entries| entries.next().is_some()) {
            return Err(StatsError::LockIsAFolder {
                dir: self.dir.clone(),
            });
        }
        let aside = self
            .dir
            .join(format!(".{LOCK_NAME}.odd-{}", std::process::id()));
        if fs::rename(path, &aside).is_err() {
            // Gone already, or replaced by another parlor: the open says which.
            return Ok(());
        }
        let removed = match fs::symlink_metadata(&aside) {
            Ok(moved) if moved.is_file() => Err(()),
            Ok(moved) if moved.is_dir() => fs::remove_dir(&aside).map_err(drop),
            Ok(_) => fs::remove_file(&aside).map_err(drop),
            Err(_) => Ok(()),
        };
        if removed.is_err() {
            // A lock another parlor made meanwhile, or a folder that filled meanwhile: put
            // back as it was.
            let _ = fs::rename(&aside, path);
            if fs::symlink_metadata(path).is_ok_and(|m| m.is_dir()) {
                return Err(StatsError::LockIsAFolder {
                    dir: self.dir.clone(),
                });
            }
        }
        Ok(())
    }

    /// Change the stats file: with the lock held (nobody else writes it meanwhile), read it
    /// afresh, let `change` change the stats (saying whether it did, and what else it
    /// found), and replace the file atomically if it did.
    pub(super) fn update<T>(
        &self,
        change: impl FnOnce(&mut Stats) -> (bool, T),
    ) -> Result<(Stats, Loaded, T), StatsError> {
        let _lock = self.lock()?;
        let file = self.file()?;
        let Locked {
            mut stats,
            loaded,
            contents,
        } = self.load_locked(&file)?;
        let permissions = self.writable(contents.as_ref())?;
        let (changed, found) = change(&mut stats);
        if changed {
            self.write(&file, &stats, permissions)?;
        }
        Ok((stats, loaded, found))
    }

    /// Record games: lock, read afresh, merge, replace atomically.
    pub fn record(&self, results: &[GameResult]) -> Result<(Stats, Loaded), StatsError> {
        let (stats, loaded, ()) = self.update(|stats| {
            for result in results {
                stats.add(result);
            }
            (true, ())
        })?;
        Ok((stats, loaded))
    }

    /// Claim `game`'s deal of `day` for `attempt` (see [`Stats::claim_daily`]) in the file,
    /// with the lock held: of two attempts begun at once, in two parlors, the first to
    /// begin counts. Returns the stats as they now are, and whether the claim was made.
    pub fn claim_daily(
        &self,
        game: GameId,
        day: Day,
        attempt: u64,
    ) -> Result<(Stats, bool, Loaded), StatsError> {
        let (stats, loaded, claimed) = self.update(|stats| {
            let claimed = stats.claim_daily(game, day, attempt);
            (claimed, claimed)
        })?;
        Ok((stats, claimed, loaded))
    }

    /// Start over for one game (or all), keeping the old file whole as
    /// `stats.json.backup-<time>`. Returns the backup, if there was anything to reset, and
    /// what was found (a broken file is moved aside instead).
    pub fn reset(&self, game: Option<GameId>) -> Result<(Option<PathBuf>, Loaded), StatsError> {
        let _lock = self.lock()?;
        let file = self.file()?;
        let Locked {
            mut stats,
            loaded,
            contents,
        } = self.load_locked(&file)?;
        let Some(contents) = contents else {
            return Ok((None, loaded));
        };
        let before = (stats.records.len(), stats.daily.len());
        stats.records.retain(|r| game.is_some_and(|g| r.game != g));
        stats.daily.retain(|d| game.is_some_and(|g| d.game != g));
        stats.streaks.retain(|s| game.is_some_and(|g| s.game != g));
        if (stats.records.len(), stats.daily.len()) == before {
            return Ok((None, loaded));
        }
        let permissions = self.writable(Some(&contents))?;
        let backup = self.keep_copy("backup", &contents)?;
        self.write(&file, &stats, permissions)?;
        Ok((Some(backup), loaded))
    }

    /// The permissions a replacement of the file gets (the old file's, so a private file
    /// stays private), or the refusal to replace a read-only file.
    fn writable(&self, contents: Option<&Contents>) -> Result<Option<Permissions>, StatsError> {
        match contents {
            Some(contents) if contents.permissions.readonly() => {
                Err(StatsError::ReadOnly { path: self.path() })
            }
            contents => Ok(contents.map(|c| c.permissions.clone())),
        }
    }

    fn write(
        &self,
        file: &Path,
        stats: &Stats,
        permissions: Option<Permissions>,
    ) -> Result<(), StatsError> {
        let json = self.fitting(stats)?;
        let temp = file.with_file_name(format!("{}{}", temp_prefix(file), std::process::id()));
        files::replace(file, &temp, &json, permissions).map_err(|e| self.io(e))
    }

    /// The stats as the file's bytes: indented for a person to read, or compact if that
    /// would be more than a stats file may be; refused if even that would, since a file
    /// over the limit would not be read back.
    fn fitting(&self, stats: &Stats) -> Result<Vec<u8>, StatsError> {
        let mut json = serde_json::to_vec_pretty(stats).expect("stats always serialise");
        json.push(b'\n');
        if json.len() as u64 > MAX_FILE_BYTES {
            json = serde_json::to_vec(stats).expect("stats always serialise");
        }
        if json.len() as u64 > MAX_FILE_BYTES {
            return Err(StatsError::TooBig {
                path: self.path(),
                size: json.len() as u64,
            });
        }
        Ok(json)
    }

    /// Delete temp files that parlors killed mid-write left beside the stats file.
    pub fn sweep_orphans(&self) {
        let Ok(file) = self.file() else { return };
        let Some(dir) = file.parent() else { return };
        let prefix = temp_prefix(&file);
        files::sweep_orphans(dir, |name| {
            name.strip_prefix(&prefix)?
                .parse()
                .ok()
                .map(Writer::Process)
        });
    }
}

/// `stats.json.tmp-`: a write of `file` goes through a temp file of this name and the
/// writer's PID, beside it.
fn temp_prefix(file: &Path) -> String {
    format!(
        "{}.tmp-",
        file.file_name().unwrap_or_default().to_string_lossy()
    )
}

/// Parse a stats file, or say what is wrong with a bad one. The stats come out cleaned for
/// showing (see [`Record::clean`]).
pub fn parse(bytes: &[u8]) -> Result<Stats, StatsDamage> {
    let version = files::json_number(bytes, "version")?.ok_or(StatsDamage::NoVersion)?;
    if version > u64::from(VERSION) {
        return Ok(Stats {
            version: u32::try_from(version).unwrap_or(u32::MAX),
            records: Vec::new(),
            daily: Vec::new(),
            streaks: Vec::new(),
        });
    }
    let mut stats: Stats = serde_json::from_slice(bytes).map_err(StatsDamage::NotStats)?;
    for record in &mut stats.records {
        record.clean();
    }
    for record in &mut stats.daily {
        record.clean();
    }
    stats.version = VERSION;
    Ok(stats)
}
