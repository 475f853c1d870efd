//! Each guest of `parlor host` in their own language (issue 57): the language their ssh's
//! locale names (OpenSSH's `SendEnv LANG LC_*`), or the one they ask for, at one table with
//! a guest of another; and names as people write them (Åsa, Zoë), one name however its
//! letters were typed, lookalikes refused.

use std::net::SocketAddr;
use std::time::Duration;

use parlor::shared_table::{Endings, Person, Update};
use parlor::words::{self, Language};
use tempfile::TempDir;

use super::{
    Guest, TERMINAL, abandoned, client_runtime, come_in, ended, keep_answering, key_of,
    lcr_for_three, options, serve, session_channel, slow_tables, try_key,
};
use parlor::shared_table::Pace;

/// `name` comes in with their key, their ssh sending `LANG=locale`, and asks for `command`
/// in lines (no terminal), as `LANG=locale ssh HOST command` does.
async fn in_lines(host: SocketAddr, name: &str, locale: &str, command: &str) -> Guest {
    let session = come_in(host, name).await;
    let channel = session_channel(&session, None).await;
    channel
        .set_env(true, "LANG", locale)
        .await
        .expect("the server takes the locale");
    channel
        .exec(true, command)
        .await
        .expect("the server answers");
    Guest {
        session,
        channel,
        out: Vec::new(),
        err: Vec::new(),
        status: None,
        failures: 0,
        closed: false,
    }
}

/// Read until the guest is asked something (a table's prompt), or told the lobby (whose
/// first line ends with a line end).
async fn until_asked(guest: &mut Guest) -> bool {
    guest
        .until(|g| g.screen().ends_with("> ") || g.screen().ends_with('\n'))
        .await
}

/// Åsa (`sv_SE`) and bob (`en_US`) at one LCR table, in lines: each is refused a table that is
/// not there in their own language, each hears the rolls in their own, and `lang` changes
/// a guest's language as they go.
#[test]
fn two_guests_at_one_table_each_hear_their_own_language() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let mut asa = in_lines(host.address(), "Åsa", "sv_SE.UTF-8", "plain").await;
        let mut bob = in_lines(host.address(), "bob", "en_US.UTF-8", "plain").await;
        assert!(until_asked(&mut asa).await, "{}", asa.screen());
        assert!(until_asked(&mut bob).await, "{}", bob.screen());
        // The lobby's answer to a table that is not there.
        asa.press(b"join nosuch\n").await;
        bob.press(b"join nosuch\n").await;
        assert!(
            asa.until_shown("det finns inget bord nosuch här").await,
            "{}",
            asa.screen()
        );
        assert!(
            bob.until_shown("there is no table nosuch on this server")
                .await,
            "{}",
            bob.screen()
        );
        // Åsa opens a table, bob sits at it, she starts it; both play to the first rolls.
        asa.press(b"new lcr --players 3 --speed 0\n").await;
        // Told she sits at it: her table is named after her, as any keyboard types it.
        assert!(asa.until_shown("Asa").await, "{}", asa.screen());
        bob.press(b"join Asa\n").await;
        assert!(asa.until_shown("bob").await, "{}", asa.screen());
        asa.press(b"s\n").await;
        let (asa_heard, bob_heard) = tokio::join!(
            keep_answering(&mut asa, |g| g.screen().contains("bob kastar")),
            // bob answers until he has rolled himself, which Åsa waits to hear.
            keep_answering(&mut bob, |g| g.screen().contains("Åsa rolls")
                && g.screen().contains("You roll"))
        );
        assert!(asa_heard, "{}", asa.screen());
        assert!(bob_heard, "{}", bob.screen());
        assert!(!asa.screen().contains(" rolls "), "{}", asa.screen());
        assert!(!bob.screen().contains("kastar"), "{}", bob.screen());
        // bob asks for Swedish: said in it, and so is what he is told from then on.
        bob.press(b"lang sv\n").await;
        assert!(
            bob.until_shown("Nu pratar parloren svenska.").await,
            "{}",
            bob.screen()
        );
        bob.press(b"lang\n").await;
        assert!(
            bob.until_shown("lang en: English (engelska); lang sv: svenska.")
                .await,
            "{}",
            bob.screen()
        );
        asa.press(b"q\n").await;
        bob.press(b"q\n").await;
        assert!(asa.until_closed().await && bob.until_closed().await);
    });
    host.close();
}

/// A command's refusal is said in the guest's language (their locale, or `--lang`), and
/// `--help`'s usage stays English.
#[test]
fn a_refused_command_is_said_in_the_guests_language() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let mut asa = in_lines(host.address(), "asa", "sv_SE.UTF-8", "join nosuch").await;
        assert!(asa.until_closed().await);
        assert_eq!(asa.status, Some(2));
        assert!(
            asa.said()
                .contains("parlor: det finns inget bord nosuch här"),
            "{}",
            asa.said()
        );
        let mut bob = in_lines(host.address(), "bob", "C", "play lcr --seed 1 --table x").await;
        assert!(bob.until_closed().await);
        assert!(
            bob.said()
                .contains("--seed and --code are not taken at a shared table"),
            "{}",
            bob.said()
        );
        let mut eva = in_lines(host.address(), "eva", "en_GB.UTF-8", "plain --lang sv").await;
        assert!(until_asked(&mut eva).await, "{}", eva.screen());
        eva.press(b"join nosuch\n").await;
        assert!(
            eva.until_shown("det finns inget bord").await,
            "{}",
            eva.screen()
        );
    });
    host.close();
}

/// What a table tells everyone at it is told each in their own language: the thread a
/// person sits down from speaks it.
#[test]
fn a_table_tells_each_person_at_it_in_their_language() {
    let dir = TempDir::new().expect("a temp dir");
    let endings = Endings {
        untouched: Duration::from_millis(300),
        all_left: Duration::from_hours(1),
    };
    let tables = slow_tables(dir.path(), endings);
    let pace = Pace {
        delay: None,
        turn_time: Some(Duration::from_hours(1)),
    };
    let ann = words::speaking(Language::Swedish, || {
        tables.open(
            "den",
            &Person::named("ann"),
            &lcr_for_three(),
            pace,
            Box::new(|| {}),
        )
    })
    .expect("the table opens");
    let bob = tables
        .join("den", &Person::named("bob"), Box::new(|| {}))
        .expect("bob sits down");
    ann.table.start();
    words::speaking(Language::Swedish, || {
        ann.table.act(0, parlor::games::Action::Roll);
    });
    // Then the bot after bob takes an hour: nobody plays.
    bob.table.act(1, parlor::games::Action::Roll);
    assert_eq!(
        ended(&ann.updates),
        "ingen spelade vid bordet den på 300 ms; partiet sparades som avbrutet"
    );
    assert_eq!(
        ended(&bob.updates),
        "nobody played at the table den for 300 ms; the game was recorded as abandoned"
    );
    assert!(
        !std::iter::from_fn(|| bob.updates.try_recv().ok())
            .any(|update| matches!(update, Update::Told(_))),
        "nothing else told"
    );
    assert_eq!(abandoned(dir.path(), "ann"), 1);
    tables.close();
}

/// A name as people write it comes in (Åsa, Zoë, Jörg), and is one name however its
/// letters were typed: "Zoë" with a combining diaeresis, or "ÅSA", is the same name, held
/// by the same key. Lookalikes and control characters are refused with a reason.
#[test]
fn names_as_people_write_them_one_name_however_typed_lookalikes_refused() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        for name in ["Åsa", "Zoë", "Jörg", "李小龍"] {
            let (session, came_in) = try_key(host.address(), name, key_of(name, 0)).await;
            assert!(came_in, "{name}");
            let mut guest = Guest::on(session, Some(TERMINAL), Some("play lcr")).await;
            assert!(
                guest.until_shown("Roll").await,
                "{name}: {}",
                guest.screen()
            );
        }
        // The same names, written otherwise: decomposed, or in other case, with another
        // key. Refused: they are held.
        for (written, holder) in [("Zoe\u{308}", "Zoë"), ("ÅSA", "Åsa"), ("A\u{30a}sa", "Åsa")]
        {
            let (_, came_in) = try_key(host.address(), written, key_of(written, 1)).await;
            assert!(!came_in, "{written:?} is {holder}'s");
        }
        // Her own key, her name decomposed: her name.
        let (_, came_in) = try_key(host.address(), "A\u{30a}sa", key_of("Åsa", 0)).await;
        assert!(came_in, "Åsa with her own key, however typed");
        // Cyrillic А beside Latin letters; zero-width joiners, a right-to-left override, a
        // control character: not names.
        for name in [
            "\u{410}sa",
            "Å\u{200d}sa",
            "\u{202e}asÅ",
            "Åsa\u{7}",
            "ｱsa",
            "𝐀sa",
        ] {
            let session = come_in(host.address(), name).await;
            let mut guest = Guest::on(session, Some(TERMINAL), None).await;
            assert!(guest.until_closed().await, "{name:?}");
            assert_eq!(guest.status, Some(2), "{name:?}");
            assert!(
                guest.said().contains("cannot be a name"),
                "{}",
                guest.said()
            );
            assert!(!guest.said().contains('\u{202e}'), "{}", guest.said());
        }
        let session = come_in(host.address(), "\u{410}sa").await;
        let mut mixed = Guest::on(session, Some(TERMINAL), None).await;
        assert!(mixed.until_closed().await);
        assert!(
            mixed.said().contains("more than one alphabet"),
            "{}",
            mixed.said()
        );
    });
    host.close();
    // One name in the book for Åsa, composed.
    let book = std::fs::read_to_string(dir.path().join("names.json")).expect("the book");
    assert_eq!(
        book.matches("\"Åsa\":").count(),
        2,
        "its key and its day: {book}"
    );
    assert!(!book.contains("A\u{30a}sa"), "{book}");
}

/// A guest's name is refused in their language too: the reason comes after their locale.
#[test]
fn a_refused_name_is_said_in_the_guests_language() {
    let dir = TempDir::new().expect("a temp dir");
    let host = serve(options(dir.path()));
    client_runtime().block_on(async {
        let mut guest = in_lines(host.address(), "a b", "sv_SE.UTF-8", "plain").await;
        assert!(guest.until_closed().await);
        assert!(
            guest.said().contains("'a b' kan inte vara ett namn här"),
            "{}",
            guest.said()
        );
    });
    host.close();
}
