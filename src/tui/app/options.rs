//! How the parlor was started, and what the config file says of look, pace and keys.

use crate::config::{Config, ThemeChoice};
use crate::keymap::Keymap;
use crate::stage::Pacing;
use crate::tui::commands;
use crate::tui::theme::Theme;
use crate::words::Language;

/// How the parlor was started: what every new table starts with, and how it looks.
#[derive(Clone, Debug)]
#[allow(clippy::struct_excessive_bools)] // independent switches of the parlor
pub struct Options {
    /// The language the screen speaks (the config's, unless `--lang` fixed it).
    pub language: Language,
    pub speed_ms: u64,
    pub auto: bool,
    pub reduced_motion: bool,
    pub theme: Theme,
    /// Only ASCII on screen.
    pub ascii: bool,
    /// Ring the terminal's bell when it becomes your turn after the bots have moved.
    pub bell: bool,
    /// The mouse picks choices (off: the terminal keeps it, to select text).
    pub mouse: bool,
    /// The terminal's background is light (`None`: it could not be asked), for `auto`.
    pub light_background: Option<bool>,
    /// What this run's flags (or `NO_COLOR`) fixed, which the config file does not change.
    pub pinned: Pinned,
    /// The keys `[keys]` moved, less any that clash (told when the file was read).
    pub keymap: Keymap,
}

/// Options a run's flags fixed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // one per flag
pub struct Pinned {
    pub language: bool,
    pub speed: bool,
    pub reduced_motion: bool,
    pub theme: bool,
    pub ascii: bool,
}

impl Default for Options {
    /// The parlor as it comes: the default config's look and pace.
    fn default() -> Self {
        let mut options = Options {
            language: Language::English,
            speed_ms: 0,
            auto: false,
            reduced_motion: false,
            theme: Theme::dark(),
            ascii: false,
            bell: false,
            mouse: true,
            light_background: None,
            pinned: Pinned::default(),
            keymap: Keymap::default(),
        };
        options.follow(&Config::default());
        options
    }
}

impl Options {
    /// Look and pace as `config` says, but for what this run's flags fixed.
    pub fn follow(&mut self, config: &Config) {
        let pinned = self.pinned;
        if !pinned.language {
            self.language = config.language.resolve();
        }
        if !pinned.theme {
            self.choose_theme(config.theme, config);
        }
        if !pinned.ascii {
            self.ascii = config.ascii;
        }
        if !pinned.speed {
            self.speed_ms = config.speed_ms;
        }
        if !pinned.reduced_motion {
            self.reduced_motion = config.reduced_motion;
        }
        self.bell = config.bell;
        self.mouse = config.mouse;
        self.keymap = commands::settle(&config.keys).0;
    }

    /// `choice`, with the terminal's background answering `auto`, in `config`'s colours.
    pub fn choose_theme(&mut self, choice: ThemeChoice, config: &Config) {
        self.theme = Theme::chosen(choice, self.light_background).painted(&config.colors);
    }

    pub(super) fn pacing(&self) -> Pacing {
        Pacing {
            speed_ms: self.speed_ms,
            reduced_motion: self.reduced_motion,
        }
    }
}
