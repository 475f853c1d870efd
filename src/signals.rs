//! Signals that ask the parlor to stop: SIGINT (Ctrl-C, or another process), SIGTERM,
//! SIGQUIT and SIGHUP. Caught rather than left to end the process, so the game in play is
//! recorded as abandoned first, as `q` would leave it, and the terminal given back.
//!
//! Unix only: elsewhere (Windows) nothing is caught. The full screen reads Ctrl-C as a key
//! there too, and leaves as `q` does; `--plain` ends at once, as the system ends it, and the
//! game in play is not recorded.

use std::io;
use std::sync::atomic::{AtomicI32, Ordering};

static REQUESTED: AtomicI32 = AtomicI32::new(0);

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

/// Nothing to catch where there are no Unix signals: see the module's documentation.
#[cfg(not(unix))]
pub fn catch(
    _wake: impl Fn() + Send + 'static,
    _last_words: impl Fn() + Send + 'static,
) -> io::Result<()> {
    Ok(())
}
