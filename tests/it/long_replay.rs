//! A long game's replay opens quickly and in little memory: 100 rounds of eight-player
//! Forty-One, 9,600 steps. Kept in a test binary of its own, so the memory it
//! measures is this test's alone.

use std::time::{Duration, Instant};

use parlor::games::{BotLevel, GameId, Settings, SettingsRequest};
use parlor::replay::{self, Replay};
use parlor::table::{Progress, Seat, Table};

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

#[test]
fn a_hundred_round_eight_player_match_opens_quickly_in_little_memory() {
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
    let mut table = Table::new(settings, Seat::defaults(&[BotLevel::Expert; 8], false), 1);
    while table.advance() != Progress::Over {}
    // 100 rounds of eight turns of six rolls, each roll a chance step and a die set down.
    assert_eq!(table.history().len(), 100 * 8 * 12);
    let dir = tempfile::tempdir().expect("temp dir");
    let file = Replay::of(&table).save(dir.path()).expect("saved");

    let start = Instant::now();
    let load = || Replay::load(&file).expect("loads");
    #[cfg(target_os = "linux")]
    let ((_, timeline), growth_kb) = peak_growth_kb(load);
    #[cfg(not(target_os = "linux"))]
    let (_, timeline) = load();
    let took = start.elapsed();
    assert!(took < Duration::from_secs(1), "loaded in {took:?}");
    #[cfg(target_os = "linux")]
    {
        let file_kb = std::fs::metadata(&file).expect("saved").len() / 1024;
        assert!(
            growth_kb < file_kb + 8 * 1024,
            "loading a {file_kb} kB replay took {growth_kb} kB"
        );
    }

    // Any step shows at once, and is the table the game had then.
    assert_eq!(timeline.len(), table.history().len() + 1);
    let middle = timeline.len() / 2 + 7;
    let start = Instant::now();
    let shown = timeline.table(middle).expect("a step of the game");
    assert!(
        start.elapsed() < Duration::from_millis(50),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(shown.history(), &table.history()[..middle]);
    assert!(timeline.last().game().same_state(table.game()));
    assert_eq!(timeline.last().log(), table.log());
    assert_eq!(replay::list(dir.path()), vec![file]);
}
