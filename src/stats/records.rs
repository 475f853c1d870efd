//! What the stats file holds: a record per game, rules and kind, a record per daily deal,
//! and the result of one game that is added into them.

use std::collections::BTreeMap;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::daily::{Day, Standing};
use crate::games::present;
use crate::games::{GameId, SeatGame, StatFigure, Tally, Turn};
use crate::table::{SeatKind, Table};
use crate::untrusted;

mod stored;

/// The format this parlor writes. 2: daily deals (a parlor reading 1 would write the file
/// back without them). 3: each game's own figures under `figures`, by the names its
/// `GameType` declares, where format 2 had a field each (read, and moved there).
pub const VERSION: u32 = 3;
/// The most values a figure kept by value may have: a file saying more is cut to it.
const MOST_VALUES: usize = 64;
/// Results kept for the sparkline.
const RECENT: usize = 50;

/// How the person took part in a game: played a seat, or watched bots play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Involvement {
    Played,
    Watched,
}

/// One game under one set of rules, played or watched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "stored::StoredRecord")]
pub struct Record {
    pub game: GameId,
    /// The rules signature: players, chips/dice/lives, variants.
    pub rules: String,
    pub kind: Involvement,
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
    /// Wins by seat position (which seat is 0: the game type's `seat_zero`).
    pub wins_by_seat: Vec<u64>,
    /// The game's own figures of your seat's games (its `GameType::stat_figures`), by
    /// their names: a best or a sum as one number, a tally by value as a count per value.
    /// A name the game does not declare is kept as it was read.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub figures: BTreeMap<String, Vec<u64>>,
}

/// `figure`'s values so far with `more` added as its tally adds them: the higher for a
/// best, the sum for a sum, count by count for a tally by value. Counters read from a file
/// may already stand at `u64::MAX`: they stay there rather than wrap to 0.
fn tally(figure: &StatFigure, so_far: &mut Vec<u64>, more: &[u64]) {
    match figure.tally {
        Tally::Best | Tally::Sum if so_far.is_empty() => so_far.extend(more.first()),
        Tally::Best => so_far[0] = so_far[0].max(more.first().copied().unwrap_or(0)),
        Tally::Sum => so_far[0] = so_far[0].saturating_add(more.first().copied().unwrap_or(0)),
        Tally::ByValue => {
            if so_far.len() < more.len() {
                so_far.resize(more.len().min(MOST_VALUES), 0);
            }
            for (count, &n) in so_far.iter_mut().zip(more) {
                *count = count.saturating_add(n);
            }
        }
    }
}

/// One game's value of `figure` as its values: one number, or for a tally by value a
/// count of one at that value.
fn one_game(figure: &StatFigure, value: u64) -> Vec<u64> {
    match figure.tally {
        Tally::Best | Tally::Sum => vec![value],
        Tally::ByValue => {
            let at = usize::try_from(value)
                .unwrap_or(usize::MAX)
                .min(MOST_VALUES - 1);
            let mut counts = vec![0; at + 1];
            counts[at] = 1;
            counts
        }
    }
}

impl Record {
    /// A record with nothing in it yet.
    pub fn new(game: GameId, rules: String, kind: Involvement) -> Self {
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
            figures: BTreeMap::new(),
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
        if self.kind == Involvement::Watched {
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
        for figure in self.game.game_type().stat_figures {
            if let Some(&value) = result.figures.get(figure.key) {
                let so_far = self.figures.entry(figure.key.to_owned()).or_default();
                tally(figure, so_far, &one_game(figure, value));
            }
        }
    }

    /// Make what came from the file safe to show: the rules label printable, the recent
    /// results only `W` and `L`, the newest [`RECENT`] of them.
    pub(super) fn clean(&mut self) {
        self.rules = untrusted::printable(&self.rules);
        for values in self.figures.values_mut() {
            values.truncate(MOST_VALUES);
        }
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
            Involvement::Played => crate::said!(
                stats_record_played,
                wins_n = self.wins,
                wins = self.wins.to_string(),
                games = self.games.to_string()
            ),
            Involvement::Watched => crate::said!(
                stats_record_watched,
                games_n = self.games,
                games = self.games.to_string()
            ),
        }
    }
}

/// The days a daily record remembers counting besides its last: a day older than them all
/// is before a later day counted anyway, and so practice.
const DAYS_REMEMBERED: usize = 64;

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
    /// The other days an attempt counted, the latest [`DAYS_REMEMBERED`] of them: a day
    /// counts once, even when a clock moved back and forth has had a later day counted
    /// before it (a parlor of before, which reads no such field, forgets them).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "days_that_are"
    )]
    pub days_counted: Vec<Day>,
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
            days_counted: Vec::new(),
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
        if self.last_day == Some(day) {
            return attempt.is_some() && attempt == self.attempt;
        }
        if self.days_counted.contains(&day) {
            return false;
        }
        // A later day counted first (and not in the future: see `counted_day`).
        let later_counted = self.counted_day(today).is_some_and(|counted| counted > day)
            || self
                .days_counted
                .iter()
                .any(|&counted| counted > day && counted <= today);
        !later_counted
    }

    /// `day` is the day an attempt counts for now: the day counted before it is
    /// remembered among the others.
    fn count_day(&mut self, day: Day) {
        if let Some(before) = self.last_day.replace(day)
            && before != day
            && !self.days_counted.contains(&before)
        {
            self.days_counted.push(before);
            self.days_counted.sort_unstable();
            let excess = self.days_counted.len().saturating_sub(DAYS_REMEMBERED);
            self.days_counted.drain(..excess);
        }
    }

    /// Claim `day` for `attempt`, begun now: it is the one that counts, given up until it
    /// ends. `false` (nothing changed) if an attempt of that day counted already.
    fn claim(&mut self, day: Day, attempt: u64, today: Day) -> bool {
        if !self.counts(day, None, today) {
            return false;
        }
        self.count_day(day);
        self.attempt = Some(attempt);
        true
    }

    /// Fold in a day's attempt (made by `today`) if it is the one that counts.
    fn add(&mut self, entry: &DailyEntry, today: Day) {
        if !self.counts(entry.day, entry.attempt, today) {
            return;
        }
        self.attempt = None;
        self.count_day(entry.day);
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
    pub(super) fn clean(&mut self) {
        self.days_counted.sort_unstable();
        self.days_counted.dedup();
        let excess = self.days_counted.len().saturating_sub(DAYS_REMEMBERED);
        self.days_counted.drain(..excess);
        for line in [&mut self.best_line, &mut self.last_line]
            .into_iter()
            .flatten()
        {
            *line = untrusted::printable(line);
        }
    }
}

/// A game's run of wins played, whatever its rules: records are kept by rules, and a win
/// under other rules (another count of players, a game on auto set up otherwise) is still
/// the next win of the run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Streak {
    pub game: GameId,
    pub current: u64,
    pub longest: u64,
}

/// The whole file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub version: u32,
    pub records: Vec<Record>,
    /// Daily deals, a record per game (format 2).
    #[serde(default)]
    pub daily: Vec<DailyRecord>,
    /// Each game's run of wins across its rules; a file from before has none, and a
    /// game's run then starts from its latest record's.
    #[serde(default)]
    pub streaks: Vec<Streak>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            version: VERSION,
            records: Vec::new(),
            daily: Vec::new(),
            streaks: Vec::new(),
        }
    }
}

impl Stats {
    pub fn find(&self, game: GameId, rules: &str, kind: Involvement) -> Option<&Record> {
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
        if result.kind == Involvement::Played && result.finished {
            self.add_to_streak(result.game, result.won);
        }
        self.records[index].add(result);
        if let (Some(entry), Involvement::Played) = (&result.daily, result.kind) {
            if !self.daily.iter().any(|d| d.game == result.game) {
                self.daily.push(DailyRecord::new(result.game));
            }
            if let Some(record) = self.daily.iter_mut().find(|d| d.game == result.game) {
                record.add(entry, Day::at(result.when));
            }
        }
    }

    /// The game's run of wins, one more game `won` or lost in it.
    fn add_to_streak(&mut self, game: GameId, won: bool) {
        let index = if let Some(index) = self.streaks.iter().position(|s| s.game == game) {
            index
        } else {
            // A file from before streaks were kept by game: the latest record's run.
            let latest = self
                .for_game(Some(game))
                .filter(|r| r.kind == Involvement::Played)
                .max_by_key(|r| r.last_played);
            self.streaks.push(Streak {
                game,
                current: latest.map_or(0, |r| r.current_streak),
                longest: latest.map_or(0, |r| r.longest_streak),
            });
            self.streaks.len() - 1
        };
        let streak = &mut self.streaks[index];
        streak.current = if won {
            streak.current.saturating_add(1)
        } else {
            0
        };
        streak.longest = streak.longest.max(streak.current);
    }

    /// The game's run of wins played, if it is kept.
    pub fn streak(&self, game: GameId) -> Option<&Streak> {
        self.streaks.iter().find(|s| s.game == game)
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
#[serde(from = "stored::StoredResult")]
pub struct GameResult {
    pub game: GameId,
    pub rules: String,
    pub kind: Involvement,
    /// False: quit midway (abandoned).
    pub finished: bool,
    /// Your seat won (played games).
    pub won: bool,
    /// The pot your seat won (watched: the winner's).
    pub pot_won: u64,
    /// Your seat played itself at some point.
    pub auto: bool,
    pub winning_seats: Vec<bool>,
    /// Your seat's values of the game's own figures (its `GameType::stat_figures`), by
    /// their names; a figure the game gave no value is left out.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub figures: BTreeMap<String, u64>,
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
    Ok(text.as_ref().and_then(day_in))
}

fn day_in(value: &serde_json::Value) -> Option<Day> {
    value.as_str().and_then(|text| text.parse().ok())
}

/// The dates of a list that are dates this parlor reads (see [`day_if_any`]).
fn days_that_are<'de, D: serde::Deserializer<'de>>(json: D) -> Result<Vec<Day>, D::Error> {
    let values = Option::<Vec<serde_json::Value>>::deserialize(json)?;
    Ok(values.iter().flatten().filter_map(day_in).collect())
}

pub(super) fn now_seconds() -> u64 {
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
        // The game's own figures of your seat's game, by the names it declares.
        let game_type = settings.game.game_type();
        let own_figures = you.map_or_else(BTreeMap::new, |seat| {
            let values = (game_type.seat_figures)(&SeatGame {
                log: table.log(),
                seat,
                won,
                held: present::seats(&game.view(you))[usize::from(seat)]
                    .holding
                    .count,
            });
            game_type
                .stat_figures
                .iter()
                .zip(values)
                .filter_map(|(figure, value)| Some((figure.key.to_owned(), value?)))
                .collect()
        });
        GameResult {
            game: settings.game,
            rules: settings.signature(),
            kind: if you.is_some() {
                Involvement::Played
            } else {
                Involvement::Watched
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
            figures: own_figures,
            when: now_seconds(),
            daily: None,
        }
    }
}

/// One game's records of one kind, added up.
#[derive(Default)]
pub struct Totals {
    pub games: u64,
    pub wins: u64,
    pub abandoned: u64,
    pub auto_played: u64,
    pub biggest_pot: u64,
    pub current_streak: u64,
    pub longest_streak: u64,
    pub recent: String,
    pub wins_by_seat: Vec<u64>,
    /// The game's own figures, added up over the records as each one's tally adds.
    pub figures: BTreeMap<String, Vec<u64>>,
}

fn add_into(into: &mut Vec<u64>, from: &[u64]) {
    if into.len() < from.len() {
        into.resize(from.len(), 0);
    }
    for (sum, &n) in into.iter_mut().zip(from) {
        *sum = sum.saturating_add(n);
    }
}

impl Totals {
    pub fn of(stats: &Stats, game: GameId, kind: Involvement) -> Totals {
        let mut records: Vec<&Record> = stats
            .for_game(Some(game))
            .filter(|r| r.kind == kind)
            .collect();
        // The latest record last: its streak and recent results are the current ones.
        records.sort_by_key(|r| r.last_played);
        let mut totals = Totals::default();
        for r in &records {
            totals.games = totals.games.saturating_add(r.games);
            totals.wins = totals.wins.saturating_add(r.wins.min(r.games));
            totals.abandoned = totals.abandoned.saturating_add(r.abandoned);
            totals.auto_played = totals.auto_played.saturating_add(r.auto_played);
            totals.biggest_pot = totals.biggest_pot.max(r.biggest_pot);
            totals.longest_streak = totals.longest_streak.max(r.longest_streak);
            add_into(&mut totals.wins_by_seat, &r.wins_by_seat);
            for figure in game.game_type().stat_figures {
                if let Some(values) = r.figures.get(figure.key) {
                    let so_far = totals.figures.entry(figure.key.to_owned()).or_default();
                    tally(figure, so_far, values);
                }
            }
        }
        if let Some(latest) = records.last() {
            totals.current_streak = latest.current_streak;
            totals.recent.clone_from(&latest.recent);
        }
        // A run of wins played goes on across the game's rules.
        if let (Involvement::Played, Some(streak)) = (kind, stats.streak(game)) {
            totals.current_streak = streak.current;
            totals.longest_streak = totals.longest_streak.max(streak.longest);
        }
        totals
    }

    /// Wins as a share of games, in whole per cent.
    pub fn percent(&self) -> u64 {
        (self.wins.saturating_mul(100))
            .checked_div(self.games)
            .unwrap_or(0)
            .min(100)
    }
}
