//! `parlor sim`: many bots-only games through the real engine, summed into a report.
//!
//! Game `i` draws from words of its own, fixed by the seed and `i` alone ([`RunSeed`]), so
//! the figures do not depend on how the games are scheduled.

mod fast;

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::games::{
    BotLevel, Events, Figures, Game, GameId, RulesVisitor, RunSeed, ScoreTallies, ScoreTally,
    Settings, SimFigure, counted, seat_at,
};

pub use fast::{play_out_fast, play_out_unwatched};

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimOptions {
    pub settings: Settings,
    pub games: u64,
    pub seed: u64,
    /// One bot level per seat.
    pub levels: Vec<BotLevel>,
}

/// Sums of every game's figures; adding two totals is the same as playing both sets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub games: u64,
    pub wins_by_seat: Vec<u64>,
    pub losses_by_seat: Vec<u64>,
    pub turns: u64,
    /// Games by their length: how many games took each number of turns.
    pub games_by_turns: Vec<u64>,
    pub rolls: u64,
    pub finale_throws: u64,
    pub first_sole_holder_wins: u64,
    pub rounds: u64,
    pub scores: ScoreTally,
    pub opening_scores: ScoreTally,
}

impl Totals {
    fn new(players: u8) -> Self {
        Totals {
            wins_by_seat: vec![0; usize::from(players)],
            losses_by_seat: vec![0; usize::from(players)],
            ..Totals::default()
        }
    }

    /// Count one finished game. Seats are counted from the game's first seat.
    // Inlined into the simulator's loop: called, its figures were stored for the call and
    // read back in pieces the stores did not match (3.4% of Aces in the Pot's simulation).
    #[expect(clippy::inline_always, reason = "measured: see above")]
    #[inline(always)]
    pub fn add(&mut self, figures: &Figures, tallies: Option<&ScoreTallies>) {
        let players = self.wins_by_seat.len() as u8;
        // A compare, not the division `%` would cost on every game.
        let relative =
            |seat: u8| usize::from(seat_at(seat, -i32::from(figures.first_seat), players));
        self.games += 1;
        for seat in figures.winners.iter() {
            self.wins_by_seat[relative(seat)] += 1;
        }
        if let Some(loser) = figures.loser {
            self.losses_by_seat[relative(loser)] += 1;
        }
        self.turns += u64::from(figures.turns);
        let turns = figures.turns as usize;
        if self.games_by_turns.len() <= turns {
            self.games_by_turns.resize(turns + 1, 0);
        }
        self.games_by_turns[turns] += 1;
        self.rolls += u64::from(figures.rolls);
        self.finale_throws += u64::from(figures.finale_throws);
        if figures
            .first_sole_holder
            .is_some_and(|s| figures.winners.contains(s))
        {
            self.first_sole_holder_wins += 1;
        }
        self.rounds += u64::from(figures.rounds);
        if let Some(tallies) = tallies {
            self.scores.add(&tallies.all);
            self.opening_scores.add(&tallies.opening);
        }
    }

    /// Fold in another set of games.
    pub fn merge(&mut self, other: &Totals) {
        self.games += other.games;
        for (mine, theirs) in self.wins_by_seat.iter_mut().zip(&other.wins_by_seat) {
            *mine += theirs;
        }
        for (mine, theirs) in self.losses_by_seat.iter_mut().zip(&other.losses_by_seat) {
            *mine += theirs;
        }
        self.turns += other.turns;
        if self.games_by_turns.len() < other.games_by_turns.len() {
            self.games_by_turns.resize(other.games_by_turns.len(), 0);
        }
        for (mine, theirs) in self.games_by_turns.iter_mut().zip(&other.games_by_turns) {
            *mine += theirs;
        }
        self.rolls += other.rolls;
        self.finale_throws += other.finale_throws;
        self.first_sole_holder_wins += other.first_sole_holder_wins;
        self.rounds += other.rounds;
        self.scores.add(&other.scores);
        self.opening_scores.add(&other.opening_scores);
    }

    fn mean(&self, sum: u64) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            sum as f64 / self.games as f64
        }
    }
}

/// Play games `first..first + count` of a run and sum them.
pub fn play_games(options: &SimOptions, first: u64, count: u64) -> Totals {
    // One monomorphised loop per game type: the rules inline into the loop.
    options.settings.game.visit(Typed {
        options,
        first,
        count,
    })
}

/// [`play_games`] for the game's own type, as the registry hands it over.
struct Typed<'a> {
    options: &'a SimOptions,
    first: u64,
    count: u64,
}

impl RulesVisitor for Typed<'_> {
    type Output = Totals;

    fn visit<G: Game + Clone + PartialEq + 'static>(self, new: fn(Settings) -> G) -> Totals {
        play_typed(
            &new(self.options.settings),
            self.options,
            self.first,
            self.count,
        )
    }
}

// Never inlined: one copy of the loop, compiled the same wherever `play_games` is called,
// with the rules inlined into it. Inlined into a caller with several calls (the bench), it
// was built three times over and the rules were left out of line, at a quarter of its speed.
#[inline(never)]
fn play_typed<G: Game + Clone>(
    template: &G,
    options: &SimOptions,
    first: u64,
    count: u64,
) -> Totals {
    let mut totals = Totals::new(options.settings.players);
    // Nobody reads a simulated game's events: only its figures.
    let mut events = Events::discarding();
    let run = RunSeed::new(options.seed);
    let mut rng = run.game(first);
    for index in first..first + count {
        let mut game = template.clone();
        run.restart(&mut rng, index);
        play_out_unwatched(&mut game, &options.levels, &mut rng, &mut events);
        // Copies of the figures, not references into the game: a reference handed to a call
        // kept the whole game in memory all through the loop, where LLVM otherwise holds its
        // state in registers (Aces in the Pot ran 18% more instructions, callgrind).
        let figures = *game.figures();
        let tallies = game.score_tallies().copied();
        totals.add(&figures, tallies.as_ref());
    }
    totals
}

/// A finished run: the totals and how long they took.
#[derive(Clone, Debug)]
pub struct SimRun {
    pub options: SimOptions,
    pub totals: Totals,
    pub elapsed: Duration,
    /// The threads that played the games (the calling thread, when the system started
    /// none), and those the system would not start.
    pub threads: usize,
    pub threads_refused: usize,
}

/// Games a worker takes at a time: big enough that handing out work costs nothing, small
/// enough that threads finish together.
const CHUNK: u64 = 256;

/// Play the whole run on `threads` threads, calling `progress(done, total)` now and then
/// from the calling thread. Games are handed out in chunks by index and every game has its
/// own RNG stream, so the totals are the same for any number of threads: when the system
/// refuses a thread, the run goes on with those it has (or on the calling thread alone).
pub fn run(options: SimOptions, threads: usize, mut progress: impl FnMut(u64, u64)) -> SimRun {
    let start = Instant::now();
    let total = options.games;
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let threads = threads.clamp(
        1,
        usize::try_from(total.div_ceil(CHUNK))
            .unwrap_or(usize::MAX)
            .max(1),
    );
    // Play chunks of games until none are left.
    let work = || {
        let mut totals = Totals::new(options.settings.players);
        loop {
            let first = next.fetch_add(CHUNK, Ordering::Relaxed);
            if first >= total {
                break;
            }
            let count = CHUNK.min(total - first);
            totals.merge(&play_games(&options, first, count));
            done.fetch_add(count, Ordering::Relaxed);
        }
        totals
    };
    let work = &work;
    let (totals, spawned) = std::thread::scope(|scope| {
        // Each worker sends its totals when the games run out; meanwhile the calling thread
        // wakes every 100 ms to report progress, and returns the moment the last one is in.
        let (finished, results) = mpsc::channel();
        let mut spawned = 0;
        for _ in 0..threads {
            let finished = finished.clone();
            let worker = std::thread::Builder::new().spawn_scoped(scope, move || {
                let _ = finished.send(work());
            });
            if worker.is_err() {
                // Out of threads (a process limit, or memory for their stacks): the ones
                // running share the games.
                break;
            }
            spawned += 1;
        }
        drop(finished);
        if spawned == 0 {
            return (work(), 0);
        }
        let mut totals = Totals::new(options.settings.players);
        let mut waiting = spawned;
        while waiting > 0 {
            match results.recv_timeout(Duration::from_millis(100)) {
                Ok(worker) => {
                    totals.merge(&worker);
                    waiting -= 1;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    progress(done.load(Ordering::Relaxed), total);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => panic!("a simulation thread panicked"),
            }
        }
        (totals, spawned)
    });
    SimRun {
        options,
        totals,
        elapsed: start.elapsed(),
        threads: spawned.max(1),
        threads_refused: threads - spawned,
    }
}

#[derive(Serialize)]
struct Opening<'a> {
    turns: u64,
    qualified: u64,
    score_counts: &'a [u64; 25],
}

/// The version of `--json`'s contract: raised when a key changes meaning or goes away (new
/// keys may come without it).
pub const JSON_SCHEMA: u32 = 1;

/// The `--json` contract: keys other tools read.
#[derive(Serialize)]
struct Report<'a> {
    schema: u32,
    game: GameId,
    players: u8,
    games: u64,
    seed: u64,
    elapsed_s: f64,
    games_per_s: f64,
    wins_by_seat: &'a [u64],
    mean_turns: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_sole_holder_wins: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_finale_throws: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_rolls: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    losses_by_seat: Option<&'a [u64]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    turns: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    qualified: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score_counts: Option<&'a [u64; 25]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    opening: Option<Opening<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_rounds: Option<f64>,
}

impl SimRun {
    pub fn games_per_second(&self) -> f64 {
        self.totals.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    fn report(&self) -> Report<'_> {
        let t = &self.totals;
        let game = self.options.settings.game;
        let has = |figure: SimFigure| game.game_type().sim_figures.contains(&figure);
        Report {
            schema: JSON_SCHEMA,
            game,
            players: self.options.settings.players,
            games: t.games,
            seed: self.options.seed,
            elapsed_s: self.elapsed.as_secs_f64(),
            games_per_s: self.games_per_second(),
            wins_by_seat: &t.wins_by_seat,
            mean_turns: t.mean(t.turns),
            first_sole_holder_wins: has(SimFigure::Finale).then_some(t.first_sole_holder_wins),
            mean_finale_throws: has(SimFigure::Finale).then(|| t.mean(t.finale_throws)),
            mean_rolls: has(SimFigure::Rolls).then(|| t.mean(t.rolls)),
            losses_by_seat: has(SimFigure::LossesBySeat).then_some(t.losses_by_seat.as_slice()),
            turns: has(SimFigure::ScoreTallies).then_some(t.scores.turns),
            qualified: has(SimFigure::ScoreTallies).then_some(t.scores.qualified),
            score_counts: has(SimFigure::ScoreTallies).then_some(&t.scores.score_counts),
            opening: has(SimFigure::ScoreTallies).then_some(Opening {
                turns: t.opening_scores.turns,
                qualified: t.opening_scores.qualified,
                score_counts: &t.opening_scores.score_counts,
            }),
            mean_rounds: has(SimFigure::Rounds).then(|| t.mean(t.rounds)),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.report()).expect("a report always serialises")
    }

    /// The readable summary.
    pub fn summary(&self) -> String {
        let t = &self.totals;
        let s = &self.options.settings;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} — {}, {} (seed {})",
            s.game.title(),
            counted(t.games, "game", "games"),
            s.signature(),
            self.options.seed
        );
        let _ = writeln!(
            out,
            "{:.3} s, {:.0} games/s",
            self.elapsed.as_secs_f64(),
            self.games_per_second()
        );
        let figures = s.game.game_type().sim_figures;
        let seat_label = format!("seat ({})", s.game.game_type().seat_zero());
        let _ = writeln!(out, "\n{seat_label:<28} {:>10} {:>8}", "wins", "share");
        for (seat, &wins) in t.wins_by_seat.iter().enumerate() {
            let share = 100.0 * wins as f64 / (t.games.max(1)) as f64;
            let _ = write!(out, "{seat:<28} {wins:>10} {share:>7.2}%");
            if figures.contains(&SimFigure::LossesBySeat) {
                let _ = write!(out, "   losses {:>8}", t.losses_by_seat[seat]);
            }
            out.push('\n');
        }
        let _ = writeln!(out, "\nmean turns per game      {:.3}", t.mean(t.turns));
        for figure in figures {
            match figure {
                SimFigure::LossesBySeat => {}
                SimFigure::Finale => {
                    let _ = writeln!(
                        out,
                        "mean finale throws       {:.4}",
                        t.mean(t.finale_throws)
                    );
                    let _ = writeln!(
                        out,
                        "first sole holder won    {} ({:.2}%)",
                        t.first_sole_holder_wins,
                        100.0 * t.mean(t.first_sole_holder_wins)
                    );
                }
                SimFigure::Rolls => {
                    let _ = writeln!(out, "mean rolls per game      {:.3}", t.mean(t.rolls));
                }
                SimFigure::ScoreTallies => {
                    for (label, tally) in [
                        ("all turns", &t.scores),
                        ("opening turns", &t.opening_scores),
                    ] {
                        let _ = writeln!(
                            out,
                            "{label:<24} {} turns, {:.2}% qualified",
                            tally.turns,
                            100.0 * tally.qualified as f64 / tally.turns.max(1) as f64
                        );
                    }
                }
                SimFigure::Rounds => {
                    let _ = writeln!(out, "mean rounds per game     {:.3}", t.mean(t.rounds));
                }
            }
        }
        out
    }

    /// `--histogram`: the games by length (turns, in at most [`HISTOGRAM_ROWS`] ranges) and
    /// the wins by seat, as bars within 80 columns.
    pub fn histogram(&self) -> String {
        let t = &self.totals;
        let mut out = String::from("Game length in turns\n");
        let first = t.games_by_turns.iter().position(|&games| games > 0);
        let last = t.games_by_turns.iter().rposition(|&games| games > 0);
        if let (Some(first), Some(last)) = (first, last) {
            let span = (last - first + 1).div_ceil(HISTOGRAM_ROWS);
            let rows: Vec<(String, u64)> = (first..=last)
                .step_by(span)
                .map(|low| {
                    let high = (low + span - 1).min(last);
                    let label = if low == high {
                        low.to_string()
                    } else {
                        format!("{low}-{high}")
                    };
                    (label, t.games_by_turns[low..=high].iter().sum())
                })
                .collect();
            bars(&mut out, &rows, t.games);
        }
        let _ = writeln!(
            out,
            "\nWins by seat ({})",
            self.options.settings.game.game_type().seat_zero()
        );
        let rows: Vec<(String, u64)> = t
            .wins_by_seat
            .iter()
            .enumerate()
            .map(|(seat, &wins)| (seat.to_string(), wins))
            .collect();
        bars(&mut out, &rows, t.games);
        out
    }
}

/// Most rows of the game-length histogram.
pub const HISTOGRAM_ROWS: usize = 12;
/// The longest bar, in columns.
const BAR: u64 = 36;

/// One bar per row, the longest for the largest count, with the count and its share of
/// `games`.
fn bars(out: &mut String, rows: &[(String, u64)], games: u64) {
    let most = rows.iter().map(|&(_, count)| count).max().unwrap_or(0);
    let label_width = rows.iter().map(|(label, _)| label.len()).max().unwrap_or(0);
    let count_width = most.to_string().len();
    for (label, count) in rows {
        let length = (count * BAR).div_ceil(most.max(1)) as usize;
        let share = 100.0 * *count as f64 / games.max(1) as f64;
        let _ = writeln!(
            out,
            "  {label:>label_width$}  {:<bar$}  {count:>count_width$} {share:>6.2}%",
            "#".repeat(length),
            bar = BAR as usize
        );
    }
}
