//! The setup form as drawn: each row's label and value, and what the highlighted row does.

use crate::tui::setup_form::{SetupForm, SetupRow};
use crate::tui::snapshot::{FormLine, FormValue, FormView, Typed};

pub(super) fn stepper(value: impl std::fmt::Display) -> FormValue {
    FormValue::Stepper(format!("◀ {value} ▶"))
}

pub(super) fn view(form: &SetupForm) -> FormView<'_> {
    let levels = form.game.bot_levels();
    let rows = form
        .rows()
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let (label, value) = match row {
                SetupRow::Players => ("Players".to_owned(), stepper(form.players)),
                SetupRow::Amount(name) => (name.to_owned(), stepper(form.amount)),
                SetupRow::Seats => (
                    "Seats (Space: you/bot)".to_owned(),
                    FormValue::Seats {
                        humans: form.humans.clone(),
                        cursor: (i == form.row).then_some(form.seat_cursor),
                    },
                ),
                SetupRow::Name(seat) => (
                    format!("Name at seat {}", seat + 1),
                    FormValue::Text(form.name(seat)),
                ),
                SetupRow::Level => ("Bot level".to_owned(), stepper(levels[form.level])),
                SetupRow::Stakes => (
                    "Stakes".to_owned(),
                    FormValue::Check {
                        on: form.stakes,
                        text: if form.stakes { "on" } else { "off" },
                    },
                ),
                SetupRow::Bank => ("Starting bank".to_owned(), stepper(form.bank)),
                SetupRow::Rounds => ("Rounds".to_owned(), stepper(form.rounds)),
                SetupRow::Variant(v) => (
                    format!("Variant {v}"),
                    FormValue::Check {
                        on: form.variants.contains(v),
                        text: "",
                    },
                ),
                SetupRow::Animation => (
                    "Dice animation".to_owned(),
                    FormValue::Check {
                        on: form.animation,
                        text: if form.animation {
                            "on"
                        } else {
                            "off (reduced motion)"
                        },
                    },
                ),
                SetupRow::Seed if form.seed.is_empty() => (
                    "Seed".to_owned(),
                    FormValue::Text("random (told at the end)".to_owned()),
                ),
                SetupRow::Seed => ("Seed".to_owned(), FormValue::Text(form.seed.clone())),
                SetupRow::Start => (String::new(), FormValue::Button("[ Start the game ]")),
            };
            let typed = match row {
                SetupRow::Seed => Some(Typed::Digits),
                SetupRow::Name(_) => Some(Typed::Name),
                _ => None,
            };
            FormLine {
                label,
                value,
                typed,
            }
        })
        .collect();
    FormView {
        title: format!(" {} — new game ", form.game.title()),
        game: Some(form.game),
        rows,
        selected: form.row,
        note: form.current_row().map(setup_note),
        error: form.error.as_deref(),
    }
}

/// What a setup row does.
fn setup_note(row: SetupRow) -> &'static str {
    match row {
        SetupRow::Players => "How many seats at the table (←→)",
        SetupRow::Amount(_) => "What each player starts with (←→)",
        SetupRow::Seats => "←→ pick a seat, Space makes it yours or a bot's",
        SetupRow::Name(_) => "Type a name (Backspace deletes); the log and showdown use it",
        SetupRow::Level => "How the bots play (←→); GUIDE.md says how each level plays",
        SetupRow::Stakes => "On: chips change hands; off: play for rounds won only",
        SetupRow::Bank => "Chips each player starts the match with (←→)",
        SetupRow::Rounds => "Rounds in the match (←→)",
        SetupRow::Variant(v) => v.summary(),
        SetupRow::Animation => "Dice tumble before they land; off shows every result at once",
        SetupRow::Seed => "Type a seed to deal a game again; Space: a random one, told at the end",
        SetupRow::Start => "Enter starts the game",
    }
}
