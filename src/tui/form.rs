//! What the setup form and the settings screen both do with keys and clicks: moving between
//! rows, changing values, typing. Only starting and leaving differ.

use super::intent::{FormIntent, FormPress};

/// A form of rows a player edits.
pub trait Form {
    fn rows_len(&self) -> usize;
    /// Choose a row.
    fn select(&mut self, row: usize);
    fn move_row(&mut self, delta: i8);
    /// Less or more of the current row's value.
    fn adjust(&mut self, delta: i8);
    /// Space on the current row.
    fn toggle(&mut self);
    /// Flip a seat between a person and a bot (forms without seats just toggle).
    fn toggle_seat(&mut self, _seat: usize) {
        self.toggle();
    }
    fn type_char(&mut self, c: char);
    fn erase(&mut self);
    fn clear_text(&mut self);
    /// Forget the last error, as any edit does.
    fn clear_error(&mut self);
}

/// Carry out an edit on `form`; what is not an edit (start or save, back) is handed back.
pub fn edit(form: &mut impl Form, intent: FormIntent) -> Option<FormIntent> {
    form.clear_error();
    match intent {
        FormIntent::Row(delta) => form.move_row(delta),
        FormIntent::Adjust(delta) => form.adjust(delta),
        FormIntent::Toggle => form.toggle(),
        FormIntent::Click { row, press } => {
            form.select(row.min(form.rows_len().saturating_sub(1)));
            match press {
                Some(FormPress::Less) => form.adjust(-1),
                Some(FormPress::More) => form.adjust(1),
                Some(FormPress::Toggle) => form.toggle(),
                Some(FormPress::Seat(seat)) => form.toggle_seat(seat),
                Some(FormPress::Start) => return Some(FormIntent::Start),
                None => {}
            }
        }
        FormIntent::Type(c) => form.type_char(c),
        FormIntent::Erase => form.erase(),
        FormIntent::ClearText => form.clear_text(),
        FormIntent::Back | FormIntent::Start => return Some(intent),
    }
    None
}
