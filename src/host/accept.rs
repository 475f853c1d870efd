//! The SSH accept loop: each connection the door lets in gets its SSH session, with the login
//! grace to log in and then to open a parlor, and is cut off (and told why) when the parlor
//! closes or another from its address takes its place.

use std::sync::Arc;
use std::time::Duration;

use russh::server::Config;
use tokio::net::TcpListener;
use tokio::sync::watch;

use super::connection::Connection;
use super::door::{next_at_door, until_closed};
use super::house::House;
use crate::games::lasting;

/// Take connections until the parlor closes: each waits at the door (see `limits`) and
/// has `grace` to log in.
pub(super) async fn accept(
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
