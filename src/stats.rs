//! Local win stats that never lose a result.
//!
//! `stats.json` lives in the data directory. Every write takes an advisory lock, reads the
//! file afresh, merges one game in and atomically replaces the file (temp file, fsync,
//! rename), so two parlors finishing at once both keep their games and a crash mid-write
//! leaves the old file whole. A file that cannot be read is moved aside, never
//! overwritten; a file from a newer parlor is left alone and not written to.

use std::fmt;
use std::fs::{self, File, OpenOptions, Permissions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::daily::{Day, Standing};
use crate::files::{self, Contents, ReadError, Writer};
use crate::games::{Event, GameId, Turn, View, counted};
use crate::replay::ReplayError;
use crate::table::{SeatKind, Table};
use crate::untrusted;

pub mod kept;
pub mod text;

/// The format this parlor writes. 2: daily deals (a parlor reading 1 would write the file
/// back without them).
pub const VERSION: u32 = 2;
pub const FILE_NAME: &str = "stats.json";
const LOCK_NAME: &str = "stats.lock";
/// Results kept for the sparkline.
const RECENT: usize = 50;

/// Games with a human seat, or bots only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Played,
    Watched,
}

/// One game under one set of rules, played or watched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub game: GameId,
    /// The rules signature: players, chips/dice/lives, variants.
    pub rules: String,
    pub kind: Kind,
    /// Games finished.
    pub games: u64,
    /// Played: games your seat won. Watched: always 0 (see `wins_by_seat`).
    pub wins: u64,
    pub losses: u64,
    /// Games quit before the end.
    pub abandoned: u64,
    /// Played games in which your seat played itself (auto-play) at some point.
    pub auto_played: u64,
    /// The biggest pot your seat won (watched: any seat).
    pub biggest_pot: u64,
    pub current_streak: u64,
    pub longest_streak: u64,
    /// Seconds since 1970 of the last game recorded.
    pub last_played: u64,
    /// The latest results, oldest first: `W` won, `L` lost.
    pub recent: String,
    /// Wins by seat position (which seat is 0: [`crate::sim::seat_zero`]).
    pub wins_by_seat: Vec<u64>,
    /// Forty-One: your best turn score, and your perfect 24s.
    pub best_score: Option<u8>,
    pub twenty_fours: u64,
    /// Aces in the Pot: finales your seat survived (three safe throws).
    pub finales_survived: u64,
    /// Chase the Ace: wins by lives left at the end (index = lives).
    pub lives_left_when_winning: Vec<u64>,
}

impl Record {
    /// A record with nothing in it yet.
    pub fn new(game: GameId, rules: String, kind: Kind) -> Self {
        Record {
            game,
            rules,
            kind,
            games: 0,
            wins: 0,
            losses: 0,
            abandoned: 0,
            auto_played: 0,
            biggest_pot: 0,
            current_streak: 0,
            longest_streak: 0,
            last_played: 0,
            recent: String::new(),
            wins_by_seat: Vec::new(),
            best_score: None,
            twenty_fours: 0,
            finales_survived: 0,
            lives_left_when_winning: Vec::new(),
        }
    }

    /// Fold one game in. Counters read from a file may already stand at `u64::MAX`: they
    /// stay there rather than wrap to 0.
    fn add(&mut self, result: &GameResult) {
        self.last_played = result.when;
        if !result.finished {
            self.abandoned = self.abandoned.saturating_add(1);
            return;
        }
        self.games = self.games.saturating_add(1);
        self.auto_played = self.auto_played.saturating_add(u64::from(result.auto));
        if self.wins_by_seat.len() < result.winning_seats.len() {
            self.wins_by_seat.resize(result.winning_seats.len(), 0);
        }
        for (count, &won) in self.wins_by_seat.iter_mut().zip(&result.winning_seats) {
            *count = count.saturating_add(u64::from(won));
        }
        self.biggest_pot = self.biggest_pot.max(result.pot_won);
        if self.kind == Kind::Watched {
            return;
        }
        if result.won {
            self.wins = self.wins.saturating_add(1);
            self.current_streak = self.current_streak.saturating_add(1);
            self.longest_streak = self.longest_streak.max(self.current_streak);
        } else {
            self.losses = self.losses.saturating_add(1);
            self.current_streak = 0;
        }
        self.recent.push(if result.won { 'W' } else { 'L' });
        if self.recent.len() > RECENT {
            self.recent.remove(0);
        }
        self.best_score = self.best_score.max(result.best_score);
        self.twenty_fours = self.twenty_fours.saturating_add(result.twenty_fours);
        self.finales_survived = self
            .finales_survived
            .saturating_add(u64::from(result.survived_finale));
        if let Some(lives) = result.lives_left {
            let lives = usize::from(lives);
            if self.lives_left_when_winning.len() <= lives {
                self.lives_left_when_winning.resize(lives + 1, 0);
            }
            self.lives_left_when_winning[lives] =
                self.lives_left_when_winning[lives].saturating_add(1);
        }
    }

    /// Make what came from the file safe to show: the rules label printable, the recent
    /// results only `W` and `L`, the newest [`RECENT`] of them.
    fn clean(&mut self) {
        self.rules = untrusted::printable(&self.rules);
        let results: Vec<char> = self
            .recent
            .chars()
            .filter(|&c| c == 'W' || c == 'L')
            .collect();
        self.recent = results[results.len().saturating_sub(RECENT)..]
            .iter()
            .collect();
    }

    /// Wins as a share of games, whatever the file says (a record may be damaged).
    pub fn win_percent(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            100.0 * self.wins.min(self.games) as f64 / self.games as f64
        }
    }

    /// "4 wins in 11".
    pub fn summary(&self) -> String {
        match self.kind {
            Kind::Played => format!(
                "Your record here: {} in {}",
                counted(self.wins, "win", "wins"),
                self.games
            ),
            Kind::Watched => format!("Watched here: {}", counted(self.games, "game", "games")),
        }
    }
}

/// One game's daily deals (see [`crate::daily`]): the first attempt of a day counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyRecord {
    pub game: GameId,
    /// The last day an attempt counted, finished or not (or under way: see `attempt`).
    /// A date the file holds that is not one (a year past 9999) is read as none, rather
    /// than cost the whole file.
    #[serde(default, deserialize_with = "day_if_any")]
    pub last_day: Option<Day>,
    /// The last day a counted attempt was finished.
    #[serde(default, deserialize_with = "day_if_any")]
    pub last_finished: Option<Day>,
    /// The attempt that counts for `last_day`, claimed when it began and not yet ended:
    /// an attempt begun after it (here or in another parlor) is practice, and only this
    /// one's end is folded in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attempt: Option<u64>,
    /// Days in a row, up to `last_finished`, with the daily deal finished.
    pub streak: u64,
    pub longest_streak: u64,
    /// Days the daily deal was finished.
    pub days: u64,
    pub best: Option<Standing>,
    /// The shareable line of the best result, and of the last.
    pub best_line: Option<String>,
    pub last_line: Option<String>,
}

impl DailyRecord {
    fn new(game: GameId) -> Self {
        DailyRecord {
            game,
            last_day: None,
            last_finished: None,
            attempt: None,
            streak: 0,
            longest_streak: 0,
            days: 0,
            best: None,
            best_line: None,
            last_line: None,
        }
    }

    /// The day an attempt counted last, if it is not after `today`: a date in the future
    /// is no attempt anyone made (a damaged file, or a clock that was wrong), and must not
    /// make today's first attempt practice.
    fn counted_day(&self, today: Day) -> Option<Day> {
        self.last_day.filter(|&day| day <= today)
    }

    /// Whether the attempt at `day`'s deal (made by `today`) is the one that counts
    /// rather than practice: no attempt of that day or later counted first, or this is
    /// the attempt that claimed the day.
    fn counts(&self, day: Day, attempt: Option<u64>, today: Day) -> bool {
        match self.counted_day(today) {
            Some(counted) if counted == day => attempt.is_some() && attempt == self.attempt,
            Some(counted) => counted < day,
            None => true,
        }
    }

    /// Claim `day` for `attempt`, begun now: it is the one that counts, given up until it
    /// ends. `false` (nothing changed) if an attempt of that day counted already.
    fn claim(&mut self, day: Day, attempt: u64, today: Day) -> bool {
        if !self.counts(day, None, today) {
            return false;
        }
        self.last_day = Some(day);
        self.attempt = Some(attempt);
        true
    }

    /// Fold in a day's attempt (made by `today`) if it is the one that counts.
    fn add(&mut self, entry: &DailyEntry, today: Day) {
        if !self.counts(entry.day, entry.attempt, today) {
            return;
        }
        self.attempt = None;
        self.last_day = Some(entry.day);
        let Some((standing, line)) = &entry.finished else {
            return;
        };
        self.streak = match self.last_finished.filter(|&day| day <= today) {
            Some(day) if day.next() == entry.day => self.streak.saturating_add(1),
            _ => 1,
        };
        self.longest_streak = self.longest_streak.max(self.streak);
        self.last_finished = Some(entry.day);
        self.days = self.days.saturating_add(1);
        if self.best.is_none_or(|best| standing.merit() > best.merit()) {
            self.best = Some(*standing);
            self.best_line = Some(line.clone());
        }
        self.last_line = Some(line.clone());
    }

    /// Make what came from the file safe to show.
    fn clean(&mut self) {
        for line in [&mut self.best_line, &mut self.last_line]
            .into_iter()
            .flatten()
        {
            *line = untrusted::printable(line);
        }
    }
}

/// The whole file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub version: u32,
    pub records: Vec<Record>,
    /// Daily deals, a record per game (format 2).
    #[serde(default)]
    pub daily: Vec<DailyRecord>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            version: VERSION,
            records: Vec::new(),
            daily: Vec::new(),
        }
    }
}

impl Stats {
    pub fn find(&self, game: GameId, rules: &str, kind: Kind) -> Option<&Record> {
        self.records
            .iter()
            .find(|r| r.game == game && r.rules == rules && r.kind == kind)
    }

    pub fn add(&mut self, result: &GameResult) {
        let found = self.records.iter().position(|r| {
            r.game == result.game && r.rules == result.rules && r.kind == result.kind
        });
        let index = found.unwrap_or_else(|| {
            self.records
                .push(Record::new(result.game, result.rules.clone(), result.kind));
            self.records.len() - 1
        });
        self.records[index].add(result);
        if let (Some(entry), Kind::Played) = (&result.daily, result.kind) {
            if !self.daily.iter().any(|d| d.game == result.game) {
                self.daily.push(DailyRecord::new(result.game));
            }
            if let Some(record) = self.daily.iter_mut().find(|d| d.game == result.game) {
                record.add(entry, Day::at(result.when));
            }
        }
    }

    /// The daily record of `game`, if its deal of `day` (today's) has counted already, or
    /// its counted attempt is under way: an attempt begun now would be practice.
    pub fn daily_counted(&self, game: GameId, day: Day) -> Option<&DailyRecord> {
        self.daily
            .iter()
            .find(|d| d.game == game && !d.counts(day, None, day))
    }

    /// Claim `game`'s deal of `day` (today's) for `attempt`, just begun; `false` if an
    /// attempt of that day counted already, or is under way.
    pub fn claim_daily(&mut self, game: GameId, day: Day, attempt: u64) -> bool {
        if !self.daily.iter().any(|d| d.game == game) {
            self.daily.push(DailyRecord::new(game));
        }
        self.daily
            .iter_mut()
            .find(|d| d.game == game)
            .is_some_and(|record| record.claim(day, attempt, day))
    }

    /// Records of one game, or all.
    pub fn for_game(&self, game: Option<GameId>) -> impl Iterator<Item = &Record> {
        self.records
            .iter()
            .filter(move |r| game.is_none_or(|g| r.game == g))
    }
}

/// One game's outcome, as the stats keep it (and a file of results kept aside: see
/// [`kept`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(clippy::struct_excessive_bools)] // independent facts about one game
pub struct GameResult {
    pub game: GameId,
    pub rules: String,
    pub kind: Kind,
    /// False: quit midway (abandoned).
    pub finished: bool,
    /// Your seat won (played games).
    pub won: bool,
    /// The pot your seat won (watched: the winner's).
    pub pot_won: u64,
    /// Your seat played itself at some point.
    pub auto: bool,
    pub winning_seats: Vec<bool>,
    pub best_score: Option<u8>,
    pub twenty_fours: u64,
    pub survived_finale: bool,
    pub lives_left: Option<u8>,
    pub when: u64,
    /// The first attempt of a day at its daily deal.
    pub daily: Option<DailyEntry>,
}

/// A daily deal's attempt, as the stats keep it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyEntry {
    pub day: Day,
    /// The result and its shareable line; `None`: given up.
    pub finished: Option<(Standing, String)>,
    /// The claim this attempt made on the day when it began (see [`Recorder::begin_daily`]),
    /// filled in by the recorder.
    pub attempt: Option<u64>,
}

/// A date of a daily record, or none if the file's text is not a date this parlor reads.
fn day_if_any<'de, D: serde::Deserializer<'de>>(json: D) -> Result<Option<Day>, D::Error> {
    let text = Option::<serde_json::Value>::deserialize(json)?;
    Ok(text
        .as_ref()
        .and_then(serde_json::Value::as_str)
        .and_then(|text| text.parse().ok()))
}

fn now_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl GameResult {
    /// Read the outcome off a table (finished or not), for its first person (none: it was
    /// watched). `auto`: your seat played itself.
    pub fn of(table: &Table, auto: bool) -> Self {
        let you = table
            .seats()
            .iter()
            .position(|s| s.kind == SeatKind::Human)
            .map(|s| s as u8);
        GameResult::of_seat(table, you, auto)
    }

    /// Read the outcome off a table for the person at seat `you` (`None`: watched), as at a
    /// shared table where each person's result is their own.
    pub fn of_seat(table: &Table, you: Option<u8>, auto: bool) -> Self {
        let game = table.game();
        let settings = game.settings();
        let figures = game.figures();
        let finished = game.turn() == Turn::Over;
        let won = you.is_some_and(|s| figures.winners.contains(s));
        let winning_seats: Vec<bool> = (0..settings.players)
            .map(|seat| {
                // Seats by position, as `parlor sim` counts them.
                let actual = (seat + figures.first_seat) % settings.players;
                finished && figures.winners.contains(actual)
            })
            .collect();
        let mut best_score = None;
        let mut twenty_fours = 0;
        let mut survived_finale = false;
        for event in table.log() {
            match *event {
                Event::Scored { seat, score } if Some(seat) == you => {
                    best_score = best_score.max(score);
                    twenty_fours += u64::from(score == Some(24));
                }
                Event::SafeThrow { seat, safe: 3 } if Some(seat) == you => survived_finale = true,
                _ => {}
            }
        }
        let lives_left = match (game.view(you), you) {
            (View::ChaseTheAce(v), Some(seat)) if won => Some(v.lives[usize::from(seat)]),
            _ => None,
        };
        GameResult {
            game: settings.game,
            rules: settings.signature(),
            kind: if you.is_some() {
                Kind::Played
            } else {
                Kind::Watched
            },
            finished,
            won,
            pot_won: if won || you.is_none() {
                u64::from(figures.pot_won)
            } else {
                0
            },
            auto: auto && you.is_some(),
            winning_seats,
            best_score,
            twenty_fours,
            survived_finale,
            lives_left,
            when: now_seconds(),
            daily: None,
        }
    }
}

/// The most a stats file may hold: years of play under every rule set fit in a few hundred
/// kilobytes.
pub const MAX_FILE_BYTES: u64 = 16 << 20;
/// How long another parlor may hold the lock before the player is told: its writes take
/// milliseconds.
const LOCK_QUIET: Duration = Duration::from_millis(250);
/// How long to wait for the lock at most.
const LOCK_PATIENCE: Duration = Duration::from_secs(5);
/// How often to try the lock while waiting.
const LOCK_RETRY: Duration = Duration::from_millis(10);

#[derive(Debug, Error)]
pub enum StatsError {
    #[error(
        "{path} is from a newer parlor (format {found}, this one reads {VERSION}); it is left untouched and results are not saved"
    )]
    Newer { path: PathBuf, found: u32 },
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("{path} is read-only: it is left untouched and results are not saved to it")]
    ReadOnly { path: PathBuf },
    #[error(
        "{path} would grow to {size} bytes, more than a stats file may be ({MAX_FILE_BYTES} \
         bytes); it is left as it is and results are not saved to it (parlor stats --reset \
         starts over, keeping it as a backup)"
    )]
    TooBig { path: PathBuf, size: u64 },
    #[error("another process has held {lock} for {} s; gave up waiting for it", .waited.as_secs())]
    Busy { lock: PathBuf, waited: Duration },
    #[error("cannot save stats in {dir}: {source}")]
    Io { dir: PathBuf, source: io::Error },
}

impl StatsError {
    /// The disk (or the player's quota) has no room for the file.
    pub fn is_out_of_space(&self) -> bool {
        matches!(self, StatsError::Io { source, .. } if files::is_out_of_space(source))
    }
}

/// What happened when the file was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loaded {
    Fresh,
    Read,
    /// The file could not be read as stats; it was moved to this path.
    Quarantined {
        reason: String,
        moved_to: PathBuf,
    },
}

/// Where a store tells the player something while it goes on.
type Tell = Arc<dyn Fn(&str) + Send + Sync>;

/// The stats file in a data directory.
#[derive(Clone)]
pub struct Store {
    dir: PathBuf,
    /// Told while this store waits for another process's lock.
    tell_wait: Option<Tell>,
}

impl fmt::Debug for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Store")
            .field("dir", &self.dir)
            .finish_non_exhaustive()
    }
}

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

/// The stats file as found.
enum Found {
    Missing,
    Good(Stats, Contents),
    Broken { reason: String, contents: Contents },
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
        }
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

    fn io(&self, source: io::Error) -> StatsError {
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
        let file =
            files::without_blocking(OpenOptions::new().create(true).truncate(false).write(true))
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
            if waited >= LOCK_PATIENCE {
                return Err(StatsError::Busy { lock: path, waited });
            }
            if !told && waited >= LOCK_QUIET {
                told = true;
                if let Some(tell) = &self.tell_wait {
                    tell(&format!(
                        "another process holds {}; waiting up to {} s for it",
                        path.display(),
                        LOCK_PATIENCE.as_secs()
                    ));
                }
            }
            thread::sleep(LOCK_RETRY);
        }
    }

    /// Change the stats file: with the lock held (nobody else writes it meanwhile), read it
    /// afresh, let `change` change the stats (saying whether it did, and what else it
    /// found), and replace the file atomically if it did.
    fn update<T>(
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

/// Parse a stats file, saying in words what is wrong with a bad one (in words fit to show:
/// see [`untrusted::reason`]). The stats come out cleaned for showing (see
/// [`Record::clean`]).
pub fn parse(bytes: &[u8]) -> Result<Stats, String> {
    let shown = |reason: &str| untrusted::reason(reason);
    let version = files::json_number(bytes, "version")
        .map_err(|reason| shown(&reason))?
        .ok_or("no version field: not a parlor stats file")?;
    if version > u64::from(VERSION) {
        return Ok(Stats {
            version: u32::try_from(version).unwrap_or(u32::MAX),
            records: Vec::new(),
            daily: Vec::new(),
        });
    }
    let mut stats: Stats =
        serde_json::from_slice(bytes).map_err(|e| shown(&format!("not parlor stats ({e})")))?;
    for record in &mut stats.records {
        record.clean();
    }
    for record in &mut stats.daily {
        record.clean();
    }
    stats.version = VERSION;
    Ok(stats)
}

/// The app's side of the stats: records finished and abandoned games, keeps the latest
/// stats in memory for the screens, and turns every problem into one notice for the player
/// (the game always goes on).
///
/// Stats and replays are saved independently: a problem with one never costs the other,
/// but results come first. A disk too full for the stats has its oldest replays deleted
/// to make room, and replays are not saved while the results cannot be. A problem is told
/// once, until saving works again; results that could not be saved are tried again with
/// the next game, and kept aside when the parlor ends (see [`Recorder::finish`]).
#[derive(Debug)]
pub struct Recorder {
    store: Option<Store>,
    pub stats: Stats,
    /// Messages for the player: a file moved aside, a newer file, an unwritable directory.
    pub notices: Vec<String>,
    /// Results the last attempt could not save.
    unsaved: Vec<GameResult>,
    /// The daily deal this parlor claimed (game, day, attempt): its attempt counts.
    daily_claim: Option<(GameId, Day, u64)>,
    /// A notice is out that stats (replays) are not being saved.
    stats_failing: bool,
    replays_failing: bool,
    /// Where the last game's replay was saved.
    pub last_replay: Option<PathBuf>,
    /// The last attempt to save the stats failed for want of space.
    out_of_space: bool,
    /// Replays deleted to make room for results, and replays not saved for want of space.
    replays_pruned: usize,
    replays_skipped: usize,
    /// Said in notices instead of the directory's path, for a player who may not know it
    /// (a guest of `parlor host`).
    dir_called: Option<String>,
}

/// Room asked of the disk beyond the stats file's size when replays are deleted to make
/// room for it: a replay or two of the longest games.
const ROOM_BEYOND_STATS: u64 = 64 << 10;

impl Recorder {
    /// Stats in `dir` (none: not saved at all, as in `parlor sim` and tests).
    pub fn open(dir: Option<PathBuf>) -> Self {
        dir.map_or_else(Recorder::off, |dir| Recorder::on(Store::new(dir)))
    }

    /// Stats and replays in `store`'s directory, sweeping away temp files left by parlors
    /// killed mid-write.
    pub fn on(store: Store) -> Self {
        store.sweep_orphans();
        crate::replay::sweep_orphans(store.dir());
        let mut recorder = Recorder::off();
        match store.load() {
            Ok((stats, loaded)) => {
                recorder.stats = stats;
                recorder.notice_loaded(&loaded, &store);
            }
            Err(e) => recorder.stats_failed(&e),
        }
        let (merged, notices) = store.merge_kept_telling();
        recorder.notices.extend(notices);
        if let Some(stats) = merged {
            recorder.stats = stats;
        }
        recorder.store = Some(store);
        recorder
    }

    /// The data directory it records in, if it records on disk.
    pub fn dir(&self) -> Option<&Path> {
        self.store.as_ref().map(Store::dir)
    }

    /// Keep nothing.
    pub fn off() -> Self {
        Recorder {
            store: None,
            stats: Stats::default(),
            notices: Vec::new(),
            unsaved: Vec::new(),
            daily_claim: None,
            stats_failing: false,
            replays_failing: false,
            last_replay: None,
            out_of_space: false,
            replays_pruned: 0,
            replays_skipped: 0,
            dir_called: None,
        }
    }

    /// Notices call the directory `name`, never by its path (a guest of `parlor host` is
    /// not told where the host keeps things).
    #[must_use]
    pub fn calling_the_dir(mut self, name: &str) -> Self {
        self.dir_called = Some(name.to_owned());
        self
    }

    fn notice_loaded(&mut self, loaded: &Loaded, store: &Store) {
        if let Loaded::Quarantined { reason, moved_to } = loaded {
            self.notices.push(format!(
                "{} could not be read ({reason}); it was moved to {} and fresh stats begin",
                store.path().display(),
                moved_to.display()
            ));
        }
    }

    /// One notice per run of failures.
    fn stats_failed(&mut self, error: &StatsError) {
        if !self.stats_failing {
            self.stats_failing = true;
            self.notices.push(error.to_string());
        }
    }

    /// Whether results wait unsaved (the last save failed): what `stats` shows then is
    /// more than the file holds.
    pub fn has_unsaved(&self) -> bool {
        !self.unsaved.is_empty()
    }

    pub fn record(&mut self, result: &GameResult) {
        let Some(store) = self.store.clone() else {
            self.stats.add(result);
            return;
        };
        self.unsaved.push(result.clone());
        match self.save_unsaved(&store) {
            Ok((stats, loaded)) => {
                self.stats = stats;
                self.unsaved.clear();
                self.stats_failing = false;
                self.out_of_space = false;
                self.notice_loaded(&loaded, &store);
            }
            Err(e) => {
                self.out_of_space = e.is_out_of_space();
                self.stats.add(result);
                self.stats_failed(&e);
            }
        }
    }

    /// Save the results not yet saved; when the disk is too full for them, delete the
    /// oldest replays to make room (results come first), as many times as it takes while
    /// there are replays.
    fn save_unsaved(&mut self, store: &Store) -> Result<(Stats, Loaded), StatsError> {
        let mut room = fs::metadata(store.path())
            .map_or(0, |m| m.len())
            .saturating_add(ROOM_BEYOND_STATS);
        loop {
            match store.record(&self.unsaved) {
                Err(e) if e.is_out_of_space() => {
                    let deleted = crate::replay::prune_oldest(store.dir(), room);
                    if deleted == 0 {
                        return Err(e);
                    }
                    if self.replays_pruned == 0 {
                        self.notices.push(format!(
                            "the disk is full: the oldest replays in {} are being deleted to \
                             make room for results",
                            store.dir().display()
                        ));
                    }
                    self.replays_pruned += deleted;
                    room = room.saturating_mul(2);
                }
                saved => return saved,
            }
        }
    }

    /// Begin an attempt at `game`'s deal of `day` (today's). `None`: it is the attempt that
    /// counts, claimed in the stats file at once, so that an attempt begun meanwhile (here
    /// or in another parlor) is practice. Else why it is practice: the line of the day's
    /// counted attempt, or what became of it.
    pub fn begin_daily(&mut self, game: GameId, day: Day) -> Option<String> {
        let attempt = rand::random();
        self.daily_claim = None;
        if let Some(store) = self.store.clone() {
            match store.claim_daily(game, day, attempt) {
                Ok((stats, claimed, loaded)) => {
                    self.stats = stats;
                    self.notice_loaded(&loaded, &store);
                    // The results not saved yet are in memory, not in the file read.
                    for result in &self.unsaved {
                        self.stats.add(result);
                    }
                    if claimed {
                        self.daily_claim = Some((game, day, attempt));
                    }
                }
                // Not claimed on disk: counted or not as the stats in memory say.
                Err(e) => self.stats_failed(&e),
            }
        } else if self.stats.claim_daily(game, day, attempt) {
            self.daily_claim = Some((game, day, attempt));
        }
        if self.daily_claim == Some((game, day, attempt)) {
            return None;
        }
        let record = self.stats.daily_counted(game, day)?;
        Some(match &record.last_line {
            Some(line) if record.last_finished == Some(day) => line.clone(),
            _ if record.attempt.is_some() => {
                "(today's counted attempt was begun and has not ended)".to_owned()
            }
            _ => "(today's counted attempt was given up)".to_owned(),
        })
    }

    /// Record a finished or abandoned table: its result in the stats (with `daily`, the
    /// attempt at a daily deal it was) and its replay in the data directory.
    pub fn record_table(
        &mut self,
        table: &Table,
        auto: bool,
        daily: Option<DailyEntry>,
    ) -> GameResult {
        let daily = daily.map(|entry| DailyEntry {
            attempt: self
                .daily_claim
                .filter(|&(game, day, _)| game == table.game().settings().game && day == entry.day)
                .map(|(_, _, attempt)| attempt),
            ..entry
        });
        let result = GameResult {
            daily,
            ..GameResult::of(table, auto)
        };
        self.record_with_replay(table, &result);
        result
    }

    /// Record a shared table for the person at `seat`: their result, and the replay.
    pub fn record_seat(&mut self, table: &Table, seat: u8, auto: bool) {
        self.record_with_replay(table, &GameResult::of_seat(table, Some(seat), auto));
    }

    fn record_with_replay(&mut self, table: &Table, result: &GameResult) {
        self.record(result);
        let Some(store) = &self.store else { return };
        // The space a replay would take is the results' first.
        let saved = if self.out_of_space {
            Err(None)
        } else {
            crate::replay::Replay::of(table)
                .save(store.dir())
                .map_err(Some)
        };
        match saved {
            Ok(path) => {
                self.replays_failing = false;
                self.last_replay = Some(path);
            }
            Err(e) if e.as_ref().is_none_or(ReplayError::is_out_of_space) => {
                if self.replays_skipped == 0 {
                    self.notices.push(format!(
                        "the disk is full: replays are not saved in {} while it is, so that \
                         results can be",
                        store.dir().display()
                    ));
                }
                self.replays_skipped += 1;
            }
            Err(Some(e)) if !self.replays_failing => {
                self.replays_failing = true;
                self.notices.push(e.to_string());
            }
            Err(_) => {}
        }
    }

    /// Before the parlor ends: results that could not be saved (the last try failed: the
    /// lock was held past the wait, the file is read-only...) are kept aside in a file of
    /// their own, for the next parlor to merge, and the player is told what became of the
    /// results and the replays. `false` when some result is lost even so.
    pub fn finish(&mut self) -> bool {
        let Some(store) = self.store.clone() else {
            return true;
        };
        if self.replays_pruned > 0 {
            self.notices.push(format!(
                "{} deleted, oldest first, to make room for results",
                counted(self.replays_pruned as u64, "replay was", "replays were")
            ));
        }
        if self.replays_skipped > 0 {
            self.notices.push(format!(
                "{} not saved: the disk was full",
                counted(self.replays_skipped as u64, "replay was", "replays were")
            ));
        }
        if self.unsaved.is_empty() {
            return true;
        }
        let results = counted(self.unsaved.len() as u64, "result", "results");
        match store.keep_aside(&self.unsaved) {
            Ok(kept) => {
                self.notices.push(format!(
                    "{results} could not be saved in {}; kept in {} until the next parlor \
                     starts and adds it",
                    store.path().display(),
                    kept.display()
                ));
                self.unsaved.clear();
                true
            }
            Err(e) => {
                self.notices.push(format!(
                    "{results} could not be saved, nor kept aside ({e}): lost"
                ));
                false
            }
        }
    }

    /// Notices not yet shown, oldest first.
    pub fn take_notices(&mut self) -> Vec<String> {
        let notices = std::mem::take(&mut self.notices);
        match (&self.dir_called, &self.store) {
            (Some(name), Some(store)) => {
                let dir = store.dir().display().to_string();
                notices.iter().map(|n| n.replace(&dir, name)).collect()
            }
            _ => notices,
        }
    }
}
