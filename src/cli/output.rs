//! What every command writes on stdout and stderr, and the exit codes they share.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use crate::signals;

/// Print a line on stdout (see [`write_out`]).
pub(super) fn say_line(text: std::fmt::Arguments) {
    write_out(|out| out.write_fmt(text).and_then(|()| out.write_all(b"\n")));
}

/// Write on stdout. A reader that went away (`parlor sim ... | head`) ends the program
/// quietly, as it does for other command-line tools, instead of a panic.
pub(super) fn write_out(write: impl FnOnce(&mut std::io::StdoutLock) -> std::io::Result<()>) {
    if let Err(e) = write(&mut std::io::stdout().lock()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("error: cannot write the output: {e}");
            std::process::exit(1);
        }
        std::process::exit(0);
    }
}

macro_rules! say {
    ($($arg:tt)*) => { $crate::cli::output::say_line(format_args!($($arg)*)) };
}
pub(super) use say;

/// Exit code for a request we refused: the same as clap's usage errors.
pub(super) const USAGE: u8 = 2;

/// The full screen draws on stdout and reads keys from the terminal: without one (output to
/// a pipe or a file, input from one) it is refused, with `instead` said, rather than failing
/// with the system's words for a missing device.
pub(super) fn refuse_without_terminal(instead: &str) -> Option<ExitCode> {
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        return None;
    }
    Some(refuse(&crate::said!(cli_no_terminal, instead = instead)))
}

/// 128 + the signal that stopped the parlor, as a shell expects; else `code`.
pub(super) fn stopped_or(code: ExitCode) -> ExitCode {
    signals::requested().map_or(code, |signal| ExitCode::from(128 + signal as u8))
}

/// Tell the player something on stderr while the parlor goes on (a wait for the stats lock).
pub(super) fn tell_stderr(message: &str) {
    eprintln!("parlor: {message}");
}

pub(super) fn refuse(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::from(USAGE)
}
