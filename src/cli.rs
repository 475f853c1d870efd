//! The command line: bare `parlor` (the full screen), `play`, `sim`, `odds`, `stats`,
//! `replay` and `review`, and the shell completions and manual pages of them all. Each
//! command takes exactly the flags it uses; the names of games, variants and bot levels are
//! listed in `--help` and the completions.
//!
//! `schema` is the command line as clap reads it (with the flags `host` shares, in
//! [`crate::flags`]); each other module runs one group of commands; `output` is what they
//! all write with.

mod config;
mod docs;
mod full_screen;
mod headless;
mod output;
mod saved;
pub mod schema;
mod stats;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use crate::config::Config;
use output::say;
pub use schema::{Cli, Command};

/// Run the parlor with the process's arguments.
pub fn main() -> ExitCode {
    // A shell asking for completions (`parlor completions SHELL` registered this): answer
    // and exit before anything else is printed.
    clap_complete::CompleteEnv::with_factory(Cli::command)
        .var(docs::COMPLETE_VAR)
        .complete();
    let cli = Cli::parse_from(globals_after_the_command(std::env::args_os().collect()));
    crate::words::speak(language_asked(&cli));
    match cli.command {
        Some(Command::Sim(args)) => headless::run_sim(&args),
        Some(Command::Play(args)) => full_screen::run_play(&args),
        Some(Command::Stats(args)) => stats::run_stats(&args),
        Some(Command::Replay(args)) => saved::run_replay(&args),
        Some(Command::Review(args)) => saved::run_review(&args),
        Some(Command::Daily(args)) => full_screen::run_daily(&args),
        Some(Command::Odds(args)) => headless::run_odds(&args),
        Some(Command::Completions { shell }) => docs::write_completions(shell),
        Some(Command::Man { dir }) => docs::write_man(dir.as_deref()),
        Some(Command::Config { default: true, .. }) => {
            say!(
                "{}{}",
                Config::commented_default(),
                crate::tui::commands::commented_keys()
            );
            say!(
                "{}",
                crate::tui::theme::Theme::dark()
                    .commented_colours()
                    .trim_end()
            );
            ExitCode::SUCCESS
        }
        Some(Command::Config { data, .. }) => config::show_config(&data),
        #[cfg(feature = "host")]
        Some(Command::Host(args)) => crate::host::run(&args),
        None => full_screen::run_tui(cli.data.resolve(), &cli.display, None, false, None),
    }
}

/// The language the command line asks for (`--lang`), else the config file's (its
/// mistakes are told where the command reads it), else the environment's.
fn language_asked(cli: &Cli) -> crate::words::Language {
    let asked = match &cli.command {
        Some(Command::Play(args)) => &args.language,
        Some(Command::Stats(args)) => &args.language,
        Some(Command::Replay(args)) => &args.game.language,
        Some(Command::Review(args)) => &args.game.language,
        Some(Command::Daily(args)) => &args.language,
        Some(Command::Config { language, .. }) => language,
        #[cfg(feature = "host")]
        Some(Command::Host(args)) => &args.language,
        Some(
            Command::Sim(_) | Command::Odds(_) | Command::Completions { .. } | Command::Man { .. },
        )
        | None => &cli.language,
    };
    let config = crate::config::config_dir()
        .map(|dir| Config::load(&dir).0)
        .unwrap_or_default();
    asked.resolve(&config)
}

/// The top-level flags (`--data-dir`, `--speed`, ...) written before a command moved after
/// it: `parlor --data-dir X stats` is `parlor stats --data-dir X`, checked by clap against
/// that command's own flags, so a command that does not take one still says so.
fn globals_after_the_command(args: Vec<OsString>) -> Vec<OsString> {
    // Nothing written before a command (the usual case): nothing to move, and no second
    // clap command built at every start.
    if !args
        .get(1)
        .is_some_and(|first| first.to_string_lossy().starts_with('-'))
    {
        return args;
    }
    let cli = Cli::command();
    let takes_value = |flag: &str| {
        cli.get_arguments().any(|arg| {
            arg.get_long()
                .is_some_and(|long| flag == format!("--{long}"))
                && arg.get_action().takes_values()
        })
    };
    let mut before = Vec::new();
    let mut rest = args.into_iter();
    let Some(program) = rest.next() else {
        return Vec::new();
    };
    while let Some(arg) = rest.next() {
        let text = arg.to_string_lossy().into_owned();
        if cli.get_subcommands().any(|sub| sub.get_name() == text) {
            let mut moved = vec![program, arg];
            moved.extend(before);
            moved.extend(rest);
            return moved;
        }
        if !text.starts_with('-') || text == "--" {
            // Not a command: leave everything where it was, for clap to judge.
            before.push(arg);
            break;
        }
        let needs_value = !text.contains('=') && takes_value(&text);
        before.push(arg);
        if needs_value && let Some(value) = rest.next() {
            before.push(value);
        }
    }
    let mut unchanged = vec![program];
    unchanged.extend(before);
    unchanged.extend(rest);
    unchanged
}
