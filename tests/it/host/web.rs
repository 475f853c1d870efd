//! `parlor host --web` on loopback, visited with tungstenite as a browser would: only the
//! invited come in, only under a name no one else holds, only from the host's own page; a
//! browser guest gets the parlor an SSH guest gets, and sits at one table with them; at the
//! screen-reader seat, in lines sent as JSON, never a terminal's bytes.

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use parlor::host::{Host, HostOptions};
use tempfile::TempDir;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::{HeaderValue, StatusCode};
use tokio_tungstenite::tungstenite::{Error, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::{
    Guest, PATIENCE, Player, QUICK_LCR, TERMINAL, client_runtime, come_in, dealing, keep_playing,
    options, serve, told_moving,
};

/// A host serving browsers too, on any free port.
fn with_web(options: HostOptions) -> HostOptions {
    HostOptions {
        web: Some(SocketAddr::from(([127, 0, 0, 1], 0))),
        ..options
    }
}

/// A host serving browsers too (with `options`), where it serves them, and the token of an
/// invitation to its lobby.
fn hosting(options: HostOptions) -> (Host, SocketAddr, String) {
    let host = serve(with_web(options));
    let web = host.web_address().expect("the host serves browsers");
    let lobby = token(&host.console().command("invite"));
    (host, web, lobby)
}

/// The token of the link the console's `invite` answered with.
fn token(answer: &str) -> String {
    let (_, token) = answer
        .split_once("/t/")
        .unwrap_or_else(|| panic!("a link: {answer}"));
    token.trim().to_owned()
}

/// A secret as a browser keeps one; `which` tells two browsers apart.
fn secret(which: char) -> String {
    std::iter::repeat_n(which, 64).collect()
}

/// Ask for the socket as a page from `origin` would (`None`: no Origin at all).
async fn upgrade(
    web: SocketAddr,
    origin: Option<&str>,
) -> Result<WebSocketStream<MaybeTlsStream<TcpStream>>, Error> {
    upgrade_asking(web, origin, None).await
}

/// [`upgrade`], from a browser whose `Accept-Language` is `languages`, if given.
async fn upgrade_asking(
    web: SocketAddr,
    origin: Option<&str>,
    languages: Option<&str>,
) -> Result<WebSocketStream<MaybeTlsStream<TcpStream>>, Error> {
    let mut request = format!("ws://{web}/socket")
        .into_client_request()
        .expect("a request");
    if let Some(origin) = origin {
        let origin = HeaderValue::from_str(origin).expect("an origin");
        request.headers_mut().insert("origin", origin);
    }
    if let Some(languages) = languages {
        let languages = HeaderValue::from_str(languages).expect("languages");
        request.headers_mut().insert("accept-language", languages);
    }
    // Without Nagle's algorithm, as browsers open their sockets: with it, each message the
    // browser sends waits on the host's delayed acknowledgement of the last.
    tokio_tungstenite::connect_async_with_config(request, None, true)
        .await
        .map(|(socket, _)| socket)
}

/// A browser at the host's page, and what came back on its socket.
pub(super) struct Browser {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    out: Vec<u8>,
    /// The text messages (a seat in lines), each as JSON.
    said: Vec<serde_json::Value>,
    /// How many of `said` had come when the last question was answered.
    answered_at: usize,
    /// The close frame's code and reason, once it came.
    closed: Option<(u16, String)>,
}

impl Browser {
    /// Open the socket from the host's own page and say hello as `name` with `secret`.
    async fn sit(web: SocketAddr, token: &str, name: &str, secret: &str) -> Browser {
        let hello = serde_json::json!({
            "token": token, "name": name, "secret": secret, "cols": 80, "rows": 24,
        });
        Browser::hello(web, hello).await
    }

    /// Open the socket from the host's own page and say hello as `name` with `secret`, at the
    /// screen-reader seat: in lines, with no terminal size.
    async fn sit_in_lines(web: SocketAddr, token: &str, name: &str, secret: &str) -> Browser {
        let hello = serde_json::json!({
            "token": token, "name": name, "secret": secret, "mode": "lines",
        });
        Browser::hello(web, hello).await
    }

    async fn hello(web: SocketAddr, hello: serde_json::Value) -> Browser {
        Browser::hello_asking(web, hello, None).await
    }

    /// [`Browser::hello`] from a browser whose `Accept-Language` is `languages`, if given.
    async fn hello_asking(
        web: SocketAddr,
        hello: serde_json::Value,
        languages: Option<&str>,
    ) -> Browser {
        let origin = format!("http://{web}");
        let mut socket = upgrade_asking(web, Some(&origin), languages)
            .await
            .expect("the socket opens");
        socket
            .send(Message::text(hello.to_string()))
            .await
            .expect("the hello goes");
        Browser {
            socket,
            out: Vec::new(),
            said: Vec::new(),
            answered_at: 0,
            closed: None,
        }
    }

    /// `name` sits down with `secret` and is shown the lobby.
    async fn in_lobby(web: SocketAddr, token: &str, name: &str, secret: &str) -> Browser {
        let mut browser = Browser::sit(web, token, name, secret).await;
        assert!(browser.until_shown("tables").await, "{}", browser.screen());
        browser
    }

    /// `name` tries to sit down with `secret`: the close frame's code and reason, with no
    /// screen before it.
    async fn refused(web: SocketAddr, token: &str, name: &str, secret: &str) -> (u16, String) {
        let mut browser = Browser::sit(web, token, name, secret).await;
        assert!(browser.until_closed().await, "{}", browser.screen());
        assert!(browser.out.is_empty(), "{}", browser.screen());
        browser.closed.expect("a close frame")
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.out).into_owned()
    }

    /// The lines said to a seat in lines, one a line.
    fn heard(&self) -> String {
        let mut heard = String::new();
        for line in self
            .said
            .iter()
            .filter_map(|message| message["line"].as_str())
        {
            heard.push_str(line);
            heard.push('\n');
        }
        heard
    }

    /// Whether the last message is a question not answered yet.
    fn asked(&self) -> bool {
        self.said.len() > self.answered_at
            && self
                .said
                .last()
                .and_then(|message| message["prompt"].as_str())
                .is_some_and(|prompt| !prompt.is_empty())
    }

    /// Send `line`, as the screen-reader seat's text box does at Enter.
    async fn type_line(&mut self, line: &str) {
        let message = serde_json::json!({ "line": line });
        self.socket
            .send(Message::text(message.to_string()))
            .await
            .expect("the server takes lines");
    }

    /// Answer every question with Enter until `done`, reading between answers.
    async fn keep_answering(&mut self, done: impl Fn(&Browser) -> bool) -> bool {
        let started = std::time::Instant::now();
        while !done(self) && self.closed.is_none() && started.elapsed() < PATIENCE * 3 {
            let _ = tokio::time::timeout(
                Duration::from_millis(150),
                self.until(|b| b.asked() || done(b)),
            )
            .await;
            if self.asked() {
                self.type_line("").await;
                self.answered_at = self.said.len();
            }
        }
        done(self)
    }

    /// Type `keys`, as xterm.js's `onData` gives them.
    async fn press(&mut self, keys: &str) {
        let input = serde_json::json!({ "input": keys });
        self.socket
            .send(Message::text(input.to_string()))
            .await
            .expect("the server takes keys");
    }

    /// Read until `done` (true) or until the socket closes or time runs out (false).
    async fn until(&mut self, done: impl Fn(&Browser) -> bool) -> bool {
        let read = async { while !done(self) && self.take_next().await {} };
        let _ = tokio::time::timeout(PATIENCE, read).await;
        done(self)
    }

    pub(super) async fn until_shown(&mut self, text: &str) -> bool {
        self.until(|browser| browser.screen().contains(text)).await
    }

    async fn until_heard(&mut self, text: &str) -> bool {
        self.until(|browser| browser.heard().contains(text)).await
    }

    async fn until_closed(&mut self) -> bool {
        self.until(|browser| browser.closed.is_some()).await
    }
}

impl Player for Browser {
    async fn take_next(&mut self) -> bool {
        match self.socket.next().await {
            Some(Ok(Message::Binary(bytes))) => self.out.extend_from_slice(&bytes),
            Some(Ok(Message::Text(text))) => self
                .said
                .push(serde_json::from_str(text.as_str()).expect("a text message is JSON")),
            Some(Ok(Message::Close(frame))) => {
                self.closed = Some(frame.map_or((1005, String::new()), |f| {
                    (u16::from(f.code), f.reason.to_string())
                }));
                return false;
            }
            Some(Ok(_)) => {}
            Some(Err(_)) | None => return false,
        }
        true
    }

    fn gone(&self) -> bool {
        self.closed.is_some()
    }

    async fn press_enter(&mut self) {
        self.press("\r").await;
    }
}

/// `GET path` (or another `method`) over plain HTTP: the status and the head, lowercased.
fn fetch(web: SocketAddr, method: &str, path: &str) -> (u16, String, String) {
    fetch_with(web, method, path, "")
}

/// [`fetch`], with `headers` (each ending in `\r\n`) added to the request.
fn fetch_with(web: SocketAddr, method: &str, path: &str, headers: &str) -> (u16, String, String) {
    let mut stream = std::net::TcpStream::connect(web).expect("the page's port answers");
    stream
        .set_read_timeout(Some(PATIENCE))
        .expect("a read timeout");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {web}\r\nConnection: close\r\nContent-Length: \
         0\r\n{headers}\r\n"
    )
    .expect("the request goes");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).expect("a response");
    let response = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head.to_lowercase(), body.to_owned())
}

#[test]
fn only_the_page_its_assets_and_the_socket_are_served_and_each_forbids_the_rest() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, _) = hosting(options(dir.path()));
    let (status, head, page) = fetch(web, "GET", "/");
    assert_eq!(status, 200, "{head}");
    assert!(page.contains("/assets/parlor.js"), "{page}");
    // xterm.js is the drawn screen's: the screen-reader seat never loads it.
    assert!(!page.contains("xterm"), "{page}");
    assert!(
        !page.contains("<script>") && !page.contains("style="),
        "{page}"
    );
    let (status, invited_head, invited) = fetch(web, "GET", "/t/0123abcd");
    assert_eq!(status, 200);
    // The same page, with a nonce for its terminal's styles new to each response, which the
    // response's policy names.
    let nonce_of = |page: &str| {
        let (_, rest) = page
            .split_once("name=\"parlor-style-nonce\" content=\"")
            .expect("a nonce");
        rest[..32].to_owned()
    };
    let (first, second) = (nonce_of(&page), nonce_of(&invited));
    assert_ne!(first, second);
    assert_eq!(invited.replace(&second, &first), page);
    for (head, nonce) in [(&head, &first), (&invited_head, &second)] {
        assert!(
            head.contains(&format!("style-src 'self' 'nonce-{nonce}'; connect-src")),
            "{head}"
        );
        assert!(head.contains("cache-control: no-store"), "{head}");
        assert!(!head.contains("unsafe"), "{head}");
    }
    let (status, head, _) = fetch(web, "GET", "/assets/xterm.js");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/javascript"), "{head}");
    for (method, path) in [
        ("GET", "/assets/nope.js"),
        ("GET", "/t/a/b"),
        ("GET", "/../Cargo.toml"),
        ("GET", "/names.json"),
        ("POST", "/"),
    ] {
        let (status, head, _) = fetch(web, method, path);
        assert_eq!(status, 404, "{method} {path}: {head}");
        assert!(
            head.contains("content-security-policy: default-src 'none'"),
            "{head}"
        );
    }
    for header in [
        "content-security-policy: default-src 'none'; script-src 'self'; style-src 'self'; \
         connect-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'; \
         form-action 'none'",
        "x-content-type-options: nosniff",
        "referrer-policy: no-referrer",
    ] {
        assert!(head.contains(header), "{header} in {head}");
    }
    host.close();
}

#[test]
fn a_connection_to_the_page_that_says_nothing_is_cut_off_after_the_login_grace() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, _) = hosting(HostOptions {
        login_grace: Duration::from_millis(300),
        ..options(dir.path())
    });
    let mut silent = std::net::TcpStream::connect(web).expect("the page's port answers");
    silent
        .set_read_timeout(Some(PATIENCE))
        .expect("a read timeout");
    let mut got = Vec::new();
    let read = silent.read_to_end(&mut got);
    assert!(
        read.is_ok(),
        "closed by the host, not timed out here: {read:?}"
    );
    host.close();
}

#[test]
fn a_socket_from_another_sites_page_is_refused() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, _) = hosting(options(dir.path()));
    client_runtime().block_on(async {
        for origin in [Some("http://evil.example"), Some("null"), None] {
            match upgrade(web, origin).await {
                Err(Error::Http(response)) => {
                    assert_eq!(response.status(), StatusCode::FORBIDDEN, "{origin:?}");
                }
                other => panic!("{origin:?}: {:?}", other.map(|_| "upgraded")),
            }
        }
    });
    host.close();
}

#[test]
fn a_socket_without_a_valid_invitation_is_refused_with_the_reason() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, _) = hosting(options(dir.path()));
    let console = host.console();
    client_runtime().block_on(async {
        let refused = async |token: &str| {
            let (code, why) = Browser::refused(web, token, "ivy", &secret('a')).await;
            assert_eq!(code, 1008, "{why}");
            why
        };
        assert!(refused("").await.contains("no invitation"));
        let unknown = refused("0123456789abcdef").await;
        assert!(unknown.contains("not one of this parlor's"), "{unknown}");
        let once = token(&console.command("invite --once"));
        let _first = Browser::in_lobby(web, &once, "ivy", &secret('a')).await;
        assert!(refused(&once).await.contains("has been used"));
        let brief = token(&console.command("invite --for 1s"));
        tokio::time::sleep(Duration::from_millis(1100)).await;
        assert!(refused(&brief).await.contains("expired"));
        // Four tokens that open nothing: the source waits before its next socket.
        match upgrade(web, Some(&format!("http://{web}"))).await {
            Err(Error::Http(response)) => {
                assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
            }
            other => panic!("{:?}", other.map(|_| "upgraded")),
        }
    });
    let log = std::fs::read_to_string(dir.path().join("host.log")).expect("the log");
    assert!(log.contains("login ivy by invitation from"), "{log}");
    assert!(log.contains("penalty: 127.0.0.1 may not log in"), "{log}");
    host.close();
}

#[test]
fn a_browser_guest_reaches_the_lobby_and_keeps_their_name_with_their_secret() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, lobby) = hosting(options(dir.path()));
    let console = host.console();
    client_runtime().block_on(async {
        let mut mia = Browser::in_lobby(web, &lobby, "mia", &secret('a')).await;
        assert!(console.command("who").contains("mia: browser:"));
        // Another browser, without mia's secret, is refused her name, and told why.
        let (_, why) = Browser::refused(web, &lobby, "mia", &secret('b')).await;
        assert!(why.contains("belongs to another"), "{why}");
        // q: mia leaves, and is told so as her socket closes.
        mia.press("q").await;
        assert!(mia.until_closed().await, "{}", mia.screen());
        assert_eq!(mia.closed, Some((1000, "you left the parlor".to_owned())));
        let _back = Browser::in_lobby(web, &lobby, "mia", &secret('a')).await;
    });
    host.close();
    // Only a hash of the secret is kept, beside the keys.
    let book = std::fs::read_to_string(dir.path().join("names.json")).expect("the book");
    assert!(book.contains("\"mia\": \"browser:"), "{book}");
    assert!(!book.contains(&secret('a')), "{book}");
}

#[test]
fn a_name_an_ssh_key_holds_is_refused_to_a_browser_and_a_browsers_to_a_key() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, lobby) = hosting(options(dir.path()));
    client_runtime().block_on(async {
        let _ann = come_in(host.address(), "ann").await;
        let (_, why) = Browser::refused(web, &lobby, "ann", &secret('a')).await;
        assert!(why.contains("belongs to another"), "{why}");
        let _bea = Browser::in_lobby(web, &lobby, "bea", &secret('a')).await;
        let (_, came_in) = super::try_key(host.address(), "bea", super::key_of("bea", 0)).await;
        assert!(!came_in, "a key cannot take a browser's name");
        // A name that cannot be a folder, and a secret no page makes, are refused too.
        for (name, secret) in [("../x", secret('a')), ("cy", "short".to_owned())] {
            let (code, why) = Browser::refused(web, &lobby, name, &secret).await;
            assert_eq!(code, 1008, "{name}: {why}");
        }
    });
    host.close();
}

#[test]
fn the_host_sending_a_browser_guest_away_closes_their_socket_with_the_reason() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, lobby) = hosting(options(dir.path()));
    let console = host.console();
    client_runtime().block_on(async {
        let mut rex = Browser::in_lobby(web, &lobby, "rex", &secret('a')).await;
        let banned = console.command("ban rex");
        assert!(
            banned.contains("banned rex (and its key browser:"),
            "{banned}"
        );
        assert!(rex.until_closed().await, "{}", rex.screen());
        let (_, why) = rex.closed.expect("a close frame");
        assert!(why.contains("the host sent you away"), "{why}");
        let (_, why) = Browser::refused(web, &lobby, "rex", &secret('a')).await;
        assert!(why.contains("banned"), "{why}");
    });
    host.close();
}

#[test]
fn closing_the_parlor_closes_a_browsers_socket_saying_so() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, lobby) = hosting(options(dir.path()));
    let runtime = client_runtime();
    let mut kim = runtime.block_on(Browser::in_lobby(web, &lobby, "kim", &secret('a')));
    // The browser goes on reading while the host closes, as a browser would: its answer to
    // the close frame is what the host waits for.
    let closing = std::thread::spawn(move || host.close());
    runtime.block_on(async {
        assert!(kim.until_closed().await, "{}", kim.screen());
        while kim.socket.next().await.is_some() {}
    });
    closing.join().expect("the host closes");
    assert_eq!(
        kim.closed,
        Some((1000, "the host closed the parlor".to_owned()))
    );
    assert!(kim.screen().contains("the host closed the parlor"));
}

/// Whether `name`'s result is in their stats under the host's data directory.
fn recorded(dir: &Path, name: &str) -> bool {
    std::fs::read_to_string(dir.join("guests").join(name).join("stats.json"))
        .is_ok_and(|stats| stats.contains("\"played\""))
}

#[test]
fn a_browser_guest_and_an_ssh_guest_sit_at_one_table_and_see_the_same_game() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, _) = hosting(dealing(dir.path(), 7));
    let console = host.console();
    client_runtime().block_on(async {
        let mut ann = Guest::opens(host.address(), "ann", TERMINAL, QUICK_LCR, "den").await;
        assert_eq!(console.command("invite nook"), "there is no table nook");
        let den = token(&console.command("invite den --once"));
        let mut kit = Browser::sit(web, &den, "kit", &secret('k')).await;
        assert!(kit.until_shown("ann").await, "{}", kit.screen());
        assert!(ann.until_shown("kit").await, "{}", ann.screen());
        // Ann starts the game; each plays their turns until it is over for both.
        ann.press(b"\r").await;
        let over = |screen: &str| screen.contains("review");
        let (ann_done, kit_done) = tokio::join!(
            keep_playing(&mut ann, |g| over(&g.screen())),
            keep_playing(&mut kit, |b| over(&b.screen()))
        );
        assert!(ann_done, "{}", ann.screen());
        assert!(kit_done, "{}", kit.screen());
        // Each saw the other's moves ("ann rolls ...", the name as its owner wrote it);
        // their own are "You roll".
        assert!(told_moving(&kit.screen(), "ann"), "{}", kit.screen());
        assert!(told_moving(&ann.screen(), "kit"), "{}", ann.screen());
    });
    host.close();
    assert!(recorded(dir.path(), "ann"), "ann's result");
    assert!(recorded(dir.path(), "kit"), "kit's result");
}

/// Whether the lines said were only lines and questions: JSON, never a terminal's bytes.
fn only_said(browser: &Browser) -> bool {
    browser.out.is_empty()
        && browser
            .said
            .iter()
            .all(|message| message.get("line").is_some() || message.get("prompt").is_some())
        && !browser.heard().contains('\x1b')
}

#[test]
fn a_screen_reader_seat_hears_the_lobby_and_its_table_in_lines_and_plays_to_the_end() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, lobby) = hosting(dealing(dir.path(), 7));
    client_runtime().block_on(async {
        let mut lea = Browser::sit_in_lines(web, &lobby, "lea", &secret('l')).await;
        assert!(
            lea.until_heard("The lobby: no tables are open").await,
            "{}",
            lea.heard()
        );
        // The flags of `play GAME` open it as they say, and a wrong one is refused in words.
        lea.type_line("new lcr --bogus").await;
        let refused = "Refused: the new table could not be set up: unexpected argument \
                       '--bogus' found.\n";
        assert!(lea.until_heard(refused).await, "{}", lea.heard());
        assert!(!lea.heard().contains("Usage"), "{}", lea.heard());
        // What a shared table refuses on the command line, it refuses here: a seed chosen
        // by a guest would let them work out every hidden card.
        lea.type_line("new chase-the-ace --seed 5").await;
        assert!(
            lea.until_heard("not taken at a shared table").await,
            "{}",
            lea.heard()
        );
        assert!(lea.heard().contains("is over.\n"), "{}", lea.heard());
        lea.type_line("new lcr --speed 0").await;
        assert!(
            lea.until_heard("You sit in seat 1").await,
            "{}",
            lea.heard()
        );
        lea.type_line("s").await;
        let over = |b: &Browser| b.heard().contains("The game is in your record");
        assert!(lea.keep_answering(over).await, "{}", lea.heard());
        // Only their turn is urgent: a screen reader interrupts itself for nothing else.
        let urgent: Vec<&str> = lea
            .said
            .iter()
            .filter(|message| message["urgent"] == true)
            .filter_map(|message| message["line"].as_str())
            .collect();
        assert!(!urgent.is_empty(), "{}", lea.heard());
        assert!(
            urgent.iter().all(|line| *line == "Your turn."),
            "{urgent:?}"
        );
        assert!(lea.heard().contains("You roll"), "{}", lea.heard());
        assert!(only_said(&lea), "{:?} {}", lea.said, lea.screen());
        // Keys for the full screen are not read in lines; q leaves.
        lea.press("q").await;
        lea.type_line("q").await;
        assert!(lea.until_closed().await, "{}", lea.heard());
        assert_eq!(lea.closed, Some((1000, "you left the parlor".to_owned())));
        assert!(lea.heard().ends_with("Goodbye.\n"), "{}", lea.heard());
    });
    host.close();
    assert!(recorded(dir.path(), "lea"), "lea's result");
}

#[test]
fn a_screen_reader_seat_and_an_ssh_guest_sit_at_one_table_to_the_end() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, _) = hosting(dealing(dir.path(), 7));
    let console = host.console();
    client_runtime().block_on(async {
        let mut ann = Guest::opens(host.address(), "ann", TERMINAL, QUICK_LCR, "den").await;
        let den = token(&console.command("invite den --once"));
        let mut kit = Browser::sit_in_lines(web, &den, "kit", &secret('k')).await;
        assert!(
            kit.until_heard("You sit in seat 2 at the table den").await,
            "{}",
            kit.heard()
        );
        ann.starts_once_seeing("kit").await;
        let (ann_done, kit_done) = tokio::join!(
            keep_playing(&mut ann, |g| g.screen().contains("review")),
            kit.keep_answering(|b| b.heard().contains("The game is in your record"))
        );
        assert!(ann_done, "{}", ann.screen());
        assert!(kit_done, "{}", kit.heard());
        let heard = kit.heard();
        assert!(heard.contains("Your turn."), "{heard}");
        assert!(heard.contains("ann rolls"), "the other's moves:\n{heard}");
        assert!(ann.screen().contains("kit"), "{}", ann.screen());
        assert!(only_said(&kit), "{:?}", kit.said);
    });
    host.close();
    assert!(recorded(dir.path(), "ann"), "ann's result");
    assert!(recorded(dir.path(), "kit"), "kit's result");
}

/// A reverse proxy on loopback, as HOSTING.md's Caddy or nginx would be: it takes
/// browsers' connections, opens its own to `web` from the address `from`, and adds
/// `X-Forwarded-For: CLIENT` to the request it passes on. Where it listens.
pub(super) async fn forwarding_proxy(web: SocketAddr, from: [u8; 4]) -> SocketAddr {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("the proxy listens");
    let at = listener.local_addr().expect("its address");
    tokio::spawn(async move {
        while let Ok((mut client, peer)) = listener.accept().await {
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut buffer = [0; 4096];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 65_536 {
                    match client.read(&mut buffer).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buffer[..n]),
                    }
                }
                let Some(line_end) = head.windows(2).position(|w| w == b"\r\n") else {
                    return;
                };
                let mut passed = head[..line_end + 2].to_vec();
                passed.extend_from_slice(format!("X-Forwarded-For: {}\r\n", peer.ip()).as_bytes());
                passed.extend_from_slice(&head[line_end + 2..]);
                let Ok(mut upstream) = from_address(web, from).await else {
                    return;
                };
                if upstream.write_all(&passed).await.is_ok() {
                    let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
                }
            });
        }
    });
    at
}

/// A connection to `to` from the loopback address `from` (every 127.x.y.z is this machine).
async fn from_address(to: SocketAddr, from: [u8; 4]) -> std::io::Result<TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.set_nodelay(true)?;
    socket.bind(SocketAddr::from((from, 0)))?;
    socket.connect(to).await
}

/// The socket at `at` (the host, or a proxy before it), opened from `from` as the host's
/// page opens it, with `token` in its address if given.
pub(super) async fn socket_from(
    at: SocketAddr,
    from: [u8; 4],
    token: Option<&str>,
) -> Result<WebSocketStream<MaybeTlsStream<TcpStream>>, Error> {
    let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
    let mut request = format!("ws://{at}/socket{query}")
        .into_client_request()
        .expect("a request");
    let origin = HeaderValue::from_str(&format!("http://{at}")).expect("an origin");
    request.headers_mut().insert("origin", origin);
    let stream = from_address(at, from).await.map_err(Error::Io)?;
    tokio_tungstenite::client_async_with_config(request, MaybeTlsStream::Plain(stream), None)
        .await
        .map(|(socket, _)| socket)
}

impl Browser {
    /// A browser from `from` sits down at `at` (the host, or a proxy before it) as `name`.
    pub(super) async fn sit_from(
        at: SocketAddr,
        from: [u8; 4],
        token: &str,
        in_address: bool,
        name: &str,
    ) -> Result<Browser, Error> {
        let mut socket = socket_from(at, from, in_address.then_some(token)).await?;
        let hello = serde_json::json!({
            "token": token, "name": name, "secret": format!("{name}{}", secret('s')), "cols": 80, "rows": 24,
        });
        socket
            .send(Message::text(hello.to_string()))
            .await
            .expect("the hello goes");
        Ok(Browser {
            socket,
            out: Vec::new(),
            said: Vec::new(),
            answered_at: 0,
            closed: None,
        })
    }
}

/// What one stranger did behind a proxy in issue 55: sockets that never say hello, and
/// tokens that open nothing (each guess counted against its address). Returns the sockets,
/// to hold.
pub(super) async fn stranger_at(
    at: SocketAddr,
    from: [u8; 4],
) -> Vec<WebSocketStream<MaybeTlsStream<TcpStream>>> {
    let mut held = Vec::new();
    for _ in 0..4 {
        if let Ok(socket) = socket_from(at, from, None).await {
            held.push(socket);
        }
    }
    for guess in 0..4 {
        if let Ok(mut socket) = socket_from(at, from, None).await {
            let hello = serde_json::json!({
                "token": format!("{guess:032x}"), "name": "eve", "secret": secret('e'),
            });
            let _ = socket.send(Message::text(hello.to_string())).await;
            while let Some(Ok(message)) = socket.next().await {
                if matches!(message, Message::Close(_)) {
                    break;
                }
            }
        }
    }
    for _ in 0..8 {
        if let Ok(socket) = socket_from(at, from, None).await {
            held.push(socket);
        }
    }
    held
}

/// Behind a trusted forwarding proxy, each browser is counted as the address the proxy
/// forwards: a stranger's silent sockets and wrong tokens through it shut out only the
/// stranger, where before every browser was the proxy's address (0 of 12 got in).
#[test]
fn behind_a_trusted_proxy_one_stranger_shuts_out_only_themself() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, lobby) = hosting(HostOptions {
        trusted_proxies: vec![[127, 0, 0, 9].into()],
        ..options(dir.path())
    });
    client_runtime().block_on(async {
        let proxy = forwarding_proxy(web, [127, 0, 0, 9]).await;
        let _held = stranger_at(proxy, [127, 0, 1, 1]).await;
        let mut seated = 0;
        for n in 0..6u8 {
            // The token in the hello only, as an older page sends it: the forwarded address
            // alone keeps them apart from the stranger.
            let Ok(mut browser) =
                Browser::sit_from(proxy, [127, 0, 2, 1 + n], &lobby, false, &format!("g{n}")).await
            else {
                continue;
            };
            seated += usize::from(browser.until_shown("tables").await);
        }
        assert_eq!(seated, 6);
        // The stranger is penalised as themself.
        assert!(socket_from(proxy, [127, 0, 1, 1], None).await.is_err());
    });
    host.close();
    let log = std::fs::read_to_string(dir.path().join("host.log")).expect("the log");
    assert!(log.contains("penalty: 127.0.1.1 may not log in"), "{log}");
    assert!(log.contains("login g0 by invitation (key"), "{log}");
    assert!(log.contains("from 127.0.2.1:"), "{log}");
}

/// A proxy not named by `--trusted-proxy` is everyone behind it, as before: what it
/// forwards is not believed (a browser could write it).
#[test]
fn a_forwarded_address_from_anyone_else_is_not_believed() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, lobby) = hosting(options(dir.path()));
    client_runtime().block_on(async {
        let proxy = forwarding_proxy(web, [127, 0, 0, 10]).await;
        let _held = stranger_at(proxy, [127, 0, 1, 2]).await;
        let refused = Browser::sit_from(proxy, [127, 0, 2, 9], &lobby, false, "hy").await;
        assert!(refused.is_err(), "one address: the proxy's, penalised");
    });
    host.close();
    let log = std::fs::read_to_string(dir.path().join("host.log")).expect("the log");
    assert!(log.contains("penalty: 127.0.0.10 may not log in"), "{log}");
}

/// A browser that shows a valid invitation as it opens its socket (as the page does) is
/// let in past the silent sockets and the penalty of a stranger at its own address (one
/// NAT).
#[test]
fn an_invited_browser_passes_a_neighbours_silent_sockets_and_penalty() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, lobby) = hosting(options(dir.path()));
    client_runtime().block_on(async {
        let _held = stranger_at(web, [127, 0, 3, 1]).await;
        assert!(
            Browser::sit_from(web, [127, 0, 3, 1], &lobby, false, "kai")
                .await
                .is_err(),
            "without the token in its address, the address's penalty holds"
        );
        let mut browser = Browser::sit_from(web, [127, 0, 3, 1], &lobby, true, "kai")
            .await
            .expect("the invited door is open");
        assert!(browser.until_shown("tables").await, "{}", browser.screen());
    });
    host.close();
}

/// A link for one visit is used by the visit, not by a first try under a name that cannot
/// be one; the page carrying it is never kept by a cache; and a socket whose Host is another
/// site's name (DNS rebinding) is refused even when its Origin matches.
#[test]
fn a_once_link_survives_a_mistyped_name_no_cache_keeps_it_and_other_names_are_refused() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, _) = hosting(options(dir.path()));
    let once = token(&host.console().command("invite --once"));
    let (_, head, _) = fetch(web, "GET", &format!("/t/{once}"));
    assert!(head.contains("cache-control: no-store"), "{head}");
    client_runtime().block_on(async {
        let (code, why) = Browser::refused(web, &once, "bad name!", &secret('a')).await;
        assert_eq!(code, 1008, "{why}");
        let _in = Browser::in_lobby(web, &once, "ona", &secret('a')).await;
        let mut request = format!("ws://{web}/socket")
            .into_client_request()
            .expect("a request");
        for (name, value) in [("host", "evil.example"), ("origin", "http://evil.example")] {
            request
                .headers_mut()
                .insert(name, HeaderValue::from_static(value));
        }
        match tokio_tungstenite::connect_async(request).await {
            Err(Error::Http(response)) => assert_eq!(response.status(), StatusCode::FORBIDDEN),
            other => panic!("{:?}", other.map(|_| "upgraded")),
        }
    });
    host.close();
}

/// An invitation to a table admits to that table only: on the full screen, leaving it
/// ends the parlor (it once led to the menu, and a table of the guest's own); in lines, the
/// lobby is that table alone, and neither a new table nor another is opened to them.
#[test]
fn an_invitation_to_a_table_admits_to_that_table_only() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, _) = hosting(dealing(dir.path(), 7));
    let console = host.console();
    client_runtime().block_on(async {
        // Ann and Bo are kept at their tables to the end.
        let _ann = Guest::opens(
            host.address(),
            "ann",
            TERMINAL,
            "lcr --players 4 --speed 0",
            "den",
        )
        .await;
        let _bo = Guest::opens(host.address(), "bo", TERMINAL, QUICK_LCR, "nook").await;
        let den = token(&console.command("invite den --once"));
        let mut kit = Browser::sit(web, &den, "kit", &secret('k')).await;
        assert!(kit.until_shown("ann").await, "{}", kit.screen());
        // Esc, and yes: leave the table.
        kit.press("\x1b").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        kit.press("y").await;
        assert!(kit.until_closed().await, "{}", kit.screen());
        let (code, why) = kit.closed.clone().expect("a close frame");
        assert!(
            why.contains("your invitation was to the table den"),
            "{code} {why}"
        );
        let den = token(&console.command("invite den"));
        let mut lea = Browser::sit_in_lines(web, &den, "lea", &secret('l')).await;
        assert!(lea.until_heard("den").await, "{}", lea.heard());
        lea.type_line("leave").await;
        assert!(
            lea.until_heard("You leave the table den").await,
            "{}",
            lea.heard()
        );
        lea.type_line("new lcr").await;
        assert!(
            lea.until_heard("your invitation is to the table den only")
                .await,
            "{}",
            lea.heard()
        );
        lea.type_line("join nook").await;
        let refused = |b: &Browser| {
            b.heard()
                .matches("your invitation is to the table den only")
                .count()
                == 2
        };
        assert!(lea.until(refused).await, "{}", lea.heard());
    });
    host.close();
    let log = std::fs::read_to_string(dir.path().join("host.log")).expect("the log");
    assert!(
        !log.contains("table kit opened") && !log.contains("table lea opened"),
        "{log}"
    );
}

/// Played under attack, as issue 55 asks: two SSH guests and a browser behind a trusted
/// forwarding proxy play one LCR table to its end while logins that open no parlor hold on
/// with keepalives, a stranger behind the same proxy holds silent sockets and guesses
/// tokens, and another keeps asking to join the table under a held name (refused).
#[test]
fn two_ssh_guests_and_a_browser_behind_a_proxy_play_to_the_end_under_attack() {
    use super::{Trusting, come_in, key_of, silent};
    use russh::client;
    use std::sync::Arc;
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, _) = hosting(HostOptions {
        trusted_proxies: vec![[127, 0, 0, 9].into()],
        login_grace: Duration::from_secs(1),
        // The host's defaults: one address's holders take at most 8 of 32 places.
        max_connections: 32,
        ..dealing(dir.path(), 7)
    });
    let console = host.console();
    let address = host.address();
    client_runtime().block_on(async {
        let proxy = forwarding_proxy(web, [127, 0, 0, 9]).await;
        let mut ann =
            Guest::opens(address, "ann", TERMINAL, "lcr --players 4 --speed 0", "den").await;
        let mut bo = Guest::on(
            come_in(address, "bo").await,
            Some(TERMINAL),
            Some("join den"),
        )
        .await;
        assert!(bo.until_shown("ann").await, "{}", bo.screen());
        // The attack, set up before the game and kept up beside it until it is over.
        let stranger = stranger_at(proxy, [127, 0, 6, 1]).await;
        let mut holders = Vec::new();
        for n in 0..16 {
            let stream = silent(address, [127, 0, 5, 1]).await;
            if let Ok(mut session) =
                client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await
            {
                let _ = session
                    .authenticate_keyboard_interactive_start(format!("h{n}"), None)
                    .await;
                holders.push(session);
            }
        }
        let joins = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let tried = Arc::clone(&joins);
        let attack = tokio::spawn(async move {
            let _stranger = stranger;
            for _ in 0..200 {
                for holder in &holders {
                    let _ = holder.send_keepalive(false).await;
                }
                let stream = silent(address, [127, 0, 7, 1]).await;
                if let Ok(mut session) =
                    client::connect_stream(Arc::new(client::Config::default()), stream, Trusting)
                        .await
                {
                    let key =
                        russh::keys::PrivateKeyWithHashAlg::new(Arc::new(key_of("ann", 0)), None);
                    if session
                        .authenticate_publickey("ann", key)
                        .await
                        .is_ok_and(|a| a.success())
                    {
                        let mut again = Guest::on(session, Some(TERMINAL), Some("join den")).await;
                        if again.until_closed().await {
                            tried.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        }
                    }
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        });
        tokio::time::sleep(Duration::from_millis(500)).await;
        let den = token(&console.command("invite den"));
        let mut kit = Browser::sit_from(proxy, [127, 0, 8, 1], &den, true, "kit")
            .await
            .expect("the invited door is open");
        assert!(kit.until_shown("ann").await, "{}", kit.screen());
        ann.press(b"\r").await;
        let over = |screen: &str| screen.contains("review");
        let (ann_done, bo_done, kit_done) = tokio::join!(
            keep_playing(&mut ann, |g| over(&g.screen())),
            keep_playing(&mut bo, |g| over(&g.screen())),
            keep_playing(&mut kit, |b| over(&b.screen()))
        );
        attack.abort();
        assert!(ann_done, "{}", ann.screen());
        assert!(bo_done, "{}", bo.screen());
        assert!(kit_done, "{}", kit.screen());
        assert!(
            joins.load(std::sync::atomic::Ordering::SeqCst) > 0,
            "ann's joins again were tried, and refused"
        );
    });
    host.close();
    for name in ["ann", "bo", "kit"] {
        assert!(recorded(dir.path(), name), "{name}'s result");
    }
}

/// The page in the language the browser asks for first of those the parlor speaks, and the
/// guest's parlor in the page's: a refusal, and the lobby's answers, in Swedish.
#[test]
fn a_browser_that_asks_for_swedish_gets_the_page_and_the_parlor_in_swedish() {
    let dir = TempDir::new().expect("a temp dir");
    let (host, web, lobby) = hosting(options(dir.path()));
    let (status, head, page) = fetch_with(
        web,
        "GET",
        &format!("/t/{lobby}"),
        "Accept-Language: de-DE, sv-SE;q=0.9, en;q=0.8\r\n",
    );
    assert_eq!(status, 200);
    assert!(head.contains("vary: accept-language"), "{head}");
    assert!(page.contains("<html lang=\"sv\">"), "{page}");
    assert!(page.contains("Sätt dig</button>"), "{page}");
    assert!(
        page.contains("data-left=\"Du lämnade parloren.\""),
        "{page}"
    );
    assert!(
        !page.contains("{{"),
        "every word of the page is filled in: {page}"
    );
    let (_, _, english) = fetch_with(web, "GET", "/", "Accept-Language: fr, en-GB\r\n");
    assert!(english.contains("<html lang=\"en\">"), "{english}");
    assert!(english.contains("Sit down</button>"), "{english}");
    client_runtime().block_on(async {
        // Refused before any hello names a language: the socket's Accept-Language.
        let hello = serde_json::json!({ "token": "", "name": "mia", "secret": secret('a') });
        let mut refused = Browser::hello_asking(web, hello, Some("sv")).await;
        assert!(refused.until_closed().await);
        let why = refused.closed.clone().expect("a close frame").1;
        assert_eq!(
            why,
            "sidans adress har ingen inbjudan: be värden om en länk"
        );
        // The page says which language it was served in; the parlor speaks it.
        let hello = serde_json::json!({
            "token": lobby, "name": "Åsa", "secret": secret('b'), "mode": "lines", "lang": "sv",
        });
        let mut asa = Browser::hello_asking(web, hello, Some("en")).await;
        assert!(
            asa.until(|b| !b.heard().is_empty()).await,
            "{}",
            asa.heard()
        );
        asa.type_line("join nosuch").await;
        assert!(
            asa.until_heard("det finns inget bord nosuch här").await,
            "{}",
            asa.heard()
        );
        // A name of mixed alphabets is refused, in the browser's language.
        let hello = serde_json::json!({
            "token": lobby, "name": "\u{410}sa", "secret": secret('c'), "lang": "sv",
        });
        let mut mixed = Browser::hello_asking(web, hello, None).await;
        assert!(mixed.until_closed().await);
        let why = mixed.closed.clone().expect("a close frame").1;
        assert!(why.contains("mer än ett alfabet"), "{why}");
    });
    host.close();
}
