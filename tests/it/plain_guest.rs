//! A guest of `parlor host` in lines: two guests at one shared table, each hearing the
//! other's moves, told when it is their turn, and playing it to the end by typing.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use parlor::games::GameId;
use parlor::plain::shared::{Heard, Opening, Urgency, Voice, run};
use parlor::shared_table::{Joined, Listing, Lobby, Pace, Person, TableRefusal, Tables, Update};
use parlor::words::Language;

use crate::support::screens::setup;

/// The server's tables as one guest's lobby uses them, their news sent to the guest.
struct GuestLobby {
    tables: Arc<Tables>,
    person: Person,
    news: Sender<Heard>,
}

impl GuestLobby {
    fn wake(&self) -> Box<dyn Fn() + Send> {
        let news = self.news.clone();
        Box::new(move || {
            let _ = news.send(Heard::News);
        })
    }
}

impl Lobby for GuestLobby {
    fn tables(&self) -> Vec<Listing> {
        self.tables.listings()
    }

    fn join(&self, name: &str) -> Result<Joined, TableRefusal> {
        self.tables.join(name, &self.person, self.wake())
    }

    fn open(&self, game: GameId, _flags: &str) -> Result<Joined, TableRefusal> {
        let setup = setup(game, Some(3), true, 1);
        let name = self.person.name.clone();
        self.tables
            .open(&name, &self.person, &setup, Pace::default(), self.wake())
    }
}

/// What a guest heard, and a hand that types for them as a person would.
struct Guest {
    heard: Arc<Mutex<Vec<(String, Urgency)>>>,
    typing: Sender<Heard>,
    /// Types this when the line heard contains the first part.
    answers: Vec<(&'static str, &'static str)>,
}

impl Voice for Guest {
    fn say(&mut self, line: &str, urgency: Urgency) -> std::io::Result<()> {
        self.heard
            .lock()
            .expect("heard")
            .push((line.to_owned(), urgency));
        for (when, answer) in &self.answers {
            if line.contains(when) {
                let _ = self.typing.send(Heard::Line((*answer).to_owned()));
            }
        }
        Ok(())
    }

    fn prompt(&mut self, text: &str) -> std::io::Result<()> {
        self.heard
            .lock()
            .expect("heard")
            .push((text.to_owned(), Urgency::Polite));
        // The first choice, as Enter takes it.
        let _ = self.typing.send(Heard::Line(String::new()));
        Ok(())
    }
}

/// What a guest heard, line by line, with how urgently.
type Transcript = Arc<Mutex<Vec<(String, Urgency)>>>;

/// A guest's parlor in lines on a thread, and what they have heard so far.
fn guest(
    tables: &Arc<Tables>,
    name: &str,
    first: &'static str,
    answers: Vec<(&'static str, &'static str)>,
) -> (JoinHandle<()>, Transcript) {
    guest_in(Language::English, tables, name, first, answers)
}

/// [`guest`], their parlor speaking `language`.
fn guest_in(
    language: Language,
    tables: &Arc<Tables>,
    name: &str,
    first: &'static str,
    answers: Vec<(&'static str, &'static str)>,
) -> (JoinHandle<()>, Transcript) {
    let (typing, typed): (Sender<Heard>, Receiver<Heard>) = channel();
    typing.send(Heard::Line(first.to_owned())).expect("typed");
    let lobby = GuestLobby {
        tables: Arc::clone(tables),
        person: Person::named(name),
        news: typing.clone(),
    };
    let heard = Transcript::default();
    let mut voice = Guest {
        heard: Arc::clone(&heard),
        typing,
        answers,
    };
    let parlor = std::thread::spawn(move || {
        parlor::words::speak(language);
        // The lobby's news reaches the guest while they look at it.
        let _looking = lobby.tables.look(lobby.wake());
        let mut next = || typed.recv().unwrap_or(Heard::Gone);
        run(&lobby, Opening::Lobby, &mut next, &mut voice).expect("said");
    });
    (parlor, heard)
}

/// What `name` heard once they left. A parlor still talking after a minute (these games
/// take milliseconds) fails the test with what they heard, rather than holding the run.
fn once_left(name: &str, (parlor, heard): (JoinHandle<()>, Transcript)) -> Vec<(String, Urgency)> {
    let so_far = || {
        let heard = heard.lock().expect("heard");
        heard
            .iter()
            .map(|(line, _)| line.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let deadline = Instant::now() + Duration::from_mins(1);
    while !parlor.is_finished() {
        assert!(
            Instant::now() < deadline,
            "{name} has not left after a minute; they heard:\n{}",
            so_far()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    parlor.join().expect("their parlor");
    heard.lock().expect("heard").clone()
}

#[test]
fn two_guests_in_lines_play_one_table_to_the_end() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tables = Arc::new(Tables::new(2, Duration::ZERO, dir.path().to_owned()));
    // Ana opens an LCR table and starts it once Bo sits; both leave once it is recorded.
    let ana = guest(
        &tables,
        "ana",
        "new lcr",
        vec![
            ("bo sits in seat", "s"),
            ("The game is in your record", "q"),
        ],
    );
    // Bo waits for the table to be there, then sits at it by its number.
    while tables.listings().is_empty() {
        std::thread::sleep(Duration::from_millis(5));
    }
    let bo = guest(
        &tables,
        "bo",
        "1",
        vec![("The game is in your record", "q")],
    );
    let ana = once_left("ana", ana);
    let bo = once_left("bo", bo);
    for (name, other, heard) in [("ana", "Bo", &ana), ("bo", "Ana", &bo)] {
        let text: Vec<&str> = heard.iter().map(|(line, _)| line.as_str()).collect();
        let all = text.join("\n");
        assert!(all.contains("The game starts: "), "{name}:\n{all}");
        assert!(
            heard
                .iter()
                .any(|(line, urgency)| line == "Your turn." && *urgency == Urgency::Urgent),
            "{name} was told of their turn, urgently:\n{all}"
        );
        assert!(all.contains("You roll"), "{name}:\n{all}");
        assert!(
            all.contains(&format!("{} roll", other.to_lowercase()))
                || all.contains(&format!("{other} roll")),
            "{name} heard the other person's moves:\n{all}"
        );
        assert!(all.contains(" the pot of "), "{name}:\n{all}");
        assert!(all.contains("The game is in your record"), "{name}:\n{all}");
        // Nothing drawn: no box, no symbol rows.
        for drawn in ['│', '─', '┌', '●', '◆', '♥', '⠋'] {
            assert!(!all.contains(drawn), "{name} heard {drawn:?}:\n{all}");
        }
        // The seed is never said.
        assert!(!all.to_lowercase().contains("seed"), "{name}:\n{all}");
    }
    // Both were recorded, each in their own folder.
    for name in ["ana", "bo"] {
        assert!(
            dir.path().join(name).join("stats.json").is_file(),
            "{name}'s record"
        );
    }
}

/// A guest whose parlor speaks Swedish hears the lines in Swedish while the other hears
/// English at the same table; one asked for brief lines after each turn, the other for
/// the whole table.
#[test]
fn a_guest_in_swedish_with_brief_lines_beside_one_in_english_with_full() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tables = Arc::new(Tables::new(2, Duration::ZERO, dir.path().to_owned()));
    let ana = guest_in(
        Language::Swedish,
        &tables,
        "ana",
        "?",
        vec![
            ("I lobbyn: ", "brief"),
            ("Efter varje tur", "new lcr"),
            ("bo sätter sig på plats", "s"),
            ("Partiet finns i din statistik", "q"),
        ],
    );
    while tables.listings().is_empty() {
        std::thread::sleep(Duration::from_millis(5));
    }
    let bo = guest(
        &tables,
        "bo",
        "full",
        vec![
            ("After each turn", "1"),
            ("The game is in your record", "q"),
        ],
    );
    let ana = once_left("ana", ana);
    let bo = once_left("bo", bo);
    let all = |heard: &[(String, Urgency)]| {
        heard
            .iter()
            .map(|(line, _)| line.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (sv, en) = (all(&ana), all(&bo));
    for said in [
        "spel: aces-in-the-pot, swedish-aces, lcr, forty-one, chase-the-ace, \
         help-your-neighbour, eller 1 till 6,",
        "Efter varje tur: innehaven som ändrats.",
        "Du sitter på plats 1 vid bordet ana",
        "Partiet börjar: ",
        "Ditt drag: ",
        "Hej då.",
    ] {
        assert!(sv.contains(said), "{said:?} in:\n{sv}");
    }
    assert!(
        ana.iter()
            .any(|(line, urgency)| line == "Din tur." && *urgency == Urgency::Urgent),
        "{sv}"
    );
    for said in [
        "After each turn: the whole table.",
        "Your move: ",
        "Goodbye.",
    ] {
        assert!(en.contains(said), "{said:?} in:\n{en}");
    }
    for text in [&sv, &en] {
        for line in text.lines().filter(|line| !line.contains(" · ")) {
            for symbol in ['[', ']', '|', '·', '●'] {
                assert!(!line.contains(symbol), "{symbol:?} in {line:?}");
            }
        }
    }
    // The table after each turn: the whole of it for Bo, only what changed for Ana.
    let tables_said = |text: &str| -> Vec<usize> {
        text.lines()
            .filter(|line| {
                // Not the tracker said with a question ("Chips in play: 8").
                line.starts_with("  ")
                    && ["ana: ", "bo: ", "Ben: "].iter().any(|n| line.contains(n))
            })
            .map(|line| line.matches("; ").count() + 1)
            .collect()
    };
    let (brief, full) = (tables_said(&sv), tables_said(&en));
    assert!(
        full.len() > 2 && full.iter().all(|&seats| seats == 3),
        "{en}"
    );
    assert!(
        brief.len() > 2 && brief.iter().any(|&seats| seats < 3),
        "{sv}"
    );
}

/// The moment a table is listed, a guest may sit at it: its creator must be there to hear
/// of it (before, a quick guest sat unannounced, so nobody started the game; or the lobby,
/// finding the new table empty, retired it).
#[test]
fn a_table_is_listed_with_its_creator_seated_so_the_next_to_sit_is_news_to_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tables = Arc::new(Tables::new(1, Duration::ZERO, dir.path().to_owned()));
    let table_setup = setup(GameId::Lcr, Some(3), true, 1);
    for round in 0..200 {
        // Bo sits the moment he sees the table listed (if it stays listed long enough).
        let quick = {
            let tables = Arc::clone(&tables);
            std::thread::spawn(move || {
                let deadline = Instant::now() + Duration::from_secs(10);
                while Instant::now() < deadline {
                    if let Some(listed) = tables.listings().pop() {
                        let sat = tables.join(&listed.name, &Person::named("bo"), Box::new(|| {}));
                        return Some((listed.people, sat));
                    }
                    std::thread::yield_now();
                }
                None
            })
        };
        let name = format!("t{round}");
        let ana = tables
            .open(
                &name,
                &Person::named("ana"),
                &table_setup,
                Pace::default(),
                Box::new(|| {}),
            )
            .expect("opened");
        let (people, bo) = quick
            .join()
            .expect("bo's thread")
            .unwrap_or_else(|| panic!("round {round}: the table left the list at once"));
        assert_eq!(people, ["ana"], "round {round}: listed with");
        let bo = bo.unwrap_or_else(|e| panic!("round {round}: bo refused: {e}"));
        assert_eq!(bo.seat, Some(1), "round {round}");
        let news = ana.updates.recv_timeout(Duration::from_secs(5));
        assert!(
            matches!(&news, Ok(Update::Seated { seat: 1, name }) if name == "bo"),
            "round {round}: ana heard {news:?}"
        );
        drop((ana, bo));
        assert!(tables.close_table(&name), "round {round}: still open");
    }
}
