//! `parlor host` on loopback, visited with russh's client: the parlor drawn for a guest,
//! everything but the parlor refused, the limits holding; and the decoder of guests' keys,
//! on any bytes at all.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use parlor::games::{Card, GameId, Settings, SettingsRequest, Turn, View};
use parlor::host::decoder::{Decoder, MAX_PASTE, MAX_SEQUENCE};
use parlor::host::limits::Startups;
use parlor::host::{Access, Host, HostOptions, REJECTION_DELAY};
use parlor::shared_table::{Endings, Joined, Pace, Person, Phase, TableRefusal, Tables, Update};
use parlor::table::{GameSetup, Step, Table};
use proptest::prelude::*;
use russh::client::{self, AuthResult, Handle, KeyboardInteractiveAuthResponse};
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{HashAlg, PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{Channel, ChannelMsg};
use tempfile::TempDir;

mod attack;
mod language;
mod web;

/// How long a test waits for the server before it fails.
const PATIENCE: Duration = Duration::from_secs(20);

fn options(dir: &Path) -> HostOptions {
    HostOptions {
        address: SocketAddr::from(([127, 0, 0, 1], 0)),
        access: Access::default(),
        max_connections: 8,
        max_startups: Startups::default(),
        per_source_startups: 8,
        per_source_guests: 8,
        login_grace: Duration::from_secs(30),
        login_penalty: Duration::from_mins(10),
        // Refusals answered at once but for a trace: the tests refuse dozens of logins, and
        // `with_a_password_only_the_right_one_gets_in` checks the real delay.
        rejection_delay: Duration::from_millis(10),
        log: Some(dir.join("host.log")),
        max_tables: 4,
        idle_timeout: Duration::from_mins(10),
        data_dir: dir.to_path_buf(),
        table_seed: None,
        web: None,
        trusted_proxies: Vec::new(),
        web_names: Vec::new(),
    }
}

/// A host that lets in only guests who give the password "open sesame".
fn with_password(dir: &Path) -> HostOptions {
    HostOptions {
        access: Access {
            password: Some("open sesame".to_owned()),
            keys: Vec::new(),
        },
        ..options(dir)
    }
}

/// A host whose shared tables are all dealt from `seed` (a guest cannot choose one).
fn dealing(dir: &Path, seed: u64) -> HostOptions {
    HostOptions {
        table_seed: Some(seed),
        ..options(dir)
    }
}

fn serve(options: HostOptions) -> Host {
    Host::start(options).expect("the host starts")
}

/// The client's runtime (the host runs one of its own).
fn client_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A guest's ssh, trusting whatever host key it is shown.
struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

async fn connect(host: SocketAddr) -> Handle<Trusting> {
    // Without Nagle's algorithm, as OpenSSH's own client talks: with it, a guest's second
    // small packet in a row waited on the host's delayed acknowledgement of the first, 40 ms
    // a login here.
    let config = Arc::new(client::Config {
        nodelay: true,
        ..client::Config::default()
    });
    client::connect(config, host, Trusting)
        .await
        .expect("the connection opens")
}

/// The key a guest holds: the same for the same `name` and `which`, so a guest who drops
/// comes back with their own key, and `which` 1 is an impostor's.
fn key_of(name: &str, which: u8) -> PrivateKey {
    let mut seed = [which; 32];
    for (at, byte) in name.bytes().enumerate() {
        seed[at % 32] ^= byte;
    }
    PrivateKey::from(Ed25519Keypair::from_seed(&seed))
}

fn fingerprint_of(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

/// Try to come in as `name` with `key`.
async fn try_key(host: SocketAddr, name: &str, key: PrivateKey) -> (Handle<Trusting>, bool) {
    let mut session = connect(host).await;
    let auth = session
        .authenticate_publickey(name, PrivateKeyWithHashAlg::new(Arc::new(key), None))
        .await
        .expect("auth answers");
    (session, auth.success())
}

/// Try to come in as `name` without a key (keyboard-interactive, no question asked).
async fn try_keyless(host: SocketAddr, name: &str) -> (Handle<Trusting>, bool) {
    let mut session = connect(host).await;
    let mut reply = session
        .authenticate_keyboard_interactive_start(name, None)
        .await
        .expect("auth answers");
    // A refusal comes as a question with no prompt, whose instructions say why.
    while let KeyboardInteractiveAuthResponse::InfoRequest { .. } = reply {
        reply = session
            .authenticate_keyboard_interactive_respond(Vec::new())
            .await
            .expect("auth answers");
    }
    let came_in = matches!(reply, KeyboardInteractiveAuthResponse::Success);
    (session, came_in)
}

/// `name` comes in with their own key.
async fn come_in(host: SocketAddr, name: &str) -> Handle<Trusting> {
    let (session, came_in) = try_key(host, name, key_of(name, 0)).await;
    assert!(came_in, "anyone comes in by default, {name} with their key");
    session
}

/// A session channel, with a terminal of `columns` x `rows` if given one.
async fn session_channel(
    session: &Handle<Trusting>,
    terminal: Option<(u32, u32)>,
) -> Channel<client::Msg> {
    let channel = session.channel_open_session().await.expect("a session");
    if let Some((columns, rows)) = terminal {
        channel
            .request_pty(true, "xterm-256color", columns, rows, 0, 0, &[])
            .await
            .expect("a pty");
    }
    channel
}

/// A guest's session, and what came back on it.
struct Guest {
    /// Kept open while the guest is there.
    session: Handle<Trusting>,
    channel: Channel<client::Msg>,
    out: Vec<u8>,
    err: Vec<u8>,
    status: Option<u32>,
    failures: usize,
    closed: bool,
}

impl Guest {
    /// `name` comes in with a terminal of `columns` x `rows`, and asks for `command` (the
    /// menu: none).
    async fn sit(
        host: SocketAddr,
        name: &str,
        (columns, rows): (u32, u32),
        command: Option<&str>,
    ) -> Guest {
        let session = come_in(host, name).await;
        Guest::on(session, Some((columns, rows)), command).await
    }

    /// On an open `session`: a session channel (with a terminal, if given), asking for
    /// `command` (none: a shell).
    async fn on(
        session: Handle<Trusting>,
        terminal: Option<(u32, u32)>,
        command: Option<&str>,
    ) -> Guest {
        let channel = session_channel(&session, terminal).await;
        match command {
            Some(command) => channel.exec(true, command).await,
            None => channel.request_shell(true).await,
        }
        .expect("the server answers");
        Guest {
            session,
            channel,
            out: Vec::new(),
            err: Vec::new(),
            status: None,
            failures: 0,
            closed: false,
        }
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.out).into_owned()
    }

    fn said(&self) -> String {
        String::from_utf8_lossy(&self.err).into_owned()
    }

    async fn press(&mut self, keys: &[u8]) {
        self.channel
            .data(keys)
            .await
            .expect("the server takes keys");
    }

    async fn resize(&mut self, columns: u32, rows: u32) {
        self.channel
            .window_change(columns, rows, 0, 0)
            .await
            .expect("the server takes a window change");
    }

    /// Read until `done` (true) or until the channel closes or time runs out (false).
    async fn until(&mut self, done: impl Fn(&Guest) -> bool) -> bool {
        let read = async { while !done(self) && self.take_next().await {} };
        let _ = tokio::time::timeout(PATIENCE, read).await;
        done(self)
    }

    /// Read until `text` is on the screen. (Words are looked for one at a time: the
    /// spaces between them are skipped over, not drawn.)
    async fn until_shown(&mut self, text: &str) -> bool {
        self.until(|guest| guest.screen().contains(text)).await
    }

    /// Read until the channel closes.
    async fn until_closed(&mut self) -> bool {
        self.until(|guest| guest.closed).await
    }

    /// `name`, at a terminal of `size`, opens the shared table `table` with `play {game}
    /// --table {table}` (`game`: the game and its flags), and is shown it. Panics, with
    /// their screen, if they are not.
    async fn opens(
        host: SocketAddr,
        name: &str,
        size: (u32, u32),
        game: &str,
        table: &str,
    ) -> Guest {
        let open = format!("play {game} --table {table}");
        let mut opener = Guest::sit(host, name, size, Some(&open)).await;
        assert!(
            opener.until_shown(table).await,
            "{name} was not shown the table {table} they opened:\n{}",
            opener.screen()
        );
        opener
    }

    /// `name`, at a terminal of `size`, asks to sit at the shared table `table`.
    async fn joins(host: SocketAddr, name: &str, size: (u32, u32), table: &str) -> Guest {
        Guest::sit(host, name, size, Some(&format!("join {table}"))).await
    }

    /// This guest, who opened a table, starts its game (Enter) once `joiner` is shown at it.
    /// Panics, with their screen, if `joiner` never is.
    async fn starts_once_seeing(&mut self, joiner: &str) {
        assert!(
            self.until_shown(joiner).await,
            "{joiner} was never shown at the table:\n{}",
            self.screen()
        );
        self.press(b"\r").await;
    }
}

/// How most shared-table tests begin: `opener` opens the table `table` of `game` (the game
/// and its flags: `lcr --players 3`), `joiner` joins it, and the opener starts the game once
/// they see them; each at a [`TERMINAL`]. A step that does not happen fails the test there,
/// with the screen that shows it.
async fn started(
    host: SocketAddr,
    game: &str,
    table: &str,
    [opener, joiner]: [&str; 2],
) -> (Guest, Guest) {
    let mut first = Guest::opens(host, opener, TERMINAL, game, table).await;
    let second = Guest::joins(host, joiner, TERMINAL, table).await;
    first.starts_once_seeing(joiner).await;
    (first, second)
}

/// A guest's end of the host, an SSH session or a browser's socket, as a player at a table
/// keeps pressing Enter at it.
trait Player {
    /// Take in the host's next message; false once the connection has closed.
    async fn take_next(&mut self) -> bool;
    fn gone(&self) -> bool;
    async fn press_enter(&mut self);
}

impl Player for Guest {
    async fn take_next(&mut self) -> bool {
        match self.channel.wait().await {
            Some(ChannelMsg::Data { data }) => self.out.extend_from_slice(&data),
            Some(ChannelMsg::ExtendedData { data, .. }) => self.err.extend_from_slice(&data),
            Some(ChannelMsg::ExitStatus { exit_status }) => self.status = Some(exit_status),
            Some(ChannelMsg::Failure) => self.failures += 1,
            Some(ChannelMsg::Close) | None => {
                self.closed = true;
                return false;
            }
            Some(_) => {}
        }
        true
    }

    fn gone(&self) -> bool {
        self.closed
    }

    async fn press_enter(&mut self) {
        self.press(b"\r").await;
    }
}

/// The screen size most tests use.
const TERMINAL: (u32, u32) = (80, 24);

/// LCR for three, its bots moving at once: the table most shared-table tests open.
const QUICK_LCR: &str = "lcr --players 3 --speed 0";

#[test]
fn a_guest_gets_the_lobby_then_the_menu_plays_a_key_and_leaves() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let mut guest = Guest::sit(host.address(), "ada", TERMINAL, None).await;
        assert!(guest.until_shown("No").await, "{}", guest.screen());
        assert!(guest.until_shown("tables").await, "{}", guest.screen());
        // m: the parlor's own menu, to play alone.
        guest.press(b"m").await;
        assert!(guest.until_shown("Swedish").await, "{}", guest.screen());
        // 3: LCR's setup, with the guest's name in their seat.
        guest.press(b"3").await;
        assert!(guest.until_shown("Players").await);
        assert!(guest.screen().contains("ada"), "{}", guest.screen());
        // Back to the menu, and out.
        guest.press(b"\x1b").await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        guest.press(b"q").await;
        assert!(guest.until_closed().await);
        assert_eq!(guest.status, Some(0));
    });
    host.close();
}

#[test]
fn play_sits_the_guest_at_a_table_and_records_the_game_under_their_name() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let command = "play lcr --players 3 --seed 7 --speed 0";
        let mut guest = Guest::sit(host.address(), "bea", (100, 30), Some(command)).await;
        assert!(guest.until_shown("LCR").await, "{}", guest.screen());
        assert!(guest.until_shown("bea").await);
        // Roll, then leave midway: the game counts as abandoned.
        guest.press(b"\r").await;
        assert!(guest.until_shown("rolls").await);
        guest.press(b"q").await;
        assert!(guest.until_shown("abandoned.").await);
        guest.press(b"y").await;
        assert!(guest.until_closed().await);
    });
    host.close();
    let stats = std::fs::read_to_string(dir.path().join("guests/bea/stats.json"))
        .expect("the guest's stats");
    assert!(stats.contains("\"abandoned\": 1"), "{stats}");
    let replays =
        std::fs::read_dir(dir.path().join("guests/bea/replays")).expect("the guest's replays");
    assert_eq!(replays.count(), 1);
}

#[test]
fn commands_but_the_parlors_are_refused_with_a_reason() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let mut session = come_in(host.address(), "cy").await;
        // One after another on one connection: each refusal closes its session.
        for command in [
            "ls",
            "sh -c 'cat /etc/passwd'",
            "/bin/bash",
            "join 1",
            "play",
        ] {
            let mut guest = Guest::on(session, Some(TERMINAL), Some(command)).await;
            assert!(guest.until_closed().await, "{command}");
            assert_eq!(guest.status, Some(2), "{command}");
            assert!(
                guest.said().starts_with("parlor: "),
                "{command}: {}",
                guest.said()
            );
            assert!(guest.out.is_empty(), "{command}: nothing drawn");
            session = guest.session;
        }
        // The parlor's own command, without a terminal to draw in.
        let mut guest = Guest::on(session, None, Some("play lcr")).await;
        assert!(guest.until_closed().await);
        assert_eq!(guest.status, Some(2));
        assert!(
            guest.said().contains("needs a terminal"),
            "{}",
            guest.said()
        );
    });
    host.close();
}

#[test]
fn forwarding_sftp_agent_and_x11_are_refused() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let session = come_in(host.address(), "dee").await;
        assert!(
            session.tcpip_forward("127.0.0.1", 0).await.is_err(),
            "no port forwarding from the host"
        );
        assert!(
            session
                .channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 5555)
                .await
                .is_err(),
            "no port forwarding through the host"
        );
        let mut channel = session_channel(&session, None).await;
        channel
            .request_subsystem(true, "sftp")
            .await
            .expect("the server answers");
        channel
            .agent_forward(true)
            .await
            .expect("the server answers");
        channel
            .request_x11(true, false, "MIT-MAGIC-COOKIE-1", "00", 0)
            .await
            .expect("the server answers");
        let mut failures = 0;
        while failures < 3 {
            let answer = tokio::time::timeout(PATIENCE, channel.wait()).await;
            match answer.expect("answered in time") {
                Some(ChannelMsg::Failure) => failures += 1,
                Some(ChannelMsg::Success) => panic!("a request was granted"),
                Some(_) => {}
                None => panic!("the channel closed"),
            }
        }
        // A second session on the same connection: one parlor at a time.
        assert!(session.channel_open_session().await.is_err());
    });
    host.close();
}

#[test]
fn with_a_password_only_the_right_one_gets_in() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(HostOptions {
        rejection_delay: REJECTION_DELAY,
        ..with_password(dir.path())
    });
    client_runtime().block_on(async {
        let mut session = connect(host.address()).await;
        // Asking with no password (as OpenSSH does first, to learn the ways in) is answered
        // at once; a wrong password only after the host's delay.
        let asked = std::time::Instant::now();
        let none = session
            .authenticate_none("eve")
            .await
            .expect("auth answers");
        assert!(!none.success());
        assert!(
            asked.elapsed() < REJECTION_DELAY / 2,
            "{:?}",
            asked.elapsed()
        );
        let guessed = std::time::Instant::now();
        let wrong = session
            .authenticate_password("eve", "open barley")
            .await
            .expect("auth answers");
        assert!(matches!(wrong, AuthResult::Failure { .. }));
        assert!(
            guessed.elapsed() >= REJECTION_DELAY,
            "{:?}",
            guessed.elapsed()
        );
        // A mistyped password may be typed again.
        let right = session
            .authenticate_password("eve", "open sesame")
            .await
            .expect("auth answers");
        assert!(right.success());
        // The password proves no one's name: eve is in under a name for this visit only.
        let mut eve = Guest::on(session, Some(TERMINAL), Some("play lcr")).await;
        assert!(eve.until_shown("Roll").await, "{}", eve.screen());
        let who = host.console().command("who");
        assert!(
            who.contains("eve~1: no key: a name for this visit only"),
            "{who}"
        );
    });
    host.close();
}

#[test]
fn a_name_that_cannot_be_a_folder_is_refused() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        for name in ["../../etc", "a b", "", "thirteen-long"] {
            let mut guest = Guest::sit(host.address(), name, TERMINAL, None).await;
            assert!(guest.until_closed().await);
            assert_eq!(guest.status, Some(2), "{name:?}");
            assert!(
                guest.said().contains("cannot be a name"),
                "{}",
                guest.said()
            );
        }
    });
    host.close();
    assert!(!dir.path().join("guests").exists());
}

#[test]
fn absurd_window_sizes_are_drawn_within_bounds() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let mut guest = Guest::sit(host.address(), "fay", (0, 0), None).await;
        // The alternate screen, and nothing on it that a cell could not hold.
        assert!(guest.until_shown("\x1b[?1049h").await);
        guest.resize(40, 10).await;
        assert!(guest.until_shown("Enlarge").await);
        guest.resize(65535, 65535).await;
        assert!(guest.until_shown("tables").await);
        // Drawn at 300 x 100 at most: the frame fits in a few hundred kilobytes.
        assert!(guest.out.len() < 1 << 20, "{} bytes", guest.out.len());
        guest.resize(u32::MAX, 3).await;
        guest.resize(80, 24).await;
        guest.press(b"q").await;
        assert!(guest.until_closed().await);
        assert_eq!(guest.status, Some(0));
    });
    host.close();
}

#[test]
fn a_flood_of_bytes_stalls_no_one_else() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let mut flooding = Guest::sit(host.address(), "gus", TERMINAL, None).await;
        assert!(flooding.until_shown("tables").await);
        // A megabyte of everything a terminal may send, and much it may not, but no `q`,
        // Esc or Ctrl-C (which would leave).
        let noise: Vec<u8> = (0..1u32 << 20)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
            .map(|b| {
                if matches!(b, b'q' | 0x1b | 0x03) {
                    b'x'
                } else {
                    b
                }
            })
            .collect();
        let (_, writer) = flooding.channel.split();
        let flood = tokio::spawn(async move {
            let _ = writer.data(&noise[..]).await;
            writer
        });
        // Meanwhile another guest sits down at once.
        let mut other = Guest::sit(host.address(), "hal", TERMINAL, None).await;
        assert!(other.until_shown("tables").await);
        other.press(b"q").await;
        assert!(other.until_closed().await);
        let _ = flood.await;
    });
    host.close();
}

#[test]
fn an_idle_guest_is_told_and_let_go() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(HostOptions {
        idle_timeout: Duration::from_millis(300),
        ..options(dir.path())
    });
    client_runtime().block_on(async {
        let mut guest = Guest::sit(host.address(), "ida", TERMINAL, None).await;
        assert!(guest.until_closed().await);
        assert!(
            guest.screen().contains("nothing was typed for 300 ms"),
            "{}",
            guest.screen()
        );
    });
    host.close();
}

#[test]
fn closing_the_parlor_tells_the_guests_and_records_their_games() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    let runtime = client_runtime();
    let mut guest = runtime.block_on(async {
        let command = Some("play chase-the-ace --speed 0");
        let mut guest = Guest::sit(host.address(), "jo", TERMINAL, command).await;
        // Dealt, so there is a game to record (before its first step there is none).
        assert!(guest.until_shown("a card to everyone").await);
        guest
    });
    host.close();
    runtime.block_on(async {
        assert!(guest.until_closed().await);
        assert!(
            guest.screen().contains("the host closed the parlor"),
            "{}",
            guest.screen()
        );
    });
    let stats = std::fs::read_to_string(dir.path().join("guests/jo/stats.json"))
        .expect("the guest's stats");
    assert!(stats.contains("\"abandoned\": 1"), "{stats}");
}

#[test]
fn closing_the_parlor_records_a_shared_game_for_everyone_at_it() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(dealing(dir.path(), 5));
    let runtime = client_runtime();
    let (mut eli, mut gus) = runtime.block_on(async {
        let (eli, mut gus) =
            started(host.address(), "lcr --players 3", "den", ["eli", "gus"]).await;
        assert!(gus.until_shown("s left").await, "{}", gus.screen());
        (eli, gus)
    });
    host.close();
    runtime.block_on(async {
        for guest in [&mut eli, &mut gus] {
            assert!(guest.until_closed().await);
            assert!(
                guest
                    .screen()
                    .contains("the parlor closed; the game was recorded as abandoned"),
                "{}",
                guest.screen()
            );
        }
    });
    assert_eq!(abandoned(dir.path(), "eli"), 1);
    assert_eq!(abandoned(dir.path(), "gus"), 1);
}

#[test]
fn guests_past_the_limit_are_told_the_parlor_is_full() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(HostOptions {
        max_connections: 1,
        ..options(dir.path())
    });
    client_runtime().block_on(async {
        let _first = come_in(host.address(), "kit").await;
        let mut second = Guest::sit(host.address(), "lin", TERMINAL, None).await;
        assert!(second.until_closed().await);
        assert!(
            second.said().contains("the parlor is full"),
            "{}",
            second.said()
        );
    });
    host.close();
    assert!(logged(dir.path(), "login lin by publickey"));
}

/// Whether the host's log holds a line with `text`.
fn logged(dir: &Path, text: &str) -> bool {
    std::fs::read_to_string(dir.join("host.log")).is_ok_and(|log| log.contains(text))
}

/// A socket from `source` that connects and never says a word.
async fn silent(host: SocketAddr, source: [u8; 4]) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    // Without Nagle's algorithm, as a guest's ssh talks (see `connect`), for the tests that
    // log in on it after all.
    socket
        .set_nodelay(true)
        .expect("a socket takes TCP_NODELAY");
    socket
        .bind(SocketAddr::from((source, 0)))
        .expect("every 127.x.y.z is this machine");
    socket.connect(host).await.expect("the host takes it")
}

#[test]
fn a_guest_comes_in_while_silent_sockets_hold_the_door() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        // 64 from one address: 8 wait at the door, the rest are turned away.
        let mut held = Vec::new();
        for _ in 0..64 {
            held.push(silent(host.address(), [127, 0, 0, 2]).await);
        }
        // 64 more, each from an address of its own: the pool takes them all.
        for n in 0..64 {
            held.push(silent(host.address(), [127, 0, 1, 10 + n]).await);
        }
        let mut guest = Guest::sit(host.address(), "ada", TERMINAL, None).await;
        assert!(guest.until_shown("tables").await, "{}", guest.screen());
        drop(held);
    });
    host.close();
    assert!(logged(dir.path(), "too many from one source"));
}

/// Silent sockets holding every place of an address (everyone behind one NAT) do not keep
/// out a guest from it who logs in: the oldest that never spoke, quiet past a moment,
/// gives its place to the newcomer. One that spoke keeps its place.
#[test]
fn a_guest_behind_silent_sockets_of_their_own_address_comes_in() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(HostOptions {
        per_source_startups: 2,
        ..options(dir.path())
    });
    client_runtime().block_on(async {
        let address = host.address();
        let held = [
            silent(address, [127, 0, 0, 11]).await,
            silent(address, [127, 0, 0, 11]).await,
        ];
        tokio::time::sleep(
            parlor::host::limits::QUIET_BEFORE_EVICTION + Duration::from_millis(200),
        )
        .await;
        let stream = silent(address, [127, 0, 0, 11]).await;
        let mut session =
            client::connect_stream(Arc::new(client::Config::default()), stream, Trusting)
                .await
                .expect("let in, in a silent one's place");
        let key = PrivateKeyWithHashAlg::new(Arc::new(key_of("nat", 0)), None);
        assert!(
            session
                .authenticate_publickey("nat", key)
                .await
                .expect("answered")
                .success()
        );
        let mut guest = Guest::on(session, Some(TERMINAL), None).await;
        assert!(guest.until_shown("tables").await, "{}", guest.screen());
        drop(held);
    });
    host.close();
    assert!(logged(
        dir.path(),
        "1 cut off, silent, for another from its address"
    ));
}

#[test]
fn a_connection_that_does_not_log_in_in_time_is_cut_off() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(HostOptions {
        login_grace: Duration::from_millis(500),
        ..options(dir.path())
    });
    client_runtime().block_on(async {
        // The key exchange done, then nothing.
        let idle = connect(host.address()).await;
        let cut = async {
            while !idle.is_closed() {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        };
        assert!(tokio::time::timeout(PATIENCE, cut).await.is_ok());
    });
    host.close();
    assert!(logged(
        dir.path(),
        "1 cut off, not logged in within the login grace"
    ));
}

/// A login that opens no session, kept alive with keepalives (as the attack's SSH IGNOREs
/// every 20 s kept 32 of them), is cut off at the end of the grace; one whose parlor
/// closes has the grace again to open another.
#[test]
fn a_login_that_opens_no_parlor_is_cut_off_whatever_it_sends() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(HostOptions {
        login_grace: Duration::from_millis(700),
        ..options(dir.path())
    });
    client_runtime().block_on(async {
        let holder = come_in(host.address(), "hal").await;
        let kept = async {
            while !holder.is_closed() {
                let _ = holder.send_keepalive(false).await;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        };
        assert!(
            tokio::time::timeout(Duration::from_secs(5), kept)
                .await
                .is_ok(),
            "still held"
        );
        // A parlor open is kept for as long as it is open.
        let mut guest = Guest::sit(host.address(), "ivy", TERMINAL, None).await;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert!(!guest.session.is_closed(), "a guest in the lobby is kept");
        assert!(guest.until_shown("tables").await, "{}", guest.screen());
    });
    host.close();
    assert!(logged(
        dir.path(),
        "1 cut off, logged in but no parlor opened within the login grace"
    ));
}

/// One address's logins take at most their share of the places: 8 of 8 from one address
/// cannot tell a guest from another that the parlor is full.
#[test]
fn one_address_cannot_take_every_place() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(HostOptions {
        max_connections: 8,
        per_source_guests: 3,
        ..options(dir.path())
    });
    client_runtime().block_on(async {
        let address = host.address();
        let mut held = Vec::new();
        for n in 0..8 {
            let stream = silent(address, [127, 0, 0, 5]).await;
            let mut session =
                client::connect_stream(Arc::new(client::Config::default()), stream, Trusting)
                    .await
                    .expect("the door is open");
            let _ = session
                .authenticate_keyboard_interactive_start(format!("h{n}"), None)
                .await
                .expect("answered");
            held.push(session);
        }
        let mut third = Guest::on(held.pop().expect("held"), Some(TERMINAL), None).await;
        assert!(third.until_closed().await);
        assert!(
            third.said().contains("your address has 3 guests"),
            "{}",
            third.said()
        );
        let stream = silent(address, [127, 0, 0, 6]).await;
        let mut session =
            client::connect_stream(Arc::new(client::Config::default()), stream, Trusting)
                .await
                .expect("the door is open");
        let key = PrivateKeyWithHashAlg::new(Arc::new(key_of("joy", 0)), None);
        let auth = session
            .authenticate_publickey("joy", key)
            .await
            .expect("answered");
        assert!(auth.success());
        let mut joy = Guest::on(session, Some(TERMINAL), None).await;
        assert!(joy.until_shown("tables").await, "{}", joy.screen());
        drop(held);
    });
    host.close();
}

/// A name without a key is written in the log only once checked: one that cannot be a
/// name (here with U+2028, which once forged a whole line) is quoted as not one, escaped.
#[test]
fn a_keyless_name_is_logged_only_as_checked() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let forged = "x\u{2028}2026-12-02T14:33:21Z login admin by publickey";
        let (session, came_in) = try_keyless(host.address(), forged).await;
        assert!(came_in, "let in, to be told why not at the session");
        let mut guest = Guest::on(session, Some(TERMINAL), None).await;
        assert!(guest.until_closed().await);
        assert!(
            guest.said().contains("cannot be a name"),
            "{}",
            guest.said()
        );
    });
    host.close();
    let log = std::fs::read_to_string(dir.path().join("host.log")).expect("the log");
    assert!(!log.contains('\u{2028}'), "{log}");
    assert!(log.contains("(not a name)"), "{log}");
    assert!(
        log.lines()
            .all(|line| !line.contains(" login admin by publickey") || line.contains("\\u{2028}")),
        "{log}"
    );
}

/// Connections that come and go without a word (27,020 in 30 s wrote a megabyte of log in
/// issue 55) are a line of counts for their address, not a line each.
#[test]
fn bare_connections_are_counted_in_the_log_not_written_one_by_one() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        for _ in 0..1000 {
            drop(silent(host.address(), [127, 0, 0, 7]).await);
        }
        // The last few taken from the listener's queue before the parlor closes.
        tokio::time::sleep(Duration::from_millis(500)).await;
    });
    host.close();
    let log = std::fs::read_to_string(dir.path().join("host.log")).expect("the log");
    assert!(log.len() < 2048, "{} bytes: {log}", log.len());
    let counted: u64 = log
        .lines()
        .filter_map(|line| line.split_once(" 127.0.0.7: "))
        .filter_map(|(_, counts)| counts.split_whitespace().next()?.parse::<u64>().ok())
        .sum();
    let turned_away: u64 = log
        .lines()
        .filter_map(|line| line.split_once("turned away "))
        .filter_map(|(_, rest)| rest.split_whitespace().next()?.parse::<u64>().ok())
        .sum();
    assert!((900..=1000).contains(&(counted + turned_away)), "{log}");
}

#[test]
fn a_source_whose_logins_fail_waits_and_others_do_not() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(with_password(dir.path()));
    client_runtime().block_on(async {
        let address = host.address();
        let from = |source: [u8; 4]| async move {
            let stream = silent(address, source).await;
            client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await
        };
        let mut guesser = from([127, 0, 0, 3]).await.expect("the door is open");
        for guess in ["a", "b", "c", "d"] {
            let auth = guesser
                .authenticate_password("eve", guess)
                .await
                .expect("answered");
            assert!(!auth.success());
        }
        // Four failures: the address waits, even with the right password.
        let right = guesser
            .authenticate_password("eve", "open sesame")
            .await
            .expect("answered");
        assert!(!right.success(), "a penalized source is not heard");
        assert!(
            from([127, 0, 0, 3]).await.is_err(),
            "nor let in at the door"
        );
        // Another address is not held up.
        let mut other = from([127, 0, 0, 4]).await.expect("the door is open");
        let auth = other
            .authenticate_password("eve", "open sesame")
            .await
            .expect("answered");
        assert!(auth.success());
    });
    host.close();
    assert!(logged(dir.path(), "login eve by password from 127.0.0.3"));
    assert!(logged(
        dir.path(),
        "penalty: 127.0.0.3 may not log in for 600 s"
    ));
}

#[test]
fn the_host_key_is_made_once_and_kept_private() {
    let dir = TempDir::new().expect("a temp dir");
    let first = serve(options(dir.path()));
    let fingerprint = first.fingerprint().to_owned();
    assert!(fingerprint.starts_with("SHA256:"));
    first.close();
    let again = serve(options(dir.path()));
    assert_eq!(again.fingerprint(), fingerprint);
    again.close();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let key = dir.path().join(parlor::host::host_key::FILE_NAME);
        let mode = std::fs::metadata(key)
            .expect("the key file")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}

// The decoder of guests' keys.

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

fn plain(code: KeyCode) -> Event {
    key(code, KeyModifiers::NONE)
}

/// What `bytes` decode to, all of it come.
fn decoded(bytes: &[u8]) -> Vec<Event> {
    let mut decoder = Decoder::default();
    let mut events = decoder.feed(bytes);
    events.extend(decoder.flush());
    events
}

#[test]
fn the_keys_a_terminal_sends_decode_as_crossterm_reads_them() {
    let cases: Vec<(&[u8], Vec<Event>)> = vec![
        (b"a", vec![plain(KeyCode::Char('a'))]),
        (b"A", vec![key(KeyCode::Char('A'), KeyModifiers::SHIFT)]),
        (b"\r", vec![plain(KeyCode::Enter)]),
        (b"\t", vec![plain(KeyCode::Tab)]),
        (b"\x1b[Z", vec![key(KeyCode::BackTab, KeyModifiers::SHIFT)]),
        (b"\x7f", vec![plain(KeyCode::Backspace)]),
        (
            b"\x03",
            vec![key(KeyCode::Char('c'), KeyModifiers::CONTROL)],
        ),
        (b"\x1b", vec![plain(KeyCode::Esc)]),
        (
            b"\x1b[A\x1b[B\x1b[C\x1b[D",
            vec![
                plain(KeyCode::Up),
                plain(KeyCode::Down),
                plain(KeyCode::Right),
                plain(KeyCode::Left),
            ],
        ),
        (b"\x1bOA", vec![plain(KeyCode::Up)]),
        (
            b"\x1b[1;5C",
            vec![key(KeyCode::Right, KeyModifiers::CONTROL)],
        ),
        (
            b"\x1b[5~\x1b[6~\x1b[3~",
            vec![
                plain(KeyCode::PageUp),
                plain(KeyCode::PageDown),
                plain(KeyCode::Delete),
            ],
        ),
        (
            b"\x1b[H\x1b[4~",
            vec![plain(KeyCode::Home), plain(KeyCode::End)],
        ),
        (b"\x1b[15~", vec![plain(KeyCode::F(5))]),
        (b"\x1bx", vec![key(KeyCode::Char('x'), KeyModifiers::ALT)]),
        (
            "é€🂡".as_bytes(),
            vec![
                plain(KeyCode::Char('é')),
                plain(KeyCode::Char('€')),
                plain(KeyCode::Char('🂡')),
            ],
        ),
        (
            b"\x1b[200~paste me\r\n\x1b[201~",
            vec![Event::Paste("paste me\r\n".to_owned())],
        ),
        (
            b"\x1b[<0;10;5M",
            vec![Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: 9,
                row: 4,
                modifiers: KeyModifiers::NONE,
            })],
        ),
        (
            b"\x1b[<65;1;1M",
            vec![Event::Mouse(MouseEvent {
                kind: MouseEventKind::ScrollDown,
                column: 0,
                row: 0,
                modifiers: KeyModifiers::NONE,
            })],
        ),
        (b"\x1b[I", vec![Event::FocusGained]),
        // Nonsense between keys costs nothing but itself.
        (
            b"a\x1b[99;99;99z\xff\xc3b",
            vec![plain(KeyCode::Char('a')), plain(KeyCode::Char('b'))],
        ),
    ];
    for (bytes, events) in cases {
        assert_eq!(decoded(bytes), events, "{bytes:?}");
    }
}

#[test]
fn a_sequence_cut_between_packets_waits_for_its_end() {
    let mut decoder = Decoder::default();
    assert_eq!(decoder.feed(b"\x1b["), vec![]);
    assert!(decoder.held() > 0);
    assert_eq!(decoder.feed(b"A"), vec![plain(KeyCode::Up)]);
    assert_eq!(decoder.held(), 0);
    // A lone Esc is the Esc key once nothing more comes.
    assert_eq!(decoder.feed(b"\x1b"), vec![]);
    assert_eq!(decoder.flush(), vec![plain(KeyCode::Esc)]);
}

#[test]
fn a_paste_keeps_at_most_its_bound() {
    let mut bytes = b"\x1b[200~".to_vec();
    bytes.extend(std::iter::repeat_n(b'x', 3 * MAX_PASTE));
    bytes.extend(b"\x1b[201~q");
    let events = decoded(&bytes);
    assert_eq!(events.len(), 2);
    assert!(matches!(&events[0], Event::Paste(text) if text.len() == MAX_PASTE));
    assert_eq!(events[1], plain(KeyCode::Char('q')));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any bytes, cut anywhere: no panic, little held, and the same events however the
    /// stream was cut into packets.
    #[test]
    fn any_bytes_decode_the_same_however_they_are_cut(
        bytes in proptest::collection::vec(
            prop_oneof![
                any::<u8>(),
                Just(0x1b),
                Just(b'['),
                Just(b'~'),
                Just(b';'),
                Just(b'<'),
                (b'0'..=b'9'),
            ],
            0..400,
        ),
        cuts in proptest::collection::vec(0usize..400, 0..20),
    ) {
        let whole = decoded(&bytes);
        let mut decoder = Decoder::default();
        let mut events = Vec::new();
        let mut cuts: Vec<usize> = cuts.into_iter().filter(|&c| c <= bytes.len()).collect();
        cuts.sort_unstable();
        let mut from = 0;
        for cut in cuts.into_iter().chain([bytes.len()]) {
            events.extend(decoder.feed(&bytes[from..cut]));
            prop_assert!(decoder.held() <= MAX_SEQUENCE + MAX_PASTE);
            from = cut;
        }
        events.extend(decoder.flush());
        prop_assert_eq!(decoder.held(), 0);
        prop_assert!(events.len() <= bytes.len());
        prop_assert_eq!(events, whole);
    }
}

/// How long [`settle`] waits for the host to answer a key.
const UNANSWERED: Duration = Duration::from_millis(150);
/// How long the host's answer to a key must have been still for [`settle`]: frames of one
/// answer (the bots' moves at `--speed 0` among them) come within a millisecond or two of
/// each other.
const SETTLED: Duration = Duration::from_millis(25);

/// After a key: read until `done`, or until the host's answer has come and then nothing more
/// for [`SETTLED`], or until no answer has come in [`UNANSWERED`] (a key with nothing to do,
/// at another's turn).
async fn settle<P: Player>(player: &mut P, done: impl Fn(&P) -> bool) {
    let mut wait = UNANSWERED;
    while !done(player) && !player.gone() {
        match tokio::time::timeout(wait, player.take_next()).await {
            Ok(true) => wait = SETTLED,
            Ok(false) | Err(_) => return,
        }
    }
}

/// A player who keeps pressing Enter (roll, or go on) until `done`, reading between presses
/// until the screen settles.
async fn keep_playing<P: Player>(player: &mut P, done: impl Fn(&P) -> bool) -> bool {
    let started = std::time::Instant::now();
    while !done(player) && !player.gone() && started.elapsed() < PATIENCE * 3 {
        player.press_enter().await;
        settle(player, &done).await;
    }
    done(player)
}

/// Whether `name`'s result at LCR is in their stats under the host's data directory.
fn recorded(dir: &Path, name: &str) -> bool {
    recorded_at(dir, name, "lcr")
}

/// Whether `name` has a result at `game` in their stats under the host's data directory.
fn recorded_at(dir: &Path, name: &str, game: &str) -> bool {
    std::fs::read_to_string(dir.join("guests").join(name).join("stats.json"))
        .is_ok_and(|stats| stats.contains("\"played\"") && stats.contains(game))
}

#[test]
fn two_friends_at_one_lcr_table_see_each_others_rolls_and_both_are_recorded() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(dealing(dir.path(), 7));
    client_runtime().block_on(async {
        let mut ann = Guest::opens(host.address(), "ann", (100, 30), QUICK_LCR, "den").await;
        let mut kit = Guest::joins(host.address(), "kit", (90, 28), "den").await;
        assert!(kit.until_shown("ann").await, "{}", kit.screen());
        // Ann opened the table: Enter starts it, the open seat a bot's.
        ann.starts_once_seeing("kit").await;
        // Leaving a shared table abandons nothing: the question says the seat plays on.
        kit.press(b"\x1b").await;
        assert!(
            kit.until_shown("A bot plays your seat").await,
            "{}",
            kit.screen()
        );
        kit.press(b"x").await;
        let over = |g: &Guest| g.screen().contains("review");
        let (ann_done, kit_done) =
            tokio::join!(keep_playing(&mut ann, over), keep_playing(&mut kit, over));
        assert!(ann_done && kit_done, "{}", kit.screen());
        // Each saw the other's moves in the log ("ann rolls ...", the name as its owner
        // wrote it); their own are "You roll".
        assert!(told_moving(&kit.screen(), "ann"), "{}", kit.screen());
        assert!(told_moving(&ann.screen(), "kit"), "{}", ann.screen());
        assert!(ann.screen().contains("You"));
        // The game over: nothing to deal again at a shared table, only back to the tables.
        assert!(
            ann.until_shown("m back to the tables").await,
            "{}",
            ann.screen()
        );
        assert!(!ann.screen().contains("same seed"), "{}", ann.screen());
    });
    host.close();
    assert!(recorded(dir.path(), "ann"), "ann's result");
    assert!(recorded(dir.path(), "kit"), "kit's result");
}

#[test]
fn a_friend_who_drops_out_is_played_by_a_bot_to_the_end() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(dealing(dir.path(), 3));
    client_runtime().block_on(async {
        let (mut cat, mut dan) = started(host.address(), QUICK_LCR, "nook", ["cat", "dan"]).await;
        // The game started (the open seat is the bot Ana's); then Dan's connection goes.
        assert!(dan.until_shown("Ana").await, "{}", dan.screen());
        drop(dan);
        assert!(cat.until_shown("(bot)").await, "{}", cat.screen());
        assert!(
            keep_playing(&mut cat, |g| g.screen().contains("review")).await,
            "{}",
            cat.screen()
        );
    });
    host.close();
    assert!(recorded(dir.path(), "cat"));
    assert!(
        recorded(dir.path(), "dan"),
        "dan's seat counted, played by a bot"
    );
}

/// The card each seat is dealt first at Chase the Ace for 3 with `seed`, as the table deals.
fn first_cards(seed: u64) -> Vec<Card> {
    let request = SettingsRequest {
        players: Some(3),
        ..SettingsRequest::default()
    };
    let settings = Settings::new(GameId::ChaseTheAce, &request).expect("settings for 3");
    let levels = settings.bot_levels(None).expect("levels");
    let mut table = Table::new(settings, crate::support::seats(&levels, false), seed);
    while table.game().turn() == Turn::Chance {
        table.advance();
    }
    (0..3)
        .map(|seat| match table.game().view(Some(seat)) {
            View::ChaseTheAce(view) => view.own.expect("a card"),
            _ => unreachable!("a Chase the Ace table"),
        })
        .collect()
}

/// The seed of the Chase the Ace table: long enough that no other figure on a screen is it.
const ACE_SEED: u64 = 4_052_981_337;

#[test]
fn at_a_shared_chase_the_ace_table_each_sees_only_their_own_card() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(dealing(dir.path(), ACE_SEED));
    let cards: Vec<String> = first_cards(ACE_SEED)
        .iter()
        .map(ToString::to_string)
        .collect();
    client_runtime().block_on(async {
        let (mut eve, mut fay) = started(
            host.address(),
            "chase-the-ace --players 3",
            "ace",
            ["eve", "fay"],
        )
        .await;
        // Eve at seat 0, Fay at 1; the first to decide is Fay, who waits.
        assert!(eve.until_shown(&cards[0]).await, "{}", eve.screen());
        assert!(fay.until_shown(&cards[1]).await, "{}", fay.screen());
        // A third comes once the game is on: no seat is open, so they watch.
        let mut gil = Guest::joins(host.address(), "gil", TERMINAL, "ace").await;
        assert!(gil.until_shown("eve").await, "{}", gil.screen());
        tokio::time::sleep(Duration::from_millis(300)).await;
        let quiet = Duration::from_millis(300);
        let _ = tokio::join!(
            tokio::time::timeout(quiet, gil.until(|_| false)),
            tokio::time::timeout(quiet, eve.until(|_| false)),
            tokio::time::timeout(quiet, fay.until(|_| false)),
        );
        for card in &cards {
            assert!(!gil.screen().contains(card.as_str()), "{}", gil.screen());
        }
        assert!(
            !eve.screen().contains(cards[1].as_str()),
            "{}",
            eve.screen()
        );
        assert!(
            !fay.screen().contains(cards[0].as_str()),
            "{}",
            fay.screen()
        );
        assert!(!eve.screen().contains(cards[2].as_str()));
        assert!(!fay.screen().contains(cards[2].as_str()));
        // Nor the seed that deals them, on anyone's screen, while the game is on.
        for guest in [&eve, &fay, &gil] {
            assert!(
                !guest.screen().contains(&ACE_SEED.to_string()),
                "{}",
                guest.screen()
            );
        }
    });
    host.close();
}

/// None of `secrets` is anywhere in the bytes `guest` was sent, on either stream.
fn never_sent(guest: &Guest, secrets: &[&str]) {
    let sent = [guest.out.as_slice(), guest.err.as_slice()].concat();
    for secret in secrets {
        assert!(
            !sent.windows(secret.len()).any(|at| at == secret.as_bytes()),
            "{secret:?} sent to the guest:\n{}",
            String::from_utf8_lossy(&sent)
        );
    }
}

/// `opener` opens the table `table` of `game` (the game and its flags) at a full screen,
/// Kit joins it in lines (no terminal: as a screen reader reads them) into seat 2, and once
/// each sees the other the opener starts the game. The opener and Kit.
async fn started_with_kit_in_lines(
    host: SocketAddr,
    opener: &str,
    game: &str,
    table: &str,
) -> (Guest, Guest) {
    let mut first = Guest::opens(host, opener, TERMINAL, game, table).await;
    let session = come_in(host, "kit").await;
    let mut kit = Guest::on(session, None, Some(&format!("plain join {table}"))).await;
    let seated = format!("You sit in seat 2 at the table {table}");
    assert!(kit.until_shown(&seated).await, "{}", kit.screen());
    first.starts_once_seeing("kit").await;
    (first, kit)
}

/// The same table heard in lines (`ssh HOST plain`, a screen reader's way in): every byte
/// the guest in lines is sent, from coming in to being asked, is scanned for the others'
/// cards and the seed, not only what a screen would show.
#[test]
fn at_a_shared_chase_the_ace_table_a_guest_in_lines_hears_only_their_own_card() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(dealing(dir.path(), ACE_SEED));
    let dealt = first_cards(ACE_SEED);
    // Heard in lines, a card is said in words ("ten of spades"); its symbols must not come
    // either.
    let cards: Vec<String> = dealt.iter().map(|card| card.words()).collect();
    let drawn: Vec<String> = dealt.iter().map(ToString::to_string).collect();
    client_runtime().block_on(async {
        // The bot at seat 2 decides at once: what it does is not what is tested.
        let (mut eve, mut kit) = started_with_kit_in_lines(
            host.address(),
            "eve",
            "chase-the-ace --players 3 --speed 0",
            "ace",
        )
        .await;
        // Eve at seat 0, Kit at 1 and the first to decide: asked, with their own card.
        let own = format!("kit, your card is the {}.", cards[1]);
        assert!(kit.until_shown(&own).await, "{}", kit.screen());
        assert!(
            kit.until(|g| g.screen().ends_with("> ")).await,
            "{}",
            kit.screen()
        );
        // Nothing moves until Kit answers: whatever else was to come has come.
        let quiet = Duration::from_millis(300);
        let _ = tokio::join!(
            tokio::time::timeout(quiet, kit.until(|_| false)),
            tokio::time::timeout(quiet, eve.until(|_| false)),
        );
        never_sent(
            &kit,
            &[
                &cards[0],
                &cards[2],
                &drawn[0],
                &drawn[2],
                &ACE_SEED.to_string(),
            ],
        );
        assert!(
            !eve.screen().contains(drawn[1].as_str()),
            "{}",
            eve.screen()
        );
        // Kit exchanges with the bot on their left: told the card they hold now, as the
        // full screen shows it, and still nothing of Eve's, who decides before the showdown.
        kit.press(b"e\n").await;
        let now = format!("kit, your card is now the {}.", cards[2]);
        assert!(kit.until_shown(&now).await, "{}", kit.screen());
        assert!(eve.until_shown("your turn").await, "{}", eve.screen());
        let _ = tokio::time::timeout(Duration::from_millis(300), kit.until(|_| false)).await;
        never_sent(&kit, &[&cards[0], &drawn[0], &ACE_SEED.to_string()]);
        kit.press(b"q\n").await;
        assert!(kit.until_closed().await, "{}", kit.screen());
    });
    host.close();
}

#[test]
fn the_host_sends_a_guest_away_from_the_table_and_the_game_goes_on() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(dealing(dir.path(), 5));
    let console = host.console();
    client_runtime().block_on(async {
        let (mut hal, mut ivy) =
            started(host.address(), "lcr --players 3", "hall", ["hal", "ivy"]).await;
        assert!(ivy.until_shown("Ana").await, "{}", ivy.screen());
        assert!(
            console
                .command("tables")
                .contains("hall: lcr, 2 of 3 seats taken, playing")
        );
        assert_eq!(console.command("kick ivy"), "sent ivy away from hall");
        assert!(ivy.until_closed().await);
        assert!(
            ivy.screen().contains("no longer at the table hall"),
            "{}",
            ivy.screen()
        );
        assert!(hal.until_shown("(bot)").await, "{}", hal.screen());
        assert_eq!(console.command("kick ivy"), "ivy is at no table");
    });
    host.close();
}

#[test]
fn in_the_lobby_a_guest_joins_a_friends_table_and_n_opens_a_new_one() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(dealing(dir.path(), 7));
    let console = host.console();
    client_runtime().block_on(async {
        let mut ann = Guest::opens(host.address(), "ann", TERMINAL, QUICK_LCR, "den").await;
        // Plain ssh: the lobby, the table listed with who sits there.
        let mut kit = Guest::sit(host.address(), "kit", TERMINAL, None).await;
        assert!(kit.until_shown("den").await, "{}", kit.screen());
        assert!(kit.until_shown("waiting").await, "{}", kit.screen());
        // Enter: the picked (only) table, a seat at it.
        kit.press(b"\r").await;
        assert!(ann.until_shown("kit").await, "{}", ann.screen());
        assert!(kit.until_shown("ann").await, "{}", kit.screen());
        assert!(
            console
                .command("tables")
                .contains("den: lcr, 2 of 3 seats taken, waiting")
        );
        // n: a new table; its game chosen (the first, Aces in the Pot), named for its opener.
        let mut cy = Guest::sit(host.address(), "cy", TERMINAL, None).await;
        assert!(cy.until_shown("den").await, "{}", cy.screen());
        cy.press(b"n").await;
        assert!(cy.until_shown("Chase").await, "{}", cy.screen());
        cy.press(b"\r").await;
        let opened = async {
            while !console
                .command("tables")
                .contains("cy: aces-in-the-pot, 1 of")
            {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        };
        assert!(
            tokio::time::timeout(PATIENCE, opened).await.is_ok(),
            "{}",
            console.command("tables")
        );
    });
    host.close();
}

/// A guest in lines (`plain`, no terminal) who answers every question with Enter until
/// `done`, reading between answers.
async fn keep_answering(guest: &mut Guest, done: impl Fn(&Guest) -> bool) -> bool {
    let started = std::time::Instant::now();
    let asked = |g: &Guest| g.screen().ends_with("> ");
    while !done(guest) && !guest.closed && started.elapsed() < PATIENCE * 3 {
        let _ = tokio::time::timeout(
            Duration::from_millis(150),
            guest.until(|g| asked(g) || done(g)),
        )
        .await;
        if asked(guest) {
            guest.press(b"\n").await;
            // The answer's own line end, as the guest's terminal would echo it.
            guest.out.push(b'\n');
        }
    }
    done(guest)
}

#[test]
fn a_guest_in_lines_leaves_when_their_input_ends_the_last_line_taken_first() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let session = come_in(host.address(), "kit").await;
        let mut kit = Guest::on(session, None, Some("plain")).await;
        assert!(kit.until_shown("The lobby").await, "{}", kit.screen());
        // `printf l | ssh HOST plain`: a line with no line end, then the end of input.
        kit.press(b"l").await;
        kit.channel.eof().await.expect("eof sent");
        assert!(kit.until_closed().await, "{}", kit.screen());
        assert_eq!(
            kit.screen().matches("The lobby").count(),
            2,
            "{}",
            kit.screen()
        );
        assert!(kit.screen().contains("Goodbye."), "{}", kit.screen());
        assert_eq!(kit.status, Some(0));
    });
    host.close();
}

#[test]
fn a_guest_in_lines_plays_forty_one_with_a_full_screen_guest_to_the_end() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(dealing(dir.path(), 7));
    client_runtime().block_on(async {
        let (mut ann, mut kit) = started_with_kit_in_lines(
            host.address(),
            "ann",
            "forty-one --players 2 --rounds 2 --speed 0",
            "den",
        )
        .await;
        let over = |g: &Guest| g.screen().contains("The game is in your record");
        let (ann_done, kit_done) = tokio::join!(
            keep_playing(&mut ann, |g| g.screen().contains("review")),
            keep_answering(&mut kit, over)
        );
        assert!(ann_done, "{}", ann.screen());
        assert!(kit_done, "{}", kit.screen());
        let heard = kit.screen();
        assert!(heard.contains("The game starts: ann and kit."), "{heard}");
        assert!(heard.contains("Your turn."), "{heard}");
        assert!(heard.contains("ann rolls"), "the other's moves:\n{heard}");
        assert!(heard.contains("You set down"), "{heard}");
        // The tracker in words: "no 4, no 1, score so far none yet".
        assert!(heard.contains(" 4, "), "{heard}");
        assert!(heard.contains("wins the match"), "{heard}");
        // Said, not drawn: no escape sequence, box or symbol row; never the seed.
        for drawn in ["\x1b", "│", "─", "●", "◆", "⠋", "✓", "—"] {
            assert!(!heard.contains(drawn), "{drawn:?} in:\n{heard}");
        }
        assert!(!heard.to_lowercase().contains("seed"), "{heard}");
        // q leaves, and the channel closes as a program ends.
        kit.press(b"q\n").await;
        assert!(kit.until_closed().await, "{}", kit.screen());
        assert_eq!(kit.status, Some(0));
    });
    host.close();
    assert!(recorded_at(dir.path(), "ann", "forty-one"), "ann's result");
    assert!(recorded_at(dir.path(), "kit", "forty-one"), "kit's result");
}

/// A measurement, run by hand against a `parlor host` started on its own (so its CPU and
/// memory are its own): `PARLOR_LOAD=127.0.0.1:2222 cargo test --release --test it --
/// --ignored --nocapture host::load`. `PARLOR_LOAD_TABLES` tables (10) of LCR for 5, each a
/// person opening it and four joining, everyone rolling as soon as it is their turn, for
/// `PARLOR_LOAD_SECS` seconds (60).
#[test]
#[ignore = "a measurement against a running parlor host: see PERFORMANCE.md"]
fn load() {
    let number = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let address: SocketAddr = std::env::var("PARLOR_LOAD")
        .expect("PARLOR_LOAD: the address of a running parlor host")
        .parse()
        .expect("an address, like 127.0.0.1:2222");
    let tables = number("PARLOR_LOAD_TABLES", 10);
    let seconds = number("PARLOR_LOAD_SECS", 60);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let received = runtime.block_on(async move {
        let mut guests = Vec::new();
        for t in 0..tables {
            let open = format!("play lcr --players 5 --table load{t}");
            let mut creator = Guest::sit(address, &format!("host{t}"), TERMINAL, Some(&open)).await;
            assert!(creator.until_shown("Enter").await, "{}", creator.screen());
            let mut at_table = vec![creator];
            for g in 0..4 {
                let join = format!("join load{t}");
                let guest = Guest::sit(address, &format!("g{t}x{g}"), TERMINAL, Some(&join)).await;
                at_table.push(guest);
            }
            at_table[0].press(b"\r").await;
            guests.extend(at_table);
        }
        let until = std::time::Instant::now() + Duration::from_secs(seconds);
        let players: Vec<_> = guests
            .into_iter()
            .map(|mut guest| {
                tokio::spawn(async move {
                    while std::time::Instant::now() < until {
                        guest.press(b"\r").await;
                        let _ = tokio::time::timeout(
                            Duration::from_millis(500),
                            guest.until(|_| false),
                        )
                        .await;
                    }
                    guest.out.len()
                })
            })
            .collect();
        let mut received = 0;
        for player in players {
            received += player.await.expect("a guest's task");
        }
        received
    });
    println!(
        "{} guests at {tables} tables for {seconds} s: {received} bytes drawn",
        tables * 5
    );
}

#[test]
fn a_friend_who_drops_out_gets_their_seat_back_by_joining_again() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(dealing(dir.path(), 9));
    client_runtime().block_on(async {
        let (mut jon, mut lee) =
            started(host.address(), "lcr --players 3", "back", ["jon", "lee"]).await;
        // Once the game is on (the open seat is the bot Ana's), Lee's connection goes.
        assert!(lee.until_shown("Ana").await, "{}", lee.screen());
        drop(lee);
        assert!(jon.until_shown("(bot)").await, "{}", jon.screen());
        // Back under the same name: the seat is theirs again, drawn as theirs ("You").
        let mut lee = Guest::joins(host.address(), "lee", TERMINAL, "back").await;
        assert!(lee.until_shown("You").await, "{}", lee.screen());
        assert!(lee.until_shown("jon").await, "{}", lee.screen());
        // A second connection under that name, while the first is seated, is turned away.
        let mut other = Guest::joins(host.address(), "lee", TERMINAL, "back").await;
        assert!(other.until_closed().await, "{}", other.screen());
        assert!(
            other.screen().contains("at this table already"),
            "{}",
            other.screen()
        );
        // Lee drops again: someone else under Lee's name, with another key or none, is
        // not let in, so cannot take the seat.
        drop(lee);
        assert!(jon.until_shown("(bot)").await, "{}", jon.screen());
        let (_, impostor) = try_key(host.address(), "lee", key_of("lee", 1)).await;
        assert!(!impostor, "another key under lee's name");
        let (_, keyless) = try_keyless(host.address(), "lee").await;
        assert!(!keyless, "no key under lee's name");
    });
    host.close();
    assert!(logged(
        dir.path(),
        "lee came back to seat 2 at the table back"
    ));
}

#[test]
fn a_guest_cannot_choose_a_shared_tables_seed_nor_its_game_code() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    let code = parlor::replay::game_code(
        &Settings::new(GameId::Lcr, &SettingsRequest::default()).expect("settings"),
        7,
    );
    client_runtime().block_on(async {
        for command in [
            "play lcr --seed 7 --table den".to_owned(),
            format!("play --code {code} --table den"),
        ] {
            let mut guest = Guest::sit(host.address(), "ann", TERMINAL, Some(&command)).await;
            assert!(guest.until_closed().await, "{command}: {}", guest.screen());
            assert!(
                guest.said().contains("not taken at a shared table"),
                "{command}: {}",
                guest.said()
            );
            assert_eq!(guest.status, Some(2));
        }
        // A table of your own may still be dealt again from its seed.
        let mut alone =
            Guest::sit(host.address(), "ann", TERMINAL, Some("play lcr --seed 7")).await;
        assert!(alone.until_shown("Roll").await, "{}", alone.screen());
    });
    assert!(
        host.console()
            .command("tables")
            .contains("no shared tables")
    );
    host.close();
}

/// A seed whose first decision at Chase the Ace for 3 with `king-stops` is a King call:
/// a question put in secret.
fn seed_opening_with_a_king_call(settings: Settings) -> u64 {
    let levels = settings.bot_levels(None).expect("levels");
    (0..10_000)
        .find(|&seed| {
            let mut table = Table::new(settings, crate::support::seats(&levels, true), seed);
            while table.game().turn() == Turn::Chance {
                table.advance();
            }
            parlor::games::present::decided_in_secret(table.game())
        })
        .expect("some deal opens with a King call")
}

#[test]
fn a_secret_question_at_a_shared_table_is_answered_without_the_bots_pause() {
    let request = SettingsRequest {
        players: Some(3),
        variants: vec!["king-stops".to_owned()],
        ..SettingsRequest::default()
    };
    let settings = Settings::new(GameId::ChaseTheAce, &request).expect("settings");
    let seed = seed_opening_with_a_king_call(settings);
    let dir = TempDir::new().expect("a temp dir");
    // Bots that think for an hour: only a step taken at once arrives in the test's time.
    let tables =
        Tables::new(4, Duration::from_hours(1), dir.path().to_path_buf()).with_seed(Some(seed));
    let levels = settings.bot_levels(None).expect("levels");
    let setup = GameSetup {
        settings,
        seats: crate::support::seats(&levels, true),
        seed: 0,
    };
    let joined = tables
        .open(
            "den",
            &Person::named("ann"),
            &setup,
            Pace::default(),
            Box::new(|| {}),
        )
        .expect("the table opens");
    joined.table.start();
    let mut mirror = None;
    let answered = loop {
        let update = joined
            .updates
            .recv_timeout(PATIENCE)
            .expect("the King call is answered at once, not after the bots' hour");
        match update {
            Update::Started(seats) => mirror = Some(Table::new(settings, seats, seed)),
            Update::Step(step) => {
                let table = mirror.as_mut().expect("started first");
                let secret = parlor::games::present::decided_in_secret(table.game());
                table.replay_step(step).expect("the table's own step");
                if secret {
                    break step;
                }
            }
            _ => {}
        }
    };
    assert!(matches!(answered, Step::Action { .. }), "{answered:?}");
    tables.close();
}

/// Visitors without a key leave nothing on the host's disk once their visit is over: 132
/// visits in 30 s, each opening a game and leaving it, made 132 folders.
#[test]
fn a_visit_that_ended_leaves_no_folder() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        for n in 0..5 {
            let (session, came_in) = try_keyless(host.address(), &format!("v{n}")).await;
            assert!(came_in);
            let mut guest = Guest::on(session, Some(TERMINAL), Some("play lcr")).await;
            assert!(guest.until_shown("Roll").await, "{}", guest.screen());
            // A roll, so the game left midway is recorded as abandoned.
            guest.press(b"\r").await;
            tokio::time::sleep(Duration::from_millis(300)).await;
            drop(guest);
        }
        // The last visit's parlor ends a moment after its connection.
        tokio::time::sleep(Duration::from_millis(500)).await;
    });
    host.close();
    let folders: Vec<String> = std::fs::read_dir(dir.path().join("guests"))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    assert!(folders.is_empty(), "{folders:?}");
}

#[test]
fn a_name_is_the_first_keys_and_refused_with_another_or_none() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    let console = host.console();
    let ann = key_of("ann", 0);
    client_runtime().block_on(async {
        let (session, came_in) = try_key(host.address(), "ann", ann.clone()).await;
        assert!(came_in);
        let mut guest = Guest::on(session, Some(TERMINAL), Some("play lcr")).await;
        assert!(guest.until_shown("Roll").await, "{}", guest.screen());
        let who = console.command("who");
        assert!(
            who.contains(&format!("ann: {}", fingerprint_of(&ann))),
            "{who}"
        );
        let (_, impostor) = try_key(host.address(), "ann", key_of("ann", 1)).await;
        assert!(!impostor, "another key cannot take ann's name");
        let (_, keyless) = try_keyless(host.address(), "ann").await;
        assert!(!keyless, "nor a guest without a key");
        // A name no key holds: in without a key, for this visit only.
        let (session, came_in) = try_keyless(host.address(), "bo").await;
        assert!(came_in);
        let mut bo = Guest::on(session, Some(TERMINAL), Some("play lcr")).await;
        assert!(bo.until_shown("Roll").await, "{}", bo.screen());
        assert!(console.command("who").contains("bo~1: no key"));
    });
    host.close();
    // The binding outlives the parlor: the next one refuses the impostor too.
    let book = std::fs::read_to_string(dir.path().join("names.json")).expect("the book");
    assert!(book.contains(&fingerprint_of(&ann)), "{book}");
    assert!(!book.contains("bo"), "a visit binds nothing: {book}");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let (_, impostor) = try_key(host.address(), "ann", key_of("ann", 1)).await;
        assert!(!impostor);
        let (_, owner) = try_key(host.address(), "ann", ann).await;
        assert!(owner);
    });
    host.close();
    // The visitor's game is kept under their visit's name, never a key's.
    assert!(!recorded(dir.path(), "bo"));
}

/// One key's flood of new names over SSH, as the attack of issue 55 ran it (`x0`, `x1`,
/// ...), then a book grown past what a parlor file can be: neither keeps the host from
/// opening again, and a held name is still refused another key whatever its case.
#[test]
fn a_flood_of_names_binds_few_and_no_book_keeps_the_host_from_starting() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    let flooder = key_of("x", 0);
    client_runtime().block_on(async {
        let mut bound = 0;
        for n in 0..40 {
            let (_, came_in) = try_key(host.address(), &format!("x{n}"), flooder.clone()).await;
            bound += usize::from(came_in);
        }
        assert_eq!(bound, parlor::host::names::NAMES_PER_KEY);
        let (_, came_in) = try_key(host.address(), "amy", key_of("amy", 0)).await;
        assert!(
            came_in,
            "another key, from another address's view of the same book"
        );
        let (_, shouting) = try_key(host.address(), "AMY", key_of("amy", 1)).await;
        assert!(!shouting, "AMY is amy's name");
    });
    host.close();
    let book = std::fs::read_to_string(dir.path().join("names.json")).expect("the book");
    assert!(book.len() < 4096, "{} bytes", book.len());
    // The book the attack left: 4.36 MB.
    std::fs::write(dir.path().join("names.json"), vec![b' '; 4_364_564]).expect("written");
    let host = serve(options(dir.path()));
    host.close();
    assert!(logged(dir.path(), "the book of names could not be read"));
    std::fs::write(dir.path().join("names.json"), b"{\"names\": 7}").expect("written");
    let host = serve(options(dir.path()));
    host.close();
    let aside = std::fs::read_dir(dir.path())
        .expect("the data dir")
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("names.json.set-aside-")
        })
        .count();
    assert!(aside >= 1, "the old books are kept aside");
}

#[test]
fn the_host_bans_a_name_and_its_key_and_forgets_a_name() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    let console = host.console();
    client_runtime().block_on(async {
        let mut rex = Guest::sit(host.address(), "rex", TERMINAL, Some("play lcr")).await;
        assert!(rex.until_shown("Roll").await, "{}", rex.screen());
        let banned = console.command("ban rex");
        assert!(
            banned.contains("banned rex (and its key SHA256:"),
            "{banned}"
        );
        assert!(rex.until_closed().await, "{}", rex.screen());
        assert!(
            rex.screen().contains("the host sent you away"),
            "{}",
            rex.screen()
        );
        let (_, again) = try_key(host.address(), "rex", key_of("rex", 0)).await;
        assert!(!again, "a banned name");
        let (_, renamed) = try_key(host.address(), "rex2", key_of("rex", 0)).await;
        assert!(!renamed, "a banned key under another name");
        // Forgotten: the name (and the key) are free again, for whichever key comes first.
        assert!(console.command("forget rex").contains("free"));
        let (_, newcomer) = try_key(host.address(), "rex", key_of("rex", 1)).await;
        assert!(newcomer);
        let (_, old) = try_key(host.address(), "rex", key_of("rex", 0)).await;
        assert!(!old, "the name is the newcomer's now");
    });
    host.close();
}

/// How many games `name` has in their stats as abandoned.
fn abandoned(dir: &Path, name: &str) -> usize {
    std::fs::read_to_string(dir.join("guests").join(name).join("stats.json"))
        .map_or(0, |stats| stats.matches("\"abandoned\": 1").count())
}

#[test]
fn the_host_closes_a_table_and_everyone_there_is_told_and_recorded() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(dealing(dir.path(), 5));
    let console = host.console();
    client_runtime().block_on(async {
        let (mut amy, mut ben) =
            started(host.address(), "lcr --players 3", "den", ["amy", "ben"]).await;
        // The first turn is Amy's, on the clock, and both see it count down.
        assert!(amy.until_shown("your turn:").await, "{}", amy.screen());
        assert!(ben.until_shown("s left").await, "{}", ben.screen());
        assert_eq!(console.command("close den"), "closed the table den");
        for guest in [&mut amy, &mut ben] {
            assert!(guest.until_closed().await, "{}", guest.screen());
            assert!(
                guest
                    .screen()
                    .contains("the host closed the table den; the game was recorded"),
                "{}",
                guest.screen()
            );
        }
        assert_eq!(console.command("close den"), "there is no table den");
    });
    host.close();
    assert_eq!(abandoned(dir.path(), "amy"), 1);
    assert_eq!(abandoned(dir.path(), "ben"), 1);
    assert!(logged(dir.path(), "table den opened by amy: lcr"));
    assert!(logged(dir.path(), "amy took seat 1 at the table den"));
    assert!(logged(dir.path(), "ben took seat 2 at the table den"));
    assert!(logged(
        dir.path(),
        "table den ended: the host closed the table den"
    ));
}

#[test]
fn a_guest_may_hold_two_tables_open_and_no_endless_pace() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let mut held = Vec::new();
        for table in ["one", "two"] {
            held.push(Guest::opens(host.address(), "cal", TERMINAL, "lcr", table).await);
        }
        let mut third = Guest::sit(
            host.address(),
            "cal",
            TERMINAL,
            Some("play lcr --table three"),
        )
        .await;
        assert!(third.until_closed().await);
        assert!(
            third.screen().contains("you have 2 tables open already"),
            "{}",
            third.screen()
        );
        let slow = "play lcr --speed 18446744073709551615 --table four";
        let mut slow = Guest::sit(host.address(), "dot", TERMINAL, Some(slow)).await;
        assert!(slow.until_closed().await);
        assert!(slow.said().contains("0..=10000"), "{}", slow.said());
    });
    host.close();
}

#[test]
fn when_a_persons_time_runs_out_their_seats_bot_plays_and_the_table_is_told() {
    let dir = TempDir::new().expect("a temp dir");
    let setup = lcr_for_three();
    let tables = Tables::new(4, Duration::ZERO, dir.path().to_path_buf()).with_seed(Some(1));
    let pace = Pace {
        delay: None,
        turn_time: Some(Duration::from_millis(50)),
    };
    let joined = tables
        .open("den", &Person::named("ann"), &setup, pace, Box::new(|| {}))
        .expect("the table opens");
    joined.table.start();
    let mut clocked = false;
    let told = loop {
        match joined
            .updates
            .recv_timeout(PATIENCE)
            .expect("the clock runs out")
        {
            Update::Clock { seat: 0, .. } => clocked = true,
            Update::Told(news) => break news,
            _ => {}
        }
    };
    assert!(clocked, "Ann's turn was on the clock");
    assert!(
        told.starts_with("ann's 0 s ran out: their seat's bot played"),
        "{told}"
    );
    tables.close();
}

/// `--turn-time` as long as the untouched rule (600 s each in issue 55; 300 ms here): a
/// person who stalls has their turns played by their bot and, at the second in a row, their
/// seat given to it, while the table lives on for the one who plays; it never ends as
/// "nobody played".
#[test]
fn a_person_who_stalls_is_played_for_and_the_table_lives_on_for_the_others() {
    let dir = TempDir::new().expect("a temp dir");
    let endings = Endings {
        untouched: Duration::from_millis(300),
        all_left: Duration::from_hours(1),
    };
    let tables = Tables::new(4, Duration::ZERO, dir.path().join("guests"))
        .with_seed(Some(1))
        .with_endings(endings);
    let pace = Pace {
        delay: None,
        turn_time: Some(Duration::from_millis(300)),
    };
    // Many chips each, so Ann has turns enough to stall twice in a row.
    let settings = Settings::new(
        GameId::Lcr,
        &SettingsRequest {
            players: Some(3),
            chips: Some(5),
            ..SettingsRequest::default()
        },
    )
    .expect("settings");
    let levels = settings.bot_levels(None).expect("levels");
    let setup = GameSetup {
        settings,
        seats: crate::support::seats(&levels, true),
        seed: 0,
    };
    let ann = tables
        .open("den", &Person::named("ann"), &setup, pace, Box::new(|| {}))
        .expect("the table opens");
    let bo = tables
        .join("den", &Person::named("bo"), Box::new(|| {}))
        .expect("bo sits");
    assert_eq!(bo.seat, Some(1));
    ann.table.start();
    // Bo plays each turn of his as it comes; Ann never does.
    let (mut away, mut over, mut told) = (false, None, Vec::new());
    let started = std::time::Instant::now();
    while over.is_none() && started.elapsed() < PATIENCE {
        match bo.updates.recv_timeout(PATIENCE).expect("news") {
            Update::Clock { seat: 1, .. } => {
                told.push("bo's clock".to_owned());
                bo.table.act(1, parlor::games::Action::Roll);
            }
            Update::Clock { seat, .. } => told.push(format!("clock {seat}")),
            Update::Step(step) => told.push(format!("{step:?}")),
            Update::Told(news) => {
                away |= news.starts_with("ann let 2 turns");
                told.push(news);
            }
            Update::Ended(why) => over = Some(why),
            // A table ended early is recorded, then says why.
            Update::Recorded => match bo.updates.recv_timeout(Duration::from_millis(200)) {
                Ok(Update::Ended(why)) => over = Some(why),
                _ => over = Some("played to its end".to_owned()),
            },
            _ => {}
        }
    }
    assert!(away, "ann's seat went to her bot: {told:?} {over:?}");
    assert_eq!(over.as_deref(), Some("played to its end"));
    tables.close();
}

/// `ann` opens the waiting LCR table "den" for three at `tables`, at the default pace.
fn ann_opens_den(tables: &Tables, ann: &Person) -> Result<Joined, TableRefusal> {
    tables.open(
        "den",
        ann,
        &lcr_for_three(),
        Pace::default(),
        Box::new(|| {}),
    )
}

/// A three-player LCR table's setup, its other seats open.
fn lcr_for_three() -> GameSetup {
    let settings = Settings::new(
        GameId::Lcr,
        &SettingsRequest {
            players: Some(3),
            ..SettingsRequest::default()
        },
    )
    .expect("settings");
    let levels = settings.bot_levels(None).expect("levels");
    GameSetup {
        settings,
        seats: crate::support::seats(&levels, true),
        seed: 0,
    }
}

/// Wait for the table's news until it says it ended: why.
fn ended(updates: &std::sync::mpsc::Receiver<Update>) -> String {
    loop {
        if let Update::Ended(why) = updates.recv_timeout(PATIENCE).expect("the table ends") {
            return why;
        }
    }
}

/// Tables dealt from seed 1 whose bots take an hour to move (no game plays itself to its
/// end meanwhile), ending untouched or deserted tables as `endings` says; results are kept
/// under `dir/guests`.
fn slow_tables(dir: &Path, endings: Endings) -> Tables {
    Tables::new(4, Duration::from_hours(1), dir.join("guests"))
        .with_seed(Some(1))
        .with_endings(endings)
}

#[test]
fn a_table_nobody_plays_at_ends_as_abandoned_and_is_recorded() {
    let dir = TempDir::new().expect("a temp dir");
    let endings = Endings {
        untouched: Duration::from_millis(300),
        all_left: Duration::from_hours(1),
    };
    let tables = slow_tables(dir.path(), endings);
    // A person's turn never times out here: only the table's patience ends it, once no
    // person's turn is waited for (Ann rolls; the bots after her take an hour).
    let pace = Pace {
        delay: None,
        turn_time: Some(Duration::from_hours(1)),
    };
    let joined = tables
        .open(
            "den",
            &Person::named("ann"),
            &lcr_for_three(),
            pace,
            Box::new(|| {}),
        )
        .expect("the table opens");
    joined.table.start();
    joined.table.act(0, parlor::games::Action::Roll);
    let why = ended(&joined.updates);
    assert_eq!(
        why,
        "nobody played at the table den for 300 ms; the game was recorded as abandoned"
    );
    assert_eq!(abandoned(dir.path(), "ann"), 1);
    tables.close();
}

/// A refused `join` (the creator's own, again) and watchers coming and going, one every
/// 50 ms, are no life: the waiting table ends when nobody sat down or played for 300 ms.
#[test]
fn refused_joins_and_watchers_do_not_keep_a_waiting_table_alive() {
    let dir = TempDir::new().expect("a temp dir");
    let endings = Endings {
        untouched: Duration::from_millis(300),
        all_left: Duration::from_hours(1),
    };
    let tables = slow_tables(dir.path(), endings);
    let ann = Person::named("ann");
    let joined = ann_opens_den(&tables, &ann).expect("the table opens");
    let started = std::time::Instant::now();
    let mut ended = None;
    for n in 0..60 {
        std::thread::sleep(Duration::from_millis(50));
        if let Ok(Update::Ended(why)) = joined.updates.try_recv() {
            ended = Some(why);
            break;
        }
        // Ann again: refused, she is there already.
        assert!(tables.join("den", &ann, Box::new(|| {})).is_err() || !tables.has("den"));
        if let Ok(watching) = tables.join("den", &Person::named(&format!("w{n}")), Box::new(|| {}))
        {
            assert_eq!(
                watching.seat.is_some(),
                n < 2,
                "two open seats, then watchers"
            );
            if watching.seat.is_none() {
                watching.table.leave(watching.id);
            }
        }
    }
    let ended = ended.expect("the table ended");
    assert!(
        ended.starts_with("nobody played at the table den"),
        "{ended}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    tables.close();
}

#[test]
fn a_table_its_people_all_left_ends_and_its_name_is_free_again() {
    let dir = TempDir::new().expect("a temp dir");
    let endings = Endings {
        untouched: Duration::from_hours(1),
        all_left: Duration::from_millis(300),
    };
    let tables = slow_tables(dir.path(), endings);
    let ann = Person::named("ann");
    let joined = ann_opens_den(&tables, &ann).expect("the table opens");
    joined.table.start();
    let watching = tables
        .join("den", &Person::named("bo"), Box::new(|| {}))
        .expect("bo watches");
    joined.table.leave(joined.id);
    assert_eq!(
        ended(&watching.updates),
        "everyone left the table den; the game was recorded as abandoned"
    );
    assert_eq!(abandoned(dir.path(), "ann"), 1);
    assert!(
        tables.listings().is_empty(),
        "an ended table leaves the lobby"
    );
    assert!(!tables.has("den"));
    ann_opens_den(&tables, &ann).expect("the name is free again");
    tables.close();
}

#[test]
fn the_lobby_is_woken_when_a_table_changes_and_only_then() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let dir = TempDir::new().expect("a temp dir");
    let tables = slow_tables(dir.path(), Endings::default());
    let wakes = Arc::new(AtomicUsize::new(0));
    let looking = {
        let wakes = Arc::clone(&wakes);
        tables.look(Box::new(move || {
            wakes.fetch_add(1, Ordering::SeqCst);
        }))
    };
    let woken = || wakes.swap(0, Ordering::SeqCst) > 0;
    let ann = ann_opens_den(&tables, &Person::named("ann")).expect("the table opens");
    assert!(woken(), "a table opened");
    // Nothing happens at the table: nobody is woken for nothing.
    std::thread::sleep(Duration::from_millis(1500));
    assert!(!woken(), "woken with nothing changed");
    let bo = tables
        .join("den", &Person::named("bo"), Box::new(|| {}))
        .expect("bo sits");
    assert!(woken(), "bo sat down");
    assert_eq!(tables.listings()[0].people, ["ann", "bo"]);
    ann.table.start();
    assert!(woken(), "the game started");
    assert_eq!(tables.listings()[0].phase, Phase::Playing);
    bo.table.leave(bo.id);
    assert!(woken(), "bo left");
    assert_eq!(tables.listings()[0].people, ["ann", "bo (bot)"]);
    drop(looking);
    assert!(tables.close_table("den"));
    assert!(!woken(), "one who stopped looking is not woken");
    tables.close();
}

/// `parlor host` run as a program with `args` (and `password` in the environment if
/// given), on any free port: the process, the address it says it listens on, and what it
/// printed up to then.
fn host_program(
    dir: &Path,
    args: &[&str],
    password: Option<&str>,
) -> (std::process::Child, Option<SocketAddr>, String) {
    use std::io::BufRead;
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_parlor"));
    command
        .args(["host", "--port", "0", "--data-dir"])
        .arg(dir)
        .args(args)
        .env_remove("PARLOR_HOST_PASSWORD")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    if let Some(password) = password {
        command.env("PARLOR_HOST_PASSWORD", password);
    }
    let mut child = command.spawn().expect("parlor runs");
    let mut said = String::new();
    let mut address = None;
    let stdout = child.stdout.take().expect("its stdout");
    for line in std::io::BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
    {
        said.push_str(&line);
        said.push('\n');
        if let Some(rest) = line.strip_prefix("parlor is open on ") {
            address = rest.split(',').next().and_then(|a| a.parse().ok());
        }
        if line.starts_with("Ctrl-C closes") {
            break;
        }
    }
    if address.is_none() {
        let _ =
            std::io::Read::read_to_string(&mut child.stderr.take().expect("its stderr"), &mut said);
    }
    (child, address, said)
}

/// glibc's malloc would keep each solving thread's freed memory in an arena of its own:
/// the host runs with two.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn the_host_runs_with_two_malloc_arenas() {
    let dir = TempDir::new().expect("a temp dir");
    let (mut child, address, said) = host_program(dir.path(), &[], None);
    assert!(address.is_some(), "{said}");
    let environment =
        std::fs::read(format!("/proc/{}/environ", child.id())).expect("its environment");
    child.kill().expect("stopped");
    let _ = child.wait();
    assert!(
        environment
            .split(|&byte| byte == 0)
            .any(|entry| entry == b"MALLOC_ARENA_MAX=2"),
        "{}",
        String::from_utf8_lossy(&environment)
    );
}

#[test]
fn an_empty_password_is_refused_and_one_may_come_from_a_file_or_the_environment() {
    let dir = TempDir::new().expect("a temp dir");
    let empty = dir.path().join("empty");
    std::fs::write(&empty, "\n").expect("written");
    let empty = empty.to_str().expect("a path");
    for (args, env) in [
        (vec!["--password", ""], None),
        (vec!["--password-file", empty], None),
        (vec![], Some("")),
    ] {
        let (mut child, address, said) = host_program(dir.path(), &args, env);
        let status = child.wait().expect("it ends");
        assert!(address.is_none(), "{args:?}: {said}");
        assert_eq!(status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains("empty password"), "{args:?}: {said}");
    }
    let file = dir.path().join("password");
    std::fs::write(&file, "open sesame\n").expect("written");
    let file = file.to_str().expect("a path");
    for (args, env) in [
        (vec!["--password-file", file], None),
        (vec![], Some("open sesame")),
    ] {
        let (mut child, address, said) = host_program(dir.path(), &args, env);
        let address = address.unwrap_or_else(|| panic!("{args:?}: {said}"));
        let came_in = client_runtime().block_on(async {
            let mut session = connect(address).await;
            session
                .authenticate_password("eve", "open sesame")
                .await
                .expect("auth answers")
                .success()
        });
        child.kill().expect("stopped");
        let _ = child.wait();
        assert!(came_in, "{args:?}");
    }
}

#[test]
fn listening_beyond_this_machine_with_no_password_says_what_that_means() {
    let dir = TempDir::new().expect("a temp dir");
    let (mut child, address, said) = host_program(dir.path(), &["--open"], None);
    child.kill().expect("stopped");
    let _ = child.wait();
    assert!(address.is_some(), "{said}");
    assert!(
        said.contains("warning: no password and no authorized keys"),
        "{said}"
    );
    let (mut child, _, said) = host_program(dir.path(), &[], None);
    child.kill().expect("stopped");
    let _ = child.wait();
    assert!(!said.contains("warning"), "on this machine only: {said}");
}

#[test]
fn a_guest_whose_result_cannot_be_kept_is_told_without_the_hosts_paths() {
    let dir = TempDir::new().expect("a temp dir");
    // A file where the guest's folder would be: nothing can be saved there.
    std::fs::create_dir_all(dir.path().join("guests")).expect("made");
    std::fs::write(dir.path().join("guests").join("kim"), "not a folder").expect("written");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let command = Some("play lcr --watch --speed 0 --reduced-motion");
        let mut kim = Guest::sit(host.address(), "kim", (120, 40), command).await;
        assert!(kim.until_shown("folder").await, "{}", kim.screen());
        let path = dir.path().display().to_string();
        assert!(!kim.screen().contains(&path), "{}", kim.screen());
    });
    host.close();
}

#[test]
fn a_lone_esc_in_the_lobby_asks_before_the_guest_leaves() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let mut ida = Guest::sit(host.address(), "ida", TERMINAL, None).await;
        assert!(ida.until_shown("tables").await, "{}", ida.screen());
        ida.press(b"\x1b").await;
        assert!(ida.until_shown("Leave?").await, "{}", ida.screen());
        // Any other key stays.
        ida.press(b"x").await;
        ida.press(b"\x1b").await;
        // Asked again (Esc then y at once would read as Alt-y).
        assert!(
            ida.until(|g| g.screen().matches("Leave?").count() == 2)
                .await,
            "{}",
            ida.screen()
        );
        ida.press(b"y").await;
        assert!(ida.until_closed().await, "{}", ida.screen());
        assert_eq!(ida.status, Some(0));
    });
    host.close();
}

/// Wrong passwords tried for a minute from 127.0.0.9, as fast as the host answers: how
/// many it answered.
async fn guesses_for_a_minute(address: SocketAddr) -> u64 {
    let started = std::time::Instant::now();
    let mut answered = 0u64;
    while started.elapsed() < Duration::from_mins(1) {
        let Ok(stream) =
            tokio::time::timeout(Duration::from_secs(2), silent(address, [127, 0, 0, 9])).await
        else {
            continue;
        };
        let config = Arc::new(client::Config::default());
        let Ok(Ok(mut session)) = tokio::time::timeout(
            Duration::from_secs(5),
            client::connect_stream(config, stream, Trusting),
        )
        .await
        else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        while started.elapsed() < Duration::from_mins(1) {
            match session.authenticate_password("eve", "not it").await {
                Ok(_) => answered += 1,
                Err(_) => break,
            }
        }
    }
    answered
}

/// The audit of issue 25, repeated against a `parlor host` started on its own on this
/// machine (`.ci/attack` starts one and runs this): password guesses a minute from one
/// address, whether a guest gets in while 128 silent sockets are held, memory per guest at
/// the largest window, and the CPU 200 idle guests in the lobby cost. Bounded: it stops by
/// itself after a few minutes, and only ever connects to loopback.
#[test]
#[ignore = "a measurement against a running parlor host: see .ci/attack"]
fn attack() {
    let address: SocketAddr = std::env::var("PARLOR_ATTACK")
        .expect("PARLOR_ATTACK: the address of a running parlor host")
        .parse()
        .expect("an address, like 127.0.0.1:2222");
    assert!(address.ip().is_loopback(), "loopback only");
    let pid: u32 = std::env::var("PARLOR_ATTACK_PID")
        .expect("PARLOR_ATTACK_PID: the host's process")
        .parse()
        .expect("a process id");
    let password = std::env::var("PARLOR_ATTACK_PASSWORD").expect("the host's password");
    let proc_field = |file: &str, field: &str| -> u64 {
        let text = std::fs::read_to_string(format!("/proc/{pid}/{file}")).expect("/proc");
        text.lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .expect("the field")
    };
    let cpu_ticks = || -> u64 {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc");
        let after = &stat[stat.rfind(')').expect("a stat line") + 2..];
        let fields: Vec<&str> = after.split_whitespace().collect();
        fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime")
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async move {
        // 1. Guesses a minute from one address (127.0.0.9), for 60 s.
        let answered = guesses_for_a_minute(address).await;
        println!("guesses answered from one address in 60 s: {answered}");
        // 2. 64 silent sockets from one address and 64 from 64 others; then a guest.
        let mut held = Vec::new();
        for _ in 0..64 {
            if let Ok(Ok(s)) = tokio::time::timeout(Duration::from_secs(2), async {
                let socket = tokio::net::TcpSocket::new_v4()?;
                socket.bind(SocketAddr::from(([127, 0, 0, 2], 0)))?;
                socket.connect(address).await
            })
            .await
            {
                held.push(s);
            }
        }
        for n in 0..64u8 {
            held.push(silent(address, [127, 0, 1, 10 + n]).await);
        }
        let before = std::time::Instant::now();
        let mut session = connect(address).await;
        let came_in = session
            .authenticate_password("real", &password)
            .await
            .is_ok_and(|a| a.success());
        let mut guest = Guest::on(session, Some(TERMINAL), None).await;
        let lobby = guest.until_shown("tables").await;
        println!(
            "with 128 silent sockets held: a guest came in {came_in}, reached the lobby {lobby}, in {} ms",
            before.elapsed().as_millis()
        );
        drop((held, guest));
        // 3. Memory per guest at the largest window: 20 guests at 65535 x 65535.
        tokio::time::sleep(Duration::from_secs(1)).await;
        let rss_before = proc_field("status", "VmRSS:");
        let mut big = Vec::new();
        for n in 0..20 {
            let mut session = connect(address).await;
            let _ = session.authenticate_password(format!("big{n}"), &password).await;
            let mut guest = Guest::on(session, Some((65535, 65535)), None).await;
            assert!(guest.until_shown("tables").await);
            big.push(guest);
        }
        let rss_big = proc_field("status", "VmRSS:");
        println!(
            "20 guests at 65535 x 65535: {} kB more resident, {} kB a guest",
            rss_big.saturating_sub(rss_before),
            rss_big.saturating_sub(rss_before) / 20
        );
        drop(big);
        // 4. 200 guests idle in the lobby for 30 s: the host's CPU.
        let mut idle = Vec::new();
        for n in 0..200 {
            let mut session = connect(address).await;
            let _ = session.authenticate_password(format!("idle{n}"), &password).await;
            let mut guest = Guest::on(session, Some(TERMINAL), None).await;
            assert!(guest.until_shown("tables").await);
            idle.push(guest);
        }
        let ticks = cpu_ticks();
        tokio::time::sleep(Duration::from_secs(30)).await;
        let used = cpu_ticks() - ticks;
        // Clock ticks are 1/100 s on Linux.
        println!(
            "200 idle lobby guests for 30 s: {:.1} s of the host's CPU, {:.1}% of one core",
            used as f64 / 100.0,
            used as f64 / 30.0
        );
        drop(idle);
    });
}

/// Whether `screen`'s log tells of `name` at LCR (rolls, passes, puts, wins, has nothing
/// to play), the name as its owner wrote it.
fn told_moving(screen: &str, name: &str) -> bool {
    ["rolls", "passes", "puts", "wins", "has"]
        .iter()
        .any(|verb| screen.contains(&format!("{name} {verb}")))
}
