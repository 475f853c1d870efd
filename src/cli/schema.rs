//! The parlor's command line as clap reads it: the commands and the flags of each.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use clap_complete::Shell;

use crate::flags::{
    DataDirArg, DealArgs, DisplayArgs, LanguageArg, LinesArg, PlayArgs, RulesArgs, game_parser,
};
use crate::games::GameId;

/// What the exit status says, under every command's `--help` (GUIDE.md says the same).
const EXIT_STATUS: &str = "\
Exit status:
  0      done
  1      a --plain game left unfinished (q, or the end of its input), or a file or the
         terminal failed (a result that could not be saved, nor kept aside, among them)
  2      refused: a bad flag or setting, no terminal for the full screen, a replay that
         cannot be read
  128+N  stopped by signal N (Unix): 129 SIGHUP, 130 SIGINT, 131 SIGQUIT, 143 SIGTERM";

#[derive(Debug, Parser)]
#[command(
    name = "parlor",
    version,
    about = "A terminal parlor for folk dice and card games",
    long_about = "A terminal parlor for folk dice and card games. Without a command: the \
                  full-screen menu of the five games.",
    after_help = EXIT_STATUS,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub data: DataDirArg,
    #[command(flatten)]
    pub language: LanguageArg,
    #[command(flatten)]
    pub display: DisplayArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Sit down at a table (or watch the bots play).
    #[command(after_help = EXIT_STATUS)]
    Play(PlayArgs),
    /// Play bots-only games headless and print what happened (never touches your stats).
    #[command(after_help = EXIT_STATUS)]
    Sim(SimArgs),
    /// Every seat's chance from the start (Forty-One: the best single turn's figures).
    #[command(after_help = EXIT_STATUS)]
    Odds(OddsArgs),
    /// Your record: wins, games, biggest pots, for each game.
    #[command(after_help = EXIT_STATUS)]
    Stats(StatsArgs),
    /// Watch a finished or abandoned game again.
    #[command(after_help = EXIT_STATUS)]
    Replay(ReplayArgs),
    /// What your decisions in a saved game were worth, and how the odds moved.
    #[command(after_help = EXIT_STATUS)]
    Review(ReviewArgs),
    /// Today's deal (UTC): the same game for everyone, your result against the expert's on
    /// the same dice; the day's first attempt counts.
    #[command(after_help = EXIT_STATUS)]
    Daily(DailyArgs),
    /// Print the completion script for a shell, for example: parlor completions bash >
    /// ~/.local/share/bash-completion/completions/parlor
    Completions {
        #[arg(value_enum)]
        shell: Shell,
    },
    /// Where your settings (config.toml) and data are, and the values in force.
    #[command(after_help = EXIT_STATUS)]
    Config {
        /// Print a config file with every setting at its default, each explained.
        #[arg(long)]
        default: bool,
        #[command(flatten)]
        data: DataDirArg,
        #[command(flatten)]
        language: LanguageArg,
    },
    /// Open the parlor to friends over SSH: "ssh -p 2222 NAME@this-host" sits them down.
    #[cfg(feature = "host")]
    #[command(after_help = crate::host::AFTER_HELP)]
    Host(crate::host::HostArgs),
    /// Print parlor's manual page (read it with: parlor man | man -l -), or write a page for
    /// every command into a directory.
    Man {
        /// Write parlor.1 and a page per command (parlor-play.1, ...) into DIR instead.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

#[derive(Debug, Args)]
pub struct DailyArgs {
    /// The game (default forty-one; also chase-the-ace, and the luck games for fun).
    #[arg(value_parser = game_parser())]
    pub game: Option<GameId>,
    /// Play in plain lines (events, holdings, numbered choices), for scripts and screen
    /// readers: the line to share comes last.
    #[arg(long, conflicts_with_all = ["speed", "reduced_motion", "theme", "ascii"])]
    pub plain: bool,
    #[command(flatten)]
    pub lines: LinesArg,
    #[command(flatten)]
    pub display: DisplayArgs,
    #[command(flatten)]
    pub data: DataDirArg,
    #[command(flatten)]
    pub language: LanguageArg,
}

#[derive(Debug, Args)]
pub struct SimArgs {
    /// The game to simulate.
    #[arg(value_parser = game_parser())]
    pub game: GameId,
    #[command(flatten)]
    pub deal: DealArgs,
    /// How many games to play.
    #[arg(long, default_value_t = 10_000, value_name = "N")]
    pub games: u64,
    /// Threads to play on (default: every core). The figures are the same for any number.
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// Print one JSON object instead of the summary (its "schema" key gives its version).
    #[arg(long)]
    pub json: bool,
    /// Add histograms of the game length and of the wins by seat to the summary.
    #[arg(long, conflicts_with = "json")]
    pub histogram: bool,
}

#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The game.
    #[arg(value_parser = game_parser())]
    pub game: GameId,
    #[command(flatten)]
    pub rules: RulesArgs,
    #[arg(
        long,
        help = "Print one JSON object: schema, seat_win, method (exact or monte-carlo), std_error"
    )]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Only this game.
    #[arg(long, value_parser = game_parser())]
    pub game: Option<GameId>,
    /// Print one JSON object: {"schema": N, "records": [...], "daily": [...]}.
    #[arg(long, conflicts_with = "reset")]
    pub json: bool,
    /// Start over (the old file is kept as a backup); needs --yes.
    #[arg(long)]
    pub reset: bool,
    /// Confirm --reset.
    #[arg(long, requires = "reset")]
    pub yes: bool,
    #[command(flatten)]
    pub data: DataDirArg,
    #[command(flatten)]
    pub language: LanguageArg,
}

/// A saved game: a replay file, or the newest in the data directory.
#[derive(Debug, Args)]
pub struct SavedGameArgs {
    /// A replay file (see the replays folder in the data directory).
    #[arg(required_unless_present = "last", conflicts_with_all = ["last", "data_dir"])]
    pub file: Option<PathBuf>,
    /// The newest replay in the data directory (newer files that cannot be played back are
    /// passed over, and said).
    #[arg(long)]
    pub last: bool,
    #[command(flatten)]
    pub data: DataDirArg,
    #[command(flatten)]
    pub language: LanguageArg,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub game: SavedGameArgs,
    /// Print the game's log instead of opening the viewer.
    #[arg(long, conflicts_with_all = ["speed", "reduced_motion", "theme", "ascii"])]
    pub plain: bool,
    #[command(flatten)]
    pub lines: LinesArg,
    #[command(flatten)]
    pub display: DisplayArgs,
}

#[derive(Debug, Args)]
pub struct ReviewArgs {
    #[command(flatten)]
    pub game: SavedGameArgs,
    /// The review in words only, without the chart: for screen readers and scripts.
    #[arg(long)]
    pub plain: bool,
    #[arg(
        long,
        conflicts_with = "plain",
        help = "Print one JSON object: schema, decisions, accuracy, win_probability, swings"
    )]
    pub json: bool,
}
