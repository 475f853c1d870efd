//! A guest of `parlor host` in lines: two guests at one shared table, each hearing the
//! other's moves, told when it is their turn, and playing it to the end by typing.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use parlor::games::GameId;
use parlor::plain::shared::{Heard, Opening, Urgency, Voice, run};
use parlor::shared_table::{Joined, Listing, Lobby, Pace, Person, TableRefusal, Tables};

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

/// A guest's parlor in lines on a thread: what they heard once they have left.
fn guest(
    tables: &Arc<Tables>,
    name: &str,
    first: &'static str,
    answers: Vec<(&'static str, &'static str)>,
) -> std::thread::JoinHandle<Vec<(String, Urgency)>> {
    let (typing, typed): (Sender<Heard>, Receiver<Heard>) = channel();
    typing.send(Heard::Line(first.to_owned())).expect("typed");
    let lobby = GuestLobby {
        tables: Arc::clone(tables),
        person: Person::named(name),
        news: typing.clone(),
    };
    std::thread::spawn(move || {
        let heard = Arc::new(Mutex::new(Vec::new()));
        let mut voice = Guest {
            heard: Arc::clone(&heard),
            typing,
            answers,
        };
        // The lobby's news reaches the guest while they look at it.
        let _looking = lobby.tables.look(lobby.wake());
        let mut next = || typed.recv().unwrap_or(Heard::Gone);
        run(&lobby, Opening::Lobby, &mut next, &mut voice).expect("said");
        heard.lock().expect("heard").clone()
    })
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
    let ana = ana.join().expect("ana's parlor");
    let bo = bo.join().expect("bo's parlor");
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
