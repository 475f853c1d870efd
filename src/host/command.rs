//! What a guest may ask to run (`ssh -t HOST COMMAND`): only the parlor's own commands, read
//! as the parlor's command line reads them and never handed to a shell.

use std::time::Duration;

use clap::Parser;
use thiserror::Error;

use crate::config::Config;
use crate::flags::{DealError, PlayArgs};
use crate::shared_table::Pace;
use crate::table::GameSetup;
use crate::tui::Options;

/// Where a guest's parlor opens.
pub enum Opening {
    /// The server's tables (plain `ssh`).
    Lobby,
    /// A table of their own (`play`).
    Table(GameSetup),
    /// A new shared table, them at seat 0 (`play ... --table NAME`).
    OpenShared {
        table: String,
        setup: GameSetup,
        /// The bots' delay (`--speed`) and the turn clock the guest asked for, else the
        /// host's.
        pace: Pace,
    },
    /// A shared table to sit at or watch (`join NAME`).
    JoinShared(String),
}

/// A command longer than this is no parlor command.
const MAX_COMMAND_BYTES: usize = 1024;

/// The commands a guest may give.
#[derive(Debug, Parser)]
#[command(name = "parlor", no_binary_name = true, disable_help_subcommand = true)]
enum GuestCommand {
    /// Sit down at a table of your own with bots in the other seats, or (--table) open a
    /// table friends can join.
    Play {
        #[command(flatten)]
        args: PlayArgs,
        /// Open a shared table of this name, you at seat 1 and the other seats open for
        /// friends (`join NAME`); bots take the seats still open when you start.
        #[arg(long, value_name = "NAME")]
        table: Option<String>,
        /// With --table: seconds each person has to play their turn before their seat's bot
        /// plays it (default 60).
        #[arg(long, value_name = "SECS", requires = "table", value_parser = clap::value_parser!(u64).range(10..=600))]
        turn_time: Option<u64>,
    },
    /// Sit at a shared table (your seat back, if you left it), or watch it when it is full.
    Join {
        /// The table's name.
        table: String,
    },
    /// The parlor in lines, for a screen reader or a script: the lobby and its tables said
    /// as sentences, choices typed by number or key (with `join NAME`: that table).
    Plain {
        #[command(subcommand)]
        join: Option<PlainJoin>,
    },
}

/// What follows `plain`.
#[derive(Debug, clap::Subcommand)]
enum PlainJoin {
    /// Sit at (or watch) this shared table, in lines.
    Join {
        /// The table's name.
        table: String,
    },
}

/// Where a guest's parlor opens, and how their screen shows it.
pub struct Play {
    pub opening: Opening,
    pub options: Options,
    /// In lines (`plain`), not drawn.
    pub lines: bool,
}

/// What a guest is told instead of their command.
#[derive(Debug, Error)]
pub enum CommandRefusal {
    #[error(
        "only the parlor runs here: `play GAME [flags] [--table NAME]` sits you at a table, \
         `join NAME` at a friend's, `plain` opens the lobby in lines (for a screen reader), \
         and plain `ssh` opens the parlor's lobby"
    )]
    NotTheParlors,
    /// The command line's usage, help or mistake, as clap words it.
    #[error("{}", .0.render())]
    Usage(#[from] clap::Error),
    #[error(
        "play --plain is not served here: `plain` opens the parlor's lobby and shared tables \
         in lines"
    )]
    Plain,
    #[error("--data-dir is the host's to choose: your games are kept under your name")]
    DataDir,
    #[error(
        "--seed and --code are not taken at a shared table: whoever knows a table's seed can \
         work out every hidden card. The table draws its own, shown when the game is over."
    )]
    SeedAtSharedTable,
    #[error(transparent)]
    Deal(#[from] DealError),
}

/// The guest's `command`, or what to tell them instead (usage, or why it is refused).
/// `name` sits in the guest's seat.
pub fn parse(command: &[u8], name: &str) -> Result<Play, CommandRefusal> {
    if command.len() > MAX_COMMAND_BYTES {
        return Err(CommandRefusal::NotTheParlors);
    }
    let words: Vec<&str> = std::str::from_utf8(command)
        .map_err(|_| CommandRefusal::NotTheParlors)?
        .split_ascii_whitespace()
        .collect();
    if !matches!(words.first(), Some(&("play" | "join" | "plain"))) {
        return Err(CommandRefusal::NotTheParlors);
    }
    let (args, table, turn_time) = match GuestCommand::try_parse_from(&words)? {
        GuestCommand::Play {
            args,
            table,
            turn_time,
        } => (args, table, turn_time),
        GuestCommand::Join { table } => {
            return Ok(Play {
                opening: Opening::JoinShared(table),
                options: Options::default(),
                lines: false,
            });
        }
        GuestCommand::Plain { join } => {
            return Ok(Play {
                opening: join.map_or(Opening::Lobby, |PlainJoin::Join { table }| {
                    Opening::JoinShared(table)
                }),
                options: Options::default(),
                lines: true,
            });
        }
    };
    if args.plain {
        return Err(CommandRefusal::Plain);
    }
    if args.data.data_dir.is_some() {
        return Err(CommandRefusal::DataDir);
    }
    if table.is_some() && (args.deal.seed.is_some() || args.code.is_some()) {
        return Err(CommandRefusal::SeedAtSharedTable);
    }
    let setup = args.table(&[name.to_owned()])?;
    let opening = match table {
        Some(table) => Opening::OpenShared {
            table,
            setup,
            pace: Pace {
                delay: args.display.speed.map(Duration::from_millis),
                turn_time: turn_time.map(Duration::from_secs),
            },
        },
        None => Opening::Table(setup),
    };
    Ok(Play {
        opening,
        // Over the parlor's defaults: never the host's config, nor the host's terminal's
        // colours.
        options: Options::from_flags(&args.display, &Config::default(), args.auto, None, false),
        lines: false,
    })
}
