//! `parlor host`'s arguments: its flags, and the options of the parlor they ask for (the
//! password read from the flag, its file or the environment).

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use clap::Args;
use thiserror::Error;

use super::access::{self, Access};
use super::error::HostError;
use super::limits::Startups;
use super::server::{HostOptions, REJECTION_DELAY};
use crate::files::{self, ReadError};
use crate::flags::{DataDirArg, LanguageArg};
use crate::stats;

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
    #[command(flatten)]
    pub language: LanguageArg,
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

/// Why the password `parlor host` was given cannot be the guests'.
#[derive(Debug, Error)]
pub enum PasswordError {
    #[error("the password file: {0}")]
    Unread(#[source] ReadError),
    #[error("the password file {} is not text", .0.display())]
    NotText(PathBuf),
    #[error("{PASSWORD_VARIABLE} is not text")]
    VariableNotText,
    #[error(
        "{0} gives an empty password, which would let anyone in: give one, or none at all to \
         let anyone in knowingly"
    )]
    Empty(PasswordFrom),
}

/// Where `parlor host` took its password from.
#[derive(Debug)]
pub enum PasswordFrom {
    Flag,
    File(PathBuf),
    Variable,
}

impl fmt::Display for PasswordFrom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PasswordFrom::Flag => f.write_str("--password"),
            PasswordFrom::File(path) => write!(f, "the password file {}", path.display()),
            PasswordFrom::Variable => f.write_str(PASSWORD_VARIABLE),
        }
    }
}

/// Why the arguments ask for no parlor that can be served.
#[derive(Debug, Error)]
pub enum ArgumentsError {
    #[error("no data directory for the host key: give --data-dir")]
    NoDataDir,
    #[error(transparent)]
    AuthorizedKeys(HostError),
    #[error(transparent)]
    Password(#[from] PasswordError),
}

/// The parlor `args` ask for: where it listens, who may come in, its limits.
pub(super) fn options(args: &HostArgs) -> Result<HostOptions, ArgumentsError> {
    let data_dir =
        stats::data_dir(args.data.data_dir.as_deref()).ok_or(ArgumentsError::NoDataDir)?;
    let keys = match &args.authorized_keys {
        Some(path) => access::read_authorized_keys(path).map_err(ArgumentsError::AuthorizedKeys)?,
        None => Vec::new(),
    };
    let ip = match (args.open, args.bind) {
        (true, _) => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        (false, Some(ip)) => ip,
        (false, None) => IpAddr::V4(Ipv4Addr::LOCALHOST),
    };
    let password = password(args)?;
    Ok(HostOptions {
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
    })
}
