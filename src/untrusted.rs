//! Text that came from outside the parlor (the command line, a stats file, a replay), made
//! safe to show: a terminal obeys control characters, so a name holding an escape sequence
//! could repaint the screen or retitle the window, and a megabyte-long name would bury the
//! message it appears in.

/// Characters of outside text a message quotes (a name, a value), at most.
const QUOTE_CHARS: usize = 60;
/// Characters of a parser's explanation a message gives, at most: the explanation may
/// itself quote the file.
const REASON_CHARS: usize = 240;

/// Whether `c` would steer the terminal instead of showing: the control characters, and the
/// bidirectional overrides that reorder what is shown around them.
fn steers_the_terminal(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` without anything that would steer the terminal.
pub fn printable(text: &str) -> String {
    text.chars().filter(|&c| !steers_the_terminal(c)).collect()
}

/// `text` as a message quotes it (a name, a value): printable, and cut to a few words.
pub fn quote(text: &str) -> String {
    cut(text, QUOTE_CHARS)
}

/// A parser's explanation of what is wrong with outside text, as a message gives it:
/// printable, and cut to a line or two.
pub fn reason(text: &str) -> String {
    cut(text, REASON_CHARS)
}

/// `text` made printable and cut to `max_chars` characters, marked with `…` where cut.
fn cut(text: &str, max_chars: usize) -> String {
    let mut shown = text.chars().filter(|&c| !steers_the_terminal(c));
    let mut kept: String = shown.by_ref().take(max_chars).collect();
    if shown.next().is_some() {
        kept.push('…');
    }
    kept
}
