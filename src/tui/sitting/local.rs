//! A game played here: its auto-play, its daily deal if it is one, and its record, kept
//! once the game is over or abandoned.

use super::hot_seat::Look;
use super::{Sitting, TableSource};
use crate::daily::DailyOutcome;
use crate::games::Turn;
use crate::stage::Pacing;
use crate::stats::{DailyRun, Recorder};
use crate::table::{GameSetup, Table};

/// What a game played here keeps beside its table.
pub struct LocalPlay {
    /// The people's seats play themselves.
    pub auto: bool,
    /// Whether a person's seat played itself at some point.
    auto_used: bool,
    /// At one keyboard shared by several people, with hidden cards: whose eyes the table
    /// is drawn for, while that lasts.
    pub(super) look: Option<Look>,
    pub daily: Option<DailyRun>,
    recorded: bool,
    /// The running record line of the game-over panel.
    pub(super) record: Option<String>,
    /// A daily deal's line to share, as soon as the game is over (taken by the app).
    pub(super) share_line: Option<String>,
}

impl LocalPlay {
    pub(super) fn new(auto: bool, daily: Option<DailyRun>) -> Self {
        LocalPlay {
            auto,
            auto_used: auto,
            look: None,
            daily,
            recorded: false,
            record: None,
            share_line: None,
        }
    }

    pub(super) fn toggle_auto(&mut self) {
        self.auto = !self.auto;
        self.auto_used |= self.auto;
    }

    /// Record the game once: when it is over, or (`leaving`) abandoned midway. A daily
    /// deal's outcome is worked out then, and its line is to be copied. Returns whether an
    /// unfinished game was recorded as abandoned now.
    pub(super) fn record(&mut self, table: &Table, recorder: &mut Recorder, leaving: bool) -> bool {
        let over = table.game().turn() == Turn::Over;
        if self.recorded || table.history().is_empty() || !(leaving || over) {
            return false;
        }
        self.recorded = true;
        let result = match &mut self.daily {
            Some(daily) => {
                let result = daily.record(table, recorder, self.auto_used, || {
                    crate::review::seat_accuracy(table, crate::daily::YOUR_SEAT)
                });
                self.share_line = daily.outcome.as_ref().map(DailyOutcome::share_line);
                result
            }
            None => recorder.record_table(table, self.auto_used, None),
        };
        // A record the file does not hold is not shown as yours: the failure is told.
        self.record = recorder.record_line(&result);
        !over
    }
}

impl Sitting {
    /// Record the game once: when it is over, or (`leaving`) abandoned midway. Only a game
    /// played here is recorded here: a replay was recorded already, and a shared table's
    /// authority records its game for everyone at it. Returns whether an unfinished game
    /// was recorded as abandoned now.
    pub fn record_with(&mut self, recorder: &mut Recorder, leaving: bool) -> bool {
        match &mut self.kind {
            TableSource::Local(local) => local.record(self.stage.live(), recorder, leaving),
            TableSource::Replay(_) | TableSource::Shared(_) => false,
        }
    }

    /// The running record line of the game-over panel, once the game is recorded.
    pub fn record_line(&self) -> Option<&str> {
        match &self.kind {
            TableSource::Local(local) => local.record.as_deref(),
            TableSource::Replay(_) | TableSource::Shared(_) => None,
        }
    }

    /// A daily deal's line to share, once, as soon as the game is over.
    pub fn take_share_line(&mut self) -> Option<String> {
        match &mut self.kind {
            TableSource::Local(local) => local.share_line.take(),
            TableSource::Replay(_) | TableSource::Shared(_) => None,
        }
    }

    /// The daily deal played at this table, if it is one.
    pub fn daily(&self) -> Option<&DailyRun> {
        match &self.kind {
            TableSource::Local(local) => local.daily.as_ref(),
            TableSource::Replay(_) | TableSource::Shared(_) => None,
        }
    }

    /// Sit at the table of a daily deal, `daily` the attempt begun.
    pub fn daily_deal(daily: DailyRun, name: Option<&str>, pacing: Pacing) -> Self {
        let setup = GameSetup {
            settings: daily.deal.settings(),
            seats: daily.deal.seats(name),
            seed: daily.deal.seed(),
        };
        // Dealt from the daily's own streams, as its expert's game is.
        let table = daily.deal.table(setup.seats.clone());
        Self::at(
            table,
            setup,
            pacing,
            TableSource::Local(LocalPlay::new(false, Some(daily))),
        )
    }
}
