//! Helpers the scenario tests of the three dice games share: forced rolls, plain-words
//! narration, a bots-only game loop, and an exact Markov-chain solver the statistical
//! checks compare the simulator against.
//!
//! Each test crate uses only some of these.
#![allow(dead_code)]

use std::collections::HashMap;
use std::hash::Hash;

use parlor::games::{
    Action, BotLevel, Chance, Dice, Event, Figures, Game, GameError, GameId, Settings,
    SettingsRequest, Turn, game_rng, new_game,
};
use parlor::table::step_without_humans;

/// The names the narration tests use, seat by seat.
pub const NAMES: [&str; 10] = [
    "Ana", "Ben", "Cara", "Dev", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo",
];

pub fn names(players: u8) -> Vec<String> {
    NAMES[..usize::from(players)]
        .iter()
        .map(|&n| n.to_owned())
        .collect()
}

/// Settings for `game` with `players`, `stock` chips or dice each, and `variants`.
pub fn settings(game: GameId, players: u8, stock: u8, variants: &[&str]) -> Settings {
    let (chips, dice) = match game {
        GameId::SwedishAces => (None, Some(stock)),
        _ => (Some(stock), None),
    };
    Settings::new(
        game,
        &SettingsRequest {
            players: Some(players),
            chips,
            dice,
            variants: variants.iter().map(|&v| v.to_owned()).collect(),
            ..SettingsRequest::default()
        },
    )
    .expect("settings in range")
}

/// Apply forced dice (the game must be waiting on chance) and return the events.
pub fn dice(game: &mut dyn Game, faces: &[u8]) -> Vec<Event> {
    let mut events = Vec::new();
    game.apply_chance(&Chance::Dice(Dice::new(faces)), &mut events)
        .expect("the forced dice fit");
    events
}

/// The seat to play chooses to roll, then the forced dice land. Returns every event.
pub fn roll(game: &mut dyn Game, faces: &[u8]) -> Vec<Event> {
    let mut events = Vec::new();
    game.apply_action(Action::Roll, &mut events)
        .expect("rolling is legal");
    assert_eq!(game.turn(), Turn::Chance, "after Roll the dice are due");
    events.extend(dice(game, faces));
    events
}

/// The seat to play takes `action`; returns the events.
pub fn act(game: &mut dyn Game, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    game.apply_action(action, &mut events)
        .expect("the action is legal");
    events
}

/// The events in plain words, with the names of [`NAMES`].
pub fn narrate(events: &[Event], players: u8) -> Vec<String> {
    let names = names(players);
    events
        .iter()
        .map(|e| e.narrate(&names).to_string())
        .collect()
}

/// Try an action that must be refused: check the error and that the game is unchanged.
pub fn refused_action<G: Game + Clone + PartialEq + std::fmt::Debug>(
    game: &mut G,
    action: Action,
    expected: &GameError,
) {
    let before = game.clone();
    let mut events = Vec::new();
    let got = game.apply_action(action, &mut events);
    assert_eq!(
        got.as_ref().err(),
        Some(expected),
        "{action} must be refused"
    );
    assert!(events.is_empty(), "a refused action logs nothing");
    assert_eq!(*game, before, "a refused action leaves the game as it was");
}

/// Try chance that must be refused: check the error and that the game is unchanged.
pub fn refused_chance<G: Game + Clone + PartialEq + std::fmt::Debug>(
    game: &mut G,
    chance: &Chance,
    expected: &GameError,
) {
    let before = game.clone();
    let mut events = Vec::new();
    let got = game.apply_chance(chance, &mut events);
    assert_eq!(
        got.as_ref().err(),
        Some(expected),
        "{chance} must be refused"
    );
    assert!(events.is_empty(), "refused chance logs nothing");
    assert_eq!(*game, before, "refused chance leaves the game as it was");
}

/// Play `count` bots-only games of `settings` exactly as `parlor::sim::play_games` does
/// (game `i` on the RNG stream `(seed, i)`), handing each finished game's figures and full
/// event log to `each`.
pub fn play_logged(
    settings: Settings,
    seed: u64,
    count: u64,
    mut each: impl FnMut(&Figures, &[Event]),
) {
    let levels = vec![BotLevel::Standard; usize::from(settings.players)];
    let template = new_game(settings);
    let mut events = Vec::new();
    for index in 0..count {
        let mut game = template.clone();
        let mut rng = game_rng(seed, index);
        events.clear();
        while step_without_humans(game.as_mut(), &levels, &mut rng, &mut events).is_some() {}
        each(&game.figures(), &events);
    }
}

/// Assert that an observed mean is within `z` standard errors of the exact value.
pub fn assert_close(what: &str, observed: f64, exact: f64, sd: f64, samples: u64, z: f64) {
    let se = sd / (samples as f64).sqrt();
    let dev = (observed - exact) / se;
    eprintln!("{what}: observed {observed:.5}, exact {exact:.5}, z {dev:+.2}");
    assert!(
        dev.abs() < z,
        "{what}: observed {observed:.5}, exact {exact:.5}, {dev:+.2} standard errors \
         (se {se:.5}, {samples} samples)"
    );
}

/// Assert a proportion `hits / samples` is within `z` standard errors of `p`.
pub fn assert_proportion(what: &str, hits: u64, samples: u64, p: f64, z: f64) {
    let observed = hits as f64 / samples as f64;
    assert_close(what, observed, p, (p * (1.0 - p)).sqrt(), samples, z);
}

/// Where one step of a Markov chain leads.
pub enum Next<S> {
    State(S),
    /// The chain stops with this outcome (e.g. the winning or losing seat).
    End(usize),
}

/// Two additive counts a step adds (e.g. turns and rolls).
pub type Reward = [f64; 2];

/// One transition: probability, reward, and a state index (Ok) or an outcome (Err).
type Edge = (f64, Reward, Result<usize, usize>);

/// The exact answer for a chain from its start state.
#[derive(Debug)]
pub struct Solution {
    /// The probability of each outcome.
    pub outcome: Vec<f64>,
    /// The expected total of each reward.
    pub mean: Reward,
    /// The expected square of each reward's total.
    pub second: Reward,
}

impl Solution {
    pub fn sd(&self, k: usize) -> f64 {
        (self.second[k] - self.mean[k] * self.mean[k]).sqrt()
    }
}

/// Solve a finite absorbing Markov chain by Gauss-Seidel iteration: the outcome
/// probabilities and the first two moments of the two rewards, from `start`.
///
/// `step` lists each transition of a state as (probability, reward, next).
pub fn solve<S: Clone + Eq + Hash>(
    start: S,
    outcomes: usize,
    step: impl Fn(&S) -> Vec<(f64, Reward, Next<S>)>,
) -> Solution {
    // Discover the states and index the transitions.
    let mut index: HashMap<S, usize> = HashMap::new();
    let mut states = vec![start.clone()];
    index.insert(start, 0);
    let mut edges: Vec<Vec<Edge>> = Vec::new();
    let mut next = 0;
    while next < states.len() {
        let state = states[next].clone();
        let mut out = Vec::new();
        let mut total = 0.0;
        for (p, reward, to) in step(&state) {
            total += p;
            let to = match to {
                Next::End(o) => Err(o),
                Next::State(s) => Ok(*index.entry(s.clone()).or_insert_with(|| {
                    states.push(s);
                    states.len() - 1
                })),
            };
            out.push((p, reward, to));
        }
        assert!(
            (total - 1.0).abs() < 1e-12,
            "the transitions of a state sum to {total}"
        );
        edges.push(out);
        next += 1;
    }
    let n = states.len();
    let mut prob = vec![vec![0.0; outcomes]; n];
    let mut mean = vec![[0.0; 2]; n];
    let mut second = vec![[0.0; 2]; n];
    for sweep in 0.. {
        assert!(sweep < 200_000, "the chain did not converge");
        let mut change: f64 = 0.0;
        for s in 0..n {
            let mut p_new = vec![0.0; outcomes];
            let mut m_new = [0.0; 2];
            let mut q_new = [0.0; 2];
            for &(p, r, to) in &edges[s] {
                match to {
                    Err(o) => {
                        p_new[o] += p;
                        for k in 0..2 {
                            m_new[k] += p * r[k];
                            q_new[k] += p * r[k] * r[k];
                        }
                    }
                    Ok(t) => {
                        for (o, v) in p_new.iter_mut().enumerate() {
                            *v += p * prob[t][o];
                        }
                        for k in 0..2 {
                            m_new[k] += p * (r[k] + mean[t][k]);
                            q_new[k] += p * (r[k] * r[k] + 2.0 * r[k] * mean[t][k] + second[t][k]);
                        }
                    }
                }
            }
            for o in 0..outcomes {
                change = change.max((p_new[o] - prob[s][o]).abs());
            }
            for k in 0..2 {
                change = change.max((m_new[k] - mean[s][k]).abs() / m_new[k].max(1.0));
                change = change.max((q_new[k] - second[s][k]).abs() / q_new[k].max(1.0));
            }
            prob[s] = p_new;
            mean[s] = m_new;
            second[s] = q_new;
        }
        if change < 1e-13 {
            break;
        }
    }
    Solution {
        outcome: prob[0].clone(),
        mean: mean[0],
        second: second[0],
    }
}

/// Every way `n` dice can fall into categories of probabilities `probs` (summing to 1):
/// each composition of counts with its multinomial probability.
pub fn compositions(n: u8, probs: &[f64]) -> Vec<(f64, Vec<u8>)> {
    fn go(n: u8, categories: usize, prefix: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if prefix.len() + 1 == categories {
            prefix.push(n);
            out.push(prefix.clone());
            prefix.pop();
            return;
        }
        for k in 0..=n {
            prefix.push(k);
            go(n - k, categories, prefix, out);
            prefix.pop();
        }
    }
    let mut all = Vec::new();
    go(n, probs.len(), &mut Vec::new(), &mut all);
    all.into_iter()
        .map(|counts| {
            let mut p = factorial(u32::from(n));
            for (&c, &q) in counts.iter().zip(probs) {
                p *= q.powi(i32::from(c)) / factorial(u32::from(c));
            }
            (p, counts)
        })
        .collect()
}

fn factorial(n: u32) -> f64 {
    (1..=n).map(f64::from).product()
}

/// The seat `steps` places to the left of `seat` round a table of `players` (the right
/// neighbour is `players - 1` places to the left).
pub fn seat(seat: usize, steps: usize, players: usize) -> usize {
    (seat + steps) % players
}

/// Play one bots-only game at a [`parlor::table::Table`] seeded with `seed`: its history
/// and its log.
pub fn table_game(settings: Settings, seed: u64) -> (Vec<parlor::table::Step>, Vec<Event>) {
    use parlor::table::{Progress, Seat, Table};
    let levels = vec![BotLevel::Standard; usize::from(settings.players)];
    let mut table = Table::new(settings, Seat::defaults(&levels, false), seed);
    assert_eq!(table.run_until_human(), Progress::Over);
    assert_eq!(table.game().turn(), Turn::Over);
    (table.history().to_vec(), table.log().to_vec())
}

/// The same seed and settings replay the same game; another seed plays another.
pub fn assert_replays(settings: Settings) {
    for seed in 0..20 {
        let first = table_game(settings, seed);
        assert_eq!(first, table_game(settings, seed), "seed {seed} replays");
        assert_ne!(
            first,
            table_game(settings, seed + 1000),
            "seed {seed} differs"
        );
        // Replaying the recorded history step by step gives the same log.
        let mut game = new_game(settings);
        let mut log = Vec::new();
        for step in &first.0 {
            match step {
                parlor::table::Step::Action { seat, action } => {
                    assert_eq!(game.turn(), Turn::Seat(*seat));
                    game.apply_action(*action, &mut log)
                        .expect("recorded action");
                }
                parlor::table::Step::Chance(chance) => {
                    game.apply_chance(chance, &mut log)
                        .expect("recorded chance");
                }
            }
        }
        assert_eq!(log, first.1, "seed {seed}: the history replays the log");
        assert_eq!(game.turn(), Turn::Over);
    }
}
