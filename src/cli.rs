//! The command line: `parlor`, `parlor play`, `parlor sim`.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::games::{BotLevel, GameId, Settings, SettingsError, SettingsRequest};
use crate::sim::{self, SimOptions};

#[derive(Debug, Parser)]
#[command(
    name = "parlor",
    version,
    about = "A terminal parlor for folk dice and card games"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play bots-only games headless and print what happened.
    Sim(SimArgs),
}

/// The settings every game command shares.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    /// aces-in-the-pot, swedish-aces, lcr, forty-one or chase-the-ace
    #[arg(value_parser = parse_game)]
    pub game: GameId,
    /// Number of players.
    #[arg(long)]
    pub players: Option<u8>,
    /// Chips each (aces-in-the-pot, lcr).
    #[arg(long)]
    pub chips: Option<u8>,
    /// Dice each (swedish-aces).
    #[arg(long)]
    pub dice: Option<u8>,
    /// Lives each (chase-the-ace).
    #[arg(long)]
    pub lives: Option<u8>,
    /// A house-rule variant; repeat for several.
    #[arg(long = "variant", value_name = "V")]
    pub variants: Vec<String>,
    /// forty-one: play for chips (on) or for points only (off).
    #[arg(long, value_parser = parse_on_off, value_name = "on|off")]
    pub stakes: Option<bool>,
    /// forty-one: each player's starting bank.
    #[arg(long)]
    pub bank: Option<u16>,
    /// forty-one: rounds in the match.
    #[arg(long)]
    pub rounds: Option<u16>,
    /// Bot level for every bot seat, or a comma-separated level per seat.
    #[arg(long, value_name = "LEVEL")]
    pub bot: Option<String>,
    /// Seed for the dice, the deck and the bots; drawn at random (and shown) if absent.
    #[arg(long)]
    pub seed: Option<u64>,
}

impl GameArgs {
    pub fn settings(&self) -> Result<Settings, SettingsError> {
        Settings::new(
            self.game,
            &SettingsRequest {
                players: self.players,
                chips: self.chips,
                dice: self.dice,
                lives: self.lives,
                variants: self.variants.clone(),
                stakes: self.stakes,
                bank: self.bank,
                rounds: self.rounds,
            },
        )
    }

    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(rand::random)
    }
}

#[derive(Debug, Args)]
pub struct SimArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// How many games to play.
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    /// Print one JSON object instead of the summary.
    #[arg(long)]
    pub json: bool,
}

fn parse_game(s: &str) -> Result<GameId, SettingsError> {
    s.parse()
}

fn parse_on_off(s: &str) -> Result<bool, String> {
    match s {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("'{s}' is not on or off")),
    }
}

/// Exit code for a request we refused: the same as clap's usage errors.
const USAGE: u8 = 2;

/// Run the parlor with the process's arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Sim(args)) => run_sim(&args),
        None => {
            eprintln!("parlor: choose a command; see parlor --help");
            ExitCode::from(USAGE)
        }
    }
}

fn refuse(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::from(USAGE)
}

fn run_sim(args: &SimArgs) -> ExitCode {
    let settings = match args.game.settings() {
        Ok(settings) => settings,
        Err(e) => return refuse(&e),
    };
    let levels: Vec<BotLevel> = match settings.bot_levels(args.game.bot.as_deref()) {
        Ok(levels) => levels,
        Err(e) => return refuse(&e),
    };
    let options = SimOptions {
        settings,
        games: args.games,
        seed: args.game.seed(),
        levels,
    };
    let show_progress = std::io::stderr().is_terminal();
    let mut stderr = std::io::stderr();
    let run = sim::run(options, |done, total| {
        if show_progress {
            let width = 30;
            let filled = (done * width / total.max(1)) as usize;
            let _ = write!(
                stderr,
                "\r[{}{}] {done}/{total} games",
                "#".repeat(filled),
                " ".repeat(width as usize - filled)
            );
        }
    });
    if show_progress && run.totals.games >= 4096 {
        let _ = write!(stderr, "\r{}\r", " ".repeat(60));
    }
    if args.json {
        println!("{}", run.to_json());
    } else {
        print!("{}", run.summary());
    }
    ExitCode::SUCCESS
}
