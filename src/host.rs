//! `parlor host`: the parlor served over SSH, so friends sit down with `ssh -p 2222
//! NAME@host`, each in their own terminal.
//!
//! A real SSH server (russh) does the protocol; `connection` decides what a guest may ask
//! for, `guest` runs each guest's parlor on a thread of its own, drawing into their
//! channel, and `decoder` reads their keys. Only the parlor runs: no shell, no other
//! command, no forwarding of any kind. With `--web`, `web` seats browser guests the host
//! invited (`invites`) at the same parlor, through a WebSocket. The tokio runtime lives
//! here and nowhere else.
//!
//! Three ways of running meet in the host, each owning its part: tokio tasks own the
//! network (the listener, each SSH session, the limits on logins); a std thread per guest
//! owns that guest's app, which blocks in its loop (`guest`, where the one crossing back
//! into tokio is); a std thread per shared table owns its [`crate::shared_table`]
//! authority, a Mutex and Condvar driver that the guests' threads call into and that
//! wakes them through their channels (the console, a std thread too, calls in the same
//! way). A task asks the list of tables only whether a name is taken (a moment's lock),
//! never waits on a table's condvar, and wakes a guest's thread with `try_send`, which
//! never blocks; no std thread awaits anything but through `guest`'s crossing.

pub mod access;
pub mod command;
mod connection;
pub mod decoder;
mod error;
mod guest;
pub mod host_key;
mod house;
pub mod invites;
pub mod limits;
mod lines;
pub mod log;
pub mod names;
pub mod visits;
mod web;

use std::collections::HashMap;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Args;
use russh::server::Config;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

pub use access::Access;
pub use error::{BookUnread, HostError, HostKeyProblem, KeyLineFault, KeysProblem};

use crate::files;
use crate::flags::DataDirArg;
use crate::games::lasting;
use crate::shared_table::Tables;
use crate::stage::DEFAULT_SPEED_MS;
use crate::stats;
use connection::Connection;
use error::{PasswordError, PasswordFrom};
use house::{House, ToGuest};
use invites::{Invited, Invites};
use limits::{Gate, Room, Startups, Waiting};
use log::Log;
use names::Names;

/// Under `parlor host --help`.
pub const AFTER_HELP: &str = "\
Friends connect with “ssh -p PORT NAME@HOST” (the lobby of shared tables) or “ssh -t -p PORT NAME@HOST play \
GAME [flags]” (straight to a table). NAME is theirs at the table and in the stats, kept \
under the data directory's guests/NAME. Nothing but the parlor runs: other commands, \
SFTP and forwarding are refused. Ctrl-C closes the parlor; unfinished games count as \
abandoned.";

/// `parlor host`'s flags.
#[derive(Debug, Args)]
#[expect(
    clippy::doc_markdown,
    reason = "clap prints these doc comments as the help, where backticks would show"
)]
pub struct HostArgs {
    /// The port to listen on.
    #[arg(long, default_value_t = 2222)]
    pub port: u16,
    /// The address to listen on (default: this machine only, 127.0.0.1).
    #[arg(long, value_name = "ADDRESS", conflicts_with = "open")]
    pub bind: Option<IpAddr>,
    /// Let friends in from other machines: listen on every address (0.0.0.0).
    #[arg(long)]
    pub open: bool,
    // The help's words as written: clippy would have the variable's name in backticks,
    // which the help would print.
    #[arg(
        long,
        value_name = "PASSWORD",
        conflicts_with = "password_file",
        help = "Guests must give this password (default: anyone may come in). Other users of \
                this machine can read a command line: prefer --password-file, or the \
                environment variable PARLOR_HOST_PASSWORD"
    )]
    pub password: Option<String>,
    /// Guests must give the password in this file (its first line).
    #[arg(long, value_name = "FILE")]
    pub password_file: Option<PathBuf>,
    /// Guests must hold one of the keys in this OpenSSH "authorized keys" file (Ed25519 or
    /// ECDSA).
    #[arg(long, value_name = "FILE")]
    pub authorized_keys: Option<PathBuf>,
    /// Guests logged in at once; more are told the parlor is full. Connections not yet
    /// logged in are counted apart (--max-startups), so they never keep a guest out.
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub max_connections: u32,
    /// Connections not yet logged in, as sshd's MaxStartups: from START of them on, a new
    /// one is dropped at random with a chance of RATE percent, rising to all at FULL.
    #[arg(long, value_name = "START:RATE:FULL", default_value_t = Startups::default())]
    pub max_startups: Startups,
    /// Connections not yet logged in from one address at once; more are turned away.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub per_source_startups: u32,
    /// Guests logged in from one address at once (SSH and browsers together); more are told
    /// their address has its most.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub per_source_guests: u32,
    /// Seconds a connection has to log in before it is cut off (sshd's LoginGraceTime).
    #[arg(long, value_name = "SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub login_grace: u64,
    /// Seconds an address whose logins failed more than 3 times may not try again, doubled
    /// with each further failure up to 10 minutes (sshd's PerSourcePenalties).
    #[arg(long, value_name = "SECS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub login_penalty: u64,
    /// Append the host's log (connections, logins, seats, tables, penalties, failures) to
    /// this file, as well as the console.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Shared tables open at once; more are refused.
    #[arg(long, value_name = "N", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub max_tables: u32,
    /// Seconds a guest may type nothing before their seat is given up.
    #[arg(long, value_name = "SECS", default_value_t = 1800, value_parser = clap::value_parser!(u64).range(10..=86_400))]
    pub idle_timeout: u64,
    /// Serve browser guests too: the parlor in a web page on this port (on --bind's address,
    /// or the one given), for those the host invites (the console's “invite” gives links).
    #[arg(long, value_name = "[ADDRESS:]PORT")]
    pub web: Option<WebAt>,
    /// A reverse proxy in front of --web (may be given again): only connections from this
    /// address have their X-Forwarded-For read (its rightmost address not a trusted proxy's
    /// is the guest's), so each browser behind it is counted and penalised as itself.
    #[arg(long, value_name = "ADDRESS")]
    pub trusted_proxy: Vec<IpAddr>,
    /// A name browsers reach --web by directly, without a proxy (may be given again): the
    /// socket is refused to a page whose Host is none of this host's own names (loopback,
    /// the address it listens on, these), so another site's name pointed at this address
    /// cannot open it.
    #[arg(long, value_name = "NAME")]
    pub web_name: Vec<String>,
    #[command(flatten)]
    pub data: DataDirArg,
}

/// Where `--web` listens: a port on the SSH server's address, or an address of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebAt {
    Port(u16),
    Address(SocketAddr),
}

/// Text that is no `--web` value, quoted: cut short and made printable.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("'{0}' is neither a port (8080) nor an address and port (127.0.0.1:8080, [::1]:8080)")]
pub struct NotWebAt(String);

impl FromStr for WebAt {
    type Err = NotWebAt;

    fn from_str(text: &str) -> Result<Self, NotWebAt> {
        text.parse()
            .map(WebAt::Port)
            .or_else(|_| text.parse().map(WebAt::Address))
            .map_err(|_| NotWebAt(crate::untrusted::quote(text)))
    }
}

/// How the parlor is served.
#[derive(Clone, Debug)]
pub struct HostOptions {
    pub address: SocketAddr,
    pub access: Access,
    /// Guests logged in at once.
    pub max_connections: u32,
    /// Connections not yet logged in.
    pub max_startups: Startups,
    /// Connections not yet logged in from one address.
    pub per_source_startups: usize,
    /// Guests logged in from one address.
    pub per_source_guests: usize,
    /// The time a connection has to log in.
    pub login_grace: Duration,
    /// The first wait of an address whose logins failed too often.
    pub login_penalty: Duration,
    /// How long a refused login waits before it is answered: [`REJECTION_DELAY`] from the
    /// command line, to slow a guesser down (the tests' hosts answer sooner).
    pub rejection_delay: Duration,
    /// Where the log goes besides the console.
    pub log: Option<PathBuf>,
    pub max_tables: usize,
    pub idle_timeout: Duration,
    /// The host key, and the guests' stats and replays (under `guests/NAME`).
    pub data_dir: PathBuf,
    /// Every shared table dealt from this seed (tests): the host's choice, never a
    /// guest's. `None`: each table draws one nobody sees until its game is over.
    pub table_seed: Option<u64>,
    /// Where browser guests are served (port 0: any free port), if they are.
    pub web: Option<SocketAddr>,
    /// Reverse proxies whose X-Forwarded-For is read.
    pub trusted_proxies: Vec<IpAddr>,
    /// Names browsers reach the page by directly, besides loopback and its address.
    pub web_names: Vec<String>,
}

/// A refused login's wait before its answer, as `parlor host` serves: a second, as OpenSSH
/// waits about.
pub const REJECTION_DELAY: Duration = Duration::from_secs(1);

/// How long guests' parlors have to leave their tables (and record them) when the parlor
/// closes.
const CLOSING_GRACE: Duration = Duration::from_secs(5);

/// How long the connections have to say goodbye once the parlor has closed.
const GOODBYE_GRACE: Duration = Duration::from_secs(1);

/// Answer the host (on stdout).
fn say(line: &str) {
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// A parlor being served.
pub struct Host {
    runtime: tokio::runtime::Runtime,
    address: SocketAddr,
    fingerprint: String,
    house: Arc<House>,
    /// Set once the guests' parlors have closed: every connection then ends.
    closed: watch::Sender<bool>,
}

impl Host {
    /// Listen at `options.address` (port 0: any free port) and serve the parlor there, on
    /// a runtime of its own, until [`Host::close`].
    pub fn start(options: HostOptions) -> Result<Host, HostError> {
        let key = host_key::load_or_create(&options.data_dir)?;
        let names = Names::load(&options.data_dir)?;
        let log = Log::open(options.log.as_deref()).map_err(|source| HostError::Log {
            path: options.log.clone().unwrap_or_default(),
            source,
        })?;
        let log = Arc::new(log);
        if let Some(set_aside) = names.set_aside() {
            log.line(set_aside);
            eprintln!("warning: {set_aside}");
        }
        let tables_log = Arc::clone(&log);
        let fingerprint = host_key::fingerprint(&key);
        let config = Arc::new(Config {
            methods: options.access.methods(),
            keys: vec![key],
            // The parlor gives up its own idle guests, and tells them; this catches a
            // connection that never asks for a parlor.
            inactivity_timeout: Some(options.idle_timeout + Duration::from_mins(1)),
            auth_rejection_time: options.rejection_delay,
            // OpenSSH asks with "none" first, to learn the ways in: no need to wait on it.
            auth_rejection_time_initial: Some(Duration::ZERO),
            max_auth_attempts: 6,
            nodelay: true,
            ..Config::default()
        });
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .thread_name("parlor-host")
            .build()
            .map_err(HostError::Runtime)?;
        let (listener, address) = listen(&runtime, options.address)?;
        let web = options.web.map(|at| listen(&runtime, at)).transpose()?;
        let sockets = web_doors(&options);
        let house = Arc::new(House {
            access: options.access,
            port: address.port(),
            idle_timeout: options.idle_timeout,
            closing: AtomicBool::new(false),
            guests: Mutex::new(HashMap::new()),
            next_guest: AtomicU64::new(0),
            names,
            visits: AtomicU64::new(1),
            gate: Arc::new(
                Gate::new(
                    options.max_startups,
                    options.per_source_startups,
                    options.login_penalty,
                )
                .evicting(),
            ),
            room: Arc::new(Room::new(
                options.max_connections as usize,
                options.per_source_guests,
            )),
            log,
            web: web.as_ref().map(|&(_, address)| address),
            invites: Invites::default(),
            tables: Tables::new(
                options.max_tables,
                Duration::from_millis(DEFAULT_SPEED_MS),
                options.data_dir.join("guests"),
            )
            .with_seed(options.table_seed)
            .with_log(Arc::new(move |line: &str| tables_log.line(line))),
            data_dir: options.data_dir,
        });
        let (closed, _) = watch::channel(false);
        runtime.spawn(accept(
            listener,
            config,
            Arc::clone(&house),
            options.login_grace,
            closed.clone(),
        ));
        if let Some((listener, _)) = web {
            runtime.spawn(web::serve(
                listener,
                Arc::clone(&house),
                sockets,
                options.login_grace,
                closed.subscribe(),
            ));
        }
        runtime.spawn(tally_refusals(Arc::clone(&house)));
        runtime.spawn(prune_visits(Arc::clone(&house)));
        Ok(Host {
            runtime,
            address,
            fingerprint,
            house,
            closed,
        })
    }

    /// Where it listens.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Where browser guests are served, if they are.
    pub fn web_address(&self) -> Option<SocketAddr> {
        self.house.web
    }

    /// The host key's fingerprint, as a guest's ssh shows it the first time.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// The host's console: commands typed at the host's terminal.
    pub fn console(&self) -> Console {
        Console {
            house: Arc::clone(&self.house),
        }
    }

    /// Wait for Ctrl-C (or, on Unix, SIGTERM or SIGHUP: the host's terminal closed).
    pub fn wait_for_stop(&self) -> std::io::Result<()> {
        self.runtime.block_on(async {
            #[cfg(unix)]
            {
                use tokio::signal::unix::{SignalKind, signal};
                let mut terminate = signal(SignalKind::terminate())?;
                let mut hangup = signal(SignalKind::hangup())?;
                tokio::select! {
                    stopped = tokio::signal::ctrl_c() => stopped,
                    _ = terminate.recv() => Ok(()),
                    _ = hangup.recv() => Ok(()),
                }
            }
            #[cfg(not(unix))]
            tokio::signal::ctrl_c().await
        })
    }

    /// Close the parlor: no one new comes in, every guest's parlor leaves its table (the
    /// game recorded as abandoned) and says why, then every connection ends.
    pub fn close(self) {
        let Host {
            runtime,
            house,
            closed,
            ..
        } = self;
        // The tables first, so each person at one hears why it ended.
        house.tables.close();
        house.closing.store(true, Ordering::SeqCst);
        for visitor in house.parlors().values() {
            let _ = visitor.wake.try_send(ToGuest::Wake);
        }
        let deadline = Instant::now() + CLOSING_GRACE;
        while !house.parlors().is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = closed.send(true);
        // Time for the connections to say goodbye: each holds a receiver of `closed` until it
        // has said it (the parlor's last words flushed, the disconnect or close frame sent).
        // Shutting the runtime down cancels every task at once, so without this wait a busy
        // machine could cut a guest off before the words why.
        runtime.block_on(async {
            let _ = tokio::time::timeout(GOODBYE_GRACE, closed.closed()).await;
        });
        runtime.shutdown_timeout(Duration::from_secs(1));
        house.log.tally();
    }
}

/// The page's doors: its connections (several for each browser), the sockets that showed no
/// invitation yet and those that did, each counted apart; and whom it trusts.
fn web_doors(options: &HostOptions) -> web::Sockets {
    let gate = |per_source| {
        Arc::new(Gate::new(
            options.max_startups,
            per_source,
            options.login_penalty,
        ))
    };
    web::Sockets {
        pages: gate(options.per_source_startups * web::PAGE_CONNECTIONS_PER_SOURCE),
        anonymous: gate(options.per_source_startups),
        invited: gate(options.per_source_startups),
        trusted: options.trusted_proxies.clone(),
        names: options.web_names.clone(),
    }
}

/// A listener at `address` (port 0: any free one), and where it listens.
fn listen(
    runtime: &tokio::runtime::Runtime,
    address: SocketAddr,
) -> Result<(TcpListener, SocketAddr), HostError> {
    let listen = |source| HostError::Listen { address, source };
    let listener = runtime
        .block_on(TcpListener::bind(address))
        .map_err(listen)?;
    let at = listener.local_addr().map_err(listen)?;
    Ok((listener, at))
}

/// What the host may type while the parlor is open (one command a line).
pub const CONSOLE_HELP: &str = "tables: the shared tables open · who: the guests in, with their \
                                keys · kick NAME: send NAME away from their tables (a bot plays \
                                their seat) · close TABLE: end it (recorded as abandoned) · ban NAME: refuse NAME and its key from now on · \
                                forget NAME: free NAME for the next key · invite [TABLE] [--once] [--for 2h]: a link \
                                for a browser guest, to the lobby or to TABLE";

/// Commands typed at the host's terminal while the parlor is open.
pub struct Console {
    house: Arc<House>,
}

impl Console {
    /// Carry out `line`; the answer to show the host.
    pub fn command(&self, line: &str) -> String {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => String::new(),
            ["tables"] => {
                let listings = self.house.tables.listings();
                if listings.is_empty() {
                    return "no shared tables are open".to_owned();
                }
                listings
                    .iter()
                    .map(|t| {
                        format!(
                            "{}: {}, {} of {} seats taken, {}",
                            t.name,
                            t.game,
                            t.people.len(),
                            t.seats,
                            t.phase.word()
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            ["who"] => self.who(),
            ["invite", rest @ ..] => self.invite(rest),
            ["close", table] => {
                if self.house.tables.close_table(table) {
                    format!("closed the table {table}")
                } else {
                    format!("there is no table {table}")
                }
            }
            ["kick", name] => match self.house.tables.kick(name).as_slice() {
                [] => format!("{name} is at no table"),
                tables => format!("sent {name} away from {}", tables.join(", ")),
            },
            ["ban", name] => match self.house.names.ban(name) {
                Ok(key) => {
                    self.house.tables.kick(name);
                    let sent = self.house.send_away(name);
                    let key = key.map_or_else(
                        || "no key holds it".to_owned(),
                        |k| format!("and its key {k}"),
                    );
                    format!("banned {name} ({key}); {sent} of their parlors closed")
                }
                Err(why) => format!("could not keep the ban: {why}"),
            },
            ["forget", name] => match self.house.names.forget(name) {
                Ok(true) => {
                    // Their seats were held for their key: no other key may take them.
                    self.house.tables.kick(name);
                    format!("{name} is free for the next key that comes in under it")
                }
                Ok(false) => format!("no key holds {name}"),
                Err(why) => format!("could not forget {name}: {why}"),
            },
            _ => CONSOLE_HELP.to_owned(),
        }
    }
}

/// How `invite` is given.
const INVITE_USAGE: &str = "invite [TABLE] [--once] [--for 90s|30m|2h|7d]: a link to TABLE (or \
                            the lobby), for one visit with --once, lasting 24 h unless --for";

impl Console {
    /// `invite [TABLE] [--once] [--for LASTING]`: a link for a browser guest.
    fn invite(&self, words: &[&str]) -> String {
        let Some(web) = self.house.web else {
            return "the parlor serves no browsers: start it with --web PORT".to_owned();
        };
        let (mut table, mut once, mut lasting) = (None, false, invites::DEFAULT_LASTING);
        let mut words = words.iter();
        while let Some(&word) = words.next() {
            match word {
                "--once" => once = true,
                "--for" => match words.next().and_then(|w| invites::read_lasting(w)) {
                    Some(given) => lasting = given,
                    None => return INVITE_USAGE.to_owned(),
                },
                _ if table.is_none() && !word.starts_with('-') => table = Some(word),
                _ => return INVITE_USAGE.to_owned(),
            }
        }
        let to = match table {
            Some(table) if !self.house.tables.has(table) => {
                return format!("there is no table {table}");
            }
            Some(table) => Invited::Table(table.to_owned()),
            None => Invited::Lobby,
        };
        let token = self
            .house
            .invites
            .invite(to.clone(), once, lasting, Instant::now());
        let place = match to {
            Invited::Lobby => "the lobby".to_owned(),
            Invited::Table(table) => format!("the table {table}"),
        };
        let visits = if once {
            "one visit"
        } else {
            "any number of visits"
        };
        let hours = lasting.as_secs_f64() / 3600.0;
        format!(
            "an invitation to {place}, for {visits} in the next {hours:.1} h: {}",
            invitation_link(web, &token)
        )
    }

    /// The guests whose parlors are open, with their keys.
    fn who(&self) -> String {
        let parlors = self.house.parlors();
        if parlors.is_empty() {
            return "nobody is in".to_owned();
        }
        let mut lines: Vec<String> = parlors
            .values()
            .map(|v| {
                let key = v
                    .key
                    .as_deref()
                    .unwrap_or("no key: a name for this visit only");
                let from = v.from.map(|f| format!(" from {f}")).unwrap_or_default();
                format!("{}: {key}{from}", v.name)
            })
            .collect();
        lines.sort();
        lines.join("\n")
    }
}

/// The link a browser guest opens: `http://HOST:PORT/t/TOKEN`, with `THIS-HOST` for the
/// host to fill in when the parlor listens on every address (it cannot know which one its
/// guests reach).
fn invitation_link(web: SocketAddr, token: &str) -> String {
    if web.ip().is_unspecified() {
        format!("http://THIS-HOST:{}/t/{token}", web.port())
    } else {
        format!("http://{web}/t/{token}")
    }
}

/// `bytes` in hexadecimal, as tokens and hashes are written.
fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut text, b| {
        let _ = write!(text, "{b:02x}");
        text
    })
}

/// Write the count of connections turned away, now and then.
async fn tally_refusals(house: Arc<House>) {
    let mut every = tokio::time::interval(log::TALLY_EVERY);
    loop {
        every.tick().await;
        house.log.tally();
    }
}

/// How often the visits' folders are pruned (and once as the parlor opens).
const PRUNE_VISITS_EVERY: Duration = Duration::from_hours(1);

/// Let go of the visits' folders past their time, now and then (see `visits`).
async fn prune_visits(house: Arc<House>) {
    let mut every = tokio::time::interval(PRUNE_VISITS_EVERY);
    loop {
        every.tick().await;
        let host = Arc::clone(&house);
        let pruned = tokio::task::spawn_blocking(move || {
            let in_now: Vec<String> = host.parlors().values().map(|v| v.name.clone()).collect();
            visits::prune(
                &host.data_dir.join("guests"),
                &in_now,
                std::time::SystemTime::now(),
            )
        })
        .await;
        if let Ok(gone @ 1..) = pruned {
            house
                .log
                .line(&format!("let go of {gone} visits' folders past their time"));
        }
    }
}

/// Take connections until the parlor closes: each waits at the door (see `limits`) and
/// has `grace` to log in.
async fn accept(
    listener: TcpListener,
    config: Arc<Config>,
    house: Arc<House>,
    grace: Duration,
    closed: watch::Sender<bool>,
) {
    let mut closing = closed.subscribe();
    while let Some((socket, peer, waiting)) =
        next_at_door(&listener, &house.gate, &[], &house, &mut closing).await
    {
        // Counted, and written once a tally for its address: a connection that logs in is
        // a line of its own then, with its address.
        house.log.seen(peer.ip(), "connections");
        let (logged_in, login) = watch::channel(false);
        let (parlor_open, parlor) = watch::channel(false);
        let knock = waiting.knock();
        let handler = Connection::new(Arc::clone(&house), peer, waiting, logged_in, parlor_open);
        let config = Arc::clone(&config);
        let mut closing = closed.subscribe();
        let house = Arc::clone(&house);
        tokio::spawn(async move {
            let deadline = tokio::time::Instant::now() + grace;
            // A connection still starting when the parlor closes has no goodbye to say:
            // dropped at once, it does not hold up the goodbyes of those who have.
            let evicted = async {
                match &knock {
                    Some(knock) => knock.evicted().await,
                    None => std::future::pending().await,
                }
            };
            tokio::pin!(evicted);
            let started = tokio::select! {
                started = tokio::time::timeout_at(
                    deadline,
                    russh::server::run_stream(config, socket, handler),
                ) => started,
                () = until_closed(&mut closing) => return,
                () = &mut evicted => {
                    house.log.seen(peer.ip(), "cut off, silent, for another from its address");
                    return;
                }
            };
            let Ok(Ok(session)) = started else {
                return;
            };
            let handle = session.handle();
            let why = tokio::select! {
                _ = session => return,
                () = &mut evicted => {
                    house.log.seen(peer.ip(), "cut off, silent, for another from its address");
                    "another connection from your address took your place".to_owned()
                }
                () = until_closed(&mut closing) => "the parlor closed".to_owned(),
                () = grace_over(deadline, login.clone()) => {
                    // Held silent to the end of its grace: counted against its address, as
                    // sshd's PerSourcePenalties count a login grace exceeded.
                    house.count_failure(peer.ip());
                    house.log.seen(peer.ip(), "cut off, not logged in within the login grace");
                    format!("you did not log in within {}", lasting(grace))
                }
                () = without_parlor(grace, login, parlor) => {
                    house.count_failure(peer.ip());
                    house.log.seen(peer.ip(), "cut off, logged in but no parlor opened within the login grace");
                    format!("you opened no parlor within {}", lasting(grace))
                }
            };
            let _ = handle
                .disconnect(russh::Disconnect::ByApplication, why, String::new())
                .await;
        });
    }
}

/// Returns once a connection that has logged in has gone `grace` without a parlor open
/// on it (never, while one is open); never before it logs in (the login grace is the
/// rule then).
async fn without_parlor(
    grace: Duration,
    mut login: watch::Receiver<bool>,
    mut parlor: watch::Receiver<bool>,
) {
    // An error: the connection is gone, and its own end is what the caller hears.
    if login.wait_for(|&done| done).await.is_err() {
        return std::future::pending().await;
    }
    loop {
        // The borrow `wait_for` returns is let go at once: the future stays `Send`.
        let opened =
            tokio::time::timeout(grace, async { parlor.wait_for(|&open| open).await.is_ok() })
                .await;
        match opened {
            Err(_) => return,
            Ok(false) => return std::future::pending().await,
            Ok(true) => {}
        }
        if parlor.wait_for(|&open| !open).await.is_err() {
            return std::future::pending().await;
        }
    }
}

/// The next connection from `listener` that `gate` lets in, with its place in the pool
/// there (counted against its address unless it is one of the `trusted` proxies, which
/// speak for many); `None` once the parlor has closed. Those turned away are counted in
/// the log.
async fn next_at_door(
    listener: &TcpListener,
    gate: &Arc<Gate>,
    trusted: &[IpAddr],
    house: &House,
    closing: &mut watch::Receiver<bool>,
) -> Option<(TcpStream, SocketAddr, Waiting)> {
    loop {
        let (socket, peer) = tokio::select! {
            accepted = listener.accept() => {
                let Ok(accepted) = accepted else {
                    // Out of file descriptors, or a connection reset before it was taken:
                    // the next one may go through.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                };
                accepted
            }
            () = until_closed(closing) => return None,
        };
        if house.closing() {
            continue;
        }
        let roll = rand::random_range(0..100);
        let knocked = if trusted.contains(&peer.ip()) {
            gate.knock_forwarded(roll)
        } else {
            gate.knock(peer.ip(), Instant::now(), roll)
        };
        match knocked {
            Ok(waiting) => {
                let _ = socket.set_nodelay(true);
                return Some((socket, peer, waiting));
            }
            Err(refusal) => house.log.refused(refusal.word()),
        }
    }
}

/// Returns at `deadline` unless `login` says the connection has logged in by then (then
/// never).
async fn grace_over(deadline: tokio::time::Instant, mut login: watch::Receiver<bool>) {
    // The borrow `wait_for` returns is let go at once: the future stays `Send`. An error:
    // the connection is gone (its own end is what the caller hears then).
    let waited = tokio::time::timeout_at(deadline, async {
        let _ = login.wait_for(|&done| done).await;
    })
    .await;
    if waited.is_ok() {
        std::future::pending::<()>().await;
    }
}

/// Wait until the parlor has closed.
async fn until_closed(closed: &mut watch::Receiver<bool>) {
    // An error: the sender is gone, and so is the parlor.
    let _ = closed.wait_for(|closed| *closed).await;
}

/// The environment variable a password may come in, out of sight of other users.
pub const PASSWORD_VARIABLE: &str = "PARLOR_HOST_PASSWORD";
/// A password file is one line.
const MAX_PASSWORD_FILE_BYTES: u64 = 4096;

/// The password guests must give, from the command line, a file or the environment (in
/// that order); an empty one is refused, since it would let anyone in while seeming not to.
fn password(args: &HostArgs) -> Result<Option<String>, PasswordError> {
    let (given, from) = if let Some(password) = &args.password {
        (password.clone(), PasswordFrom::Flag)
    } else if let Some(path) = &args.password_file {
        let contents =
            files::read_regular(path, MAX_PASSWORD_FILE_BYTES).map_err(PasswordError::Unread)?;
        let text =
            String::from_utf8(contents.bytes).map_err(|_| PasswordError::NotText(path.clone()))?;
        let line = text.lines().next().unwrap_or_default().to_owned();
        (line, PasswordFrom::File(path.clone()))
    } else {
        match std::env::var(PASSWORD_VARIABLE) {
            Ok(password) => (password, PasswordFrom::Variable),
            Err(std::env::VarError::NotPresent) => return Ok(None),
            Err(std::env::VarError::NotUnicode(_)) => return Err(PasswordError::VariableNotText),
        }
    };
    if given.is_empty() {
        return Err(PasswordError::Empty(from));
    }
    Ok(Some(given))
}

/// Tell the host where the parlor is open, how friends come in, and what the console takes.
fn greet(host: &Host, options_open: bool) {
    let address = host.address();
    let port = address.port();
    let reach = if address.ip().is_loopback() {
        "only from this machine (--open lets friends in)"
    } else {
        "from other machines"
    };
    let at = if address.ip().is_unspecified() || address.ip().is_loopback() {
        "THIS-HOST".to_owned()
    } else {
        address.ip().to_string()
    };
    println!("parlor is open on {address}, {reach}");
    if !address.ip().is_loopback() && options_open {
        println!(
            "warning: no password and no authorized keys: anyone who can reach port {port} \
             comes in and plays. A name is held by the first key that comes in under it; \
             guests without a key get a name for one visit. --password-file or \
             --authorized-keys lets in only those you choose."
        );
    }
    println!("host key {}", host.fingerprint());
    println!("friends sit down with: ssh -p {port} NAME@{at}");
    println!("straight to a table:   ssh -t -p {port} NAME@{at} play lcr");
    if let Some(web) = host.web_address() {
        println!("browsers are served on {web}, only to those invited");
        println!("{}", host.console().command("invite"));
    }
    println!("Ctrl-C closes the parlor; type here: {CONSOLE_HELP}");
}

/// How many malloc arenas the host asks glibc for.
///
/// glibc's malloc gives threads that allocate at the same time arenas of their own, up to
/// eight a core, and keeps what is freed in an arena for that arena alone. A host's odds
/// solves run on short-lived threads, two solves at a time, each over 100 MB at its peak:
/// sixteen guests each asking the exact odds of an eight-player Aces in the Pot table of
/// other house rules left the host at 651 MB at the peak and 506 MB after (the solvers it
/// keeps hold at most 192 MB); with two arenas, 458 MB and 260 MB. (mimalloc and jemalloc
/// did as well for the host, but mimalloc doubled a review's memory and jemalloc added a
/// minute to a cold build.)
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MALLOC_ARENAS: &str = "2";

/// glibc reads its arena limit from the environment when a process starts, so the host
/// starts itself again with `MALLOC_ARENA_MAX` set, before anything else, unless whoever
/// started it set one. If that fails it serves on with glibc's default.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn restart_with_few_malloc_arenas() {
    use std::os::unix::process::CommandExt;
    const LIMIT: &str = "MALLOC_ARENA_MAX";
    if std::env::var_os(LIMIT).is_some() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let mut args = std::env::args_os();
    let mut again = std::process::Command::new(exe);
    // The same command line as before, the name it was started by included (what `ps`
    // and `pgrep` show).
    if let Some(name) = args.next() {
        again.arg0(name);
    }
    // `exec` returns only if it failed.
    let error = again.args(args).env(LIMIT, MALLOC_ARENAS).exec();
    eprintln!(
        "note: could not restart with {LIMIT}={MALLOC_ARENAS} ({error}): malloc's default arenas"
    );
}

/// `parlor host`: serve until Ctrl-C.
pub fn run(args: &HostArgs) -> ExitCode {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    restart_with_few_malloc_arenas();
    let Some(data_dir) = stats::data_dir(args.data.data_dir.as_deref()) else {
        eprintln!("error: no data directory for the host key: give --data-dir");
        return ExitCode::from(2);
    };
    let keys = match &args.authorized_keys {
        Some(path) => match access::read_authorized_keys(path) {
            Ok(keys) => keys,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        },
        None => Vec::new(),
    };
    let ip = match (args.open, args.bind) {
        (true, _) => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        (false, Some(ip)) => ip,
        (false, None) => IpAddr::V4(Ipv4Addr::LOCALHOST),
    };
    let password = match password(args) {
        Ok(password) => password,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let options = HostOptions {
        address: SocketAddr::new(ip, args.port),
        access: Access { password, keys },
        max_connections: args.max_connections,
        max_startups: args.max_startups,
        per_source_startups: args.per_source_startups as usize,
        per_source_guests: args.per_source_guests as usize,
        login_grace: Duration::from_secs(args.login_grace),
        login_penalty: Duration::from_secs(args.login_penalty),
        rejection_delay: REJECTION_DELAY,
        log: args.log.clone(),
        max_tables: args.max_tables as usize,
        idle_timeout: Duration::from_secs(args.idle_timeout),
        data_dir,
        table_seed: None,
        web: args.web.map(|at| match at {
            WebAt::Port(port) => SocketAddr::new(ip, port),
            WebAt::Address(address) => address,
        }),
        trusted_proxies: args.trusted_proxy.clone(),
        web_names: args.web_name.clone(),
    };
    let options_open = options.access.is_open();
    let host = match Host::start(options) {
        Ok(host) => host,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    greet(&host, options_open);
    let console = host.console();
    // Left to run: it ends with the process, blocked on a line that will never come.
    let _ = std::thread::Builder::new()
        .name("console".to_owned())
        .spawn(move || {
            for line in std::io::stdin().lines() {
                let Ok(line) = line else { return };
                let answer = console.command(&line);
                if !answer.is_empty() {
                    say(&answer);
                }
            }
        });
    let waited = host.wait_for_stop();
    println!("closing the parlor");
    host.close();
    match waited {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot wait for Ctrl-C: {e}");
            ExitCode::FAILURE
        }
    }
}
