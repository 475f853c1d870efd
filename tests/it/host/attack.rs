//! The attacks of issue 55, repeated against a `parlor host --web` started on its own on
//! this machine (`.ci/attack` starts one, open to anyone, and runs this), each bounded and
//! on loopback only, each printing its figure: a flood of names by one key, logins that
//! open no parlor, one stranger behind a trusted forwarding proxy, refused joins keeping a
//! table alive, bare connections filling the log, visits filling the disk.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use parlor::shared_table::{Endings, Person, Tables, Update};
use russh::client;

use super::web::{Browser, forwarding_proxy, stranger_at};
use super::{Guest, TERMINAL, Trusting, ann_opens_den, key_of, silent, try_key, try_keyless};

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name}: see .ci/attack"))
}

fn size_of(path: &std::path::Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

#[test]
#[ignore = "a measurement against a running parlor host: see .ci/attack"]
#[expect(
    clippy::too_many_lines,
    reason = "one attack after another, each printing its figure where it is measured"
)]
fn attack_55() {
    let address: SocketAddr = env("PARLOR_ATTACK").parse().expect("an address");
    let web: SocketAddr = env("PARLOR_ATTACK_WEB").parse().expect("an address");
    assert!(
        address.ip().is_loopback() && web.ip().is_loopback(),
        "loopback only"
    );
    let dir = PathBuf::from(env("PARLOR_ATTACK_DIR"));
    let log = PathBuf::from(env("PARLOR_ATTACK_LOG"));
    let token = env("PARLOR_ATTACK_TOKEN");
    let grace = Duration::from_secs(env("PARLOR_ATTACK_GRACE").parse().expect("seconds"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async move {
        // 1. One key logs in under x0, x1, ... x199.
        let flooder = key_of("x", 0);
        let mut bound = 0;
        for n in 0..200 {
            let (_, came_in) = try_key(address, &format!("x{n}"), flooder.clone()).await;
            bound += usize::from(came_in);
        }
        println!(
            "names flood: 200 names tried by one key, {bound} bound; names.json {} bytes",
            size_of(&dir.join("names.json"))
        );

        // 2. 32 keyboard-interactive logins from one address that open no session and
        // send a keepalive every second; 14 guests from another address.
        let mut holders = Vec::new();
        for n in 0..32 {
            let stream = silent(address, [127, 0, 0, 5]).await;
            let Ok(mut session) =
                client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await
            else {
                continue;
            };
            let _ = session
                .authenticate_keyboard_interactive_start(format!("h{n}"), None)
                .await;
            holders.push(session);
        }
        let mut reached = 0;
        for n in 0..14 {
            let stream = silent(address, [127, 0, 0, 6]).await;
            let Ok(mut session) =
                client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await
            else {
                continue;
            };
            let _ = session
                .authenticate_keyboard_interactive_start(format!("g{n}"), None)
                .await;
            let mut guest = Guest::on(session, Some(TERMINAL), None).await;
            reached += usize::from(guest.until_shown("tables").await);
        }
        let started = Instant::now();
        while started.elapsed() < grace + Duration::from_secs(5) {
            for holder in &holders {
                let _ = holder.send_keepalive(false).await;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        let alive = holders.iter().filter(|h| !h.is_closed()).count();
        println!(
            "channel-less holders: 32 logins from one address, {reached} of 14 guests from another \
             reached the lobby; {alive} of {} holders alive after {} s of keepalives",
            holders.len(),
            (grace + Duration::from_secs(5)).as_secs()
        );
        drop(holders);

        // 3. A forwarding proxy the host trusts: one stranger behind it (silent sockets,
        // wrong tokens), 12 browsers behind it too.
        let proxy = forwarding_proxy(web, [127, 0, 0, 9]).await;
        let _held = stranger_at(proxy, [127, 0, 3, 1]).await;
        let mut seated = 0;
        for n in 0..12u8 {
            if let Ok(mut browser) =
                Browser::sit_from(proxy, [127, 0, 4, 1 + n], &token, false, &format!("b{n}")).await
            {
                seated += usize::from(browser.until_shown("tables").await);
            }
        }
        println!("forwarding proxy: with one stranger's silent sockets and wrong tokens behind it, {seated} of 12 browsers sat down");

        // 5. 5,000 bare connections from one address: the log's growth.
        let before = size_of(&log);
        let started = Instant::now();
        for _ in 0..5000 {
            drop(silent(address, [127, 0, 0, 7]).await);
        }
        let took = started.elapsed();
        tokio::time::sleep(parlor::host::log::TALLY_EVERY + Duration::from_secs(1)).await;
        println!(
            "log volume: 5000 bare connections in {:.1} s wrote {} bytes of log",
            took.as_secs_f64(),
            size_of(&log).saturating_sub(before)
        );

        // 6. 30 visits without a key, each opening a game, rolling once and leaving.
        for n in 0..30 {
            let (session, came_in) = try_keyless(address, &format!("v{n}")).await;
            if !came_in {
                continue;
            }
            let mut guest = Guest::on(session, Some(TERMINAL), Some("play lcr")).await;
            if guest.until_shown("Roll").await {
                guest.press(b"\r").await;
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
        let visits = std::fs::read_dir(dir.join("guests")).map_or(0, |entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.file_name().to_string_lossy().contains('~'))
                .count()
        });
        println!("visitor folders: 30 visits each leaving a game, {visits} folders left");
    });

    // 4. Refused joins every 100 ms at a waiting table whose patience is 2 s (in process:
    // the host's is 10 minutes).
    let dir = tempfile::TempDir::new().expect("a temp dir");
    let tables = Tables::new(4, Duration::ZERO, dir.path().to_path_buf()).with_endings(Endings {
        untouched: Duration::from_secs(2),
        all_left: Duration::from_hours(1),
    });
    let ann = Person::named("ann");
    let joined = ann_opens_den(&tables, &ann).expect("a table");
    let started = Instant::now();
    let mut ended = None;
    while ended.is_none() && started.elapsed() < Duration::from_secs(20) {
        let _ = tables.join("den", &ann, Box::new(|| {}));
        std::thread::sleep(Duration::from_millis(100));
        while let Ok(update) = joined.updates.try_recv() {
            if let Update::Ended(_) = update {
                ended = Some(started.elapsed());
            }
        }
    }
    match ended {
        Some(at) => println!(
            "table keep-alive: refused joins every 100 ms, the waiting table (patience 2 s) ended after {:.1} s",
            at.as_secs_f64()
        ),
        None => {
            println!("table keep-alive: refused joins every 100 ms kept the table open for 20 s");
        }
    }
    tables.close();
}
