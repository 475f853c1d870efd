//! Watching a recorded game: it plays on by itself, or is stepped and jumped through.

use std::time::Instant;

use super::{Sitting, TableSource};
use crate::replay::Timeline;
use crate::stage::{Pacing, Stage};
use crate::table::{GameSetup, Table};
use crate::tui::intent::ReplayIntent;

/// A replay being watched: the recorded game, and whether it plays on by itself.
#[derive(Clone, Debug)]
pub struct ReplayViewer {
    pub timeline: Timeline,
    pub playing: bool,
}

impl ReplayViewer {
    /// The next step is due whenever the clock says: it plays, and has steps left.
    pub(super) fn plays_on(&self, table: &Table) -> bool {
        self.playing && table.history().len() + 1 < self.timeline.len()
    }

    /// The recorded game's next step on `stage`.
    pub(super) fn step_on(&self, stage: &mut Stage, now: Instant) {
        let at = stage.live().history().len();
        if let Some(&step) = self.timeline.last().history().get(at) {
            let _ = stage.replay(step, now);
        }
    }
}

impl Sitting {
    /// Watch a replay from its start.
    pub fn watching(timeline: Timeline, pacing: Pacing) -> Self {
        let first = timeline.table(0).expect("a replay has its first table");
        let setup = GameSetup {
            settings: *first.game().settings(),
            seats: first.seats().to_vec(),
            seed: first.seed(),
        };
        let viewer = ReplayViewer {
            timeline,
            playing: true,
        };
        let mut sitting = Sitting::of_kind(setup, pacing, TableSource::Replay(Box::new(viewer)));
        sitting.stage = Stage::new(first, pacing, false);
        sitting
    }

    /// The game to review: the replay's whole, or the table's as far as it got.
    pub fn timeline(&self) -> Timeline {
        match &self.kind {
            TableSource::Replay(viewer) => viewer.timeline.clone(),
            TableSource::Local(_) | TableSource::Shared(_) => Timeline::of(self.table()),
        }
    }

    /// The replay moves to the table at `position` (clamped), shown at once.
    pub fn seek(&mut self, position: usize) {
        let TableSource::Replay(viewer) = &self.kind else {
            return;
        };
        let position = position.min(viewer.timeline.len() - 1);
        let table = viewer
            .timeline
            .table(position)
            .expect("a position within the replay");
        self.stage = Stage::new(table, self.stage.pacing(), false);
        self.next_move_at = None;
        self.log_scroll = 0;
    }

    /// The replay's moment picked in the review, shown at once and stopped there.
    pub fn seek_stopped(&mut self, position: usize) {
        self.seek(position);
        if let TableSource::Replay(viewer) = &mut self.kind {
            viewer.playing = false;
        }
    }

    /// Step, jump, play or stop the replay (nothing at a table in play).
    pub fn steer_replay(&mut self, intent: ReplayIntent, now: Instant) {
        let TableSource::Replay(viewer) = &mut self.kind else {
            return;
        };
        let at = self.stage.live().history().len();
        let last = viewer.timeline.len() - 1;
        // Stepping or jumping takes the replay in hand: it stops playing by itself.
        if intent != ReplayIntent::TogglePlay {
            viewer.playing = false;
        }
        match intent {
            ReplayIntent::Step(delta) if delta > 0 => {
                if self.stage.caught_up() {
                    self.play_one_move(now);
                } else {
                    self.stage.skip();
                }
            }
            ReplayIntent::Step(_) => self.seek(at.saturating_sub(1)),
            ReplayIntent::Start => self.seek(0),
            ReplayIntent::End => self.seek(last),
            ReplayIntent::TogglePlay => viewer.playing = !viewer.playing,
        }
    }
}
