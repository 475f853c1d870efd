//! Local win stats that never lose a result.
//!
//! `stats.json` lives in the data directory. Every write takes an advisory lock, reads the
//! file afresh, merges one game in and atomically replaces the file (temp file, fsync,
//! rename), so two parlors finishing at once both keep their games and a crash mid-write
//! leaves the old file whole. A file that cannot be read is moved aside, never
//! overwritten; a file from a newer parlor is left alone and not written to.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::games::{Event, GameId, Turn, View, counted};
use crate::table::{SeatKind, Table};

/// The format this parlor writes.
pub const VERSION: u32 = 1;
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
    /// Wins by seat position (seat 0 first to act / opener / first dealer).
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
    fn new(game: GameId, rules: String, kind: Kind) -> Self {
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

    /// Fold one game in.
    fn add(&mut self, result: &GameResult) {
        self.last_played = result.when;
        if !result.finished {
            self.abandoned += 1;
            return;
        }
        self.games += 1;
        self.auto_played += u64::from(result.auto);
        if self.wins_by_seat.len() < result.winning_seats.len() {
            self.wins_by_seat.resize(result.winning_seats.len(), 0);
        }
        for (count, &won) in self.wins_by_seat.iter_mut().zip(&result.winning_seats) {
            *count += u64::from(won);
        }
        self.biggest_pot = self.biggest_pot.max(result.pot_won);
        if self.kind == Kind::Watched {
            return;
        }
        if result.won {
            self.wins += 1;
            self.current_streak += 1;
            self.longest_streak = self.longest_streak.max(self.current_streak);
        } else {
            self.losses += 1;
            self.current_streak = 0;
        }
        self.recent.push(if result.won { 'W' } else { 'L' });
        if self.recent.len() > RECENT {
            self.recent.remove(0);
        }
        self.best_score = self.best_score.max(result.best_score);
        self.twenty_fours += result.twenty_fours;
        self.finales_survived += u64::from(result.survived_finale);
        if let Some(lives) = result.lives_left {
            let lives = usize::from(lives);
            if self.lives_left_when_winning.len() <= lives {
                self.lives_left_when_winning.resize(lives + 1, 0);
            }
            self.lives_left_when_winning[lives] += 1;
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

/// The whole file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub version: u32,
    pub records: Vec<Record>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            version: VERSION,
            records: Vec::new(),
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
    }

    /// Records of one game, or all.
    pub fn for_game(&self, game: Option<GameId>) -> impl Iterator<Item = &Record> {
        self.records
            .iter()
            .filter(move |r| game.is_none_or(|g| r.game == g))
    }
}

/// One game's outcome, as the stats keep it.
#[derive(Clone, Debug, PartialEq, Eq)]
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
}

fn now_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl GameResult {
    /// Read the outcome off a table (finished or not). `auto`: your seat played itself.
    pub fn of(table: &Table, auto: bool) -> Self {
        let game = table.game();
        let settings = game.settings();
        let figures = game.figures();
        let you = table
            .seats()
            .iter()
            .position(|s| s.kind == SeatKind::Human)
            .map(|s| s as u8);
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
        }
    }
}

#[derive(Debug, Error)]
pub enum StatsError {
    #[error(
        "{path} is from a newer parlor (format {found}, this one reads {VERSION}); it is left untouched and results are not saved"
    )]
    Newer { path: PathBuf, found: u32 },
    #[error("cannot save stats in {dir}: {source}")]
    Io { dir: PathBuf, source: io::Error },
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

/// The stats file in a data directory.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
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

impl Store {
    pub fn new(dir: PathBuf) -> Self {
        Store { dir }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    fn io(&self, source: io::Error) -> StatsError {
        StatsError::Io {
            dir: self.dir.clone(),
            source,
        }
    }

    /// Read the stats, moving a broken file aside. A missing file is fresh stats.
    pub fn load(&self) -> Result<(Stats, Loaded), StatsError> {
        let path = self.path();
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok((Stats::default(), Loaded::Fresh));
            }
            Err(e) => return Err(self.io(e)),
        };
        match parse(&bytes) {
            Ok(stats) if stats.version > VERSION => Err(StatsError::Newer {
                path,
                found: stats.version,
            }),
            Ok(stats) => Ok((stats, Loaded::Read)),
            Err(reason) => {
                let moved_to = self.dir.join(format!(
                    "{FILE_NAME}.corrupt-{}",
                    SystemTime::now()
                        .duration_since(UNIX_EPOCH)
                        .map_or(0, |d| d.as_nanos())
                ));
                fs::rename(&path, &moved_to).map_err(|e| self.io(e))?;
                Ok((Stats::default(), Loaded::Quarantined { reason, moved_to }))
            }
        }
    }

    /// Hold the lock file for a read-merge-write.
    fn lock(&self) -> Result<File, StatsError> {
        fs::create_dir_all(&self.dir).map_err(|e| self.io(e))?;
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.dir.join(LOCK_NAME))
            .map_err(|e| self.io(e))?;
        file.lock().map_err(|e| self.io(e))?;
        Ok(file)
    }

    /// Record one game: lock, read afresh, merge, replace atomically.
    pub fn record(&self, result: &GameResult) -> Result<(Stats, Loaded), StatsError> {
        let _lock = self.lock()?;
        let (mut stats, loaded) = self.load()?;
        stats.add(result);
        self.write(&stats)?;
        Ok((stats, loaded))
    }

    /// Start over, keeping the old file as `stats.json.backup-<time>`. Returns the backup.
    pub fn reset(&self) -> Result<Option<PathBuf>, StatsError> {
        let _lock = self.lock()?;
        let path = self.path();
        if !path.exists() {
            return Ok(None);
        }
        let backup = self
            .dir
            .join(format!("{FILE_NAME}.backup-{}", now_seconds()));
        fs::rename(&path, &backup).map_err(|e| self.io(e))?;
        Ok(Some(backup))
    }

    fn write(&self, stats: &Stats) -> Result<(), StatsError> {
        let json = serde_json::to_vec_pretty(stats).expect("stats always serialise");
        let temp = self
            .dir
            .join(format!("{FILE_NAME}.tmp-{}", std::process::id()));
        let result = (|| {
            let mut file = File::create(&temp)?;
            file.write_all(&json)?;
            file.write_all(b"\n")?;
            file.sync_all()?;
            fs::rename(&temp, self.path())?;
            // Make the rename itself durable.
            File::open(&self.dir)?.sync_all()
        })();
        if result.is_err() {
            let _ = fs::remove_file(&temp);
        }
        result.map_err(|e| self.io(e))
    }
}

/// Parse a stats file, saying in words what is wrong with a bad one.
pub fn parse(bytes: &[u8]) -> Result<Stats, String> {
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| format!("not JSON ({e})"))?;
    let version = value
        .get("version")
        .and_then(serde_json::Value::as_u64)
        .ok_or("no version field: not a parlor stats file")?;
    if version > u64::from(VERSION) {
        return Ok(Stats {
            version: u32::try_from(version).unwrap_or(u32::MAX),
            records: Vec::new(),
        });
    }
    serde_json::from_value(value).map_err(|e| format!("not parlor stats ({e})"))
}

/// The app's side of the stats: records finished and abandoned games, keeps the latest
/// stats in memory for the screens, and turns every problem into one notice for the player
/// (the game always goes on).
#[derive(Debug)]
pub struct Recorder {
    store: Option<Store>,
    pub stats: Stats,
    /// Messages for the player: a file moved aside, a newer file, an unwritable directory.
    pub notices: Vec<String>,
}

impl Recorder {
    /// Stats in `dir` (none: not saved at all, as in `parlor sim` and tests).
    pub fn open(dir: Option<PathBuf>) -> Self {
        let Some(dir) = dir else {
            return Recorder::off();
        };
        let store = Store::new(dir);
        let mut recorder = Recorder {
            store: Some(store.clone()),
            stats: Stats::default(),
            notices: Vec::new(),
        };
        match store.load() {
            Ok((stats, loaded)) => {
                recorder.stats = stats;
                recorder.notice_loaded(&loaded, &store);
            }
            Err(e) => recorder.fail(&e),
        }
        recorder
    }

    /// Keep nothing.
    pub fn off() -> Self {
        Recorder {
            store: None,
            stats: Stats::default(),
            notices: Vec::new(),
        }
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

    /// Stop saving after the first failure, with one notice.
    fn fail(&mut self, error: &StatsError) {
        self.notices.push(error.to_string());
        self.store = None;
    }

    pub fn record(&mut self, result: &GameResult) {
        let Some(store) = self.store.clone() else {
            self.stats.add(result);
            return;
        };
        match store.record(result) {
            Ok((stats, loaded)) => {
                self.stats = stats;
                self.notice_loaded(&loaded, &store);
            }
            Err(e) => {
                self.stats.add(result);
                self.fail(&e);
            }
        }
    }

    /// Record a finished or abandoned table: its result in the stats and its replay in
    /// the data directory.
    pub fn record_table(&mut self, table: &Table, auto: bool) -> GameResult {
        let result = GameResult::of(table, auto);
        self.record(&result);
        if let Some(store) = &self.store
            && let Err(e) = crate::replay::Replay::of(table).save(store.dir())
        {
            self.notices.push(e.to_string());
            self.store = None;
        }
        result
    }

    /// Notices not yet shown, oldest first.
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }
}
