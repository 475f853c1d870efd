//! Each game's tracker: a few short lines on where the game stands. While a step's
//! events land one by one, the tracker follows them (the table before the step, then each
//! event shown so far), so it never says what the log has not yet said, nor lags it.

use super::{Label, SeatInfo};
use crate::games::{Event, SeatNames, View};

/// The game's tracker at rest, a few lines, each with a short form.
pub fn tracker(view: &View, names: &SeatNames) -> Vec<Label> {
    let seats = super::seats(view);
    tracker_during(view, names, &[], &seats, super::centre(view).pot)
}

/// The tracker while a step is shown: `view` is the table before the step, `revealed` the
/// step's events shown so far, `seats` and `pot` what the table shows they hold now.
pub fn tracker_during(
    view: &View,
    names: &SeatNames,
    revealed: &[Event],
    seats: &[SeatInfo],
    pot: u32,
) -> Vec<Label> {
    let held: u32 = seats.iter().map(|s| s.holding.count).sum();
    view.presentation().tracker(names, revealed, held, pot)
}

/// The chips still held by the players, for the chip games' trackers.
pub(crate) fn chips_in_play(total: u32) -> Label {
    Label::new(
        crate::said!(chips_in_play, count = total),
        crate::said!(chips_in_play_short, count = total),
    )
}
