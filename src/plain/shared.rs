//! A guest of `parlor host` in lines: the lobby and the shared tables as sentences, for a
//! screen reader (over `ssh HOST plain`, or a browser's live region) or a script. What is
//! said is what `--plain` says at a table of one's own: the same narration, choices by the
//! full screen's keys or by number, `?` for the keys; besides, a line when it becomes your
//! turn (said urgently) and one for whatever another person does. Nothing said is drawn:
//! no box, no symbol row, no spinner.
//!
//! Nothing here knows of SSH or sockets: what the guest typed and the news of their table
//! come in as [`Heard`], and lines go out through a [`Voice`].

use std::io;
use std::sync::mpsc::{Receiver, TryRecvError};

use super::{Detail, Question, TurnLines, card_after_exchange, holdings};
use crate::games::present;
use crate::games::{GameId, Narrator, SeatSet, Turn};
use crate::said;
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

/// Play in lines until the guest leaves or nothing more will come; `next` waits for what
/// reaches them next.
pub fn run(
    lobby: &dyn Lobby,
    opening: Opening,
    next: &mut dyn FnMut() -> Heard,
    voice: &mut dyn Voice,
) -> io::Result<()> {
    // What is said of the table after each turn: until they ask (brief, full), only the
    // events, and the whole table with h.
    let mut detail = None;
    let mut at = match opening {
        Opening::Lobby => None,
        Opening::Table(joined) => Some(Seated::new(joined, detail, voice)?),
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
                    voice.say(&said!(lines_goodbye), Urgency::Polite)?;
                    return Ok(());
                }
                if let Ok(asked) = text.parse::<Detail>() {
                    detail = Some(asked);
                    let told = match asked {
                        Detail::Brief => said!(lines_now_brief),
                        Detail::Full => said!(lines_now_full),
                    };
                    voice.say(&told, Urgency::Polite)?;
                    if let Some(seated) = &mut at {
                        seated.turns.detail = detail;
                        // The question still waits for its answer.
                        if let Some(question) = &seated.asked {
                            voice.prompt(&move_prompt(question))?;
                        }
                    }
                    continue;
                }
                match &mut at {
                    Some(seated) => {
                        if !seated.typed(text, voice)? {
                            at = None;
                            list_tables(lobby, &mut listed, voice)?;
                        }
                    }
                    None => at = lobby_typed(lobby, text, detail, &mut listed, voice)?,
                }
            }
        }
    }
}

/// What the guest typed in the lobby; the table they sat at, if they did.
fn lobby_typed(
    lobby: &dyn Lobby,
    text: &str,
    detail: Option<Detail>,
    listed: &mut Vec<Listing>,
    voice: &mut dyn Voice,
) -> io::Result<Option<Seated>> {
    let joined = if text == "?" || text == "help" {
        let games: Vec<&str> = GameId::ALL.iter().map(|game| game.name()).collect();
        let keys = said!(
            lines_lobby_keys,
            games = games.join(", "),
            count = GameId::ALL.len()
        );
        voice.say(&keys, Urgency::Polite)?;
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
            let asked = said!(lines_which_game, count = GameId::ALL.len());
            voice.say(&asked, Urgency::Polite)?;
            return Ok(None);
        };
        lobby.open(game, flags.trim())
    } else {
        let name = if let Ok(n) = text.parse::<usize>() {
            let Some(table) = n.checked_sub(1).and_then(|at| listed.get(at)) else {
                let number = n.to_string();
                voice.say(
                    &said!(lines_no_such_table, number = number),
                    Urgency::Polite,
                )?;
                return Ok(None);
            };
            table.name.clone()
        } else {
            text.strip_prefix("join").unwrap_or(text).trim().to_owned()
        };
        lobby.join(&name)
    };
    match joined {
        Ok(joined) => Seated::new(joined, detail, voice).map(Some),
        Err(refused) => {
            // In one line: the usage clap adds below a wrong flag is for a terminal.
            let refused = refused.to_string();
            let first = refused.lines().next().unwrap_or_default();
            let said = first.replacen(": error: ", ": ", 1);
            let said = said.trim_end_matches('.');
            voice.say(&said!(lines_refused, why = said), Urgency::Polite)?;
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
        voice.say(&said!(lines_lobby_empty), Urgency::Polite)?;
        return Ok(());
    }
    voice.say(&said!(lines_lobby, tables = listed.len()), Urgency::Polite)?;
    for (n, table) in listed.iter().enumerate() {
        let line = said!(lines_lobby_numbered, number = n + 1, table = listing(table));
        voice.say(&line, Urgency::Polite)?;
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
    said!(
        lines_listing,
        name = &table.name,
        title = table.game.title(),
        phase = table.phase.said(),
        people = if people.is_empty() {
            said!(lines_nobody)
        } else {
            people.join(", ")
        },
        open = open,
        watchers = table.watchers,
    )
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
                &said!(lines_table_opened, table = listing(table)),
                Urgency::Polite,
            )?,
            Some(before) if before.phase != table.phase && table.phase != Phase::Waiting => {
                let line = said!(
                    lines_table_moved_on,
                    name = &table.name,
                    phase = table.phase.said()
                );
                voice.say(&line, Urgency::Polite)?;
            }
            Some(_) => {}
        }
    }
    for gone in listed
        .iter()
        .filter(|t| !now.iter().any(|n| n.name == t.name))
    {
        voice.say(
            &said!(lines_table_closed, name = &gone.name),
            Urgency::Polite,
        )?;
    }
    // The numbers typed are those of the list last said in full, until it is said again.
    if now.len() != listed.len() || now.iter().zip(listed.iter()).any(|(a, b)| a.name != b.name) {
        voice.say(&said!(lines_list_again), Urgency::Polite)?;
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
    /// The table said after each turn, as they asked.
    turns: TurnLines,
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
    fn new(joined: Joined, detail: Option<Detail>, voice: &mut dyn Voice) -> io::Result<Seated> {
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
            turns: TurnLines::new(detail),
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
        let (table, title) = (self.table.name(), settings.game.title());
        let in_words = crate::games::present::settings_line(&settings);
        let greeting = if let Some(seat) = self.seat {
            said!(
                lines_greet_seat,
                seat = seat + 1,
                table = table,
                title = title,
                settings = &in_words,
            )
        } else {
            said!(
                lines_greet_watch,
                table = table,
                title = title,
                settings = &in_words,
            )
        };
        voice.say(&greeting, Urgency::Polite)?;
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
            .map(|(at, seat)| {
                said!(
                    lines_waiting_seat,
                    seat = at + 1,
                    name = crate::games::said_name(&seat.name)
                )
            })
            .collect();
        voice.say(
            &said!(lines_table_waits, seats = seats.join(", ")),
            Urgency::Polite,
        )?;
        if self.creator {
            voice.say(&said!(lines_start_hint), Urgency::Polite)?;
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
                        &said!(lines_no_longer_at_table, table = self.table.name()),
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
                        &said!(lines_game_starts, names = self.live.names().list(everyone)),
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
                        said!(lines_seat_open_again, seat = seat + 1)
                    } else {
                        said!(lines_sits_in_seat, name = &name, seat = seat + 1)
                    };
                    voice.say(&line, Urgency::Polite)?;
                }
                Update::Renamed { seat, name } => {
                    self.live.rename_seat(seat, &name);
                    voice.say(
                        &said!(lines_seat_renamed, seat = seat + 1, name = &name),
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
                        &said!(lines_clock, seconds = left.as_secs().max(1)),
                        Urgency::Polite,
                    )?;
                }
                Update::Clock { .. } => {}
                Update::Told(news) => voice.say(&news, Urgency::Polite)?,
                Update::Ended(why) => {
                    voice.say(&said!(lines_table_ended, why = why), Urgency::Polite)?;
                    return Ok(false);
                }
                Update::Recorded => voice.say(&said!(lines_recorded), Urgency::Polite)?,
            }
        }
    }

    /// Say the events not said yet, the table after a turn as they asked, and everyone's
    /// holdings once the game is over.
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
        if let Some(line) = self.turns.after_step(&self.live) {
            voice.say(&format!("  {line}"), Urgency::Polite)?;
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
        voice.say(&said!(lines_your_turn), Urgency::Urgent)?;
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
            "?" | "help" => voice.say(&said!(lines_table_keys), Urgency::Polite)?,
            "leave" => {
                voice.say(
                    &said!(lines_you_leave, table = self.table.name()),
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
                    None => voice.say(&question.what_to_type(true), Urgency::Polite)?,
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
            said!(lines_not_started)
        } else if self.to_decide().is_some() {
            said!(lines_it_is_your_turn)
        } else {
            match (
                self.live.game().turn(),
                present::public_decider(self.live.game()),
            ) {
                (Turn::Over, _) => said!(lines_game_over),
                (_, Some(seat)) => said!(lines_whose_turn, name = self.live.names().name(seat)),
                (_, None) => said!(lines_chance_decides),
            }
        };
        voice.say(&line, Urgency::Polite)
    }
}

/// The question of a turn, its answer to follow on the line.
fn move_prompt(question: &Question) -> String {
    let asked = said!(
        lines_guest_your_move,
        choices = &question.choices,
        first = question.first_key(),
    );
    format!("{asked} > ")
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
