//! What keeps the host from opening: its files (the host key, the authorized keys, the
//! book of names, the log), its address, its runtime.

use std::net::SocketAddr;
use std::path::PathBuf;

use thiserror::Error;

/// Why `parlor host` could not open, or a file of its own could not be read.
#[derive(Debug, Error)]
pub enum HostError {
    #[error("the host key {path}: {reason}")]
    HostKey { path: PathBuf, reason: String },
    #[error("the authorized keys {path}: {reason}")]
    AuthorizedKeys { path: PathBuf, reason: String },
    #[error("the book of names {path}: {reason}")]
    Names { path: PathBuf, reason: String },
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
