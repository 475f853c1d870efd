//! A guest in lines (`ssh HOST plain`, or a browser's screen-reader seat): the lobby and
//! the shared tables said as sentences by `plain::shared`, for a screen reader or a script,
//! on the guest's thread, with the house's rules of a full-screen guest (the host's
//! closing, a ban, idleness end it). An SSH guest hears the lines in their terminal; a
//! browser is sent each line, and each question, as a message of its own.
//!
//! What they type is taken as lines (a browser sends them whole). Without a terminal on the host's side (`ssh HOST
//! plain`), their own terminal edits and echoes the line and sends it whole; with one
//! (`ssh -t HOST plain`) it sends each key as pressed, and the host edits and echoes, as a
//! shell would: Backspace erases, Enter ends the line, other keys' sequences (the arrows)
//! are passed over, Ctrl-C and Ctrl-D leave.
//!
//! `lang sv` and `lang en`, anywhere, are answered here: the guest's thread speaks that
//! language from then on, and `lang` alone says which there are.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::RecvTimeoutError;
use std::time::Instant;

use super::lobby::{GuestLobby, waker};
use super::screen::{Screen, ToBrowser};
use super::tty::{Ending, GuestTty};
use crate::host::command::Opening;
use crate::host::house::ToGuest;
use crate::plain::shared::{self, Heard, Urgency, Voice};
use crate::said;
use crate::words::{self, Language};

/// The guest's parlor in lines, from its first line to the channel's close: `lobby` is
/// theirs (the one table they were invited to, if they were), `opening` what they asked for.
pub(super) fn run(lobby: &GuestLobby, opening: Opening, mut tty: GuestTty, echo: bool) {
    let host = Arc::clone(&tty.host);
    let _looking = host.tables.look(waker(&lobby.news));
    // A table of their own is the full screen's; in lines, a guest is at the lobby or at
    // the shared table they asked to join.
    let opening = match opening {
        Opening::JoinShared(table) => {
            match host.tables.join(&table, &lobby.person, waker(&lobby.news)) {
                Ok(joined) => shared::Opening::Table(joined),
                Err(refused) => return tty.screen.end(&format!("parlor: {refused}"), 2),
            }
        }
        Opening::Lobby | Opening::Table(_) | Opening::OpenShared { .. } => shared::Opening::Lobby,
    };
    let mut voice = voice_for(tty.screen.another(), echo);
    let mut answers = voice_for(tty.screen.another(), echo);
    let mut editor = LineEditor::new(echo);
    let mut waiting: VecDeque<Heard> = VecDeque::new();
    let mut next = || next_heard(&mut tty, &mut editor, &mut waiting, answers.as_mut());
    let said = shared::run(lobby, opening, &mut next, voice.as_mut());
    let ending = tty.ending();
    let farewell = match (said, &ending) {
        (_, Some(Ending::Gone)) => return,
        (Err(e), _) => Some(format!(
            "parlor: {}",
            crate::said!(line_failed, why = e.to_string())
        )),
        (Ok(()), ending) => ending.as_ref().and_then(Ending::farewell),
    };
    tty.screen.end(&farewell.unwrap_or_default(), 0);
}

/// What reaches the guest next: a line they typed, the news of their table or the lobby,
/// or the end (they left, the host closed or sent them away, or they were idle too long).
/// `lang` is answered on `answers`, and goes no further.
fn next_heard(
    tty: &mut GuestTty,
    editor: &mut LineEditor,
    waiting: &mut VecDeque<Heard>,
    answers: &mut dyn Voice,
) -> Heard {
    loop {
        if let Some(heard) = waiting.pop_front() {
            return heard;
        }
        if tty.ending().is_some() {
            return Heard::Gone;
        }
        let now = Instant::now();
        let idle_at = tty.last_typed + tty.host.idle_timeout;
        if now >= idle_at {
            tty.idle = true;
            return Heard::Gone;
        }
        match tty.from_connection.recv_timeout(idle_at - now) {
            Ok(ToGuest::Typed(bytes)) => {
                tty.last_typed = Instant::now();
                let (typed, echo) = editor.take(&bytes);
                if !echo.is_empty() {
                    let _ = tty
                        .screen
                        .write_all(&echo)
                        .and_then(|()| tty.screen.flush());
                }
                for typed in typed {
                    match typed {
                        Typed::Line(line) => match language_asked(&line) {
                            Some(asked) => answer_language(asked, answers),
                            None => waiting.push_back(Heard::Line(line)),
                        },
                        Typed::Leave => waiting.push_back(Heard::Line("q".to_owned())),
                    }
                }
            }
            Ok(ToGuest::News) => return Heard::News,
            // The end of their input leaves, as q does, the line typed so far taken first
            // (`echo -n join den | ssh HOST plain`).
            Ok(ToGuest::InputEnded) => {
                waiting.extend(editor.finish().map(Heard::Line));
                waiting.push_back(Heard::Line("q".to_owned()));
            }
            Ok(ToGuest::Wake) | Err(RecvTimeoutError::Timeout) => {}
            // No one is left to send: the connection is gone.
            Err(RecvTimeoutError::Disconnected) => tty.gone.store(true, Ordering::SeqCst),
        }
    }
}

/// What `lang` asks.
#[derive(Clone, Copy)]
enum LanguageAsked {
    /// `lang CODE` of a language the parlor speaks.
    Speak(Language),
    /// `lang` alone, or of a language it does not: which there are.
    Which,
}

/// What `line` asks, if it is `lang` or `lang CODE`.
fn language_asked(line: &str) -> Option<LanguageAsked> {
    let mut words = line.split_whitespace();
    if words.next()? != "lang" {
        return None;
    }
    let language = words.next().and_then(|code| code.parse().ok());
    Some(match language {
        Some(language) if words.next().is_none() => LanguageAsked::Speak(language),
        _ => LanguageAsked::Which,
    })
}

/// The guest's thread speaks the language they asked for (said in it), or they are told
/// which there are.
fn answer_language(asked: LanguageAsked, answers: &mut dyn Voice) {
    answers.answered();
    let said = if let LanguageAsked::Speak(language) = asked {
        words::speak(language);
        said!(language_now)
    } else {
        said!(language_usage)
    };
    let _ = answers.say(&said, Urgency::Polite);
}

/// The voice for where the guest is: lines as messages to a browser, which says them
/// into its live region; lines written into an SSH channel, for its terminal.
fn voice_for(screen: Screen, echo: bool) -> Box<dyn Voice> {
    if screen.to_browser() {
        Box::new(Posted { screen })
    } else {
        Box::new(Spoken {
            screen,
            line_end: if echo { "\r\n" } else { "\n" },
            line_open: false,
        })
    }
}

/// Lines and questions sent to a browser as messages of their own: its page keeps the
/// question beside the text box (and says it only when it is a new one).
struct Posted {
    screen: Screen,
}

impl Voice for Posted {
    fn say(&mut self, line: &str, urgency: Urgency) -> io::Result<()> {
        self.screen.post(ToBrowser::Line {
            text: line.to_owned(),
            urgent: urgency == Urgency::Urgent,
        })
    }

    fn prompt(&mut self, text: &str) -> io::Result<()> {
        self.screen.post(ToBrowser::Prompt(text.to_owned()))
    }

    /// No question stands: the page says so beside its text box.
    fn withdrawn(&mut self) {
        let _ = self.screen.post(ToBrowser::Prompt(String::new()));
    }
}

/// Lines said into the guest's channel, each whole.
struct Spoken {
    screen: Screen,
    /// `\r\n` when the host's side has their terminal (which turns no `\n` into both).
    line_end: &'static str,
    /// The last line is a question's, not ended by the guest's Enter: what is said next
    /// goes on a line of its own.
    line_open: bool,
}

impl Voice for Spoken {
    fn say(&mut self, line: &str, _: Urgency) -> io::Result<()> {
        let end = self.line_end;
        if std::mem::take(&mut self.line_open) {
            write!(self.screen, "{end}")?;
        }
        write!(self.screen, "{line}{end}")?;
        self.screen.flush()
    }

    fn prompt(&mut self, text: &str) -> io::Result<()> {
        if std::mem::take(&mut self.line_open) {
            write!(self.screen, "{}", self.line_end)?;
        }
        write!(self.screen, "{text}")?;
        self.line_open = true;
        self.screen.flush()
    }

    fn answered(&mut self) {
        self.line_open = false;
    }
}

/// The longest line taken, in characters: more is dropped.
const MOST_CHARS: usize = 200;

/// A line, or that the guest asked to leave.
#[derive(Debug, PartialEq, Eq)]
pub enum Typed {
    Line(String),
    /// Ctrl-C, or Ctrl-D on an empty line.
    Leave,
}

/// Where an escape sequence is, while its bytes are passed over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Escape {
    None,
    /// Esc came: a `[` or `O` begins a sequence, anything else ends it.
    Begun,
    /// In `Esc [ ...`: it ends at a byte from `@` to `~`.
    Csi,
    /// In `Esc O x`: the next byte ends it.
    Ss3,
}

/// The line being typed, and what is echoed back (with a terminal on the host's side).
pub struct LineEditor {
    echo: bool,
    line: String,
    /// Bytes of a character not all come yet.
    partial: Vec<u8>,
    escape: Escape,
    /// The last byte ended a line with `\r`: a `\n` right after it ends none.
    after_return: bool,
}

impl LineEditor {
    /// `echo`: the host's side has the terminal, and echoes what is typed.
    pub fn new(echo: bool) -> Self {
        LineEditor {
            echo,
            line: String::new(),
            partial: Vec::new(),
            escape: Escape::None,
            after_return: false,
        }
    }

    /// Take in `bytes`: the lines (or the leaving) they end, and what to echo.
    pub fn take(&mut self, bytes: &[u8]) -> (Vec<Typed>, Vec<u8>) {
        let mut typed = Vec::new();
        let mut echo = Vec::new();
        for &byte in bytes {
            let after_return = std::mem::take(&mut self.after_return);
            match (self.escape, byte) {
                (Escape::None, 0x1b) => self.escape = Escape::Begun,
                (Escape::Begun, b'[') => self.escape = Escape::Csi,
                (Escape::Begun, b'O') => self.escape = Escape::Ss3,
                (Escape::Begun | Escape::Ss3, _) | (Escape::Csi, 0x40..=0x7e) => {
                    self.escape = Escape::None;
                }
                (Escape::Csi, _) => {}
                (Escape::None, b'\n') if after_return => {}
                (Escape::None, b'\r' | b'\n') => {
                    self.after_return = byte == b'\r';
                    self.partial.clear();
                    typed.push(Typed::Line(std::mem::take(&mut self.line)));
                    echo.extend_from_slice(b"\r\n");
                }
                (Escape::None, 0x03) => typed.push(Typed::Leave),
                (Escape::None, 0x04) if self.line.is_empty() => typed.push(Typed::Leave),
                (Escape::None, 0x7f | 0x08) => {
                    self.partial.clear();
                    if self.line.pop().is_some() {
                        echo.extend_from_slice(b"\x08 \x08");
                    }
                }
                (Escape::None, byte) if byte < 0x20 => {}
                (Escape::None, byte) => self.add(byte, &mut echo),
            }
        }
        if !self.echo {
            echo.clear();
        }
        (typed, echo)
    }

    /// The line typed so far, if any, once no line end will come.
    pub fn finish(&mut self) -> Option<String> {
        self.partial.clear();
        Some(std::mem::take(&mut self.line)).filter(|line| !line.is_empty())
    }

    /// A byte of a character: the character once it is whole.
    fn add(&mut self, byte: u8, echo: &mut Vec<u8>) {
        self.partial.push(byte);
        match std::str::from_utf8(&self.partial) {
            Ok(text) => {
                if self.line.chars().count() < MOST_CHARS {
                    self.line.push_str(text);
                    echo.extend_from_slice(text.as_bytes());
                }
                self.partial.clear();
            }
            // Not whole yet; four bytes that are no character are dropped.
            Err(e) if e.error_len().is_none() && self.partial.len() < 4 => {}
            Err(_) => self.partial.clear(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(editor: &mut LineEditor, bytes: &[u8]) -> Vec<Typed> {
        editor.take(bytes).0
    }

    #[test]
    fn lines_end_at_any_line_end_once() {
        let mut editor = LineEditor::new(false);
        assert_eq!(
            lines(&mut editor, b"1\r\nnew lcr\n\rq\r"),
            vec![
                Typed::Line("1".into()),
                Typed::Line("new lcr".into()),
                Typed::Line(String::new()),
                Typed::Line("q".into())
            ]
        );
        assert_eq!(
            lines(&mut editor, b"\n"),
            vec![],
            "the \\n of a \\r\\n split"
        );
    }

    #[test]
    fn keys_typed_at_a_terminal_are_edited_and_echoed() {
        let mut editor = LineEditor::new(true);
        let (typed, echo) = editor.take(b"jx\x7fo\x1b[Din\xc3");
        assert!(typed.is_empty());
        assert_eq!(echo, b"jx\x08 \x08oin");
        let (typed, echo) = editor.take(b"\xa9\r");
        assert_eq!(typed, vec![Typed::Line("join\u{e9}".into())]);
        assert_eq!(echo, "\u{e9}\r\n".as_bytes());
        assert_eq!(lines(&mut editor, b"\x03"), vec![Typed::Leave]);
        editor.take(b"join den");
        assert_eq!(editor.finish().as_deref(), Some("join den"));
        assert_eq!(editor.finish(), None);
        assert_eq!(lines(&mut editor, b"\x04"), vec![Typed::Leave]);
    }

    #[test]
    fn a_line_is_cut_at_its_most() {
        let mut editor = LineEditor::new(false);
        let long = vec![b'a'; 5000];
        editor.take(&long);
        let typed = lines(&mut editor, b"\n");
        assert_eq!(typed, vec![Typed::Line("a".repeat(MOST_CHARS))]);
    }
}
