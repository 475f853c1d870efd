//! What keeps the host from opening: its files (the host key, the authorized keys, the
//! book of names, the log), its address, its runtime. (A password it cannot take is
//! `arguments`'.)

use std::net::SocketAddr;
use std::path::PathBuf;

use thiserror::Error;

use crate::files::ReadError;

/// Why `parlor host` could not open, or a file of its own could not be read.
#[derive(Debug, Error)]
pub enum HostError {
    #[error("the host key {path}: {reason}")]
    HostKey {
        path: PathBuf,
        reason: HostKeyProblem,
    },
    #[error("the authorized keys {path}: {reason}")]
    AuthorizedKeys { path: PathBuf, reason: KeysProblem },
    #[error("the book of names {path}: {reason}")]
    Names { path: PathBuf, reason: BookUnread },
    #[error("cannot listen on {address}: {source}")]
    Listen {
        address: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot start the server: {0}")]
    Runtime(std::io::Error),
    #[error("the log {path}: {source}")]
    Log {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Why the host has no key: its file is not one, or a new one could not be made and kept.
#[derive(Debug, Error)]
pub enum HostKeyProblem {
    #[error(transparent)]
    Unread(#[from] ReadError),
    #[error("{0} (delete it to make a new key)")]
    NotAKey(#[source] russh::keys::ssh_key::Error),
    #[error("{0}")]
    Make(#[source] russh::keys::ssh_key::Error),
    #[error("{0}")]
    Write(#[source] std::io::Error),
}

/// Why the book of names could not be read.
#[derive(Debug, Error)]
pub enum BookUnread {
    #[error(transparent)]
    Unread(#[from] ReadError),
    #[error("{0} (fix it, or delete it to forget every name)")]
    Damaged(#[source] serde_json::Error),
}

/// Why an `authorized_keys` file is refused whole.
#[derive(Debug, Error)]
pub enum KeysProblem {
    #[error(transparent)]
    Unread(#[from] ReadError),
    #[error("not text")]
    NotText,
    #[error("line {line}: {fault}")]
    Line { line: usize, fault: KeyLineFault },
    #[error("it lists no key")]
    NoKey,
}

/// What a line of an `authorized_keys` file asks that the parlor cannot honour.
#[derive(Debug, Error)]
pub enum KeyLineFault {
    #[error("not a key: {0}")]
    NotAKey(#[source] russh::keys::ssh_key::Error),
    #[error(
        "an RSA key, which this parlor cannot check: use an Ed25519 or ECDSA key (ssh-keygen \
         -t ed25519)"
    )]
    Rsa,
    #[error(
        "from=\"{0}\" is not an address, a wildcard of one, nor ADDRESS/BITS (host names are \
         not looked up)"
    )]
    Pattern(String),
    #[error("expiry-time=\"{0}\" is not YYYYMMDD[HHMM[SS]][Z]")]
    ExpiryTime(String),
    #[error(
        "the option {0} is not one this parlor honours (from=, expiry-time=, restrict and the \
         no-...-forwarding ones): remove it or the line"
    )]
    Unhonoured(String),
}
