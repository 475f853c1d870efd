//! How wide text is on a terminal: the columns it takes (a wide character such as 五 or most
//! emoji two, a combining mark none), which is what every fit and every cut on the screen
//! measures, never the count of its characters.

use unicode_width::UnicodeWidthStr;

/// The columns `text` takes.
pub fn columns(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// [`columns`], for a screen's coordinates.
pub fn width_of(text: &str) -> u16 {
    u16::try_from(columns(text)).unwrap_or(u16::MAX)
}

/// A share out of 1 as a percentage, as the language spoken writes it, its number
/// right-aligned in `width` columns (`{:>5.1}%` in English: ` 41.7%`; ` 41,7 %` in Swedish), so
/// figures stand in a column.
pub fn percent(share: f64, places: usize, width: usize) -> String {
    let language = crate::words::spoken();
    let whole = language.percent(share, places);
    let number = language.decimal(share * 100.0, places);
    let sign = whole.strip_prefix(number.as_str()).unwrap_or("%");
    format!("{number:>width$}{sign}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wide characters take two columns, combining marks none, symbols the table draws one.
    #[test]
    fn text_is_as_wide_as_a_terminal_draws_it() {
        assert_eq!(columns("Ana"), 3);
        assert_eq!(columns("五人"), 4);
        assert_eq!(columns("Zoe\u{308}"), 3);
        assert_eq!(columns("●●○ ♥♡ ■□ ◆"), 11);
        assert_eq!(width_of("Åsa"), 3);
    }

    #[test]
    fn a_percentage_stands_in_its_column_in_each_language() {
        use crate::words::{Language, speaking};
        assert_eq!(percent(0.417, 1, 5), " 41.7%");
        assert_eq!(percent(0.05, 0, 3), "  5%");
        assert_eq!(
            speaking(Language::Swedish, || percent(0.417, 1, 5)),
            " 41,7\u{a0}%"
        );
    }
}
