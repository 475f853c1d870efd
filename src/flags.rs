//! The command-line flags that more than one front door reads: the full screen's look and
//! pace, the data directory, and the table `play` deals (the parlor's own command line and a
//! guest's `ssh HOST play ...` both take them). Below both `cli` and `host`, so neither
//! needs the other.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, StringValueParser, TypedValueParser};
use clap_complete::engine::{ArgValueCompleter, CompletionCandidate};
use thiserror::Error;

use crate::config::{Config, LanguageChoice, ThemeChoice};
use crate::games::{BotLevel, GameId, Settings, SettingsError, SettingsRequest, Variant};
use crate::plain::Detail;
use crate::replay;
use crate::stats;
use crate::table::{GameSetup, Seat};
use crate::tui::Options;
use crate::tui::app::Pinned;
use crate::tui::theme::Theme;
use crate::words::Language;

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

/// The language the parlor speaks.
#[derive(Debug, Args)]
pub struct LanguageArg {
    // The help's words as written, not a doc comment: clippy would have the variables in
    // backticks, which the help would print.
    #[arg(
        long = "lang",
        value_name = "LANG",
        value_parser = language_parser(),
        help = "en (English), sv (svenska) or auto (from LC_ALL, LC_MESSAGES or LANG); \
                default: the config's, auto. --help and the manual pages are in English"
    )]
    pub language: Option<LanguageChoice>,
}

/// Whether this run's command line chose the language (`--lang`): the full screen then
/// speaks it to the end, whatever the settings screen saves for the next run. Noted where
/// the command line's language is resolved, once at the start.
static LANGUAGE_FIXED: AtomicBool = AtomicBool::new(false);

impl LanguageArg {
    /// The language asked for, else `config`'s.
    pub fn resolve(&self, config: &Config) -> Language {
        if self.language.is_some() {
            LANGUAGE_FIXED.store(true, Ordering::Relaxed);
        }
        self.language.unwrap_or(config.language).resolve()
    }
}

/// LANG: a language's code, or auto.
fn language_parser() -> impl TypedValueParser<Value = LanguageChoice> {
    PossibleValuesParser::new(LanguageChoice::ALL.map(LanguageChoice::code)).map(|code| {
        code.parse()
            .expect("the possible values are the languages' codes")
    })
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
    pub fn resolve(&self) -> Option<PathBuf> {
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
    /// Counters each (help-your-neighbour).
    #[arg(long, value_name = "N")]
    pub counters: Option<u8>,
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
            counters: self.counters,
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
    /// forty-one, help-your-neighbour: rounds in the match.
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
pub struct PlayArgs {
    /// The game to play (or --code instead).
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
    pub lines: LinesArg,
    #[command(flatten)]
    pub data: DataDirArg,
    #[command(flatten)]
    pub language: LanguageArg,
}

/// How much the lines of `--plain` say after each turn, over what the config file says.
#[derive(Debug, Args, Clone, Copy, Default)]
pub struct LinesArg {
    /// With --plain: after each turn, the whole table (full) or only the holdings that
    /// changed (brief) (default: the config's lines, full).
    #[arg(
        long = "lines",
        value_name = "brief|full",
        requires = "plain",
        value_parser = PossibleValuesParser::new(Detail::ALL.map(Detail::word))
            .try_map(|word| word.parse::<Detail>())
    )]
    pub detail: Option<Detail>,
}

impl LinesArg {
    /// The flag's, else the config file's (read here: the line modes read no other setting).
    pub fn resolve(self) -> Detail {
        self.detail.unwrap_or_else(|| {
            crate::config::config_dir()
                .map(|dir| Config::load(&dir).0.lines)
                .unwrap_or_default()
        })
    }
}

/// Why `play`'s flags deal no table.
#[derive(Debug, Error)]
pub enum DealError {
    /// `--code` is no game code this parlor deals.
    #[error(transparent)]
    Code(#[from] replay::CodeError),
    /// GAME's flags ask for settings or bots it does not have.
    #[error(transparent)]
    Settings(#[from] SettingsError),
}

/// The settings and seed of `play`: from a game code, or from GAME and its flags (clap
/// makes sure there is exactly one of the two).
fn play_settings(args: &PlayArgs) -> Result<(Settings, u64), DealError> {
    match (&args.code, args.game) {
        (Some(code), _) => {
            let coded = replay::parse_code(code)?;
            Ok((coded.settings, coded.seed))
        }
        (None, Some(game)) => {
            let settings = args.deal.settings(game)?;
            Ok((settings, args.deal.seed()))
        }
        (None, None) => unreachable!("clap requires GAME or --code"),
    }
}

impl PlayArgs {
    /// What to tell the player of the game code dealt, if anything: that an older code
    /// carries no check.
    pub fn code_note(&self) -> Option<&'static str> {
        replay::parse_code(self.code.as_deref()?)
            .ok()?
            .unchecked_note()
    }

    /// The table these flags ask for, people (unless `--watch`) taking `names` in order.
    pub fn table(&self, names: &[String]) -> Result<GameSetup, DealError> {
        let (settings, seed) = play_settings(self)?;
        let levels = self.deal.bot_levels(&settings)?;
        let humans: Vec<bool> = (0..levels.len()).map(|i| !self.watch && i == 0).collect();
        Ok(GameSetup {
            settings,
            seats: Seat::seated(&humans, names, &levels),
            seed,
        })
    }
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

/// THEME: one of the themes, by its name.
fn theme_parser() -> impl TypedValueParser<Value = ThemeChoice> {
    PossibleValuesParser::new(ThemeChoice::ALL.map(ThemeChoice::name)).map(|name| {
        name.parse::<ThemeChoice>()
            .expect("the possible values are the themes' names")
    })
}

/// GAME: one of the five, by its command-line name.
pub(crate) fn game_parser() -> impl TypedValueParser<Value = GameId> {
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

impl Options {
    /// The full screen `display`'s flags ask for over `config`, with `auto` for the
    /// person's seat; `no_color` (the `NO_COLOR` convention) takes the colour away whatever
    /// the rest says. `light_background` is the terminal's answer, for the `auto` theme.
    pub fn from_flags(
        display: &DisplayArgs,
        config: &Config,
        auto: bool,
        light_background: Option<bool>,
        no_color: bool,
    ) -> Options {
        let mut options = Options {
            auto,
            light_background,
            pinned: Pinned {
                language: LANGUAGE_FIXED.load(Ordering::Relaxed),
                speed: display.speed.is_some(),
                reduced_motion: display.reduced_motion,
                theme: display.theme.is_some() || no_color,
                ascii: display.ascii,
            },
            ..Options::default()
        };
        // The config's look and pace, but for what the flags fixed, which is set here.
        options.follow(config);
        if let Some(speed) = display.speed {
            options.speed_ms = speed;
        }
        if options.pinned.language {
            // `--lang`'s, which the parlor already speaks.
            options.language = crate::words::spoken();
        }
        options.reduced_motion |= display.reduced_motion;
        options.ascii |= display.ascii;
        if no_color {
            options.theme = Theme::plain();
        } else if let Some(choice) = display.theme {
            options.choose_theme(choice, config);
        }
        options
    }
}
