//! A game played here: its auto-play, its daily deal if it is one, and its record, kept
//! once the game is over or abandoned.

use super::hot_seat::Look;
use super::{Kind, Sitting};
use crate::daily::{DailyDeal, DailyOutcome};
use crate::games::Turn;
use crate::stage::Pacing;
use crate::stats::{DailyEntry, DailyRecord, Recorder};
use crate::table::{GameSetup, Table};

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
}

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
        let mut entry = None;
        if let Some(daily) = &mut self.daily {
            daily.auto_played = self.auto_used;
            if over {
                let outcome = DailyOutcome::of(
                    daily.deal,
                    table,
                    crate::review::seat_accuracy(table, crate::daily::YOUR_SEAT),
                );
                self.share_line = Some(outcome.share_line());
                daily.outcome = Some(outcome);
            }
            if daily.practice.is_none() {
                let finished = daily
                    .outcome
                    .as_ref()
                    .filter(|_| !self.auto_used)
                    .map(|o| (o.yours, o.share_line()));
                entry = Some(DailyEntry {
                    day: daily.deal.day,
                    finished,
                    // The recorder's claim on the day, filled in by it.
                    attempt: None,
                });
            }
        }
        let result = recorder.record_table(table, self.auto_used, entry);
        if let Some(daily) = &mut self.daily {
            daily.record = recorder
                .stats
                .daily
                .iter()
                .find(|d| d.game == daily.deal.game)
                .cloned();
        }
        // A record the file does not hold is not shown as yours: the failure is told.
        self.record = if recorder.has_unsaved() {
            Some("Not in your record yet: it could not be saved".to_owned())
        } else {
            recorder
                .stats
                .find(result.game, &result.rules, result.kind)
                .map(crate::stats::Record::summary)
        };
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
            Kind::Local(local) => local.record(self.stage.live(), recorder, leaving),
            Kind::Replay(_) | Kind::Shared(_) => false,
        }
    }

    /// The running record line of the game-over panel, once the game is recorded.
    pub fn record_line(&self) -> Option<&str> {
        match &self.kind {
            Kind::Local(local) => local.record.as_deref(),
            Kind::Replay(_) | Kind::Shared(_) => None,
        }
    }

    /// A daily deal's line to share, once, as soon as the game is over.
    pub fn take_share_line(&mut self) -> Option<String> {
        match &mut self.kind {
            Kind::Local(local) => local.share_line.take(),
            Kind::Replay(_) | Kind::Shared(_) => None,
        }
    }

    /// The daily deal played at this table, if it is one.
    pub fn daily(&self) -> Option<&DailyRun> {
        match &self.kind {
            Kind::Local(local) => local.daily.as_ref(),
            Kind::Replay(_) | Kind::Shared(_) => None,
        }
    }

    /// Sit at the table of a daily deal; `practice` says why it does not count, if it does
    /// not.
    pub fn daily_deal(
        deal: DailyDeal,
        name: Option<&str>,
        practice: Option<String>,
        pacing: Pacing,
    ) -> Self {
        let setup = GameSetup {
            settings: deal.settings(),
            seats: deal.seats(name),
            seed: deal.seed(),
        };
        let daily = DailyRun {
            deal,
            practice,
            outcome: None,
            auto_played: false,
            record: None,
        };
        Self::of_kind(
            setup,
            pacing,
            Kind::Local(LocalPlay::new(false, Some(daily))),
        )
    }
}
