//! The settings screen as drawn: each setting, what it does, and whether saving failed.

use super::setup::stepper;
use crate::tui::settings_form::{SettingsForm, SettingsRow};
use crate::tui::snapshot::{FormLine, FormValue, FormView, Typed};

pub(super) fn view(form: &SettingsForm) -> FormView<'_> {
    let config = &form.config;
    let check = |on: bool| FormValue::Check { on, text: "" };
    let rows = SettingsForm::rows()
        .into_iter()
        .map(|row| {
            let (label, value) = match row {
                SettingsRow::Theme => ("Theme".to_owned(), stepper(config.theme)),
                SettingsRow::Ascii => ("ASCII only".to_owned(), check(config.ascii)),
                SettingsRow::Speed => (
                    "Bot speed".to_owned(),
                    stepper(match config.speed_ms {
                        0 => "instant".to_owned(),
                        ms => format!("{:.1}s a move", ms as f64 / 1000.0),
                    }),
                ),
                SettingsRow::Animation => {
                    ("Dice animation".to_owned(), check(!config.reduced_motion))
                }
                SettingsRow::Mouse => ("Mouse".to_owned(), check(config.mouse)),
                SettingsRow::Bell => ("Bell on your turn".to_owned(), check(config.bell)),
                SettingsRow::Name => ("Your name".to_owned(), FormValue::Text(config.name.clone())),
                SettingsRow::Bots(game) => (
                    format!("Bots in {}", game.title()),
                    stepper(config.bot_level(game)),
                ),
                SettingsRow::Save => (String::new(), FormValue::Button("[ Save ]")),
            };
            FormLine {
                label,
                value,
                typed: (row == SettingsRow::Name).then_some(Typed::Name),
            }
        })
        .collect();
    FormView {
        title: " Settings ".to_owned(),
        game: None,
        rows,
        selected: form.row,
        note: form.current_row().map(note),
        error: form.error.as_deref(),
    }
}

/// What a setting does.
fn note(row: SettingsRow) -> &'static str {
    match row {
        SettingsRow::Theme => "dark, light, auto (from the terminal's background), high-contrast",
        SettingsRow::Ascii => "Draw with ASCII only, for terminals and fonts without the symbols",
        SettingsRow::Speed => "How long a bot waits before each move; the show's beats follow it",
        SettingsRow::Animation => "Dice tumble before they land; off shows every move at once",
        SettingsRow::Mouse => "Off leaves the mouse to the terminal, to select and copy text",
        SettingsRow::Bell => "Ring the terminal's bell when your turn comes after the bots",
        SettingsRow::Name => "Your seat's name at the table (Backspace deletes)",
        SettingsRow::Bots(_) => "The bot level each new game of this one starts with",
        SettingsRow::Save => "Enter saves to the config file (parlor config shows where)",
    }
}
