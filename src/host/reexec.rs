//! The host's re-exec: `parlor host` starts itself again, once, with fewer malloc arenas,
//! since glibc reads that limit only as a process starts.

/// How many malloc arenas the host asks glibc for.
///
/// glibc's malloc gives threads that allocate at the same time arenas of their own, up to
/// eight a core, and keeps what is freed in an arena for that arena alone. A host's odds
/// solves run on short-lived threads, two solves at a time, each over 100 MB at its peak:
/// sixteen guests each asking the exact odds of an eight-player Aces in the Pot table of
/// other house rules left the host at 651 MB at the peak and 506 MB after (the solvers it
/// keeps hold at most 192 MB); with two arenas, 458 MB and 260 MB. (mimalloc and jemalloc
/// did as well for the host, but mimalloc doubled a review's memory and jemalloc added a
/// minute to a cold build.)
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MALLOC_ARENAS: &str = "2";

/// glibc reads its arena limit from the environment when a process starts, so the host
/// starts itself again with `MALLOC_ARENA_MAX` set, before anything else, unless whoever
/// started it set one. If that fails it serves on with glibc's default.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(super) fn restart_with_few_malloc_arenas() {
    use std::os::unix::process::CommandExt;
    const LIMIT: &str = "MALLOC_ARENA_MAX";
    if std::env::var_os(LIMIT).is_some() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let mut args = std::env::args_os();
    let mut again = std::process::Command::new(exe);
    // The same command line as before, the name it was started by included (what `ps`
    // and `pgrep` show).
    if let Some(name) = args.next() {
        again.arg0(name);
    }
    // `exec` returns only if it failed.
    let error = again.args(args).env(LIMIT, MALLOC_ARENAS).exec();
    eprintln!(
        "note: could not restart with {LIMIT}={MALLOC_ARENAS} ({error}): malloc's default arenas"
    );
}
