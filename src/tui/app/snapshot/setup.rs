//! The setup form as drawn: each row's label and value, and what the highlighted row does.

use crate::said;
use crate::tui::setup_form::{SetupForm, SetupRow};
use crate::tui::snapshot::{FormLine, FormValue, FormView, Typed};

pub(super) fn stepper(value: impl std::fmt::Display) -> FormValue {
    FormValue::Stepper(format!("◀ {value} ▶"))
}

/// A check box, and what it says beside it.
pub(super) fn check(on: bool, text: String) -> FormValue {
    FormValue::Check { on, text }
}

/// "on" or "off", beside a check box.
fn on_off(on: bool) -> String {
    if on {
        said!(setup_on)
    } else {
        said!(setup_off)
    }
}

pub(super) fn view(form: &SetupForm) -> FormView<'_> {
    let levels = form.game.bot_levels();
    let rows = form
        .rows()
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let (label, value) = match row {
                SetupRow::Players => (said!(setup_players), stepper(form.players)),
                SetupRow::Amount(stock) => (stock.label(), stepper(form.amount)),
                SetupRow::Seats => (
                    said!(setup_seats),
                    FormValue::Seats {
                        humans: form.humans.clone(),
                        cursor: (i == form.row).then_some(form.seat_cursor),
                    },
                ),
                SetupRow::Name(seat) => (
                    said!(setup_name_at, seat = seat + 1),
                    // The name a lone person has unless they choose one, in the language
                    // spoken ("Du"), as the table will say it.
                    FormValue::Text(crate::games::said_name(&form.name(seat))),
                ),
                SetupRow::Level => (said!(setup_level), stepper(levels[form.level].said())),
                SetupRow::Stakes => (said!(setup_stakes), check(form.stakes, on_off(form.stakes))),
                SetupRow::Bank => (said!(setup_bank), stepper(form.bank)),
                SetupRow::Rounds => (said!(setup_rounds), stepper(form.rounds)),
                SetupRow::Variant(v) => (
                    said!(setup_variant, variant = v.said()),
                    check(form.variants.contains(v), String::new()),
                ),
                SetupRow::Animation => (
                    said!(settings_animation),
                    check(
                        form.animation,
                        if form.animation {
                            said!(setup_on)
                        } else {
                            said!(setup_off_reduced_motion)
                        },
                    ),
                ),
                SetupRow::Seed if form.seed.is_empty() => {
                    (said!(setup_seed), FormValue::Text(said!(setup_seed_random)))
                }
                SetupRow::Seed => (said!(setup_seed), FormValue::Text(form.seed.clone())),
                SetupRow::Start => (String::new(), FormValue::Button(said!(setup_start))),
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
        title: format!(" {} ", said!(setup_title, game = form.game.title())),
        game: Some(form.game),
        rows,
        selected: form.row,
        note: form.current_row().map(setup_note),
        error: form.error.as_deref(),
    }
}

/// What a setup row does.
fn setup_note(row: SetupRow) -> String {
    match row {
        SetupRow::Players => said!(setup_note_players),
        SetupRow::Amount(_) => said!(setup_note_amount),
        SetupRow::Seats => said!(setup_note_seats),
        SetupRow::Name(_) => said!(setup_note_name),
        SetupRow::Level => said!(setup_note_level),
        SetupRow::Stakes => said!(setup_note_stakes),
        SetupRow::Bank => said!(setup_note_bank),
        SetupRow::Rounds => said!(setup_note_rounds),
        SetupRow::Variant(v) => v.said_summary().to_owned(),
        SetupRow::Animation => said!(setup_note_animation),
        SetupRow::Seed => said!(setup_note_seed),
        SetupRow::Start => said!(setup_note_start),
    }
}
