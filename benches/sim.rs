//! Games per second through the real engine against a minimal hand-written loop of the
//! same rules drawing the same dice from the same RNG: what the engine costs beyond the
//! rules. Prints the ratio (target: the engine at 0.8 of the hand loop or better).

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor::games::{BotLevel, GameId, Settings, SettingsRequest, game_rng};
use parlor::sim::{SimOptions, play_games};
use rand::RngExt;

const GAMES: u64 = 2000;

fn options(game: GameId, players: u8, chips: u8) -> SimOptions {
    let request = SettingsRequest {
        players: Some(players),
        chips: Some(chips),
        ..SettingsRequest::default()
    };
    let settings = Settings::new(game, &request).expect("settings");
    SimOptions {
        settings,
        games: GAMES,
        seed: 1,
        levels: vec![BotLevel::Standard; usize::from(players)],
    }
}

/// LCR, 4 players, 3 chips, by hand. Returns the winner.
fn hand_lcr(index: u64) -> usize {
    const N: usize = 4;
    let mut rng = game_rng(1, index);
    let mut chips = [3u8; N];
    let mut seat = 0;
    loop {
        for _ in 0..chips[seat].min(3) {
            match rng.random_range(1..=6u8) {
                1 => {
                    chips[seat] -= 1;
                    chips[(seat + 1) % N] += 1;
                }
                2 => {
                    chips[seat] -= 1;
                    chips[(seat + N - 1) % N] += 1;
                }
                3 => chips[seat] -= 1,
                _ => {}
            }
        }
        if chips.iter().filter(|&&c| c > 0).count() == 1 {
            return chips.iter().position(|&c| c > 0).expect("a holder");
        }
        seat = (seat + 1) % N;
        while chips[seat] == 0 {
            seat = (seat + 1) % N;
        }
    }
}

/// Aces in the Pot, 4 players, 2 chips, by hand. Returns the winner.
fn hand_aces(index: u64) -> usize {
    const N: usize = 4;
    let mut rng = game_rng(1, index);
    let mut chips = [2u8; N];
    let mut seat = 0;
    loop {
        for _ in 0..2 {
            let face = rng.random_range(1..=6u8);
            if chips[seat] > 0 && (face == 1 || face == 6) {
                chips[seat] -= 1;
                if face == 6 {
                    chips[(seat + 1) % N] += 1;
                }
            }
        }
        let holders = chips.iter().filter(|&&c| c > 0).count();
        if holders > 1 {
            seat = (seat + 1) % N;
            while chips[seat] == 0 {
                seat = (seat + 1) % N;
            }
            continue;
        }
        // The finale: the sole holder throws until three safe throws or a six.
        seat = chips.iter().position(|&c| c > 0).expect("a holder");
        let mut safe = 0;
        loop {
            let sixes =
                u8::from(rng.random_range(1..=6u8) == 6) + u8::from(rng.random_range(1..=6u8) == 6);
            if sixes == 0 {
                safe += 1;
                if safe == 3 {
                    return seat;
                }
                continue;
            }
            let passed = sixes.min(chips[seat]);
            chips[seat] -= passed;
            chips[(seat + 1) % N] += passed;
            if chips[seat] == 0 {
                seat = (seat + 1) % N;
                safe = 0;
            } else {
                seat = (seat + 1) % N;
                break;
            }
        }
    }
}

/// Games per second over a third of a second of `play` (each call plays [`GAMES`]).
fn games_per_second(play: &mut impl FnMut()) -> f64 {
    let start = Instant::now();
    let mut rounds = 0;
    while start.elapsed().as_secs_f64() < 0.3 {
        play();
        rounds += 1;
    }
    (rounds * GAMES) as f64 / start.elapsed().as_secs_f64()
}

/// The best rates of the engine and the hand loop over several turns taken in
/// alternation: other work on the machine slows one window or another, and taking the
/// best of each, measured side by side, keeps that noise out of the ratio.
fn best_rates(mut engine: impl FnMut(), mut hand: impl FnMut()) -> (f64, f64) {
    const TURNS: usize = 5;
    let (mut best_engine, mut best_hand) = (0.0f64, 0.0f64);
    for _ in 0..TURNS {
        best_engine = best_engine.max(games_per_second(&mut engine));
        best_hand = best_hand.max(games_per_second(&mut hand));
    }
    (best_engine, best_hand)
}

fn compare(c: &mut Criterion, name: &str, options: &SimOptions, hand: fn(u64) -> usize) {
    // The hand loop and the engine must agree game by game before their speeds mean anything.
    let engine = play_games(options, 0, GAMES, |_| {});
    let mut by_hand = vec![0u64; usize::from(options.settings.players)];
    for index in 0..GAMES {
        by_hand[hand(index)] += 1;
    }
    assert_eq!(
        engine.wins_by_seat, by_hand,
        "{name}: the hand loop and the engine disagree"
    );

    let (engine_rate, hand_rate) = best_rates(
        || {
            black_box(play_games(options, 0, GAMES, |_| {}));
        },
        || {
            for index in 0..GAMES {
                black_box(hand(index));
            }
        },
    );
    eprintln!(
        "{name}: engine {engine_rate:.0} games/s, hand loop {hand_rate:.0} games/s, ratio {:.2}",
        engine_rate / hand_rate
    );
    c.bench_function(&format!("{name} engine, {GAMES} games"), |b| {
        b.iter(|| play_games(black_box(options), 0, GAMES, |_| {}));
    });
    c.bench_function(&format!("{name} hand loop, {GAMES} games"), |b| {
        b.iter(|| (0..GAMES).map(hand).sum::<usize>());
    });
}

fn sim(c: &mut Criterion) {
    compare(c, "lcr 4p 3c", &options(GameId::Lcr, 4, 3), hand_lcr);
    compare(
        c,
        "aces-in-the-pot 4p 2c",
        &options(GameId::AcesInThePot, 4, 2),
        hand_aces,
    );
}

criterion_group!(benches, sim);
criterion_main!(benches);
