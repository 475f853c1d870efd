//! `parlor host`: the parlor served over SSH, so friends sit down with `ssh -p 2222
//! NAME@host`, each in their own terminal.
//!
//! A real SSH server (russh) does the protocol; `connection` decides what a guest may ask
//! for, `guest` runs each guest's parlor on a thread of its own, drawing into their
//! channel, and `decoder` reads their keys. Only the parlor runs: no shell, no other
//! command, no forwarding of any kind. With `--web`, `web` seats browser guests the host
//! invited (`invites`) at the same parlor, through a WebSocket. `arguments` reads the
//! flags, `server` serves the parlor (the tokio runtime lives there and nowhere else),
//! `accept` takes SSH's connections through the `door` the page's port shares, `console`
//! answers the host, and `house` is what all of them share. This file is the entry point.
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

mod accept;
pub mod access;
mod arguments;
pub mod command;
mod connection;
mod console;
pub mod decoder;
mod door;
mod error;
mod guest;
mod hex;
pub mod host_key;
mod house;
pub mod invites;
pub mod limits;
pub mod log;
pub mod names;
mod reexec;
mod server;
pub mod visits;
mod web;

use std::process::ExitCode;

pub use access::Access;
pub use arguments::{AFTER_HELP, HostArgs, NotWebAt, PASSWORD_VARIABLE, WebAt};
pub use console::{CONSOLE_HELP, Console};
pub use error::{BookUnread, HostError, HostKeyProblem, KeyLineFault, KeysProblem};
pub use server::{Host, HostOptions, REJECTION_DELAY};

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

/// `parlor host`: serve until Ctrl-C.
pub fn run(args: &HostArgs) -> ExitCode {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    reexec::restart_with_few_malloc_arenas();
    let options = match arguments::options(args) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
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
    host.console().read_stdin();
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
