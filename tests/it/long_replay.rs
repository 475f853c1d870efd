//! A long game's replay opens in little memory: 100 rounds of eight-player Forty-One,
//! 9,600 steps. The test runs again in a process of its own, alone, so the memory it
//! measures is its own and not that of the tests running beside it.

use parlor::games::{BotLevel, GameId, Settings, SettingsRequest};
use parlor::replay::{self, Replay};
use parlor::table::{Progress, Table};

/// A figure from `/proc/self/status`, in kB.
#[cfg(target_os = "linux")]
fn status_kb(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|value| value.trim().trim_end_matches(" kB").parse().ok())
        .unwrap_or_else(|| panic!("no {field} in /proc/self/status"))
}

/// The most memory `f` needs beyond what is in use before it, in kB: the peak resident
/// size is reset to the current one first (`clear_refs` 5), then read after.
#[cfg(target_os = "linux")]
fn peak_growth_kb<T>(f: impl FnOnce() -> T) -> (T, u64) {
    std::fs::write("/proc/self/clear_refs", "5").expect("reset the peak resident size");
    let before = status_kb("VmRSS");
    let value = f();
    (value, status_kb("VmHWM").saturating_sub(before))
}

/// Set in the process a test starts to run itself alone.
const ALONE: &str = "PARLOR_TEST_ALONE";

/// Run the test at `path` (module path within this crate) in a process of its own, with
/// nothing beside it; `true` in that process, where the test is to do its work.
fn alone(path: &str) -> bool {
    if std::env::var_os(ALONE).is_some() {
        return true;
    }
    let out = std::process::Command::new(std::env::current_exe().expect("the test binary"))
        .args([path, "--exact", "--test-threads=1", "--nocapture"])
        .env(ALONE, "1")
        .output()
        .expect("the test binary runs");
    let said = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "alone, {path} failed:\n{said}");
    assert!(
        said.contains("1 passed"),
        "alone, {path} did not run:\n{said}"
    );
    false
}

#[test]
fn a_hundred_round_eight_player_match_opens_in_little_memory() {
    if !alone("long_replay::a_hundred_round_eight_player_match_opens_in_little_memory") {
        return;
    }
    let settings = Settings::new(
        GameId::FortyOne,
        &SettingsRequest {
            players: Some(8),
            rounds: Some(100),
            // Without stakes nobody goes broke and no round is replayed: all eight play
            // every round once.
            stakes: Some(false),
            ..SettingsRequest::default()
        },
    )
    .expect("settings");
    let mut table = Table::new(
        settings,
        crate::support::seats(&[BotLevel::Expert; 8], false),
        1,
    );
    while table.advance() != Progress::Over {}
    // 100 rounds of eight turns of six rolls, each roll a chance step and a die set down.
    assert_eq!(table.history().len(), 100 * 8 * 12);
    let dir = tempfile::tempdir().expect("temp dir");
    let file = Replay::of(&table).save(dir.path()).expect("saved");

    // How fast it opens is measured in PERFORMANCE.md, not asserted here:
    // what is checked is the memory (a table a step took 7.5 GB) and the tables themselves.
    let load = || Replay::load(&file).expect("loads");
    #[cfg(target_os = "linux")]
    let ((_, timeline), growth_kb) = peak_growth_kb(load);
    #[cfg(not(target_os = "linux"))]
    let (_, timeline) = load();
    #[cfg(target_os = "linux")]
    {
        let file_kb = std::fs::metadata(&file).expect("saved").len() / 1024;
        assert!(
            growth_kb < file_kb + 8 * 1024,
            "loading a {file_kb} kB replay took {growth_kb} kB"
        );
    }

    // Any step is the table the game had then.
    assert_eq!(timeline.len(), table.history().len() + 1);
    let middle = timeline.len() / 2 + 7;
    let shown = timeline.table(middle).expect("a step of the game");
    assert_eq!(shown.history(), &table.history()[..middle]);
    assert!(timeline.last().game().same_state(table.game()));
    assert_eq!(timeline.last().log(), table.log());
    assert_eq!(replay::list(dir.path()), vec![file]);
}
