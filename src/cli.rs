//! The command line: `parlor`, `parlor play`, `parlor sim`.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::games::{BotLevel, GameId, Narrator, Settings, SettingsError, SettingsRequest};
use crate::plain;
use crate::replay;
use crate::signals;
use crate::sim::{self, SimOptions};
use crate::stats::{self, Recorder, Store};
use crate::table::{GameSetup, Seat};
use crate::tui::sitting::DEFAULT_SPEED_MS;
use crate::tui::theme::Theme;
use crate::tui::{self, Options};

#[derive(Debug, Parser)]
#[command(
    name = "parlor",
    version,
    about = "A terminal parlor for folk dice and card games"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Where stats are kept (default: `$PARLOR_DATA_DIR`, else the platform data directory).
    #[arg(long, global = true, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Sit down at a table (or watch the bots play).
    Play(PlayArgs),
    /// Play bots-only games headless and print what happened (never touches your stats).
    Sim(SimArgs),
    /// Your record: wins, games, biggest pots, for each game.
    Stats(StatsArgs),
    /// Watch a finished or abandoned game again.
    Replay(ReplayArgs),
    /// Every seat's chance from the start (Forty-One: the best single turn's figures).
    Odds(OddsArgs),
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Only this game.
    #[arg(long, value_parser = parse_game)]
    pub game: Option<GameId>,
    /// Print `{"version": V, "records": [...]}`.
    #[arg(long)]
    pub json: bool,
    /// Start over (the old file is kept as a backup); needs --yes.
    #[arg(long)]
    pub reset: bool,
    /// Confirm --reset.
    #[arg(long, requires = "reset")]
    pub yes: bool,
}

#[derive(Debug, Args)]
#[allow(clippy::struct_excessive_bools)] // each is one command-line switch
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Milliseconds a bot waits before each move (0: at once).
    #[arg(long, default_value_t = DEFAULT_SPEED_MS, value_name = "MS")]
    pub speed: u64,
    /// Your seat plays itself (press a to take it back).
    #[arg(long)]
    pub auto: bool,
    /// Every seat is a bot: sit back and watch.
    #[arg(long)]
    pub watch: bool,
    /// No dice animation.
    #[arg(long)]
    pub reduced_motion: bool,
    /// Plain lines instead of the full screen: for screen readers and scripts.
    #[arg(long)]
    pub plain: bool,
    /// With --plain: play this many games in a row (seeds S, S+1, ...), then exit.
    #[arg(long, default_value_t = 1, requires = "plain")]
    pub games: u64,
    /// Deal the game of a game code (shown when a game ends), instead of GAME and its
    /// settings.
    #[arg(long, value_name = "CODE")]
    pub code: Option<String>,
}

#[derive(Debug, Args)]
pub struct OddsArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Print one JSON object: `seat_win`, `method` (exact or monte-carlo), `std_error`.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A replay file (see the replays folder in the data directory).
    #[arg(required_unless_present = "last", conflicts_with = "last")]
    pub file: Option<PathBuf>,
    /// The newest replay.
    #[arg(long)]
    pub last: bool,
    /// Print the game's log instead of opening the viewer.
    #[arg(long)]
    pub plain: bool,
    /// Milliseconds between steps when playing.
    #[arg(long, default_value_t = DEFAULT_SPEED_MS, value_name = "MS")]
    pub speed: u64,
}

/// The settings every game command shares.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    /// aces-in-the-pot, swedish-aces, lcr, forty-one or chase-the-ace
    #[arg(value_parser = parse_game)]
    pub game: Option<GameId>,
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
        let game = self.game.ok_or_else(|| SettingsError::NoGame {
            known: GameId::ALL.map(GameId::name).join(", "),
        })?;
        Settings::new(
            game,
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
    /// Threads to play on (default: every core). The figures are the same for any number.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
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

/// Print a line on stdout. A reader that went away (`parlor sim ... | head`) ends the
/// program quietly, as it does for other command-line tools, instead of a panic.
fn say_line(text: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(text).and_then(|()| out.write_all(b"\n")) {
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
    let cli = Cli::parse();
    let data_dir = stats::data_dir(cli.data_dir.as_deref());
    match cli.command {
        Some(Command::Sim(args)) => run_sim(&args),
        Some(Command::Play(args)) => run_play(&args, data_dir),
        Some(Command::Stats(args)) => run_stats(&args, data_dir),
        Some(Command::Replay(args)) => run_replay(&args, data_dir.as_deref()),
        Some(Command::Odds(args)) => run_odds(&args),
        None => run_tui(
            data_dir,
            Options {
                speed_ms: DEFAULT_SPEED_MS,
                auto: false,
                reduced_motion: false,
                theme: theme_wanted(),
                ..Options::default()
            },
            None,
        ),
    }
}

/// 128 + the signal that stopped the parlor, as a shell expects; else `code`.
fn stopped_or(code: ExitCode) -> ExitCode {
    signals::requested().map_or(code, |signal| ExitCode::from(128 + signal as u8))
}

/// `NO_COLOR` (any non-empty value) turns colour off: <https://no-color.org>.
fn theme_wanted() -> Theme {
    if std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) {
        Theme::dark()
    } else {
        Theme::plain()
    }
}

fn run_tui(data_dir: Option<PathBuf>, options: Options, setup: Option<GameSetup>) -> ExitCode {
    let recorder = data_dir.map_or_else(Recorder::off, |dir| {
        Recorder::on(Store::new(dir).telling_waits(tui::tell))
    });
    match tui::run(options, setup, recorder) {
        Ok(notices) => {
            // What the screen said about the stats, again where it stays readable (if the
            // terminal is still there: writing to a closed one must not panic).
            let mut stderr = std::io::stderr();
            for notice in notices {
                let _ = writeln!(stderr, "parlor: {notice}");
            }
            stopped_or(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: the terminal failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The settings and seed of `play`: from a game code, or from GAME and its flags.
fn play_settings(args: &PlayArgs) -> Result<(Settings, u64), String> {
    let Some(code) = &args.code else {
        let settings = args.game.settings().map_err(|e| e.to_string())?;
        return Ok((settings, args.game.seed()));
    };
    let g = &args.game;
    let flags = [
        g.players.is_some(),
        g.chips.is_some(),
        g.dice.is_some(),
        g.lives.is_some(),
        !g.variants.is_empty(),
    ];
    if g.game.is_some()
        || g.seed.is_some()
        || flags.contains(&true)
        || g.stakes.is_some()
        || g.bank.is_some()
        || g.rounds.is_some()
    {
        return Err(
            "a game code already holds the game, its settings and the seed: give --code alone"
                .to_owned(),
        );
    }
    replay::parse_code(code)
}

fn run_play(args: &PlayArgs, data_dir: Option<PathBuf>) -> ExitCode {
    let (settings, seed) = match play_settings(args) {
        Ok(found) => found,
        Err(e) => return refuse(&e),
    };
    let levels = match settings.bot_levels(args.game.bot.as_deref()) {
        Ok(levels) => levels,
        Err(e) => return refuse(&e),
    };
    let setup = GameSetup {
        settings,
        seats: Seat::defaults(&levels, !args.watch),
        seed,
    };
    if args.plain {
        return run_plain(args, &setup, data_dir);
    }
    let options = Options {
        speed_ms: args.speed,
        auto: args.auto,
        reduced_motion: args.reduced_motion,
        theme: theme_wanted(),
        ..Options::default()
    };
    run_tui(data_dir, options, Some(setup))
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
            recorder.record_table(table, args.auto);
            warn(&mut recorder);
        },
    );
    if let Some(signal) = signals::requested() {
        return ExitCode::from(128 + signal as u8);
    }
    match ended {
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
    let settings = match args.game.settings() {
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

fn run_replay(args: &ReplayArgs, data_dir: Option<&std::path::Path>) -> ExitCode {
    let path = match (&args.file, data_dir) {
        (Some(file), _) => file.clone(),
        (None, Some(dir)) => match replay::last(dir) {
            Ok(path) => path,
            Err(e) => return refuse(&e),
        },
        (None, None) => {
            return refuse(&"no data directory: set PARLOR_DATA_DIR or pass --data-dir");
        }
    };
    let (replay, timeline) = match replay::Replay::load(&path) {
        Ok(loaded) => loaded,
        Err(e) => return refuse(&e),
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
    let options = Options {
        speed_ms: args.speed,
        auto: false,
        reduced_motion: false,
        theme: theme_wanted(),
        ..Options::default()
    };
    match tui::run_replay(options, timeline) {
        Ok(()) => stopped_or(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("error: the terminal failed: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_stats(args: &StatsArgs, data_dir: Option<PathBuf>) -> ExitCode {
    let Some(dir) = data_dir else {
        eprintln!("error: no data directory: set PARLOR_DATA_DIR or pass --data-dir");
        return ExitCode::from(USAGE);
    };
    let store = Store::new(dir).telling_waits(tell_stderr);
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
    if args.json {
        let json = serde_json::json!({ "version": stats.version, "records": records });
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
    say!(
        "{:<24} {:<8} {:>6} {:>6} {:>7} {:>9} {:>8} {:>9}  rules",
        "game",
        "kind",
        "games",
        "wins",
        "win %",
        "abandoned",
        "best pot",
        "streak"
    );
    for r in records {
        let rate = if r.games == 0 {
            0.0
        } else {
            100.0 * r.wins as f64 / r.games as f64
        };
        let kind = match r.kind {
            stats::Kind::Played => "played",
            stats::Kind::Watched => "watched",
        };
        say!(
            "{:<24} {kind:<8} {:>6} {:>6} {rate:>6.1}% {:>9} {:>8} {:>4}/{:<4}  {}",
            r.game.title(),
            r.games,
            r.wins,
            r.abandoned,
            r.biggest_pot,
            r.current_streak,
            r.longest_streak,
            r.rules
        );
        if r.kind == stats::Kind::Watched {
            say!("{:<24} wins by seat: {:?}", "", r.wins_by_seat);
        }
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
    }
    ExitCode::SUCCESS
}
