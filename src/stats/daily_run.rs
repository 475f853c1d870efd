//! An attempt at the daily deal, whatever front-end plays it: whether it counts, its
//! outcome against the expert on the same dice, and the day's record once it is in.

use super::{DailyEntry, DailyRecord, GameResult, Recorder};
use crate::daily::{DailyDeal, DailyOutcome, Standing};
use crate::games::Turn;
use crate::said;
use crate::table::Table;
use crate::words::spoken;

/// A table of the daily deal.
#[derive(Clone, Debug)]
pub struct DailyRun {
    pub deal: DailyDeal,
    /// The day's attempt counted already: its line (or that it was given up), and this one
    /// is practice. `None`: this one counts.
    pub practice: Option<String>,
    /// Once the game is over.
    pub outcome: Option<DailyOutcome>,
    /// The seat played itself at some point: the result is the bot's, and does not count.
    pub auto_played: bool,
    /// The daily record of the game once this attempt is in it: streak and best.
    pub record: Option<DailyRecord>,
    /// The day's counted attempt is under way in another parlor (or one that was killed
    /// before it could end it): this practice would show that attempt's cards before they
    /// are played, so it is not to be dealt (see [`DailyRun::UNDER_WAY`]).
    pub under_way_elsewhere: bool,
}

impl DailyRun {
    /// Begin an attempt at `deal`: the day's counted one, claimed in the stats at once, or
    /// practice (see [`Recorder::begin_daily`]).
    pub fn begin(deal: DailyDeal, recorder: &mut Recorder) -> Self {
        let practice = recorder.begin_daily(deal.game, deal.day);
        let under_way_elsewhere = practice.is_some()
            && recorder
                .stats
                .daily
                .iter()
                .find(|d| d.game == deal.game)
                .is_some_and(|d| d.last_day == Some(deal.day) && d.attempt.is_some());
        DailyRun {
            deal,
            practice,
            outcome: None,
            auto_played: false,
            record: None,
            under_way_elsewhere,
        }
    }

    /// Why a practice is not dealt while the day's counted attempt is under way, in the
    /// language spoken.
    pub fn under_way() -> String {
        said!(daily_under_way)
    }

    /// [`DailyRun::under_way`] in English.
    pub const UNDER_WAY: &str = "today's deal is being played for the record in another parlor: \
         finish it there first (a practice now would show its cards before they are played)";

    /// Record `table`, this deal's game, over or (not over) abandoned: its outcome once it
    /// is over (with the person's `accuracy`), the day's attempt if it counts, and the
    /// record it made.
    pub fn record(
        &mut self,
        table: &Table,
        recorder: &mut Recorder,
        auto_used: bool,
        accuracy: impl FnOnce() -> Option<f64>,
    ) -> GameResult {
        self.auto_played = auto_used;
        if table.game().turn() == Turn::Over {
            self.outcome = Some(DailyOutcome::of(self.deal, table, accuracy()));
        }
        let entry = self.practice.is_none().then(|| DailyEntry {
            day: self.deal.day,
            finished: self
                .outcome
                .as_ref()
                .filter(|_| !auto_used)
                .map(|o| (o.yours, o.share_line())),
            // The recorder's claim on the day, filled in by it.
            attempt: None,
        });
        let result = recorder.record_table(table, auto_used, entry);
        self.record = recorder
            .stats
            .daily
            .iter()
            .find(|d| d.game == self.deal.game)
            .cloned();
        result
    }

    /// The attempt in words once it is over: the result against the expert's, the
    /// accuracy, and the streak or why it does not count. The line to share is the
    /// outcome's, placed by the front-end.
    pub fn summary(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let Some(outcome) = &self.outcome else {
            return lines;
        };
        let stakes = self.deal.settings().stakes;
        lines.push(said!(
            daily_summary,
            day = self.deal.day.to_string(),
            yours = standing(outcome.yours, stakes),
            expert = standing(outcome.expert, stakes)
        ));
        if let Some(accuracy) = outcome.accuracy {
            lines.push(said!(
                daily_accuracy,
                percent = spoken().decimal(100.0 * accuracy, 0)
            ));
        }
        if let Some(counted) = &self.practice {
            lines.push(said!(daily_practice));
            lines.push(counted.clone());
        } else if self.auto_played {
            lines.push(said!(daily_not_counted));
        } else if let Some(record) = &self.record {
            let streak = said!(
                daily_streak,
                days_n = record.streak,
                days = record.streak.to_string(),
                longest = record.longest_streak.to_string()
            );
            lines.push(match record.best {
                Some(best) => said!(daily_streak_best, streak = streak, best = best.to_string()),
                None => streak,
            });
        }
        lines
    }
}

/// A finish in words: "22 chips", "3 rounds won", "2nd of 5".
fn standing(standing: Standing, stakes: bool) -> String {
    match standing {
        Standing::Pile(pile) if stakes => said!(daily_chips, count = pile),
        Standing::Pile(pile) => said!(daily_rounds_won, count = pile),
        Standing::Place { .. } => standing.to_string(),
    }
}
