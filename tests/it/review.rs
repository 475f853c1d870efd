//! Game review: the decisions' costs are the solvers' own values, blunders are flagged, the
//! win-probability series is the exact odds where they exist, and `parlor review` prints
//! the review as text and JSON.
// The review's values are the solvers' own numbers, compared exactly.
#![allow(clippy::float_cmp)]

use std::path::Path;
use std::process::Command;

use parlor::games::chase_the_ace::{ChaseTheAce, ChaseView};
use parlor::games::forty_one::solver::{self, TurnState};
use parlor::games::{
    Action, Card, Chance, Deck, Dice, GameId, Settings, SettingsRequest, Turn, View,
};
use parlor::odds::{Method, OddsSolver, chase_hint};
use parlor::replay::{Replay, Timeline};
use parlor::review::{Budget, Mark, Outlook, Review, Situation};
use parlor::table::{Progress, Seat, SeatKind, Step, Table};

fn settings(game: GameId, request: &SettingsRequest) -> Settings {
    Settings::new(game, request).expect("settings in range")
}

/// A table whose seats in `humans` are people, the rest bots at the game's default level.
fn table(settings: Settings, humans: &[u8], seed: u64) -> Table {
    let level = settings.game.bot_levels()[0];
    let seats = (0..settings.players)
        .map(|seat| Seat {
            name: format!("Seat {seat}"),
            kind: if humans.contains(&seat) {
                SeatKind::Human
            } else {
                SeatKind::Bot(level)
            },
        })
        .collect();
    Table::new(settings, seats, seed)
}

/// The recorded game of a table, as a replay file would give it back.
fn timeline(table: &Table) -> Timeline {
    Replay::of(table)
        .timeline(Path::new("test"))
        .expect("a table's own game plays back")
}

fn dice(table: &mut Table, faces: &[u8]) {
    table
        .replay_step(Step::Chance(Chance::Dice(Dice::new(faces))))
        .expect("the forced dice fit");
}

/// The seat to play takes `action`, whoever sits there.
fn act(table: &mut Table, action: Action) {
    let Turn::Seat(seat) = table.game().turn() else {
        panic!("a seat must decide")
    };
    table
        .replay_step(Step::Action { seat, action })
        .expect("the action is legal");
}

/// Play a Forty-One turn: each roll shows `rolls[i]`, and `faces[i]` is set down from it.
fn forty_one_turn(table: &mut Table, rolls: [&[u8]; 6], faces: [u8; 6]) {
    for (roll, face) in rolls.into_iter().zip(faces) {
        dice(table, roll);
        act(table, Action::SetDown(face));
    }
}

/// Six rolls, each showing exactly the dice of `faces` still to be set down.
fn shrinking(faces: &[u8; 6]) -> [&[u8]; 6] {
    std::array::from_fn(|i| &faces[i..])
}

fn forty_one(players: u8) -> Settings {
    settings(
        GameId::FortyOne,
        &SettingsRequest {
            players: Some(players),
            rounds: Some(2),
            ..SettingsRequest::default()
        },
    )
}

/// A budget small enough for a test's few points.
fn small_budget() -> Budget {
    Budget {
        playout_steps: 200_000,
        threads: 2,
    }
}

#[test]
fn forty_one_costs_are_the_solvers_values_for_forced_dice() {
    // Seat 1 is the person: in round 1 it rolls second, after seat 0's 12, with seat 2 to
    // roll after it; in round 2 it opens.
    let mut table = table(forty_one(3), &[1], 1);
    // Seat 0: 4 1 3 3 3 3 scores 12 (each roll shows exactly the dice still to set down).
    forty_one_turn(
        &mut table,
        shrinking(&[4, 1, 3, 3, 3, 3]),
        [4, 1, 3, 3, 3, 3],
    );
    let person: [&[u8]; 6] = [
        &[6, 6, 5, 4, 1, 3],
        &[6, 1, 2, 3, 5],
        &[1, 4, 6, 6],
        &[3, 5, 1],
        &[2, 6],
        &[5],
    ];
    forty_one_turn(&mut table, person, [6, 1, 1, 5, 2, 5]);
    forty_one_turn(
        &mut table,
        shrinking(&[4, 1, 6, 6, 6, 6]),
        [4, 1, 6, 6, 6, 6],
    );
    // Round 2 opens with seat 1.
    forty_one_turn(&mut table, person, [4, 6, 6, 3, 6, 5]);

    let timeline = timeline(&table);
    let review = Review::within(&timeline, &small_budget());
    let decisions = &review.decisions;
    assert_eq!(decisions.len(), 12, "six dice a turn, two turns");
    assert!(decisions.iter().all(|d| d.seat == 1));
    // Each decision is the step a replay viewer would show: the seat to play there, and
    // the step taken from it the choice.
    for decision in decisions {
        let at = timeline.table(decision.step).expect("a step of the game");
        assert_eq!(at.game().turn(), Turn::Seat(decision.seat));
        assert_eq!(
            table.history()[decision.step],
            Step::Action {
                seat: decision.seat,
                action: decision.chosen().action
            }
        );
    }
    assert_eq!(
        review.situation_line(&decisions[0]),
        "Round 1, roll 1 of 6: 6·6·5·4·1·3; 12 to beat, 1 player after"
    );
    let mut costly = 0;
    for decision in decisions {
        let Situation::FortyOne {
            roll,
            set_down,
            to_beat,
            still_to_roll,
            ..
        } = &decision.situation
        else {
            panic!("a Forty-One decision")
        };
        let state = set_down
            .iter()
            .fold(TurnState::START, |state, &face| state.after(face));
        let policy = solver::win_policy(*to_beat, *still_to_roll);
        let faces: Vec<u8> = roll.faces().collect();
        let best = policy.best_face(state, &faces);
        let Action::SetDown(chosen) = decision.chosen().action else {
            panic!("a die set down")
        };
        let worth = |face: u8| policy.value(state.after(face));
        assert_eq!(
            decision.best().action,
            Action::SetDown(best),
            "{decision:?}"
        );
        assert_eq!(decision.cost, worth(best) - worth(chosen), "{decision:?}");
        assert_eq!(decision.mark, Mark::of(decision.cost));
        // Every face shown is an option, valued as the solver values it.
        let mut shown = faces.clone();
        shown.sort_unstable();
        shown.dedup();
        let options: Vec<u8> = decision
            .options
            .iter()
            .map(|o| match o.outlook {
                Outlook::Die(hint) => {
                    assert_eq!(o.value, worth(hint.face));
                    assert_eq!(hint.p_win, o.value);
                    hint.face
                }
                Outlook::Card { .. } => panic!("a die"),
            })
            .collect();
        assert_eq!(options, shown);
        costly += usize::from(decision.cost > 0.0);
    }
    assert!(costly >= 3, "the scripted turns are not the expert's");
    // The situations as the table stood: 12 to beat and one still to roll in round 1,
    // nothing to beat and two to roll in round 2.
    let first = |i: usize| match &decisions[i].situation {
        Situation::FortyOne {
            to_beat,
            still_to_roll,
            round,
            ..
        } => (*round, *to_beat, *still_to_roll),
        Situation::ChaseTheAce { .. } => panic!("Forty-One"),
    };
    assert_eq!(first(0), (1, Some(12), 1));
    assert_eq!(first(6), (2, None, 2));
}

#[test]
fn a_blunder_in_a_scripted_game_is_flagged() {
    // The person opens and has 4 6 6 6 down; the fifth roll shows 1·6. Setting the 1 down
    // qualifies at once with 18 or more; setting the 6 down leaves a 1 in 6 to qualify.
    // Seat 2, a person too, never gets to roll.
    let mut table = table(forty_one(3), &[0, 2], 1);
    forty_one_turn(
        &mut table,
        [
            &[4, 2, 2, 2, 2, 2],
            &[6, 2, 2, 2, 2],
            &[6, 2, 2, 2],
            &[6, 2, 2],
            &[1, 6],
            &[3],
        ],
        [4, 6, 6, 6, 6, 3],
    );
    let review = Review::within(&timeline(&table), &small_budget());
    let blunders: Vec<_> = review
        .decisions
        .iter()
        .filter(|d| d.mark == Some(Mark::Blunder))
        .collect();
    assert_eq!(blunders.len(), 1, "{:#?}", review.decisions);
    let blunder = blunders[0];
    assert_eq!(blunder.chosen().action, Action::SetDown(6));
    assert_eq!(blunder.best().action, Action::SetDown(1));
    assert!(blunder.cost > 0.5, "{blunder:?}");
    let accuracy = &review.accuracy[0];
    assert_eq!((accuracy.seat, accuracy.blunders), (0, 1));
    assert!(accuracy.accuracy < 0.9, "{accuracy:?}");
    let text = review.to_text(true);
    assert!(text.contains("a blunder"), "{text}");
    assert!(text.contains("1 blunder;"), "{text}");
    // Nothing to count for seat 2: nothing given away (not -0), no accuracy told.
    let idle = &review.accuracy[1];
    assert_eq!((idle.seat, idle.choices), (2, 0));
    assert!(idle.given_away == 0.0 && idle.given_away.is_sign_positive());
    assert!(
        text.contains("Decisions of Seat 2\n0 dice set down, none with a choice.\n"),
        "{text}"
    );
}

#[test]
fn marks_follow_the_thresholds() {
    assert_eq!(Mark::of(0.0), None);
    assert_eq!(Mark::of(0.019_999), None);
    assert_eq!(Mark::of(0.02), Some(Mark::Inaccuracy));
    assert_eq!(Mark::of(0.049_999), Some(Mark::Inaccuracy));
    assert_eq!(Mark::of(0.05), Some(Mark::Mistake));
    assert_eq!(Mark::of(0.099_999), Some(Mark::Mistake));
    assert_eq!(Mark::of(0.1), Some(Mark::Blunder));
    assert_eq!(Mark::of(1.0), Some(Mark::Blunder));
}

/// Play a table to the end, a person's seat (if any) as the bots would.
fn play_out(mut table: Table) -> Table {
    loop {
        match table.advance() {
            Progress::Over => return table,
            Progress::Stepped(_) => {}
            Progress::WaitingFor(_) => {
                table.auto_act();
            }
        }
    }
}

#[test]
fn an_lcr_series_equals_the_exact_odds_step_by_step() {
    let settings = settings(
        GameId::Lcr,
        &SettingsRequest {
            players: Some(4),
            chips: Some(3),
            variants: vec!["wild".to_owned()],
            ..SettingsRequest::default()
        },
    );
    let table = play_out(table(settings, &[0], 7));
    let timeline = timeline(&table);
    let review = Review::of(&timeline);
    // A point at the start and after every step but a bare roll.
    let mut expected = vec![0];
    for (index, step) in table.history().iter().enumerate() {
        if !matches!(
            step,
            Step::Action {
                action: Action::Roll,
                ..
            }
        ) {
            expected.push(index + 1);
        }
    }
    let steps: Vec<usize> = review.win_probability.iter().map(|p| p.step).collect();
    assert_eq!(steps, expected);
    let mut solver = OddsSolver::new(&settings);
    for point in &review.win_probability {
        let position = timeline.table(point.step).expect("a step of the game");
        let odds = solver.win_chances(position.game());
        assert_eq!(point.method, Method::Exact);
        assert_eq!(point.seat_win, odds.seat_win, "step {}", point.step);
        assert_eq!(point.turn, position.game().figures().turns);
    }
    let last = review.win_probability.last().expect("points");
    let winner = table.game().figures().winners.first().expect("a winner");
    assert_eq!(last.seat_win[usize::from(winner)], 1.0);
    // LCR has no decisions to review, but its swings are told.
    assert!(!review.values_decisions());
    assert!(review.decisions.is_empty());
    assert!(review.accuracy.is_empty(), "{:?}", review.accuracy);
    assert!(!review.swings.is_empty());
    for swing in &review.swings {
        assert!(swing.change.abs() >= 0.05, "{swing:?}");
        assert!(!swing.what.is_empty(), "{swing:?}");
        let name = review.name(swing.seat);
        let label = format!(
            "{name} {:+.0}% at turn {} — {}",
            100.0 * swing.change,
            swing.turn,
            swing.what
        );
        assert_eq!(swing.label, label);
        let before = review
            .win_probability
            .iter()
            .find(|p| p.step == swing.from_step)
            .expect("a point");
        let after = review
            .win_probability
            .iter()
            .find(|p| p.step == swing.step)
            .expect("a point");
        let seat = usize::from(swing.seat);
        assert_eq!(swing.change, after.seat_win[seat] - before.seat_win[seat]);
    }
}

/// A deck whose first cards are `top`, the rest in order.
fn deck(top: &[Card]) -> Deck {
    let mut cards = top.to_vec();
    cards.extend(Deck::ordered().cards().iter().filter(|c| !top.contains(c)));
    Deck::new(cards.try_into().expect("52 cards"))
}

fn chase(players: u8, variants: &[&str]) -> Settings {
    settings(
        GameId::ChaseTheAce,
        &SettingsRequest {
            players: Some(players),
            variants: variants.iter().map(|&v| v.to_owned()).collect(),
            ..SettingsRequest::default()
        },
    )
}

fn chase_view(table: &Table, seat: u8) -> ChaseView {
    match table.game().view(Some(seat)) {
        View::ChaseTheAce(view) => view,
        _ => panic!("a Chase the Ace view"),
    }
}

#[test]
fn a_chase_review_prices_each_choice_by_the_chance_of_ending_lowest() {
    // Seat 0 deals; seat 1 (a person) is dealt the King of spades and exchanges it away,
    // seat 2 keeps its 9, and the dealer (a person) keeps an Ace instead of cutting.
    let mut table = table(chase(3, &[]), &[0, 1], 3);
    let king = Card::new(13, 3);
    let deal = deck(&[king, Card::new(9, 0), Card::new(1, 0)]);
    table
        .replay_step(Step::Chance(Chance::Deck(deal)))
        .expect("a deck");
    let seat_1 = chase_view(&table, 1);
    act(&mut table, Action::Exchange);
    act(&mut table, Action::Keep);
    let dealer = chase_view(&table, 0);
    act(&mut table, Action::Keep);

    let review = Review::within(&timeline(&table), &small_budget());
    assert_eq!(review.decisions.len(), 2, "{:#?}", review.decisions);
    for (decision, view, change) in [
        (&review.decisions[0], &seat_1, Action::Exchange),
        (&review.decisions[1], &dealer, Action::Cut),
    ] {
        let hint = chase_hint(view).expect("the deciding seat's hint");
        let lowest: Vec<(Action, f64)> = decision
            .options
            .iter()
            .map(|o| match o.outlook {
                Outlook::Card { p_lowest } => {
                    assert_eq!(o.value, 1.0 - p_lowest);
                    (o.action, p_lowest)
                }
                Outlook::Die(_) => panic!("a card"),
            })
            .collect();
        assert_eq!(lowest, [(Action::Keep, hint.keep), (change, hint.change)]);
        let best = decision.best().value;
        assert!((decision.cost - (best - decision.chosen().value)).abs() < 1e-15);
        assert_eq!(decision.mark, Some(Mark::Blunder), "{decision:?}");
    }
    // Giving a King away, and keeping an Ace as the dealer.
    assert_eq!(review.decisions[0].chosen().action, Action::Exchange);
    assert_eq!(review.decisions[0].best().action, Action::Keep);
    assert_eq!(review.decisions[1].chosen().action, Action::Keep);
    assert_eq!(review.decisions[1].best().action, Action::Cut);
    assert_eq!(review.accuracy.len(), 2);
    assert_eq!(
        review.situation_line(&review.decisions[1]),
        "Round 1: Seat 0 held A♣, the dealer"
    );
    // Odds do not look at the cards: the one point per round.
    let steps: Vec<usize> = review.win_probability.iter().map(|p| p.step).collect();
    assert_eq!(steps, [0, 4]);
    assert!(
        review
            .win_probability
            .iter()
            .all(|p| p.method == Method::MonteCarlo && p.std_error.is_some())
    );
}

#[test]
fn a_king_kept_quiet_is_worth_as_much_until_the_right_neighbour_could_take_it() {
    // king-stops: seat 0 (a person) deals itself the King of hearts. It is asked before
    // seat 1 decides (nobody can take it then) and again before seat 2, its right
    // neighbour, who exchanges with it holding a 6 or lower.
    let mut table = table(chase(3, &["king-stops"]), &[0], 5);
    let deal = deck(&[Card::new(9, 1), Card::new(3, 1), Card::new(13, 2)]);
    table
        .replay_step(Step::Chance(Chance::Deck(deal)))
        .expect("a deck");
    act(&mut table, Action::Keep); // the holder keeps quiet before seat 1
    act(&mut table, Action::Keep); // seat 1 keeps its 9
    act(&mut table, Action::ThrowKing); // before seat 2 could take it
    let review = Review::within(&timeline(&table), &small_budget());
    let calls: Vec<_> = review.decisions.iter().collect();
    assert_eq!(calls.len(), 2, "{calls:#?}");
    let lowest = |d: &parlor::review::Decision, action: Action| {
        let option = d
            .options
            .iter()
            .find(|o| o.action == action)
            .expect("an option");
        match option.outlook {
            Outlook::Card { p_lowest } => p_lowest,
            Outlook::Die(_) => panic!("a card"),
        }
    };
    for call in &calls {
        assert!(matches!(
            call.situation,
            Situation::ChaseTheAce {
                king_call: true,
                ..
            }
        ));
    }
    // Before seat 1: keeping quiet risks nothing.
    assert_eq!(
        lowest(calls[0], Action::Keep),
        lowest(calls[0], Action::ThrowKing)
    );
    assert_eq!(calls[0].cost, 0.0);
    // Before seat 2: keeping quiet lets a low card in; throwing it down is the best.
    let thrown = lowest(calls[1], Action::ThrowKing);
    assert!(thrown < 0.01, "{thrown}");
    assert!(
        lowest(calls[1], Action::Keep) > thrown + 0.1,
        "{:?}",
        calls[1]
    );
    assert_eq!(calls[1].best().action, Action::ThrowKing);
    assert_eq!(calls[1].cost, 0.0);
}

fn parlor(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn parlor_review_prints_text_within_80_columns_and_json_with_a_schema() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8");
    let none = parlor(&["review", "--last", "--data-dir", d]);
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no replays yet"));
    let played = parlor(&[
        "play",
        "forty-one",
        "--rounds",
        "2",
        "--players",
        "3",
        "--stakes",
        "off",
        "--plain",
        "--auto",
        "--seed",
        "4",
        "--data-dir",
        d,
    ]);
    assert!(played.status.success(), "{played:?}");

    let json = parlor(&["review", "--last", "--json", "--data-dir", d]);
    assert!(json.status.success(), "{json:?}");
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(json["schema"], 1);
    assert_eq!(json["game"], "forty-one");
    let decisions = json["decisions"].as_array().expect("decisions");
    assert_eq!(decisions.len(), 12, "two turns of the person's");
    for decision in decisions {
        for key in [
            "seat",
            "step",
            "situation",
            "options",
            "chosen",
            "best",
            "cost",
        ] {
            assert!(decision.get(key).is_some(), "{key} in {decision}");
        }
        for option in decision["options"].as_array().expect("options") {
            for key in ["action", "value", "p_win", "p_qualify", "expected_score"] {
                assert!(option.get(key).is_some(), "{key} in {option}");
            }
        }
        // The person played as the expert: nothing given away.
        assert_eq!(decision["chosen"], decision["best"]);
        assert_eq!(decision["cost"], 0.0);
    }
    let series = json["win_probability"].as_array().expect("series");
    assert_eq!(series.len(), 3, "one per seat");
    for seat in series {
        let points = seat["points"].as_array().expect("points");
        assert_eq!(points.len(), 7, "the start and one per turn");
        assert!(points.iter().all(|p| p.get("method").is_some()));
    }
    assert_eq!(json["accuracy"][0]["accuracy"], 1.0);

    for flags in [&[][..], &["--plain"]] {
        let mut args = vec!["review", "--last", "--data-dir", d];
        args.extend_from_slice(flags);
        let text = parlor(&args);
        assert!(text.status.success());
        let text = String::from_utf8_lossy(&text.stdout).into_owned();
        assert!(text.contains("Accuracy 100.0%"), "{text}");
        assert_eq!(text.contains("+~"), flags.is_empty(), "the chart: {text}");
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{line:?}");
        }
    }
    let both = parlor(&["review", "--last", "--plain", "--json", "--data-dir", d]);
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn a_long_match_reviews_within_its_budget() {
    // 30 rounds of six players: 180 turns, more than the budget's games a point allow.
    let settings = settings(
        GameId::FortyOne,
        &SettingsRequest {
            players: Some(6),
            rounds: Some(30),
            stakes: Some(false),
            ..SettingsRequest::default()
        },
    );
    let table = play_out(table(settings, &[0], 11));
    let steps = table.history().len();
    let budget = Budget {
        playout_steps: 2_000_000,
        threads: 2,
    };
    let review = Review::within(&timeline(&table), &budget);
    let effort = review.effort;
    assert_eq!(effort.points, review.win_probability.len());
    assert!(effort.samples_per_point >= 100, "{effort:?}");
    let played: u64 = review
        .win_probability
        .iter()
        .map(|p| (steps - p.step) as u64 * u64::from(effort.samples_per_point))
        .sum();
    assert!(
        played <= budget.playout_steps,
        "{played} steps for {effort:?}"
    );
    assert!(effort.points >= 10, "{effort:?}");
    assert!(
        effort.points < 181,
        "fewer points rather than fewer games: {effort:?}"
    );
    // The same series on one thread.
    let alone = Review::within(
        &timeline(&table),
        &Budget {
            threads: 1,
            ..budget
        },
    );
    assert_eq!(alone.win_probability, review.win_probability);
    // The person's seat played as the expert.
    assert_eq!(review.accuracy[0].accuracy, 1.0);
    assert!(review.decisions.iter().all(|d| d.cost == 0.0));
}

#[test]
fn an_abandoned_long_match_counts_its_playouts_to_the_end_of_the_match() {
    // 200 rounds of four players for points, left after 10: every playout plays the other
    // 190 rounds (four turns of six rolls, each a chance step and a die set down).
    let settings = settings(
        GameId::FortyOne,
        &SettingsRequest {
            players: Some(4),
            rounds: Some(200),
            stakes: Some(false),
            ..SettingsRequest::default()
        },
    );
    let mut table = table(settings, &[], 5);
    while table.game().figures().rounds <= 10 {
        table.advance();
    }
    let steps = table.history().len();
    let beyond_the_end = 190 * 4 * 12;
    let budget = Budget {
        playout_steps: 5_000_000,
        threads: 2,
    };
    let review = Review::within(&timeline(&table), &budget);
    assert!(!review.finished);
    let effort = review.effort;
    let played: u64 = review
        .win_probability
        .iter()
        .map(|p| ((steps - p.step) as u64 + beyond_the_end) * u64::from(effort.samples_per_point))
        .sum();
    // Within the budget, give or take the measured playout's own length.
    assert!(
        played <= budget.playout_steps * 11 / 10,
        "{played} steps for {effort:?}"
    );
}

#[test]
fn a_review_given_up_stops_and_gives_nothing() {
    let table = play_out(table(forty_one(4), &[0], 3));
    let stop = std::sync::atomic::AtomicBool::new(true);
    assert!(Review::unless_stopped(&timeline(&table), &small_budget(), &stop).is_none());
    let go_on = std::sync::atomic::AtomicBool::new(false);
    assert!(Review::unless_stopped(&timeline(&table), &small_budget(), &go_on).is_some());
}

#[test]
fn a_round_replayed_after_a_tie_is_named_so() {
    // Neither of two players qualifies (no 1 set down) with stakes on: a tie of all, and
    // the round is played again.
    let mut table = table(forty_one(2), &[0, 1], 1);
    for _ in 0..2 {
        forty_one_turn(&mut table, shrinking(&[4; 6]), [4; 6]);
    }
    forty_one_turn(
        &mut table,
        shrinking(&[6, 6, 6, 6, 4, 1]),
        [6, 6, 6, 6, 4, 1],
    );
    let review = Review::within(&timeline(&table), &small_budget());
    let lines: Vec<String> = review
        .decisions
        .iter()
        .map(|d| review.situation_line(d))
        .collect();
    assert!(lines[0].starts_with("Round 1, roll 1 of 6"), "{lines:?}");
    let replayed = &lines[12];
    assert!(
        replayed.starts_with("Round 1 (replayed after a tie), roll 1 of 6"),
        "{lines:?}"
    );
    let short = review.situation_short(&review.decisions[12]);
    assert!(short.starts_with("R1r roll 1"), "{short}");
}

#[test]
fn playouts_share_the_cores_and_the_chain_answers_in_order_the_same_on_any_thread_count() {
    // Seven players of four lives: the chain is over its budget at the start (playouts),
    // and solved once a few lives are gone.
    let settings = settings(
        GameId::ChaseTheAce,
        &SettingsRequest {
            players: Some(7),
            lives: Some(4),
            ..SettingsRequest::default()
        },
    );
    let table = play_out(table(settings, &[], 3));
    let on = |threads| {
        Review::within(
            &timeline(&table),
            &Budget {
                playout_steps: 400_000,
                threads,
            },
        )
        .win_probability
    };
    // Playouts at the start; the chain's answers by the end, when two players are left.
    let mut probe = OddsSolver::new(&settings);
    assert!(probe.plays_out(&ChaseTheAce::new(settings)));
    let alone = on(1);
    assert!(alone.len() > 4, "{} points", alone.len());
    assert_eq!(on(3), alone);
    assert_eq!(on(2), alone);
}
