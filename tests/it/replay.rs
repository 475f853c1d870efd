//! Replays and game codes: every game and variant records and plays back through the rules
//! alone; a replay re-played from its seed matches; a timeline rebuilds every step; damaged
//! files, pipes, devices and huge files get a clear error at once.

use std::process::Command;

use parlor::games::{BotLevel, GameId, Settings, SettingsRequest, Turn};
use parlor::replay::{self, CodeProblem, Replay, ReplayError, SavedStep};
use parlor::table::{Progress, Seat, SeatKind, Step, Table};
use proptest::prelude::*;

/// Every game with no variant, each variant alone, and all of them together.
fn every_game_and_variant() -> Vec<Settings> {
    let mut all = Vec::new();
    for game in GameId::ALL {
        let mut sets: Vec<Vec<String>> = vec![vec![]];
        sets.extend(game.variants().iter().map(|v| vec![v.name().to_owned()]));
        sets.push(
            game.variants()
                .iter()
                .map(|v| v.name().to_owned())
                .collect(),
        );
        for variants in sets {
            let stayner_alone = variants == ["stayner"];
            let variants = if stayner_alone {
                vec!["grace".to_owned(), "stayner".to_owned()]
            } else {
                variants
            };
            let request = SettingsRequest {
                variants,
                rounds: (game == GameId::FortyOne).then_some(3),
                ..SettingsRequest::default()
            };
            all.push(Settings::new(game, &request).expect("valid settings"));
        }
    }
    all
}

/// Play a table to the end; a human seat 0 (if any) plays its first legal action.
fn play_out(settings: Settings, human: bool, seed: u64) -> Table {
    let levels = vec![settings.game.bot_levels()[0]; usize::from(settings.players)];
    let mut table = Table::new(settings, crate::support::seats(&levels, human), seed);
    loop {
        match table.advance() {
            Progress::Over => return table,
            Progress::Stepped(_) => {}
            Progress::WaitingFor(_) => {
                let first = table.game().legal_actions().as_slice()[0];
                table.act(first).expect("a listed action is legal");
            }
        }
    }
}

#[test]
fn every_game_and_variant_plays_back_exactly() {
    for settings in every_game_and_variant() {
        for seed in [1, 2] {
            let table = play_out(settings, true, seed);
            let json = serde_json::to_vec(&Replay::of(&table)).expect("serialises");
            let timeline = replay::check_bytes(&json)
                .unwrap_or_else(|e| panic!("{}: {e}", settings.signature()));
            assert_eq!(
                timeline.len(),
                table.history().len() + 1,
                "one table per step plus the start"
            );
            let last = timeline.last();
            assert!(
                last.game().same_state(table.game()),
                "{} seed {seed}: end state differs",
                settings.signature()
            );
            assert_eq!(
                last.log(),
                table.log(),
                "{}: the log differs",
                settings.signature()
            );
            assert_eq!(last.game().turn(), Turn::Over);
            assert_eq!(last.seats(), table.seats());
        }
    }
}

#[test]
fn a_replay_replayed_from_its_seed_matches_its_history() {
    for settings in every_game_and_variant() {
        let original = play_out(settings, true, 9);
        let saved = Replay::of(&original);
        // Deal again from the seed, making the human's recorded choices, letting the bots
        // and the dice do the rest.
        let (settings, seats) = saved.setup().expect("a good replay");
        let mut again = Table::new(settings, seats, saved.seed);
        let mut human_choices = saved.history.iter().filter_map(|s| match s {
            SavedStep::Action { seat: 0, action } => Some(action.clone()),
            _ => None,
        });
        loop {
            match again.advance() {
                Progress::Over => break,
                Progress::Stepped(_) => {}
                Progress::WaitingFor(_) => {
                    let wanted = human_choices.next().expect("a recorded human choice");
                    let action = again
                        .game()
                        .legal_actions()
                        .as_slice()
                        .iter()
                        .copied()
                        .find(|&action| {
                            SavedStep::of(&Step::Action { seat: 0, action })
                                == SavedStep::Action {
                                    seat: 0,
                                    action: wanted.clone(),
                                }
                        })
                        .expect("the recorded choice is legal again");
                    again.act(action).expect("legal");
                }
            }
        }
        assert_eq!(
            again.history(),
            original.history(),
            "{}",
            settings.signature()
        );
    }
}

fn sample_replay() -> (Replay, Vec<u8>) {
    let table = play_out(Settings::defaults(GameId::AcesInThePot), true, 4);
    let replay = Replay::of(&table);
    let json = serde_json::to_vec_pretty(&replay).expect("json");
    (replay, json)
}

#[test]
fn a_damaged_step_is_named() {
    let (replay, _) = sample_replay();
    // Step 2 is the first roll: make a die show 7.
    let mut bad_dice = replay.clone();
    bad_dice.history[1] = SavedStep::Dice(vec![1, 7]);
    let error =
        replay::check_bytes(&serde_json::to_vec(&bad_dice).expect("json")).expect_err("refused");
    assert!(
        matches!(error, ReplayError::BadStep { step: 2, .. }),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .contains("step 2 (dice [1, 7]) does not make sense here"),
        "{error}"
    );

    // A seat acting out of turn.
    let mut wrong_seat = replay.clone();
    wrong_seat.history[2] = SavedStep::Action {
        seat: 3,
        action: "roll".to_owned(),
    };
    let error =
        replay::check_bytes(&serde_json::to_vec(&wrong_seat).expect("json")).expect_err("refused");
    assert!(
        error.to_string().contains("step 3 (seat 3: roll)"),
        "{error}"
    );

    // An action no game knows.
    let mut nonsense = replay.clone();
    nonsense.history[0] = SavedStep::Action {
        seat: 0,
        action: "dance".to_owned(),
    };
    let error =
        replay::check_bytes(&serde_json::to_vec(&nonsense).expect("json")).expect_err("refused");
    assert!(
        error.to_string().contains("'dance' is not an action"),
        "{error}"
    );

    // A hand-edited seat count.
    let mut seats = replay;
    seats.seats.pop();
    let error =
        replay::check_bytes(&serde_json::to_vec(&seats).expect("json")).expect_err("refused");
    assert!(
        error.to_string().contains("3 seats for 4 players"),
        "{error}"
    );
}

#[test]
fn truncated_foreign_and_newer_files_are_refused_with_a_message() {
    let (_, json) = sample_replay();
    let truncated = replay::check_bytes(&json[..json.len() / 2]).expect_err("refused");
    assert!(
        truncated
            .to_string()
            .contains("is not a parlor replay: not JSON"),
        "{truncated}"
    );
    let foreign = replay::check_bytes(br#"{"hello": "world"}"#).expect_err("refused");
    assert!(foreign.to_string().contains("no format field"), "{foreign}");
    let mut newer: serde_json::Value = serde_json::from_slice(&json).expect("json");
    newer["format"] = serde_json::json!(7);
    let newer =
        replay::check_bytes(&serde_json::to_vec(&newer).expect("json")).expect_err("refused");
    assert!(
        newer
            .to_string()
            .contains("is from a newer parlor (replay format 7"),
        "{newer}"
    );
}

#[test]
fn only_the_newest_500_are_kept_and_last_finds_the_newest() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (replay, _) = sample_replay();
    let mut newest = None;
    for seed in 0..505 {
        let mut r = replay.clone();
        r.seed = seed;
        newest = Some(r.save(dir.path()).expect("saved"));
    }
    assert_eq!(replay::list(dir.path()).len(), replay::KEEP);
    let last = replay::last(dir.path()).expect("a last replay");
    assert_eq!(last.path, newest.expect("saved one"));
    assert_eq!(last.replay.seed, 504);
    assert!(last.passed_over.is_empty());
    assert!(last.timeline.last().game().turn() == Turn::Over);
}

#[test]
fn last_passes_over_newer_files_that_are_not_replays_and_pruning_leaves_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (replay, json) = sample_replay();
    let saved = replay.save(dir.path()).expect("saved");
    let replays = dir.path().join(replay::DIR_NAME);
    // Names that sort after every replay: one that is not a replay's name at all, one
    // that is but holds junk, and a newer replay cut short.
    std::fs::write(replays.join("zzz.json"), b"junk").expect("written");
    std::fs::write(replays.join("99999999999999999999-lcr-1.json"), b"junk").expect("written");
    std::fs::write(
        replays.join("99999999999999999998-lcr-2.json"),
        &json[..json.len() / 2],
    )
    .expect("written");
    let last = replay::last(dir.path()).expect("the saved replay");
    assert_eq!(last.path, saved);
    assert_eq!(last.replay, replay);
    let why: Vec<String> = last.passed_over.iter().map(ToString::to_string).collect();
    assert_eq!(why.len(), 2, "{why:?}");
    assert!(
        why[0].contains("99999999999999999999-lcr-1.json"),
        "{why:?}"
    );
    assert!(
        why.iter().all(|w| w.contains("not a parlor replay")),
        "{why:?}"
    );
    // A file not named as a replay is not one of them, and is never pruned.
    assert!(!replay::list(dir.path()).contains(&replays.join("zzz.json")));
    std::fs::remove_file(&saved).expect("removed");
    let none = replay::last(dir.path()).expect_err("no replay left to play back");
    assert!(
        none.to_string().starts_with("no replay in") && none.to_string().contains("-lcr-1.json"),
        "{none}"
    );
}

#[test]
fn game_codes_round_trip_and_bad_ones_say_why() {
    for settings in every_game_and_variant() {
        for seed in [0, 1, 42, u64::MAX] {
            let code = replay::game_code(&settings, seed);
            assert!(!code.contains(' '), "one token: {code}");
            let read = replay::parse_code(&code).map(|c| (c.settings, c.seed, c.checked));
            assert_eq!(read, Ok((settings, seed, true)), "{code}");
        }
    }
    let custom = Settings::new(
        GameId::FortyOne,
        &SettingsRequest {
            players: Some(3),
            stakes: Some(false),
            bank: Some(7),
            rounds: Some(4),
            ..SettingsRequest::default()
        },
    )
    .expect("settings");
    assert_eq!(
        replay::game_code(&custom, 35),
        "forty-one.v4.3p.nostakes.b7.r4.z.0a"
    );
    // A format 3 code, before codes had a check, still deals its game, marked unchecked.
    let older = replay::parse_code("forty-one.v3.3p.nostakes.b7.r4.z").expect("a code");
    assert_eq!(
        (older.settings, older.seed, older.checked),
        (custom, 35, false)
    );
    assert!(
        older
            .unchecked_note()
            .is_some_and(|n| n.contains("no check"))
    );
    for (code, why) in [
        ("", "is not a game code"),
        ("lcr", "at least a game, the players and a seed"),
        ("yahtzee.4p.1", "unknown game 'yahtzee'"),
        ("lcr.4p.3c.!!", "'!!' is not a seed"),
        ("lcr.11p.3c.1", "lcr takes players from 3 to 10, not 11"),
        ("lcr.4p.3c.jokers.1", "unknown variant 'jokers'"),
        ("lcr.4p.999c.1", "'999c' is too big"),
        (
            "lcr.v9.4p.3c.1",
            "from a newer parlor (code format 9; this one reads 4)",
        ),
    ] {
        let error = replay::parse_code(code).expect_err(code).to_string();
        assert!(error.contains(why), "{code}: {error}");
    }
    // What went wrong is there to match on, not only to read.
    for (code, problem) in [
        ("lcr", CodeProblem::TooShort),
        ("lcr.4p.3c.!!", CodeProblem::NotASeed("!!".to_owned())),
        ("lcr.4p.999c.1", CodeProblem::TooBig("999c".to_owned())),
        ("lcr.v9.4p.3c.1", CodeProblem::Newer { format: 9 }),
    ] {
        assert_eq!(
            replay::parse_code(code).map_err(|e| e.problem),
            Err(problem),
            "{code}"
        );
    }
}

#[test]
fn a_code_with_every_variant_on_fits_an_80_column_screen_and_full_names_still_read() {
    for settings in every_game_and_variant() {
        let code = replay::game_code(&settings, u64::MAX);
        assert!(code.chars().count() <= 78, "{code}");
    }
    let all = Settings::new(
        GameId::AcesInThePot,
        &SettingsRequest {
            variants: vec!["pass-alternate".into(), "buy-throw".into()],
            ..SettingsRequest::default()
        },
    )
    .expect("settings");
    assert_eq!(
        replay::game_code(&all, 11),
        "aces-in-the-pot.v4.4p.2c.alt.buy.b.3c"
    );
    let full_names =
        replay::parse_code("aces-in-the-pot.v3.4p.2c.pass-alternate.buy-throw.b").expect("read");
    assert_eq!((full_names.settings, full_names.seed), (all, 11));
}

/// Format 2 changed the rules of Forty-One, king-stops and threes-travel: an older code
/// (without a format) or replay of those says where it came from. Format 3 changed how a
/// seed deals every game (whole rolls of dice, and an expert that draws nothing): every
/// older code says so, while replays, which keep every outcome, still play back where the
/// rules stayed the same.
#[test]
fn older_codes_and_replays_say_so_where_the_rules_or_the_deals_have_changed_since() {
    for (code, why) in [
        (
            "forty-one.4p.1",
            "a bust's chip now goes into the next round's pot",
        ),
        (
            "chase-the-ace.5p.3l.king-stops.1",
            "a King may now be thrown at any point",
        ),
        ("swedish-aces.4p.5d.threes-travel.1", "a 3 may now be kept"),
        (
            "lcr.4p.3c.wild.1ky",
            "dice now come from a stream of their own for each roll",
        ),
        ("swedish-aces.4p.5d.1", "a whole roll at a time"),
        (
            "chase-the-ace.5p.3l.grace.1",
            "decks now come from a stream of their own for each deal",
        ),
    ] {
        let error = replay::parse_code(code).expect_err(code).to_string();
        assert!(
            error.contains("is from an older parlor (code format 1; this one deals format 4)")
                && error.contains(why)
                && error.ends_with("so it would not deal the same game"),
            "{code}: {error}"
        );
    }
    for (code, why) in [
        (
            "aces-in-the-pot.v2.4p.2c.pass-right.1",
            "it is from an older parlor (code format 2; this one deals format 4): dice now come \
             from a stream of their own for each roll, so that no choice or bot changes them, \
             a whole roll at a time, so it would not deal the same game",
        ),
        (
            "forty-one.v2.4p.1",
            "a whole roll at a time, so it would not deal the same game",
        ),
        (
            "chase-the-ace.v2.5p.3l.1",
            "so that no choice or bot changes them, and the expert bot works its odds out \
             exactly, so it would not deal the same game",
        ),
    ] {
        let error = replay::parse_code(code).expect_err(code).to_string();
        assert!(error.ends_with(why), "{code}: {error}");
    }
    for (settings, format, refused) in [
        (Settings::defaults(GameId::FortyOne), 1, true),
        (Settings::defaults(GameId::ChaseTheAce), 1, false),
        (Settings::defaults(GameId::FortyOne), 2, false),
        (Settings::defaults(GameId::Lcr), 2, false),
        (Settings::defaults(GameId::ChaseTheAce), 2, false),
    ] {
        let table = play_out(settings, false, 3);
        let mut old: serde_json::Value = serde_json::to_value(Replay::of(&table)).expect("json");
        old["format"] = serde_json::json!(format);
        let result = replay::check_bytes(&serde_json::to_vec(&old).expect("json"));
        match result {
            Err(error) if refused => {
                let error = error.to_string();
                assert!(
                    error.contains("is from an older parlor (replay format 1; this one writes 4)")
                        && error.contains("would not play back as it was played"),
                    "{error}"
                );
            }
            Ok(timeline) if !refused => assert!(timeline.last().game().same_state(table.game())),
            other => panic!("{}: {:?}", settings.signature(), other.map(|t| t.len())),
        }
    }
}

#[test]
fn play_code_deals_the_same_game_as_game_and_seed() {
    // Kept away from the stats of whoever runs the tests, each run in a data directory of
    // its own: the record the game ends on is the same for both.
    let run = |args: &[&str]| {
        let scratch = tempfile::tempdir().expect("temp dir");
        let out = Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(args)
            .env("PARLOR_DATA_DIR", scratch.path())
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let by_seed = run(&[
        "play",
        "lcr",
        "--variant",
        "wild",
        "--seed",
        "1234",
        "--plain",
        "--watch",
    ]);
    let settings = Settings::new(
        GameId::Lcr,
        &SettingsRequest {
            variants: vec!["wild".into()],
            ..SettingsRequest::default()
        },
    )
    .expect("settings");
    let code = replay::game_code(&settings, 1234);
    assert_eq!(
        run(&["play", "--code", &code, "--plain", "--watch"]),
        by_seed
    );
    // The same game's format 3 code, without a check: dealt, and said to be unchecked.
    let scratch = tempfile::tempdir().expect("temp dir");
    let unchecked = code.replace(".v4.", ".v3.");
    let unchecked = unchecked.rsplit_once('.').expect("a check").0;
    let out = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(["play", "--code", unchecked, "--plain", "--watch"])
        .env("PARLOR_DATA_DIR", scratch.path())
        .output()
        .expect("runs");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), by_seed);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("carries no check"), "{said}");
    // One character off: refused, saying why, nothing dealt.
    let slipped = code.replace("wild", "wilb");
    let out = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(["play", "--code", &slipped, "--plain", "--watch"])
        .env("PARLOR_DATA_DIR", scratch.path())
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("mistyped"), "{said}");
}

#[test]
fn the_replay_command_prints_the_log_and_refuses_bad_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8");
    let parlor = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(args)
            .output()
            .expect("runs")
    };
    let none = parlor(&["replay", "--last", "--plain", "--data-dir", d]);
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no replays yet"));
    let played = parlor(&[
        "play",
        "swedish-aces",
        "--plain",
        "--watch",
        "--seed",
        "8",
        "--data-dir",
        d,
    ]);
    let shown = parlor(&["replay", "--last", "--plain", "--data-dir", d]);
    assert!(shown.status.success());
    let played = String::from_utf8_lossy(&played.stdout).into_owned();
    let shown = String::from_utf8_lossy(&shown.stdout).into_owned();
    assert!(shown.contains("Swedish Aces replay"), "{shown}");
    // The replay says the game as it was said while played, holdings after each turn
    // included: every line from the first event to the last holdings, in order.
    let said: Vec<&str> = played
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("The game took"))
        .collect();
    assert!(said.iter().any(|l| l.starts_with("  ")), "{played}");
    let replayed: Vec<&str> = shown.lines().skip(1).collect();
    assert_eq!(said, replayed);
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "{\"format\": 1, \"game\": \"lcr\"").expect("write");
    let out = parlor(&["replay", broken.to_str().expect("utf-8"), "--plain"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a parlor replay"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = replay::check_bytes(&bytes);
    }

    #[test]
    fn mangled_replays_never_panic(cut in 0usize..6000, at in 0usize..6000, byte in any::<u8>()) {
        let (_, mut json) = sample_replay();
        if at < json.len() {
            json[at] = byte;
        }
        json.truncate(cut.max(1).min(json.len()));
        match replay::check_bytes(&json) {
            Ok(timeline) => prop_assert!(timeline.len() >= 1),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn edited_steps_never_panic(index in 0usize..200, faces in proptest::collection::vec(0u8..9, 0..8), seat in 0u8..12) {
        let (mut replay, _) = sample_replay();
        let index = index % replay.history.len();
        replay.history[index] = if faces.len() % 2 == 0 {
            SavedStep::Dice(faces)
        } else {
            SavedStep::Action { seat, action: "roll".to_owned() }
        };
        let _ = replay::check_bytes(&serde_json::to_vec(&replay).expect("json"));
    }
}

#[test]
fn seat_kinds_survive() {
    let settings = Settings::defaults(GameId::ChaseTheAce);
    let seats = vec![
        Seat {
            name: "You".into(),
            kind: SeatKind::Human,
        },
        Seat {
            name: "Ana".into(),
            kind: SeatKind::Bot(BotLevel::Expert),
        },
        Seat {
            name: "Ben".into(),
            kind: SeatKind::Bot(BotLevel::Threshold),
        },
        Seat {
            name: "Cara".into(),
            kind: SeatKind::Bot(BotLevel::Expert),
        },
        Seat {
            name: "Dev".into(),
            kind: SeatKind::Bot(BotLevel::Threshold),
        },
    ];
    let table = Table::new(settings, seats.clone(), 3);
    assert_eq!(Replay::of(&table).setup().expect("setup").1, seats);
}

#[test]
fn a_timeline_rebuilds_the_table_at_every_step() {
    let long_match = Settings::new(
        GameId::FortyOne,
        &SettingsRequest {
            players: Some(5),
            rounds: Some(6),
            stakes: Some(false),
            ..SettingsRequest::default()
        },
    )
    .expect("settings");
    let games = [
        long_match,
        Settings::new(
            GameId::ChaseTheAce,
            &SettingsRequest {
                lives: Some(9),
                ..SettingsRequest::default()
            },
        )
        .expect("settings"),
        Settings::new(
            GameId::SwedishAces,
            &SettingsRequest {
                players: Some(8),
                ..SettingsRequest::default()
            },
        )
        .expect("settings"),
    ];
    for settings in games {
        let played = play_out(settings, true, 11);
        let timeline = Replay::of(&played)
            .timeline(std::path::Path::new("test"))
            .expect("a good replay");
        assert_eq!(timeline.len(), played.history().len() + 1);
        assert!(
            played.history().len() > 70,
            "{}: {} steps, not enough to cross checkpoints",
            settings.signature(),
            played.history().len()
        );
        // The same game dealt again one recorded step at a time.
        let mut expected = Table::new(settings, played.seats().to_vec(), played.seed());
        for step in 0..timeline.len() {
            if step > 0 {
                expected
                    .replay_step(played.history()[step - 1])
                    .expect("a recorded step");
            }
            let table = timeline.table(step).expect("a step of the game");
            assert!(
                table.game().same_state(expected.game()),
                "{} step {step}",
                settings.signature()
            );
            assert_eq!(table.log(), expected.log(), "step {step}");
            assert_eq!(table.history(), expected.history(), "step {step}");
        }
        assert!(timeline.table(timeline.len()).is_none());
    }
}

/// Run the binary, killing it if it has not finished within five seconds.
fn parlor_within_5_s(args: &[&std::ffi::OsStr]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while child.try_wait().expect("waits").is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().expect("kill");
            panic!("{args:?} still running after 5 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

#[test]
fn pipes_devices_and_huge_files_are_refused_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("pipe.json");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo")
            .success()
    );
    let huge = dir.path().join("huge.json");
    std::fs::File::create(&huge)
        .and_then(|f| f.set_len(replay::MAX_FILE_BYTES + 1))
        .expect("a sparse file");
    for (file, why) in [
        (fifo.as_path(), "is a named pipe, not a regular file"),
        (
            std::path::Path::new("/dev/zero"),
            "is a device, not a regular file",
        ),
        (dir.path(), "is a directory, not a regular file"),
        (huge.as_path(), "more than a parlor file can be"),
    ] {
        let out = parlor_within_5_s(&["replay".as_ref(), file.as_os_str(), "--plain".as_ref()]);
        assert_eq!(out.status.code(), Some(2), "{}", file.display());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(why), "{}: {stderr}", file.display());
    }
}

#[test]
fn a_bad_step_is_quoted_short() {
    let (replay, _) = sample_replay();
    let mut long_action = replay.clone();
    long_action.history[2] = SavedStep::Action {
        seat: 0,
        action: "x".repeat(100_000),
    };
    let mut many_dice = replay;
    many_dice.history[1] = SavedStep::Dice(vec![3; 100_000]);
    for bad in [long_action, many_dice] {
        let error = replay::check_bytes(&serde_json::to_vec(&bad).expect("json"))
            .expect_err("refused")
            .to_string();
        assert!(error.chars().count() < 300, "{} chars", error.len());
        assert!(error.contains('…'), "{error}");
    }
}

#[test]
fn replay_plain_prints_nothing_that_steers_the_terminal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut replay, _) = sample_replay();
    replay.seats[1].name = "Ana\u{1b}]0;pwned\u{7}\u{1b}[2J\u{202e}".to_owned();
    let file = dir.path().join("named.json");
    std::fs::write(&file, serde_json::to_vec(&replay).expect("json")).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .arg("replay")
        .arg(&file)
        .arg("--plain")
        .output()
        .expect("runs");
    assert!(out.status.success());
    let shown = String::from_utf8(out.stdout).expect("utf-8");
    assert!(shown.contains("Ana]0;pwned[2J"), "{shown}");
    assert!(
        !shown
            .chars()
            .any(|c| (c.is_control() && c != '\n') || c == '\u{202e}'),
        "{shown:?}"
    );
}

/// A code passed on by hand and mistyped must not deal another game unnoticed: every
/// change of one character (to any character a code holds) and every swap of two different
/// characters of a real code is refused as mistyped, or is no code at all.
#[test]
fn a_mistyped_code_is_refused_never_dealt() {
    const CODE_CHARS: &str = "0123456789abcdefghijklmnopqrstuvwxyz.-";
    let settings = Settings::new(
        GameId::SwedishAces,
        &SettingsRequest {
            players: Some(4),
            ..SettingsRequest::default()
        },
    )
    .expect("settings");
    let code = replay::game_code(&settings, 0xdead_beef_cafe);
    let chars: Vec<char> = code.chars().collect();
    let deals = |typed: &str| replay::parse_code(typed).is_ok();
    assert!(deals(&code), "{code}");
    let mut tried = 0;
    for at in 0..chars.len() {
        for other in CODE_CHARS.chars().filter(|&c| c != chars[at]) {
            let mut typed = chars.clone();
            typed[at] = other;
            let typed: String = typed.into_iter().collect();
            assert!(!deals(&typed), "{typed} (from {code}) deals a game");
            tried += 1;
        }
        for later in at + 1..chars.len() {
            if chars[at] != chars[later] {
                let mut typed = chars.clone();
                typed.swap(at, later);
                let typed: String = typed.into_iter().collect();
                assert!(!deals(&typed), "{typed} (from {code}) deals a game");
            }
        }
    }
    assert!(tried > 1000, "{tried} slips tried");
    // Said as a slip, not as some other fault.
    let slipped = code.replacen(".4p.", ".5p.", 1);
    let error = replay::parse_code(&slipped).expect_err("mistyped");
    assert_eq!(error.problem, CodeProblem::Mistyped, "{slipped}");
    assert!(error.to_string().contains("mistyped"), "{error}");
}

/// Whatever the clock says (before 1970, past the year 9999, moved back), every game's
/// replay is kept under a name of its own, names keep their 20 digits, and `last` finds
/// the one saved last.
#[test]
fn replay_names_stay_unique_and_in_order_whatever_the_clock_says() {
    use std::time::{Duration, UNIX_EPOCH};
    let (replay, _) = sample_replay();
    let year = |years: u64| Duration::from_secs(years * 31_556_952);
    let now = std::time::SystemTime::now();
    let clocks = [
        ("before 1970", vec![UNIX_EPOCH - year(10); 3]),
        ("past the year 9999", vec![UNIX_EPOCH + year(8_100); 3]),
        (
            "moved back and forth",
            vec![
                now,
                now - year(5),
                UNIX_EPOCH + year(8_100),
                now,
                now - year(80),
            ],
        ),
    ];
    for (what, clock) in clocks {
        let dir = tempfile::tempdir().expect("temp dir");
        let saved: Vec<_> = clock
            .iter()
            .map(|&at| replay.save_as_of(dir.path(), at).expect("saved"))
            .collect();
        assert_eq!(
            replay::list(dir.path()),
            saved,
            "{what}: every one, in order"
        );
        for path in &saved {
            let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
            let stamp = name.split('-').next().expect("a stamp");
            assert_eq!(stamp.len(), 20, "{what}: {name}");
        }
        let last = replay::last(dir.path()).expect("a last replay");
        assert_eq!(Some(&last.path), saved.last(), "{what}");
    }
    // Names of a parlor of before, stamped past the year 5138 with 21 digits, are still
    // replays, and sort after the 20-digit ones.
    let dir = tempfile::tempdir().expect("temp dir");
    let first = replay.save(dir.path()).expect("saved");
    let bytes = std::fs::read(&first).expect("read");
    let older = dir.path().join("replays/253402300800000000000-lcr-1.json");
    std::fs::write(&older, &bytes).expect("write");
    assert_eq!(replay::list(dir.path()), [first, older.clone()]);
    let next = replay.save(dir.path()).expect("saved");
    assert_eq!(replay::list(dir.path()).last(), Some(&next));
    assert_eq!(replay::last(dir.path()).expect("last").path, next);
}
