//! The command line: bare `parlor` (the full screen), `play`, `sim`, `odds`, `stats`,
//! `replay` and `review`, and the shell completions and manual pages of them all. Each
//! command takes exactly the flags it uses; the names of games, variants and bot levels are
//! listed in `--help` and the completions.

use std::ffi::{OsStr, OsString};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser, StringValueParser, TypedValueParser};
use clap::{Args, CommandFactory, Parser, Subcommand};
use clap_complete::Shell;
use clap_complete::engine::{ArgValueCompleter, CompletionCandidate};

use crate::config::{self, Config, ThemeChoice};
use crate::daily::DailyDeal;
use crate::games::{BotLevel, GameId, Narrator, Settings, SettingsError, SettingsRequest, Variant};
use crate::plain;
use crate::replay;
use crate::review::Review;
use crate::signals;
use crate::sim::{self, SimOptions};
use crate::stats::{self, Recorder, Store};
use crate::table::{GameSetup, Seat};
use crate::tui::app::Pinned;
use crate::tui::theme::Theme;
use crate::tui::{self, App, Options};

/// What the exit status says, under every command's `--help` (the README says the same).
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
    pub display: DisplayArgs,
}

/// How the full screen looks and paces itself, over what the config file says.
#[derive(Debug, Args, Clone, Default)]
pub struct DisplayArgs {
    /// Milliseconds a bot waits before each move, 0 (at once) to 10000 (default: the
    /// config's, 700).
    #[arg(
        long,
        value_name = "MS",
        value_parser = clap::value_parser!(u64).range(0..=crate::config::MOST_SPEED_MS),
        add = ArgValueCompleter::new(complete_speed)
    )]
    pub speed: Option<u64>,
    /// No dice animation: every beat instant.
    #[arg(long)]
    pub reduced_motion: bool,
    /// dark, light, auto (from the terminal's background) or high-contrast.
    #[arg(long, value_name = "THEME", value_parser = theme_parser())]
    pub theme: Option<ThemeChoice>,
    /// Only ASCII on screen, for terminals and fonts without the symbols.
    #[arg(long)]
    pub ascii: bool,
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
    },
    /// Open the parlor to friends over SSH: "ssh -p 2222 NAME@this-host" sits them down.
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
    #[command(flatten)]
    pub display: DisplayArgs,
    #[command(flatten)]
    pub data: DataDirArg,
}

/// Where your stats and replays are kept.
#[derive(Debug, Args)]
pub struct DataDirArg {
    // The help's words as written, not a doc comment: clippy would have them in backticks,
    // which the help would print.
    #[arg(
        long,
        value_name = "DIR",
        help = "Where stats and replays are kept (default: $PARLOR_DATA_DIR, else the \
                platform data directory)"
    )]
    pub data_dir: Option<PathBuf>,
}

impl DataDirArg {
    /// The directory to use, if there is one.
    fn resolve(&self) -> Option<PathBuf> {
        stats::data_dir(self.data_dir.as_deref())
    }
}

/// The rules of the table, for every game command.
#[derive(Debug, Args, Clone)]
pub struct RulesArgs {
    /// Number of players.
    #[arg(long, value_name = "N")]
    pub players: Option<u8>,
    /// Chips each (aces-in-the-pot, lcr).
    #[arg(long, value_name = "N")]
    pub chips: Option<u8>,
    /// Dice each (swedish-aces).
    #[arg(long, value_name = "N")]
    pub dice: Option<u8>,
    /// Lives each (chase-the-ace).
    #[arg(long, value_name = "N")]
    pub lives: Option<u8>,
    /// A house rule of the game; repeat for several.
    #[arg(
        long = "variant",
        value_name = "V",
        value_parser = Listed(variant_values),
        add = ArgValueCompleter::new(complete_variant)
    )]
    pub variants: Vec<String>,
}

impl RulesArgs {
    /// What these flags ask for; the game's defaults for the rest.
    pub fn request(&self) -> SettingsRequest {
        SettingsRequest {
            players: self.players,
            chips: self.chips,
            dice: self.dice,
            lives: self.lives,
            variants: self.variants.clone(),
            ..SettingsRequest::default()
        }
    }
}

/// A Forty-One match.
#[derive(Debug, Args, Clone)]
pub struct MatchArgs {
    /// forty-one: play for chips (on) or for points only (off).
    #[arg(long, value_name = "on|off", value_parser = PossibleValuesParser::new(["on", "off"]).map(|s| s == "on"))]
    pub stakes: Option<bool>,
    /// forty-one: each player's starting bank.
    #[arg(long, value_name = "N")]
    pub bank: Option<u16>,
    /// forty-one: rounds in the match.
    #[arg(long, value_name = "N")]
    pub rounds: Option<u16>,
}

/// A game to deal, for the commands that play games: its rules, a Forty-One match, who the
/// bots are and how chance falls.
#[derive(Debug, Args, Clone)]
pub struct DealArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    #[command(flatten)]
    pub forty_one: MatchArgs,
    /// Bot level for every bot seat, or a comma-separated level per seat.
    #[arg(
        long,
        value_name = "LEVEL[,LEVEL...]",
        value_parser = Listed(bot_level_values),
        add = ArgValueCompleter::new(complete_bot_levels)
    )]
    pub bot: Option<String>,
    /// Seed for the dice, the deck and the bots; drawn at random (and shown) if absent.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
}

impl DealArgs {
    /// The settings these flags ask for, checked against `game`.
    pub fn settings(&self, game: GameId) -> Result<Settings, SettingsError> {
        Settings::new(
            game,
            &SettingsRequest {
                stakes: self.forty_one.stakes,
                bank: self.forty_one.bank,
                rounds: self.forty_one.rounds,
                ..self.rules.request()
            },
        )
    }

    /// The bot level of each seat of `settings`.
    pub fn bot_levels(&self, settings: &Settings) -> Result<Vec<BotLevel>, SettingsError> {
        settings.bot_levels(self.bot.as_deref())
    }

    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(rand::random)
    }
}

#[derive(Debug, Args)]
#[allow(clippy::struct_excessive_bools)] // each is one command-line switch
#[command(
    override_usage = "parlor play [OPTIONS] <GAME>\n       parlor play [OPTIONS] --code <CODE>"
)]
pub struct PlayArgs {
    /// The game to play.
    #[arg(value_parser = game_parser(), required_unless_present = "code")]
    pub game: Option<GameId>,
    #[command(flatten)]
    pub deal: DealArgs,
    /// Deal the game of a game code (shown when a game ends), instead of GAME, its settings
    /// and the seed.
    #[arg(long, value_name = "CODE", conflicts_with_all = ["game", "RulesArgs", "MatchArgs", "seed"])]
    pub code: Option<String>,
    #[command(flatten)]
    pub display: DisplayArgs,
    /// Your seat plays itself (press a to take it back).
    #[arg(long)]
    pub auto: bool,
    /// Every seat is a bot: sit back and watch.
    #[arg(long)]
    pub watch: bool,
    /// Plain lines instead of the full screen: for screen readers and scripts.
    #[arg(long, conflicts_with_all = ["speed", "reduced_motion", "theme", "ascii"])]
    pub plain: bool,
    /// With --plain: play this many games in a row (seeds S, S+1, ...), then exit.
    #[arg(long, default_value_t = 1, value_name = "N", requires = "plain")]
    pub games: u64,
    #[command(flatten)]
    pub data: DataDirArg,
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
}

impl SavedGameArgs {
    /// The replay these flags name, read and checked; the refusal to exit with if it
    /// cannot be.
    fn load(&self) -> Result<(replay::Replay, replay::Timeline), ExitCode> {
        match (&self.file, self.data.resolve()) {
            (Some(file), _) => replay::Replay::load(file).map_err(|e| refuse(&e)),
            (None, Some(dir)) => {
                let last = replay::last(&dir).map_err(|e| refuse(&e))?;
                for passed in &last.passed_over {
                    tell_stderr(&format!("passed over a newer file: {passed}"));
                }
                Ok((last.replay, last.timeline))
            }
            (None, None) => Err(refuse(
                &"no data directory: set PARLOR_DATA_DIR or pass --data-dir",
            )),
        }
    }
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub game: SavedGameArgs,
    /// Print the game's log instead of opening the viewer.
    #[arg(long, conflicts_with_all = ["speed", "reduced_motion", "theme", "ascii"])]
    pub plain: bool,
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

/// Text checked later against a list. The list shows in `--help` and the completions; what
/// is given passes through, for the settings to check against the game, with messages that
/// name that game's own values.
#[derive(Clone)]
struct Listed(fn() -> Vec<PossibleValue>);

impl TypedValueParser for Listed {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.0)().into_iter()))
    }
}

/// GAME: one of the five, by its command-line name.
fn theme_parser() -> impl TypedValueParser<Value = ThemeChoice> {
    PossibleValuesParser::new(ThemeChoice::ALL.map(ThemeChoice::name)).map(|name| {
        name.parse::<ThemeChoice>()
            .expect("the possible values are the themes' names")
    })
}

fn game_parser() -> impl TypedValueParser<Value = GameId> {
    Listed(game_values).try_map(|name| name.parse::<GameId>())
}

fn game_values() -> Vec<PossibleValue> {
    GameId::ALL
        .iter()
        .map(|game| PossibleValue::new(game.name()).help(game.title()))
        .collect()
}

/// The games whose `list` holds `item`.
fn games_with<T: PartialEq + 'static>(
    list: impl Fn(GameId) -> &'static [T],
    item: &T,
) -> impl Iterator<Item = GameId> {
    GameId::ALL
        .into_iter()
        .filter(move |&game| list(game).contains(item))
}

fn variant_values() -> Vec<PossibleValue> {
    Variant::ALL
        .iter()
        .map(|variant| {
            let games: Vec<&str> = games_with(GameId::variants, variant)
                .map(GameId::name)
                .collect();
            PossibleValue::new(variant.name()).help(format!(
                "{}: {}",
                games.join(", "),
                variant.summary()
            ))
        })
        .collect()
}

/// Each level with the games it plays, marked where it is the default of several.
fn bot_level_values() -> Vec<PossibleValue> {
    BotLevel::ALL
        .iter()
        .map(|level| {
            let games: Vec<String> = games_with(GameId::bot_levels, level)
                .map(|game| match game.bot_levels() {
                    [first, _, ..] if first == level => format!("{game} (default)"),
                    _ => game.name().to_owned(),
                })
                .collect();
            PossibleValue::new(level.name()).help(games.join(", "))
        })
        .collect()
}

/// The game named on the command line being completed (the shell passes it whole), if any.
fn game_being_completed() -> Option<GameId> {
    std::env::args().find_map(|word| GameId::ALL.into_iter().find(|g| g.name() == word))
}

/// `--variant`: the variants of the game named, else every variant.
fn complete_variant(current: &OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    let variants: Vec<Variant> = match game_being_completed() {
        Some(game) => game.variants().to_vec(),
        None => Variant::ALL.to_vec(),
    };
    variants
        .into_iter()
        .filter(|v| v.name().starts_with(&*current))
        .map(|v| CompletionCandidate::new(v.name()).help(Some(v.summary().into())))
        .collect()
}

/// `--bot`: a level of the game named (every level without one), after the levels already
/// written before the last comma.
fn complete_bot_levels(current: &OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    let (written, last) = current
        .rsplit_once(',')
        .map_or(("", &*current), |(head, tail)| (head, tail));
    let levels: Vec<BotLevel> = match game_being_completed() {
        Some(game) => game.bot_levels().to_vec(),
        None => BotLevel::ALL.to_vec(),
    };
    let prefix = if written.is_empty() {
        String::new()
    } else {
        format!("{written},")
    };
    levels
        .into_iter()
        .filter(|level| level.name().starts_with(last))
        .map(|level| CompletionCandidate::new(format!("{prefix}{}", level.name())))
        .collect()
}

/// `--speed`: the full screen's steps of speed (`+` and `-` move between them), never a
/// file name.
fn complete_speed(current: &OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    crate::tui::sitting::SPEEDS_MS
        .iter()
        .map(u64::to_string)
        .filter(|ms| ms.starts_with(&*current))
        .map(CompletionCandidate::new)
        .collect()
}

/// `parlor completions SHELL`: the script that registers the parlor's own completer with
/// the shell (what `COMPLETE=SHELL parlor` prints); the parlor then completes each word
/// from the command line so far. Shells the completer does not speak get a generated one.
fn write_completions(shell: Shell) -> ExitCode {
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
const COMPLETE_VAR: &str = "COMPLETE";

/// Print a line on stdout (see [`write_out`]).
fn say_line(text: std::fmt::Arguments) {
    write_out(|out| out.write_fmt(text).and_then(|()| out.write_all(b"\n")));
}

/// Write on stdout. A reader that went away (`parlor sim ... | head`) ends the program
/// quietly, as it does for other command-line tools, instead of a panic.
fn write_out(write: impl FnOnce(&mut std::io::StdoutLock) -> std::io::Result<()>) {
    if let Err(e) = write(&mut std::io::stdout().lock()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("error: cannot write the output: {e}");
            std::process::exit(1);
        }
        std::process::exit(0);
    }
}

macro_rules! say {
    ($($arg:tt)*) => { say_line(format_args!($($arg)*)) };
}

/// Exit code for a request we refused: the same as clap's usage errors.
const USAGE: u8 = 2;

/// Run the parlor with the process's arguments.
pub fn main() -> ExitCode {
    // A shell asking for completions (`parlor completions SHELL` registered this): answer
    // and exit before anything else is printed.
    clap_complete::CompleteEnv::with_factory(Cli::command)
        .var(COMPLETE_VAR)
        .complete();
    let cli = Cli::parse_from(globals_after_the_command(std::env::args_os().collect()));
    match cli.command {
        Some(Command::Sim(args)) => run_sim(&args),
        Some(Command::Play(args)) => run_play(&args),
        Some(Command::Stats(args)) => run_stats(&args),
        Some(Command::Replay(args)) => run_replay(&args),
        Some(Command::Review(args)) => run_review(&args),
        Some(Command::Daily(args)) => run_daily(&args),
        Some(Command::Odds(args)) => run_odds(&args),
        Some(Command::Completions { shell }) => write_completions(shell),
        Some(Command::Man { dir }) => write_man(dir.as_deref()),
        Some(Command::Config { default: true, .. }) => {
            say!("{}", Config::commented_default().trim_end());
            ExitCode::SUCCESS
        }
        Some(Command::Config { data, .. }) => show_config(&data),
        Some(Command::Host(args)) => crate::host::run(&args),
        None => run_tui(cli.data.resolve(), &cli.display, None, false),
    }
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

/// The settings in the config file, each problem in it told on stderr by key and line
/// (and returned, for the full screen to show too).
fn load_config() -> (Config, Option<PathBuf>, Vec<String>) {
    let Some(dir) = config::config_dir() else {
        return (Config::default(), None, Vec::new());
    };
    let (config, problems) = Config::load(&dir);
    let told: Vec<String> = problems.iter().map(ToString::to_string).collect();
    for problem in &told {
        tell_stderr(problem);
    }
    (config, Some(dir), told)
}

/// `parlor config`: where the file and the data are, and every setting in force with where
/// it came from.
fn show_config(data: &DataDirArg) -> ExitCode {
    let (config, dir, _) = load_config();
    let Some(dir) = dir else {
        return refuse(&"no config directory: set PARLOR_CONFIG_DIR");
    };
    let path = dir.join(config::FILE_NAME);
    let found = path.is_file();
    say!(
        "{}{}",
        path.display(),
        if found {
            ""
        } else {
            " (not there yet: every setting is its default; the Settings screen writes it)"
        }
    );
    match data.resolve() {
        Some(dir) => say!("data: {} (stats, replays)", dir.display()),
        None => say!("data: none (no data directory: set PARLOR_DATA_DIR or --data-dir)"),
    }
    let defaults = Config::default();
    let from = |same: bool| if same { "default" } else { "config.toml" };
    let speed = config.speed_ms.to_string();
    let lines: [(&str, String, bool); 7] = [
        (
            "theme",
            config.theme.to_string(),
            config.theme == defaults.theme,
        ),
        (
            "ascii",
            config.ascii.to_string(),
            config.ascii == defaults.ascii,
        ),
        ("speed", speed, config.speed_ms == defaults.speed_ms),
        (
            "reduced_motion",
            config.reduced_motion.to_string(),
            config.reduced_motion == defaults.reduced_motion,
        ),
        (
            "mouse",
            config.mouse.to_string(),
            config.mouse == defaults.mouse,
        ),
        (
            "bell",
            config.bell.to_string(),
            config.bell == defaults.bell,
        ),
        ("name", config.name.clone(), config.name == defaults.name),
    ];
    for (key, value, same) in lines {
        say!("{key:<19} {value:<16} {}", from(same));
    }
    for game in GameId::ALL.into_iter().filter(|g| g.bot_levels().len() > 1) {
        let level = config.bot_level(game);
        say!(
            "{:<19} {:<16} {}",
            format!("bots.{game}"),
            level.name(),
            from(!config.bots.contains_key(&game))
        );
    }
    ExitCode::SUCCESS
}

/// `parlor man`: parlor's page on stdout, or every command's page into `dir`.
fn write_man(dir: Option<&Path>) -> ExitCode {
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

/// The exit status table (as in `EXIT_STATUS` and the README).
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

/// The full screen draws on stdout and reads keys from the terminal: without one (output to
/// a pipe or a file, input from one) it is refused, with `instead` said, rather than failing
/// with the system's words for a missing device.
fn refuse_without_terminal(instead: &str) -> Option<ExitCode> {
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        return None;
    }
    Some(refuse(&format!(
        "the full screen needs a terminal, and stdin or stdout is not one: {instead}"
    )))
}

/// 128 + the signal that stopped the parlor, as a shell expects; else `code`.
fn stopped_or(code: ExitCode) -> ExitCode {
    signals::requested().map_or(code, |signal| ExitCode::from(128 + signal as u8))
}

/// The full screen's options: the config file's, the flags over them, and `NO_COLOR`
/// (any non-empty value: <https://no-color.org>) over everything.
fn display_options(config: &Config, display: &DisplayArgs, auto: bool) -> Options {
    let theme = display.theme.unwrap_or(config.theme);
    let mut options = Options {
        auto,
        // Asked only for `auto`, before the full screen takes the terminal.
        light_background: (theme == ThemeChoice::Auto)
            .then(tui::theme::light_background)
            .flatten(),
        ..Options::default()
    };
    options.follow(config);
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    if let Some(speed) = display.speed {
        options.speed_ms = speed;
    }
    options.reduced_motion |= display.reduced_motion;
    options.ascii |= display.ascii;
    options.theme = if no_color {
        Theme::plain()
    } else {
        Theme::chosen(theme, options.light_background)
    };
    options.pinned = Pinned {
        speed: display.speed.is_some(),
        reduced_motion: display.reduced_motion,
        theme: display.theme.is_some() || no_color,
        ascii: display.ascii,
    };
    options
}

/// The full screen, opened at the menu unless `start` sits down somewhere (a table, a
/// replay, the daily deal), with `auto` for the person's seat; `instead` says what to do
/// without a terminal. What the player would keep (the daily deal's line) is printed after.
fn run_full_screen(
    data_dir: Option<PathBuf>,
    display: &DisplayArgs,
    start: impl FnOnce(&mut App),
    auto: bool,
    instead: &str,
) -> ExitCode {
    if let Some(refused) = refuse_without_terminal(instead) {
        return refused;
    }
    let (config, config_dir, problems) = load_config();
    let options = display_options(&config, display, auto);
    let recorder = data_dir.map_or_else(Recorder::off, |dir| {
        Recorder::on(Store::new(dir).telling_waits(tui::tell))
    });
    let mut app = App::new(options, None)
        .with_recorder(recorder)
        .with_config(config, config_dir);
    start(&mut app);
    // The config file's problems, on screen as well as on stderr.
    if let Some(first) = problems.first() {
        let more = problems.len() - 1;
        app.notice = Some(tui::snapshot::Notice::Problem(if more == 0 {
            first.clone()
        } else {
            format!("{first} (and {more} more: parlor config shows them)")
        }));
    }
    match tui::run(app) {
        Ok(mut app) => {
            // What the screen said about the stats, again where it stays readable (if the
            // terminal is still there: writing to a closed one must not panic), and what
            // became of results that could not be saved.
            let all_saved = app.recorder.finish();
            let mut stderr = std::io::stderr();
            for notice in app.notices_shown.iter().chain(&app.recorder.take_notices()) {
                let _ = writeln!(stderr, "parlor: {notice}");
            }
            for line in &app.to_print {
                let _ = writeln!(std::io::stdout(), "{line}");
            }
            // Ctrl-C is read as a key in raw mode, but it means what SIGINT means.
            let interrupted = ExitCode::from(128 + signals::SIGINT);
            stopped_or(if app.interrupted {
                interrupted
            } else if all_saved {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Err(e) => {
            eprintln!("error: the terminal failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The menu, or straight to the table of `setup`.
fn run_tui(
    data_dir: Option<PathBuf>,
    display: &DisplayArgs,
    setup: Option<GameSetup>,
    auto: bool,
) -> ExitCode {
    run_full_screen(
        data_dir,
        display,
        |app| {
            if let Some(setup) = setup {
                app.start(setup);
            }
        },
        auto,
        "`parlor play GAME --plain` plays in plain lines, for scripts and screen readers",
    )
}

/// `parlor daily`: today's deal in the full screen; its shareable line printed after.
fn run_daily(args: &DailyArgs) -> ExitCode {
    let deal = DailyDeal::today(args.game.unwrap_or(GameId::FortyOne));
    run_full_screen(
        args.data.resolve(),
        &args.display,
        |app| app.start_daily(deal),
        false,
        "the daily deal needs the full screen",
    )
}

/// The settings and seed of `play`: from a game code, or from GAME and its flags (clap
/// makes sure there is exactly one of the two).
fn play_settings(args: &PlayArgs) -> Result<(Settings, u64), String> {
    match (&args.code, args.game) {
        (Some(code), _) => replay::parse_code(code),
        (None, Some(game)) => {
            let settings = args.deal.settings(game).map_err(|e| e.to_string())?;
            Ok((settings, args.deal.seed()))
        }
        (None, None) => unreachable!("clap requires GAME or --code"),
    }
}

impl PlayArgs {
    /// The table these flags ask for, people (unless `--watch`) taking `names` in order.
    pub fn table(&self, names: &[String]) -> Result<GameSetup, String> {
        let (settings, seed) = play_settings(self)?;
        let levels = self.deal.bot_levels(&settings).map_err(|e| e.to_string())?;
        let humans: Vec<bool> = (0..levels.len()).map(|i| !self.watch && i == 0).collect();
        Ok(GameSetup {
            settings,
            seats: Seat::seated(&humans, names, &levels),
            seed,
        })
    }
}

fn run_play(args: &PlayArgs) -> ExitCode {
    let data_dir = args.data.resolve();
    let setup = match args.table(&[]) {
        Ok(setup) => setup,
        Err(e) => return refuse(&e),
    };
    if args.plain {
        return run_plain(args, &setup, data_dir);
    }
    run_tui(data_dir, &args.display, Some(setup), args.auto)
}

/// `play --plain`: lines on stdout, answers from stdin. Ctrl-C, SIGTERM and SIGHUP leave
/// the game as `q` would (recorded as abandoned, its replay saved), then the parlor exits
/// with 128 + the signal.
fn run_plain(args: &PlayArgs, setup: &GameSetup, data_dir: Option<PathBuf>) -> ExitCode {
    let mut recorder = data_dir.map_or_else(Recorder::off, |dir| {
        Recorder::on(Store::new(dir).telling_waits(tell_stderr))
    });
    let warn = |recorder: &mut Recorder| {
        for notice in recorder.take_notices() {
            eprintln!("parlor: {notice}");
        }
    };
    warn(&mut recorder);
    let (stdin, interrupt) = match plain::InterruptibleStdin::start() {
        Ok(started) => started,
        Err(e) => {
            eprintln!("error: cannot read stdin: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = signals::catch(move || interrupt.interrupt(), || {}) {
        eprintln!("parlor: cannot catch signals ({e}): Ctrl-C will not record the game");
    }
    let mut out = std::io::stdout().lock();
    let ended = plain::play(
        setup,
        args.games,
        args.auto,
        &mut std::io::BufReader::new(stdin),
        &mut out,
        &|| signals::requested().is_some(),
        |table| {
            recorder.record_table(table, args.auto, None);
            warn(&mut recorder);
        },
    );
    let all_saved = recorder.finish();
    warn(&mut recorder);
    if let Some(signal) = signals::requested() {
        return ExitCode::from(128 + signal as u8);
    }
    match ended {
        // A result that could not be saved is a file that failed.
        Ok(plain::Ending::Finished) if !all_saved => ExitCode::FAILURE,
        Ok(plain::Ending::Finished) => ExitCode::SUCCESS,
        Ok(plain::Ending::Abandoned) => ExitCode::from(1),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_odds(args: &OddsArgs) -> ExitCode {
    let settings = match Settings::new(args.game, &args.rules.request()) {
        Ok(settings) => settings,
        Err(e) => return refuse(&e),
    };
    let report = crate::odds::OddsReport::start(&settings);
    if args.json {
        say!("{}", report.to_json());
    } else {
        say!("{}", report.summary().trim_end());
    }
    ExitCode::SUCCESS
}

fn run_replay(args: &ReplayArgs) -> ExitCode {
    let (replay, timeline) = match args.game.load() {
        Ok(loaded) => loaded,
        Err(refused) => return refused,
    };
    if args.plain {
        let last = timeline.last();
        let names = last.names();
        let narrator = Narrator::new(last.game().settings(), &names);
        say!(
            "== {} replay: {} (seed {}), {} ==",
            replay.game.title(),
            last.game().settings().signature(),
            replay.seed,
            if replay.finished {
                "finished"
            } else {
                "abandoned"
            }
        );
        for event in last.log() {
            say!("{}", narrator.sentence(event));
        }
        return ExitCode::SUCCESS;
    }
    run_full_screen(
        None,
        &args.display,
        |app| app.watch_replay(timeline),
        false,
        "add --plain to print the game's log",
    )
}

/// `parlor review`: the review of a saved game, as text (with its chart, or `--plain`
/// without) or JSON.
fn run_review(args: &ReviewArgs) -> ExitCode {
    let (_, timeline) = match args.game.load() {
        Ok(loaded) => loaded,
        Err(refused) => return refused,
    };
    let review = Review::of(&timeline);
    if args.json {
        say!("{}", review.to_json());
    } else {
        say!("{}", review.to_text(!args.plain).trim_end());
    }
    ExitCode::SUCCESS
}

fn run_stats(args: &StatsArgs) -> ExitCode {
    let Some(dir) = args.data.resolve() else {
        eprintln!("error: no data directory: set PARLOR_DATA_DIR or pass --data-dir");
        return ExitCode::from(USAGE);
    };
    let store = Store::new(dir).telling_waits(tell_stderr);
    // Results an earlier parlor kept aside belong in what is shown (and in a reset's
    // backup).
    for notice in store.merge_kept_telling().1 {
        tell_stderr(&notice);
    }
    if args.reset {
        if !args.yes {
            eprintln!("error: --reset starts your stats over; add --yes to confirm");
            return ExitCode::from(USAGE);
        }
        return reset_stats(&store, args.game);
    }
    let stats = match store.load() {
        Ok((stats, loaded)) => {
            tell_if_moved(&store, loaded);
            stats
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let records: Vec<&stats::Record> = stats.for_game(args.game).collect();
    let daily: Vec<&stats::DailyRecord> = stats
        .daily
        .iter()
        .filter(|d| args.game.is_none_or(|g| d.game == g))
        .collect();
    if args.json {
        // The records are the stats file's own, so their schema is the file's format.
        let json = serde_json::json!({
            "schema": stats::VERSION,
            "records": records,
            "daily": daily,
        });
        say!(
            "{}",
            serde_json::to_string_pretty(&json).expect("stats serialise")
        );
        return ExitCode::SUCCESS;
    }
    if records.is_empty() {
        say!("No games recorded yet in {}.", store.path().display());
        return ExitCode::SUCCESS;
    }
    say!("{}", stats::text::describe(records));
    if !daily.is_empty() {
        say!("\n{}", stats::text::describe_daily(daily));
    }
    ExitCode::SUCCESS
}

/// `stats --reset --yes`: start over for `game` (or every game), keeping a backup.
fn reset_stats(store: &Store, game: Option<GameId>) -> ExitCode {
    let which = game.map_or_else(|| "stats".to_owned(), |g| format!("{g} stats"));
    match store.reset(game) {
        Ok((backup, loaded)) => {
            tell_if_moved(store, loaded);
            match backup {
                Some(backup) => say!(
                    "Reset {which}; the old file is kept as {}",
                    backup.display()
                ),
                None => say!("No {which} to reset in {}", store.dir().display()),
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Say where a stats file that could not be read was moved.
fn tell_if_moved(store: &Store, loaded: stats::Loaded) {
    if let stats::Loaded::Quarantined { reason, moved_to } = loaded {
        eprintln!(
            "parlor: {} could not be read ({reason}); it was moved to {}",
            store.path().display(),
            moved_to.display()
        );
    }
}

/// Tell the player something on stderr while the parlor goes on (a wait for the stats lock).
fn tell_stderr(message: &str) {
    eprintln!("parlor: {message}");
}

fn refuse(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::from(USAGE)
}

fn run_sim(args: &SimArgs) -> ExitCode {
    let settings = match args.deal.settings(args.game) {
        Ok(settings) => settings,
        Err(e) => return refuse(&e),
    };
    let levels = match args.deal.bot_levels(&settings) {
        Ok(levels) => levels,
        Err(e) => return refuse(&e),
    };
    let options = SimOptions {
        settings,
        games: args.games,
        seed: args.deal.seed(),
        levels,
    };
    // A progress bar only on a terminal, and only once the run has gone on a while (the
    // first report comes after 100 ms).
    let show_progress = std::io::stderr().is_terminal();
    let mut shown = false;
    let mut stderr = std::io::stderr();
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let run = sim::run(options, threads, |done, total| {
        if show_progress {
            shown = true;
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
    if shown {
        let _ = write!(stderr, "\r{}\r", " ".repeat(60));
    }
    if run.threads_refused > 0 {
        eprintln!(
            "parlor: the system would not start {} threads; the games ran on {} (the figures are the same)",
            run.threads_refused, run.threads
        );
    }
    if args.json {
        say!("{}", run.to_json());
    } else {
        say!("{}", run.summary().trim_end());
        if args.histogram {
            say!("\n{}", run.histogram().trim_end());
        }
    }
    ExitCode::SUCCESS
}
