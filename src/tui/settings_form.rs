//! The settings screen: the config file's settings as a form, saved to the same file.

use std::fmt;

use super::sitting::speed_step;
use crate::config::{Config, LanguageChoice, ThemeChoice};
use crate::files::SaveError;
use crate::games::GameId;
use crate::said;
use crate::table::MAX_NAME_CHARS;

/// Why the settings screen did not save.
#[derive(Debug)]
pub enum Unsaved {
    EmptyName,
    NoConfigDir,
    Save(SaveError),
}

/// Told on the form, in the language the screen speaks.
impl fmt::Display for Unsaved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            Unsaved::EmptyName => said!(settings_error_empty_name),
            Unsaved::NoConfigDir => said!(settings_error_no_config_dir),
            Unsaved::Save(why) => said!(settings_error_save, why = why.to_string()),
        })
    }
}

impl std::error::Error for Unsaved {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Unsaved::Save(why) => Some(why),
            Unsaved::EmptyName | Unsaved::NoConfigDir => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsForm {
    pub config: Config,
    pub row: usize,
    /// Why the last save failed.
    pub error: Option<String>,
    /// `--lang` fixed this run's language: a language saved is for the next run.
    pub language_pinned: bool,
}

/// The rows of the settings form, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsRow {
    Language,
    Theme,
    Ascii,
    Speed,
    Animation,
    Mouse,
    Bell,
    Name,
    /// The bot level a game starts with (games with several).
    Bots(GameId),
    Save,
}

impl SettingsForm {
    pub fn new(config: Config) -> Self {
        SettingsForm {
            config,
            row: 0,
            error: None,
            language_pinned: false,
        }
    }

    pub fn rows() -> Vec<SettingsRow> {
        let mut rows = vec![
            SettingsRow::Language,
            SettingsRow::Theme,
            SettingsRow::Ascii,
            SettingsRow::Speed,
            SettingsRow::Animation,
            SettingsRow::Mouse,
            SettingsRow::Bell,
            SettingsRow::Name,
        ];
        rows.extend(
            GameId::ALL
                .into_iter()
                .filter(|g| g.bot_levels().len() > 1)
                .map(SettingsRow::Bots),
        );
        rows.push(SettingsRow::Save);
        rows
    }

    pub fn current_row(&self) -> Option<SettingsRow> {
        SettingsForm::rows().get(self.row).copied()
    }

    pub fn move_row(&mut self, delta: i8) {
        let count = SettingsForm::rows().len() as i32;
        self.row = (self.row as i32 + i32::from(delta)).rem_euclid(count) as usize;
    }

    /// Step the current row's value back or on (round the choices), or flip it.
    pub fn adjust(&mut self, delta: i8) {
        let step = |at: usize, count: usize| {
            (at as i32 + i32::from(delta)).rem_euclid(count as i32) as usize
        };
        let row = self.current_row();
        let config = &mut self.config;
        match row {
            Some(SettingsRow::Language) => {
                let at = LanguageChoice::ALL
                    .iter()
                    .position(|&l| l == config.language)
                    .unwrap_or(0);
                config.language = LanguageChoice::ALL[step(at, LanguageChoice::ALL.len())];
            }
            Some(SettingsRow::Theme) => {
                let at = ThemeChoice::ALL
                    .iter()
                    .position(|&t| t == config.theme)
                    .unwrap_or(0);
                config.theme = ThemeChoice::ALL[step(at, ThemeChoice::ALL.len())];
            }
            Some(SettingsRow::Speed) => config.speed_ms = speed_step(config.speed_ms, delta),
            Some(SettingsRow::Bots(game)) => {
                let levels = game.bot_levels();
                let at = levels
                    .iter()
                    .position(|&l| l == config.bot_level(game))
                    .unwrap_or(0);
                config.bots.insert(game, levels[step(at, levels.len())]);
            }
            Some(
                SettingsRow::Ascii
                | SettingsRow::Animation
                | SettingsRow::Mouse
                | SettingsRow::Bell,
            ) => {
                self.toggle();
            }
            Some(SettingsRow::Name | SettingsRow::Save) | None => {}
        }
    }

    /// Space on the current row.
    pub fn toggle(&mut self) {
        let row = self.current_row();
        let config = &mut self.config;
        match row {
            Some(SettingsRow::Ascii) => config.ascii = !config.ascii,
            Some(SettingsRow::Animation) => config.reduced_motion = !config.reduced_motion,
            Some(SettingsRow::Mouse) => config.mouse = !config.mouse,
            Some(SettingsRow::Bell) => config.bell = !config.bell,
            Some(
                SettingsRow::Language
                | SettingsRow::Theme
                | SettingsRow::Speed
                | SettingsRow::Bots(_),
            ) => self.adjust(1),
            Some(SettingsRow::Name | SettingsRow::Save) | None => {}
        }
    }

    pub fn type_char(&mut self, c: char) {
        let on_name = self.current_row() == Some(SettingsRow::Name);
        let name = &mut self.config.name;
        if on_name && !c.is_control() && name.chars().count() < MAX_NAME_CHARS {
            name.push(c);
        }
    }

    pub fn erase(&mut self) {
        if self.current_row() == Some(SettingsRow::Name) {
            self.config.name.pop();
        }
    }

    pub fn clear_text(&mut self) {
        if self.current_row() == Some(SettingsRow::Name) {
            self.config.name.clear();
        }
    }

    /// The settings to save, or why they cannot be.
    pub fn checked(&self) -> Result<Config, Unsaved> {
        let mut config = self.config.clone();
        config.name = config.name.trim().to_owned();
        if config.name.is_empty() {
            return Err(Unsaved::EmptyName);
        }
        Ok(config)
    }
}

impl super::form::Form for SettingsForm {
    fn rows_len(&self) -> usize {
        SettingsForm::rows().len()
    }

    fn select(&mut self, row: usize) {
        self.row = row;
    }

    fn move_row(&mut self, delta: i8) {
        SettingsForm::move_row(self, delta);
    }

    fn adjust(&mut self, delta: i8) {
        SettingsForm::adjust(self, delta);
    }

    fn toggle(&mut self) {
        SettingsForm::toggle(self);
    }

    fn type_char(&mut self, c: char) {
        SettingsForm::type_char(self, c);
    }

    fn erase(&mut self) {
        SettingsForm::erase(self);
    }

    fn clear_text(&mut self) {
        SettingsForm::clear_text(self);
    }

    fn clear_error(&mut self) {
        self.error = None;
    }
}
