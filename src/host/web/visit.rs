//! A browser's visit on its socket: its hello (the invitation, the name and its secret),
//! the guest's parlor opened for it, and the relay of screen and keys (or lines) until one
//! side ends, with the close frame that says why.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use serde::Deserialize;
use thiserror::Error;
use tokio::sync::{mpsc, watch};

use crate::games::lasting;
use crate::host::command::Opening;
use crate::host::door::until_closed;
use crate::host::guest::{self, Out, Start, ToBrowser};
use crate::host::house::House;
use crate::host::invites::{InviteRefusal, Invited};
use crate::host::limits::{Allowance, NoPlace, Place, Waiting};
use crate::host::names::{self, InvalidName, NameRefusal, NotASecret, valid_name};
use crate::shared_table::Person;
use crate::tui::Options;
use crate::words::{self, Language};
use crate::{said, said_in};

/// The largest message a browser may send: a hello, or a paste (which the guest's input
/// allowance cuts to less).
pub(super) const MAX_MESSAGE_BYTES: usize = 32 << 10;
/// Frames of screen waiting for the browser's socket to take them: past it, the guest's
/// parlor waits (for the guest's patience at most), as it waits on an SSH window.
const FRAMES_QUEUED: usize = 8;
/// How long a closing socket waits for the browser's answering close frame.
const CLOSE_PATIENCE: Duration = Duration::from_secs(1);
/// The longest reason a close frame carries (the protocol's 125 bytes, less its code).
const MAX_REASON_BYTES: usize = 123;

/// The browser's first message.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Hello {
    #[serde(default)]
    token: String,
    name: String,
    secret: String,
    /// The terminal's size: none in lines.
    #[serde(default)]
    cols: u32,
    #[serde(default)]
    rows: u32,
    #[serde(default)]
    mode: Mode,
    /// The page's language (`en`, `sv`): the one it was served in, which its parlor speaks.
    #[serde(default)]
    lang: String,
}

/// How the parlor is shown in a browser.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Mode {
    /// The full screen, in xterm.js.
    #[default]
    Screen,
    /// Lines, for a screen reader: said into the page's live region, answered in a text box.
    Lines,
}

/// What the browser sends after its hello: `Input` and `Resize` from the full screen,
/// `Line` in lines.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
enum FromBrowser {
    Input(String),
    Resize { cols: u32, rows: u32 },
    Line(String),
}

/// Why a browser was not let in: the reason its socket closes with (in the thread's
/// language: the browser's, where it is said to it).
#[derive(Debug, Error)]
enum Refused {
    Late(Duration),
    NoHello(#[source] serde_json::Error),
    Invitation(#[from] InviteRefusal),
    BadName(#[from] InvalidName),
    BadSecret(#[from] NotASecret),
    Name(#[from] NameRefusal),
    NoPlace(#[from] NoPlace),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Late(grace) => f.write_str(&said!(browser_late, lasting = lasting(*grace))),
            Refused::NoHello(e) => f.write_str(&said!(browser_no_hello, why = e.to_string())),
            Refused::Invitation(refusal) => refusal.fmt(f),
            Refused::BadName(refusal) => refusal.fmt(f),
            Refused::BadSecret(refusal) => refusal.fmt(f),
            Refused::Name(refusal) => refusal.fmt(f),
            Refused::NoPlace(refusal) => refusal.fmt(f),
        }
    }
}

impl Refused {
    /// Whether the source is counted for it (and may be made to wait): a guess at a token
    /// or at a name's secret, not a slip such as a name that cannot be one.
    fn counts(&self) -> bool {
        match self {
            // A socket held silent to the end of its grace is counted as sshd counts a
            // login grace exceeded: its address is made to wait once it holds too many.
            Refused::Invitation(_) | Refused::Late(_) => true,
            Refused::Name(refusal) => refusal.may_be_a_guess(),
            _ => false,
        }
    }
}

/// A browser's visit, from its hello to its socket's close.
pub(super) async fn visit(
    mut socket: WebSocket,
    peer: SocketAddr,
    language: Language,
    waiting: Waiting,
    host: Arc<House>,
    grace: Duration,
    mut closed: watch::Receiver<bool>,
) {
    // None: the browser went before it said hello.
    let Some(asked) = hello(&mut socket, grace).await else {
        return;
    };
    let name = asked.as_ref().map(|h| h.name.clone()).unwrap_or_default();
    let mode = asked.as_ref().map_or(Mode::Screen, |h| h.mode);
    let language = asked
        .as_ref()
        .ok()
        .and_then(|h| h.lang.parse().ok())
        .unwrap_or(language);
    let admitted = asked.and_then(|hello| admit(&host, &hello, peer, language));
    let (start, place) = match admitted {
        Ok(admitted) => admitted,
        Err(refused) => {
            let quoted = crate::untrusted::quote(&name);
            host.log.line(&format!(
                "login {quoted} by invitation from {peer}: refused, {refused}"
            ));
            if refused.counts() {
                host.count_failure(peer.ip());
            }
            let said = words::speaking(language, || refused.to_string());
            return close(socket, 1008, &said, language).await;
        }
    };
    drop(waiting);
    let name = start.person.name.clone();
    let key = start.person.key.clone().unwrap_or_default();
    host.log.line(&format!(
        "login {name} by invitation (key {key}) from {peer}: in"
    ));
    let (to_browser, from_parlor) = mpsc::channel(FRAMES_QUEUED);
    let link = match guest::start(
        &host,
        start,
        Out::Web(to_browser),
        tokio::runtime::Handle::current(),
    ) {
        Ok(link) => link,
        Err(e) => {
            let said = said_in!(language, could_not_open, why = e.to_string());
            return close(socket, 1011, &said, language).await;
        }
    };
    host.log.line(&format!("{name} sat down (from {peer})"));
    let ending = relay(&mut socket, &link, mode, from_parlor, &mut closed, language).await;
    // The parlor hears its guest is gone (and leaves its table) before the socket closes.
    drop(link);
    drop(place);
    host.log.line(&format!("{name} left"));
    if let Some((code, reason)) = ending {
        close(socket, code, &reason, language).await;
    }
}

/// The browser's hello, if it says one before `grace` is over (else why not); `None` if it
/// went first.
async fn hello(socket: &mut WebSocket, grace: Duration) -> Option<Result<Hello, Refused>> {
    match tokio::time::timeout(grace, socket.recv()).await {
        Err(_) => Some(Err(Refused::Late(grace))),
        Ok(Some(Ok(Message::Text(text)))) => {
            Some(serde_json::from_str(text.as_str()).map_err(Refused::NoHello))
        }
        Ok(Some(Ok(Message::Binary(bytes)))) => {
            Some(serde_json::from_slice(&bytes).map_err(Refused::NoHello))
        }
        Ok(_) => None,
    }
}

/// Who the hello's browser is here and where it sits, and its place among the guests; or
/// why not. The invitation is looked at first, so nothing is said of names to a browser
/// without one.
fn admit(
    host: &House,
    hello: &Hello,
    peer: SocketAddr,
    language: Language,
) -> Result<(Start, Place), Refused> {
    let now = Instant::now();
    host.invites.check(&hello.token, now)?;
    let name = valid_name(&hello.name)?;
    let key = names::browser_key(&hello.secret)?;
    host.claim(&name, &key, peer.ip())?;
    let place = host.room.take(peer.ip())?;
    // Used only now that the browser is let in: a first try under a mistyped or taken name
    // leaves a link for one visit whole.
    let invited = host.invites.admit(&hello.token, now)?;
    let (opening, only) = match invited {
        Invited::Lobby => (Opening::Lobby, None),
        Invited::Table(table) => (Opening::JoinShared(table.clone()), Some(table)),
    };
    let start = Start {
        person: Person {
            name,
            key: Some(key),
        },
        from: Some(peer),
        options: Options::default(),
        opening,
        size: guest::clamped(hello.cols, hello.rows),
        mode: match hello.mode {
            Mode::Screen => guest::Mode::FullScreen,
            // The page takes each line whole: nothing to echo.
            Mode::Lines => guest::Mode::Lines { echo: false },
        },
        only,
        language,
    };
    Ok((start, place))
}

/// Carry the screen (or the lines) to the browser and its keys (or lines) to the parlor
/// until one of them ends (or the host closes): the close frame to send then, if the
/// browser is still there to get it.
async fn relay(
    socket: &mut WebSocket,
    link: &guest::GuestLink,
    mode: Mode,
    mut from_parlor: mpsc::Receiver<ToBrowser>,
    closed: &mut watch::Receiver<bool>,
    language: Language,
) -> Option<(u16, String)> {
    let mut allowance = Allowance::full();
    loop {
        tokio::select! {
            sent = from_parlor.recv() => {
                let message = match sent {
                    // In lines, the bytes are only the parlor's last word, which the close
                    // frame's reason carries.
                    Some(ToBrowser::Screen(_)) if mode == Mode::Lines => continue,
                    Some(ToBrowser::Screen(bytes)) => Message::Binary(Bytes::from(bytes)),
                    Some(ToBrowser::Line { text, urgent }) => json_message(
                        &serde_json::json!({ "line": text, "urgent": urgent }),
                    ),
                    Some(ToBrowser::Prompt(text)) => {
                        json_message(&serde_json::json!({ "prompt": text }))
                    }
                    Some(ToBrowser::Closing { status, last_word }) => {
                        let code = match status {
                            0 => 1000,
                            2 => 1008,
                            _ => 1011,
                        };
                        return Some((code, last_word));
                    }
                    // The parlor ended without a word: it cannot have (`guest` always says
                    // one).
                    None => return Some((1011, said_in!(language, parlor_closed))),
                };
                // A browser that stops reading is let go, as its parlor lets it go.
                let sent = tokio::time::timeout(guest::WRITE_PATIENCE, socket.send(message)).await;
                if !matches!(sent, Ok(Ok(()))) {
                    return None;
                }
            }
            received = socket.recv() => match received {
                Some(Ok(Message::Text(text))) => {
                    // What does not fit the browser's mode is not read.
                    let typed = match (mode, serde_json::from_str(text.as_str())) {
                        (Mode::Screen, Ok(FromBrowser::Input(input))) => Some(input),
                        (Mode::Screen, Ok(FromBrowser::Resize { cols, rows })) => {
                            link.resized(guest::clamped(cols, rows));
                            None
                        }
                        // With its line end, as a terminal would have sent it.
                        (Mode::Lines, Ok(FromBrowser::Line(said))) => Some(format!("{said}\n")),
                        _ => None,
                    };
                    if let Some(typed) = typed
                        && allowance.take(typed.len(), Instant::now())
                    {
                        link.typed(typed.as_bytes());
                    }
                }
                // Pings are answered by the socket itself; binary messages are not read.
                Some(Ok(Message::Binary(_) | Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_)) | Err(_)) | None => return None,
            },
            () = until_closed(closed) => {
                return Some((1001, said_in!(language, host_closed)));
            }
        }
    }
}

/// `value` as a text message.
fn json_message(value: &serde_json::Value) -> Message {
    Message::Text(Utf8Bytes::from(value.to_string()))
}

/// A close frame's reason: the last line the parlor said (each line of it is on the
/// browser's screen already), without its `parlor: `, cut to fit; if it said none, that the
/// guest left, in `language`.
fn reason(last_word: &str, language: Language) -> String {
    let left = said_in!(language, browser_left);
    let line = last_word
        .lines()
        .rev()
        .find(|line| !line.trim().is_empty())
        .map_or(left.as_str(), |line| {
            line.trim().trim_start_matches("parlor: ")
        });
    let mut end = line.len().min(MAX_REASON_BYTES);
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    line[..end].to_owned()
}

/// Close `socket` with `code` and `reason` (cut to fit), and wait a moment for the
/// browser's answer, as the protocol asks.
async fn close(mut socket: WebSocket, code: u16, reason: &str, language: Language) {
    let frame = CloseFrame {
        code,
        reason: Utf8Bytes::from(self::reason(reason, language)),
    };
    if socket.send(Message::Close(Some(frame))).await.is_err() {
        return;
    }
    let _ = tokio::time::timeout(CLOSE_PATIENCE, async {
        while let Some(Ok(message)) = socket.recv().await {
            if matches!(message, Message::Close(_)) {
                return;
            }
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_the_last_line_said_cut_to_a_close_frame() {
        assert_eq!(
            reason(
                "parlor: the table ended\r\nparlor: the host sent you away",
                Language::English
            ),
            "the host sent you away"
        );
        assert_eq!(reason("", Language::English), "you left the parlor");
        assert_eq!(reason("", Language::Swedish), "du lämnade parloren");
        let long = "é".repeat(100);
        let cut = reason(&long, Language::English);
        assert!(cut.len() <= MAX_REASON_BYTES && long.starts_with(&cut));
    }
}
