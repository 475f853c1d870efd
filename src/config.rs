//! Settings that stick: `config.toml` in the platform config directory (or
//! `PARLOR_CONFIG_DIR`). A bad value is reported by its key and line and the rest still
//! applies; the settings screen writes the same file.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use thiserror::Error;
use toml::Spanned;

use ratatui::style::Color;

use crate::colors::{Painted, UnknownRole, colour_text, parse_colour};
use crate::files::{self, Contents, ReadError, SaveError};
use crate::games::{BotLevel, GameId, SettingsError};
use crate::keymap::{KeyMistake, Keymap};
use crate::untrusted;
use crate::words::{Language, UnknownLanguage};

/// The file's name in the config directory.
pub const FILE_NAME: &str = "config.toml";
/// A config file is a few lines: anything bigger is not one.
const MAX_FILE_BYTES: u64 = 64 * 1024;
/// Bot delays a config may ask for, in milliseconds.
pub const MOST_SPEED_MS: u64 = 10_000;

/// The themes a player can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ThemeChoice {
    #[default]
    Dark,
    Light,
    /// Light or dark from the terminal's background where it can be asked, dark otherwise.
    Auto,
    HighContrast,
}

impl ThemeChoice {
    pub const ALL: [ThemeChoice; 4] = [
        ThemeChoice::Dark,
        ThemeChoice::Light,
        ThemeChoice::Auto,
        ThemeChoice::HighContrast,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ThemeChoice::Dark => "dark",
            ThemeChoice::Light => "light",
            ThemeChoice::Auto => "auto",
            ThemeChoice::HighContrast => "high-contrast",
        }
    }
}

impl fmt::Display for ThemeChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The language the parlor speaks: the environment's (`auto`: `LC_ALL`, `LC_MESSAGES`,
/// `LANG`), or one chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LanguageChoice {
    #[default]
    Auto,
    Chosen(Language),
}

impl LanguageChoice {
    pub const ALL: [LanguageChoice; 3] = [
        LanguageChoice::Auto,
        LanguageChoice::Chosen(Language::English),
        LanguageChoice::Chosen(Language::Swedish),
    ];

    /// The language it comes to here.
    pub fn resolve(self) -> Language {
        match self {
            LanguageChoice::Auto => Language::from_environment(),
            LanguageChoice::Chosen(language) => language,
        }
    }

    /// As config.toml and `--lang` spell it: `auto`, `en`, `sv`.
    pub fn code(self) -> &'static str {
        match self {
            LanguageChoice::Auto => "auto",
            LanguageChoice::Chosen(language) => language.code(),
        }
    }
}

impl fmt::Display for LanguageChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for LanguageChoice {
    type Err = UnknownLanguage;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "auto" {
            return Ok(LanguageChoice::Auto);
        }
        s.parse().map(LanguageChoice::Chosen)
    }
}

/// A name that is none of the themes'.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{}' is not a theme: {}", .0, theme_names())]
pub struct UnknownTheme(pub String);

fn theme_names() -> String {
    let names: Vec<&str> = ThemeChoice::ALL.iter().map(|t| t.name()).collect();
    names.join(", ")
}

impl FromStr for ThemeChoice {
    type Err = UnknownTheme;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ThemeChoice::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| UnknownTheme(untrusted::quote(s)))
    }
}

/// Every setting, as in force.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // independent switches
pub struct Config {
    /// The language the screens and lines speak.
    pub language: LanguageChoice,
    pub theme: ThemeChoice,
    /// Only ASCII on screen.
    pub ascii: bool,
    /// A bot's delay before each move, in milliseconds.
    pub speed_ms: u64,
    /// No tumbling dice; every beat instant.
    pub reduced_motion: bool,
    /// The mouse picks choices (off: the terminal's own selection, to copy a game code).
    pub mouse: bool,
    /// The bell when it becomes your turn after the bots have moved.
    pub bell: bool,
    /// Your name at the table.
    pub name: String,
    /// How much the line modes (`--plain`) say of the table after each turn.
    pub lines: crate::plain::Detail,
    /// The bot level each game starts with, where it has several.
    pub bots: BTreeMap<GameId, BotLevel>,
    /// Colours in place of the theme's, for roles and seats (`[colors]`).
    pub colors: BTreeMap<Painted, Color>,
    /// The actions given keys of the player's own.
    pub keys: Keymap,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            language: LanguageChoice::Auto,
            theme: ThemeChoice::Dark,
            ascii: false,
            speed_ms: crate::stage::DEFAULT_SPEED_MS,
            reduced_motion: false,
            mouse: true,
            bell: false,
            name: crate::games::YOU.to_owned(),
            lines: crate::plain::Detail::Full,
            bots: BTreeMap::new(),
            colors: BTreeMap::new(),
            keys: Keymap::default(),
        }
    }
}

/// What is wrong with a line of the config file; the setting keeps its default.
///
/// Shown with nothing in it that would steer the terminal, whatever a mistake quotes: the
/// file's text is quoted where each mistake is made, and this is the net under them all.
#[derive(Debug, Error)]
#[error("{path} line {line}: {}", untrusted::printable(&.mistake.to_string()))]
pub struct ConfigProblem {
    pub path: String,
    pub line: usize,
    pub mistake: ConfigMistake,
}

/// What a config file, or a line of it, gets wrong. A value is as the file writes it.
#[derive(Debug, Error)]
pub enum ConfigMistake {
    #[error("{0}: every setting keeps its default")]
    Unread(ReadError),
    #[error("not text (UTF-8): every setting keeps its default")]
    NotText,
    /// The file is no TOML, in toml's own words.
    #[error("{0}: every setting keeps its default")]
    NotToml(String),
    #[error("{key} = {value}: {key} is true or false")]
    NotAFlag { key: String, value: String },
    #[error("language = {0}: a language is a code in quotes (\"auto\", \"en\", \"sv\")")]
    LanguageNotACode(String),
    #[error("language: {0}")]
    Language(#[from] UnknownLanguage),
    #[error("theme = {0}: a theme is a name in quotes")]
    ThemeNotAName(String),
    #[error("theme: {0}")]
    Theme(#[from] UnknownTheme),
    #[error("speed = {0}: a bot's delay in milliseconds, 0 to {MOST_SPEED_MS}")]
    Speed(String),
    #[error("name = {}: a name in quotes, 1 to {} letters", .0, crate::table::MAX_NAME_CHARS)]
    Name(String),
    #[error("lines = {0}: lines are \"brief\" or \"full\", in quotes")]
    Lines(String),
    #[error("unknown setting '{}' (the settings are {})", .0, KEYS.join(", "))]
    UnknownSetting(String),
    #[error("bots: a table of levels, e.g. [bots] then forty-one = \"safe\"")]
    BotsNotATable,
    /// A `[bots]` entry names no game.
    #[error(transparent)]
    BotsGame(#[from] SettingsError),
    #[error("bots.{game} = {level}: a level in quotes")]
    LevelNotAName { game: GameId, level: String },
    #[error("bots.{game} = \"{name}\": {game}'s levels are {}", level_names(*.game))]
    UnknownLevel { game: GameId, name: String },
    #[error("colors: a table of colours, e.g. [colors] then banner = \"light-magenta\"")]
    ColorsNotATable,
    #[error("colors.{0}")]
    UnknownRole(#[from] UnknownRole),
    #[error(
        "colors.{painted} = {value}: a colour is a name (\"yellow\", \"light-red\"), a number \
         of the 256-colour palette (214) or \"#rrggbb\""
    )]
    NotAColour { painted: Painted, value: String },
    /// A `[keys]` entry, or the table, is wrong.
    #[error(transparent)]
    Keys(#[from] KeyMistake),
}

/// A value as the file writes it, as a message quotes it (see [`untrusted::quote`]): a
/// string may hold what would steer the terminal, and be of any length.
fn quoted(value: &toml::Value) -> String {
    untrusted::quote(&value.to_string())
}

/// A `[keys]` mistake with the file's text in it quoted (see [`untrusted::quote`]).
fn keys_quoted(mistake: KeyMistake) -> KeyMistake {
    match mistake {
        KeyMistake::UnknownAction(name) => KeyMistake::UnknownAction(untrusted::quote(&name)),
        KeyMistake::NotKeys { action, value } => KeyMistake::NotKeys {
            action,
            value: untrusted::quote(&value),
        },
        KeyMistake::NoSuchKey { action, key } => KeyMistake::NoSuchKey {
            action,
            key: untrusted::quote(&key),
        },
        KeyMistake::Clash {
            action,
            key,
            by,
            screen,
        } => KeyMistake::Clash {
            action,
            key: untrusted::quote(&key),
            by,
            screen,
        },
        KeyMistake::NotATable => KeyMistake::NotATable,
    }
}

/// One `[colors]` entry: what it colours, and the colour.
fn colour_entry(painted: &str, colour: &toml::Value) -> Result<(Painted, Color), ConfigMistake> {
    let painted = painted
        .parse::<Painted>()
        .map_err(|UnknownRole(role)| UnknownRole(untrusted::quote(&role)))?;
    let colour = parse_colour(colour).ok_or_else(|| ConfigMistake::NotAColour {
        painted,
        value: quoted(colour),
    })?;
    Ok((painted, colour))
}

/// `game`'s bot levels by name, as a list in words.
fn level_names(game: GameId) -> String {
    let names: Vec<&str> = game.bot_levels().iter().map(|l| l.name()).collect();
    names.join(", ")
}

/// The settings' names, as the file spells them (`bots` is a table of its own).
pub const KEYS: [&str; 11] = [
    "language",
    "theme",
    "ascii",
    "speed",
    "reduced_motion",
    "mouse",
    "bell",
    "name",
    "lines",
    "bots",
    "colors",
];

/// One `[bots]` entry: a game and one of its levels.
fn bot_entry(game: &str, level: &toml::Value) -> Result<(GameId, BotLevel), ConfigMistake> {
    let game = game.parse::<GameId>()?;
    let name = level.as_str().ok_or_else(|| ConfigMistake::LevelNotAName {
        game,
        level: quoted(level),
    })?;
    game.bot_levels()
        .iter()
        .copied()
        .find(|l| l.name() == name)
        .map(|l| (game, l))
        .ok_or_else(|| ConfigMistake::UnknownLevel {
            game,
            name: untrusted::quote(name),
        })
}

/// The config directory: `PARLOR_CONFIG_DIR`, else the platform's.
pub fn config_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PARLOR_CONFIG_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "parlor").map(|p| p.config_dir().to_path_buf())
}

/// The line (from 1) that byte `offset` of `text` is on.
fn line_at(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].lines().count().max(1)
        + usize::from(text[..offset.min(text.len())].ends_with('\n'))
}

/// The line of a table's entry `name`, which toml's values do not keep: the first line
/// after the table's start (`from`) that sets it (`name =`, the name perhaps quoted), so
/// that `up` is not found in `down = "pgup"`; else the table's own line.
fn entry_line(text: &str, from: usize, name: &str) -> usize {
    let start = from.min(text.len());
    let mut offset = start;
    for line in text[start..].split_inclusive('\n') {
        let quotes: &[char] = &['"', '\''];
        let sets = line
            .trim_start()
            .trim_start_matches(quotes)
            .strip_prefix(name)
            .is_some_and(|rest| {
                rest.trim_start_matches(quotes)
                    .trim_start()
                    .starts_with('=')
            });
        if sets {
            return line_at(text, offset);
        }
        offset += line.len();
    }
    line_at(text, from)
}

impl Config {
    /// The settings in `dir`'s config file over the defaults, and what was wrong in it. A
    /// missing file is all defaults and no problem.
    pub fn load(dir: &Path) -> (Config, Vec<ConfigProblem>) {
        let path = dir.join(FILE_NAME);
        match files::read_regular(&path, MAX_FILE_BYTES) {
            Ok(contents) => match String::from_utf8(contents.bytes) {
                Ok(text) => Config::parse(&text, &path.display().to_string()),
                Err(_) => (
                    Config::default(),
                    vec![ConfigProblem {
                        path: path.display().to_string(),
                        line: 1,
                        mistake: ConfigMistake::NotText,
                    }],
                ),
            },
            Err(e) if e.is_not_found() => (Config::default(), Vec::new()),
            Err(e) => (
                Config::default(),
                vec![ConfigProblem {
                    path: path.display().to_string(),
                    line: 1,
                    mistake: ConfigMistake::Unread(e),
                }],
            ),
        }
    }

    /// Settings from a config file's text (`path` names it in problems).
    pub fn parse(text: &str, path: &str) -> (Config, Vec<ConfigProblem>) {
        let mut config = Config::default();
        let mut problems = Vec::new();
        let problem = |line: usize, mistake: ConfigMistake| ConfigProblem {
            path: path.to_owned(),
            line,
            mistake,
        };
        let table: BTreeMap<Spanned<String>, Spanned<toml::Value>> = match toml::from_str(text) {
            Ok(table) => table,
            Err(e) => {
                let line = e.span().map_or(1, |span| line_at(text, span.start));
                let message = e.message().trim().to_owned();
                problems.push(problem(
                    line,
                    ConfigMistake::NotToml(untrusted::reason(&message)),
                ));
                return (config, problems);
            }
        };
        for (key, value) in &table {
            let key_line = line_at(text, key.span().start);
            let (entries, from) = (value.get_ref(), value.span().start);
            let result = if key.get_ref() == "bots" {
                Config::set_table(
                    entries,
                    text,
                    from,
                    ConfigMistake::BotsNotATable,
                    |game, level| {
                        let (game, level) = bot_entry(game, level)?;
                        config.bots.insert(game, level);
                        Ok(())
                    },
                )
            } else if key.get_ref() == "colors" {
                Config::set_table(
                    entries,
                    text,
                    from,
                    ConfigMistake::ColorsNotATable,
                    |painted, colour| {
                        let (painted, colour) = colour_entry(painted, colour)?;
                        config.colors.insert(painted, colour);
                        Ok(())
                    },
                )
            } else if key.get_ref() == "keys" {
                config.set_keys(entries, text, from)
            } else {
                config
                    .set(key.get_ref(), value.get_ref())
                    .map_err(|mistake| vec![(key_line, mistake)])
            };
            if let Err(found) = result {
                problems.extend(
                    found
                        .into_iter()
                        .map(|(line, mistake)| problem(line, mistake)),
                );
            }
        }
        // Told in the file's order.
        problems.sort_by_key(|p| p.line);
        (config, problems)
    }

    /// Take one setting from the file, or say why not.
    fn set(&mut self, key: &str, value: &toml::Value) -> Result<(), ConfigMistake> {
        let flag = || {
            value.as_bool().ok_or_else(|| ConfigMistake::NotAFlag {
                key: key.to_owned(),
                value: quoted(value),
            })
        };
        match key {
            "language" => {
                let code = value
                    .as_str()
                    .ok_or_else(|| ConfigMistake::LanguageNotACode(quoted(value)))?;
                self.language = code.parse::<LanguageChoice>()?;
            }
            "theme" => {
                let name = value
                    .as_str()
                    .ok_or_else(|| ConfigMistake::ThemeNotAName(quoted(value)))?;
                self.theme = name.parse::<ThemeChoice>()?;
            }
            "ascii" => self.ascii = flag()?,
            "reduced_motion" => self.reduced_motion = flag()?,
            "mouse" => self.mouse = flag()?,
            "bell" => self.bell = flag()?,
            "speed" => {
                self.speed_ms = value
                    .as_integer()
                    .and_then(|ms| u64::try_from(ms).ok())
                    .filter(|&ms| ms <= MOST_SPEED_MS)
                    .ok_or_else(|| ConfigMistake::Speed(quoted(value)))?;
            }
            "lines" => {
                self.lines = value
                    .as_str()
                    .and_then(|word| word.parse().ok())
                    .ok_or_else(|| ConfigMistake::Lines(quoted(value)))?;
            }
            "name" => {
                let most = crate::table::MAX_NAME_CHARS;
                let name = value
                    .as_str()
                    .map(str::trim)
                    .filter(|n| !n.is_empty() && n.chars().count() <= most)
                    .filter(|n| !n.chars().any(char::is_control))
                    .ok_or_else(|| ConfigMistake::Name(quoted(value)))?;
                name.clone_into(&mut self.name);
            }
            _ => return Err(ConfigMistake::UnknownSetting(untrusted::quote(key))),
        }
        Ok(())
    }

    /// A table of entries (`[bots]`, `[colors]`), each taken by `take`. Each bad entry is
    /// a problem of its own, on its own line; the good ones still apply.
    fn set_table(
        value: &toml::Value,
        text: &str,
        from: usize,
        not_a_table: ConfigMistake,
        mut take: impl FnMut(&str, &toml::Value) -> Result<(), ConfigMistake>,
    ) -> Result<(), Vec<(usize, ConfigMistake)>> {
        let Some(table) = value.as_table() else {
            return Err(vec![(line_at(text, from), not_a_table)]);
        };
        let mut problems = Vec::new();
        for (key, entry) in table {
            let line = entry_line(text, from, key);
            if let Err(mistake) = take(key, entry) {
                problems.push((line, mistake));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }

    /// `[keys]`: keys for actions. Each bad entry is a problem on its own line and keeps
    /// the action's default; the good ones still apply.
    fn set_keys(
        &mut self,
        value: &toml::Value,
        text: &str,
        from: usize,
    ) -> Result<(), Vec<(usize, ConfigMistake)>> {
        let Some(table) = value.as_table() else {
            return Err(vec![(line_at(text, from), KeyMistake::NotATable.into())]);
        };
        let (keys, mistakes) = Keymap::read(table, |action| entry_line(text, from, action));
        self.keys = keys;
        if mistakes.is_empty() {
            Ok(())
        } else {
            Err(mistakes
                .into_iter()
                .map(|(line, m)| (line, keys_quoted(m).into()))
                .collect())
        }
    }

    /// The name the player chose for their seat; `None` while it is the default, so that
    /// people sharing a keyboard are numbered rather than one of them called "You".
    pub fn chosen_name(&self) -> Option<&str> {
        (self.name != crate::games::YOU).then_some(self.name.as_str())
    }

    /// The level bots start at in `game`: the config's, else the game's own default.
    pub fn bot_level(&self, game: GameId) -> BotLevel {
        self.bots
            .get(&game)
            .copied()
            .unwrap_or(game.bot_levels()[0])
    }

    /// The settings as a config file.
    pub fn to_toml(&self) -> String {
        let mut text = String::from("# parlor's settings: `parlor config` shows them in force.\n");
        let _ = writeln!(
            text,
            "language = \"{}\"  # auto (from LANG), en, sv",
            self.language
        );
        let _ = writeln!(
            text,
            "theme = \"{}\"  # dark, light, auto, high-contrast",
            self.theme
        );
        let _ = writeln!(text, "ascii = {}", self.ascii);
        let _ = writeln!(
            text,
            "speed = {}  # a bot's delay in milliseconds",
            self.speed_ms
        );
        let _ = writeln!(text, "reduced_motion = {}", self.reduced_motion);
        let _ = writeln!(text, "mouse = {}", self.mouse);
        let _ = writeln!(text, "bell = {}", self.bell);
        let _ = writeln!(text, "name = {}", toml::Value::String(self.name.clone()));
        let _ = writeln!(text, "lines = \"{}\"  # brief, full", self.lines.word());
        if !self.bots.is_empty() {
            text.push_str("\n[bots]\n");
            for (game, level) in &self.bots {
                let _ = writeln!(text, "{game} = \"{level}\"");
            }
        }
        if !self.colors.is_empty() {
            text.push_str("\n[colors]\n");
            for (painted, &colour) in &self.colors {
                let _ = writeln!(text, "{painted} = {}", colour_text(colour));
            }
        }
        let mut moved = self.keys.moved().peekable();
        if moved.peek().is_some() {
            text.push_str("\n[keys]\n");
            for (action, keys) in moved {
                let _ = writeln!(text, "{action} = {}", Keymap::value_of(keys));
            }
        }
        text
    }

    /// A config file with every setting at its default and what each does, for
    /// `parlor config --default` (a start for writing your own).
    pub fn commented_default() -> String {
        let defaults = Config::default();
        let themes: Vec<&str> = ThemeChoice::ALL.iter().map(|t| t.name()).collect();
        let mut text = String::from(
            "# parlor's settings (config.toml). Every setting is optional: a missing one is\n\
             # its default, shown here. `parlor config` shows the values in force and where\n\
             # each came from; a flag on the command line wins over the file.\n\n",
        );
        let mut setting = |about: &str, line: String| {
            let _ = writeln!(text, "# {about}\n{line}\n");
        };
        setting(
            "The language: auto (LC_ALL, LC_MESSAGES or LANG), en (English), sv (svenska).",
            format!("language = \"{}\"", defaults.language),
        );
        setting(
            &format!("The colours: {}.", themes.join(", ")),
            format!("theme = \"{}\"", defaults.theme),
        );
        setting(
            "Only ASCII on screen, for terminals and fonts without the symbols.",
            format!("ascii = {}", defaults.ascii),
        );
        setting(
            &format!("A bot's delay before each move, in milliseconds (0 to {MOST_SPEED_MS})."),
            format!("speed = {}", defaults.speed_ms),
        );
        setting(
            "No tumbling dice: every beat of the show instant.",
            format!("reduced_motion = {}", defaults.reduced_motion),
        );
        setting(
            "The mouse picks choices (false: the terminal's own selection, to copy text).",
            format!("mouse = {}", defaults.mouse),
        );
        setting(
            "Ring the bell when it becomes your turn after the bots have moved.",
            format!("bell = {}", defaults.bell),
        );
        setting(
            &format!(
                "Your name at the table (1 to {} letters).",
                crate::table::MAX_NAME_CHARS
            ),
            format!("name = {}", toml::Value::String(defaults.name.clone())),
        );
        setting(
            "What the line modes (--plain) say after each turn: full, the whole table; brief,\n\
             # only the holdings that changed (the events are said either way).",
            format!("lines = \"{}\"", defaults.lines.word()),
        );
        text.push_str("# The level bots start at, for each game that has several.\n[bots]\n");
        for game in GameId::ALL.into_iter().filter(|g| g.bot_levels().len() > 1) {
            let levels: Vec<&str> = game.bot_levels().iter().map(|l| l.name()).collect();
            let _ = writeln!(
                text,
                "{game} = \"{}\"  # {}",
                defaults.bot_level(game).name(),
                levels.join(", ")
            );
        }
        text
    }

    /// Write the settings to `dir`'s config file, whole or not at all, as the stats file is
    /// written: through a symbolic link, keeping the file's permissions, never over a
    /// read-only file. A file with lines this parlor cannot read is kept aside first (the
    /// settings screen writes only the settings it knows).
    pub fn save(&self, dir: &Path) -> Result<Saved, SaveError> {
        let path = dir.join(FILE_NAME);
        std::fs::create_dir_all(dir).map_err(|source| SaveError::Io {
            path: path.clone(),
            source,
        })?;
        let contents = match files::read_regular(&path, MAX_FILE_BYTES) {
            Ok(contents) => Some(contents),
            Err(e) if e.is_not_found() => None,
            Err(e) => return Err(e.into()),
        };
        let unreadable = |contents: &Contents| {
            std::str::from_utf8(&contents.bytes)
                .map_or(true, |text| !Config::parse(text, FILE_NAME).1.is_empty())
        };
        let kept = match &contents {
            Some(contents) if !contents.permissions.readonly() && unreadable(contents) => Some(
                files::keep_copy(&path, "before", contents).map_err(|source| SaveError::Io {
                    path: path.clone(),
                    source,
                })?,
            ),
            _ => None,
        };
        let path = files::save(&path, self.to_toml().as_bytes(), contents.as_ref())?;
        Ok(Saved { path, kept })
    }
}

/// Where the settings were saved, and where the file they replaced was kept if it had
/// lines that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    pub path: PathBuf,
    pub kept: Option<PathBuf>,
}

impl fmt::Display for Saved {
    /// `saved to PATH`, and where the old file is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "saved to {}", self.path.display())?;
        if let Some(kept) = &self.kept {
            write!(
                f,
                "; the old file had lines it could not read and is kept as {}",
                kept.display()
            )?;
        }
        Ok(())
    }
}
