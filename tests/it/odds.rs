//! Live odds: win chances that add up, closed forms, agreement with `parlor sim` and with
//! an independent chain, symmetry, reproducible Monte Carlo, and sane hints.

use crate::support::common;

use common::{Next, compositions, seat, solve};
use parlor::games::aces_in_the_pot::{AcesInThePot, Phase};
use parlor::games::chase_the_ace::{ChaseTheAce, ChaseView};
use parlor::games::forty_one::FortyOne;
use parlor::games::lcr::Lcr;
use parlor::games::swedish_aces::SwedishAces;
use parlor::games::{
    Action, BotLevel, Chance, Dice, Events, Game, GameId, Settings, SettingsRequest, Turn, View,
    game_rng, new_game,
};
use parlor::odds::{Method, Odds, OddsReport, OddsSolver, chase_hint, forty_one_hints};
use parlor::sim::{SimOptions, play_games};
use parlor::table::step_without_humans;

fn settings(game: GameId, players: u8, stock: u8, variants: &[&str]) -> Settings {
    let mut request = SettingsRequest {
        players: Some(players),
        variants: variants.iter().map(|&v| v.to_owned()).collect(),
        ..SettingsRequest::default()
    };
    match game {
        GameId::SwedishAces => request.dice = Some(stock),
        GameId::ChaseTheAce => request.lives = Some(stock),
        GameId::FortyOne => {
            request.rounds = Some(u16::from(stock));
            request.bank = Some(5);
        }
        _ => request.chips = Some(stock),
    }
    Settings::new(game, &request).expect("settings in range")
}

/// How many seats win a finished game: one, except in Swedish Aces.
fn winners_per_game(game: GameId, players: u8) -> f64 {
    if game == GameId::SwedishAces {
        f64::from(players - 1)
    } else {
        1.0
    }
}

fn assert_probabilities(odds: &Odds, total: f64, what: &str) {
    for &p in &odds.seat_win {
        assert!(
            (0.0..=1.0 + 1e-12).contains(&p),
            "{what}: {p} is not a chance"
        );
    }
    let sum: f64 = odds.seat_win.iter().sum();
    assert!(
        (sum - total).abs() < 1e-9,
        "{what}: the chances sum to {sum}, not {total}"
    );
    match odds.method {
        Method::Exact => assert_eq!(odds.std_error, None, "{what}: exact has no error"),
        Method::MonteCarlo => {
            let se = odds.std_error.expect("Monte Carlo states its error");
            assert!(se > 0.0 && se < 0.05, "{what}: standard error {se}");
        }
    }
}

/// Positions along one bots-only game from the start, every step of it.
fn positions(settings: Settings, seed: u64, most: usize) -> Vec<Box<dyn Game>> {
    let levels = vec![settings.game.bot_levels()[0]; usize::from(settings.players)];
    let mut game = new_game(settings);
    let mut rng = game_rng(seed, 0);
    let mut out = vec![game.clone()];
    let mut events = Events::new();
    while out.len() < most
        && step_without_humans(game.as_mut(), &levels, &mut rng, &mut events).is_some()
    {
        out.push(game.clone());
    }
    out
}

/// From every position of one bots-only game of these settings (its first 400 steps), the
/// win chances are chances, add up to the winners a game has, and once over are its result.
fn win_chances_add_up_from_every_position(game: GameId, players: u8, stock: u8, variants: &[&str]) {
    let s = settings(game, players, stock, variants);
    // Monte Carlo answers of 2,000 playouts rather than as many as the panel's time allows
    // (20,000 at ten seats): what is checked here holds of any number.
    let mut solver = OddsSolver::new(&s).with_games(2_000);
    let total = winners_per_game(game, players);
    for (step, position) in positions(s, 11, 400).iter().enumerate() {
        let odds = solver.win_chances(position.as_ref());
        assert_probabilities(&odds, total, &format!("{} step {step}", s.signature()));
        if position.turn() == Turn::Over {
            let winners = position.figures().winners;
            for (seat, &p) in odds.seat_win.iter().enumerate() {
                let won = f64::from(u8::from(winners.contains(seat as u8)));
                assert!(
                    (p - won).abs() < 1e-15,
                    "a finished game's odds are its result"
                );
            }
        }
    }
}

/// [`win_chances_add_up_from_every_position`], a test per table, so that the runner spreads
/// them over the cores.
macro_rules! win_chances_add_up {
    ($($name:ident: $game:ident, $players:expr, $stock:expr, $variants:expr;)*) => {
        mod win_chances_add_up_to_one_winner_from_every_position {
            use super::*;
            $(
                #[test]
                fn $name() {
                    win_chances_add_up_from_every_position(
                        GameId::$game,
                        $players,
                        $stock,
                        $variants,
                    );
                }
            )*
        }
    };
}

win_chances_add_up! {
    lcr_3p: Lcr, 3, 3, &[];
    lcr_4p_wild: Lcr, 4, 3, &["wild"];
    lcr_4p_jackpot: Lcr, 4, 3, &["jackpot"];
    aces_in_the_pot_4p: AcesInThePot, 4, 2, &[];
    aces_in_the_pot_3p_reversed_faces_ace_finale:
        AcesInThePot, 3, 2, &["reversed-faces", "ace-finale"];
    aces_in_the_pot_4p_one_chip_pass_right_one_finale:
        AcesInThePot, 4, 1, &["pass-right", "one-finale"];
    aces_in_the_pot_3p_pass_alternate_buy_throw:
        AcesInThePot, 3, 2, &["pass-alternate", "buy-throw"];
    swedish_aces_3p: SwedishAces, 3, 2, &[];
    swedish_aces_4p_threes_travel: SwedishAces, 4, 2, &["threes-travel"];
    // Too big to solve from the start: Monte Carlo first.
    lcr_10p_monte_carlo_first: Lcr, 10, 3, &[];
}

#[test]
fn an_aces_finale_attempt_succeeds_with_25_36_cubed() {
    let attempt = (25.0f64 / 36.0).powi(3);
    // Three players of one chip: seats 0 and 1 pay the pot, and seat 2, holding every chip
    // left, starts the finale.
    for variants in [
        &["one-finale"][..],
        &[][..],
        &["pass-right", "one-finale"][..],
    ] {
        let s = settings(GameId::AcesInThePot, 3, 1, variants);
        let mut game = AcesInThePot::new(s);
        let mut events = Events::new();
        let pass = if s.has(parlor::games::Variant::PassRight) {
            2
        } else {
            1
        };
        for faces in [[1, 3], [1, 3]] {
            game.apply_action(Action::Roll, &mut events).expect("roll");
            game.apply_chance(&Chance::Dice(Dice::new(&faces)), &mut events)
                .expect("dice");
        }
        assert_eq!(game.phase(), Phase::Finale { safe: 0 });
        let holder = game.current();
        let mut solver = OddsSolver::new(&s);
        let odds = solver.win_chances(&game);
        assert_eq!(odds.method, Method::Exact);
        let neighbour = usize::from((holder + pass) % 3);
        if s.has(parlor::games::Variant::OneFinale) {
            // One sixes throw and the neighbour wins: the attempt is everything.
            assert!((odds.seat_win[usize::from(holder)] - attempt).abs() < 1e-12);
            assert!((odds.seat_win[neighbour] - (1.0 - attempt)).abs() < 1e-12);
        } else {
            // The attempt, or the chips come back later.
            assert!(odds.seat_win[usize::from(holder)] > attempt);
        }
        // After two safe throws only one is left to survive.
        for _ in 0..2 {
            game.apply_action(Action::Roll, &mut events).expect("throw");
            game.apply_chance(&Chance::Dice(Dice::new(&[2, 3])), &mut events)
                .expect("safe throw");
        }
        let odds = solver.win_chances(&game);
        if s.has(parlor::games::Variant::OneFinale) {
            assert!((odds.seat_win[usize::from(holder)] - 25.0 / 36.0).abs() < 1e-12);
        }
    }
}

#[test]
fn a_bought_finale_throw_lets_one_bad_throw_pass_the_holder_wins_with_q_cubed_times_1_plus_3p() {
    let (q, p) = (25.0f64 / 36.0, 11.0f64 / 36.0);
    // Three players of one chip: Ana pays, Ben's six passes to Cara, who holds both chips
    // left and may buy. With one-finale her neighbour wins at the second bad throw: she
    // wins with three safe throws before it, and one bad throw among the first three
    // places at most.
    let s = settings(GameId::AcesInThePot, 3, 1, &["buy-throw", "one-finale"]);
    let mut game = AcesInThePot::new(s);
    let mut events = Events::new();
    for faces in [[1, 3], [6, 3]] {
        game.apply_action(Action::Roll, &mut events).expect("roll");
        game.apply_chance(&Chance::Dice(Dice::new(&faces)), &mut events)
            .expect("dice");
    }
    assert_eq!(
        game.legal_actions().as_slice(),
        &[Action::Roll, Action::BuyThrow]
    );
    let mut solver = OddsSolver::new(&s);
    let odds = solver.win_chances(&game);
    assert_eq!(odds.method, Method::Exact);
    let bought = q.powi(3) * (1.0 + 3.0 * p);
    assert!((odds.seat_win[2] - bought).abs() < 1e-12, "{odds:?}");
    // Turning the offer down: the attempt alone.
    game.apply_action(Action::Roll, &mut events).expect("throw");
    let odds = solver.win_chances(&game);
    assert!((odds.seat_win[2] - q.powi(3)).abs() < 1e-12, "{odds:?}");
}

#[test]
fn exact_chances_match_parlor_sim_within_four_standard_errors() {
    let games = 20_000u64;
    for (game, players, stock, variants) in [
        (GameId::Lcr, 3, 3, &[][..]),
        (GameId::Lcr, 4, 3, &["wild"][..]),
        (GameId::Lcr, 5, 3, &[][..]),
        (GameId::AcesInThePot, 4, 2, &[][..]),
        (
            GameId::AcesInThePot,
            3,
            3,
            &["ace-finale", "pass-right"][..],
        ),
        (
            GameId::AcesInThePot,
            4,
            2,
            &["pass-alternate", "buy-throw"][..],
        ),
        (GameId::SwedishAces, 3, 2, &[][..]),
        (GameId::SwedishAces, 4, 2, &["threes-travel"][..]),
    ] {
        let s = settings(game, players, stock, variants);
        let report = OddsReport::start(&s);
        let odds = report.odds().expect("seat odds");
        assert_eq!(odds.method, Method::Exact, "{}", s.signature());
        let options = SimOptions {
            settings: s,
            games,
            seed: 2024,
            levels: vec![BotLevel::Standard; usize::from(players)],
        };
        let totals = play_games(&options, 0, games);
        for (seat, &p) in odds.seat_win.iter().enumerate() {
            let observed = totals.wins_by_seat[seat] as f64 / games as f64;
            let se = (p * (1.0 - p) / games as f64).sqrt();
            let z = (observed - p) / se;
            eprintln!(
                "{} seat {seat}: exact {p:.4}, sim {observed:.4}, z {z:+.2}",
                s.signature()
            );
            assert!(
                z.abs() < 4.0,
                "{} seat {seat}: exact {p:.5}, sim {observed:.5} ({z:+.2} standard errors)",
                s.signature()
            );
        }
    }
}

/// The LCR chain written out by hand from the rules, as the LCR tests do: the engine-driven
/// solver must agree with it to rounding.
#[test]
fn the_lcr_chain_agrees_with_one_written_from_the_rules() {
    #[derive(Clone, PartialEq, Eq, Hash)]
    struct State {
        chips: Vec<u8>,
        current: usize,
    }
    for players in [3usize, 4] {
        let probs = [1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 2.0];
        let start = State {
            chips: vec![3; players],
            current: 0,
        };
        let by_hand = solve(start, players, |s| {
            let me = s.current;
            compositions(s.chips[me].min(3), &probs)
                .into_iter()
                .map(|(p, counts)| {
                    let mut c = s.chips.clone();
                    c[me] -= counts[0] + counts[1] + counts[2];
                    c[seat(me, 1, players)] += counts[0];
                    c[seat(me, players - 1, players)] += counts[1];
                    let holders: Vec<usize> = (0..players).filter(|&i| c[i] > 0).collect();
                    if let [sole] = holders[..] {
                        return (p, [0.0, 0.0], Next::End(sole));
                    }
                    let mut to = seat(me, 1, players);
                    while c[to] == 0 {
                        to = seat(to, 1, players);
                    }
                    (
                        p,
                        [0.0, 0.0],
                        Next::State(State {
                            chips: c,
                            current: to,
                        }),
                    )
                })
                .collect()
        });
        let s = settings(GameId::Lcr, players as u8, 3, &[]);
        let odds = OddsSolver::new(&s).win_chances(&Lcr::new(s));
        for (seat, (&mine, &theirs)) in odds.seat_win.iter().zip(&by_hand.outcome).enumerate() {
            assert!(
                (mine - theirs).abs() < 1e-9,
                "{players} players seat {seat}: {mine} against {theirs}"
            );
        }
    }
}

#[test]
fn symmetric_positions_give_symmetric_answers() {
    // The Swedish Aces opening: every seat alike, so every seat loses one time in n.
    for (players, dice) in [(3, 2), (4, 3), (5, 1)] {
        let s = settings(GameId::SwedishAces, players, dice, &[]);
        let odds = OddsSolver::new(&s).win_chances(&SwedishAces::new(s));
        assert_eq!(odds.method, Method::Exact);
        for &p in &odds.seat_win {
            let lose = 1.0 - p;
            assert!((lose - 1.0 / f64::from(players)).abs() < 1e-9, "{lose}");
        }
    }
    // LCR positions that are rotations of each other, reached through the engine, with a
    // fresh solver each: the odds rotate with the seats.
    let s = settings(GameId::Lcr, 4, 3, &[]);
    let mut events = Events::new();
    let play = |rolls: &[[u8; 3]], events: &mut Events| {
        let mut game = Lcr::new(s);
        for faces in rolls {
            game.apply_action(Action::Roll, events).expect("roll");
            game.apply_chance(&Chance::Dice(Dice::new(faces)), events)
                .expect("dice");
        }
        game
    };
    // Seat 0 rolls L, C and a dot; or seat 0 rolls dots and seat 1 plays that move.
    let a = play(&[[1, 3, 4]], &mut events);
    let rotated = play(&[[4, 4, 4], [1, 3, 4]], &mut events);
    assert_eq!((&a.chips()[..], a.current()), (&[1, 4, 3, 3][..], 1));
    assert_eq!(
        (&rotated.chips()[..], rotated.current()),
        (&[3, 1, 4, 3][..], 2)
    );
    let odds_a = OddsSolver::new(&s).win_chances(&a);
    let odds_rotated = OddsSolver::new(&s).win_chances(&rotated);
    for seat in 0..4 {
        let there = (seat + 1) % 4;
        assert!((odds_a.seat_win[seat] - odds_rotated.seat_win[there]).abs() < 1e-12);
    }
    // Aces in the Pot at the start of a finale: the same whoever holds the chips.
    let s = settings(GameId::AcesInThePot, 3, 1, &[]);
    let mut finales = Vec::new();
    // Seats 0 and 1 pay the pot, leaving seat 2 alone; or seats 1 and 2 do, leaving seat 0.
    for first in [[1, 3], [3, 3]] {
        let mut game = AcesInThePot::new(s);
        for faces in [first, [1, 3], [1, 3]] {
            if game.phase() != parlor::games::aces_in_the_pot::Phase::Normal {
                break;
            }
            game.apply_action(Action::Roll, &mut events).expect("roll");
            game.apply_chance(&Chance::Dice(Dice::new(&faces)), &mut events)
                .expect("dice");
        }
        finales.push(game);
    }
    let holders: Vec<u8> = finales.iter().map(AcesInThePot::current).collect();
    let odds: Vec<Odds> = finales
        .iter()
        .map(|g| OddsSolver::new(&s).win_chances(g))
        .collect();
    for step in 0..3 {
        let at = |k: usize| usize::from((holders[k] + step) % 3);
        assert!((odds[0].seat_win[at(0)] - odds[1].seat_win[at(1)]).abs() < 1e-12);
    }
}

#[test]
fn monte_carlo_answers_are_reproducible_and_state_their_error() {
    let s = settings(GameId::Lcr, 10, 3, &[]);
    let game = Lcr::new(s);
    let first = OddsSolver::new(&s).with_games(2_000).win_chances(&game);
    let again = OddsSolver::new(&s).with_games(2_000).win_chances(&game);
    assert_eq!(first, again, "the same position gives the same answer");
    assert_eq!(first.method, Method::MonteCarlo);
    assert_probabilities(&first, 1.0, "lcr 10x3");
    let se = first.std_error.expect("an error");
    // p(1-p)/n at about one in ten.
    assert!((0.004..0.01).contains(&se), "standard error {se}");
    // A Forty-One match: players tied for the biggest pile all win.
    let s = settings(GameId::FortyOne, 3, 3, &[]);
    let odds = OddsSolver::new(&s)
        .with_games(300)
        .win_chances(&FortyOne::new(s));
    assert_eq!(odds.method, Method::MonteCarlo);
    let sum: f64 = odds.seat_win.iter().sum();
    assert!((1.0..1.5).contains(&sum), "{sum}");
}

#[test]
fn chase_the_ace_odds_match_parlor_sim() {
    // Threshold bots: cheap to simulate. The chain over lives and the deal, with round
    // outcomes measured from the bots, against whole simulated games.
    let games = 20_000u64;
    for (players, lives, variants) in [
        (3, 2, &[][..]),
        (4, 2, &["grace", "double-burn"][..]),
        (3, 1, &["grace", "stayner"][..]),
    ] {
        let s = settings(GameId::ChaseTheAce, players, lives, variants);
        let mut solver = OddsSolver::with_bot(&s, BotLevel::Threshold);
        let odds = solver.win_chances(&ChaseTheAce::new(s));
        assert_probabilities(&odds, 1.0, &s.signature());
        let table_se = odds.std_error.expect("an error");
        let options = SimOptions {
            settings: s,
            games,
            seed: 99,
            levels: vec![BotLevel::Threshold; usize::from(players)],
        };
        let totals = play_games(&options, 0, games);
        for (seat, &p) in odds.seat_win.iter().enumerate() {
            let observed = totals.wins_by_seat[seat] as f64 / games as f64;
            let se = (p * (1.0 - p) / games as f64 + table_se * table_se).sqrt();
            let z = (observed - p) / se;
            eprintln!(
                "{} seat {seat}: odds {p:.4}, sim {observed:.4}, z {z:+.2}",
                s.signature()
            );
            assert!(
                z.abs() < 4.0,
                "{} seat {seat}: {p:.4} against {observed:.4}",
                s.signature()
            );
        }
        // Mid-round the odds are those of the round's start: no card is looked at.
        let mut game = ChaseTheAce::new(s);
        let mut rng = game_rng(5, 0);
        let mut events = Events::new();
        let levels = vec![BotLevel::Threshold; usize::from(players)];
        step_without_humans(&mut game, &levels, &mut rng, &mut events);
        assert_eq!(solver.win_chances(&game), odds);
    }
}

#[test]
fn forty_one_hints_are_chances_and_the_experts_face_is_best_by_its_own_measure() {
    let s = settings(GameId::FortyOne, 4, 2, &[]);
    let mut game = FortyOne::new(s);
    let levels = vec![BotLevel::Expert; 4];
    let mut rng = game_rng(3, 0);
    let mut events = Events::new();
    let mut decisions = 0;
    while game.turn() != Turn::Over {
        if let Turn::Seat(_) = game.turn() {
            let hints = forty_one_hints(&game);
            let roll = game.roll().expect("a roll awaits a die");
            let faces: Vec<u8> = (1..=6).filter(|&f| roll.count(f) > 0).collect();
            assert_eq!(hints.iter().map(|h| h.face).collect::<Vec<_>>(), faces);
            for h in &hints {
                for p in [h.p_qualify, h.p_beat, h.p_win] {
                    assert!((0.0..=1.0 + 1e-12).contains(&p), "{h:?}");
                }
                assert!(h.p_beat <= h.p_qualify + 1e-12, "{h:?}");
                assert!((0.0..=24.0).contains(&h.expected_score), "{h:?}");
                assert!(h.expected_score <= 24.0 * h.p_qualify + 1e-9, "{h:?}");
            }
            let Action::SetDown(face) = game.bot_action(BotLevel::Expert, &mut rng) else {
                panic!("the expert sets a die down")
            };
            let best = hints
                .iter()
                .map(|h| h.p_win)
                .fold(f64::NEG_INFINITY, f64::max);
            let chosen = hints
                .iter()
                .find(|h| h.face == face)
                .expect("a hint per face");
            // The same arithmetic gives the same number, so equal means equal.
            assert!(chosen.p_win >= best, "{hints:?} chose {face}");
            if game.score_to_beat().is_none() && game.still_to_roll() == 0 {
                // Playing for points: the expert's face has the best expected score.
                let most = hints
                    .iter()
                    .map(|h| h.expected_score)
                    .fold(f64::NEG_INFINITY, f64::max);
                assert!((chosen.expected_score - most).abs() < 1e-12);
            }
            decisions += 1;
        }
        step_without_humans(&mut game, &levels, &mut rng, &mut events);
    }
    assert!(decisions > 40);
    // No roll waiting: no hints.
    let fresh = FortyOne::new(s);
    assert!(forty_one_hints(&fresh).is_empty());
}

#[test]
fn forty_one_report_gives_the_optimal_turn() {
    let s = Settings::defaults(GameId::FortyOne);
    let report = OddsReport::start(&s);
    let turn = report.turn().expect("turn figures");
    let sum: f64 = turn.score_distribution.iter().sum();
    assert!((sum - 1.0).abs() < 1e-12);
    assert!((turn.p_qualify - (1.0 - turn.score_distribution[25])).abs() < 1e-12);
    assert!((turn.p_24 - turn.score_distribution[24]).abs() < 1e-15);
    let mean: f64 = turn.score_distribution[..25]
        .iter()
        .enumerate()
        .map(|(s, p)| s as f64 * p)
        .sum();
    assert!((mean - turn.expected_score).abs() < 1e-9);
    assert!(turn.score_distribution[..4].iter().all(|&p| p == 0.0));
    let json: serde_json::Value = serde_json::from_str(&report.to_json()).expect("json");
    assert_eq!(json["game"], "forty-one");
    assert_eq!(json["players"], 4);
    assert_eq!(json["method"], "exact");
    assert_eq!(
        json["score_distribution"].as_array().expect("array").len(),
        26
    );
    for key in ["p_qualify", "expected_score", "p_24"] {
        assert!(json[key].is_f64(), "{key}");
    }
    assert!(json.get("seat_win").is_none());
    assert!(report.summary().contains("expected score"));
}

#[test]
fn reports_give_seat_odds_method_and_error_as_json() {
    for (game, players, stock) in [
        (GameId::Lcr, 4, 3),
        (GameId::AcesInThePot, 4, 2),
        (GameId::SwedishAces, 3, 2),
        (GameId::Lcr, 10, 4),
        // The expert bots' rounds, measured once per process.
        (GameId::ChaseTheAce, 3, 2),
    ] {
        let s = settings(game, players, stock, &[]);
        let report = OddsReport::start(&s);
        let json: serde_json::Value = serde_json::from_str(&report.to_json()).expect("json");
        assert_eq!(json["game"], game.name());
        assert_eq!(json["players"], players);
        let seat_win = json["seat_win"].as_array().expect("seat_win");
        assert_eq!(seat_win.len(), usize::from(players));
        let odds = report.odds().expect("odds");
        match odds.method {
            Method::Exact => {
                assert_eq!(json["method"], "exact");
                assert!(json.get("std_error").is_none());
            }
            Method::MonteCarlo => {
                assert_eq!(json["method"], "monte-carlo");
                assert!(json["std_error"].as_f64().expect("se") > 0.0);
            }
        }
        assert_eq!(json.get("seat_lose").is_some(), game == GameId::SwedishAces);
        assert!(report.summary().contains("seat"));
    }
    // Ten players of four chips is beyond the exact budget.
    let big = OddsReport::start(&settings(GameId::Lcr, 10, 4, &[]));
    assert_eq!(big.odds().expect("odds").method, Method::MonteCarlo);
}

/// The budget takes the largest tables solved in under a second and 200 MB (release build,
/// a quiet 2-core machine): LCR 7p of three chips 0.8-0.95 s, Aces in the Pot 7p of three 0.7
/// s, 5p of five with pass-alternate 0.65 s, LCR 6p of four with wilds 0.76 s, Swedish Aces
/// 6p of three dice 0.7 s (explored, not by level); not Aces in the Pot 7p of two with
/// pass-alternate (over 200 MB). (Swedish Aces opens with a roll for the first turn, not a
/// seat about to roll, so its start is never played out: its budget is
/// `swedish_aces_beyond_the_explored_budget_is_estimated`.)
#[test]
fn the_exact_budget_takes_the_tables_solved_in_under_a_second() {
    // Asked whether the start would be played out, not solved: no solve is run.
    let start = |game: GameId, players: u8, stock: u8, variants: &[&str]| {
        let s = settings(game, players, stock, variants);
        OddsSolver::new(&s).plays_out(new_game(s).as_ref())
    };
    assert!(!start(GameId::Lcr, 7, 3, &[]));
    assert!(!start(GameId::Lcr, 7, 3, &["jackpot"]));
    assert!(!start(GameId::AcesInThePot, 7, 3, &[]));
    assert!(!start(GameId::AcesInThePot, 8, 2, &[]));
    assert!(!start(GameId::AcesInThePot, 5, 5, &["pass-alternate"]));
    assert!(!start(GameId::Lcr, 6, 4, &["wild"]));
    assert!(start(GameId::AcesInThePot, 7, 2, &["pass-alternate"]));
    assert!(start(GameId::AcesInThePot, 6, 3, &["pass-alternate"]));
    assert!(start(GameId::AcesInThePot, 9, 2, &[]));
    assert!(start(GameId::Lcr, 7, 3, &["wild"]));
    assert!(start(GameId::Lcr, 6, 5, &[]));
    // Swedish Aces opens on everyone's roll for the start, where no chain is asked: asked at
    // the first roll of the game proper.
    let first_roll = |dice: u8, players: u8, variants: &[&str]| {
        let s = settings(GameId::SwedishAces, players, dice, variants);
        let mut game = SwedishAces::new(s);
        let levels = vec![BotLevel::Standard; usize::from(players)];
        let (mut rng, mut events) = (game_rng(1, 0), Events::discarding());
        while game.phase() != parlor::games::swedish_aces::Phase::Play {
            step_without_humans(&mut game, &levels, &mut rng, &mut events);
        }
        assert_eq!(game.legal_actions().as_slice(), [Action::Roll]);
        OddsSolver::new(&s).plays_out(&game)
    };
    assert!(!first_roll(3, 6, &[]));
    assert!(first_roll(4, 5, &["threes-travel"]));
}

/// Swedish Aces' chain is explored from the position, not solved by level, and is held to
/// the explored budget: five players of four dice with threes travelling (10 million
/// transitions, 1.3 s) are estimated, though a level solve would take that many.
#[test]
fn swedish_aces_beyond_the_explored_budget_is_estimated() {
    let s = settings(GameId::SwedishAces, 5, 4, &["threes-travel"]);
    let report = OddsReport::start(&s);
    assert_eq!(report.odds().expect("odds").method, Method::MonteCarlo);
}

/// The seat to decide in a Chase the Ace round, and its view.
fn chase_decision_views(settings: Settings, seed: u64) -> Vec<(ChaseView, Action)> {
    let mut game = ChaseTheAce::new(settings);
    let levels = vec![BotLevel::Threshold; usize::from(settings.players)];
    let mut rng = game_rng(seed, 0);
    let mut events = Events::new();
    let mut out = Vec::new();
    while game.turn() != Turn::Over && out.len() < 60 {
        if let Turn::Seat(seat) = game.turn() {
            let View::ChaseTheAce(view) = game.view(Some(seat)) else {
                panic!("a chase view")
            };
            let action = game.bot_action(BotLevel::Expert, &mut rng);
            out.push((view, action));
        }
        step_without_humans(&mut game, &levels, &mut rng, &mut events);
    }
    out
}

/// The hint is the expert's own exact reckoning: chances, the same for the same view, and
/// the expert changes exactly when changing is the less likely to end lowest.
#[test]
fn chase_hints_are_the_experts_chances_and_it_follows_them() {
    let s = settings(GameId::ChaseTheAce, 5, 2, &[]);
    let (mut changes, mut keeps) = (0, 0);
    for (view, action) in chase_decision_views(s, 8) {
        let hint = chase_hint(&view).expect("the deciding seat gets a hint");
        for p in [hint.keep, hint.change] {
            assert!((0.0..=1.0).contains(&p), "{hint:?}");
        }
        assert_eq!(
            chase_hint(&view),
            Some(hint),
            "the same view, the same hint"
        );
        // A King kept is never lowest unless everyone else holds a King too.
        if view.own.is_some_and(|c| c.rank() == 13) {
            assert!(hint.keep < 0.001, "{hint:?}");
        }
        if matches!(action, Action::Exchange | Action::Cut) {
            assert!(hint.change <= hint.keep, "{hint:?} {action}");
            changes += 1;
        } else {
            assert!(hint.change >= hint.keep, "{hint:?} {action}");
            keeps += 1;
        }
        // Nobody else is given a hint for this decision.
        let mut other = view.clone();
        other.viewer = Some((view.current + 1) % 5);
        assert_eq!(chase_hint(&other), None);
    }
    assert!(changes > 5 && keeps > 5, "{changes} changes, {keeps} keeps");
}

#[test]
fn a_solver_keeps_what_it_solved_and_starts_afresh_for_other_settings() {
    let s = settings(GameId::Lcr, 4, 3, &[]);
    let mut solver = OddsSolver::new(&s);
    let all = positions(s, 4, 200);
    solver.win_chances(all[0].as_ref());
    let points = solver.solved_points();
    assert!(points > 1000);
    for position in &all {
        solver.win_chances(position.as_ref());
    }
    assert_eq!(
        solver.solved_points(),
        points,
        "every later position was solved already"
    );
    let other = settings(GameId::Lcr, 3, 3, &[]);
    let odds = solver.win_chances(&Lcr::new(other));
    assert_eq!(odds.seat_win.len(), 3);
    assert_eq!(solver.settings(), &other);
}

#[test]
fn a_solver_can_move_to_another_thread_and_a_finished_match_is_exact() {
    fn send<T: Send>(_: &T) {}
    let s = settings(GameId::FortyOne, 3, 1, &[]);
    let mut solver = OddsSolver::new(&s);
    send(&solver);
    let last = positions(s, 5, usize::MAX).pop().expect("a game");
    assert_eq!(last.turn(), Turn::Over);
    let odds = solver.win_chances(last.as_ref());
    assert_eq!(odds.method, Method::Exact);
    assert_probabilities(&odds, 1.0, "a finished match");
}
