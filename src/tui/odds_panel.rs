//! The odds panel's figures, worked out on a thread of their own: a first solve can take a
//! second or more (Chase the Ace first measures how its rounds fall), and the table must
//! keep moving and answering keys meanwhile.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use crate::games::{BotLevel, Game, View};
use crate::odds::{Hint, Odds, Shelf};

/// How often the loop looks for finished figures while a solve is away. Only then: idle
/// with nothing away, the loop still blocks on input alone.
pub const POLL: Duration = Duration::from_millis(40);

/// What the panel knows while it is open.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OddsPanel {
    /// The position (steps into the game) last asked about.
    pub asked: Option<usize>,
    /// The latest figures that came back, for whichever position they were asked about.
    pub solved: Option<Solved>,
}

impl OddsPanel {
    /// The figures for the position `position`, once they are in: never an earlier
    /// position's figures shown as this one's.
    pub fn for_position(&self, position: usize) -> Option<&Solved> {
        self.solved.as_ref().filter(|s| s.position == position)
    }
}

/// Every seat's chance, and a hint for the decision in front of you.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// The position they are for, in steps into the game.
    pub position: usize,
    pub odds: Odds,
    pub hint: Hint,
}

/// A position to solve.
pub struct Request {
    pub game: Box<dyn Game>,
    /// The level the table's bots play at: the odds are those of the bots' game.
    pub level: BotLevel,
    /// What the deciding human sees, when a human decides: the hint is for them.
    pub decider_view: Option<View>,
    /// Steps into the game, to match the figures to the position they are for.
    pub position: usize,
}

/// The table's odds, worked out on the process's [`Shelf`] (whose solver for tables of
/// these settings keeps what each solve worked out), one position at a time: at most one
/// is away on a thread, and at most one newer position waits for it.
#[derive(Default)]
pub struct OddsWorker {
    away: Option<Receiver<Solved>>,
    waiting: Option<Request>,
}

impl OddsWorker {
    /// Solve `request` as soon as the last position's figures are in; a request still
    /// waiting is dropped for this newer one.
    pub fn request(&mut self, request: Request) {
        if self.away.is_some() {
            self.waiting = Some(request);
        } else {
            self.send(request);
        }
    }

    /// A solve is away (or waiting): the loop should look back within [`POLL`].
    pub fn busy(&self) -> bool {
        self.away.is_some()
    }

    /// Finished figures, if any came back. A waiting position is sent off at once.
    pub fn poll(&mut self) -> Option<Solved> {
        let receiver = self.away.as_ref()?;
        match receiver.try_recv() {
            Ok(done) => Some(self.came_back(done)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.lost();
                None
            }
        }
    }

    /// Block until the figures in hand are for the latest position asked about (tests, and
    /// anything else that cannot go on without them).
    pub fn wait(&mut self) -> Option<Solved> {
        loop {
            let Ok(done) = self.away.as_ref()?.recv() else {
                self.lost();
                continue;
            };
            let figures = self.came_back(done);
            if self.away.is_none() {
                return Some(figures);
            }
        }
    }

    /// The solve panicked: its figures are lost (and the shelf starts its solver afresh),
    /// but nothing must wait on them for ever. A waiting position goes off at once.
    fn lost(&mut self) {
        self.away = None;
        if let Some(newer) = self.waiting.take() {
            self.send(newer);
        }
    }

    fn came_back(&mut self, figures: Solved) -> Solved {
        self.away = None;
        if let Some(newer) = self.waiting.take() {
            self.send(newer);
        }
        figures
    }

    fn send(&mut self, request: Request) {
        let (done, away) = mpsc::channel();
        // The hint's words are made on the worker, in the language of the screen that asked.
        let language = crate::words::spoken();
        std::thread::spawn(move || {
            crate::words::speak(language);
            let settings = *request.game.settings();
            // The shared solver for the win chances only: the hint needs none, and tables
            // alike wait for the solver.
            let odds = Shelf::shared().with_solver(&settings, request.level, |solver| {
                solver.win_chances(request.game.as_ref())
            });
            let figures = Solved {
                position: request.position,
                odds,
                hint: hint(&request),
            };
            // The table may be gone by now; then nobody wants the figures.
            let _ = done.send(figures);
        });
        self.away = Some(away);
    }
}

/// The hint for the decision in front of the deciding human, from their view alone.
fn hint(request: &Request) -> Hint {
    request
        .decider_view
        .as_ref()
        .map_or(Hint::None, crate::odds::hint)
}
