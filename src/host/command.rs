//! What a guest may ask to run (`ssh -t HOST COMMAND`): only the parlor's own commands, read
//! as the parlor's command line reads them and never handed to a shell.

use clap::Parser;

use crate::cli::{DisplayArgs, PlayArgs};
use crate::table::GameSetup;
use crate::tui::Options;
use crate::tui::app::Pinned;
use crate::tui::theme::Theme;

/// A command longer than this is no parlor command.
const MAX_COMMAND_BYTES: usize = 1024;

/// The commands a guest may give.
#[derive(Debug, Parser)]
#[command(name = "parlor", no_binary_name = true, disable_help_subcommand = true)]
enum GuestCommand {
    /// Sit down at a table of your own with bots in the other seats.
    Play(PlayArgs),
}

/// A table to open for a guest, and how their screen shows it.
#[derive(Debug)]
pub struct Play {
    pub setup: GameSetup,
    pub options: Options,
}

/// The guest's `command`, or what to tell them instead (usage, or why it is refused).
/// `name` sits in the guest's seat.
pub fn parse(command: &[u8], name: &str) -> Result<Play, String> {
    const ONLY: &str = "only the parlor runs here: `play GAME [flags]` sits you at a table, \
                        and plain `ssh` opens the parlor's menu";
    if command.len() > MAX_COMMAND_BYTES {
        return Err(ONLY.to_owned());
    }
    let words: Vec<&str> = std::str::from_utf8(command)
        .map_err(|_| ONLY.to_owned())?
        .split_ascii_whitespace()
        .collect();
    if words.first() != Some(&"play") {
        return Err(ONLY.to_owned());
    }
    let GuestCommand::Play(args) =
        GuestCommand::try_parse_from(&words).map_err(|e| e.render().to_string())?;
    if args.plain {
        return Err("--plain is not served here: the parlor needs your terminal (ssh -t)".into());
    }
    if args.data.data_dir.is_some() {
        return Err(
            "--data-dir is the host's to choose: your games are kept under your name".into(),
        );
    }
    let setup = args.table(&[name.to_owned()])?;
    Ok(Play {
        setup,
        options: options(&args.display, args.auto),
    })
}

/// The screen a guest's flags ask for, over the parlor's defaults (never the host's
/// config, nor the host's terminal's colours).
fn options(display: &DisplayArgs, auto: bool) -> Options {
    let mut options = Options {
        auto,
        ..Options::default()
    };
    if let Some(speed) = display.speed {
        options.speed_ms = speed;
    }
    if let Some(theme) = display.theme {
        options.theme = Theme::chosen(theme, None);
    }
    options.reduced_motion |= display.reduced_motion;
    options.ascii |= display.ascii;
    options.pinned = Pinned {
        speed: display.speed.is_some(),
        reduced_motion: display.reduced_motion,
        theme: display.theme.is_some(),
        ascii: display.ascii,
    };
    options
}
