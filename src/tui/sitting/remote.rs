//! A seat at a table shared over `parlor host`: the sitting shows what the table's
//! authority sends, and passes on its person's choices.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::{Duration, Instant};

use super::Sitting;
use crate::shared_table::{Joined, SharedTable, Update};
use crate::stage::{Pacing, Stage};
use crate::table::{Seat, Table};

/// A place at a table shared over `parlor host`: its authority plays the table, and this
/// screen only shows the steps it sends and passes on its person's choices.
pub struct RemoteSeat {
    pub table: Arc<SharedTable>,
    /// This person's seat; `None`: watching.
    pub seat: Option<u8>,
    /// This person opened the table, and starts the game.
    pub creator: bool,
    /// The game has started (until then the table waits for people).
    pub started: bool,
    /// The table let go of this screen: the host sent them away, or closed.
    pub lost: bool,
    /// The table ended before its game did: why.
    pub ended: Option<String>,
    /// What the table told everyone, not yet shown.
    pub told: Vec<String>,
    /// Whose turn is on the clock, and when their time runs out.
    clock: Option<(u8, Instant)>,
    /// The clock as last looked at: whose turn, and whole seconds left.
    pub clock_shown: Option<(u8, u64)>,
    id: u64,
    updates: Receiver<Update>,
}

impl Drop for RemoteSeat {
    /// Leaving the screen leaves the table: a bot plays the seat until they come back.
    fn drop(&mut self) {
        self.table.leave(self.id);
    }
}

/// A shared table's seats as one person sees them: their own is "You".
fn seen_from(mut seats: Vec<Seat>, seat: Option<u8>) -> Vec<Seat> {
    if let Some(own) = seat.and_then(|s| seats.get_mut(usize::from(s))) {
        own.name = crate::table::default_human_name(0);
    }
    seats
}

impl Sitting {
    /// Sit at (or watch) a shared table, as far as it has got.
    pub fn remote(joined: Joined, pacing: Pacing) -> Self {
        let Joined {
            table,
            mut setup,
            started,
            history,
            seat,
            creator,
            id,
            updates,
        } = joined;
        setup.seats = seen_from(setup.seats, seat);
        let mut sitting = Sitting::new(setup, false, pacing);
        let mut live = sitting.table().clone();
        for step in history {
            live.replay_step(step)
                .expect("the table's authority played this step on the same table");
        }
        sitting.stage = Stage::new(live, pacing, false);
        // The authority records the game, for everyone at it.
        sitting.recorded = true;
        sitting.remote = Some(RemoteSeat {
            table,
            seat,
            creator,
            started,
            lost: false,
            ended: None,
            told: Vec::new(),
            clock: None,
            clock_shown: None,
            id,
            updates,
        });
        sitting
    }

    /// Take in what the shared table sent since the last look.
    pub(super) fn hear(&mut self, now: Instant) {
        let Some(remote) = &mut self.remote else {
            return;
        };
        loop {
            let update = match remote.updates.try_recv() {
                Ok(update) => update,
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => {
                    remote.lost = true;
                    return;
                }
            };
            match update {
                Update::Started(seats) => {
                    remote.started = true;
                    self.setup.seats = seen_from(seats, remote.seat);
                    let table = Table::new(
                        self.setup.settings,
                        self.setup.seats.clone(),
                        self.setup.seed,
                    );
                    self.stage = Stage::new(table, self.stage.pacing(), false);
                }
                Update::Seated { seat, name } | Update::Renamed { seat, name } => {
                    if Some(seat) != remote.seat {
                        self.stage.rename_seat(seat, &name);
                    }
                }
                Update::Step(step) => {
                    // A step that does not fit is the authority's bug: the rest is shown.
                    let _ = self.stage.replay(step, now);
                    remote.clock = None;
                }
                Update::Clock { seat, left } => remote.clock = Some((seat, now + left)),
                Update::Told(news) => remote.told.push(news),
                Update::Ended(why) => remote.ended = Some(why),
            }
        }
    }

    /// The turn clock at `now`: whose turn, and the whole seconds they have left (a part
    /// of one counts as one).
    pub(super) fn clock_at(&self, now: Instant) -> Option<(u8, u64)> {
        let (seat, until) = self.remote.as_ref()?.clock?;
        let left = until.saturating_duration_since(now);
        Some((seat, left.as_secs() + u64::from(left.subsec_nanos() > 0)))
    }

    /// How long until the turn clock shows another second, while it runs.
    pub(super) fn clock_ticks_in(&self, now: Instant) -> Option<Duration> {
        let (_, until) = self.remote.as_ref()?.clock?;
        let left = until.checked_duration_since(now).filter(|l| !l.is_zero())?;
        let part = Duration::from_nanos(u64::from(left.subsec_nanos()));
        Some(if part.is_zero() {
            Duration::from_secs(1)
        } else {
            part
        })
    }
}
