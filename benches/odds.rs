//! Live odds: LCR for 3 to 6 players of 3 chips solved from the start, all together (the
//! target is under a second), and an in-game update for each game once its table's solver
//! has answered once (the target is under 16 ms), plus the two hints.
//!
//! The first answer of each default table, and of a ten-seat Chase the Ace table, is timed
//! once and printed: it is the one that solves the chain (or, for Chase the Ace, measures
//! the bots' rounds).

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor::games::chase_the_ace::ChaseTheAce;
use parlor::games::lcr::Lcr;
use parlor::games::{
    Events, Game, GameId, Rules, Settings, SettingsRequest, Turn, View, game_rng, new_game,
};
use parlor::odds::{OddsSolver, chase_hint, forty_one_hints};
use parlor::table::step_without_humans;

fn lcr(players: u8) -> Settings {
    Settings::new(
        GameId::Lcr,
        &SettingsRequest {
            players: Some(players),
            chips: Some(3),
            ..SettingsRequest::default()
        },
    )
    .expect("settings in range")
}

fn lcr_from_the_start(c: &mut Criterion) {
    let tables: Vec<Settings> = (3..=6).map(lcr).collect();
    let mut group = c.benchmark_group("odds");
    group.sample_size(10);
    group.bench_function("lcr 3-6 players 3 chips from the start", |b| {
        b.iter(|| {
            for settings in &tables {
                let mut solver = OddsSolver::new(settings);
                black_box(solver.win_chances(&Lcr::new(*settings)));
            }
        });
    });
    group.finish();
}

/// Every position of one bots-only game of `settings` (at most `most`).
fn positions(settings: Settings, most: usize) -> Vec<Box<dyn Game>> {
    let levels = vec![settings.game.bot_levels()[0]; usize::from(settings.players)];
    let mut game = new_game(settings);
    let mut rng = game_rng(17, 0);
    let mut events = Events::discarding();
    let mut out = vec![game.clone()];
    while out.len() < most
        && step_without_humans(game.as_mut(), &levels, &mut rng, &mut events).is_some()
    {
        out.push(game.clone());
    }
    out
}

/// The first answer from a fresh solver at the start of a game of `settings`, timed and
/// printed (target for Chase the Ace: under 200 ms, ten seats included).
fn first_answer(settings: &Settings, position: &dyn Game) -> OddsSolver {
    let mut solver = OddsSolver::new(settings);
    let start = Instant::now();
    black_box(solver.win_chances(position));
    eprintln!(
        "first answer, {} ({}): {:.1} ms",
        settings.game.name(),
        settings.signature(),
        start.elapsed().as_secs_f64() * 1e3
    );
    solver
}

fn in_game_updates(c: &mut Criterion) {
    let ten_seats = Settings::new(
        GameId::ChaseTheAce,
        &SettingsRequest {
            players: Some(10),
            ..SettingsRequest::default()
        },
    )
    .expect("settings in range");
    first_answer(&ten_seats, &ChaseTheAce::new(ten_seats));
    let mut group = c.benchmark_group("odds in-game update");
    for game in GameId::ALL {
        let settings = Settings::defaults(game);
        let all = positions(settings, 200);
        let mut solver = first_answer(&settings, all[0].as_ref());
        // Each call is a position other than the last, so nothing is answered from the
        // last-answer cache: the worst case of a table moving on.
        let mut next = 0;
        group.bench_function(game.name(), |b| {
            b.iter(|| {
                next = (next + 1) % all.len();
                black_box(solver.win_chances(all[next].as_ref()))
            });
        });
    }
    group.finish();
}

fn hints(c: &mut Criterion) {
    let mut group = c.benchmark_group("odds hints");
    let forty_one = positions(Settings::defaults(GameId::FortyOne), 40)
        .into_iter()
        .filter_map(|g| match g.rules() {
            Some(Rules::FortyOne(forty_one)) => Some(forty_one.clone()),
            _ => None,
        })
        .find(|g| matches!(g.turn(), Turn::Seat(_)) && g.roll_number() == 2)
        .expect("a second roll awaiting a die");
    group.bench_function("forty-one dice", |b| {
        b.iter(|| black_box(forty_one_hints(black_box(&forty_one))));
    });
    let chase = positions(Settings::defaults(GameId::ChaseTheAce), 40)
        .into_iter()
        .filter_map(|g| match g.rules() {
            Some(Rules::ChaseTheAce(chase)) => Some(chase.clone()),
            _ => None,
        })
        .find(|g| matches!(g.turn(), Turn::Seat(_)))
        .expect("a seat deciding");
    let Turn::Seat(seat) = chase.turn() else {
        unreachable!("found deciding")
    };
    let View::ChaseTheAce(view) = chase.view(Some(seat)) else {
        unreachable!("a chase view")
    };
    group.bench_function("chase-the-ace keep or change", |b| {
        b.iter(|| black_box(chase_hint(black_box(&view))));
    });
    group.finish();
}

criterion_group!(benches, lcr_from_the_start, in_game_updates, hints);
criterion_main!(benches);
