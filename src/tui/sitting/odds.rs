//! The odds panel of a sitting: asked for the position shown, worked out on another thread.

use super::Sitting;
use crate::tui::odds_panel::{OddsPanel, Request};

impl Sitting {
    /// Show or hide the odds panel.
    pub fn toggle_odds(&mut self) {
        if self.odds.take().is_none() {
            self.odds = Some(OddsPanel::default());
            self.refresh_odds();
        }
    }

    /// Ask for the odds of the position shown, once, when the panel is open. They are
    /// worked out on another thread; until they arrive the panel says so.
    pub(super) fn refresh_odds(&mut self) {
        let position = self.stage.shown().history().len();
        let Some(panel) = &mut self.odds else { return };
        if panel.asked == Some(position) {
            return;
        }
        panel.asked = Some(position);
        let game = self.stage.shown().game();
        let level = self.table().first_bot_level();
        let deciding = self.stage.caught_up() && self.human_to_decide().is_some();
        let decider_view = deciding.then(|| game.view(self.viewer()));
        self.odds_worker.request(Request {
            game: game.clone_box(),
            level,
            decider_view,
            position,
        });
    }

    pub(super) fn poll_odds(&mut self) {
        if let Some(solved) = self.odds_worker.poll()
            && let Some(panel) = &mut self.odds
        {
            panel.solved = Some(solved);
        }
    }

    /// Block until the odds panel has the figures of the position shown (tests).
    pub fn wait_for_odds(&mut self) {
        self.refresh_odds();
        if let Some(solved) = self.odds_worker.wait()
            && let Some(panel) = &mut self.odds
        {
            panel.solved = Some(solved);
        }
    }
}
