//! A guest of `parlor host` in lines: the lobby and the shared tables as sentences, for a
//! screen reader (over `ssh HOST plain`, or a browser's live region) or a script. What is
//! said is what `--plain` says at a table of one's own: the same narration, choices by the
//! full screen's keys or by number, `?` for the keys; besides, a line when it becomes your
//! turn (said urgently) and one for whatever another person does. Nothing said is drawn:
//! no box, no symbol row, no spinner.
//!
//! Nothing here knows of SSH or sockets: what the guest typed and the news of their table
//! come in as [`Heard`], and lines go out through a [`Voice`].

use std::fmt::Write as _;
use std::io;
use std::sync::mpsc::{Receiver, TryRecvError};

use super::{Question, card_after_exchange, holdings};
use crate::games::present;
use crate::games::{GameId, Narrator, SeatSet, Turn, counted};
use crate::shared_table::{
    Joined, Listing, Lobby, OPEN, Phase, SharedTable, Update, seen_from, yours_to_decide,
};
use crate::table::{GameSetup, Table};

/// What reaches a guest in lines.
#[derive(Debug, PartialEq, Eq)]
pub enum Heard {
    /// A line they typed, without its line end.
    Line(String),
    /// Their table or the lobby has news: look again.
    News,
    /// Nothing more will come: they left, were sent away, or the host is closing.
    Gone,
}

/// How urgently a line is said: a screen reader interrupts itself only for the urgent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Urgency {
    /// The table's news, said in its turn.
    Polite,
    /// It is your turn now.
    Urgent,
}

/// Where a guest's lines go.
pub trait Voice {
    /// One line, said whole.
    fn say(&mut self, line: &str, urgency: Urgency) -> io::Result<()>;
    /// What the guest is asked, the answer to follow on the same line.
    fn prompt(&mut self, text: &str) -> io::Result<()>;
    /// The guest typed a line, ended by their own Enter: the question's line is ended.
    fn answered(&mut self) {}
    /// The question asked stands no longer: the turn went on without their answer.
    fn withdrawn(&mut self) {}
}

/// Where a guest's parlor in lines begins.
pub enum Opening {
    /// At the lobby.
    Lobby,
    /// At a table the host already opened or joined for them.
    Table(Joined),
}

/// The keys of the lobby, for `?`.
const LOBBY_KEYS: &str = "In the lobby: a table's number (or join NAME) sits at it or \
                          watches it; new GAME opens a table (games: aces-in-the-pot, \
                          swedish-aces, lcr, forty-one, chase-the-ace, or 1 to 5), with the \
                          flags of play GAME after it if you like, as in new lcr --players 3 \
                          --speed 0; l lists the tables again; q leaves the parlor.";
/// The keys at a table, for `?`.
const TABLE_KEYS: &str = "At a table: on your turn, a choice's key or number (Enter: the \
                          first); h says everyone's holdings; t whose turn it is; s starts \
                          the game, if you opened the table; leave goes back to the lobby; q \
                          leaves the parlor.";

/// Play in lines until the guest leaves or nothing more will come; `next` waits for what
/// reaches them next.
pub fn run(
    lobby: &dyn Lobby,
    opening: Opening,
    next: &mut dyn FnMut() -> Heard,
    voice: &mut dyn Voice,
) -> io::Result<()> {
    let mut at = match opening {
        Opening::Lobby => None,
        Opening::Table(joined) => Some(Seated::new(joined, voice)?),
    };
    let mut listed = Vec::new();
    if at.is_none() {
        list_tables(lobby, &mut listed, voice)?;
    }
    loop {
        match next() {
            Heard::Gone => return Ok(()),
            Heard::News => match &mut at {
                Some(seated) => {
                    if !seated.hear(voice)? {
                        at = None;
                        list_tables(lobby, &mut listed, voice)?;
                    }
                }
                None => tell_changes(lobby, &mut listed, voice)?,
            },
            Heard::Line(line) => {
                voice.answered();
                let text = line.trim();
                if matches!(text, "q" | "quit") {
                    voice.say("Goodbye.", Urgency::Polite)?;
                    return Ok(());
                }
                match &mut at {
                    Some(seated) => {
                        if !seated.typed(text, voice)? {
                            at = None;
                            list_tables(lobby, &mut listed, voice)?;
                        }
                    }
                    None => at = lobby_typed(lobby, text, &mut listed, voice)?,
                }
            }
        }
    }
}

/// What the guest typed in the lobby; the table they sat at, if they did.
fn lobby_typed(
    lobby: &dyn Lobby,
    text: &str,
    listed: &mut Vec<Listing>,
    voice: &mut dyn Voice,
) -> io::Result<Option<Seated>> {
    let joined = if text == "?" || text == "help" {
        voice.say(LOBBY_KEYS, Urgency::Polite)?;
        return Ok(None);
    } else if text.is_empty() || text == "l" || text == "list" {
        list_tables(lobby, listed, voice)?;
        return Ok(None);
    } else if let Some(asked) = text.strip_prefix("new") {
        let (game, flags) = asked
            .trim()
            .split_once(char::is_whitespace)
            .unwrap_or((asked.trim(), ""));
        let chosen = game
            .parse::<usize>()
            .ok()
            .and_then(|n| GameId::ALL.get(n.checked_sub(1)?).copied())
            .or_else(|| game.parse::<GameId>().ok());
        let Some(game) = chosen else {
            voice.say(
                "Which game? new lcr, new forty-one, ... (or new 1 to new 5)",
                Urgency::Polite,
            )?;
            return Ok(None);
        };
        lobby.open(game, flags.trim())
    } else {
        let name = if let Ok(n) = text.parse::<usize>() {
            let Some(table) = n.checked_sub(1).and_then(|at| listed.get(at)) else {
                voice.say(&format!("There is no table {n}."), Urgency::Polite)?;
                return Ok(None);
            };
            table.name.clone()
        } else {
            text.strip_prefix("join").unwrap_or(text).trim().to_owned()
        };
        lobby.join(&name)
    };
    match joined {
        Ok(joined) => Seated::new(joined, voice).map(Some),
        Err(refused) => {
            // In one line: the usage clap adds below a wrong flag is for a terminal.
            let refused = refused.to_string();
            let first = refused.lines().next().unwrap_or_default();
            let said = first.replacen(": error: ", ": ", 1);
            let said = said.trim_end_matches('.');
            voice.say(&format!("Refused: {said}."), Urgency::Polite)?;
            Ok(None)
        }
    }
}

/// Say the tables open now, each by number.
fn list_tables(
    lobby: &dyn Lobby,
    listed: &mut Vec<Listing>,
    voice: &mut dyn Voice,
) -> io::Result<()> {
    *listed = lobby.tables();
    if listed.is_empty() {
        voice.say(
            "The lobby: no tables are open. Type new lcr (or another game) to open one, ? for \
             the keys.",
            Urgency::Polite,
        )?;
        return Ok(());
    }
    voice.say(
        &format!(
            "The lobby: {} open. Type a number to sit or watch, new GAME to open one, ? for \
             the keys.",
            counted(listed.len() as u64, "table", "tables")
        ),
        Urgency::Polite,
    )?;
    for (n, table) in listed.iter().enumerate() {
        voice.say(&format!("{}. {}", n + 1, listing(table)), Urgency::Polite)?;
    }
    Ok(())
}

/// A table of the lobby in words: "ana: LCR, waiting, ana and 3 open seats, 1 watching".
fn listing(table: &Listing) -> String {
    let open = table.people.iter().filter(|p| *p == OPEN).count();
    let people: Vec<&str> = table
        .people
        .iter()
        .filter(|p| *p != OPEN)
        .map(String::as_str)
        .collect();
    let mut text = format!(
        "{}: {}, {}, {}",
        table.name,
        table.game.title(),
        table.phase.word(),
        if people.is_empty() {
            "nobody".to_owned()
        } else {
            people.join(", ")
        }
    );
    if open > 0 {
        let _ = write!(
            text,
            " and {}",
            counted(open as u64, "open seat", "open seats")
        );
    }
    if table.watchers > 0 {
        let _ = write!(text, ", {} watching", table.watchers);
    }
    text
}

/// The lobby changed: say which tables opened, closed or moved on since the last list.
fn tell_changes(
    lobby: &dyn Lobby,
    listed: &mut Vec<Listing>,
    voice: &mut dyn Voice,
) -> io::Result<()> {
    let now = lobby.tables();
    for table in &now {
        match listed.iter().find(|t| t.name == table.name) {
            None => voice.say(
                &format!("Table opened: {}", listing(table)),
                Urgency::Polite,
            )?,
            Some(before) if before.phase != table.phase && table.phase != Phase::Waiting => {
                voice.say(
                    &format!("Table {} is {}.", table.name, table.phase.word()),
                    Urgency::Polite,
                )?;
            }
            Some(_) => {}
        }
    }
    for gone in listed
        .iter()
        .filter(|t| !now.iter().any(|n| n.name == t.name))
    {
        voice.say(&format!("Table {} closed.", gone.name), Urgency::Polite)?;
    }
    // The numbers typed are those of the list last said in full, until it is said again.
    if now.len() != listed.len() || now.iter().zip(listed.iter()).any(|(a, b)| a.name != b.name) {
        voice.say("Type l for the list with its numbers.", Urgency::Polite)?;
    }
    listed.clone_from(&now);
    Ok(())
}

/// A seat at a shared table (or a place watching it), as the table's authority sends it.
struct Seated {
    table: std::sync::Arc<SharedTable>,
    setup: GameSetup,
    /// The game as far as the authority has sent it, seen from this seat.
    live: Table,
    seat: Option<u8>,
    creator: bool,
    started: bool,
    /// Events of the live table already said.
    said: usize,
    /// The decision put to this seat and not yet answered.
    asked: Option<Question>,
    /// The seconds to play a turn they were told of.
    told_clock: Option<u64>,
    id: u64,
    updates: Receiver<Update>,
}

impl Drop for Seated {
    /// Leaving leaves the table: a bot plays the seat until they come back.
    fn drop(&mut self) {
        self.table.leave(self.id);
    }
}

impl Seated {
    fn new(joined: Joined, voice: &mut dyn Voice) -> io::Result<Seated> {
        let live = joined.table_so_far();
        let Joined {
            table,
            setup,
            started,
            seat,
            creator,
            id,
            updates,
            ..
        } = joined;
        let said = live.log().len();
        let mut seated = Seated {
            table,
            setup,
            live,
            seat,
            creator,
            started,
            said,
            asked: None,
            told_clock: None,
            id,
            updates,
        };
        seated.greet(voice)?;
        seated.hear(voice)?;
        Ok(seated)
    }

    /// Where they sat, and what the table waits for.
    fn greet(&mut self, voice: &mut dyn Voice) -> io::Result<()> {
        let settings = self.setup.settings;
        let place = match self.seat {
            Some(seat) => format!("You sit in seat {}", seat + 1),
            None => "You watch".to_owned(),
        };
        voice.say(
            &format!(
                "{place} at the table {}: {}, {} players ({}). ? for the keys.",
                self.table.name(),
                settings.game.title(),
                settings.players,
                settings.signature()
            ),
            Urgency::Polite,
        )?;
        if self.started {
            voice.say(&format!("  {}", holdings(&self.live)), Urgency::Polite)?;
            self.ask_if_yours(voice)?;
        } else {
            self.say_waiting(voice)?;
        }
        Ok(())
    }

    fn say_waiting(&self, voice: &mut dyn Voice) -> io::Result<()> {
        let seats: Vec<String> = self
            .setup
            .seats
            .iter()
            .enumerate()
            .map(|(at, seat)| format!("seat {} {}", at + 1, seat.name))
            .collect();
        voice.say(
            &format!("The table waits: {}.", seats.join(", ")),
            Urgency::Polite,
        )?;
        if self.creator {
            voice.say(
                "Type s to start the game: bots take the open seats.",
                Urgency::Polite,
            )?;
        }
        Ok(())
    }

    /// Take in what the table sent, and put the decision to them once all is said, if it
    /// is theirs now (again, below the news, if it still waits). Whether they are still at
    /// it.
    fn hear(&mut self, voice: &mut dyn Voice) -> io::Result<bool> {
        let mut voice = Counted { voice, said: 0 };
        let voice = &mut voice;
        let mut turned = false;
        loop {
            let update = match self.updates.try_recv() {
                Ok(update) => update,
                Err(TryRecvError::Empty) => {
                    if turned {
                        self.ask_if_yours(voice)?;
                    } else if let Some(question) = self.asked.as_ref().filter(|_| voice.said > 0) {
                        // The news went on lines of its own: the question waits below it.
                        voice.prompt(&move_prompt(question))?;
                    }
                    return Ok(true);
                }
                Err(TryRecvError::Disconnected) => {
                    voice.say(
                        &format!("You are no longer at the table {}.", self.table.name()),
                        Urgency::Polite,
                    )?;
                    return Ok(false);
                }
            };
            match update {
                Update::Started(seats) => {
                    self.started = true;
                    self.setup.seats = seats;
                    self.live = seen_from(&self.setup, self.seat);
                    self.said = 0;
                    let everyone = SeatSet::from_bits((1u16 << self.live.game().players()) - 1);
                    voice.say(
                        &format!("The game starts: {}.", self.live.names().list(everyone)),
                        Urgency::Polite,
                    )?;
                    // The first turn may be theirs before any step comes.
                    turned = true;
                }
                Update::Seated { seat, name } => {
                    self.live.rename_seat(seat, &name);
                    if let Some(at) = self.setup.seats.get_mut(usize::from(seat)) {
                        at.name.clone_from(&name);
                    }
                    let line = if name == OPEN {
                        format!("Seat {} is open again.", seat + 1)
                    } else {
                        format!("{name} sits in seat {}.", seat + 1)
                    };
                    voice.say(&line, Urgency::Polite)?;
                }
                Update::Renamed { seat, name } => {
                    self.live.rename_seat(seat, &name);
                    voice.say(
                        &format!("Seat {} is now {name}.", seat + 1),
                        Urgency::Polite,
                    )?;
                }
                Update::Step(step) => {
                    if self.asked.take().is_some() {
                        voice.withdrawn();
                    }
                    // A step that does not fit is the authority's bug: the rest is said.
                    let _ = self.live.replay_step(step);
                    self.say_events(voice)?;
                    turned = true;
                }
                // The time to play is told when it is new: not again every turn.
                Update::Clock { seat, left }
                    if Some(seat) == self.seat && self.told_clock != Some(left.as_secs()) =>
                {
                    self.told_clock = Some(left.as_secs());
                    voice.say(
                        &format!(
                            "You have {} to play each turn.",
                            counted(left.as_secs().max(1), "second", "seconds")
                        ),
                        Urgency::Polite,
                    )?;
                }
                Update::Clock { .. } => {}
                Update::Told(news) => voice.say(&news, Urgency::Polite)?,
                Update::Ended(why) => {
                    voice.say(&format!("The table ended: {why}"), Urgency::Polite)?;
                    return Ok(false);
                }
                Update::Recorded => voice.say(
                    "The game is in your record. Type leave for the lobby.",
                    Urgency::Polite,
                )?,
            }
        }
    }

    /// Say the events not said yet, and everyone's holdings once the game is over.
    fn say_events(&mut self, voice: &mut dyn Voice) -> io::Result<()> {
        let names = self.live.names();
        let settings = *self.live.game().settings();
        let narrator = Narrator::new(&settings, &names).for_the_ear();
        for event in &self.live.log()[self.said..] {
            voice.say(&narrator.sentence(event), Urgency::Polite)?;
            if let Some((seat, news)) = card_after_exchange(&self.live, event)
                && Some(seat) == self.seat
            {
                voice.say(&news, Urgency::Polite)?;
            }
        }
        self.said = self.live.log().len();
        if self.live.game().turn() == Turn::Over {
            voice.say(&format!("  {}", holdings(&self.live)), Urgency::Polite)?;
        }
        Ok(())
    }

    /// The seat whose decision is this guest's to make now.
    fn to_decide(&self) -> Option<u8> {
        yours_to_decide(&self.live, self.seat, self.started)
    }

    /// Put the decision to them, urgently, when it is theirs.
    fn ask_if_yours(&mut self, voice: &mut dyn Voice) -> io::Result<()> {
        let Some(seat) = self.to_decide() else {
            return Ok(());
        };
        let question = Question::at(&self.live, seat);
        voice.say("Your turn.", Urgency::Urgent)?;
        for line in &question.context {
            voice.say(line, Urgency::Polite)?;
        }
        voice.prompt(&move_prompt(&question))?;
        self.asked = Some(question);
        Ok(())
    }

    /// What the guest typed at the table. Whether they are still at it.
    fn typed(&mut self, text: &str, voice: &mut dyn Voice) -> io::Result<bool> {
        match text {
            "?" | "help" => voice.say(TABLE_KEYS, Urgency::Polite)?,
            "leave" => {
                voice.say(
                    &format!("You leave the table {}.", self.table.name()),
                    Urgency::Polite,
                )?;
                return Ok(false);
            }
            "h" if self.started => {
                voice.say(&holdings(&self.live), Urgency::Polite)?;
            }
            "t" => self.say_whose_turn(voice)?,
            "s" if self.creator && !self.started => self.table.start(),
            _ => match (&self.asked, self.to_decide()) {
                (Some(question), Some(seat)) => match question.read(text) {
                    Some(action) => {
                        self.table.act(seat, action);
                        return Ok(true);
                    }
                    None => voice.say(
                        &format!("{}, or ? for the keys.", question.what_to_type()),
                        Urgency::Polite,
                    )?,
                },
                _ if !self.started => self.say_waiting(voice)?,
                _ => self.say_whose_turn(voice)?,
            },
        }
        // Whatever else they typed, the question still waits for its answer.
        if let Some(question) = &self.asked {
            voice.prompt(&move_prompt(question))?;
        }
        Ok(true)
    }

    fn say_whose_turn(&self, voice: &mut dyn Voice) -> io::Result<()> {
        let line = if !self.started {
            "The game has not started.".to_owned()
        } else if self.to_decide().is_some() {
            "It is your turn.".to_owned()
        } else {
            match (
                self.live.game().turn(),
                present::public_decider(self.live.game()),
            ) {
                (Turn::Over, _) => "The game is over.".to_owned(),
                (_, Some(seat)) => format!("It is {}'s turn.", self.live.names().name(seat)),
                (_, None) => "The dice or cards decide.".to_owned(),
            }
        };
        voice.say(&line, Urgency::Polite)
    }
}

/// The question of a turn, its answer to follow on the line.
fn move_prompt(question: &Question) -> String {
    format!(
        "Your move: {}  [Enter = {}] > ",
        question.choices,
        question.first_key()
    )
}

/// A voice that counts the lines said through it.
struct Counted<'v> {
    voice: &'v mut dyn Voice,
    said: usize,
}

impl Voice for Counted<'_> {
    fn say(&mut self, line: &str, urgency: Urgency) -> io::Result<()> {
        self.said += 1;
        self.voice.say(line, urgency)
    }

    fn prompt(&mut self, text: &str) -> io::Result<()> {
        self.voice.prompt(text)
    }

    fn answered(&mut self) {
        self.voice.answered();
    }

    fn withdrawn(&mut self) {
        self.voice.withdrawn();
    }
}
