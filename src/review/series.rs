//! The win-probability series of a game, and its biggest swings.
//!
//! Points come from the [`OddsSolver`], every seat taken to play as the table's bots do:
//! exact lookups in the solved chain where the game has one that fits, Monte Carlo
//! playouts where it does not (Forty-One, big tables; Chase the Ace's chain is built from
//! measured rounds, so it is an estimate too). The playouts are what costs, so a review
//! spends a fixed [`Budget`] on them: the fewer points, the more games each. The points
//! answered by playouts are shared out between threads, each answer seeded from its
//! position, while one of them asks the solved chain for the rest in game order, so the
//! series is the same for any number of threads.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::games::{
    Action, BotLevel, Event, Events, Game, GameId, Narrator, Progress, Turn, game_rng,
};
use crate::odds::{Odds, OddsSolver};
use crate::table::{Step, Table, step_without_humans};

use super::{Effort, Swing, WinPoint};

/// Most points a series holds: a chart is a few hundred columns at the most.
const MOST_POINTS: usize = 240;
/// Fewest games an estimated point plays (a standard error of 5 points at worst): fewer
/// points rather than fewer games, or the chart is noise and no swing stands out of it.
const FEWEST_SAMPLES: u32 = 100;
/// Most games an estimated point plays (a standard error of 1.6 points at worst).
const MOST_SAMPLES: u32 = 1_000;
/// Swings listed at most.
const MOST_SWINGS: usize = 5;
/// The smallest move of a seat's chance worth calling a swing.
const LEAST_SWING: f64 = 0.05;

/// What the Monte Carlo points of one review may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Engine steps all playouts may take together, a playout from a point counted as the
    /// steps the recorded game took from there to its end.
    pub playout_steps: u64,
    /// Threads to share the points answered by playouts between (those answered from a
    /// solved chain are asked of one solver, in game order).
    pub threads: usize,
}

impl Default for Budget {
    /// About three seconds of playouts on one core of the build machine (a step of an
    /// eight-player Forty-One match with expert bots takes about 0.06 µs in a release
    /// build), on every core.
    fn default() -> Self {
        Budget {
            playout_steps: 48_000_000,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
        }
    }
}

/// A walk through a recorded game, step by step: where the log stands after each step and
/// the positions that may become points.
pub(super) struct Walk {
    game: GameId,
    /// Positions that may become points, with the steps played before them.
    candidates: Vec<(usize, Box<dyn Game>)>,
    /// The log's length after each number of steps (0 at the start).
    log_ends: Vec<usize>,
    turns: u32,
    rounds: u32,
}

impl Walk {
    pub(super) fn new(start: &dyn Game) -> Walk {
        Walk {
            game: start.settings().game,
            candidates: vec![(0, start.clone_box())],
            log_ends: vec![0],
            turns: start.figures().turns,
            rounds: start.figures().rounds,
        }
    }

    /// `step` was just played, leaving `game` and a log of `log_len` events.
    pub(super) fn stepped(&mut self, step: Step, game: &dyn Game, log_len: usize) {
        self.log_ends.push(log_len);
        let figures = game.figures();
        // One point per turn where the odds take long to answer, one per round where they
        // only change with the round; the dice games' exact odds after every step but a
        // bare roll (the dice have yet to land).
        let point = match self.game.game_type().progress {
            Progress::Turns => figures.turns != self.turns,
            Progress::Rounds => figures.rounds != self.rounds,
            Progress::Steps => !matches!(
                step,
                Step::Action {
                    action: Action::Roll,
                    ..
                }
            ),
        };
        (self.turns, self.rounds) = (figures.turns, figures.rounds);
        if point {
            self.candidates
                .push((self.log_ends.len() - 1, game.clone_box()));
        }
    }

    pub(super) fn log_ends(&self) -> &[usize] {
        &self.log_ends
    }

    /// The series of the game whose last table is `last`, within `budget`; `None` once
    /// `stop` is set (the screen that asked is gone).
    pub(super) fn win_chances(
        &self,
        last: &Table,
        budget: &Budget,
        stop: &AtomicBool,
    ) -> Option<(Vec<WinPoint>, Effort)> {
        let steps = self.log_ends.len() - 1;
        // The odds are those of the bots' game, as at the table.
        let level = last.first_bot_level();
        // An abandoned game's playouts go on past its recorded end, to the end of the
        // match: a 999-round match left after 100 rounds plays 899 more from every point.
        // What that costs is measured by playing it out once.
        let beyond_the_end = match last.game().turn() {
            Turn::Over => 0,
            Turn::Chance | Turn::Seat(_) => playout_steps(last, level),
        };
        let mut candidates: Vec<(usize, &dyn Game)> = self
            .candidates
            .iter()
            .map(|(step, game)| (*step, game.as_ref()))
            .collect();
        if candidates.last().map(|c| c.0) != Some(steps) {
            candidates.push((steps, last.game()));
        }
        let left = |points: &[(usize, &dyn Game)]| -> u64 {
            points
                .iter()
                .map(|(step, _)| (steps - step) as u64 + beyond_the_end)
                .sum()
        };
        let samples_for =
            |points: &[(usize, &dyn Game)]| budget.playout_steps / left(points).max(1);
        let mut points = spread(&candidates, MOST_POINTS);
        while samples_for(&points) < u64::from(FEWEST_SAMPLES) && points.len() > 2 {
            // Thinning the points evenly cuts the steps left after them about in proportion.
            let fewer = points.len() as u64 * samples_for(&points) / u64::from(FEWEST_SAMPLES);
            points = spread(&candidates, (fewer as usize).clamp(2, points.len() - 1));
        }
        let samples =
            samples_for(&points).clamp(u64::from(FEWEST_SAMPLES), u64::from(MOST_SAMPLES)) as u32;
        let settings = *last.game().settings();
        let solver = || OddsSolver::with_bot(&settings, level).with_games(samples);
        // The points up to the first one answered from a chain are playouts, each the same
        // on any thread (seeded from its position); the chain's points are asked of one
        // solver in game order, as the table's odds are: a chain's values carry rounding
        // from wherever it was first solved (to about 1e-12). Chips, dice and lives only
        // leave play, so once a chain answers, every later point is in one.
        let mut probe = solver();
        let playouts = points
            .iter()
            .take_while(|(_, game)| probe.plays_out(*game))
            .count();
        let answers = answer(&points, playouts, budget.threads, stop, solver)?;
        let series = points
            .iter()
            .zip(answers)
            .map(|(&(step, game), odds)| WinPoint {
                step,
                turn: turn_in_play(game),
                moment: moment(game),
                seat_win: odds.seat_win,
                method: odds.method,
                std_error: odds.std_error,
            })
            .collect::<Vec<_>>();
        let effort = Effort {
            points: series.len(),
            samples_per_point: samples,
        };
        Some((series, effort))
    }
}

/// The engine steps one bots-only playout takes from the end of the recorded game `last`
/// to the end of its match (seeded from the game's own seed: the same figure every time).
fn playout_steps(last: &Table, level: BotLevel) -> u64 {
    let mut playout = last.game().clone_box();
    let levels = vec![level; usize::from(playout.players())];
    let mut rng = game_rng(last.seed(), u64::MAX);
    let mut events = Events::discarding();
    let mut steps = 0;
    while step_without_humans(playout.as_mut(), &levels, &mut rng, &mut events).is_some() {
        steps += 1;
    }
    steps
}

/// When a position stands, in words: "turn 14", "round 3"; in the Aces in the Pot finale,
/// whose throws are all one turn, the throw: "the finale's throw 2 of 3".
fn moment(game: &dyn Game) -> String {
    if let Some(moment) = game.view(None).presentation().moment() {
        return moment;
    }
    format!(
        "{} {}",
        game.settings().game.game_type().progress.word(),
        turn_in_play(game)
    )
}

/// The turn in play at a position, counted from 1 (Chase the Ace: the round); at the end,
/// the last.
fn turn_in_play(game: &dyn Game) -> u32 {
    let figures = game.figures();
    // Forty-One and Chase the Ace count the turns and rounds finished.
    let in_play = u32::from(game.turn() != Turn::Over);
    match game.settings().game.game_type().progress {
        Progress::Turns => figures.turns + in_play,
        Progress::Rounds => figures.rounds + in_play,
        Progress::Steps => figures.turns,
    }
}

/// At most `most` of `items`, evenly spread, the first and the last among them.
fn spread<T: Copy>(items: &[T], most: usize) -> Vec<T> {
    if items.len() <= most {
        return items.to_vec();
    }
    let last = items.len() - 1;
    let gaps = most - 1;
    (0..most).map(|i| items[i * last / gaps]).collect()
}

/// Each position's odds from solvers of `solver`'s making, on up to `threads` threads:
/// the points after the first `playouts` as one job, in order, on one solver (the first
/// taken, so that it starts fresh); each of the first `playouts` as a job of its own, for
/// whichever thread is free. `None` once `stop` is set, each thread giving up before its
/// next position.
fn answer(
    points: &[(usize, &dyn Game)],
    playouts: usize,
    threads: usize,
    stop: &AtomicBool,
    solver: impl Fn() -> OddsSolver + Sync,
) -> Option<Vec<Odds>> {
    // The chain's points first, so that the thread taking them starts on a fresh solver.
    let jobs: Vec<std::ops::Range<usize>> = std::iter::once(playouts..points.len())
        .filter(|chain| !chain.is_empty())
        .chain((0..playouts).map(|i| i..i + 1))
        .collect();
    let next_job = AtomicUsize::new(0);
    let mut answers: Vec<Option<Odds>> = vec![None; points.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.clamp(1, jobs.len().max(1)))
            .map(|_| {
                let (solver, next_job, jobs) = (&solver, &next_job, &jobs);
                scope.spawn(move || {
                    let mut solver = solver();
                    let mut answered = Vec::new();
                    loop {
                        let Some(job) = jobs.get(next_job.fetch_add(1, Ordering::Relaxed)) else {
                            return answered;
                        };
                        for i in job.clone() {
                            if stop.load(Ordering::Relaxed) {
                                return answered;
                            }
                            answered.push((i, solver.win_chances(points[i].1)));
                        }
                    }
                })
            })
            .collect();
        for worker in workers {
            for (i, odds) in worker.join().expect("an odds thread finishes") {
                answers[i] = Some(odds);
            }
        }
    });
    // A thread that gave up left its points unanswered.
    answers.into_iter().collect()
}

/// The biggest moves of a seat's chance between consecutive points of the game whose last
/// table is `last`, in game order: for each pair of points the seat that moved most, kept
/// when it moved at least [`LEAST_SWING`] and, between estimates, more than twice their
/// combined standard error. `log_ends[s]` is the length of the game's log after `s` steps.
pub(super) fn swings(points: &[WinPoint], last: &Table, log_ends: &[usize]) -> Vec<Swing> {
    let settings = last.game().settings();
    let names = last.names();
    let narrator = Narrator::new(settings, &names);
    let log = last.log();
    let mut swings: Vec<Swing> = points
        .windows(2)
        .filter_map(|pair| {
            let [before, after] = pair else {
                unreachable!("windows of two")
            };
            let (seat, change) = before
                .seat_win
                .iter()
                .zip(&after.seat_win)
                .map(|(b, a)| a - b)
                .zip(0..)
                .map(|(change, seat)| (seat, change))
                // Moves equal but for the solver's rounding (a winner's gain, a loser's
                // loss) go to the first seat, however the chain was solved.
                .max_by(|x, y| {
                    let size = |change: f64| (change.abs() * 1e9).round();
                    size(x.1).total_cmp(&size(y.1)).then(y.0.cmp(&x.0))
                })?;
            let noise = 2.0
                * before
                    .std_error
                    .unwrap_or(0.0)
                    .hypot(after.std_error.unwrap_or(0.0));
            if change.abs() < LEAST_SWING || change.abs() <= noise {
                return None;
            }
            let what = headline(&log[log_ends[before.step]..log_ends[after.step]], &narrator);
            let mut label = crate::said!(
                review_swing,
                name = names.name(seat),
                change = format!("{:+.0}", 100.0 * change),
                moment = &before.moment
            );
            if !what.is_empty() {
                label = crate::said!(review_swing_what, swing = label, what = &what);
            }
            Some(Swing {
                from_step: before.step,
                step: after.step,
                turn: before.turn,
                seat,
                change,
                what,
                label,
            })
        })
        .collect();
    swings.sort_by(|a, b| b.change.abs().total_cmp(&a.change.abs()));
    swings.truncate(MOST_SWINGS);
    swings.sort_by_key(|s| s.step);
    swings
}

/// What happened in `events`, in a sentence or two: the two that tell most, in order.
fn headline(events: &[Event], narrator: &Narrator) -> String {
    let Some(most) = events.iter().map(telling).max() else {
        return String::new();
    };
    let chosen: Vec<&Event> = events.iter().filter(|e| telling(e) == most).collect();
    // The last of several equally telling events (a turn's last roll, the round's end).
    chosen
        .iter()
        .rev()
        .take(2)
        .rev()
        .map(|e| narrator.sentence(e))
        .collect::<Vec<_>>()
        .join(". ")
}

/// How much an event tells of why the odds moved.
fn telling(event: &Event) -> u8 {
    match event {
        Event::Wins { .. } | Event::Loses { .. } | Event::MatchWon { .. } => 6,
        Event::Out { .. } | Event::OutOfMatch { .. } | Event::Reset | Event::VoidRound => 5,
        Event::LostLife { .. }
        | Event::OnGrace { .. }
        | Event::RoundWon { .. }
        | Event::RoundShared { .. }
        | Event::RoundTied { .. }
        | Event::FinaleBegins { .. }
        | Event::NormalPlayResumes { .. }
        | Event::Opens { .. } => 4,
        Event::Scored { .. }
        | Event::WildTakes { .. }
        | Event::ThreeTravels { .. }
        | Event::ThreeKept { .. }
        | Event::ThrowForgiven { .. }
        | Event::KingThrown { .. } => 3,
        Event::Rolled { .. }
        | Event::RolledPolyhedral { .. }
        | Event::SafeThrow { .. }
        | Event::ThrowBought { .. }
        | Event::Exchanged { .. }
        | Event::Cut { .. } => 2,
        Event::Skipped { .. }
        | Event::Moved { .. }
        | Event::OpeningTie { .. }
        | Event::WildFizzles { .. }
        | Event::SetDown { .. }
        | Event::PenaltyOwed { .. }
        | Event::PenaltyPaid { .. }
        | Event::RoundBegins { .. }
        | Event::Dealt { .. }
        | Event::Kept { .. }
        | Event::Shown { .. } => 1,
    }
}
