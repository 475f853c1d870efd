//! The settings screen as drawn: each setting, what it does, and whether saving failed.

use super::setup::{check, stepper};
use crate::config::{LanguageChoice, ThemeChoice};
use crate::said;
use crate::tui::settings_form::{SettingsForm, SettingsRow};
use crate::tui::snapshot::{FormLine, FormValue, FormView, Typed};
use crate::words;

pub(super) fn view(form: &SettingsForm) -> FormView<'_> {
    let config = &form.config;
    let rows = SettingsForm::rows()
        .into_iter()
        .map(|row| {
            let (label, value) = match row {
                SettingsRow::Language => (
                    said!(settings_language),
                    stepper(language_name(config.language)),
                ),
                SettingsRow::Theme => (said!(settings_theme), stepper(theme_name(config.theme))),
                SettingsRow::Ascii => (said!(settings_ascii), check(config.ascii, String::new())),
                SettingsRow::Speed => (
                    said!(settings_speed),
                    stepper(match config.speed_ms {
                        0 => said!(settings_speed_instant),
                        ms => said!(
                            settings_speed_per_move,
                            seconds = words::spoken().decimal(ms as f64 / 1000.0, 1)
                        ),
                    }),
                ),
                SettingsRow::Animation => (
                    said!(settings_animation),
                    check(!config.reduced_motion, String::new()),
                ),
                SettingsRow::Mouse => (said!(settings_mouse), check(config.mouse, String::new())),
                SettingsRow::Bell => (said!(settings_bell), check(config.bell, String::new())),
                // The name a lone person has unless they choose one, in the language spoken
                // ("Du"), as the table says it.
                SettingsRow::Name => (
                    said!(settings_name),
                    FormValue::Text(crate::games::said_name(&config.name)),
                ),
                SettingsRow::Bots(game) => (
                    said!(settings_bots, game = game.title()),
                    stepper(config.bot_level(game).said()),
                ),
                SettingsRow::Save => (String::new(), FormValue::Button(said!(settings_save))),
            };
            FormLine {
                label,
                value,
                typed: (row == SettingsRow::Name).then_some(Typed::Name),
            }
        })
        .collect();
    FormView {
        title: format!(" {} ", said!(settings_title)),
        game: None,
        rows,
        selected: form.row,
        note: form.current_row().map(|row| match row {
            SettingsRow::Language if form.language_pinned => said!(settings_note_language_pinned),
            row => note(row),
        }),
        error: form.error.as_deref(),
    }
}

/// A language as the settings list it: each in itself, `auto` in the screen's words.
fn language_name(choice: LanguageChoice) -> String {
    match choice {
        LanguageChoice::Auto => said!(settings_language_auto),
        LanguageChoice::Chosen(language) => language.name().to_owned(),
    }
}

fn theme_name(theme: ThemeChoice) -> String {
    match theme {
        ThemeChoice::Dark => said!(settings_theme_dark),
        ThemeChoice::Light => said!(settings_theme_light),
        ThemeChoice::Auto => said!(settings_theme_auto),
        ThemeChoice::HighContrast => said!(settings_theme_high_contrast),
    }
}

/// What a setting does.
fn note(row: SettingsRow) -> String {
    match row {
        SettingsRow::Language => said!(settings_note_language),
        SettingsRow::Theme => said!(settings_note_theme),
        SettingsRow::Ascii => said!(settings_note_ascii),
        SettingsRow::Speed => said!(settings_note_speed),
        SettingsRow::Animation => said!(settings_note_animation),
        SettingsRow::Mouse => said!(settings_note_mouse),
        SettingsRow::Bell => said!(settings_note_bell),
        SettingsRow::Name => said!(settings_note_name),
        SettingsRow::Bots(_) => said!(settings_note_bots),
        SettingsRow::Save => said!(settings_note_save),
    }
}
