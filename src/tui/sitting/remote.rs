//! A seat at a table shared over `parlor host`: the sitting shows what the table's
//! authority sends, and passes on its person's choices.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::{Duration, Instant};

use super::{Sitting, TableSource};
use crate::shared_table::{Joined, SharedTable, Update, seen_from, yours_to_decide};
use crate::stage::{Pacing, Stage};
use crate::table::{GameSetup, Table};

/// A place at a table shared over `parlor host`: its authority plays the table, and this
/// screen only shows the steps it sends and passes on its person's choices.
#[allow(clippy::struct_excessive_bools)] // independent facts about one seat, each told by the table
pub struct RemoteSeat {
    /// The table's authority: only this seat's own acts go to it.
    pub(super) table: Arc<SharedTable>,
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
    /// The table's authority has recorded the game since this screen last asked: the
    /// records this person is shown are to be read again.
    recorded: bool,
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

impl Sitting {
    /// Sit at (or watch) a shared table, as far as it has got.
    pub fn remote(joined: Joined, pacing: Pacing) -> Self {
        let live = joined.table_so_far();
        let Joined {
            table,
            setup,
            started,
            seat,
            creator,
            id,
            updates,
            ..
        } = joined;
        let remote = RemoteSeat {
            table,
            seat,
            creator,
            started,
            lost: false,
            ended: None,
            told: Vec::new(),
            recorded: false,
            clock: None,
            clock_shown: None,
            id,
            updates,
        };
        let mut sitting = Sitting::of_kind(setup, pacing, TableSource::Shared(remote));
        sitting.stage = Stage::new(live, pacing, false);
        sitting
    }

    /// The shared table this screen sits at, if it is one.
    pub fn shared_seat(&self) -> Option<&RemoteSeat> {
        match &self.kind {
            TableSource::Shared(remote) => Some(remote),
            TableSource::Local(_) | TableSource::Replay(_) => None,
        }
    }

    /// The latest of what the shared table told everyone since the last look, once.
    pub fn take_news(&mut self) -> Option<String> {
        let TableSource::Shared(remote) = &mut self.kind else {
            return None;
        };
        let news = remote.told.pop();
        // The latest is what matters now; the table's log keeps the moves.
        remote.told.clear();
        news
    }

    /// Whether the table's authority has recorded the game since the last ask: the
    /// person's own records, kept by it in their folder on the host, are to be read again.
    pub fn take_recorded(&mut self) -> bool {
        match &mut self.kind {
            TableSource::Shared(remote) => std::mem::take(&mut remote.recorded),
            TableSource::Local(_) | TableSource::Replay(_) => false,
        }
    }

    /// The shared table let go of this screen: why, and whether it ended (rather than
    /// this screen losing it).
    pub fn let_go(&self) -> Option<LetGo> {
        let remote = self.shared_seat()?;
        if let Some(why) = &remote.ended {
            return Some(LetGo {
                why: why.clone(),
                ended: true,
            });
        }
        remote.lost.then(|| LetGo {
            why: crate::said!(notice_no_longer_at_table, table = remote.table.name()),
            ended: false,
        })
    }

    /// Before a shared table's game starts, its creator's Enter starts it. Whether it did.
    pub fn start_shared_table(&self) -> bool {
        match self.shared_seat() {
            Some(remote) if remote.creator && !remote.started => {
                remote.table.start();
                true
            }
            _ => false,
        }
    }
}

/// Why a shared table let go of a screen.
pub struct LetGo {
    pub why: String,
    /// The table ended (the screen goes back to the tables); else the screen lost it.
    pub ended: bool,
}

impl RemoteSeat {
    /// The shared table's name.
    pub fn table_name(&self) -> &str {
        self.table.name()
    }

    /// The seat whose decision is this screen's to make now.
    pub(super) fn to_decide(&self, table: &Table) -> Option<u8> {
        yours_to_decide(table, self.seat, self.started)
    }

    /// Take in what the shared table sent since the last look, onto `stage`.
    pub(super) fn hear(&mut self, stage: &mut Stage, setup: &mut GameSetup, now: Instant) {
        loop {
            let update = match self.updates.try_recv() {
                Ok(update) => update,
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.lost = true;
                    break;
                }
            };
            match update {
                Update::Started(seats) => {
                    self.started = true;
                    setup.seats = seats;
                    *stage = Stage::new(seen_from(setup, self.seat), stage.pacing(), false);
                }
                Update::Seated { seat, name } | Update::Renamed { seat, name } => {
                    stage.rename_seat(seat, &name);
                }
                Update::Step(step) => {
                    // A step that does not fit is the authority's bug: the rest is shown.
                    let _ = stage.replay(step, now);
                    self.clock = None;
                }
                Update::Clock { seat, left } => self.clock = Some((seat, now + left)),
                Update::Told(news) => self.told.push(news),
                Update::Ended(why) => self.ended = Some(why),
                Update::Recorded => self.recorded = true,
            }
        }
        self.clock_shown = self.clock_at(now);
    }

    /// The turn clock at `now`: whose turn, and the whole seconds they have left (a part
    /// of one counts as one).
    fn clock_at(&self, now: Instant) -> Option<(u8, u64)> {
        let (seat, until) = self.clock?;
        let left = until.saturating_duration_since(now);
        Some((seat, left.as_secs() + u64::from(left.subsec_nanos() > 0)))
    }

    /// How long until the turn clock shows another second, while it runs.
    pub(super) fn clock_ticks_in(&self, now: Instant) -> Option<Duration> {
        let (_, until) = self.clock?;
        let left = until.checked_duration_since(now).filter(|l| !l.is_zero())?;
        let part = Duration::from_nanos(u64::from(left.subsec_nanos()));
        Some(if part.is_zero() {
            Duration::from_secs(1)
        } else {
            part
        })
    }
}
