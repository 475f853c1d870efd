//! Stats on disk: round-trips, two writers at once, writers killed mid-write, files broken
//! every way a loader can meet them, parlors racing to move a broken file aside, resets,
//! read-only and linked files, counters at their limit, a lock held by another process,
//! and files that are not what they seem.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use parlor::games::{GameId, Settings, SettingsRequest, Tally};
use parlor::stats::{self, GameResult, Involvement, Loaded, Recorder, Stats, StatsError, Store};
use parlor::table::GameSetup;
use parlor::table::Table;
use parlor::tui::{App, Options};
use proptest::prelude::*;

fn result(game: GameId, kind: Involvement, won: bool, finished: bool) -> GameResult {
    GameResult {
        game,
        rules: "players=4".to_owned(),
        kind,
        finished,
        won,
        pot_won: if won { 9 } else { 0 },
        auto: true,
        winning_seats: vec![won, !won, false, false],
        // The game's own figures: every one it declares, as a game of it might give them.
        figures: game
            .game_type()
            .stat_figures
            .iter()
            .filter_map(|figure| {
                let value = match figure.tally {
                    Tally::Best => Some(21),
                    Tally::Sum => Some(1),
                    Tally::ByValue => won.then_some(2),
                };
                Some((figure.key.to_owned(), value?))
            })
            .collect(),
        when: 1_800_000_000,
        daily: None,
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
            result(game, Involvement::Played, true, true),
            result(game, Involvement::Played, i % 2 == 0, true),
            result(game, Involvement::Played, false, false),
            result(game, Involvement::Watched, false, true),
        ] {
            store.record(std::slice::from_ref(&r)).expect("recorded");
            expected.add(&r);
        }
    }
    let (loaded, how) = store.load().expect("loads");
    assert!(matches!(how, Loaded::Read), "{how:?}");
    assert_eq!(loaded, expected);
    let aces = loaded
        .find(GameId::AcesInThePot, "players=4", Involvement::Played)
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
    // Each game's own figures, as its tallies add them: a best, sums, counts by value.
    assert_eq!(
        aces.figures,
        BTreeMap::from([("finales-survived".to_owned(), vec![2])])
    );
    let forty_one = loaded
        .find(GameId::FortyOne, "players=4", Involvement::Played)
        .expect("a record");
    assert_eq!(
        forty_one.figures,
        BTreeMap::from([
            ("best-score".to_owned(), vec![21]),
            ("twenty-fours".to_owned(), vec![2]),
        ])
    );
    let chase = loaded
        .find(GameId::ChaseTheAce, "players=4", Involvement::Played)
        .expect("a record");
    let lives = &chase.figures["lives-left-when-winning"];
    assert_eq!(lives[2], chase.wins, "{lives:?}");
    assert_eq!(aces.recent, "WW");
    assert_eq!(aces.summary(), "Your record here: 2 wins in 2");
    let watched = loaded
        .find(GameId::Lcr, "players=4", Involvement::Watched)
        .expect("watched");
    assert_eq!(
        (watched.games, watched.wins, watched.wins_by_seat.clone()),
        (1, 0, vec![0, 1, 0, 0])
    );
    assert_eq!(watched.summary(), "Watched here: 1 game");
    // Nothing but the file and its lock is left behind.
    assert_eq!(files(dir.path()), ["stats.json", "stats.lock"]);
}

/// A format 2 file kept four games' own figures in fields of their own, every record all
/// four: each game's are read under the names it declares, as they stood (a sum of 0
/// too), the rest dropped (they were zeros), and the file is written back as format 3.
#[test]
fn a_format_2_files_figures_are_kept_under_the_games_names() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::new(dir.path().to_path_buf());
    let record = |game: &str, own: &str| {
        format!(
            r#"{{"game":"{game}","rules":"players=4","kind":"played","games":3,"wins":2,
            "losses":1,"abandoned":0,"auto_played":0,"biggest_pot":5,"current_streak":1,
            "longest_streak":2,"last_played":1800000000,"recent":"WLW","wins_by_seat":[],
            {own}}}"#
        )
    };
    let file = format!(
        r#"{{"version":2,"records":[{},{},{},{}]}}"#,
        record(
            "forty-one",
            r#""best_score":22,"twenty_fours":0,"finales_survived":0,"lives_left_when_winning":[]"#
        ),
        record(
            "aces-in-the-pot",
            r#""best_score":null,"twenty_fours":0,"finales_survived":3,"lives_left_when_winning":[]"#
        ),
        record(
            "chase-the-ace",
            r#""best_score":null,"twenty_fours":0,"finales_survived":0,"lives_left_when_winning":[0,2]"#
        ),
        record(
            "lcr",
            r#""best_score":null,"twenty_fours":0,"finales_survived":0,"lives_left_when_winning":[]"#
        ),
    );
    fs::write(store.path(), file).expect("write");
    let (stats, _) = store.load().expect("loads");
    let figures = |game| {
        stats
            .find(game, "players=4", Involvement::Played)
            .expect("a record")
            .figures
            .clone()
    };
    assert_eq!(
        figures(GameId::FortyOne),
        BTreeMap::from([
            ("best-score".to_owned(), vec![22]),
            ("twenty-fours".to_owned(), vec![0]),
        ])
    );
    assert_eq!(
        figures(GameId::AcesInThePot),
        BTreeMap::from([("finales-survived".to_owned(), vec![3])])
    );
    assert_eq!(
        figures(GameId::ChaseTheAce),
        BTreeMap::from([("lives-left-when-winning".to_owned(), vec![0, 2])])
    );
    assert!(figures(GameId::Lcr).is_empty());
    // One more game recorded: the file is format 3, its figures by name only.
    let mut recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
    recorder.record(&result(GameId::FortyOne, Involvement::Played, true, true));
    let json: serde_json::Value =
        serde_json::from_slice(&fs::read(store.path()).expect("read")).expect("json");
    assert_eq!(json["version"], 3);
    let forty_one = &json["records"][0];
    assert_eq!(forty_one["game"], "forty-one");
    assert_eq!(forty_one["figures"]["best-score"], serde_json::json!([22]));
    assert_eq!(forty_one["figures"]["twenty-fours"], serde_json::json!([1]));
    assert!(forty_one.get("best_score").is_none(), "{forty_one}");
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
    let mut table = Table::new(settings, crate::support::seats(&levels, true), 5);
    let unfinished = GameResult::of(&table, false);
    assert!(!unfinished.finished);
    while table.auto_act() != parlor::table::Progress::Over {}
    let r = GameResult::of(&table, true);
    assert!(r.finished && r.auto);
    assert_eq!(r.kind, Involvement::Played);
    assert_eq!(r.rules, settings.signature());
    assert!(
        r.figures.contains_key("best-score"),
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
        let mut recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
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
        recorder.record(&result(GameId::Lcr, Involvement::Played, true, true));
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
    let mut recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
    assert!(recorder.take_notices()[0].contains("newer parlor"));
    recorder.record(&result(GameId::Lcr, Involvement::Played, true, true));
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
    let mut recorder = Recorder::on(Store::new(blocker.join("parlor")));
    let mut notices = recorder.take_notices();
    recorder.record(&result(GameId::Lcr, Involvement::Played, true, true));
    recorder.record(&result(GameId::Lcr, Involvement::Played, false, true));
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
        .find(GameId::Lcr, "players=4 chips=3", Involvement::Watched)
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
    assert_eq!(json["schema"], stats::VERSION);
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
        "figures",
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
        seats: crate::support::seats(&levels, true),
        seed: 2,
    };
    let options = Options {
        speed_ms: 0,
        auto: true,
        reduced_motion: true,
        theme: parlor::tui::theme::Theme::plain(),
        ..Options::default()
    };
    let recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
    let mut app = App::new(options, Some(setup)).with_recorder(recorder);
    while !playing(&app).stage.finished() {
        app.tick(Instant::now());
    }
    let line = playing(&app)
        .record_line()
        .map(str::to_owned)
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
        .find(GameId::Lcr, "players=4 chips=3", Involvement::Played)
        .expect("record");
    assert_eq!(
        (record.games, record.abandoned, record.auto_played),
        (1, 1, 1)
    );
}

fn parlor_in(dir: &Path, args: &[&str]) -> std::process::Output {
    parlor()
        .args(args)
        .env("PARLOR_DATA_DIR", dir)
        .output()
        .expect("runs")
}

fn out_text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn two_resets_in_the_same_second_keep_both_backups() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::new(dir.path().to_path_buf());
    let mut kept = Vec::new();
    for seed in ["1", "2"] {
        let played = parlor_in(
            dir.path(),
            &["play", "lcr", "--watch", "--plain", "--seed", seed],
        );
        assert!(played.status.success());
        kept.push(fs::read(store.path()).expect("stats"));
        let reset = parlor_in(dir.path(), &["stats", "--reset", "--yes"]);
        assert!(reset.status.success(), "{}", out_text(&reset.stderr));
    }
    let backups: Vec<Vec<u8>> = files(dir.path())
        .iter()
        .filter(|name| name.starts_with("stats.json.backup-"))
        .map(|name| fs::read(dir.path().join(name)).expect("backup"))
        .collect();
    assert_eq!(backups.len(), 2, "{:?}", files(dir.path()));
    for old in &kept {
        assert!(backups.contains(old), "every old file is kept whole");
    }
}

#[test]
fn resetting_one_game_keeps_the_others() {
    let dir = tempfile::tempdir().expect("temp dir");
    for game in ["lcr", "aces-in-the-pot"] {
        let played = parlor_in(dir.path(), &["play", game, "--watch", "--plain"]);
        assert!(played.status.success());
    }
    let before = fs::read(dir.path().join("stats.json")).expect("stats");
    let reset = parlor_in(dir.path(), &["stats", "--game", "lcr", "--reset", "--yes"]);
    assert!(
        out_text(&reset.stdout).contains("Reset lcr stats; the old file is kept as"),
        "{}",
        out_text(&reset.stdout)
    );
    let (stats, _) = Store::new(dir.path().to_path_buf()).load().expect("loads");
    let games: Vec<GameId> = stats.records.iter().map(|r| r.game).collect();
    assert_eq!(games, [GameId::AcesInThePot]);
    let backup = files(dir.path())
        .into_iter()
        .find(|name| name.starts_with("stats.json.backup-"))
        .expect("a backup");
    assert_eq!(fs::read(dir.path().join(backup)).expect("backup"), before);
    let again = parlor_in(dir.path(), &["stats", "--game", "lcr", "--reset", "--yes"]);
    assert!(
        out_text(&again.stdout).contains("No lcr stats to reset"),
        "{}",
        out_text(&again.stdout)
    );
}

#[test]
fn counters_stay_at_their_largest_instead_of_wrapping() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::new(dir.path().to_path_buf());
    let mut full = Stats::default();
    full.add(&result(
        GameId::ChaseTheAce,
        Involvement::Played,
        true,
        true,
    ));
    full.add(&result(
        GameId::ChaseTheAce,
        Involvement::Played,
        true,
        false,
    ));
    let record = &mut full.records[0];
    for counter in [
        &mut record.games,
        &mut record.wins,
        &mut record.abandoned,
        &mut record.auto_played,
        &mut record.current_streak,
    ] {
        *counter = u64::MAX;
    }
    record.wins_by_seat[0] = u64::MAX;
    record
        .figures
        .get_mut("lives-left-when-winning")
        .expect("a win by lives left")[2] = u64::MAX;
    fs::write(store.path(), serde_json::to_vec(&full).expect("json")).expect("write");
    let mut recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
    recorder.record(&result(
        GameId::ChaseTheAce,
        Involvement::Played,
        true,
        true,
    ));
    recorder.record(&result(
        GameId::ChaseTheAce,
        Involvement::Played,
        true,
        false,
    ));
    let (stats, _) = store.load().expect("loads");
    let record = &stats.records[0];
    assert_eq!(
        (
            record.games,
            record.wins,
            record.abandoned,
            record.current_streak
        ),
        (u64::MAX, u64::MAX, u64::MAX, u64::MAX)
    );
    assert_eq!(record.auto_played, u64::MAX);
    assert_eq!(record.wins_by_seat[0], u64::MAX);
    assert_eq!(record.figures["lives-left-when-winning"][2], u64::MAX);
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).expect("metadata").permissions().mode() & 0o777
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).expect("chmod");
}

// Unix file modes, links, pipes and devices.
#[cfg(unix)]
#[test]
fn a_read_only_file_is_left_alone_and_a_private_one_stays_private() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::new(dir.path().to_path_buf());
    store
        .record(&[result(GameId::Lcr, Involvement::Played, true, true)])
        .expect("recorded");
    set_mode(&store.path(), 0o444);
    let before = fs::read(store.path()).expect("stats");
    let mut recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
    recorder.record(&result(GameId::Lcr, Involvement::Played, true, true));
    let notices = recorder.take_notices();
    assert!(
        notices.len() == 1 && notices[0].contains("is read-only"),
        "{notices:?}"
    );
    assert_eq!(fs::read(store.path()).expect("stats"), before);
    assert_eq!(mode(&store.path()), 0o444);
    assert_eq!(
        recorder.stats.records[0].games, 2,
        "the session still counts it"
    );
    // Made writable again: the next game saves both.
    set_mode(&store.path(), 0o600);
    recorder.record(&result(GameId::Lcr, Involvement::Played, false, true));
    assert_eq!(store.load().expect("loads").0.records[0].games, 3);
    assert_eq!(mode(&store.path()), 0o600, "a private file stays private");
}

// Unix file modes, links, pipes and devices.
#[cfg(unix)]
#[test]
fn a_symlinked_file_is_written_through_to_its_target() {
    let dir = tempfile::tempdir().expect("temp dir");
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let target = elsewhere.path().join("synced-stats.json");
    let store = Store::new(dir.path().to_path_buf());
    std::os::unix::fs::symlink(&target, store.path()).expect("symlink");
    // The target does not exist yet; then it does.
    for games in 1..=2 {
        let mut recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
        recorder.record(&result(GameId::Lcr, Involvement::Played, true, true));
        assert!(recorder.take_notices().is_empty());
        assert!(
            fs::symlink_metadata(store.path())
                .expect("still there")
                .file_type()
                .is_symlink(),
            "stats.json is still a link"
        );
        let (stats, _) = Store::new(dir.path().to_path_buf()).load().expect("loads");
        assert_eq!(stats.records[0].games, games);
        assert_eq!(
            stats::parse(&fs::read(&target).expect("target")).ok(),
            Some(stats)
        );
    }
}

#[test]
fn parlors_starting_at_once_with_a_corrupt_file_all_keep_saving() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A big broken file: reading it takes long enough that every parlor reads it broken
    // before the first has moved it aside.
    let broken = format!("{}not json", " ".repeat(12 << 20));
    fs::write(dir.path().join("stats.json"), &broken).expect("write");
    let parlors: Vec<_> = (0..8)
        .map(|seed| {
            parlor()
                .args(["play", "lcr", "--watch", "--plain", "--games", "5"])
                .args(["--seed", &seed.to_string()])
                .env("PARLOR_DATA_DIR", dir.path())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn")
        })
        .collect();
    let mut notices = Vec::new();
    for parlor in parlors {
        let out = parlor.wait_with_output().expect("exits");
        assert!(out.status.success());
        // Waiting for the lock while the broken file is copied aside is told, and fine.
        notices.extend(
            out_text(&out.stderr)
                .lines()
                .filter(|line| !line.contains("another process holds"))
                .map(str::to_owned),
        );
    }
    assert_eq!(notices.len(), 1, "one parlor moved it aside: {notices:?}");
    assert!(notices[0].contains("could not be read"), "{notices:?}");
    let (stats, _) = Store::new(dir.path().to_path_buf()).load().expect("loads");
    assert_eq!(stats.records[0].games, 40, "every parlor saved every game");
    let moved: Vec<String> = files(dir.path())
        .into_iter()
        .filter(|name| name.starts_with("stats.json.corrupt-"))
        .collect();
    assert_eq!(moved.len(), 1, "{moved:?}");
    assert_eq!(
        fs::read(dir.path().join(&moved[0])).expect("kept"),
        broken.as_bytes()
    );
}

fn finished_table(seed: u64) -> Table {
    let levels = vec![parlor::games::BotLevel::Standard; 4];
    let mut table = Table::new(
        Settings::defaults(GameId::Lcr),
        crate::support::seats(&levels, false),
        seed,
    );
    while table.advance() != parlor::table::Progress::Over {}
    table
}

#[test]
fn a_replay_problem_never_costs_a_stats_result_nor_the_reverse() {
    // Replays cannot be saved: a file where their folder should be.
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join("replays"), "in the way").expect("write");
    let mut recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
    for seed in 0..3 {
        recorder.record_table(&finished_table(seed), false, None);
    }
    let notices = recorder.take_notices();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(notices[0].contains("cannot save the replay"), "{notices:?}");
    let (stats, _) = Store::new(dir.path().to_path_buf()).load().expect("loads");
    assert_eq!(stats.records[0].games, 3);

    // Stats cannot be read (a directory where the file should be): replays are saved.
    let dir = tempfile::tempdir().expect("temp dir");
    fs::create_dir(dir.path().join("stats.json")).expect("mkdir");
    let mut recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
    for seed in 0..3 {
        recorder.record_table(&finished_table(seed), false, None);
    }
    let notices = recorder.take_notices();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].contains("is a directory, not a regular file"),
        "a read error is not told as a save error: {notices:?}"
    );
    assert_eq!(parlor::replay::list(dir.path()).len(), 3);
    assert_eq!(
        recorder.stats.records[0].games, 3,
        "the session still counts"
    );
}

/// Run the binary, killing it if it has not finished within `limit`.
fn parlor_within(dir: &Path, args: &[&str], limit: Duration) -> std::process::Output {
    let mut child = parlor()
        .args(args)
        .env("PARLOR_DATA_DIR", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let deadline = Instant::now() + limit;
    while child.try_wait().expect("waits").is_none() {
        if Instant::now() > deadline {
            child.kill().expect("kill");
            panic!("{args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

// Unix file modes, links, pipes and devices.
#[cfg(unix)]
#[test]
fn pipes_devices_and_huge_files_are_refused_at_once() {
    /// What stats.json is made into, how, and what the parlor says about it.
    type Case = (&'static str, fn(&Path), &'static str);
    let cases: [Case; 3] = [
        (
            "a named pipe",
            |path| {
                let made = Command::new("mkfifo").arg(path).status().expect("mkfifo");
                assert!(made.success());
            },
            "is a named pipe, not a regular file",
        ),
        (
            "a device",
            |path| std::os::unix::fs::symlink("/dev/zero", path).expect("symlink"),
            "is a device, not a regular file",
        ),
        (
            "a huge file",
            |path| {
                fs::File::create(path)
                    .and_then(|f| f.set_len(stats::MAX_FILE_BYTES + 1))
                    .expect("a sparse file");
            },
            "more than a parlor file can be",
        ),
    ];
    for (what, make, why) in cases {
        let dir = tempfile::tempdir().expect("temp dir");
        make(&dir.path().join("stats.json"));
        for args in [&["stats"][..], &["play", "lcr", "--watch", "--plain"][..]] {
            let out = parlor_within(dir.path(), args, Duration::from_secs(5));
            let stderr = out_text(&out.stderr);
            assert!(stderr.contains(why), "{what}, {args:?}: {stderr}");
            assert!(!stderr.contains("cannot save"), "{what}: {stderr}");
        }
        // A played game's replay is saved all the same.
        assert_eq!(parlor::replay::list(dir.path()).len(), 1, "{what}");
    }
}

/// Stats with one game in them, and their lock held (as another process would).
fn one_game_and_a_held_lock() -> (tempfile::TempDir, Store, fs::File) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::new(dir.path().to_path_buf());
    store
        .record(&[result(GameId::Lcr, Involvement::Played, true, true)])
        .expect("recorded");
    let lock = fs::File::create(dir.path().join("stats.lock")).expect("lock file");
    lock.lock().expect("hold the lock");
    (dir, store, lock)
}

#[test]
fn a_held_lock_is_told_at_once_and_waited_for_a_bounded_time() {
    let (dir, store, lock) = one_game_and_a_held_lock();

    // Released after a while: the reset waits, says so within a second, then goes on.
    let mut child = parlor()
        .args(["stats", "--reset", "--yes"])
        .env("PARLOR_DATA_DIR", dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let stderr = child.stderr.take().expect("stderr");
    let (lines, told) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufRead::lines(std::io::BufReader::new(stderr)) {
            let _ = lines.send(line.expect("a line"));
        }
    });
    let line = told
        .recv_timeout(Duration::from_secs(1))
        .expect("told within a second");
    assert!(line.contains("another process holds"), "{line}");
    assert!(child.try_wait().expect("waits").is_none(), "still waiting");
    lock.unlock().expect("release");
    assert!(child.wait().expect("exits").success());
    assert!(store.load().expect("loads").0.records.is_empty(), "reset");

    // Never released: it gives up after a bounded wait, saying why.
    lock.lock().expect("hold the lock");
    let start = Instant::now();
    let out = parlor_within(
        dir.path(),
        &["play", "lcr", "--watch", "--plain"],
        Duration::from_secs(15),
    );
    let stderr = out_text(&out.stderr);
    assert!(stderr.contains("gave up waiting"), "{stderr}");
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn temp_files_of_killed_parlors_are_swept_on_start() {
    let dir = tempfile::tempdir().expect("temp dir");
    let replays = dir.path().join("replays");
    fs::create_dir(&replays).expect("mkdir");
    // A process that has exited: its PID is free.
    let mut gone = Command::new("true").spawn().expect("spawn");
    gone.wait().expect("reaped");
    let (gone, alive) = (gone.id(), std::process::id());
    let two_hours_ago = std::time::SystemTime::now() - Duration::from_hours(2);
    let orphans = [
        dir.path().join(format!("stats.json.tmp-{gone}")),
        replays.join(format!(".1796093263349890940-{gone}.tmp")),
        replays.join(".1796093263349890940.tmp"),
    ];
    let live = [
        dir.path().join(format!("stats.json.tmp-{alive}")),
        replays.join(".1796093263349890941.tmp"),
        replays.join("not-a-temp-file.tmp"),
    ];
    for path in orphans.iter().chain(&live) {
        fs::write(path, "half written").expect("write");
    }
    fs::File::options()
        .write(true)
        .open(&orphans[2])
        .and_then(|f| f.set_modified(two_hours_ago))
        .expect("age it");
    let _recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
    for path in &orphans {
        assert!(!path.exists(), "{} was not swept", path.display());
    }
    for path in &live {
        assert!(path.exists(), "{} was swept", path.display());
    }
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
            s.add(&result(game, Involvement::Played, true, true));
        }
        let mut bytes = serde_json::to_vec_pretty(&s).expect("json");
        if flip < bytes.len() {
            bytes[flip] = byte;
        }
        bytes.truncate(cut.min(bytes.len()));
        match stats::parse(&bytes) {
            Ok(parsed) => prop_assert!(parsed.version >= 1),
            Err(reason) => prop_assert!(!reason.to_string().is_empty()),
        }
    }
}

#[test]
fn stats_text_fits_80_columns_and_says_every_figure_in_words() {
    use Involvement::{Played, Watched};
    use unicode_width::UnicodeWidthStr;
    let dir = tempfile::tempdir().expect("temp dir");
    let records = vec![
        // Watched, only abandoned: no seat won anything yet.
        stats::Record {
            abandoned: 2,
            ..stats::Record::new(GameId::Lcr, "players=4 chips=3".to_owned(), Watched)
        },
        // Swedish Aces has no pot.
        stats::Record {
            games: 3,
            wins: 2,
            losses: 1,
            recent: "WLW".to_owned(),
            ..stats::Record::new(GameId::SwedishAces, "players=4 dice=5".to_owned(), Played)
        },
        stats::Record {
            games: 5,
            wins: 1,
            losses: 4,
            biggest_pot: 40,
            figures: BTreeMap::from([
                ("best-score".to_owned(), vec![24]),
                ("twenty-fours".to_owned(), vec![1]),
            ]),
            recent: "LLLLW".to_owned(),
            ..stats::Record::new(GameId::FortyOne, "players=4 stakes=on".to_owned(), Played)
        },
        stats::Record {
            games: 3,
            wins: 2,
            losses: 1,
            figures: BTreeMap::from([("lives-left-when-winning".to_owned(), vec![0, 1, 0, 1])]),
            ..stats::Record::new(GameId::ChaseTheAce, "players=5 lives=3".to_owned(), Played)
        },
        stats::Record {
            games: 9,
            figures: BTreeMap::from([("finales-survived".to_owned(), vec![4])]),
            wins_by_seat: vec![1; 10],
            ..stats::Record::new(
                GameId::AcesInThePot,
                "players=10 chips=2".to_owned(),
                Watched,
            )
        },
        // What a damaged or hand-edited file may hold: huge counters, long and wide rules.
        stats::Record {
            games: u64::MAX,
            wins: u64::MAX,
            losses: u64::MAX,
            abandoned: u64::MAX,
            auto_played: u64::MAX,
            biggest_pot: u64::MAX,
            current_streak: u64::MAX,
            longest_streak: u64::MAX,
            recent: "W".repeat(50),
            ..stats::Record::new(
                GameId::AcesInThePot,
                format!(
                    "{} {} 五人五人五人",
                    "x".repeat(200),
                    "ace-finale ".repeat(12)
                ),
                Played,
            )
        },
    ];
    let file = serde_json::json!({ "version": stats::VERSION, "records": records });
    fs::write(dir.path().join(stats::FILE_NAME), file.to_string()).expect("write stats");
    let out = parlor_in(dir.path(), &["stats"]);
    assert!(out.status.success(), "{}", out_text(&out.stderr));
    let text = out_text(&out.stdout);
    for line in text.lines() {
        assert!(line.width() <= 80, "{} columns: {line:?}", line.width());
    }
    for said in [
        "LCR (Left Center Right), watched\n  rules: 4 players, 3 chips each\n  0 games finished, 2 abandoned\n\n",
        "Swedish Aces, played\n  rules: 4 players, 5 dice each\n  3 games finished, 2 wins (66.7%), 1 loss, 0 abandoned\n  streak: 0 now, 0 at best\n  last 3 (W won, L lost, oldest first): WLW\n",
        "streak: 0 now, 0 at best; biggest pile you won the match with: 40\n  best turn: 24 points; perfect 24s: 1",
        "wins by lives left: 1 with 1 life, 1 with 3 lives",
        "wins by seat (0 = first to act): 1, 1, 1, 1, 1, 1, 1, 1, 1, 1",
        "18446744073709551615 wins (100.0%)",
    ] {
        assert!(text.contains(said), "{said:?} in:\n{text}");
    }
    for raw in ["[]", "Some(", "None", "best pot 0", "pot you won: 0"] {
        assert!(!text.contains(raw), "{raw:?} in:\n{text}");
    }
    // The long rules are all there, over several lines.
    let shown: String = text.split_whitespace().collect();
    assert!(shown.contains(&"x".repeat(200)), "{text}");
    assert!(shown.contains("五人五人五人"), "{text}");
}

/// A stats file of exactly `size` bytes, written compact: LCR records under long rules.
fn compact_stats_file(dir: &Path, size: u64) {
    let record = |rules: String| {
        let mut record = stats::Record::new(GameId::Lcr, rules, Involvement::Played);
        record.games = 1;
        record.recent = "WL".repeat(25);
        record
    };
    let rules = |i: usize, pad: usize| format!("players=4 {i:0>width$}", width = 200 + pad);
    let one = serde_json::to_vec(&record(rules(0, 0)))
        .expect("json")
        .len() as u64;
    let mut stats = Stats {
        // Room left for the file's own keys around the records.
        records: (0..usize::try_from((size - 1024) / (one + 1)).expect("small"))
            .map(|i| record(rules(i, 0)))
            .collect(),
        ..Stats::default()
    };
    let short = size - serde_json::to_vec(&stats).expect("json").len() as u64;
    stats.records[0] = record(rules(0, usize::try_from(short).expect("small")));
    let bytes = serde_json::to_vec(&stats).expect("json");
    assert_eq!(bytes.len() as u64, size);
    fs::write(dir.join(stats::FILE_NAME), &bytes).expect("written");
}

#[test]
fn a_big_file_is_never_written_bigger_than_can_be_read_back() {
    // 15 MB written compact: indented it would pass 16 MB, so it is written compact again,
    // and reads back with the new game in it.
    let dir = tempfile::tempdir().expect("temp dir");
    compact_stats_file(dir.path(), 15 << 20);
    let store = Store::new(dir.path().to_path_buf());
    let before = store.load().expect("read").0.records.len();
    let game = result(GameId::Lcr, Involvement::Played, true, true);
    store.record(std::slice::from_ref(&game)).expect("recorded");
    let written = fs::metadata(store.path()).expect("there").len();
    assert!(written <= stats::MAX_FILE_BYTES, "{written}");
    let (stats, _) = store.load().expect("read back");
    assert_eq!(stats.records.len(), before + 1);
    assert_eq!(
        stats
            .find(GameId::Lcr, "players=4", Involvement::Played)
            .map(|r| r.wins),
        Some(1)
    );
    // A file that even compact would pass the limit with the new game is left as it is,
    // and that is said.
    let size = stats::MAX_FILE_BYTES - 100;
    compact_stats_file(dir.path(), size);
    let refused = store
        .record(std::slice::from_ref(&game))
        .expect_err("refused");
    assert!(matches!(refused, StatsError::TooBig { .. }), "{refused}");
    assert!(
        refused
            .to_string()
            .contains("more than a stats file may be"),
        "{refused}"
    );
    assert_eq!(fs::metadata(store.path()).expect("there").len(), size);
    assert!(store.load().is_ok(), "still read");
}

/// Run `script` (sh) with `$DIR` a fresh 256 KB filesystem of its own (a tmpfs in a
/// private mount namespace, gone with the script) and `$PARLOR` the binary; `None` where
/// this system will not mount one (no privilege for a mount namespace).
#[cfg(target_os = "linux")]
fn on_a_small_filesystem(script: &str) -> Option<std::process::Output> {
    let dir = tempfile::tempdir().expect("temp dir");
    let mount = "mount -t tmpfs -o size=256k parlor-test \"$DIR\" || exit 99\n";
    let out = Command::new("unshare")
        .args(["--mount", "sh", "-c", &format!("{mount}{script}")])
        .env("DIR", dir.path())
        .env("PARLOR", env!("CARGO_BIN_EXE_parlor"))
        .output()
        .ok()?;
    if out.status.code() == Some(99) || !out.status.success() && out.stdout.is_empty() {
        eprintln!(
            "SKIPPED: cannot mount a small filesystem here: {}",
            out_text(&out.stderr)
        );
        return None;
    }
    Some(out)
}

#[cfg(target_os = "linux")]
#[test]
fn a_nearly_full_disk_keeps_every_result_before_any_replay() {
    // 3,000 games on 256 KB: the replays fill it after some sixty games; then the oldest
    // are deleted to make room for the results, and every result is kept.
    let Some(out) = on_a_small_filesystem(
        "\"$PARLOR\" play lcr --plain --watch --games 3000 --seed 1 --data-dir \"$DIR\" \
         >/dev/null\n\
         echo \"exit=$?\"\n\
         \"$PARLOR\" stats --json --data-dir \"$DIR\"\n",
    ) else {
        return;
    };
    let stdout = out_text(&out.stdout);
    let stderr = out_text(&out.stderr);
    let (exit, json) = stdout.split_once('\n').expect("two parts");
    assert_eq!(exit, "exit=0", "{stderr}");
    let stats: serde_json::Value = serde_json::from_str(json).expect("stats as JSON");
    assert_eq!(stats["records"][0]["games"], 3000, "{stderr}");
    assert!(
        stderr.contains("replays were deleted, oldest first, to make room for results"),
        "{stderr}"
    );
    assert!(!stderr.contains("cannot save stats"), "{stderr}");

    // Full of something else, with no replay to delete: the results cannot be saved,
    // and that is said and is the exit status.
    let Some(out) = on_a_small_filesystem(
        "dd if=/dev/zero of=\"$DIR/filler\" bs=4k 2>/dev/null\n\
         \"$PARLOR\" play lcr --plain --watch --games 5 --seed 1 --data-dir \"$DIR\" \
         >/dev/null\n\
         echo \"exit=$?\"\n",
    ) else {
        return;
    };
    let stderr = out_text(&out.stderr);
    assert_eq!(out_text(&out.stdout), "exit=1\n", "{stderr}");
    assert!(
        stderr.contains("5 results could not be saved, nor kept aside"),
        "{stderr}"
    );
    assert!(stderr.contains("5 replays were not saved"), "{stderr}");
}

#[test]
fn a_result_the_held_lock_kept_out_is_kept_aside_and_merged_at_the_next_start() {
    // Another process holds the lock past the wait, to the parlor's end. (A short wait:
    // `a_held_lock_is_told_at_once_and_waited_for_a_bounded_time` waits the parlor's own.)
    let (dir, store, lock) = one_game_and_a_held_lock();
    let impatient = Store::new(dir.path().to_path_buf()).with_patience(Duration::from_millis(300));
    let mut recorder = Recorder::on(impatient);
    recorder.record(&result(GameId::Lcr, Involvement::Played, false, true));
    assert!(recorder.finish(), "kept aside, not lost");
    let notices = recorder.take_notices();
    // The wait is told as it was: 0.3 s (in whole seconds it read "0 s").
    assert!(
        notices[0].contains(" for 0.3 s; gave up waiting"),
        "{notices:?}"
    );
    assert!(
        notices[1].contains("1 result could not be saved") && notices[1].contains("unsaved-"),
        "{notices:?}"
    );
    assert_eq!(store.load().expect("loads").0.records[0].games, 1);
    lock.unlock().expect("release");
    // The next parlor to start adds it, and says so; the file kept aside is gone.
    let mut next = Recorder::on(Store::new(dir.path().to_path_buf()));
    let notices = next.take_notices();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].contains("1 result that an earlier parlor"),
        "{notices:?}"
    );
    let record = &store.load().expect("loads").0.records[0];
    assert_eq!((record.games, record.wins, record.losses), (2, 1, 1));
    assert_eq!(next.stats.records[0].games, 2);
    assert_eq!(files(dir.path()), ["stats.json", "stats.lock"]);
    // A file kept aside that is not one is left as it is, and said.
    fs::write(dir.path().join("stats.json.unsaved-1"), "junk").expect("written");
    let notices = Recorder::on(Store::new(dir.path().to_path_buf())).take_notices();
    assert!(
        notices.len() == 1 && notices[0].contains("could not be read"),
        "{notices:?}"
    );
    assert!(dir.path().join("stats.json.unsaved-1").exists());
}

/// A result kept aside by a parlor of format 1 wrote four games' figures for every game:
/// merged in, only the game's own are its figures (a Chase the Ace win with 2 lives left,
/// not a best turn it never had).
#[test]
fn a_format_1_result_kept_aside_keeps_only_its_games_figures() {
    let dir = tempfile::tempdir().expect("temp dir");
    let kept = r#"{"format":1,"results":[{"game":"chase-the-ace","rules":"players=4",
        "kind":"played","finished":true,"won":true,"pot_won":0,"auto":false,
        "winning_seats":[true,false,false,false],"best_score":null,"twenty_fours":0,
        "survived_finale":false,"lives_left":2,"when":1800000000,"daily":null}]}"#;
    fs::write(dir.path().join("stats.json.unsaved-1"), kept).expect("written");
    let notices = Recorder::on(Store::new(dir.path().to_path_buf())).take_notices();
    assert!(
        notices.iter().all(|n| !n.contains("could not be read")),
        "{notices:?}"
    );
    let (stats, _) = Store::new(dir.path().to_path_buf()).load().expect("loads");
    let record = &stats.records[0];
    assert_eq!((record.game, record.wins), (GameId::ChaseTheAce, 1));
    assert_eq!(
        record.figures,
        BTreeMap::from([("lives-left-when-winning".to_owned(), vec![0, 0, 1])])
    );
}

#[test]
fn a_reload_shows_what_another_recorder_saved_in_the_same_directory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut guest = Recorder::on(Store::new(dir.path().to_path_buf()));
    let mut authority = Recorder::on(Store::new(dir.path().to_path_buf()));
    authority.record(&result(GameId::Lcr, Involvement::Played, true, true));
    assert!(guest.stats.records.is_empty(), "nothing read yet");
    guest.reload();
    assert_eq!(guest.stats, authority.stats);
    assert_eq!(guest.stats.records[0].wins, 1);
}

/// What a file holds, to check it was left as it was.
#[cfg(unix)]
const NOT_STATS: &str = "root:x:0:0:root:/root:/bin/bash\n";

/// `stats.json` a link to a file that holds no stats (made by mistake, or by someone
/// else): that file is not the parlor's. It is neither moved aside nor deleted nor written,
/// the player is told so with the data folder named, and results go where unsaved results
/// go, lost nowhere.
#[cfg(unix)]
#[test]
fn a_stats_link_to_a_file_that_is_no_stats_is_never_moved_nor_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let target = elsewhere.path().join("passwd");
    fs::write(&target, NOT_STATS).expect("write");
    let store = Store::new(dir.path().to_path_buf());
    std::os::unix::fs::symlink(&target, store.path()).expect("symlink");
    let refused = store.load().expect_err("no stats");
    let said = refused.to_string();
    assert!(
        said.contains(&format!("data folder {}", dir.path().display()))
            && said.contains("is a symbolic link to")
            && said.contains("which holds no parlor stats"),
        "{said}"
    );
    let mut recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
    recorder.record(&result(GameId::Lcr, Involvement::Played, true, true));
    assert!(recorder.finish(), "the result is kept aside");
    let notices = recorder.take_notices().join("\n");
    assert!(notices.contains("symbolic link"), "{notices}");
    assert_eq!(fs::read_to_string(&target).expect("still there"), NOT_STATS);
    assert!(
        fs::symlink_metadata(store.path())
            .expect("link")
            .is_symlink()
    );
    let kept: Vec<String> = files(dir.path())
        .into_iter()
        .filter(|name| name.starts_with("stats.json.unsaved-"))
        .collect();
    assert_eq!(kept.len(), 1, "{:?}", files(dir.path()));
    // The command line's stats and a game, as a user meets them.
    for args in [&["stats"][..], &["play", "lcr", "--watch", "--plain"][..]] {
        let out = parlor_in(dir.path(), args);
        let stderr = out_text(&out.stderr);
        assert!(stderr.contains("symbolic link"), "{args:?}: {stderr}");
        assert!(!stderr.contains("moved to"), "{args:?}: {stderr}");
        assert_eq!(fs::read_to_string(&target).expect("still there"), NOT_STATS);
    }
    // With the link gone, the next parlor saves every result kept aside.
    fs::remove_file(store.path()).expect("remove the link");
    let recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
    let games: u64 = recorder.stats.records.iter().map(|r| r.games).sum();
    assert_eq!(
        games, 2,
        "the result recorded here, the game played: {:?}",
        recorder.stats
    );
}

/// Make `path` a named pipe.
#[cfg(unix)]
fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(made.success());
}

/// What a test makes a file into, and how.
#[cfg(unix)]
type Made<'t> = (&'static str, Box<dyn Fn(&Path) + 't>);

/// `stats.lock` that is something else than a file: whatever holds nothing of anyone's (an
/// empty folder, a named pipe, a link, whose target is left as it is) is replaced by the
/// lock, and results are saved; a folder with files in it is left as it is, and refused
/// with the data folder named and what is wrong said.
#[cfg(unix)]
#[test]
fn a_lock_that_is_a_folder_a_pipe_or_a_link_is_mended_or_said() {
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let target = elsewhere.path().join("passwd");
    fs::write(&target, NOT_STATS).expect("write");
    let replaced: [Made; 3] = [
        (
            "an empty folder",
            Box::new(|path| fs::create_dir(path).expect("mkdir")),
        ),
        ("a named pipe", Box::new(mkfifo)),
        (
            "a link",
            Box::new(|path| std::os::unix::fs::symlink(&target, path).expect("symlink")),
        ),
    ];
    for (what, make) in replaced {
        let dir = tempfile::tempdir().expect("temp dir");
        let lock = dir.path().join("stats.lock");
        make(&lock);
        let store = Store::new(dir.path().to_path_buf());
        for games in 1..=2 {
            let (stats, _) = store
                .record(&[result(GameId::Lcr, Involvement::Played, true, true)])
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(stats.records[0].games, games, "{what}");
        }
        assert!(
            fs::symlink_metadata(&lock).expect("a lock").is_file(),
            "{what}"
        );
        assert_eq!(
            files(dir.path()),
            ["stats.json", "stats.lock"],
            "{what}: nothing left aside"
        );
    }
    assert_eq!(fs::read_to_string(&target).expect("still there"), NOT_STATS);

    let dir = tempfile::tempdir().expect("temp dir");
    let lock = dir.path().join("stats.lock");
    fs::create_dir(&lock).expect("mkdir");
    fs::write(lock.join("notes.txt"), "mine").expect("write");
    let refused = Store::new(dir.path().to_path_buf())
        .record(&[result(GameId::Lcr, Involvement::Played, true, true)])
        .expect_err("a folder with files in it");
    let said = refused.to_string();
    assert!(
        said.contains(&format!("data folder {}", dir.path().display()))
            && said.contains("folder named stats.lock with files in it"),
        "{said}"
    );
    assert_eq!(
        fs::read_to_string(lock.join("notes.txt")).expect("left as it is"),
        "mine"
    );
    let out = parlor_in(dir.path(), &["play", "lcr", "--watch", "--plain"]);
    let stderr = out_text(&out.stderr);
    assert!(stderr.contains("folder named stats.lock"), "{stderr}");
    assert!(
        stderr.contains("kept in"),
        "the result is kept aside: {stderr}"
    );
}

/// A run of wins goes on across a game's rules: wins at four seats and then at five (or a
/// win on auto set up otherwise) are one streak, as the wins counted with them are.
#[test]
fn a_streak_runs_across_the_rules_of_its_game() {
    let mut stats = Stats::default();
    for (rules, won) in [("4p", true), ("5p", true), ("4p", true)] {
        stats.add(&GameResult {
            rules: rules.to_owned(),
            ..result(GameId::Lcr, Involvement::Played, won, true)
        });
    }
    let totals = stats::Totals::of(&stats, GameId::Lcr, Involvement::Played);
    assert_eq!((totals.wins, totals.games), (3, 3));
    assert_eq!((totals.current_streak, totals.longest_streak), (3, 3));
    stats.add(&GameResult {
        rules: "5p".to_owned(),
        ..result(GameId::Lcr, Involvement::Played, false, true)
    });
    let totals = stats::Totals::of(&stats, GameId::Lcr, Involvement::Played);
    assert_eq!((totals.current_streak, totals.longest_streak), (0, 3));
    // Kept in the file, and another game's run apart.
    let json = serde_json::to_string(&stats).expect("json");
    let read = parlor::stats::parse(json.as_bytes()).expect("read back");
    assert_eq!(read.streak(GameId::Lcr), stats.streak(GameId::Lcr));
    assert!(read.streak(GameId::FortyOne).is_none());
}
