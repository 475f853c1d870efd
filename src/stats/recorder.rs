//! The app's side of the stats: what a parlor records as its games end.

use std::fs::{self};
use std::path::{Path, PathBuf};

use super::records::{DailyEntry, GameResult, Stats};
use super::store::{Loaded, StatsError, Store};
use crate::daily::Day;
use crate::games::GameId;
use crate::replay::ReplayError;
use crate::table::Table;

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
    /// Stats and replays in `store`'s directory: the stats read (a broken file moved aside,
    /// and said), results an earlier parlor kept aside merged in, and temp files left by
    /// parlors killed mid-write swept away.
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
            self.notices.push(crate::said!(
                stats_moved_fresh,
                file = store.path().display().to_string(),
                reason = reason.to_string(),
                moved_to = moved_to.display().to_string()
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

    /// Read the records afresh from the store, for what another recorder saved there since
    /// (a shared table's authority records each guest's games in the guest's directory):
    /// the results this one could not save yet stay counted.
    pub fn reload(&mut self) {
        let Some(store) = self.store.clone() else {
            return;
        };
        match store.load() {
            Ok((stats, loaded)) => {
                self.stats = stats;
                for result in &self.unsaved {
                    self.stats.add(result);
                }
                self.notice_loaded(&loaded, &store);
            }
            Err(e) => self.stats_failed(&e),
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
            _ if record.attempt.is_some() => crate::said!(daily_attempt_unfinished),
            _ => crate::said!(daily_attempt_given_up),
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

    /// The record a game's `result` now stands in, in words ("Your record here: 4 wins in
    /// 11"), once it is recorded: a record the file does not hold is not shown as the
    /// player's, the failure is said instead.
    pub fn record_line(&self, result: &GameResult) -> Option<String> {
        if self.has_unsaved() {
            return Some(crate::said!(stats_record_unsaved));
        }
        self.stats
            .find(result.game, &result.rules, result.kind)
            .map(super::Record::summary)
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
                    self.notices.push(crate::said!(
                        stats_disk_full,
                        dir = store.dir().display().to_string()
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
            self.notices.push(crate::said!(
                stats_replays_pruned,
                count = self.replays_pruned
            ));
        }
        if self.replays_skipped > 0 {
            self.notices.push(crate::said!(
                stats_replays_skipped,
                count = self.replays_skipped
            ));
        }
        if self.unsaved.is_empty() {
            return true;
        }
        let count = self.unsaved.len();
        match store.keep_aside(&self.unsaved) {
            Ok(kept) => {
                self.notices.push(crate::said!(
                    stats_kept_aside,
                    count = count,
                    file = store.path().display().to_string(),
                    kept = kept.display().to_string()
                ));
                self.unsaved.clear();
                true
            }
            Err(e) => {
                self.notices.push(crate::said!(
                    stats_lost,
                    count = count,
                    reason = e.to_string()
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
