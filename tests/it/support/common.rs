//! Helpers the rule scenarios of all five games, the narration and the odds tests share:
//! names and settings, forced rolls and cards, refusals checked to leave the state alone,
//! the simulator and replays run headless, and an exact Markov-chain solver the
//! statistical checks compare the simulator against.

use std::collections::HashMap;
use std::hash::Hash;
use std::ops::RangeInclusive;

use parlor::games::{
    Action, BotLevel, Chance, ChanceSpec, Dice, Event, Events, Figures, Game, GameError, GameId,
    Narrator, Place, SeatNames, Settings, SettingsError, SettingsRequest, Token, Turn, game_rng,
    new_game,
};
use parlor::sim::{SimOptions, Totals, play_games};
use parlor::table::step_without_humans;

/// The names the narration tests use, seat by seat.
pub const NAMES: [&str; 10] = [
    "Ana", "Ben", "Cara", "Dev", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo",
];

/// The first `players` of [`NAMES`], `you` spoken to.
pub fn names(players: u8, you: Option<u8>) -> SeatNames {
    let names = NAMES[..usize::from(players)]
        .iter()
        .map(|&n| n.to_owned())
        .collect();
    SeatNames::new(names, you)
}

/// The request for `game` with `players`, `stock` chips or dice each (whichever the game
/// counts), and `variants`.
fn request(game: GameId, players: u8, stock: u8, variants: &[&str]) -> SettingsRequest {
    let (chips, dice) = match game {
        GameId::SwedishAces => (None, Some(stock)),
        _ => (Some(stock), None),
    };
    SettingsRequest {
        players: Some(players),
        chips,
        dice,
        variants: variants.iter().map(|&v| v.to_owned()).collect(),
        ..SettingsRequest::default()
    }
}

/// Settings for `game` with `players`, `stock` chips or dice each, and `variants`.
pub fn settings(game: GameId, players: u8, stock: u8, variants: &[&str]) -> Settings {
    Settings::new(game, &request(game, players, stock, variants)).expect("settings in range")
}

/// Ask for `game` with `players` and `stock` chips or dice each, and nothing else.
pub fn ask(game: GameId, players: u8, stock: u8) -> Result<Settings, SettingsError> {
    Settings::new(game, &request(game, players, stock, &[]))
}

/// The settings ranges of a dice game: the defaults are `defaults` (players, chips or
/// dice each); every `players` × `stock` is accepted and handed to `check` with the two
/// numbers; each pair of `refused` is refused as out of range.
pub fn assert_settings_ranges(
    game: GameId,
    defaults: (u8, u8),
    players: RangeInclusive<u8>,
    stock: RangeInclusive<u8>,
    refused: &[(u8, u8)],
    mut check: impl FnMut(Settings, u8, u8),
) {
    let (given, stock_name) = match game {
        GameId::SwedishAces => (Settings::defaults(game).dice, "dice"),
        _ => (Settings::defaults(game).chips, "chips"),
    };
    assert_eq!((Settings::defaults(game).players, given), defaults);
    for players in players {
        for stock in stock.clone() {
            check(ask(game, players, stock).expect("in range"), players, stock);
        }
    }
    for &(players, stock) in refused {
        assert!(
            matches!(
                ask(game, players, stock),
                Err(SettingsError::OutOfRange { .. })
            ),
            "{players} players {stock} {stock_name} must be refused"
        );
    }
}

/// The event of `seat` rolling `faces`.
pub fn rolled(seat: u8, faces: &[u8]) -> Event {
    Event::Rolled {
        seat,
        dice: Dice::new(faces),
    }
}

/// The event of `count` tokens moving from seat `from` to `to`.
pub fn moved(token: Token, count: u8, from: u8, to: Place) -> Event {
    Event::Moved {
        token,
        count,
        from: Place::Seat(from),
        to,
    }
}

/// Apply forced dice (the game must be waiting on chance) and return the events.
pub fn dice(game: &mut dyn Game, faces: &[u8]) -> Vec<Event> {
    let mut events = Events::new();
    game.apply_chance(&Chance::Dice(Dice::new(faces)), &mut events)
        .expect("the forced dice fit");
    events.into_vec()
}

/// The seat to play chooses to roll, then the forced dice land. Returns every event.
pub fn roll(game: &mut dyn Game, faces: &[u8]) -> Vec<Event> {
    let mut events = Events::new();
    game.apply_action(Action::Roll, &mut events)
        .expect("rolling is legal");
    assert_eq!(game.turn(), Turn::Chance, "after Roll the dice are due");
    events.extend_with(|| dice(game, faces));
    events.into_vec()
}

/// The seat to play takes `action`; returns the events.
pub fn act(game: &mut dyn Game, action: Action) -> Vec<Event> {
    let mut events = Events::new();
    game.apply_action(action, &mut events)
        .expect("the action is legal");
    events.into_vec()
}

/// The game conserves `total` of its one token, `what` (chips or dice), and nothing else.
pub fn assert_conserved(game: &dyn Game, what: &'static str, total: u32) {
    assert_eq!(
        game.conserved(),
        vec![(what, total)],
        "{what} are conserved"
    );
}

/// The events in plain words as a table of `settings` tells them, with the names of
/// [`NAMES`].
pub fn narrate(events: &[Event], settings: &Settings) -> Vec<String> {
    let names = names(settings.players, None);
    let narrator = Narrator::new(settings, &names);
    events.iter().map(|e| narrator.sentence(e)).collect()
}

/// Try an action that must be refused: check the error and that the game is unchanged.
pub fn refused_action<G: Game + Clone + PartialEq + std::fmt::Debug>(
    game: &mut G,
    action: Action,
    expected: &GameError,
) {
    refused(game, &action.to_string(), expected, |g, events| {
        g.apply_action(action, events)
    });
}

/// Try chance that must be refused: check the error and that the game is unchanged.
pub fn refused_chance<G: Game + Clone + PartialEq + std::fmt::Debug>(
    game: &mut G,
    chance: &Chance,
    expected: &GameError,
) {
    refused(game, &chance.to_string(), expected, |g, events| {
        g.apply_chance(chance, events)
    });
}

/// `attempt` (named `what`) must fail with `expected`, log nothing and change nothing.
fn refused<G: Game + Clone + PartialEq + std::fmt::Debug>(
    game: &mut G,
    what: &str,
    expected: &GameError,
    attempt: impl FnOnce(&mut G, &mut Events) -> Result<(), GameError>,
) {
    let before = game.clone();
    let mut events = Events::new();
    let got = attempt(game, &mut events);
    assert_eq!(got.as_ref().err(), Some(expected), "{what} must be refused");
    assert!(events.is_empty(), "refused, {what} logs nothing");
    assert_eq!(*game, before, "refused, {what} leaves the game as it was");
}

/// Try each of `actions`, which must all be refused as illegal, the game unchanged.
pub fn refused_illegal<G: Game + Clone + PartialEq + std::fmt::Debug>(
    game: &mut G,
    actions: &[Action],
) {
    for &action in actions {
        refused_action(game, action, &GameError::IllegalAction { action });
    }
}

/// With `due` dice to throw, each of the `wrong` throws must be refused as the wrong
/// chance, the game unchanged.
pub fn refused_dice_counts<G: Game + Clone + PartialEq + std::fmt::Debug>(
    game: &mut G,
    wrong: &[&[u8]],
    due: u8,
) {
    for &faces in wrong {
        refused_chance(
            game,
            &Chance::Dice(Dice::new(faces)),
            &GameError::WrongChance {
                expected: ChanceSpec::Dice(due),
                got: Chance::Dice(Dice::new(faces)),
            },
        );
    }
}

/// A seat about to roll refuses the `illegal` actions and the dice `not_due`; once it
/// rolls, rolling again is refused, and so is each of the `wrong` throws for `due` dice.
pub fn refused_around_roll<G: Game + Clone + PartialEq + std::fmt::Debug>(
    game: &mut G,
    illegal: &[Action],
    not_due: &[u8],
    wrong: &[&[u8]],
    due: u8,
) {
    refused_illegal(game, illegal);
    refused_chance(
        game,
        &Chance::Dice(Dice::new(not_due)),
        &GameError::NoChanceDue,
    );
    act(game, Action::Roll);
    refused_illegal(game, &[Action::Roll]);
    refused_dice_counts(game, wrong, due);
}

/// Play `games` bots-only games of `settings` with `parlor::sim::play_games`, every seat a
/// standard bot, and return the totals.
pub fn simulate(settings: Settings, games: u64, seed: u64) -> Totals {
    let options = SimOptions {
        settings,
        games,
        seed,
        levels: vec![BotLevel::Standard; usize::from(settings.players)],
    };
    play_games(&options, 0, games)
}

/// A run of `games` games of `settings` from seed 1 with `strong` bots in `seat` and
/// `others` everywhere else: a bot level is measured against another by playing it in
/// each seat in turn.
pub fn one_seat_at(
    settings: Settings,
    games: u64,
    seat: u8,
    strong: BotLevel,
    others: BotLevel,
) -> SimOptions {
    let mut levels = vec![others; usize::from(settings.players)];
    levels[usize::from(seat)] = strong;
    SimOptions {
        settings,
        games,
        seed: 1,
        levels,
    }
}

/// Each seat's count of `games` (`label: seat {s} {happens}`) is within `z` standard
/// errors of the chain's probability of that outcome.
pub fn assert_outcomes(
    label: &str,
    happens: &str,
    counts: &[u64],
    games: u64,
    exact: &Solution,
    z: f64,
) {
    for (s, &p) in exact.outcome.iter().enumerate() {
        assert_proportion(
            &format!("{label}: seat {s} {happens}"),
            counts[s],
            games,
            p,
            z,
        );
    }
}

/// The mean of `total` over `games` is within `z` standard errors of `offset` plus the
/// chain's expected reward `k`.
pub fn assert_chain_mean(
    what: &str,
    total: u64,
    games: u64,
    offset: f64,
    exact: &Solution,
    k: usize,
    z: f64,
) {
    assert_close(
        what,
        total as f64 / games as f64,
        offset + exact.mean[k],
        exact.sd(k),
        games,
        z,
    );
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
    for index in 0..count {
        let mut game = template.clone();
        let mut rng = game_rng(seed, index);
        let mut events = Events::new();
        while step_without_humans(game.as_mut(), &levels, &mut rng, &mut events).is_some() {}
        each(game.figures(), &events);
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

/// The next seat on the left of `from` that holds anything of `held`, and how many turns
/// it is away (the seats passed over count one turn each).
pub fn next_holder(held: &[u8], from: usize) -> (usize, f64) {
    let players = held.len();
    let mut to = from;
    let mut turns = 0.0;
    loop {
        to = seat(to, 1, players);
        turns += 1.0;
        if held[to] > 0 {
            return (to, turns);
        }
    }
}

/// Play one bots-only game at a [`parlor::table::Table`] seeded with `seed`: its history
/// and its log.
pub fn table_game(settings: Settings, seed: u64) -> (Vec<parlor::table::Step>, Vec<Event>) {
    use parlor::table::{Progress, Table};
    let levels = vec![BotLevel::Standard; usize::from(settings.players)];
    let mut table = Table::new(settings, crate::support::seats(&levels, false), seed);
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
        let mut log = Events::new();
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
        assert_eq!(
            log.into_vec(),
            first.1,
            "seed {seed}: the history replays the log"
        );
        assert_eq!(game.turn(), Turn::Over);
    }
}
