//! The door both listeners take connections through, SSH's (`accept`) and the page's
//! (`web`): the next connection its gate lets in, and the wait for the parlor's close that
//! ends every loop and task of theirs.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use super::house::House;
use super::limits::{Gate, Waiting};

/// The next connection from `listener` that `gate` lets in, with its place in the pool
/// there (counted against its address unless it is one of the `trusted` proxies, which
/// speak for many); `None` once the parlor has closed. Those turned away are counted in
/// the log.
pub(super) async fn next_at_door(
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

/// Wait until the parlor has closed.
pub(super) async fn until_closed(closed: &mut watch::Receiver<bool>) {
    // An error: the sender is gone, and so is the parlor.
    let _ = closed.wait_for(|closed| *closed).await;
}
