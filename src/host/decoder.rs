//! The bytes a guest's terminal sends, turned into the events crossterm gives a local
//! terminal: keys (with Ctrl, Alt and Shift), SGR mouse reports, focus changes and
//! bracketed pastes.
//!
//! A guest can send anything, so the decoder never fails and holds little: a sequence cut
//! between two packets waits for its end (at most [`MAX_SEQUENCE`] bytes), a paste keeps at
//! most [`MAX_PASTE`] bytes, and what cannot be read is dropped. How a stream is cut into
//! packets does not change what it decodes to.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// The longest escape sequence waited for: longer ones are dropped as they come.
pub const MAX_SEQUENCE: usize = 64;
/// The most of one paste that is kept; the rest of it is dropped.
pub const MAX_PASTE: usize = 4096;

const ESC: u8 = 0x1b;
const PASTE_END: &[u8] = b"\x1b[201~";

/// Turns a guest's bytes into events, holding an unfinished sequence until its end comes.
#[derive(Debug, Default)]
pub struct Decoder {
    /// The start of a sequence (or UTF-8 character) whose end has not come yet.
    pending: Vec<u8>,
    /// Inside a bracketed paste: what has been pasted so far.
    paste: Option<Vec<u8>>,
}

/// What the bytes at the front of the input are.
enum Parsed {
    /// An event, from this many bytes.
    Event(Event, usize),
    /// This many bytes that mean nothing to the parlor.
    Skip(usize),
    /// The start of a bracketed paste, this many bytes long.
    PasteStart(usize),
    /// A sequence that is not finished yet.
    Incomplete,
}

impl Decoder {
    /// The events in `bytes`, after what came before.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        self.pending.extend_from_slice(bytes);
        let mut events = Vec::new();
        self.decode(&mut events);
        events
    }

    /// Bytes held while waiting for the end of a sequence or a paste: when more does not
    /// come soon, [`Decoder::flush`] takes them as they are.
    pub fn held(&self) -> usize {
        self.pending.len() + self.paste.as_ref().map_or(0, Vec::len)
    }

    /// No more is coming for now: a lone Esc is the Esc key, an unfinished sequence is
    /// read as the keys it holds, and an unfinished paste ends.
    pub fn flush(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        if let Some(mut pasted) = self.paste.take() {
            keep_pasted(&mut pasted, &self.pending);
            self.pending.clear();
            events.push(paste_event(&pasted));
        }
        while !self.pending.is_empty() {
            // The front is an unfinished sequence: its first byte alone.
            if self.pending[0] == ESC {
                events.push(key(KeyCode::Esc, KeyModifiers::NONE));
            }
            self.pending.remove(0);
            self.decode(&mut events);
        }
        events
    }

    /// Decode what is pending, leaving an unfinished sequence pending.
    fn decode(&mut self, events: &mut Vec<Event>) {
        let mut start = 0;
        loop {
            let rest = &self.pending[start..];
            if rest.is_empty() {
                break;
            }
            if let Some(pasted) = &mut self.paste {
                if let Some(end) = find(rest, PASTE_END) {
                    keep_pasted(pasted, &rest[..end]);
                    events.push(paste_event(pasted));
                    self.paste = None;
                    start += end + PASTE_END.len();
                } else {
                    // Hold back what may be the start of the paste's end.
                    let held = (1..PASTE_END.len())
                        .rev()
                        .find(|&n| rest.ends_with(&PASTE_END[..n]))
                        .unwrap_or(0);
                    keep_pasted(pasted, &rest[..rest.len() - held]);
                    start += rest.len() - held;
                    break;
                }
                continue;
            }
            match parse(rest) {
                Parsed::Event(event, used) => {
                    events.push(event);
                    start += used;
                }
                Parsed::Skip(used) => start += used,
                Parsed::PasteStart(used) => {
                    self.paste = Some(Vec::new());
                    start += used;
                }
                Parsed::Incomplete => break,
            }
        }
        self.pending.drain(..start);
    }
}

/// Add `bytes` to a paste, up to [`MAX_PASTE`].
fn keep_pasted(pasted: &mut Vec<u8>, bytes: &[u8]) {
    let room = MAX_PASTE - pasted.len();
    pasted.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

fn paste_event(pasted: &[u8]) -> Event {
    Event::Paste(String::from_utf8_lossy(pasted).into_owned())
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

/// What the bytes at the front of `bytes` (never empty) are.
fn parse(bytes: &[u8]) -> Parsed {
    let plain = |code| Parsed::Event(key(code, KeyModifiers::NONE), 1);
    let control =
        |c: u8| Parsed::Event(key(KeyCode::Char(char::from(c)), KeyModifiers::CONTROL), 1);
    match bytes[0] {
        ESC => parse_escape(bytes),
        b'\r' | b'\n' => plain(KeyCode::Enter),
        b'\t' => plain(KeyCode::Tab),
        0x7f | 0x08 => plain(KeyCode::Backspace),
        0x00 => control(b' '),
        c @ 0x01..=0x1a => control(c - 1 + b'a'),
        c @ 0x1c..=0x1f => control(c - 0x1c + b'4'),
        c @ b'A'..=b'Z' => Parsed::Event(key(KeyCode::Char(char::from(c)), KeyModifiers::SHIFT), 1),
        c @ 0x20..=0x7e => plain(KeyCode::Char(char::from(c))),
        lead => parse_utf8(bytes, lead),
    }
}

/// A character of two to four bytes, or a byte that cannot start one.
fn parse_utf8(bytes: &[u8], lead: u8) -> Parsed {
    let len = match lead {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Parsed::Skip(1),
    };
    let Some(encoded) = bytes.get(..len) else {
        // Wait for the rest, unless what came already cannot continue a character.
        return if bytes[1..].iter().all(|&b| b & 0xc0 == 0x80) {
            Parsed::Incomplete
        } else {
            Parsed::Skip(1)
        };
    };
    match std::str::from_utf8(encoded)
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) => Parsed::Event(key(KeyCode::Char(c), KeyModifiers::NONE), len),
        None => Parsed::Skip(1),
    }
}

/// What follows an Esc: a CSI or SS3 sequence, Alt with a key, or Esc itself.
fn parse_escape(bytes: &[u8]) -> Parsed {
    match bytes.get(1) {
        None => Parsed::Incomplete,
        Some(b'[') => parse_csi(bytes),
        Some(b'O') => parse_ss3(bytes),
        // Esc pressed twice: the first is the Esc key.
        Some(&ESC) => Parsed::Event(key(KeyCode::Esc, KeyModifiers::NONE), 1),
        Some(_) => match parse(&bytes[1..]) {
            Parsed::Event(Event::Key(mut pressed), used) => {
                pressed.modifiers |= KeyModifiers::ALT;
                Parsed::Event(Event::Key(pressed), used + 1)
            }
            Parsed::Event(_, used) | Parsed::Skip(used) | Parsed::PasteStart(used) => {
                Parsed::Skip(used + 1)
            }
            Parsed::Incomplete => Parsed::Incomplete,
        },
    }
}

/// `Esc O x`: the arrows, Home, End and F1-F4 in application mode.
fn parse_ss3(bytes: &[u8]) -> Parsed {
    let Some(&last) = bytes.get(2) else {
        return Parsed::Incomplete;
    };
    match cursor_key(last) {
        Some(code) => Parsed::Event(key(code, KeyModifiers::NONE), 3),
        None => Parsed::Skip(3),
    }
}

/// The keys a sequence names by its last byte: the arrows, Home, End and F1-F4.
fn cursor_key(last: u8) -> Option<KeyCode> {
    Some(match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P' => KeyCode::F(1),
        b'Q' => KeyCode::F(2),
        b'R' => KeyCode::F(3),
        b'S' => KeyCode::F(4),
        _ => return None,
    })
}

/// `Esc [ parameters final`: keys, mouse reports, focus, and the start of a paste.
fn parse_csi(bytes: &[u8]) -> Parsed {
    let mut end = 2;
    loop {
        if end == MAX_SEQUENCE {
            // Too long to be anything the parlor reads.
            return Parsed::Skip(end);
        }
        match bytes.get(end) {
            None => return Parsed::Incomplete,
            Some(0x20..=0x3f) => end += 1,
            Some(0x40..=0x7e) => break,
            // Not a CSI sequence after all: drop what came, read the odd byte afresh.
            Some(_) => return Parsed::Skip(end),
        }
    }
    let used = end + 1;
    let params = &bytes[2..end];
    let last = bytes[end];
    if let Some(mouse) = params.strip_prefix(b"<") {
        return mouse_report(mouse, last).map_or(Parsed::Skip(used), |m| Parsed::Event(m, used));
    }
    let Some(numbers) = numbers(params) else {
        return Parsed::Skip(used);
    };
    let modifiers = modifiers(numbers.get(1).copied());
    let code = match (last, numbers.first().copied()) {
        (b'~', Some(200)) => return Parsed::PasteStart(used),
        (b'~', Some(n)) => tilde_key(n),
        (b'I', None) => return Parsed::Event(Event::FocusGained, used),
        (b'O', None) => return Parsed::Event(Event::FocusLost, used),
        // Shift-Tab.
        (b'Z', _) => return Parsed::Event(key(KeyCode::BackTab, KeyModifiers::SHIFT), used),
        _ => cursor_key(last),
    };
    code.map_or(Parsed::Skip(used), |code| {
        Parsed::Event(key(code, modifiers), used)
    })
}

/// The keys of `Esc [ n ~`.
fn tilde_key(n: u16) -> Option<KeyCode> {
    Some(match n {
        1 | 7 => KeyCode::Home,
        2 => KeyCode::Insert,
        3 => KeyCode::Delete,
        4 | 8 => KeyCode::End,
        5 => KeyCode::PageUp,
        6 => KeyCode::PageDown,
        11..=15 => KeyCode::F((n - 10) as u8),
        17..=21 => KeyCode::F((n - 11) as u8),
        23..=24 => KeyCode::F((n - 12) as u8),
        _ => return None,
    })
}

/// The numbers of a parameter list `n;n;...` (empty ones read as 1); `None` if it holds
/// anything else.
fn numbers(params: &[u8]) -> Option<Vec<u16>> {
    if params.is_empty() {
        return Some(Vec::new());
    }
    params
        .split(|&b| b == b';')
        .map(|field| {
            if field.is_empty() {
                return Some(1);
            }
            field.iter().try_fold(0u16, |n, &b| {
                b.is_ascii_digit()
                    .then(|| n.saturating_mul(10).saturating_add(u16::from(b - b'0')))
            })
        })
        .collect()
}

/// The modifiers of a key sequence's second number (1 + Shift 1, Alt 2, Ctrl 4).
fn modifiers(number: Option<u16>) -> KeyModifiers {
    modifiers_in(number.unwrap_or(1).saturating_sub(1), [1, 2, 4])
}

/// The modifiers whose bits (Shift, Alt, Ctrl, in that order) are set in `bits`.
fn modifiers_in(bits: u16, [shift, alt, control]: [u16; 3]) -> KeyModifiers {
    let mut modifiers = KeyModifiers::NONE;
    modifiers.set(KeyModifiers::SHIFT, bits & shift != 0);
    modifiers.set(KeyModifiers::ALT, bits & alt != 0);
    modifiers.set(KeyModifiers::CONTROL, bits & control != 0);
    modifiers
}

/// An SGR mouse report, `Esc [ < button ; column ; row M` (`m`: released).
fn mouse_report(params: &[u8], last: u8) -> Option<Event> {
    let numbers = numbers(params)?;
    let &[code, column, row] = numbers.as_slice() else {
        return None;
    };
    let button = match code & 0b11 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        _ => MouseButton::Right,
    };
    let kind = match (last, code & 64 != 0, code & 32 != 0) {
        (b'M' | b'm', true, _) => match code & 0b11 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            2 => MouseEventKind::ScrollLeft,
            _ => MouseEventKind::ScrollRight,
        },
        (b'M', false, true) if code & 0b11 == 3 => MouseEventKind::Moved,
        (b'M', false, true) => MouseEventKind::Drag(button),
        (b'M', false, false) => MouseEventKind::Down(button),
        (b'm', false, _) => MouseEventKind::Up(button),
        _ => return None,
    };
    Some(Event::Mouse(MouseEvent {
        kind,
        column: column.saturating_sub(1),
        row: row.saturating_sub(1),
        modifiers: modifiers_in(code, [4, 8, 16]),
    }))
}
