//! The stats as older parlors wrote them: format 2's records and format 1's results kept
//! aside held four games' figures in fields of their own, on every record and result of
//! every game. They are read here and moved under `figures`, by the names their game
//! declares (see `GameType::stat_figures`), so that nothing an older file holds is lost.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{DailyEntry, GameResult, Involvement, Record};
use crate::games::GameId;

/// A record as a file holds it: format 2 kept four games' figures in fields of their own,
/// on every record of every game, which are read and moved under `figures`: those its game
/// declares, under the names it declares them by, as they stood (a sum of 0 included).
#[derive(Deserialize)]
pub(super) struct StoredRecord {
    game: GameId,
    rules: String,
    kind: Involvement,
    games: u64,
    wins: u64,
    losses: u64,
    abandoned: u64,
    auto_played: u64,
    biggest_pot: u64,
    current_streak: u64,
    longest_streak: u64,
    last_played: u64,
    recent: String,
    wins_by_seat: Vec<u64>,
    #[serde(default)]
    figures: BTreeMap<String, Vec<u64>>,
    // Format 2's fields: `None` where the file is of a later format and has none.
    #[serde(default)]
    best_score: Option<u8>,
    #[serde(default)]
    twenty_fours: Option<u64>,
    #[serde(default)]
    finales_survived: Option<u64>,
    #[serde(default)]
    lives_left_when_winning: Option<Vec<u64>>,
}

impl From<StoredRecord> for Record {
    fn from(stored: StoredRecord) -> Self {
        let mut figures = stored.figures;
        let declared = stored.game.game_type().stat_figures;
        let format_2 = [
            ("best-score", stored.best_score.map(|b| vec![u64::from(b)])),
            ("twenty-fours", stored.twenty_fours.map(|n| vec![n])),
            ("finales-survived", stored.finales_survived.map(|n| vec![n])),
            (
                "lives-left-when-winning",
                stored
                    .lives_left_when_winning
                    .filter(|counts| !counts.is_empty()),
            ),
        ];
        for (name, values) in format_2 {
            if let (Some(values), true) = (values, declared.iter().any(|f| f.key == name)) {
                figures.entry(name.to_owned()).or_insert(values);
            }
        }
        Record {
            game: stored.game,
            rules: stored.rules,
            kind: stored.kind,
            games: stored.games,
            wins: stored.wins,
            losses: stored.losses,
            abandoned: stored.abandoned,
            auto_played: stored.auto_played,
            biggest_pot: stored.biggest_pot,
            current_streak: stored.current_streak,
            longest_streak: stored.longest_streak,
            last_played: stored.last_played,
            recent: stored.recent,
            wins_by_seat: stored.wins_by_seat,
            figures,
        }
    }
}

/// A result as a file of results kept aside holds it: format 1 kept four games' figures in
/// fields of their own, which are read and moved under `figures`.
#[derive(Deserialize)]
#[allow(clippy::struct_excessive_bools)] // independent facts about one game
pub(super) struct StoredResult {
    game: GameId,
    rules: String,
    kind: Involvement,
    finished: bool,
    won: bool,
    pot_won: u64,
    auto: bool,
    winning_seats: Vec<bool>,
    #[serde(default)]
    figures: BTreeMap<String, u64>,
    #[serde(default)]
    best_score: Option<u8>,
    #[serde(default)]
    twenty_fours: u64,
    #[serde(default)]
    survived_finale: bool,
    #[serde(default)]
    lives_left: Option<u8>,
    when: u64,
    daily: Option<DailyEntry>,
}

impl From<StoredResult> for GameResult {
    fn from(stored: StoredResult) -> Self {
        let mut figures = stored.figures;
        // Format 1 wrote every field for every game: only the game's own are its figures.
        let format_1 = match stored.game.game_type().stat_figures {
            [] => Vec::new(),
            declared => [
                ("best-score", stored.best_score.map(u64::from)),
                ("twenty-fours", Some(stored.twenty_fours)),
                ("finales-survived", Some(u64::from(stored.survived_finale))),
                ("lives-left-when-winning", stored.lives_left.map(u64::from)),
            ]
            .into_iter()
            .filter(|(name, _)| declared.iter().any(|f| f.key == *name))
            .collect(),
        };
        for (name, value) in format_1 {
            if let Some(value) = value {
                figures.entry(name.to_owned()).or_insert(value);
            }
        }
        GameResult {
            game: stored.game,
            rules: stored.rules,
            kind: stored.kind,
            finished: stored.finished,
            won: stored.won,
            pot_won: stored.pot_won,
            auto: stored.auto,
            winning_seats: stored.winning_seats,
            figures,
            when: stored.when,
            daily: stored.daily,
        }
    }
}
