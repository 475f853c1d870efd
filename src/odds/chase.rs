//! Chase the Ace: win chances over lives and the deal, and the keep-or-change hint.
//!
//! A round's play depends only on how many players are in (and the variants), never on
//! their lives, so one round is one chance step of a chain over (lives, grace, who is in,
//! dealer). How a round falls (which positions from the dealer's left lose a life, and
//! whether a dealer's double burn costs two) is measured by playing rounds through the
//! engine with the table's bots, so the chain is the bots' game. Each outcome is then
//! applied to a position through the engine itself: a stacked deck that gives the losers
//! the lowest cards, everyone keeping (the dealer cutting into a burn), and the engine's
//! own showdown takes the lives, puts players out or on grace, voids or resets.
//!
//! Because the round outcomes are measured, the answer is a Monte Carlo estimate: its
//! standard error comes from solving the chain again with each of [`BATCHES`] independent
//! batches of measured rounds.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::chain::{Key, Model, Next, Point, SetsUp, Values, Visit, threads};
use super::{ChaseHint, Method, Odds};
use crate::games::chance::DECK_SIZE;
use crate::games::chase_the_ace::{ChaseTheAce, ChaseView, Phase, expert};
use crate::games::{
    Action, BotLevel, Card, Chance, Deck, Events, Game, GameRng, SeatSet, Settings, Turn, Variants,
    game_rng,
};
use crate::table::step_without_humans;

/// Independent batches the measured rounds are split into, for the standard error.
pub(crate) const BATCHES: usize = 4;

/// Lives every seat holds while rounds are measured: more than one round can take, so the
/// engine never puts anyone out or voids a measured round.
const MEASURE_LIVES: u8 = 9;

/// Seed of the measured rounds.
const MEASURE_SEED: u64 = 0x00c4_a5e0_ace5;

/// How one round fell, by position in the deal (bit `i`: the `i`-th seat left of the
/// dealer; the dealer is the last position).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub(crate) struct Outcome {
    losers: u16,
    /// The dealer cut into a double burn and loses two lives.
    burned: bool,
}

/// How rounds with a given number of players fall: overall and batch by batch.
#[derive(Clone, Debug)]
pub(crate) struct RoundTable {
    outcomes: Vec<Measured>,
}

/// One way a round fell, how often, and the deck that deals it.
#[derive(Clone, Debug)]
struct Measured {
    /// Its probability over all the rounds measured.
    all: f64,
    /// Its probability in each batch.
    batches: [f64; BATCHES],
    outcome: Outcome,
    /// The deck [`apply_outcome`] plays it with, stacked once per table: the chain applies
    /// every outcome at every point, millions of times.
    deck: Deck,
}

/// Rounds to measure per table, by the bots' cost: the expert works each decision out
/// (microseconds, the first time a situation comes up on a thread), the threshold bot
/// looks at its card.
fn rounds_to_measure(level: BotLevel, players: u8) -> u32 {
    match level {
        BotLevel::Expert => (5_000 / u32::from(players)).max(500),
        _ => 40_000,
    }
}

type TableKey = (Variants, u8, BotLevel);

/// Round tables measured so far in this process: measuring is the slow part.
fn tables() -> &'static Mutex<HashMap<TableKey, Arc<RoundTable>>> {
    static TABLES: OnceLock<Mutex<HashMap<TableKey, Arc<RoundTable>>>> = OnceLock::new();
    TABLES.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The round table for `players` in, measured once per process.
pub(crate) fn round_table(settings: &Settings, players: u8, level: BotLevel) -> Arc<RoundTable> {
    let key = (settings.variants, players, level);
    if let Some(table) = tables().lock().expect("table cache").get(&key) {
        return Arc::clone(table);
    }
    let table = Arc::new(measure(settings, players, level));
    tables()
        .lock()
        .expect("table cache")
        .entry(key)
        .or_insert(table)
        .clone()
}

/// Play rounds of `players` through the engine with bots at `level` and count how they
/// fall. The rounds are shared out between threads by index, so the counts are the same
/// on any number of cores.
fn measure(settings: &Settings, players: u8, level: BotLevel) -> RoundTable {
    let rounds = rounds_to_measure(level, players);
    let threads = threads() as u32;
    let counts = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || measure_some(settings, players, level, rounds, t, threads))
            })
            .collect();
        let mut counts: HashMap<Outcome, [u32; BATCHES]> = HashMap::new();
        for worker in workers {
            for (outcome, batch) in worker.join().expect("a measuring thread finishes") {
                for (sum, count) in counts.entry(outcome).or_default().iter_mut().zip(batch) {
                    *sum += count;
                }
            }
        }
        counts
    });
    let mut outcomes: Vec<Measured> = counts
        .into_iter()
        .map(|(outcome, batch)| {
            let all: u32 = batch.iter().sum();
            Measured {
                all: f64::from(all) / f64::from(rounds),
                batches: std::array::from_fn(|b| {
                    let size = (rounds as usize + BATCHES - 1 - b) / BATCHES;
                    f64::from(batch[b]) / size as f64
                }),
                outcome,
                deck: stacked_deck(usize::from(players), outcome),
            }
        })
        .collect();
    outcomes.sort_by_key(|o| o.outcome);
    RoundTable { outcomes }
}

/// Rounds `first, first + step, ...` below `rounds`, counted by outcome and batch.
fn measure_some(
    settings: &Settings,
    players: u8,
    level: BotLevel,
    rounds: u32,
    first: u32,
    step: u32,
) -> HashMap<Outcome, [u32; BATCHES]> {
    let round_settings = Settings {
        players,
        lives: MEASURE_LIVES,
        ..*settings
    };
    let template = ChaseTheAce::new(round_settings);
    let levels = vec![level; usize::from(players)];
    let mut counts: HashMap<Outcome, [u32; BATCHES]> = HashMap::new();
    let mut events = Events::discarding();
    for round in (first..rounds).step_by(step as usize) {
        let mut game = template.clone();
        let mut rng = game_rng(MEASURE_SEED ^ u64::from(players), u64::from(round));
        // The deal, then every decision up to the showdown.
        step_without_humans(&mut game, &levels, &mut rng, &mut events);
        while matches!(game.turn(), Turn::Seat(_)) {
            step_without_humans(&mut game, &levels, &mut rng, &mut events);
        }
        // Dealer 0: position i is seat i + 1, the dealer the last position.
        let lost = |seat: u8| MEASURE_LIVES - game.lives()[usize::from(seat)];
        let mut losers = 0;
        for position in 0..players {
            if lost((position + 1) % players) > 0 {
                losers |= 1 << position;
            }
        }
        let outcome = Outcome {
            losers,
            burned: lost(0) == 2,
        };
        counts.entry(outcome).or_default()[round as usize % BATCHES] += 1;
    }
    counts
}

/// The deck that deals `outcome` to `positions` players: the losers get Aces and everyone
/// else a Queen or lower (never a King, which could stop the round), and a burning dealer
/// cuts a second Ace. The deck in order, the round's cards swapped to the top.
fn stacked_deck(positions: usize, outcome: Outcome) -> Deck {
    let mut cards = *Deck::ordered().cards();
    let mut place: [usize; DECK_SIZE] = std::array::from_fn(|index| index);
    let mut aces = (0..4).map(|suit| Card::new(1, suit));
    let mut others = (2..=12u8)
        .rev()
        .flat_map(|rank| (0..4).map(move |suit| Card::new(rank, suit)));
    for position in 0..positions + usize::from(outcome.burned) {
        let card = if position == positions || outcome.losers & (1 << position) != 0 {
            aces.next()
        } else {
            others.next()
        }
        .expect("a deck has cards enough");
        let from = place[card.index()];
        cards.swap(position, from);
        place[cards[from].index()] = from;
        place[card.index()] = position;
    }
    let deck = Deck::new(cards);
    debug_assert!(deck.is_valid());
    deck
}

/// Apply one measured round to a game at the deal, through the engine: its stacked deck
/// dealt, everyone keeping (a burning dealer cutting), and the engine's showdown. The
/// round's table must be the one for as many players as `game` has in (tables are
/// looked up by that count).
fn apply_outcome(game: &mut ChaseTheAce, measured: &Measured) {
    let mut events = Events::discarding();
    // A whole deck, and keeping (or the dealer cutting) is always legal: the engine's
    // unchecked calls.
    game.play_chance(&Chance::Deck(measured.deck), &mut events);
    while matches!(game.turn(), Turn::Seat(_)) {
        let action = match game.phase() {
            Phase::DealerChoice if measured.outcome.burned => Action::Cut,
            _ => Action::Keep,
        };
        game.play_action(action, &mut events);
    }
}

/// The chain, with round outcomes weighted overall and by each batch.
struct ChaseModel<'a> {
    seats: usize,
    tables: &'a [Option<Arc<RoundTable>>],
}

impl Model for ChaseModel<'_> {
    type G = ChaseTheAce;

    fn seats(&self) -> usize {
        self.seats
    }

    fn weights(&self) -> usize {
        1 + BATCHES
    }

    fn point(&self, game: &ChaseTheAce) -> Point {
        let n = self.seats;
        let anchor = game.dealer();
        let mut key: Key = 0;
        let mut level = 0;
        for j in 0..n {
            let seat = ((usize::from(anchor) + j) % n) as u8;
            let code = if !game.in_game().contains(seat) {
                0
            } else if game.on_grace().contains(seat) {
                1
            } else {
                game.lives()[usize::from(seat)] + 1
            };
            key = key << 4 | Key::from(code);
            level += u32::from(code);
        }
        Point { key, anchor, level }
    }

    fn expand(&self, game: &ChaseTheAce, visit: &mut Visit<'_, ChaseTheAce>) {
        let table = self.tables[game.in_game().len()]
            .as_ref()
            .expect("tables are measured before the chain is explored");
        for measured in &table.outcomes {
            let mut probs = [measured.all; 1 + BATCHES];
            probs[1..].copy_from_slice(&measured.batches);
            let mut child = game.clone();
            apply_outcome(&mut child, measured);
            visit(
                &probs,
                if child.turn() == Turn::Over {
                    Next::Over(child.figures().winners)
                } else {
                    Next::Point(&child)
                },
            );
        }
    }
}

impl SetsUp for ChaseModel<'_> {
    /// The deal at `point`: seat by seat from the dealer, its code (out, on grace, or
    /// lives + 1) in four bits as [`ChaseModel::point`] packs them.
    fn set_up(&self, like: &ChaseTheAce, point: &Point) -> ChaseTheAce {
        let n = self.seats;
        let mut lives = [0; crate::games::MAX_SEATS];
        let mut on_grace = SeatSet::default();
        let mut in_game = SeatSet::default();
        for j in 0..n {
            let seat = ((usize::from(point.anchor) + j) % n) as u8;
            let code = (point.key >> (4 * (n - 1 - j))) as u8 & 15;
            match code {
                0 => {}
                1 => {
                    in_game.insert(seat);
                    on_grace.insert(seat);
                }
                _ => {
                    in_game.insert(seat);
                    lives[usize::from(seat)] = code - 1;
                }
            }
        }
        like.at_deal(&lives[..n], on_grace, in_game, point.anchor)
    }
}

/// Most engine transitions (rounds applied) one exact solve may make.
const WORK_BUDGET: f64 = 1.5e6;

/// Chase the Ace odds for one table: round tables, and the chain solved overall and per
/// batch.
pub(crate) struct ChaseSolver {
    settings: Settings,
    level: BotLevel,
    /// Round tables by players in.
    tables: Vec<Option<Arc<RoundTable>>>,
    values: Values,
    /// Threads the chain is explored on.
    threads: usize,
    /// The last Monte Carlo answer and the seed of its position.
    last: Option<(u64, Odds)>,
}

impl ChaseSolver {
    pub(crate) fn new(settings: Settings, level: BotLevel) -> Self {
        let n = usize::from(settings.players);
        ChaseSolver {
            settings,
            level,
            tables: vec![None; n + 1],
            values: Values::new(n, 1 + BATCHES),
            threads: threads(),
            last: None,
        }
    }

    /// Points of the chain solved so far.
    pub(crate) fn solved(&self) -> usize {
        self.values.len()
    }

    /// About how many bytes the chain solved so far and the round tables hold.
    pub(crate) fn kept_bytes(&self) -> usize {
        let tables: usize = self
            .tables
            .iter()
            .flatten()
            .map(|table| table.outcomes.capacity() * std::mem::size_of::<Measured>())
            .sum();
        self.values.kept_bytes() + tables
    }

    fn ensure_tables(&mut self, up_to: usize) {
        for players in 2..=up_to {
            if self.tables[players].is_none() {
                self.tables[players] = Some(round_table(&self.settings, players as u8, self.level));
            }
        }
    }

    /// Win chances from `game`, seen from the start of its current round: no card is
    /// looked at. `games` is the Monte Carlo sample when the chain is too big to solve.
    pub(crate) fn win_chances(&mut self, game: &ChaseTheAce, games: u32) -> Odds {
        let n = usize::from(self.settings.players);
        let start = game.round_start();
        if start.turn() == Turn::Over {
            return Odds {
                seat_win: super::chain::relative_winners(start.figures().winners, 0, n),
                method: Method::Exact,
                std_error: None,
            };
        }
        self.ensure_tables(usize::from(self.settings.players));
        let model = ChaseModel {
            seats: n,
            tables: &self.tables,
        };
        let point = model.point(&start);
        if self.values.absolute(point, 0).is_none() && self.work(&start) <= WORK_BUDGET {
            // Without stayner's reset every round takes a life or changes only the
            // dealer: a level at a time, on every core. A reset leads up a level.
            if self.settings.has(crate::games::Variant::Stayner) {
                self.values.solve_from(&model, start.clone());
            } else {
                self.values.solve_by_levels(&model, &start, self.threads);
            }
        }
        if let Some(seat_win) = self.values.absolute(point, 0) {
            let batches: Vec<Vec<f64>> = (1..=BATCHES)
                .map(|b| {
                    self.values
                        .absolute(point, b)
                        .expect("batches solve with the whole")
                })
                .collect();
            return Odds {
                std_error: Some(batch_error(&batches)),
                seat_win,
                method: Method::MonteCarlo,
            };
        }
        let seed = super::monte_carlo::position_seed(&start);
        if let Some((last, odds)) = &self.last
            && *last == seed
        {
            return odds.clone();
        }
        let odds = self.play_out(&start, seed, games);
        self.last = Some((seed, odds.clone()));
        odds
    }

    /// Whether [`ChaseSolver::win_chances`] answers `game` with a playout: its round's
    /// chain is over the budget and not solved.
    pub(crate) fn plays_out(&mut self, game: &ChaseTheAce) -> bool {
        let start = game.round_start();
        if start.turn() == Turn::Over {
            return false;
        }
        self.ensure_tables(usize::from(self.settings.players));
        let model = ChaseModel {
            seats: usize::from(self.settings.players),
            tables: &self.tables,
        };
        self.values.absolute(model.point(&start), 0).is_none() && self.work(&start) > WORK_BUDGET
    }

    /// Rounds an exact solve from `game` could apply: each seat's lives (or grace) can
    /// only fall, except when stayner resets everyone, and each point applies every
    /// outcome of its round table.
    fn work(&self, game: &ChaseTheAce) -> f64 {
        let reset = self.settings.has(crate::games::Variant::Stayner);
        let grace = u8::from(self.settings.has(crate::games::Variant::Grace));
        let points: f64 = (0..self.settings.players)
            .map(|seat| {
                let code = if reset {
                    self.settings.lives + grace
                } else if !game.in_game().contains(seat) {
                    0
                } else if game.on_grace().contains(seat) {
                    1
                } else {
                    game.lives()[usize::from(seat)] + grace
                };
                f64::from(code) + 1.0
            })
            .product();
        let outcomes = self.tables[game.in_game().len()]
            .as_ref()
            .map_or(1, |t| t.outcomes.len());
        points * outcomes as f64
    }

    /// Monte Carlo over the chain: `games` games of rounds drawn from the tables, a batch
    /// of games per batch of measured rounds.
    fn play_out(&self, start: &ChaseTheAce, seed: u64, games: u32) -> Odds {
        let n = usize::from(self.settings.players);
        let mut means = vec![vec![0.0; n]; BATCHES];
        let per_batch = (games as usize).div_ceil(BATCHES);
        for (b, mean) in means.iter_mut().enumerate() {
            for g in 0..per_batch {
                let mut game = start.clone();
                let mut rng = game_rng(seed, (g * BATCHES + b) as u64);
                while game.turn() != Turn::Over {
                    let k = game.in_game().len();
                    let table = self.tables[k].as_ref().expect("tables are measured");
                    apply_outcome(&mut game, draw(table, b, &mut rng));
                }
                for seat in game.figures().winners.iter() {
                    mean[usize::from(seat)] += 1.0 / per_batch as f64;
                }
            }
        }
        let seat_win = (0..n)
            .map(|s| means.iter().map(|m| m[s]).sum::<f64>() / BATCHES as f64)
            .collect();
        Odds {
            seat_win,
            method: Method::MonteCarlo,
            std_error: Some(batch_error(&means)),
        }
    }
}

/// A round drawn from batch `b` of a table.
fn draw<'t>(table: &'t RoundTable, b: usize, rng: &mut GameRng) -> &'t Measured {
    use rand::RngExt;
    let mut u: f64 = rng.random();
    for measured in &table.outcomes {
        u -= measured.batches[b];
        if u < 0.0 {
            return measured;
        }
    }
    table
        .outcomes
        .iter()
        .rev()
        .find(|o| o.batches[b] > 0.0)
        .expect("a table has outcomes")
}

/// The standard error of the mean of the batch estimates, the largest over seats.
fn batch_error(batches: &[Vec<f64>]) -> f64 {
    let b = batches.len() as f64;
    let n = batches[0].len();
    (0..n)
        .map(|s| {
            let mean = batches.iter().map(|v| v[s]).sum::<f64>() / b;
            let var = batches.iter().map(|v| (v[s] - mean).powi(2)).sum::<f64>() / (b - 1.0);
            (var / b).sqrt()
        })
        .fold(0.0, f64::max)
}

/// The keep-or-change hint from one seat's view: the expert's own exact chances.
pub(crate) fn hint(view: &ChaseView) -> Option<ChaseHint> {
    let me = view.viewer?;
    let deciding =
        view.current == me && matches!(view.phase, Phase::Exchange | Phase::DealerChoice);
    if !deciding {
        return None;
    }
    let chances = expert::loss_chances(view)?;
    Some(ChaseHint {
        keep: chances.keep,
        change: chances.change,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameId, SettingsRequest};

    /// Explored a level at a time, on one thread or several, and explored depth first, the
    /// chain gives the same win chances, under every weighting, at the start of every round
    /// of a few bots-only games: to the bit on any number of threads; depth first (whose
    /// Gauss-Seidel sweeps meet the points in another order) to 1e-12, and to 1e-6 under the
    /// batches' weightings, kept in single precision.
    fn agree(players: u8, lives: u8, variants: &[&str]) {
        let settings = Settings::new(
            GameId::ChaseTheAce,
            &SettingsRequest {
                players: Some(players),
                lives: Some(lives),
                variants: variants.iter().map(|&v| v.to_owned()).collect(),
                ..SettingsRequest::default()
            },
        )
        .expect("settings");
        let n = usize::from(players);
        let tables: Vec<_> = (0..=n)
            .map(|k| (k >= 2).then(|| round_table(&settings, k as u8, BotLevel::Threshold)))
            .collect();
        let model = ChaseModel {
            seats: n,
            tables: &tables,
        };
        let start = ChaseTheAce::new(settings);
        let by_levels: Vec<Values> = [1, 2, 3]
            .into_iter()
            .map(|threads| {
                let mut values = Values::new(n, 1 + BATCHES);
                values.solve_by_levels(&model, &start, threads);
                values
            })
            .collect();
        let mut explored = Values::new(n, 1 + BATCHES);
        explored.solve_from(&model, start.clone());
        assert_eq!(
            by_levels[0].len(),
            explored.len(),
            "{variants:?}: points solved"
        );
        let levels = vec![BotLevel::Threshold; n];
        let mut compared = 0;
        for seed in 0..4 {
            let mut game = start.clone();
            let mut rng = game_rng(seed, 0);
            let mut events = Events::discarding();
            while game.turn() != Turn::Over {
                let point = model.point(&game.round_start());
                for weight in 0..=BATCHES {
                    let ours = by_levels[0].absolute(point, weight).expect("by levels");
                    for other in &by_levels[1..] {
                        assert_eq!(
                            other.absolute(point, weight).expect("by levels"),
                            ours,
                            "{variants:?}: threads differ"
                        );
                    }
                    let theirs = explored.absolute(point, weight).expect("explored");
                    let within = if weight == 0 { 1e-12 } else { 1e-6 };
                    for (a, b) in ours.iter().zip(&theirs) {
                        assert!(
                            (a - b).abs() < within,
                            "{variants:?}: {ours:?} against {theirs:?}"
                        );
                    }
                }
                compared += 1;
                step_without_humans(&mut game, &levels, &mut rng, &mut events);
            }
        }
        assert!(compared > 40, "{compared} positions compared");
    }

    #[test]
    fn the_chain_explored_by_levels_on_any_threads_is_the_chain_explored_depth_first() {
        agree(5, 3, &[]);
        agree(4, 3, &["grace"]);
        agree(6, 2, &["double-burn", "king-stops"]);
        agree(7, 2, &[]);
    }
}
