//! The socket's door (`/socket`): upgraded only for the host's own page (its `Origin` and
//! `Host` the host's own names), each browser counted by the address it speaks for (the
//! one a trusted proxy forwards), at the gate of the invited or of those who showed none.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Extension;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, State};
use axum::http::header::{self, HeaderMap, HeaderName};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use tokio::sync::watch;

use super::visit::{MAX_MESSAGE_BYTES, visit};
use crate::host::house::House;
use crate::host::limits::{Gate, Refusal};
use crate::words::Language;

/// The doors of the page's port, and whom they trust.
pub(in crate::host) struct Sockets {
    /// Every connection to the port, before it is a socket (a browser opens several).
    pub(in crate::host) pages: Arc<Gate>,
    /// Sockets that have not said hello and showed no valid invitation as they were
    /// opened: a small pool of their own, apart from SSH's, so that those who never say a
    /// word shut out only each other.
    pub(in crate::host) anonymous: Arc<Gate>,
    /// Sockets opened with a valid invitation in their address (`/socket?token=T`), which
    /// no number of the others can keep out.
    pub(in crate::host) invited: Arc<Gate>,
    /// Reverse proxies whose `X-Forwarded-For` is read.
    pub(in crate::host) trusted: Vec<IpAddr>,
    /// Names the page may be reached by, besides loopback and the address it listens on.
    pub(in crate::host) names: Vec<String>,
}

/// What the socket's tasks share.
pub(super) struct Door {
    pub(super) host: Arc<House>,
    pub(super) sockets: Sockets,
    /// The time a socket has to say hello.
    pub(super) grace: Duration,
    pub(super) closed: watch::Receiver<bool>,
}

/// The address a connection reached the host on (the listener's, or the one of the
/// machine's addresses it listens on every one of).
#[derive(Clone, Copy, Debug)]
pub(super) struct Reached(pub(super) Option<SocketAddr>);

/// Whether the page that opens the socket came from the host it reaches: its `Origin` names
/// the `Host` the request was sent to (over http, or https through a proxy).
fn same_origin(headers: &HeaderMap) -> bool {
    let value = |name: HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let (Some(origin), Some(host)) = (value(header::ORIGIN), value(header::HOST)) else {
        return false;
    };
    ["http://", "https://"]
        .iter()
        .any(|scheme| origin.strip_prefix(scheme) == Some(host))
}

/// The address a request speaks for: its connection's, or, from a trusted proxy, the
/// rightmost address of its `X-Forwarded-For` that is not a trusted proxy's (the ones to its
/// left are whatever the browser wrote, and prove nothing).
fn source_of(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect();
    for hop in hops.iter().rev() {
        // An address may come with its port, IPv6 in brackets.
        let bare = hop
            .strip_prefix('[')
            .and_then(|h| h.split_once(']'))
            .map_or(*hop, |(ip, _)| ip);
        let ip = bare
            .parse::<IpAddr>()
            .ok()
            .or_else(|| bare.parse::<SocketAddr>().ok().map(|at| at.ip()));
        match ip {
            Some(ip) if trusted.contains(&ip) => {}
            Some(ip) => return ip,
            // Not an address: nothing further left can be believed.
            None => break,
        }
    }
    peer
}

/// Whether the request names this host as the page's own: a loopback name, the address
/// it reached, one of the names the host gave (`--web-name`), or anything a trusted proxy
/// forwards (the proxy chose whom it serves). Another site's name pointed at this address
/// (DNS rebinding) is none of them.
fn own_name(headers: &HeaderMap, reached: Reached, forwarded: bool, names: &[String]) -> bool {
    if forwarded {
        return true;
    }
    let Some(host) = headers.get(header::HOST).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split_once(']').map_or(rest, |(ip, _)| ip),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    if name.eq_ignore_ascii_case("localhost") || names.iter().any(|n| n.eq_ignore_ascii_case(name))
    {
        return true;
    }
    name.parse::<IpAddr>()
        .is_ok_and(|ip| ip.is_loopback() || reached.0.is_some_and(|at| at.ip() == ip))
}

/// The invitation a socket's address carries (`/socket?token=T`), if any.
fn token_in(query: Option<&str>) -> Option<&str> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix("token="))
        .filter(|token| !token.is_empty())
}

/// `/socket`: upgraded if its page is the host's own and the door lets it in.
pub(super) async fn socket(
    upgrade: WebSocketUpgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extension(reached): Extension<Reached>,
    uri: Uri,
    headers: HeaderMap,
    State(door): State<Arc<Door>>,
) -> Response {
    let host = &door.host;
    let trusted = &door.sockets.trusted;
    let forwarded = trusted.contains(&peer.ip());
    let source = source_of(peer.ip(), &headers, trusted);
    if !same_origin(&headers) || !own_name(&headers, reached, forwarded, &door.sockets.names) {
        host.log.refused("a socket from another site's page");
        return StatusCode::FORBIDDEN.into_response();
    }
    if host.closing() {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    let now = Instant::now();
    let roll = rand::random_range(0..100);
    // An invitation shown as the socket opens is proof enough to pass a penalty its
    // address earned (another behind the same NAT, guessing) and the pool of the silent.
    let invited = token_in(uri.query()).is_some_and(|t| host.invites.check(t, now).is_ok());
    let knocked = if invited {
        door.sockets.invited.knock(source, now, roll)
    } else if let Some(left) = host.gate.penalty(source, now) {
        Err(Refusal::Penalized(left))
    } else {
        door.sockets.anonymous.knock(source, now, roll)
    };
    let waiting = match knocked {
        Ok(waiting) => waiting,
        Err(refusal) => {
            host.log.refused(refusal.word());
            return StatusCode::TOO_MANY_REQUESTS.into_response();
        }
    };
    let peer = SocketAddr::new(source, peer.port());
    host.log.seen(source, "browser sockets");
    // The browser's language, until its hello names the page's.
    let language = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(Language::from_accept_language)
        .unwrap_or_default();
    upgrade
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| {
            visit(
                socket,
                peer,
                language,
                waiting,
                Arc::clone(&door.host),
                door.grace,
                door.closed.clone(),
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    use axum::http::HeaderValue;

    #[test]
    fn a_forwarded_address_is_the_rightmost_hop_no_trusted_proxy_added() {
        let proxy: IpAddr = [127, 0, 0, 9].into();
        let inner: IpAddr = [10, 0, 0, 2].into();
        let forwarded = |values: &[&'static str]| {
            let mut headers = HeaderMap::new();
            for value in values {
                headers.append("x-forwarded-for", HeaderValue::from_static(value));
            }
            headers
        };
        let ip = |text: &str| text.parse::<IpAddr>().expect("an address");
        // The browser wrote 1.1.1.1 itself; the proxy added 203.0.113.7.
        let headers = forwarded(&["1.1.1.1, 203.0.113.7"]);
        assert_eq!(source_of(proxy, &headers, &[proxy]), ip("203.0.113.7"));
        assert_eq!(
            source_of(
                proxy,
                &forwarded(&["1.1.1.1", "203.0.113.7, 10.0.0.2"]),
                &[proxy, inner]
            ),
            ip("203.0.113.7"),
            "two proxies of the host's, and the header given twice"
        );
        assert_eq!(
            source_of(proxy, &forwarded(&["[2001:db8::1]:443"]), &[proxy]),
            ip("2001:db8::1")
        );
        assert_eq!(source_of(proxy, &forwarded(&["junk"]), &[proxy]), proxy);
        let stranger = ip("198.51.100.4");
        assert_eq!(
            source_of(stranger, &headers, &[proxy]),
            stranger,
            "not believed"
        );
    }

    #[test]
    fn the_socket_answers_only_to_the_hosts_own_names() {
        let host = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::HOST, HeaderValue::from_static(value));
            headers
        };
        let reached = Reached(Some(SocketAddr::from(([192, 168, 1, 5], 8099))));
        let names = ["parlor.example".to_owned()];
        for own in [
            "localhost:8099",
            "127.0.0.1:8099",
            "[::1]:8099",
            "192.168.1.5:8099",
            "Parlor.Example",
        ] {
            assert!(own_name(&host(own), reached, false, &names), "{own}");
        }
        for other in [
            "evil.example:8099",
            "192.168.1.6:8099",
            "localhost.evil.example",
        ] {
            assert!(!own_name(&host(other), reached, false, &names), "{other}");
        }
        assert!(
            own_name(&host("evil.example"), reached, true, &names),
            "the proxy's choice"
        );
    }

    #[test]
    fn only_the_hosts_own_page_may_open_the_socket() {
        let headers = |origin: Option<&'static str>, host: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::HOST, HeaderValue::from_static(host));
            if let Some(origin) = origin {
                headers.insert(header::ORIGIN, HeaderValue::from_static(origin));
            }
            headers
        };
        assert!(same_origin(&headers(Some("http://h:8099"), "h:8099")));
        assert!(same_origin(&headers(
            Some("https://parlor.example"),
            "parlor.example"
        )));
        assert!(!same_origin(&headers(Some("http://evil:8099"), "h:8099")));
        assert!(!same_origin(&headers(Some("http://h:8099.evil"), "h:8099")));
        assert!(!same_origin(&headers(None, "h:8099")));
    }
}
