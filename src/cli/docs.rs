//! What the parlor says about itself: the shell completions and the manual pages.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use clap::CommandFactory;
use clap_complete::Shell;

use super::output::write_out;
use super::schema::Cli;

/// `parlor completions SHELL`: the script that registers the parlor's own completer with
/// the shell (what `COMPLETE=SHELL parlor` prints); the parlor then completes each word
/// from the command line so far. Shells the completer does not speak get a generated one.
pub(super) fn write_completions(shell: Shell) -> ExitCode {
    use clap_complete::env::EnvCompleter;
    let registered: Option<&dyn EnvCompleter> = match shell {
        Shell::Bash => Some(&clap_complete::env::Bash),
        Shell::Zsh => Some(&clap_complete::env::Zsh),
        Shell::Fish => Some(&clap_complete::env::Fish),
        Shell::Elvish => Some(&clap_complete::env::Elvish),
        Shell::PowerShell => Some(&clap_complete::env::Powershell),
        _ => None,
    };
    let mut script = Vec::new();
    match registered {
        Some(shell) => {
            if let Err(e) =
                shell.write_registration(COMPLETE_VAR, "parlor", "parlor", "parlor", &mut script)
            {
                eprintln!("error: cannot write the completion script: {e}");
                return ExitCode::FAILURE;
            }
        }
        None => clap_complete::generate(shell, &mut Cli::command(), "parlor", &mut script),
    }
    write_out(|out| out.write_all(&script));
    ExitCode::SUCCESS
}

/// The variable a shell's completion script sets to ask the parlor for completions.
pub(super) const COMPLETE_VAR: &str = "COMPLETE";

/// `parlor man`: parlor's page on stdout, or every command's page into `dir`.
pub(super) fn write_man(dir: Option<&Path>) -> ExitCode {
    let written = if let Some(dir) = dir {
        write_pages(dir)
    } else {
        let mut page = Vec::new();
        let rendered = man_page(&Cli::command(), &mut page);
        write_out(|out| out.write_all(&page));
        rendered
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write the manual pages: {e}");
            ExitCode::FAILURE
        }
    }
}

/// parlor.1 and a page per command (parlor-play.1, ...) into `dir`; none for clap's `help`
/// command, which `--help` does better.
fn write_pages(dir: &Path) -> std::io::Result<()> {
    let mut command = Cli::command();
    command.build();
    let mut pages = vec![("parlor".to_owned(), command.clone())];
    pages.extend(
        command
            .get_subcommands()
            .filter(|sub| sub.get_name() != "help")
            .map(|sub| {
                let name = format!("parlor-{}", sub.get_name());
                (name.clone(), sub.clone().display_name(name))
            }),
    );
    for (name, page_of) in pages {
        let mut page = Vec::new();
        man_page(&page_of, &mut page)?;
        std::fs::write(dir.join(format!("{name}.1")), page)?;
    }
    Ok(())
}

/// One manual page: `clap_mangen`'s sections, then the commands (without `help`), EXIT
/// STATUS, ENVIRONMENT and FILES as man(7) orders them, in place of clap's "EXTRA" (the
/// help's footer, which reads badly as roff).
fn man_page(command: &clap::Command, out: &mut Vec<u8>) -> std::io::Result<()> {
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    let commands: Vec<&clap::Command> = command
        .get_subcommands()
        .filter(|sub| sub.get_name() != "help" && !sub.is_hide_set())
        .collect();
    if !commands.is_empty() {
        writeln!(out, ".SH COMMANDS")?;
        for sub in commands {
            let about = sub.get_about().map(ToString::to_string).unwrap_or_default();
            let name = roff_text(sub.get_name());
            writeln!(
                out,
                ".TP\n\\fBparlor\\-{name}\\fR(1)\n{}",
                roff_text(&about)
            )?;
        }
    }
    writeln!(out, ".SH EXIT STATUS")?;
    for (code, when) in EXIT_CODES {
        writeln!(out, ".TP\n\\fB{code}\\fR\n{}", roff_text(when))?;
    }
    writeln!(out, ".SH ENVIRONMENT")?;
    for (name, what) in ENVIRONMENT {
        writeln!(out, ".TP\n\\fB{name}\\fR\n{}", roff_text(what))?;
    }
    writeln!(out, ".SH FILES")?;
    for (name, what) in FILES {
        writeln!(out, ".TP\n\\fI{}\\fR\n{}", roff_text(name), roff_text(what))?;
    }
    // A command's own page has no version of its own (clap_mangen would panic).
    if command.get_version().is_some() {
        man.render_version_section(out)?;
    }
    Ok(())
}

/// Text as roff prints it: backslashes and hyphens escaped, no line starting with a dot.
fn roff_text(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    match escaped.strip_prefix('.') {
        Some(rest) => format!("\\&.{rest}"),
        None => escaped,
    }
}

/// The exit status table (as in `EXIT_STATUS` and GUIDE.md).
const EXIT_CODES: [(&str, &str); 4] = [
    ("0", "done"),
    (
        "1",
        "a --plain game left unfinished (q, or the end of its input), or a file or the \
         terminal failed (a result that could not be saved, nor kept aside, among them)",
    ),
    (
        "2",
        "refused: a bad flag or setting, no terminal for the full screen, a replay that \
         cannot be read",
    ),
    (
        "128+N",
        "stopped by signal N (Unix): 129 SIGHUP, 130 SIGINT, 131 SIGQUIT, 143 SIGTERM",
    ),
];

/// What the environment changes.
const ENVIRONMENT: [(&str, &str); 3] = [
    (
        "PARLOR_DATA_DIR",
        "where stats, replays and the host's files are kept, instead of the platform data \
         directory (the --data-dir flag wins over it)",
    ),
    (
        "PARLOR_CONFIG_DIR",
        "where config.toml and the setup form's remembered setups are, instead of the \
         platform config directory",
    ),
    (
        "NO_COLOR",
        "when set and not empty, no colour: every state reads from symbols and letters alone",
    ),
];

/// Where the parlor keeps things (`parlor config` prints the paths on this machine).
const FILES: [(&str, &str); 5] = [
    (
        "CONFIG/config.toml",
        "your settings: speed, theme, motion, name, bot levels (parlor config shows the \
         directory and the values in force)",
    ),
    (
        "CONFIG/setups.json",
        "each game's last setup in the setup form",
    ),
    (
        "DATA/stats.json",
        "your record, written atomically under a lock (stats.json.lock); a copy that \
         could not be read is kept aside beside it",
    ),
    (
        "DATA/replays/",
        "a replay of each game played, the newest kept (parlor replay --last)",
    ),
    (
        "DATA/stats.json.unsaved-TIME",
        "a result that could not be saved, merged into stats.json at the next start",
    ),
];
