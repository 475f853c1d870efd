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
}
