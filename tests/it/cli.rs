//! The command line as a user meets it: the real binary, its exit codes, its words.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The binary, keeping whatever it records in a directory of these tests' own: never in
/// the stats of whoever runs them.
pub(crate) fn command() -> Command {
    static SCRATCH: OnceLock<tempfile::TempDir> = OnceLock::new();
    let scratch = SCRATCH.get_or_init(|| tempfile::tempdir().expect("temp dir"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_parlor"));
    command.env("PARLOR_DATA_DIR", scratch.path());
    command
}

fn parlor(args: &[&str]) -> Output {
    command().args(args).output().expect("the binary runs")
}

/// A data directory holding one watched LCR game: its record and its replay.
fn data_dir_with_a_game() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8");
    assert!(
        parlor(&["play", "lcr", "--plain", "--watch", "--data-dir", d])
            .status
            .success()
    );
    dir
}

pub(crate) fn parlor_with_stdin(args: &[&str], stdin: &str) -> Output {
    parlor_with_input(args, stdin.as_bytes())
}

/// The binary with `stdin` as its input, whatever bytes it holds.
fn parlor_with_input(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin)
        .expect("write stdin");
    child.wait_with_output().expect("it exits")
}

pub(crate) fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

pub(crate) fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn bad_settings_exit_2_with_the_allowed_values() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["sim", "lcr", "--players", "11"],
            "lcr takes players from 3 to 10, not 11",
        ),
        (
            &["sim", "aces-in-the-pot", "--chips", "0"],
            "aces-in-the-pot takes chips from 1 to 5, not 0",
        ),
        (
            &["sim", "swedish-aces", "--dice", "6"],
            "swedish-aces takes dice from 1 to 5, not 6",
        ),
        (
            &["sim", "forty-one", "--players", "1"],
            "forty-one takes players from 2 to 8, not 1",
        ),
        (
            &["sim", "lcr", "--variant", "jokers"],
            "unknown variant 'jokers' for lcr: the variants are jackpot, wild",
        ),
        (
            &["sim", "forty-one", "--variant", "wild"],
            "unknown variant 'wild' for forty-one: it has no variants",
        ),
        (&["sim", "lcr", "--dice", "3"], "lcr has no dice setting"),
        (
            &["sim", "chase-the-ace", "--variant", "stayner"],
            "stayner needs grace",
        ),
        (
            &["sim", "forty-one", "--bot", "genius"],
            "unknown bot level 'genius' for forty-one: the levels are expert, safe, novice",
        ),
        (
            &["sim", "forty-one", "--bot", "safe,safe"],
            "forty-one has 4 seats but 2 bot levels were given",
        ),
        (
            &["play", "lcr", "--players", "2", "--plain"],
            "lcr takes players from 3 to 10, not 2",
        ),
        (
            &["sim", "yahtzee"],
            "unknown game 'yahtzee': the games are aces-in-the-pot, swedish-aces, lcr, forty-one, chase-the-ace",
        ),
        (&["sim", "lcr", "--players", "many"], "invalid value 'many'"),
        (
            &["sim", "forty-one", "--stakes", "maybe"],
            "invalid value 'maybe' for '--stakes <on|off>'",
        ),
        (
            &["sim", "lcr", "--frobnicate"],
            "unexpected argument '--frobnicate'",
        ),
        // Game codes with characters of more than one byte, in every segment.
        (
            &["play", "--code", "lcr.é.1", "--plain"],
            "'lcr.é.1' is not a game code: unknown variant 'é' for lcr",
        ),
        (
            &["play", "--code", "lcr.4é.1", "--plain"],
            "unknown variant '4é' for lcr",
        ),
        (
            &["play", "--code", "lcr.4p.é.1", "--plain"],
            "unknown variant 'é' for lcr",
        ),
        (
            &["play", "--code", "lcr.4p.3c.é", "--plain"],
            "'é' is not a seed",
        ),
        // Control characters are not echoed to the terminal.
        (
            &["play", "--code", "lcr.\u{1b}[2J.1", "--plain"],
            "unknown variant '[2J' for lcr",
        ),
    ];
    assert_refused(cases);
}

/// Each command line exits 2 with its message on stderr.
fn assert_refused(cases: &[(&[&str], &str)]) {
    for (args, message) in cases {
        let out = parlor(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(message),
            "{args:?}: wanted '{message}' in:\n{}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("panicked"), "{args:?}");
    }
}

fn sim_json(args: &[&str]) -> serde_json::Value {
    let out = parlor(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).expect("sim --json prints one JSON object")
}

#[test]
fn sim_json_has_the_contract_keys_for_every_game() {
    let common = [
        "schema",
        "game",
        "players",
        "games",
        "seed",
        "elapsed_s",
        "games_per_s",
        "wins_by_seat",
        "mean_turns",
    ];
    let extra: &[(&str, &[&str])] = &[
        (
            "aces-in-the-pot",
            &["first_sole_holder_wins", "mean_finale_throws"],
        ),
        ("lcr", &["mean_rolls"]),
        ("swedish-aces", &["losses_by_seat", "mean_rolls"]),
        (
            "forty-one",
            &["turns", "qualified", "score_counts", "opening"],
        ),
        ("chase-the-ace", &["mean_rounds"]),
    ];
    for (game, keys) in extra {
        let json = sim_json(&["sim", game, "--games", "50", "--seed", "9", "--json"]);
        let object = json.as_object().expect("an object");
        for key in common.iter().chain(keys.iter()) {
            assert!(object.contains_key(*key), "{game}: missing {key} in {json}");
        }
        assert_eq!(
            object.len(),
            common.len() + keys.len(),
            "{game}: unexpected keys in {json}"
        );
        assert_eq!(json["schema"], parlor::sim::JSON_SCHEMA);
        assert_eq!(json["game"], *game);
        assert_eq!(json["games"], 50);
        assert_eq!(json["seed"], 9);
        let players = json["players"].as_u64().expect("players") as usize;
        let wins = json["wins_by_seat"].as_array().expect("wins_by_seat");
        assert_eq!(wins.len(), players);
        if *game == "forty-one" {
            assert_eq!(json["score_counts"].as_array().expect("counts").len(), 25);
            assert_eq!(
                json["opening"]["score_counts"]
                    .as_array()
                    .expect("counts")
                    .len(),
                25
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_figures() {
    for game in [
        "aces-in-the-pot",
        "lcr",
        "swedish-aces",
        "forty-one",
        "chase-the-ace",
    ] {
        let args = ["sim", game, "--games", "200", "--seed", "77", "--json"];
        let mut first = sim_json(&args);
        let mut second = sim_json(&args);
        for timing in ["elapsed_s", "games_per_s"] {
            first.as_object_mut().expect("object").remove(timing);
            second.as_object_mut().expect("object").remove(timing);
        }
        assert_eq!(first, second, "{game}");
        let other = sim_json(&["sim", game, "--games", "200", "--seed", "78", "--json"]);
        assert_ne!(
            first["wins_by_seat"], other["wins_by_seat"],
            "{game}: the seed must matter"
        );
    }
}

#[test]
fn sim_without_a_seed_draws_one_and_shows_it() {
    let json = sim_json(&["sim", "lcr", "--games", "5", "--json"]);
    let seed = json["seed"].as_u64().expect("a seed is shown");
    let again = sim_json(&[
        "sim",
        "lcr",
        "--games",
        "5",
        "--json",
        "--seed",
        &seed.to_string(),
    ]);
    assert_eq!(json["wins_by_seat"], again["wins_by_seat"]);
    let text = stdout(&parlor(&["sim", "aces-in-the-pot", "--games", "100"]));
    assert!(text.contains("(seed "), "{text}");
    assert!(text.contains("mean finale throws"), "{text}");
}

#[test]
fn one_game_is_counted_as_one() {
    let text = stdout(&parlor(&["sim", "lcr", "--games", "1", "--seed", "1"]));
    assert!(
        text.starts_with("LCR (Left Center Right) — 1 game, players=4"),
        "{text}"
    );
}

#[test]
fn plain_watch_plays_games_in_a_row() {
    // Each run in a data directory of its own: the record each game ends on is the same.
    let watch = || {
        let dir = tempfile::tempdir().expect("temp dir");
        parlor(&[
            "play",
            "lcr",
            "--plain",
            "--watch",
            "--games",
            "3",
            "--seed",
            "5",
            "--data-dir",
            dir.path().to_str().expect("utf-8"),
        ])
    };
    let out = watch();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for n in 1..=3 {
        assert!(text.contains(&format!("game {n} of 3")), "{text}");
    }
    assert_eq!(text.matches("wins the pot").count(), 3, "{text}");
    assert!(text.contains("Ana: "), "holdings are printed:\n{text}");
    // Same seed, same games.
    assert_eq!(text, stdout(&watch()));
}

#[test]
fn plain_lcr_tells_the_faces_the_dice_show() {
    let out = parlor(&[
        "play",
        "lcr",
        "--variant",
        "wild",
        "--plain",
        "--watch",
        "--seed",
        "0",
    ]);
    let text = stdout(&out);
    // Said in words, as a screen reader reads the line.
    assert!(text.contains("\nBen rolls wild, dot, Right\n"), "{text}");
    assert!(
        text.contains("\nBen's wild takes a chip from Cara\n"),
        "{text}"
    );
    for line in text.lines() {
        if let Some((_, faces)) = line.split_once(" rolls ") {
            assert!(
                faces
                    .split(", ")
                    .all(|face| ["Left", "Centre", "Right", "dot", "wild"].contains(&face)),
                "{line}"
            );
        }
    }
}

#[test]
fn plain_asks_you_and_reads_your_answers() {
    // Forty-One: answer every question with the first choice (Enter), after a few
    // nonsense lines, and play the match to the end.
    let answers = "banana\n9\n".to_owned() + &"\n".repeat(400);
    let out = parlor_with_stdin(
        &[
            "play",
            "forty-one",
            "--plain",
            "--seed",
            "3",
            "--rounds",
            "2",
        ],
        &answers,
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}\n{text}", stderr(&out));
    assert!(
        text.starts_with("Forty-One: 4 players, 2 rounds, 20 chips each, seed 3.\n"),
        "one game is not \"game 1 of 1\": {text}"
    );
    assert!(text.contains("You, your move: 1) Set down a 1"), "{text}");
    assert!(
        text.contains("Type one of 1, 2, 4, 6, ? for help, or q to quit."),
        "nonsense is answered: {text}"
    );
    assert!(text.contains("You set down a"), "{text}");
    assert!(text.contains("the match with"), "{text}");
}

#[test]
fn plain_forty_one_sets_down_the_die_whose_face_you_type() {
    // Seed 3 rolls you 4·4·2·1·2·6: the fourth choice is the 6, and "4" must set down a 4.
    let out = parlor_with_stdin(&["play", "forty-one", "--plain", "--seed", "3"], "4\nq\n");
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "quit mid-game: {text}");
    assert!(
        text.contains(
            "You, your move: 1) Set down a 1, 2) Set down a 2, 4) Set down a 4, \
             6) Set down a 6. Enter for 1, ? for help, q to quit > You set down a 4 (roll 1 of 6)"
        ),
        "{text}"
    );
}

#[test]
fn plain_chase_the_ace_takes_the_letters_of_the_full_screen() {
    // Seed 1: you deal, and cut.
    let out = parlor_with_stdin(
        &["play", "chase-the-ace", "--plain", "--seed", "1"],
        "c\nq\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains(
            "your move: k) Keep, c) Cut the deck. Enter for k, ? for help, q to quit > You cut"
        ),
        "{text}"
    );
    // Seed 5 with king-stops: a King to throw down, then exchanges to make or refuse.
    let out = parlor_with_stdin(
        &[
            "play",
            "chase-the-ace",
            "--plain",
            "--variant",
            "king-stops",
            "--seed",
            "5",
        ],
        "t\ne\nk\nq\n",
    );
    let text = stdout(&out);
    for said in [
        "k) Keep the King quiet, t) Throw down the King. Enter for k, ? for help, q to quit > \
         You throw down a King: the round stops",
        "k) Keep, e) Exchange with Ana. Enter for k, ? for help, q to quit > You exchange with \
         Ana\nYou, your card is now the five of hearts.",
        "k) Keep, e) Exchange with Ana. Enter for k, ? for help, q to quit > You keep",
    ] {
        assert!(text.contains(said), "{said:?} in:\n{text}");
    }
    // The card is told after your own exchange only: never after a bot's ("Ana exchanges").
    assert!(text.contains("Ana exchanges with Ben"), "{text}");
    assert_eq!(
        text.matches("your card is now").count(),
        text.matches("You exchange with").count(),
        "{text}"
    );
}

#[test]
fn plain_takes_a_choices_letter_among_numbered_choices() {
    // Seed 10 with threes-travel: a roll of yours shows two 3s. The first goes to Ana by its
    // number, the second is kept with `k`, as at the full screen.
    let out = parlor_with_stdin(
        &[
            "play",
            "swedish-aces",
            "--variant",
            "threes-travel",
            "--plain",
            "--seed",
            "10",
        ],
        "\n2\nk\nq\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains(
            "You, your move: 1) Keep the 3, 2) Give the 3 to Ana, 3) Give the 3 to Ben, \
             4) Give the 3 to Cara. Enter for 1, ? for help, q to quit > Your travelling 3 goes \
             to Ana"
        ),
        "{text}"
    );
    assert!(
        text.contains("Enter for 1, ? for help, q to quit > You keep the 3"),
        "{text}"
    );
    assert!(!text.contains("Type a number"), "{text}");
}

#[test]
fn plain_quit_or_end_of_input_abandons_the_game() {
    for stdin in ["q\n", ""] {
        let out = parlor_with_stdin(
            &["play", "aces-in-the-pot", "--plain", "--seed", "1"],
            stdin,
        );
        assert_eq!(out.status.code(), Some(1), "{stdin:?}");
        assert!(stdout(&out).contains("Game abandoned."));
    }
}

#[test]
fn plain_input_that_ends_without_a_newline_ends_the_game() {
    // `printf zzz | parlor play lcr --plain`: the last line has no newline. It is read
    // (and refused), then the end of input abandons the game, as an empty input does.
    for stdin in ["zzz", "x", "\nzzz"] {
        let dir = tempfile::tempdir().expect("temp dir");
        let (mut child, lines) =
            plain_parlor(dir.path(), &["play", "lcr", "--plain", "--seed", "1"]);
        let mut input = child.stdin.take().expect("stdin");
        input.write_all(stdin.as_bytes()).expect("write stdin");
        drop(input);
        let exit = exits_within_10_s(&mut child);
        assert_eq!(exit.code(), Some(1), "{stdin:?}: {exit:?}");
        wait_for(&lines, "Game abandoned.");
    }
}

#[test]
fn a_plain_game_cut_short_by_a_closed_pipe_still_counts() {
    // `parlor play --plain | head`: the reader goes away mid-game. The program ends
    // quietly, and the game it was writing counts as abandoned. One long match (about
    // half a megabyte of log) outlasts the pipe's buffer, so the pipe closes mid-game.
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = command()
        .args(["play", "forty-one", "--plain", "--watch", "--players", "8"])
        .args(["--rounds", "100", "--stakes", "off", "--seed", "3"])
        .env("PARLOR_DATA_DIR", dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = [0; 4096];
    std::io::Read::read_exact(&mut child.stdout.take().expect("stdout"), &mut first)
        .expect("some games printed");
    // stdout is dropped here: the pipe is closed.
    let out = child.wait_with_output().expect("it exits");
    assert!(out.status.success(), "{}", stderr(&out));
    let stats = stats_json(dir.path());
    let record = &stats["records"][0];
    assert_eq!(record["abandoned"], 1, "{stats}");
    assert_eq!(record["games"], 0, "not one game finished: {stats}");
}

fn stats_json(dir: &Path) -> serde_json::Value {
    let out = parlor(&[
        "stats",
        "--json",
        "--data-dir",
        dir.to_str().expect("utf-8"),
    ]);
    serde_json::from_slice(&out.stdout).expect("stats as JSON")
}

/// Send `signal` (a name such as `INT`) to process `pid`.
fn send_signal(signal: &str, pid: u32) {
    let sent = Command::new("kill")
        .args(["-s", signal, &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -s {signal} {pid}");
}

/// Start a plain parlor keeping its stats in `dir`, and its stdout as lines as they come.
fn plain_parlor(
    dir: &Path,
    args: &[&str],
) -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    let mut child = command()
        .args(args)
        .env("PARLOR_DATA_DIR", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let stdout = child.stdout.take().expect("stdout");
    let (lines, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::Read;
        // Byte by byte: a prompt does not end its line.
        let mut line = Vec::new();
        for byte in std::io::BufReader::new(stdout).bytes() {
            let byte = byte.expect("a byte");
            line.push(byte);
            if byte == b'\n' || line.ends_with(b"> ") {
                let _ = lines.send(String::from_utf8_lossy(&line).into_owned());
                line.clear();
            }
        }
    });
    (child, received)
}

/// Read lines until one contains `wanted`, for at most ten seconds.
fn wait_for(lines: &std::sync::mpsc::Receiver<String>, wanted: &str) -> Vec<String> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let mut seen = Vec::new();
    while let Ok(line) =
        lines.recv_timeout(deadline.saturating_duration_since(std::time::Instant::now()))
    {
        let found = line.contains(wanted);
        seen.push(line);
        if found {
            return seen;
        }
    }
    panic!("no '{wanted}' within 10 s: {seen:?}");
}

/// Wait for `child` to exit, for at most ten seconds.
fn exits_within_10_s(child: &mut std::process::Child) -> std::process::ExitStatus {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        if let Some(status) = child.try_wait().expect("waits") {
            return status;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "still running after 10 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn plain_games_stopped_by_a_signal_are_recorded_as_abandoned() {
    for (signal, number) in [("INT", 2), ("TERM", 15), ("HUP", 1)] {
        // Waiting for your answer.
        let dir = tempfile::tempdir().expect("temp dir");
        let (mut child, lines) = plain_parlor(dir.path(), &["play", "forty-one", "--plain"]);
        wait_for(&lines, "your move");
        send_signal(signal, child.id());
        let exit = exits_within_10_s(&mut child);
        assert_eq!(exit.code(), Some(128 + number), "SIG{signal}: {exit:?}");
        wait_for(&lines, "Game abandoned.");
        let stats = stats_json(dir.path());
        assert_eq!(stats["records"][0]["abandoned"], 1, "SIG{signal}: {stats}");
        let replays = parlor::replay::list(dir.path());
        assert_eq!(replays.len(), 1, "SIG{signal}: the replay is saved");
        let (saved, _) = parlor::replay::Replay::load(&replays[0]).expect("loads");
        assert!(!saved.finished);
        drop(child.stdin.take());
    }
    // Bots playing game after game: every game counts, finished or cut short (the signal
    // may also come while one is being saved, and then none is cut short).
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut child, lines) = plain_parlor(
        dir.path(),
        &["play", "lcr", "--plain", "--watch", "--games", "1000000"],
    );
    wait_for(&lines, "game 3 of");
    send_signal("TERM", child.id());
    assert_eq!(exits_within_10_s(&mut child).code(), Some(143));
    let stats = stats_json(dir.path());
    let record = &stats["records"][0];
    let finished = record["games"].as_u64().expect("games");
    let abandoned = record["abandoned"].as_u64().expect("abandoned");
    assert!(finished >= 2 && abandoned <= 1, "{stats}");
    assert_eq!(
        parlor::replay::list(dir.path()).len() as u64,
        finished + abandoned,
        "a replay of every game"
    );
}

#[test]
fn plain_auto_plays_your_seat() {
    let out = parlor(&["play", "chase-the-ace", "--plain", "--auto", "--seed", "13"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("wins the pot of"), "{text}");
    assert!(!text.contains("your move"), "auto-play never asks");
}

#[test]
fn version_and_help() {
    let out = parlor(&["--version"]);
    assert!(out.status.success());
    assert!(stdout(&out).starts_with("parlor "));
    let help = stdout(&parlor(&["play", "--help"]));
    for flag in [
        "--players",
        "--chips",
        "--dice",
        "--variant",
        "--seed",
        "--bot",
        "--speed",
        "--auto",
        "--watch",
        "--plain",
        "--games",
    ] {
        assert!(help.contains(flag), "play --help lacks {flag}");
    }
}

#[test]
fn the_figures_do_not_depend_on_the_thread_count() {
    for game in [
        "aces-in-the-pot",
        "lcr",
        "swedish-aces",
        "forty-one",
        "chase-the-ace",
    ] {
        let games = if game == "chase-the-ace" {
            "600"
        } else {
            "3000"
        };
        let run = |threads: &str| {
            let mut json = sim_json(&[
                "sim",
                game,
                "--games",
                games,
                "--seed",
                "5",
                "--json",
                "--threads",
                threads,
            ]);
            let object = json.as_object_mut().expect("object");
            object.remove("elapsed_s");
            object.remove("games_per_s");
            json
        };
        let one = run("1");
        assert_eq!(one, run("2"), "{game}: 1 vs 2 threads");
        assert_eq!(one, run("5"), "{game}: 1 vs 5 threads");
    }
    assert_eq!(
        parlor(&["sim", "lcr", "--threads", "0"]).status.code(),
        Some(2)
    );
}

#[test]
fn sim_goes_on_when_the_system_refuses_threads() {
    let figures = |out: &Output| {
        assert!(out.status.success(), "{}", stderr(out));
        let mut json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        let object = json.as_object_mut().expect("object");
        object.remove("elapsed_s");
        object.remove("games_per_s");
        json
    };
    // Enough games that the threads which start are still running when the rest are
    // asked for: with 20,000 a thread could end and free its stack first, and all 40 start.
    let args = ["sim", "lcr", "--games", "400000", "--seed", "1", "--json"];
    let expected = figures(&parlor(&args));
    // Every thread asks for a stack of RUST_MIN_STACK bytes; in an address space of
    // `ulimit -v` KB only so many fit. 3 GB stacks in 2 GB: none starts. 300 MB stacks:
    // a few start and the rest are refused, a big allocation failing while plenty of
    // memory is left for the threads already running.
    for (stack, threads) in [("3000000000", "4"), ("300000000", "40")] {
        let limited = Command::new("sh")
            .args(["-c", r#"ulimit -v 2000000 && exec "$@""#, "sh"])
            .arg(env!("CARGO_BIN_EXE_parlor"))
            .args(args)
            .args(["--threads", threads])
            .env("RUST_MIN_STACK", stack)
            .output()
            .expect("sh runs");
        assert_eq!(
            figures(&limited),
            expected,
            "{threads} threads of {stack} bytes"
        );
        assert!(
            stderr(&limited).contains("the system would not start"),
            "{}",
            stderr(&limited)
        );
    }
}

#[test]
fn odds_prints_the_starting_chances() {
    let lcr = sim_json(&["odds", "lcr", "--players", "3", "--json"]);
    assert_eq!(lcr["schema"], parlor::odds::JSON_SCHEMA);
    assert_eq!(lcr["method"], "exact");
    let seat_win: Vec<f64> = lcr["seat_win"]
        .as_array()
        .expect("seat_win")
        .iter()
        .map(|v| v.as_f64().expect("number"))
        .collect();
    assert_eq!(seat_win.len(), 3);
    assert!((seat_win.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    assert!(
        seat_win[0] < seat_win[2],
        "the last to roll has the edge: {seat_win:?}"
    );
    let forty_one = sim_json(&["odds", "forty-one", "--json"]);
    for key in [
        "schema",
        "p_qualify",
        "expected_score",
        "p_24",
        "score_distribution",
    ] {
        assert!(
            forty_one.get(key).is_some(),
            "forty-one odds lack {key}: {forty_one}"
        );
    }
    let text = stdout(&parlor(&["odds", "aces-in-the-pot"]));
    assert!(text.contains("Win chances from the start, exact"), "{text}");
    assert_eq!(
        parlor(&["odds", "lcr", "--players", "2"]).status.code(),
        Some(2)
    );
}

#[test]
fn the_readmes_example_game_code_deals_a_game() {
    let readme = include_str!("../../README.md");
    let code = readme
        .split("`parlor play --code ")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .expect("the README shows a --code example");
    let out = parlor(&["play", "--code", code, "--plain", "--watch"]);
    assert!(out.status.success(), "{code}: {}", stderr(&out));
    assert!(stdout(&out).contains("wins the pot"), "{}", stdout(&out));
}

#[test]
fn each_command_refuses_the_flags_it_would_ignore() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["odds", "lcr", "--bot", "standard"],
            "unexpected argument '--bot'",
        ),
        (
            &["odds", "lcr", "--seed", "1"],
            "unexpected argument '--seed'",
        ),
        (
            &["odds", "forty-one", "--rounds", "3"],
            "unexpected argument '--rounds'",
        ),
        (
            &["sim", "lcr", "--data-dir", "x"],
            "unexpected argument '--data-dir'",
        ),
        (&["sim", "lcr", "--plain"], "unexpected argument '--plain'"),
        (&["stats", "--seed", "1"], "unexpected argument '--seed'"),
        // The top-level flag is the command's, which sim does not take.
        (
            &["--data-dir", "x", "sim", "lcr"],
            "unexpected argument '--data-dir'",
        ),
        (
            &["play", "lcr", "--plain", "--speed", "0"],
            "'--plain' cannot be used with '--speed <MS>'",
        ),
        (
            &["play", "lcr", "--plain", "--reduced-motion"],
            "cannot be used with",
        ),
        (&["play", "lcr", "--games", "3"], "--plain"),
        (
            &["play", "--code", "lcr.v3.4p.3c.1", "--seed", "2", "--plain"],
            "'--code <CODE>' cannot be used with '--seed <S>'",
        ),
        (
            &["play", "lcr", "--code", "lcr.v3.4p.3c.1", "--plain"],
            "cannot be used with '--code <CODE>'",
        ),
        (
            &[
                "play",
                "--code",
                "lcr.v3.4p.3c.1",
                "--players",
                "5",
                "--plain",
            ],
            "'--code <CODE>' cannot be used with",
        ),
        (
            &["replay", "some.json", "--data-dir", "x"],
            "cannot be used with '--data-dir <DIR>'",
        ),
        (
            &["replay", "--last", "--plain", "--speed", "5"],
            "cannot be used with",
        ),
        (&["stats", "--json", "--reset"], "cannot be used with"),
    ];
    assert_refused(cases);
    // The flags each takes still work.
    assert!(
        parlor(&["odds", "lcr", "--players", "3", "--variant", "wild"])
            .status
            .success()
    );
    let out = parlor(&[
        "play",
        "--code",
        "lcr.v3.4p.3c.1",
        "--bot",
        "standard",
        "--plain",
        "--watch",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn play_needs_a_game_or_a_code_and_says_so() {
    let out = parlor(&["play"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("required arguments were not provided"),
        "{}",
        stderr(&out)
    );
    // The usage and the list of arguments write GAME alike: it may be left out for --code.
    let help = stdout(&parlor(&["play", "--help"]));
    assert!(
        help.contains("Usage: parlor play [OPTIONS] [GAME]"),
        "{help}"
    );
    assert!(
        help.contains("  [GAME]\n          The game to play (or --code instead)"),
        "{help}"
    );
    assert!(!help.contains("<GAME>"), "{help}");
    for command in ["sim", "odds"] {
        let help = stdout(&parlor(&[command, "--help"]));
        assert!(
            help.contains(&format!("Usage: parlor {command} [OPTIONS] <GAME>")),
            "{help}"
        );
    }
}

#[test]
fn help_and_completions_list_games_variants_and_bot_levels() {
    use parlor::games::{BotLevel, GameId, Variant};
    let names: Vec<&str> = GameId::ALL
        .map(GameId::name)
        .into_iter()
        .chain(Variant::ALL.map(Variant::name))
        .chain(BotLevel::ALL.map(BotLevel::name))
        .collect();
    for args in [&["play", "--help"][..], &["sim", "-h"]] {
        let help = stdout(&parlor(args));
        for name in &names {
            assert!(help.contains(name), "{args:?} lacks {name}:\n{help}");
        }
        assert!(help.contains("Exit status:"), "{help}");
        assert!(help.contains("128+N"), "{help}");
    }
    // Which game each variant and level belongs to.
    let help = stdout(&parlor(&["play", "--help"]));
    assert!(
        help.contains("wild:           lcr: A 6 is a wild"),
        "{help}"
    );
    assert!(
        help.contains("expert:    forty-one (default), chase-the-ace (default)"),
        "{help}"
    );
    assert!(stdout(&parlor(&["--help"])).contains("Exit status:"));
    // Each shell's script registers the parlor itself as the completer.
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = parlor(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(script.contains("COMPLETE"), "{shell}: {script}");
        assert!(script.contains("parlor"), "{shell}: {script}");
    }
    assert_eq!(parlor(&["completions", "tcsh"]).status.code(), Some(2));
}

/// What real bash offers at the end of `line`, with `parlor completions bash` sourced and
/// the binary on the PATH (the script calls it by name for each completion).
fn bash_completes(line: &str) -> String {
    let script = stdout(&parlor(&["completions", "bash"]));
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("parlor.bash");
    std::fs::write(&path, script).expect("write the script");
    let bin = Path::new(env!("CARGO_BIN_EXE_parlor"))
        .parent()
        .expect("the binary's directory");
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "PATH={}:$PATH && source {} && line='{line}' && read -ra COMP_WORDS <<< \"$line\" \
             && [[ $line == *' ' ]] && COMP_WORDS+=('') ; COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)) \
             && COMP_LINE=$line && COMP_POINT=${{#line}} \
             && _clap_complete_parlor parlor \"${{COMP_WORDS[COMP_CWORD]}}\" \
             && echo \"${{COMPREPLY[*]}}\"",
            bin.display(),
            path.display()
        ))
        .output()
        .expect("bash runs");
    assert!(out.status.success(), "{line}: {}", stderr(&out));
    stdout(&out).trim().to_owned()
}

#[test]
fn bash_completes_from_the_command_line_so_far() {
    assert_eq!(bash_completes("parlor sim cha"), "chase-the-ace");
    // The variants of the game named, not all thirteen.
    assert_eq!(bash_completes("parlor play lcr --variant "), "jackpot wild");
    assert_eq!(
        bash_completes("parlor play chase-the-ace --variant k"),
        "king-stops"
    );
    // A level after a comma, among the game's own.
    assert_eq!(
        bash_completes("parlor sim forty-one --bot expert,s"),
        "expert,safe"
    );
    assert_eq!(
        bash_completes("parlor sim chase-the-ace --bot "),
        "expert threshold"
    );
    // A speed is a number of milliseconds, never a file name.
    assert_eq!(bash_completes("parlor play lcr --speed 1"), "100 1000 1500");
}

#[test]
fn man_prints_the_page_or_writes_every_commands() {
    let out = parlor(&["man"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = stdout(&out);
    for part in [
        ".TH parlor 1",
        "replay",
        "completions",
        ".SH EXIT STATUS",
        ".SH ENVIRONMENT",
        "PARLOR_DATA_DIR",
        "PARLOR_CONFIG_DIR",
        "NO_COLOR",
        ".SH FILES",
        "stats.json",
    ] {
        assert!(page.contains(part), "the page lacks {part}");
    }
    // No page listed that is never written, no Markdown marks, no help footer as "EXTRA".
    for absent in ["parlor\\-help", "`", ".SH EXTRA"] {
        assert!(!page.contains(absent), "the page has {absent}:\n{page}");
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let out = parlor(&["man", "--dir", dir.path().to_str().expect("utf-8")]);
    assert!(out.status.success(), "{}", stderr(&out));
    for command in ["", "-play", "-sim", "-odds", "-stats", "-replay", "-review"] {
        let page = std::fs::read_to_string(dir.path().join(format!("parlor{command}.1")))
            .unwrap_or_else(|e| panic!("parlor{command}.1: {e}"));
        assert!(page.contains(".TH parlor"), "parlor{command}.1: {page}");
    }
    let play = std::fs::read_to_string(dir.path().join("parlor-play.1")).expect("play's page");
    assert!(play.contains("king\\-stops"), "{play}");
    assert!(!dir.path().join("parlor-help.1").exists());
    for entry in std::fs::read_dir(dir.path()).expect("the pages") {
        let page = std::fs::read_to_string(entry.expect("a page").path()).expect("text");
        assert!(page.contains(".SH EXIT STATUS"), "{page}");
        assert!(!page.contains('`'), "Markdown marks in {page}");
    }
}

#[test]
fn the_full_screen_without_a_terminal_says_to_use_plain() {
    // A replay to open.
    let dir = data_dir_with_a_game();
    let d = dir.path().to_str().expect("utf-8");
    for args in [
        &["--data-dir", d][..],
        &["play", "lcr", "--data-dir", d],
        &["play", "--code", "lcr.v3.4p.3c.1", "--data-dir", d],
        &["replay", "--last", "--data-dir", d],
    ] {
        // stdout is a pipe here, and stdin is closed.
        let out = parlor(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let said = stderr(&out);
        assert!(said.contains("needs a terminal"), "{args:?}: {said}");
        assert!(said.contains("--plain"), "{args:?}: {said}");
        assert!(!said.contains("No such device"), "{args:?}: {said}");
    }
    // Nothing was recorded for the refused game.
    let stats = stats_json(dir.path());
    assert_eq!(stats["records"][0]["games"], 1, "{stats}");
    assert_eq!(stats["records"][0]["abandoned"], 0, "{stats}");
}

#[test]
fn sim_histogram_shows_game_length_and_wins_by_seat_in_80_columns() {
    for game in [
        "lcr",
        "forty-one",
        "swedish-aces",
        "chase-the-ace",
        "aces-in-the-pot",
    ] {
        let args = ["sim", game, "--games", "400", "--seed", "3", "--histogram"];
        let out = parlor(&args);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let text = stdout(&out);
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{game}: {line:?}");
        }
        let (_, histograms) = text
            .split_once("\nGame length in turns\n")
            .unwrap_or_else(|| panic!("{game}: no histogram in:\n{text}"));
        let (lengths, seats) = histograms
            .split_once("\n\nWins by seat (0 = ")
            .unwrap_or_else(|| panic!("{game}: no wins by seat in:\n{text}"));
        // Each row: label, bar (maybe empty), count, share.
        let count = |row: &str| -> u64 {
            let words: Vec<&str> = row.split_whitespace().collect();
            words[words.len() - 2].parse().expect("a count")
        };
        let rows: Vec<&str> = lengths.lines().collect();
        assert!(
            (1..=parlor::sim::HISTOGRAM_ROWS).contains(&rows.len()),
            "{game}: {lengths}"
        );
        assert_eq!(
            rows.iter().map(|row| count(row)).sum::<u64>(),
            400,
            "{game}"
        );
        let json = sim_json(&["sim", game, "--games", "400", "--seed", "3", "--json"]);
        let wins: Vec<u64> = seats.lines().skip(1).map(count).collect();
        let expected: Vec<u64> = json["wins_by_seat"]
            .as_array()
            .expect("wins")
            .iter()
            .map(|w| w.as_u64().expect("a count"))
            .collect();
        assert_eq!(wins, expected, "{game}: {seats}");
        // The lengths, like every figure, do not depend on the threads.
        let figures = |threads: &str| {
            let out = parlor(&[&args[..], &["--threads", threads]].concat());
            stdout(&out)
                .split_once("\nGame length")
                .map(|(_, rest)| rest.to_owned())
                .expect("a histogram")
        };
        assert_eq!(figures("1"), figures("3"), "{game}");
    }
    assert_eq!(
        parlor(&["sim", "lcr", "--histogram", "--json"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn parlor_config_shows_where_the_file_is_and_every_setting_in_force() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = |dir: &Path| {
        command()
            .env("PARLOR_CONFIG_DIR", dir)
            .arg("config")
            .output()
            .expect("runs")
    };
    // No file yet: its path (PARLOR_CONFIG_DIR's), and every default.
    let out = config(dir.path());
    assert!(out.status.success(), "{}", stderr(&out));
    let shown = stdout(&out);
    assert!(
        shown.starts_with(&dir.path().join("config.toml").display().to_string()),
        "{shown}"
    );
    assert!(shown.contains("not there yet"), "{shown}");
    assert!(
        shown.contains("theme               dark             default"),
        "{shown}"
    );
    assert!(
        shown.contains("bots.forty-one      expert           default"),
        "{shown}"
    );
    // A file with a bad line: that line is told on stderr, the rest is in force.
    std::fs::write(
        dir.path().join("config.toml"),
        "theme = \"light\"\nspeed = \"fast\"\n[bots]\nchase-the-ace = \"threshold\"\n",
    )
    .expect("write");
    let out = config(dir.path());
    assert!(out.status.success());
    let shown = stdout(&out);
    assert!(
        shown.contains("theme               light            config.toml"),
        "{shown}"
    );
    assert!(
        shown.contains("speed               700              default"),
        "{shown}"
    );
    assert!(
        shown.contains("bots.chase-the-ace  threshold        config.toml"),
        "{shown}"
    );
    assert!(
        stderr(&out).contains("config.toml line 2: speed = \"fast\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn display_flags_are_checked_and_kept_from_plain_lines() {
    for args in [
        &["--theme", "purple"][..],
        &["play", "lcr", "--theme", "neon"],
        &["play", "lcr", "--plain", "--theme", "light"],
        &["play", "lcr", "--plain", "--ascii"],
        &["replay", "--last", "--plain", "--reduced-motion"],
    ] {
        let out = parlor(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
    // Accepted flags still need a terminal for the full screen.
    let out = parlor(&["--theme", "high-contrast", "--ascii", "--speed", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("needs a terminal"),
        "{}",
        stderr(&out)
    );
}

/// Help fits the terminal (clap's `wrap_help`: 100 columns without one, COLUMNS else) and
/// carries no Markdown marks, for every command.
#[test]
fn every_commands_help_is_wrapped_and_plain() {
    for command in [
        "",
        "play",
        "sim",
        "odds",
        "stats",
        "replay",
        "review",
        "daily",
        "config",
        #[cfg(feature = "host")]
        "host",
        "man",
        "completions",
    ] {
        let args: Vec<&str> = [command, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        for (columns, widest) in [(None, 100), (Some("80"), 80)] {
            let mut run = self::command();
            run.args(&args);
            if let Some(columns) = columns {
                run.env("COLUMNS", columns);
            }
            let out = run.output().expect("the binary runs");
            let help = stdout(&out);
            for line in help.lines() {
                assert!(
                    line.chars().count() <= widest,
                    "parlor {command} --help, {columns:?} columns: {line:?}"
                );
            }
            assert!(!help.contains('`'), "parlor {command} --help: {help}");
        }
    }
}

/// The top-level flags may come before the command, as with most tools (`parlor --data-dir
/// D stats`); a command that does not take one still refuses it.
#[test]
fn top_level_flags_before_a_command_are_its_own() {
    let dir = data_dir_with_a_game();
    let d = dir.path().to_str().expect("utf-8");
    for args in [
        &["--data-dir", d, "stats"][..],
        &[&format!("--data-dir={d}"), "stats"][..],
    ] {
        let out = parlor(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).contains("LCR"), "{args:?}: {}", stdout(&out));
    }
    let out = parlor(&["--speed", "5", "sim", "lcr", "--games", "3"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("'--speed'"), "{}", stderr(&out));
}

/// `parlor daily --plain`: the day's deal played in lines, counted the first time and
/// practice after, with the line to share last.
#[test]
fn daily_plain_plays_the_days_deal_and_ends_on_the_line_to_share() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8");
    // Every answer the first choice: more than a Forty-One match asks.
    let answers = "\n".repeat(400);
    let first = parlor_with_stdin(&["daily", "--plain", "--data-dir", d], &answers);
    assert!(first.status.success(), "{}", stderr(&first));
    let text = stdout(&first);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("The daily deal of ") && lines[0].contains("Forty-One"),
        "{text}"
    );
    assert!(text.contains("Daily streak: 1 day"), "{text}");
    assert!(text.contains("the expert on your dice"), "{text}");
    let share = lines.last().expect("a last line");
    assert!(share.starts_with("parlor daily forty-one "), "{text}");
    // No symbol a screen reader would spell out in the holdings.
    assert!(!text.contains('●'), "{text}");
    // The same deal again is practice, and deals the same game.
    let again = stdout(&parlor_with_stdin(
        &["daily", "--plain", "--data-dir", d],
        &answers,
    ));
    assert!(
        again.contains("Practice: today's deal counted already"),
        "{again}"
    );
    assert!(again.ends_with(&format!("{share}\n")), "{again}");
    let stats = stdout(&parlor(&["stats", "--json", "--data-dir", d]));
    assert!(stats.contains("\"daily\""), "{stats}");
}

/// The most memory process `pid` has held so far, in bytes (Linux's `VmHWM`).
#[cfg(target_os = "linux")]
fn peak_memory(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("status");
    let line = status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .expect("VmHWM");
    let kb: u64 = line
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("a number");
    kb * 1024
}

/// Memory a plain parlor may hold, at most, whatever comes on stdin.
#[cfg(target_os = "linux")]
const PLAIN_MEMORY: u64 = 48 << 20;

/// `--plain` holds what it reads of stdin to a bound, whatever the input: a line of
/// 200 MB without a newline is no answer (and is asked again, never held whole), and
/// input that comes faster than the game takes it (`yes '' |`, the output not read) waits
/// in the pipe, not in the parlor.
#[cfg(target_os = "linux")]
#[test]
fn plain_reads_stdin_in_bounded_memory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut child, lines) =
        plain_parlor(dir.path(), &["play", "forty-one", "--plain", "--seed", "3"]);
    wait_for(&lines, "your move");
    let mut input = child.stdin.take().expect("stdin");
    let megabyte = vec![b'z'; 1 << 20];
    for _ in 0..200 {
        input.write_all(&megabyte).expect("write");
    }
    input.write_all(b"\n").expect("write");
    wait_for(&lines, "Type one of 1, 2, 4, 6");
    let peak = peak_memory(child.id());
    input.write_all(b"1\nq\n").expect("write");
    drop(input);
    let seen = wait_for(&lines, "Game abandoned.");
    assert!(
        seen.iter().any(|line| line.contains("You set down a 1")),
        "the next line is an answer: {seen:?}"
    );
    exits_within_10_s(&mut child);
    assert!(peak < PLAIN_MEMORY, "a long line: {} MB held", peak >> 20);

    // Answers faster than the game takes them, its output not read.
    let mut child = command()
        .args([
            "play",
            "forty-one",
            "--plain",
            "--rounds",
            "999",
            "--stakes",
            "off",
        ])
        .args(["--seed", "1"])
        .env("PARLOR_DATA_DIR", dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let enters = vec![b'\n'; 1 << 20];
        let mut written = 0u64;
        for _ in 0..200 {
            if input.write_all(&enters).is_err() {
                break;
            }
            written += 1 << 20;
        }
        written
    });
    let deadline = Instant::now() + Duration::from_secs(3);
    while !writer.is_finished() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let peak = peak_memory(child.id());
    child.kill().expect("kill");
    let written = writer.join().expect("the writer");
    let _ = child.wait();
    assert!(
        peak < PLAIN_MEMORY,
        "{} MB held of {} MB written",
        peak >> 20,
        written >> 20
    );
}

/// A line that is not text (UTF-8) is an answer that is not one: asked again, and the
/// game goes on.
#[test]
fn plain_input_that_is_not_text_is_asked_again() {
    let out = parlor_with_input(
        &["play", "forty-one", "--plain", "--seed", "3"],
        b"\n\n\xe9\n\n",
    );
    let text = stdout(&out);
    assert!(!stderr(&out).contains("UTF-8"), "{}", stderr(&out));
    assert_eq!(
        text.matches("Type one of").count(),
        1,
        "the byte is asked again: {text}"
    );
    assert_eq!(text.matches("You set down").count(), 3, "{text}");
    assert!(text.contains("Game abandoned."), "input ended: {text}");
}

/// A seed the player did not give is said only once the game is over, with its game
/// code; a game ends on how long it took and the record it leaves.
#[test]
fn plain_says_a_drawn_seed_only_when_the_game_is_over() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8");
    let left = parlor_with_stdin(
        &["play", "chase-the-ace", "--plain", "--data-dir", d],
        "q\n",
    );
    let text = stdout(&left);
    assert!(
        text.starts_with("Chase the Ace: 5 players, 3 lives each.\n"),
        "{text}"
    );
    assert!(!text.to_lowercase().contains("seed"), "{text}");
    assert!(!text.contains("game code"), "{text}");
    assert!(
        text.ends_with("Game abandoned.\n"),
        "no record of a game left: {text}"
    );

    let watched = parlor(&["play", "lcr", "--plain", "--watch", "--data-dir", d]);
    let text = stdout(&watched);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0], "LCR (Left Center Right): 4 players, 3 chips each.",
        "{text}"
    );
    let end = &lines[lines.len() - 3..];
    assert!(
        end[0].starts_with("The game took ") && end[0].ends_with(" turns."),
        "{end:?}"
    );
    assert!(
        end[1].starts_with("Seed: ") && end[1].contains(", game code: lcr."),
        "{end:?}"
    );
    assert_eq!(end[2], "Watched here: 1 game", "{end:?}");
    assert!(
        lines[lines.len() - 4].starts_with("  Ana: "),
        "holdings first: {text}"
    );

    // A solo game to its end, every answer the first choice.
    let played = parlor_with_stdin(
        &[
            "play",
            "forty-one",
            "--plain",
            "--seed",
            "3",
            "--rounds",
            "1",
            "--data-dir",
            d,
        ],
        &"\n".repeat(100),
    );
    assert!(played.status.success(), "{}", stderr(&played));
    let text = stdout(&played);
    let lines: Vec<&str> = text.lines().collect();
    let end = &lines[lines.len() - 3..];
    assert!(
        end[0].starts_with("The game took ") && end[0].contains(" over 1 round"),
        "{end:?}"
    );
    assert!(
        end[1].starts_with("Seed: 3, game code: forty-one."),
        "{end:?}"
    );
    assert!(end[2].starts_with("Your record here: "), "{end:?}");
}

/// `?` at a question lists the answers and keys in words, and `o` gives the odds in
/// words, as the odds panel does (none in the daily deal, which says why).
#[test]
fn plain_help_and_odds_at_a_question() {
    let out = parlor_with_stdin(
        &["play", "forty-one", "--plain", "--seed", "3"],
        "?\no\nq\n",
    );
    let text = stdout(&out);
    for said in [
        "Type one of these, then Enter:\n  1: Set down a 1\n  2: Set down a 2\n  4: Set down a \
         4\n  6: Set down a 6\n  Enter alone: the first, Set down a 1\n  o: the odds, in \
         words\n",
        "Odds, ",
        "the chance to win the match",
        ": You ",
        "If you set down the 6: ",
        "% to win the round",
    ] {
        assert!(text.contains(said), "{said:?} in:\n{text}");
    }
    assert!(
        !text.contains("Type one of 1"),
        "? and o are answered: {text}"
    );
    let out = parlor_with_stdin(
        &["play", "chase-the-ace", "--plain", "--seed", "1"],
        "o\nq\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("The chance you end lowest and lose a life, lower is better: "),
        "{text}"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8");
    let out = parlor_with_stdin(&["daily", "--plain", "--data-dir", d], "o\n?\nq\n");
    let text = stdout(&out);
    assert!(text.contains("No odds in the daily deal"), "{text}");
    assert!(
        text.contains("o: the odds, not given in the daily deal"),
        "{text}"
    );
    assert!(!text.contains("Odds, "), "{text}");
}
