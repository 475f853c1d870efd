//! `parlor host --web`: a browser seat. One page (xterm.js, served from the binary) opens a
//! WebSocket to the same per-guest parlor an SSH guest gets (`guest`): the same screen bytes,
//! the same keys and mouse through the same decoder, the same lobby and tables; or, at the
//! page's screen-reader switch, the lines of `ssh HOST plain` (`lines`). Only the
//! way in differs: an invitation's token instead of SSH's login, and a secret the browser
//! keeps instead of a key (`names::browser_key`).
//!
//! Served, and nothing else (404): the page at `/` and `/t/TOKEN`, its assets at fixed
//! paths under `/assets/` (`page`), and the socket at `/socket` (`socket`, then `visit`).
//! Every response forbids everything the page does not need
//! ([`page::CONTENT_SECURITY_POLICY`]); the socket is refused (403) unless its `Origin` is
//! the host it was reached on and that host is one of this one's own names (loopback, the
//! address reached, `--web-name`s, or whatever a trusted proxy forwards), so no other
//! site's page can open it. The door is SSH's in kind, with pools of its own: a socket
//! knocks at a [`Gate`](super::limits::Gate) when it asks to be upgraded, has the login
//! grace to say hello, and a failed invitation, a name's wrong secret or a grace spent
//! silent counts against its source (whose penalty is SSH's too). A socket whose address carries a valid
//! invitation (`/socket?token=T`, as the page opens it) knocks at a gate apart from those
//! that show none, so strangers holding silent sockets cannot shut the invited out. Every
//! connection to the page's port, before it is a socket, is counted at a gate of its own (a
//! browser opens several at once) and has the login grace to be done, so connections that
//! send nothing cannot pile up. Behind a reverse proxy named by `--trusted-proxy`, each
//! browser is counted by the address the proxy forwards (`X-Forwarded-For`), and the
//! proxy's own connections only in the pool.
//!
//! The wire, after the upgrade:
//!
//! - The browser's first message, text: `{"token": T, "name": N, "secret": S, "cols": C,
//!   "rows": R, "mode": M}`. `T` is the invitation's (the page takes it from `/t/T`); `S`
//!   the random secret the browser keeps for `N`; `M` is `"screen"` (the full screen, the
//!   default) or `"lines"` (the screen-reader seat: the parlor of `ssh HOST plain`, without
//!   `C` and `R`).
//! - Then the browser sends text. On the screen: `{"input": "..."}` (what xterm.js's
//!   `onData` gave: the bytes a terminal sends) and `{"resize": {"cols": C, "rows": R}}`.
//!   In lines: `{"line": "..."}`, a line typed, without its line end. Anything else is not
//!   read; a message over [`visit::MAX_MESSAGE_BYTES`] closes the socket.
//! - The parlor sends, on the screen, binary messages: terminal bytes, exactly what an SSH
//!   guest's terminal receives, only when the screen changed. In lines, text: `{"line":
//!   "...", "urgent": U}` for each line said (`U` true for "Your turn."), and `{"prompt":
//!   "..."}` for the question asked now (`""`: none stands). Both end with a close frame
//!   whose reason is the parlor's last word (why it ended, or why the browser was refused):
//!   code 1000 when the guest left, 1008 when refused, 1011 when the parlor failed.
//!
//! TLS is a reverse proxy's to add (HOSTING.md has a Caddy line): a second crypto stack in
//! the binary for what a proxy already does well is not worth its weight.

mod page;
mod socket;
mod visit;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::http::header;
use axum::routing::get;
use hyper::body::Incoming;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;

pub(super) use socket::Sockets;

use super::door::{next_at_door, until_closed};
use super::house::House;
use page::{ASSETS, harden, not_found, page};
use socket::{Door, Reached, socket};

/// How many times the door's count of connections from one source a source may hold to the
/// page's port: a browser loads the page and its assets over several at once (six, in most).
pub const PAGE_CONNECTIONS_PER_SOURCE: usize = 4;

/// Serve the page and its socket on `listener` until the parlor closes: each connection
/// knocks at `pages`, and has `grace` to be done or become a socket.
pub(super) async fn serve(
    listener: TcpListener,
    host: Arc<House>,
    sockets: Sockets,
    grace: Duration,
    closed: watch::Receiver<bool>,
) {
    let mut closing = closed.clone();
    let pages = Arc::clone(&sockets.pages);
    let trusted = sockets.trusted.clone();
    let door = Arc::new(Door {
        host: Arc::clone(&host),
        sockets,
        grace,
        closed,
    });
    let mut router = Router::new()
        .route("/", get(page))
        .route("/t/{token}", get(page))
        .route("/socket", get(socket));
    for &(path, kind, contents) in ASSETS {
        router = router.route(
            path,
            get(move || async move { ([(header::CONTENT_TYPE, kind)], contents) }),
        );
    }
    let router = router
        .fallback(not_found)
        .method_not_allowed_fallback(not_found)
        .layer(axum::middleware::map_response(harden))
        .with_state(door);
    while let Some((stream, peer, waiting)) =
        next_at_door(&listener, &pages, &trusted, &host, &mut closing).await
    {
        let reached = Reached(stream.local_addr().ok());
        let router = router
            .clone()
            .map_request(move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request.extensions_mut().insert(reached);
                request
            });
        let mut closing = closing.clone();
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(grace)
                .serve_connection(
                    hyper_util::rt::TokioIo::new(stream),
                    hyper_util::service::TowerToHyperService::new(router),
                )
                .with_upgrades();
            // Done when it closes, or when it becomes a socket (which has its own grace), or
            // when the parlor closes (a page kept alive would hold up its goodbyes).
            tokio::select! {
                _ = tokio::time::timeout(grace, connection) => {}
                () = until_closed(&mut closing) => {}
            }
            drop(waiting);
        });
    }
}
