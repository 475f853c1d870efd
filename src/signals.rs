//! Signals that ask the parlor to stop: SIGINT (Ctrl-C, or another process), SIGTERM,
//! SIGQUIT and SIGHUP. Caught rather than left to end the process, so the game in play is
//! recorded as abandoned first, as `q` would leave it, and the terminal given back.
//!
//! Unix only: elsewhere (Windows) nothing is caught. The full screen reads Ctrl-C as a key
//! there too, and leaves as `q` does; `--plain` ends at once, as the system ends it, and the
//! game in play is not recorded.

use std::io;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

static REQUESTED: AtomicI32 = AtomicI32::new(0);

/// SIGINT's number, 2 on every Unix: the full screen reads Ctrl-C as a key, and exits as
/// if it had been sent (128 + 2, what a shell expects of an interrupted program).
pub const SIGINT: u8 = 2;

/// The signal that asked the parlor to stop, once one has: the caller exits with
/// 128 + it, as a shell expects of a process a signal ended.
pub fn requested() -> Option<i32> {
    match REQUESTED.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}

/// From now on the first of these signals sets [`requested`] and calls `wake`, to
/// interrupt whatever waits (a read of the player's answer, the full screen's loop). A
/// second one ends the parlor at once, after `last_words` (giving the terminal back), for
/// a player who will not wait for the game to be saved.
#[cfg(unix)]
pub fn catch(
    wake: impl Fn() + Send + 'static,
    last_words: impl Fn() + Send + 'static,
) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGQUIT, SIGHUP])?;
    std::thread::Builder::new()
        .name("signals".to_owned())
        .spawn(move || {
            for signal in signals.forever() {
                if REQUESTED
                    .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
                    .is_err()
                {
                    last_words();
                    std::process::exit(128 + signal);
                }
                wake();
            }
        })?;
    Ok(())
}

/// Asked from outside to suspend (SIGTSTP: `kill -TSTP`, or job control), not yet done.
static SUSPEND: AtomicBool = AtomicBool::new(false);

/// Whether the parlor was asked to suspend since the last look.
pub fn take_suspend() -> bool {
    SUSPEND.swap(false, Ordering::SeqCst)
}

/// While the full screen runs: SIGTSTP sets [`take_suspend`] and calls `wake`, so the loop
/// gives the terminal back before it stops, rather than stopping with the terminal in raw
/// mode and the alternate screen (the shell's prompt would be drawn in it).
#[cfg(unix)]
pub fn catch_suspend(wake: impl Fn() + Send + 'static) -> io::Result<()> {
    let mut signals = signal_hook::iterator::Signals::new([signal_hook::consts::SIGTSTP])?;
    std::thread::Builder::new()
        .name("suspend".to_owned())
        .spawn(move || {
            for _ in signals.forever() {
                SUSPEND.store(true, Ordering::SeqCst);
                wake();
            }
        })?;
    Ok(())
}

/// Stop the whole process now, as a suspended program does, until it is continued.
#[cfg(unix)]
pub fn stop_until_continued() {
    let _ = signal_hook::low_level::raise(signal_hook::consts::SIGSTOP);
}

/// No job control where there are no Unix signals.
#[cfg(not(unix))]
pub fn catch_suspend(_wake: impl Fn() + Send + 'static) -> io::Result<()> {
    Ok(())
}

/// No job control where there are no Unix signals.
#[cfg(not(unix))]
pub fn stop_until_continued() {}

/// Nothing to catch where there are no Unix signals: see the module's documentation.
#[cfg(not(unix))]
pub fn catch(
    _wake: impl Fn() + Send + 'static,
    _last_words: impl Fn() + Send + 'static,
) -> io::Result<()> {
    Ok(())
}
