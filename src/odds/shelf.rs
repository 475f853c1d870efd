//! The odds solvers of every table in the process, on one shelf: tables alike share a
//! solver, what the solvers keep between answers is held under a limit, and only a few
//! solves run at once.
//!
//! A solver keeps every chain it solved (tens of megabytes at the largest tables the
//! exact budget takes) and a first solve works every core for up to a second. A parlor on
//! its own has one table at a time; `parlor host` may have dozens of guests, each at a table
//! of their own, and each solver kept by its table would let one stranger with many
//! logins hold that much memory a login, and keep every core busy. On the shelf, guests
//! at tables of the same settings and bots share one solver; the solvers kept hold at
//! most [`KEPT_BYTES`] between answers, the least recently used let go first (it only has
//! to solve again); and at most [`SOLVES_AT_ONCE`] solves (or reviews) run at once, the
//! others waiting their turn.

use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};

use super::OddsSolver;
use crate::games::{BotLevel, Settings};

/// What the shared shelf's solvers may keep between answers: a few of the largest chains
/// the exact budget takes, and room for smaller ones beside them.
const KEPT_BYTES: usize = 192 << 20;

/// Solves the shared shelf runs at once: each level solve already works every core, so
/// more at once would only hold more memory at its peak.
const SOLVES_AT_ONCE: usize = 2;

/// Solvers by the tables they serve, and turns to solve.
pub struct Shelf {
    state: Mutex<State>,
    /// Told each time a turn ends.
    turn_ended: Condvar,
    kept_limit: usize,
    at_once: usize,
}

struct State {
    /// The least recently asked first.
    kept: Vec<Kept>,
    /// Turns taken and not yet ended.
    turns: usize,
}

/// A solver on the shelf, and what it kept after its last answer.
struct Kept {
    settings: Settings,
    level: BotLevel,
    solver: Arc<Mutex<OddsSolver>>,
    bytes: usize,
}

/// A turn to solve: the next waiting solve may start when it is dropped.
pub struct Turn<'a> {
    shelf: &'a Shelf,
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        self.shelf.state().turns -= 1;
        self.shelf.turn_ended.notify_one();
    }
}

impl Shelf {
    /// The process's shelf: every table's odds panel solves on it.
    pub fn shared() -> &'static Shelf {
        static SHARED: OnceLock<Shelf> = OnceLock::new();
        SHARED.get_or_init(|| Shelf::new(KEPT_BYTES, SOLVES_AT_ONCE))
    }

    /// A shelf whose solvers keep at most `kept_limit` bytes between answers (one solver
    /// alone may keep more: the one just asked stays), running `at_once` solves at once.
    fn new(kept_limit: usize, at_once: usize) -> Self {
        Shelf {
            state: Mutex::new(State {
                kept: Vec::new(),
                turns: 0,
            }),
            turn_ended: Condvar::new(),
            kept_limit,
            at_once: at_once.max(1),
        }
    }

    /// Run `work`, in its turn, with the solver of tables of `settings` whose bots play at
    /// `level`. A solve for tables alike waits for the one before it, and then mostly
    /// looks its answer up.
    pub fn with_solver<R>(
        &self,
        settings: &Settings,
        level: BotLevel,
        work: impl FnOnce(&mut OddsSolver) -> R,
    ) -> R {
        let solver = self.solver_for(settings, level);
        // The solver first, then the turn: a solve waiting for the same solver holds no
        // turn meanwhile.
        let mut held = match solver.lock() {
            Ok(held) => held,
            Err(poisoned) => {
                // A solve panicked half way: nothing it kept is trusted.
                let mut held = poisoned.into_inner();
                *held = OddsSolver::with_bot(settings, level);
                solver.clear_poison();
                held
            }
        };
        let out = {
            let _turn = self.turn();
            work(&mut held)
        };
        let bytes = held.kept_bytes();
        drop(held);
        self.weigh(&solver, bytes);
        out
    }

    /// Wait for a turn (a solve, or other work of the odds as heavy: a review).
    pub fn turn(&self) -> Turn<'_> {
        let mut state = self.state();
        while state.turns >= self.at_once {
            state = self
                .turn_ended
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        state.turns += 1;
        Turn { shelf: self }
    }

    /// The solver for tables of `settings` and `level`, made if none is kept, and marked
    /// as the most recently asked.
    fn solver_for(&self, settings: &Settings, level: BotLevel) -> Arc<Mutex<OddsSolver>> {
        let mut state = self.state();
        let kept = match state
            .kept
            .iter()
            .position(|kept| kept.settings == *settings && kept.level == level)
        {
            Some(at) => state.kept.remove(at),
            None => Kept {
                settings: *settings,
                level,
                solver: Arc::new(Mutex::new(OddsSolver::with_bot(settings, level))),
                bytes: 0,
            },
        };
        let solver = Arc::clone(&kept.solver);
        state.kept.push(kept);
        solver
    }

    /// Note that `solver` now keeps `bytes`, and let the least recently asked others go
    /// until the shelf is within its limit. One let go while it solves is dropped once
    /// that solve is done.
    fn weigh(&self, solver: &Arc<Mutex<OddsSolver>>, bytes: usize) {
        let mut state = self.state();
        if let Some(kept) = state
            .kept
            .iter_mut()
            .find(|kept| Arc::ptr_eq(&kept.solver, solver))
        {
            kept.bytes = bytes;
        }
        while state.kept.iter().map(|kept| kept.bytes).sum::<usize>() > self.kept_limit {
            let Some(oldest) = state
                .kept
                .iter()
                .position(|kept| !Arc::ptr_eq(&kept.solver, solver))
            else {
                break;
            };
            state.kept.remove(oldest);
        }
    }

    /// Bytes the solvers on the shelf kept after their last answers.
    #[cfg(test)]
    fn kept_bytes(&self) -> usize {
        self.state().kept.iter().map(|kept| kept.bytes).sum()
    }

    /// Solvers on the shelf.
    #[cfg(test)]
    fn solvers(&self) -> usize {
        self.state().kept.len()
    }

    /// The shelf's state. Nothing panics while holding it, but a poisoned lock would only
    /// mean a count or a list in the middle of a change that completes in one step.
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;
    use crate::games::{GameId, SettingsRequest, new_game};

    fn settings(game: GameId, players: u8) -> Settings {
        Settings::new(
            game,
            &SettingsRequest {
                players: Some(players),
                ..SettingsRequest::default()
            },
        )
        .expect("settings")
    }

    #[test]
    fn tables_alike_share_one_solver() {
        let shelf = Shelf::new(usize::MAX, 2);
        let lcr = settings(GameId::Lcr, 4);
        let level = GameId::Lcr.bot_levels()[0];
        let start = new_game(lcr);
        let first = shelf.with_solver(&lcr, level, |solver| {
            solver.win_chances(start.as_ref());
            solver.solved_points()
        });
        assert!(first > 0, "the first table solved its chain");
        let second = shelf.with_solver(&lcr, level, |solver| solver.solved_points());
        assert_eq!(second, first, "the second table found it solved");
        assert_eq!(shelf.solvers(), 1);
        let other = settings(GameId::Lcr, 5);
        shelf.with_solver(&other, level, |solver| {
            assert_eq!(solver.solved_points(), 0);
        });
        assert_eq!(shelf.solvers(), 2, "other settings, another solver");
    }

    #[test]
    fn the_least_recently_asked_solvers_go_beyond_the_limit() {
        let level = GameId::Lcr.bot_levels()[0];
        let tables: Vec<Settings> = (3..=5)
            .map(|players| settings(GameId::Lcr, players))
            .collect();
        let solve = |shelf: &Shelf, table: &Settings| {
            shelf.with_solver(table, level, |solver| {
                solver.win_chances(new_game(*table).as_ref());
                solver.kept_bytes()
            })
        };
        let unlimited = Shelf::new(usize::MAX, 1);
        let sizes: Vec<usize> = tables.iter().map(|t| solve(&unlimited, t)).collect();
        assert!(sizes.iter().all(|&bytes| bytes > 0), "{sizes:?}");
        assert_eq!(unlimited.kept_bytes(), sizes.iter().sum::<usize>());

        // Room for the last two only: the first asked goes.
        let limited = Shelf::new(sizes[1] + sizes[2], 1);
        for table in &tables {
            solve(&limited, table);
        }
        assert_eq!(limited.solvers(), 2);
        assert_eq!(limited.kept_bytes(), sizes[1] + sizes[2]);
        limited.with_solver(&tables[0], level, |solver| {
            assert_eq!(solver.solved_points(), 0, "let go, so solved afresh");
        });

        // Asked again, the first is the most recent: the second goes, not the first.
        let limited = Shelf::new(sizes[0] + sizes[2], 1);
        solve(&limited, &tables[0]);
        solve(&limited, &tables[1]);
        limited.with_solver(&tables[0], level, |_| ());
        solve(&limited, &tables[2]);
        limited.with_solver(&tables[0], level, |solver| {
            assert!(solver.solved_points() > 0, "kept");
        });

        // One solver over the limit on its own stays: it is the one just asked.
        let tiny = Shelf::new(1, 1);
        solve(&tiny, &tables[2]);
        assert_eq!(tiny.solvers(), 1);
    }

    #[test]
    fn no_more_solves_run_at_once_than_the_shelf_allows() {
        let shelf = Shelf::new(usize::MAX, 2);
        let running = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for players in 3..=8 {
                let (shelf, running, most) = (&shelf, &running, &most);
                scope.spawn(move || {
                    let table = settings(GameId::Lcr, players);
                    shelf.with_solver(&table, BotLevel::Standard, |_| {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        // Stay a while, or until a third joins (which it must not): the
                        // solves that may run at once all get to.
                        let deadline = std::time::Instant::now() + Duration::from_millis(100);
                        while most.load(Ordering::SeqCst) <= 2
                            && std::time::Instant::now() < deadline
                        {
                            std::thread::sleep(Duration::from_millis(1));
                        }
                        running.fetch_sub(1, Ordering::SeqCst);
                    });
                });
            }
        });
        assert_eq!(
            most.load(Ordering::SeqCst),
            2,
            "two at a time, and never more"
        );
    }

    #[test]
    fn a_solve_that_panicked_leaves_a_fresh_solver_and_its_turn() {
        let shelf = Shelf::new(usize::MAX, 1);
        let lcr = settings(GameId::Lcr, 4);
        let level = GameId::Lcr.bot_levels()[0];
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            shelf.with_solver(&lcr, level, |solver| {
                solver.win_chances(new_game(lcr).as_ref());
                panic!("half way");
            })
        }));
        assert!(panicked.is_err());
        // The one turn is free again, and the solver starts afresh.
        shelf.with_solver(&lcr, level, |solver| assert_eq!(solver.solved_points(), 0));
    }
}
