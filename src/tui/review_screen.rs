//! The review screen's state: the review of a finished game, worked out beside the loop,
//! and what the player has picked in it (a point of the chart, a decision).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use crate::odds::Shelf;
use crate::replay::Timeline;
use crate::review::{Budget, Review};

/// What the arrows last moved: Enter replays from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked {
    Point,
    Decision,
}

#[derive(Debug)]
pub struct ReviewScreen {
    /// The game reviewed, to open the replay at a moment of it.
    pub timeline: Timeline,
    /// `None` while it is worked out.
    pub review: Option<Review>,
    worker: Option<Receiver<Review>>,
    /// Set when the screen is left: the worker gives the review up rather than keep a core
    /// busy for nobody.
    stop: Arc<AtomicBool>,
    /// The chart's point picked, by index.
    pub point: usize,
    /// The decision picked, among those with a choice ([`ReviewScreen::listed`]), or the
    /// swing picked where decisions are not weighed.
    pub entry: usize,
    pub picked: Picked,
}

impl ReviewScreen {
    /// Work the review of `timeline` out on a thread of its own: estimated win chances
    /// take a moment, and the screen stays alive meanwhile.
    pub fn start(timeline: Timeline) -> Self {
        let (send, receive) = mpsc::channel();
        let game = timeline.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        // The review's words (its swings, its situations) are made on its own thread, in
        // the language of the screen that asked.
        let language = crate::words::spoken();
        thread::spawn(move || {
            crate::words::speak(language);
            // A turn on the odds' shelf: as heavy as a first solve, and a host's guests
            // may all ask at once.
            let _turn = Shelf::shared().turn();
            if let Some(review) = Review::unless_stopped(&game, &Budget::default(), &stopped) {
                // The screen may be gone when it is done: nobody to tell.
                let _ = send.send(review);
            }
        });
        ReviewScreen {
            timeline,
            review: None,
            worker: Some(receive),
            stop,
            point: 0,
            entry: 0,
            picked: Picked::Point,
        }
    }

    /// Whether the review is still being worked out.
    pub fn working(&self) -> bool {
        self.worker.is_some()
    }

    /// Take the review if it is done; whether anything changed.
    pub fn poll(&mut self) -> bool {
        let Some(worker) = &self.worker else {
            return false;
        };
        match worker.try_recv() {
            Ok(review) => {
                // Start at the most telling moment: the biggest swing, or the first decision.
                self.point = review
                    .swings
                    .iter()
                    .max_by(|a, b| a.change.abs().total_cmp(&b.change.abs()))
                    .and_then(|swing| point_at(&review, swing.step))
                    .unwrap_or(0);
                self.review = Some(review);
                self.worker = None;
                true
            }
            Err(TryRecvError::Empty) => false,
            // The thread panicked: say so rather than wait forever.
            Err(TryRecvError::Disconnected) => {
                self.worker = None;
                true
            }
        }
    }

    /// The entries of the list: the decisions with a choice, or (where decisions are not
    /// weighed) the swings; by index into the review's `decisions` or `swings`.
    pub fn listed(review: &Review) -> Vec<usize> {
        if review.values_decisions() {
            (0..review.decisions.len())
                .filter(|&i| review.decisions[i].has_choice())
                .collect()
        } else {
            (0..review.swings.len()).collect()
        }
    }

    /// Step along the chart's points.
    pub fn step_point(&mut self, delta: i8) {
        let Some(review) = &self.review else { return };
        let last = review.win_probability.len().saturating_sub(1);
        self.point = self
            .point
            .saturating_add_signed(isize::from(delta))
            .min(last);
        self.picked = Picked::Point;
    }

    /// Step along the list, the chart's point following to the entry's moment.
    pub fn step_entry(&mut self, delta: i8) {
        let Some(review) = &self.review else { return };
        let listed = ReviewScreen::listed(review);
        if listed.is_empty() {
            return;
        }
        self.entry = if self.picked == Picked::Decision {
            self.entry.saturating_add_signed(isize::from(delta))
        } else {
            // From the chart: the first entry from the point on.
            let from = review.win_probability.get(self.point).map_or(0, |p| p.step);
            listed
                .iter()
                .position(|&index| ReviewScreen::entry_step(review, index) >= from)
                .unwrap_or(listed.len() - 1)
        }
        .min(listed.len() - 1);
        self.picked = Picked::Decision;
        if let Some(point) = point_at(review, ReviewScreen::entry_step(review, listed[self.entry]))
        {
            self.point = point;
        }
    }

    /// The step of the list's entry `index`: the decision's (the seat about to choose), or
    /// where the swing had happened (its effect is what the entry is about).
    fn entry_step(review: &Review, index: usize) -> usize {
        if review.values_decisions() {
            review.decisions[index].step
        } else {
            review.swings[index].step
        }
    }

    /// The step Enter replays from: the picked decision's (the seat about to choose) or
    /// the picked point's.
    pub fn moment(&self) -> Option<usize> {
        let review = self.review.as_ref()?;
        match self.picked {
            Picked::Decision => {
                let listed = ReviewScreen::listed(review);
                let index = *listed.get(self.entry)?;
                Some(ReviewScreen::entry_step(review, index))
            }
            Picked::Point => review.win_probability.get(self.point).map(|p| p.step),
        }
    }
}

impl Drop for ReviewScreen {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The last point of the chart at or before `step`.
fn point_at(review: &Review, step: usize) -> Option<usize> {
    review
        .win_probability
        .iter()
        .rposition(|point| point.step <= step)
}
