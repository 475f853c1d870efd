//! `parlor host --web`: a browser seat. One page (xterm.js, served from the binary) opens a
//! WebSocket to the same per-guest parlor an SSH guest gets (`guest`): the same screen bytes,
//! the same keys and mouse through the same decoder, the same lobby and tables; or, at the
//! page's screen-reader switch, the lines of `ssh HOST plain` (`lines`). Only the
//! way in differs: an invitation's token instead of SSH's login, and a secret the browser
//! keeps instead of a key (`names::browser_key`).
//!
//! Served, and nothing else (404): the page at `/` and `/t/TOKEN`, its assets at fixed
//! paths under `/assets/`, and the socket at `/socket`. Every response forbids everything
//! the page does not need ([`CONTENT_SECURITY_POLICY`]); the socket is refused (403) unless
//! its `Origin` is the host it was reached on and that host is one of this one's own names
//! (loopback, the address reached, `--web-name`s, or whatever a trusted proxy forwards), so
//! no other site's page can open it. The door is SSH's in kind, with pools of its own: a
//! socket knocks at a [`Gate`] when it asks to be upgraded, has the login grace to say
//! hello, and a failed invitation, a name's wrong secret or a grace spent silent counts
//! against its source (whose penalty is SSH's too). A socket whose address carries a valid
//! invitation (`/socket?token=T`, as the page opens it) knocks at a gate apart from those
//! that show none, so strangers holding silent sockets cannot shut the invited out. Every
//! connection to the page's port, before it is a socket, is counted at a gate of its own (a
//! browser opens several at once) and has the login grace to be done, so connections that
//! send nothing cannot pile up. Behind a reverse proxy named by `--trusted-proxy`, each
//! browser is counted by the address the proxy forwards (`X-Forwarded-For`), and the
//! proxy's own connections only in the pool.
//!
//! The wire, after the upgrade:
//!
//! - The browser's first message, text: `{"token": T, "name": N, "secret": S, "cols": C,
//!   "rows": R, "mode": M}`. `T` is the invitation's (the page takes it from `/t/T`); `S`
//!   the random secret the browser keeps for `N`; `M` is `"screen"` (the full screen, the
//!   default) or `"lines"` (the screen-reader seat: the parlor of `ssh HOST plain`, without
//!   `C` and `R`).
//! - Then the browser sends text. On the screen: `{"input": "..."}` (what xterm.js's
//!   `onData` gave: the bytes a terminal sends) and `{"resize": {"cols": C, "rows": R}}`.
//!   In lines: `{"line": "..."}`, a line typed, without its line end. Anything else is not
//!   read; a message over [`MAX_MESSAGE_BYTES`] closes the socket.
//! - The parlor sends, on the screen, binary messages: terminal bytes, exactly what an SSH
//!   guest's terminal receives, only when the screen changed. In lines, text: `{"line":
//!   "...", "urgent": U}` for each line said (`U` true for "Your turn."), and `{"prompt":
//!   "..."}` for the question asked now (`""`: none stands). Both end with a close frame
//!   whose reason is the parlor's last word (why it ended, or why the browser was refused):
//!   code 1000 when the guest left, 1008 when refused, 1011 when the parlor failed.
//!
//! TLS is a reverse proxy's to add (the README has a Caddy line): a second crypto stack in
//! the binary for what a proxy already does well is not worth its weight.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Extension;
use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use axum::http::{Request, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use hyper::body::Incoming;
use serde::Deserialize;
use thiserror::Error;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tower::ServiceExt;

use super::command::Opening;
use super::door::{next_at_door, until_closed};
use super::guest::{self, Out, Start, ToBrowser};
use super::house::House;
use super::invites::{InviteRefusal, Invited};
use super::limits::{Allowance, Gate, NoPlace, Place, Refusal, Waiting};
use super::names::{self, InvalidName, NameRefusal, NotASecret, valid_name};
use crate::games::lasting;
use crate::shared_table::Person;
use crate::tui::Options;

/// What every response says the page may load and do: its own scripts, styles and socket,
/// nothing inline, nothing from elsewhere, in no one else's frame.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src \
     'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'; \
     form-action 'none'";
/// What the page's `<meta name="parlor-style-nonce">` holds in `index.html`, replaced by
/// each response's nonce.
const NONCE_MARK: &str = "STYLE-NONCE";

/// The page's own policy: [`CONTENT_SECURITY_POLICY`], and the `<style>` elements that carry
/// this response's `nonce`. Without WebGL xterm.js draws with its DOM renderer, which writes
/// its cell sizes and colours into `<style>` elements of its own: refused by `style-src
/// 'self'`, the lobby was a jumble of `│ │` in a proportional font. The page gives them the
/// nonce as xterm.js makes them (and turns its `style` attributes into CSSOM, which no
/// policy governs), so nothing inline that the page did not make is let in.
fn page_policy(nonce: &str) -> String {
    CONTENT_SECURITY_POLICY.replace(
        "style-src 'self'",
        &format!("style-src 'self' 'nonce-{nonce}'"),
    )
}

/// The page, with a nonce for its styles new to this response.
async fn page() -> Response {
    let nonce = super::hex::hex(&rand::random::<[u8; 16]>());
    let policy = HeaderValue::from_str(&page_policy(&nonce))
        .unwrap_or_else(|_| HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            // The page's address may hold an invitation: no cache along the way keeps it.
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (header::CONTENT_SECURITY_POLICY, policy),
        ],
        PAGE.replace(NONCE_MARK, &nonce),
    )
        .into_response()
}
/// The largest message a browser may send: a hello, or a paste (which the guest's input
/// allowance cuts to less).
pub const MAX_MESSAGE_BYTES: usize = 32 << 10;
/// Frames of screen waiting for the browser's socket to take them: past it, the guest's
/// parlor waits (for the guest's patience at most), as it waits on an SSH window.
const FRAMES_QUEUED: usize = 8;
/// How long a closing socket waits for the browser's answering close frame.
const CLOSE_PATIENCE: Duration = Duration::from_secs(1);
/// The longest reason a close frame carries (the protocol's 125 bytes, less its code).
const MAX_REASON_BYTES: usize = 123;
/// How many times the door's count of connections from one source a source may hold to the
/// page's port: a browser loads the page and its assets over several at once (six, in most).
pub const PAGE_CONNECTIONS_PER_SOURCE: usize = 4;

/// The page and its assets: path, content type, contents.
const ASSETS: &[(&str, &str, &[u8])] = &[
    (
        "/assets/parlor.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../assets/web/parlor.js"),
    ),
    (
        "/assets/parlor.css",
        "text/css; charset=utf-8",
        include_bytes!("../../assets/web/parlor.css"),
    ),
    (
        "/assets/xterm.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../assets/web/xterm/xterm.js"),
    ),
    (
        "/assets/xterm.css",
        "text/css; charset=utf-8",
        include_bytes!("../../assets/web/xterm/xterm.css"),
    ),
    (
        "/assets/addon-fit.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../assets/web/xterm/addon-fit.js"),
    ),
    (
        "/assets/addon-webgl.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../assets/web/xterm/addon-webgl.js"),
    ),
];
const PAGE: &str = include_str!("../../assets/web/index.html");

/// The doors of the page's port, and whom they trust.
pub(super) struct Sockets {
    /// Every connection to the port, before it is a socket (a browser opens several).
    pub(super) pages: Arc<Gate>,
    /// Sockets that have not said hello and showed no valid invitation as they were
    /// opened: a small pool of their own, apart from SSH's, so that those who never say a
    /// word shut out only each other.
    pub(super) anonymous: Arc<Gate>,
    /// Sockets opened with a valid invitation in their address (`/socket?token=T`), which
    /// no number of the others can keep out.
    pub(super) invited: Arc<Gate>,
    /// Reverse proxies whose `X-Forwarded-For` is read.
    pub(super) trusted: Vec<IpAddr>,
    /// Names the page may be reached by, besides loopback and the address it listens on.
    pub(super) names: Vec<String>,
}

/// What the socket's tasks share.
struct Door {
    host: Arc<House>,
    sockets: Sockets,
    /// The time a socket has to say hello.
    grace: Duration,
    closed: watch::Receiver<bool>,
}

/// The address a connection reached the host on (the listener's, or the one of the
/// machine's addresses it listens on every one of).
#[derive(Clone, Copy, Debug)]
struct Reached(Option<SocketAddr>);

/// Serve the page and its socket on `listener` until the parlor closes: each connection
/// knocks at `pages`, and has `grace` to be done or become a socket.
pub(super) async fn serve(
    listener: TcpListener,
    host: Arc<House>,
    sockets: Sockets,
    grace: Duration,
    closed: watch::Receiver<bool>,
) {
    let mut closing = closed.clone();
    let pages = Arc::clone(&sockets.pages);
    let trusted = sockets.trusted.clone();
    let door = Arc::new(Door {
        host: Arc::clone(&host),
        sockets,
        grace,
        closed,
    });
    let mut router = Router::new()
        .route("/", get(page))
        .route("/t/{token}", get(page))
        .route("/socket", get(socket));
    for &(path, kind, contents) in ASSETS {
        router = router.route(
            path,
            get(move || async move { ([(header::CONTENT_TYPE, kind)], contents) }),
        );
    }
    let router = router
        .fallback(not_found)
        .method_not_allowed_fallback(not_found)
        .layer(axum::middleware::map_response(harden))
        .with_state(door);
    while let Some((stream, peer, waiting)) =
        next_at_door(&listener, &pages, &trusted, &host, &mut closing).await
    {
        let reached = Reached(stream.local_addr().ok());
        let router = router
            .clone()
            .map_request(move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request.extensions_mut().insert(reached);
                request
            });
        let mut closing = closing.clone();
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(grace)
                .serve_connection(
                    hyper_util::rt::TokioIo::new(stream),
                    hyper_util::service::TowerToHyperService::new(router),
                )
                .with_upgrades();
            // Done when it closes, or when it becomes a socket (which has its own grace), or
            // when the parlor closes (a page kept alive would hold up its goodbyes).
            tokio::select! {
                _ = tokio::time::timeout(grace, connection) => {}
                () = until_closed(&mut closing) => {}
            }
            drop(waiting);
        });
    }
}

async fn not_found() -> StatusCode {
    StatusCode::NOT_FOUND
}

/// Every response: the page may load only its own, and no one may frame it or sniff it.
async fn harden(mut response: Response) -> Response {
    let headers = response.headers_mut();
    // The page sets its own, with its nonce.
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    for (name, value) in [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Whether the page that opens the socket came from the host it reaches: its `Origin` names
/// the `Host` the request was sent to (over http, or https through a proxy).
fn same_origin(headers: &HeaderMap) -> bool {
    let value = |name: HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let (Some(origin), Some(host)) = (value(header::ORIGIN), value(header::HOST)) else {
        return false;
    };
    ["http://", "https://"]
        .iter()
        .any(|scheme| origin.strip_prefix(scheme) == Some(host))
}

/// The address a request speaks for: its connection's, or, from a trusted proxy, the
/// rightmost address of its `X-Forwarded-For` that is not a trusted proxy's (the ones to its
/// left are whatever the browser wrote, and prove nothing).
fn source_of(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect();
    for hop in hops.iter().rev() {
        // An address may come with its port, IPv6 in brackets.
        let bare = hop
            .strip_prefix('[')
            .and_then(|h| h.split_once(']'))
            .map_or(*hop, |(ip, _)| ip);
        let ip = bare
            .parse::<IpAddr>()
            .ok()
            .or_else(|| bare.parse::<SocketAddr>().ok().map(|at| at.ip()));
        match ip {
            Some(ip) if trusted.contains(&ip) => {}
            Some(ip) => return ip,
            // Not an address: nothing further left can be believed.
            None => break,
        }
    }
    peer
}

/// Whether the request names this host as the page's own: a loopback name, the address
/// it reached, one of the names the host gave (`--web-name`), or anything a trusted proxy
/// forwards (the proxy chose whom it serves). Another site's name pointed at this address
/// (DNS rebinding) is none of them.
fn own_name(headers: &HeaderMap, reached: Reached, forwarded: bool, names: &[String]) -> bool {
    if forwarded {
        return true;
    }
    let Some(host) = headers.get(header::HOST).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split_once(']').map_or(rest, |(ip, _)| ip),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    if name.eq_ignore_ascii_case("localhost") || names.iter().any(|n| n.eq_ignore_ascii_case(name))
    {
        return true;
    }
    name.parse::<IpAddr>()
        .is_ok_and(|ip| ip.is_loopback() || reached.0.is_some_and(|at| at.ip() == ip))
}

/// The invitation a socket's address carries (`/socket?token=T`), if any.
fn token_in(query: Option<&str>) -> Option<&str> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix("token="))
        .filter(|token| !token.is_empty())
}

/// `/socket`: upgraded if its page is the host's own and the door lets it in.
async fn socket(
    upgrade: WebSocketUpgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extension(reached): Extension<Reached>,
    uri: Uri,
    headers: HeaderMap,
    State(door): State<Arc<Door>>,
) -> Response {
    let host = &door.host;
    let trusted = &door.sockets.trusted;
    let forwarded = trusted.contains(&peer.ip());
    let source = source_of(peer.ip(), &headers, trusted);
    if !same_origin(&headers) || !own_name(&headers, reached, forwarded, &door.sockets.names) {
        host.log.refused("a socket from another site's page");
        return StatusCode::FORBIDDEN.into_response();
    }
    if host.closing() {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    let now = Instant::now();
    let roll = rand::random_range(0..100);
    // An invitation shown as the socket opens is proof enough to pass a penalty its
    // address earned (another behind the same NAT, guessing) and the pool of the silent.
    let invited = token_in(uri.query()).is_some_and(|t| host.invites.check(t, now).is_ok());
    let knocked = if invited {
        door.sockets.invited.knock(source, now, roll)
    } else if let Some(left) = host.gate.penalty(source, now) {
        Err(Refusal::Penalized(left))
    } else {
        door.sockets.anonymous.knock(source, now, roll)
    };
    let waiting = match knocked {
        Ok(waiting) => waiting,
        Err(refusal) => {
            host.log.refused(refusal.word());
            return StatusCode::TOO_MANY_REQUESTS.into_response();
        }
    };
    let peer = SocketAddr::new(source, peer.port());
    host.log.seen(source, "browser sockets");
    upgrade
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| visit(socket, peer, waiting, door))
}

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

/// Why a browser was not let in: the reason its socket closes with.
#[derive(Debug, Error)]
enum Refused {
    #[error("you did not sit down within {}", lasting(*.0))]
    Late(Duration),
    #[error("your browser's first message is not a parlor's hello: {0}")]
    NoHello(#[source] serde_json::Error),
    #[error(transparent)]
    Invitation(#[from] InviteRefusal),
    #[error(transparent)]
    BadName(#[from] InvalidName),
    #[error(transparent)]
    BadSecret(#[from] NotASecret),
    #[error(transparent)]
    Name(#[from] NameRefusal),
    #[error(transparent)]
    NoPlace(#[from] NoPlace),
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
async fn visit(mut socket: WebSocket, peer: SocketAddr, waiting: Waiting, door: Arc<Door>) {
    let host = Arc::clone(&door.host);
    // None: the browser went before it said hello.
    let Some(asked) = hello(&mut socket, door.grace).await else {
        return;
    };
    let name = asked.as_ref().map(|h| h.name.clone()).unwrap_or_default();
    let mode = asked.as_ref().map_or(Mode::Screen, |h| h.mode);
    let admitted = asked.and_then(|hello| admit(&host, hello, peer));
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
            return close(socket, 1008, &refused.to_string()).await;
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
        Err(e) => return close(socket, 1011, &format!("the parlor could not open: {e}")).await,
    };
    host.log.line(&format!("{name} sat down (from {peer})"));
    let mut closed = door.closed.clone();
    let ending = relay(&mut socket, &link, mode, from_parlor, &mut closed).await;
    // The parlor hears its guest is gone (and leaves its table) before the socket closes.
    drop(link);
    drop(place);
    host.log.line(&format!("{name} left"));
    if let Some((code, reason)) = ending {
        close(socket, code, &reason).await;
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
fn admit(host: &House, hello: Hello, peer: SocketAddr) -> Result<(Start, Place), Refused> {
    let now = Instant::now();
    host.invites.check(&hello.token, now)?;
    valid_name(&hello.name)?;
    let key = names::browser_key(&hello.secret)?;
    host.claim(&hello.name, &key, peer.ip())?;
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
            name: hello.name,
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
                        return Some((code, reason(&last_word)));
                    }
                    // The parlor ended without a word: it cannot have (`guest` always says
                    // one).
                    None => return Some((1011, "the parlor closed".to_owned())),
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
                return Some((1001, "the host closed the parlor".to_owned()));
            }
        }
    }
}

/// `value` as a text message.
fn json_message(value: &serde_json::Value) -> Message {
    Message::Text(Utf8Bytes::from(value.to_string()))
}

/// A close frame's reason: the last line the parlor said (each line of it is on the
/// browser's screen already), without its `parlor: `, cut to fit.
fn reason(last_word: &str) -> String {
    let line = last_word
        .lines()
        .rev()
        .find(|line| !line.trim().is_empty())
        .map_or("you left the parlor", |line| {
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
async fn close(mut socket: WebSocket, code: u16, reason: &str) {
    let frame = CloseFrame {
        code,
        reason: Utf8Bytes::from(self::reason(reason)),
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
            reason("parlor: the table ended\r\nparlor: the host sent you away"),
            "the host sent you away"
        );
        assert_eq!(reason(""), "you left the parlor");
        let long = "é".repeat(100);
        let cut = reason(&long);
        assert!(cut.len() <= MAX_REASON_BYTES && long.starts_with(&cut));
    }

    #[test]
    fn a_forwarded_address_is_the_rightmost_hop_no_trusted_proxy_added() {
        let proxy: IpAddr = [127, 0, 0, 9].into();
        let inner: IpAddr = [10, 0, 0, 2].into();
        let forwarded = |values: &[&'static str]| {
            let mut headers = HeaderMap::new();
            for value in values {
                headers.append("x-forwarded-for", HeaderValue::from_static(value));
            }
            headers
        };
        let ip = |text: &str| text.parse::<IpAddr>().expect("an address");
        // The browser wrote 1.1.1.1 itself; the proxy added 203.0.113.7.
        let headers = forwarded(&["1.1.1.1, 203.0.113.7"]);
        assert_eq!(source_of(proxy, &headers, &[proxy]), ip("203.0.113.7"));
        assert_eq!(
            source_of(
                proxy,
                &forwarded(&["1.1.1.1", "203.0.113.7, 10.0.0.2"]),
                &[proxy, inner]
            ),
            ip("203.0.113.7"),
            "two proxies of the host's, and the header given twice"
        );
        assert_eq!(
            source_of(proxy, &forwarded(&["[2001:db8::1]:443"]), &[proxy]),
            ip("2001:db8::1")
        );
        assert_eq!(source_of(proxy, &forwarded(&["junk"]), &[proxy]), proxy);
        let stranger = ip("198.51.100.4");
        assert_eq!(
            source_of(stranger, &headers, &[proxy]),
            stranger,
            "not believed"
        );
    }

    #[test]
    fn the_socket_answers_only_to_the_hosts_own_names() {
        let host = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::HOST, HeaderValue::from_static(value));
            headers
        };
        let reached = Reached(Some(SocketAddr::from(([192, 168, 1, 5], 8099))));
        let names = ["parlor.example".to_owned()];
        for own in [
            "localhost:8099",
            "127.0.0.1:8099",
            "[::1]:8099",
            "192.168.1.5:8099",
            "Parlor.Example",
        ] {
            assert!(own_name(&host(own), reached, false, &names), "{own}");
        }
        for other in [
            "evil.example:8099",
            "192.168.1.6:8099",
            "localhost.evil.example",
        ] {
            assert!(!own_name(&host(other), reached, false, &names), "{other}");
        }
        assert!(
            own_name(&host("evil.example"), reached, true, &names),
            "the proxy's choice"
        );
    }

    #[test]
    fn only_the_hosts_own_page_may_open_the_socket() {
        let headers = |origin: Option<&'static str>, host: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::HOST, HeaderValue::from_static(host));
            if let Some(origin) = origin {
                headers.insert(header::ORIGIN, HeaderValue::from_static(origin));
            }
            headers
        };
        assert!(same_origin(&headers(Some("http://h:8099"), "h:8099")));
        assert!(same_origin(&headers(
            Some("https://parlor.example"),
            "parlor.example"
        )));
        assert!(!same_origin(&headers(Some("http://evil:8099"), "h:8099")));
        assert!(!same_origin(&headers(Some("http://h:8099.evil"), "h:8099")));
        assert!(!same_origin(&headers(None, "h:8099")));
    }
}
