//! Stats on disk: round-trips, two writers at once, writers killed mid-write, and files
//! broken every way a loader can meet them.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use parlor::games::{GameId, Settings, SettingsRequest};
use parlor::stats::{self, GameResult, Kind, Loaded, Recorder, Stats, StatsError, Store};
use parlor::table::GameSetup;
use parlor::table::{Seat, Table};
use parlor::tui::{App, Options};
use proptest::prelude::*;

fn result(game: GameId, kind: Kind, won: bool, finished: bool) -> GameResult {
    GameResult {
        game,
        rules: "players=4".to_owned(),
        kind,
        finished,
        won,
        pot_won: if won { 9 } else { 0 },
        auto: true,
        winning_seats: vec![won, !won, false, false],
        best_score: Some(21),
        twenty_fours: 1,
        survived_finale: true,
        lives_left: won.then_some(2),
        when: 1_800_000_000,
    }
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_field_survives_a_round_trip() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::new(dir.path().to_path_buf());
    let mut expected = Stats::default();
    for (i, game) in GameId::ALL.into_iter().enumerate() {
        for r in [
            result(game, Kind::Played, true, true),
            result(game, Kind::Played, i % 2 == 0, true),
            result(game, Kind::Played, false, false),
            result(game, Kind::Watched, false, true),
        ] {
            store.record(&r).expect("recorded");
            expected.add(&r);
        }
    }
    let (loaded, how) = store.load().expect("loads");
    assert_eq!(how, Loaded::Read);
    assert_eq!(loaded, expected);
    let aces = loaded
        .find(GameId::AcesInThePot, "players=4", Kind::Played)
        .expect("a record");
    assert_eq!(
        (
            aces.games,
            aces.wins,
            aces.losses,
            aces.abandoned,
            aces.auto_played
        ),
        (2, 2, 0, 1, 2)
    );
    assert_eq!(
        (aces.current_streak, aces.longest_streak, aces.biggest_pot),
        (2, 2, 9)
    );
    assert_eq!(
        (aces.best_score, aces.twenty_fours, aces.finales_survived),
        (Some(21), 2, 2)
    );
    assert_eq!(aces.lives_left_when_winning, vec![0, 0, 2]);
    assert_eq!(aces.recent, "WW");
    assert_eq!(aces.summary(), "Your record here: 2 wins in 2");
    let watched = loaded
        .find(GameId::Lcr, "players=4", Kind::Watched)
        .expect("watched");
    assert_eq!(
        (watched.games, watched.wins, watched.wins_by_seat.clone()),
        (1, 0, vec![0, 1, 0, 0])
    );
    assert_eq!(watched.summary(), "Watched here: 1 game");
    // Nothing but the file and its lock is left behind.
    assert_eq!(files(dir.path()), ["stats.json", "stats.lock"]);
}

#[test]
fn a_real_game_is_read_off_the_table() {
    let settings = Settings::new(
        GameId::FortyOne,
        &SettingsRequest {
            rounds: Some(2),
            ..SettingsRequest::default()
        },
    )
    .expect("settings");
    let levels = vec![parlor::games::BotLevel::Expert; 4];
    let mut table = Table::new(settings, Seat::defaults(&levels, true), 5);
    let unfinished = GameResult::of(&table, false);
    assert!(!unfinished.finished);
    while table.auto_act() != parlor::table::Progress::Over {}
    let r = GameResult::of(&table, true);
    assert!(r.finished && r.auto);
    assert_eq!(r.kind, Kind::Played);
    assert_eq!(r.rules, settings.signature());
    assert!(
        r.best_score.is_some(),
        "four turns over two rounds: You qualified at least once here"
    );
    assert_eq!(r.won, table.game().figures().winners.contains(0));
}

#[test]
fn broken_files_are_moved_aside_and_never_overwritten() {
    let cases: &[(&str, &[u8])] = &[
        ("truncated", br#"{"version": 1, "records": [{"game": "lcr", "ru"#),
        ("garbage", b"\x00\xff not json at all"),
        ("empty", b""),
        ("wrong type", br#"{"version": 1, "records": "many"}"#),
        ("foreign", br#"{"name": "some other program", "settings": {}}"#),
        ("huge number", br#"{"version": 1, "records": [{"game": "lcr", "rules": "x", "kind": "played", "games": 1e300}]}"#),
        ("negative", br#"{"version": 1, "records": [{"game": "lcr", "rules": "x", "kind": "played", "games": -1}]}"#),
        ("unknown game", br#"{"version": 1, "records": [{"game": "chess", "rules": "x", "kind": "played"}]}"#),
    ];
    for (what, bytes) in cases {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::new(dir.path().to_path_buf());
        fs::write(store.path(), bytes).expect("write");
        let mut recorder = Recorder::open(Some(dir.path().to_path_buf()));
        let notices = recorder.take_notices();
        assert_eq!(notices.len(), 1, "{what}: {notices:?}");
        assert!(
            notices[0].contains("could not be read") && notices[0].contains("corrupt-"),
            "{what}: {notices:?}"
        );
        let names = files(dir.path());
        let moved = names
            .iter()
            .find(|n| n.starts_with("stats.json.corrupt-"))
            .expect("moved aside");
        assert_eq!(
            fs::read(dir.path().join(moved)).expect("kept"),
            *bytes,
            "{what}: the broken file is kept whole"
        );
        // Play goes on with fresh stats, and the next game is saved.
        recorder.record(&result(GameId::Lcr, Kind::Played, true, true));
        assert!(recorder.take_notices().is_empty(), "{what}");
        assert_eq!(store.load().expect("loads").0.records[0].games, 1);
    }
}

#[test]
fn a_newer_file_is_left_untouched_and_not_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::new(dir.path().to_path_buf());
    let future = br#"{"version": 99, "records": [{"something": "new"}], "extra": true}"#;
    fs::write(store.path(), future).expect("write");
    assert!(matches!(
        store.load(),
        Err(StatsError::Newer { found: 99, .. })
    ));
    let mut recorder = Recorder::open(Some(dir.path().to_path_buf()));
    assert!(recorder.take_notices()[0].contains("newer parlor"));
    recorder.record(&result(GameId::Lcr, Kind::Played, true, true));
    assert!(
        recorder.take_notices().is_empty(),
        "one warning, not one per game"
    );
    assert_eq!(fs::read(store.path()).expect("still there"), future);
    assert_eq!(
        recorder.stats.records[0].games, 1,
        "the session still counts the game"
    );
}

#[test]
fn an_unwritable_directory_warns_once_and_the_game_plays_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let blocker = dir.path().join("a-file");
    fs::write(&blocker, "not a directory").expect("write");
    let mut recorder = Recorder::open(Some(blocker.join("parlor")));
    let mut notices = recorder.take_notices();
    recorder.record(&result(GameId::Lcr, Kind::Played, true, true));
    recorder.record(&result(GameId::Lcr, Kind::Played, false, true));
    notices.extend(recorder.take_notices());
    assert_eq!(notices.len(), 1, "one warning only: {notices:?}");
    assert!(
        notices[0].starts_with("cannot save stats in"),
        "{notices:?}"
    );
    assert_eq!(recorder.stats.records[0].games, 2);
}

fn parlor() -> Command {
    Command::new(env!("CARGO_BIN_EXE_parlor"))
}

#[test]
fn two_parlors_at_once_keep_all_400_games() {
    let dir = tempfile::tempdir().expect("temp dir");
    let spawn = |seed: &str| {
        parlor()
            .args([
                "play", "lcr", "--watch", "--plain", "--games", "200", "--seed", seed,
            ])
            .env("PARLOR_DATA_DIR", dir.path())
            .stdout(Stdio::null())
            .spawn()
            .expect("spawn")
    };
    let (mut a, mut b) = (spawn("1"), spawn("100000"));
    assert!(a.wait().expect("a").success());
    assert!(b.wait().expect("b").success());
    let (stats, _) = Store::new(dir.path().to_path_buf()).load().expect("loads");
    let record = stats
        .find(GameId::Lcr, "players=4 chips=3", Kind::Watched)
        .expect("record");
    assert_eq!(record.games, 400);
    assert_eq!(record.wins_by_seat.iter().sum::<u64>(), 400);
}

#[test]
fn a_writer_killed_at_random_moments_leaves_a_readable_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::new(dir.path().to_path_buf());
    let mut last_games = 0;
    for kill_after_ms in [3u64, 17, 40, 9, 75, 28, 120, 55, 5, 90, 33, 64] {
        let mut child = parlor()
            .args([
                "play",
                "lcr",
                "--watch",
                "--plain",
                "--games",
                "1000000",
                "--seed",
                &kill_after_ms.to_string(),
            ])
            .env("PARLOR_DATA_DIR", dir.path())
            .stdout(Stdio::null())
            .spawn()
            .expect("spawn");
        std::thread::sleep(Duration::from_millis(kill_after_ms));
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        match store.load() {
            Ok((stats, how)) => {
                assert!(
                    !matches!(how, Loaded::Quarantined { .. }),
                    "a killed writer broke the file"
                );
                let games = stats.records.first().map_or(0, |r| r.games);
                assert!(
                    games >= last_games,
                    "games only ever go up: {games} < {last_games}"
                );
                last_games = games;
            }
            Err(e) => panic!("unreadable after a kill at {kill_after_ms} ms: {e}"),
        }
    }
    assert!(last_games > 0, "some games were recorded between the kills");
}

#[test]
fn sim_never_writes_stats() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = parlor()
        .args(["sim", "lcr", "--games", "100"])
        .env("PARLOR_DATA_DIR", dir.path())
        .output()
        .expect("runs");
    assert!(out.status.success());
    assert!(files(dir.path()).is_empty());
}

#[test]
fn stats_command_prints_json_and_resets_with_a_backup() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8 path");
    let run = |args: &[&str]| {
        parlor()
            .args(args)
            .args(["--data-dir", d])
            .output()
            .expect("runs")
    };
    assert!(
        run(&[
            "play",
            "aces-in-the-pot",
            "--plain",
            "--auto",
            "--games",
            "3",
            "--seed",
            "4"
        ])
        .status
        .success()
    );
    let out = run(&["stats", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(json["version"], stats::VERSION);
    let record = &json["records"][0];
    for key in [
        "game",
        "rules",
        "kind",
        "games",
        "wins",
        "biggest_pot",
        "losses",
        "current_streak",
        "longest_streak",
        "last_played",
        "finales_survived",
    ] {
        assert!(record.get(key).is_some(), "missing {key}: {record}");
    }
    assert_eq!(record["kind"], "played");
    assert_eq!(record["games"], 3);
    assert_eq!(record["auto_played"], 3);
    let filtered = run(&["stats", "--json", "--game", "lcr"]);
    let json: serde_json::Value = serde_json::from_slice(&filtered.stdout).expect("json");
    assert_eq!(json["records"].as_array().expect("array").len(), 0);
    assert_eq!(
        run(&["stats", "--reset"]).status.code(),
        Some(2),
        "--reset alone asks for --yes"
    );
    let reset = run(&["stats", "--reset", "--yes"]);
    assert!(String::from_utf8_lossy(&reset.stdout).contains("backup"));
    assert!(
        files(dir.path())
            .iter()
            .any(|f| f.starts_with("stats.json.backup-"))
    );
    assert!(String::from_utf8_lossy(&run(&["stats"]).stdout).contains("No games recorded yet"));
}

fn playing(app: &App) -> &parlor::tui::sitting::Sitting {
    app.sitting.as_ref().expect("a table")
}

#[test]
fn the_tui_records_finished_and_abandoned_games_and_shows_the_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let settings = Settings::defaults(GameId::Lcr);
    let levels = vec![parlor::games::BotLevel::Standard; 4];
    let setup = GameSetup {
        settings,
        seats: Seat::defaults(&levels, true),
        seed: 2,
    };
    let options = Options {
        speed_ms: 0,
        auto: true,
        reduced_motion: true,
        color: false,
    };
    let recorder = Recorder::open(Some(dir.path().to_path_buf()));
    let mut app = App::new(options, Some(setup)).with_recorder(recorder);
    while !playing(&app).stage.finished() {
        app.tick(Instant::now());
    }
    let line = playing(&app)
        .record
        .clone()
        .expect("the game-over panel has a record line");
    assert!(line.starts_with("Your record here: "), "{line}");
    assert!(line.ends_with(" in 1"), "{line}");
    // A second game left midway is abandoned.
    app.deal(true);
    app.tick(Instant::now());
    app.tick(Instant::now());
    app.leave_table();
    let (stats, _) = Store::new(dir.path().to_path_buf()).load().expect("loads");
    let record = stats
        .find(GameId::Lcr, "players=4 chips=3", Kind::Played)
        .expect("record");
    assert_eq!(
        (record.games, record.abandoned, record.auto_played),
        (1, 1, 1)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_bytes_load_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = stats::parse(&bytes);
    }

    #[test]
    fn mangled_stats_load_without_panicking(cut in 0usize..2000, flip in 0usize..2000, byte in any::<u8>()) {
        let mut s = Stats::default();
        for game in GameId::ALL {
            s.add(&result(game, Kind::Played, true, true));
        }
        let mut bytes = serde_json::to_vec_pretty(&s).expect("json");
        if flip < bytes.len() {
            bytes[flip] = byte;
        }
        bytes.truncate(cut.min(bytes.len()));
        match stats::parse(&bytes) {
            Ok(parsed) => prop_assert!(parsed.version >= 1),
            Err(reason) => prop_assert!(!reason.is_empty()),
        }
    }
}
