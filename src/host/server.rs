//! A parlor being served: its runtime, its listeners and the tasks on them, the house they
//! share, and its close. The tokio runtime lives here and nowhere else.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::server::Config;
use tokio::net::TcpListener;
use tokio::sync::watch;

use super::accept::accept;
use super::access::Access;
use super::console::Console;
use super::error::HostError;
use super::house::{House, ToGuest};
use super::invites::Invites;
use super::limits::{Gate, Room, Startups};
use super::log::{self, Log};
use super::names::Names;
use super::{host_key, visits, web};
use crate::shared_table::Tables;
use crate::stage::DEFAULT_SPEED_MS;

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
        Console::new(Arc::clone(&self.house))
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
