//! What a guest may ask to run (`ssh -t HOST COMMAND`): only the parlor's own commands, read
//! as the parlor's command line reads them and never handed to a shell.

use std::time::Duration;

use clap::Parser;
use thiserror::Error;

use crate::config::{Config, LanguageChoice};
use crate::flags::{DealError, LanguageArg, PlayArgs};
use crate::shared_table::Pace;
use crate::table::GameSetup;
use crate::tui::Options;
use crate::words::Language;

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
        #[command(flatten)]
        language: LanguageArg,
    },
    /// The parlor in lines, for a screen reader or a script: the lobby and its tables said
    /// as sentences, choices typed by number or key (with `join NAME`: that table).
    Plain {
        #[command(subcommand)]
        join: Option<PlainJoin>,
        #[command(flatten)]
        language: LanguageArg,
    },
    /// The lobby in a language: en (English) or sv (svenska), whatever your locale says.
    Lang {
        #[arg(value_name = "LANG", value_parser = ["en", "sv"])]
        language: String,
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
    /// The language asked for (`--lang`, `lang`); `None`: the guest's locale.
    pub language: Option<Language>,
}

/// What a guest is told instead of their command (in the thread's language; clap's usage
/// and help stay English, as `--help` does).
#[derive(Debug, Error)]
pub enum CommandRefusal {
    NotTheParlors,
    /// The command line's usage, help or mistake, as clap words it.
    Usage(#[from] clap::Error),
    Plain,
    DataDir,
    SeedAtSharedTable,
    Deal(#[from] DealError),
}

impl std::fmt::Display for CommandRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            CommandRefusal::NotTheParlors => crate::said!(not_the_parlors),
            CommandRefusal::Usage(e) => e.render().to_string(),
            CommandRefusal::Plain => crate::said!(plain_not_served),
            CommandRefusal::DataDir => crate::said!(data_dir_hosts),
            CommandRefusal::SeedAtSharedTable => crate::said!(seed_at_shared_table),
            CommandRefusal::Deal(e) => e.to_string(),
        })
    }
}

/// The language `--lang` asked for: `auto` (or none) is the guest's own locale.
fn asked(language: &LanguageArg) -> Option<Language> {
    match language.language {
        Some(LanguageChoice::Chosen(language)) => Some(language),
        Some(LanguageChoice::Auto) | None => None,
    }
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
    if !matches!(words.first(), Some(&("play" | "join" | "plain" | "lang"))) {
        return Err(CommandRefusal::NotTheParlors);
    }
    let (args, table, turn_time) = match GuestCommand::try_parse_from(&words)? {
        GuestCommand::Play {
            args,
            table,
            turn_time,
        } => (args, table, turn_time),
        GuestCommand::Join { table, language } => {
            return Ok(Play {
                opening: Opening::JoinShared(table),
                options: Options::default(),
                lines: false,
                language: asked(&language),
            });
        }
        GuestCommand::Plain { join, language } => {
            return Ok(Play {
                opening: join.map_or(Opening::Lobby, |PlainJoin::Join { table }| {
                    Opening::JoinShared(table)
                }),
                options: Options::default(),
                lines: true,
                language: asked(&language),
            });
        }
        GuestCommand::Lang { language } => {
            return Ok(Play {
                opening: Opening::Lobby,
                options: Options::default(),
                lines: false,
                language: language.parse().ok(),
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
        language: asked(&args.language),
    })
}
