//! One guest's parlor: the full-screen app on a thread of its own (its loop blocks), drawn
//! by ratatui into the guest's SSH channel or browser socket ([`Out`]) and fed the keys
//! their terminal sends. Everything but where the bytes go is the same for both.
//!
//! Threads and tokio meet here, and only here. The connection (a tokio task, in
//! `connection` or `web`) hands the guest's thread what they typed and when their window changed,
//! through a std channel that never blocks the task ([`ToGuest`], `try_send`); the thread
//! (std, blocking: the app's loop, and a shared table's authority reached through its lock)
//! answers by drawing, and its writes cross back into tokio in one place,
//! `Screen::wait_for`. The thread owns the app and its recorder; the task owns the SSH
//! session; neither touches the other's. Writing waits for the guest's ssh (or socket) to
//! take what was sent (the channel's window, the socket's queue), so a guest who stops
//! reading holds up only their own parlor, and only for [`WRITE_PATIENCE`].

use std::collections::VecDeque;
use std::io::{self, Write};
use std::net::SocketAddr;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

use crossterm::cursor::Show;
use crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use crossterm::style::Print;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use russh::ChannelWriteHalf;
use russh::server::Msg;

use super::command::{self, Opening};
use super::decoder::Decoder;
use super::house::{House, ToGuest, Visitor};
use super::web::ToBrowser;
use crate::config::Config;
use crate::games::{GameId, lasting};
use crate::shared_table::{
    GUEST_DIR_CALLED, Joined, Listing, Lobby, MAX_TABLE_NAME_CHARS, Person, TableRefusal,
    in_table_name,
};
use crate::stats::{Recorder, Store};
use crate::tui::{self, App, Options, Tty};

/// The largest window drawn: a bigger one is drawn at this size in its top-left corner, so
/// no window size a guest claims costs more than this to draw.
pub const MAX_SIZE: Size = Size::new(300, 100);
/// How long a frame may wait for the guest's ssh (or browser) to take it before the guest is
/// given up.
pub const WRITE_PATIENCE: Duration = Duration::from_secs(20);
/// How long the rest of an escape sequence is waited for before what came is taken as
/// keys (a lone Esc is the Esc key).
const SEQUENCE_WAIT: Duration = Duration::from_millis(40);
/// Input not yet taken by a guest's parlor, in packets: more is dropped.
const QUEUED_INPUT: usize = 64;
/// Output gathered before it is sent, even mid-frame.
const SEND_AT: usize = 64 << 10;

/// A window size as the guest's ssh gave it, made one the parlor will draw: at least a
/// cell, at most [`MAX_SIZE`].
pub fn clamped(columns: u32, rows: u32) -> Size {
    let fit = |n: u32, most: u16| u16::try_from(n).unwrap_or(most).clamp(1, most);
    Size::new(fit(columns, MAX_SIZE.width), fit(rows, MAX_SIZE.height))
}

fn pack(size: Size) -> u32 {
    u32::from(size.width) << 16 | u32::from(size.height)
}

fn unpack(packed: u32) -> Size {
    Size::new((packed >> 16) as u16, packed as u16)
}

/// The connection's side of a guest's parlor.
pub struct GuestLink {
    to_guest: SyncSender<ToGuest>,
    size: Arc<AtomicU32>,
    gone: Arc<AtomicBool>,
}

impl GuestLink {
    /// The guest typed `bytes`. Dropped if their parlor is this far behind.
    pub fn typed(&self, bytes: &[u8]) {
        let _ = self.to_guest.try_send(ToGuest::Typed(bytes.to_vec()));
    }

    /// The guest's input ended. Sent whatever the queue holds: it is the last word.
    pub fn input_ended(&self) {
        let _ = self.to_guest.try_send(ToGuest::InputEnded);
    }

    pub fn resized(&self, size: Size) {
        self.size.store(pack(size), Ordering::SeqCst);
        self.wake();
    }

    fn wake(&self) {
        // A full queue wakes the thread anyway.
        let _ = self.to_guest.try_send(ToGuest::Wake);
    }
}

impl Drop for GuestLink {
    /// The connection is gone: the parlor leaves its table (recorded as abandoned).
    fn drop(&mut self) {
        self.gone.store(true, Ordering::SeqCst);
        self.wake();
    }
}

/// What a guest's parlor opens on.
pub struct Start {
    pub person: Person,
    /// Where they connect from, for the host's `who`.
    pub from: Option<SocketAddr>,
    pub options: Options,
    pub opening: Opening,
    pub size: Size,
    pub mode: Mode,
    /// The one table an invitation admits them to (`invite TABLE`): they may sit there and
    /// nowhere else; leaving it ends their parlor (on the full screen) or leaves them a
    /// lobby of that table alone (in lines). No table of their own, no other table.
    pub only: Option<String>,
}

/// How a guest's parlor is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Drawn on their terminal, the full screen.
    FullScreen,
    /// Said in lines (`ssh HOST plain`, or a browser's screen-reader seat), for a screen
    /// reader: `echo` when the host's side has their terminal (`ssh -t`), and so echoes
    /// what they type.
    Lines { echo: bool },
}

/// Where a guest's screen goes.
pub enum Out {
    /// Their SSH session's channel.
    Ssh(ChannelWriteHalf<Msg>),
    /// Their browser's socket, through the task that holds it (`web`).
    Web(tokio::sync::mpsc::Sender<ToBrowser>),
}

impl Out {
    /// Send `bytes` as the guest's terminal takes them, once there is room for them.
    async fn send(&self, bytes: Vec<u8>) -> io::Result<()> {
        match self {
            Out::Ssh(channel) => channel
                .data_bytes(bytes)
                .await
                .map_err(|e| io::Error::new(io::ErrorKind::BrokenPipe, e)),
            Out::Web(socket) => socket
                .send(ToBrowser::Screen(bytes))
                .await
                .map_err(|_| browser_left()),
        }
    }

    /// End as a program ends, with `status`; a browser has no exit status, and is told
    /// `last_word` (already on its screen) as the reason its socket closes.
    async fn close(&self, status: u32, last_word: String) {
        match self {
            Out::Ssh(channel) => {
                let _ = channel.exit_status(status).await;
                let _ = channel.eof().await;
                let _ = channel.close().await;
            }
            Out::Web(socket) => {
                let _ = socket.send(ToBrowser::Closing { status, last_word }).await;
            }
        }
    }
}

fn browser_left() -> io::Error {
    io::Error::new(io::ErrorKind::BrokenPipe, "the browser left")
}

/// Open a parlor for a guest on a thread of its own, drawing into `out`.
pub fn start(
    host: &Arc<House>,
    start: Start,
    out: Out,
    runtime: tokio::runtime::Handle,
) -> io::Result<GuestLink> {
    let (to_guest, from_connection) = std::sync::mpsc::sync_channel(QUEUED_INPUT);
    let size = Arc::new(AtomicU32::new(pack(start.size)));
    let gone = Arc::new(AtomicBool::new(false));
    let screen = Screen {
        out: Arc::new(out),
        runtime,
        buffer: Vec::new(),
        gone: Arc::clone(&gone),
    };
    let sent_away = Arc::new(AtomicBool::new(false));
    let id = host.welcome(Visitor {
        name: start.person.name.clone(),
        key: start.person.key.clone(),
        from: start.from,
        wake: to_guest.clone(),
        sent_away: Arc::clone(&sent_away),
    });
    let tty = GuestTty {
        from_connection,
        decoder: Decoder::default(),
        ready: VecDeque::new(),
        screen: screen.another(),
        size: Arc::clone(&size),
        told_size: start.size,
        gone: Arc::clone(&gone),
        sent_away,
        left_their_table: Arc::default(),
        host: Arc::clone(host),
        last_typed: Instant::now(),
        held_since: None,
        idle: false,
    };
    let backend = GuestBackend {
        crossterm: CrosstermBackend::new(screen),
        size: Arc::clone(&size),
    };
    let mut last_word = tty.screen.another();
    let news = to_guest.clone();
    let house = Arc::clone(host);
    let visitor_name = start.person.name.clone();
    let spawned = std::thread::Builder::new()
        .name(format!("guest {}", start.person.name))
        .spawn(move || {
            let data_dir = house.guest_dir(&start.person.name);
            // A bug in the parlor ends this guest's parlor, not the host (the panic is
            // on the host's stderr), and the guest is not left hanging.
            let ran = std::panic::catch_unwind(AssertUnwindSafe(|| match start.mode {
                Mode::FullScreen => run(start, data_dir, backend, tty, news),
                Mode::Lines { echo } => super::lines::run(start, tty, &news, echo),
            }));
            if ran.is_err() {
                last_word.give_back();
                last_word.end("parlor: something went wrong, and the parlor closed", 1);
            }
            house.farewell(id);
            // A visit's folder goes with it (a key's guest keeps theirs, to come back to).
            super::visits::ended(&house.data_dir.join("guests"), &visitor_name);
        });
    if let Err(e) = spawned {
        host.farewell(id);
        return Err(e);
    }
    Ok(GuestLink {
        to_guest,
        size,
        gone,
    })
}

/// Why a guest's parlor ended, when it was not the guest's choice.
pub(super) enum Ending {
    Idle(Duration),
    HostClosed,
    /// The host banned them.
    SentAway,
    /// Their connection is gone: there is no one left to tell.
    Gone,
    /// They left the one table their invitation was to.
    LeftTheirTable(String),
}

impl Ending {
    /// What the guest is told of it, if there is anyone to tell.
    pub(super) fn farewell(&self) -> Option<String> {
        match self {
            Ending::Idle(after) => Some(format!(
                "parlor: nothing was typed for {}, so your seat was given up",
                lasting(*after)
            )),
            Ending::HostClosed => Some("parlor: the host closed the parlor".to_owned()),
            Ending::SentAway => Some("parlor: the host sent you away".to_owned()),
            Ending::LeftTheirTable(table) => Some(format!(
                "parlor: your invitation was to the table {table}, and you left it: open the \
                 link again to go back to it"
            )),
            Ending::Gone => None,
        }
    }
}

/// How a shared table wakes the guest's parlor to take in its news.
pub(super) fn waker(news: &SyncSender<ToGuest>) -> Box<dyn Fn() + Send> {
    let news = news.clone();
    Box::new(move || {
        let _ = news.try_send(ToGuest::News);
    })
}

/// The server's tables as one guest's lobby uses them.
pub(super) struct GuestLobby {
    pub(super) host: Arc<House>,
    pub(super) person: Person,
    pub(super) news: SyncSender<ToGuest>,
    /// The one table an invitation admits them to, if it is to one: the lobby is that
    /// table alone.
    pub(super) only: Option<String>,
}

impl Lobby for GuestLobby {
    fn tables(&self) -> Vec<Listing> {
        let mut tables = self.host.tables.listings();
        if let Some(only) = &self.only {
            tables.retain(|t| t.name == *only);
        }
        tables
    }

    fn join(&self, name: &str) -> Result<Joined, TableRefusal> {
        if let Some(only) = self.only.as_ref().filter(|only| *only != name) {
            return Err(TableRefusal::NotInvited(only.clone()));
        }
        self.host.tables.join(name, &self.person, waker(&self.news))
    }

    /// As `play GAME FLAGS --table NAME` would, the table named for its creator: the
    /// flags go through the parser of a guest's command, as if typed there.
    fn open(&self, game: GameId, flags: &str) -> Result<Joined, TableRefusal> {
        if let Some(only) = &self.only {
            return Err(TableRefusal::NotInvited(only.clone()));
        }
        let table = self.free_table_name();
        let command = format!("play {} {flags} --table {table}", game.name());
        let Opening::OpenShared { table, setup, pace } =
            command::parse(command.as_bytes(), &self.person.name)
                .map_err(|e| TableRefusal::Setup(Box::new(e)))?
                .opening
        else {
            return Err(TableRefusal::Setup(Box::new(NotShared(command))));
        };
        self.host
            .tables
            .open(&table, &self.person, &setup, pace, waker(&self.news))
    }
}

/// The command the lobby made to open a table, which opened none.
#[derive(Debug, thiserror::Error)]
#[error("`{0}` opens no shared table")]
struct NotShared(String);

impl GuestLobby {
    /// The guest's name as a table's (what a table's name may not hold left out), numbered
    /// when a table has it already.
    fn free_table_name(&self) -> String {
        let mut base: String = self
            .person
            .name
            .chars()
            .filter(|&c| in_table_name(c))
            .take(MAX_TABLE_NAME_CHARS - 4)
            .collect();
        if base.is_empty() {
            "table".clone_into(&mut base);
        }
        // With n tables open, one of n + 1 names is free.
        let open = self.host.tables.listings().len();
        std::iter::once(base.clone())
            .chain((2..=open + 1).map(|n| format!("{base}-{n}")))
            .find(|name| !self.host.tables.has(name))
            .unwrap_or(base)
    }
}

/// The guest's parlor, from the first frame to the channel's close.
fn run(
    start: Start,
    data_dir: PathBuf,
    backend: GuestBackend,
    mut tty: GuestTty,
    news: SyncSender<ToGuest>,
) {
    let recorder = Recorder::on(Store::new(data_dir)).calling_the_dir(GUEST_DIR_CALLED);
    let tables = &tty.host.tables;
    let wake = waker(&news);
    let news_again = news.clone();
    // The lobby is drawn again when its tables change, and only then.
    let _looking = matches!(start.opening, Opening::Lobby).then(|| tables.look(waker(&news)));
    let lobby = matches!(start.opening, Opening::Lobby).then(|| GuestLobby {
        host: Arc::clone(&tty.host),
        person: start.person.clone(),
        news,
        only: None,
    });
    let (setup, shared) = match start.opening {
        Opening::Lobby => (None, None),
        Opening::Table(setup) => (Some(setup), None),
        Opening::OpenShared { table, setup, pace } => (
            None,
            Some(tables.open(&table, &start.person, &setup, pace, wake)),
        ),
        Opening::JoinShared(table) => {
            // Invited to this table alone: once they are no longer at it (their place at it
            // let go, and with it this waker), their parlor ends, before the menu could
            // seat them at a table of their own.
            let wake = match &start.only {
                Some(only) => {
                    let left = LeftTable {
                        table: only.clone(),
                        flag: Arc::clone(&tty.left_their_table),
                        news: news_again.clone(),
                    };
                    Box::new(move || {
                        let _held = &left;
                        wake();
                    }) as Box<dyn Fn() + Send>
                }
                None => wake,
            };
            (None, Some(tables.join(&table, &start.person, wake)))
        }
    };
    let shared = match shared.transpose() {
        Ok(shared) => shared,
        Err(refused) => return tty.screen.end(&format!("parlor: {refused}"), 2),
    };
    let config = Config {
        name: start.person.name,
        ..Config::default()
    };
    let mut app = App::new(start.options, setup)
        .with_recorder(recorder)
        .with_config(config, None);
    if let Some(lobby) = lobby {
        app = app.with_lobby(Box::new(lobby));
    }
    if let Some(joined) = shared {
        app.sit_shared(joined);
    }
    let mut terminal = match Terminal::new(backend) {
        Ok(terminal) => terminal,
        Err(e) => return tty.screen.end(&format!("the screen failed: {e}"), 1),
    };
    let mouse = app.options.mouse;
    let opened = execute!(terminal.backend_mut(), EnterAlternateScreen).and_then(|()| {
        if mouse {
            execute!(terminal.backend_mut(), EnableMouseCapture)
        } else {
            Ok(())
        }
    });
    let result = opened.and_then(|()| tui::run_loop(&mut terminal, &mut app, &mut tty));
    // What the table said as the parlor closed (why it ended) is heard before leaving.
    app.tick(Instant::now());
    // Leaving midway abandons the game, and it still counts.
    app.leave_table();
    let ending = tty.ending();
    if matches!(ending, Some(Ending::Gone)) {
        return;
    }
    let _ = terminal.show_cursor();
    tty.screen.give_back();
    let mut farewell: Vec<String> = app
        .notices_shown
        .iter()
        .map(|notice| format!("parlor: {notice}"))
        .collect();
    let status = match (result, ending) {
        (Err(e), _) => {
            farewell.push(format!("parlor: the screen failed: {e}"));
            1
        }
        (Ok(()), ending) => {
            farewell.extend(ending.and_then(|ending| ending.farewell()));
            0
        }
    };
    tty.screen.end(&farewell.join("\r\n"), status);
}

/// Held by the waker of the one table a guest was invited to: dropped when their place at
/// it goes (they left, were sent away, or it closed), it says so and wakes their parlor.
struct LeftTable {
    table: String,
    flag: Arc<std::sync::Mutex<Option<String>>>,
    news: SyncSender<ToGuest>,
}

impl Drop for LeftTable {
    fn drop(&mut self) {
        *self
            .flag
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(self.table.clone());
        let _ = self.news.try_send(ToGuest::Wake);
    }
}

/// Where a guest's parlor writes: their SSH channel or socket, a frame at a time.
pub(super) struct Screen {
    out: Arc<Out>,
    runtime: tokio::runtime::Handle,
    buffer: Vec<u8>,
    /// The guest left: what is written goes nowhere, and that is no failure (the parlor
    /// is on its way out, and ratatui would complain on the host's terminal).
    gone: Arc<AtomicBool>,
}

impl Screen {
    /// Another writer into the same channel (for the bell and the mouse).
    pub(super) fn another(&self) -> Screen {
        Screen {
            out: Arc::clone(&self.out),
            runtime: self.runtime.clone(),
            buffer: Vec::new(),
            gone: Arc::clone(&self.gone),
        }
    }

    /// Give the guest's terminal back as the parlor found it: the mouse, the screen
    /// underneath, the cursor.
    fn give_back(&mut self) {
        let _ = execute!(self, DisableMouseCapture, LeaveAlternateScreen, Show);
    }

    /// Say `message` (if any) and close the channel with `status`, as a program ends.
    pub(super) fn end(mut self, message: &str, status: u32) {
        if !message.is_empty() {
            let _ = write!(self, "{message}\r\n").and_then(|()| self.flush());
        }
        let out = Arc::clone(&self.out);
        let last_word = message.to_owned();
        let _ = self.wait_for(async move { out.close(status, last_word).await });
    }

    /// Whether it goes to a browser, which is sent lines as messages of their own (a
    /// guest in lines), not as a terminal's bytes.
    pub(super) fn to_browser(&self) -> bool {
        matches!(*self.out, Out::Web(_))
    }

    /// Send a browser `message`, once its socket has room for it; nothing, to an SSH
    /// channel, or once the guest is gone.
    pub(super) fn post(&self, message: ToBrowser) -> io::Result<()> {
        let Out::Web(socket) = &*self.out else {
            return Ok(());
        };
        if self.gone.load(Ordering::SeqCst) {
            return Ok(());
        }
        let socket = socket.clone();
        self.sent(async move { socket.send(message).await.map_err(|_| browser_left()) })
    }

    /// A write run as [`Screen::wait_for`] runs it, failed if the guest did not take it in
    /// time.
    fn sent(&self, write: impl Future<Output = io::Result<()>>) -> io::Result<()> {
        self.wait_for(write).unwrap_or_else(|_| {
            Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the guest stopped taking the screen",
            ))
        })
    }

    /// The one place this thread crosses into tokio: run `future` (a write into the
    /// channel or socket) on the host's runtime and block until it is done, or until
    /// [`WRITE_PATIENCE`] has passed. Only a guest's own std thread calls it, never a task
    /// of the runtime (which `block_on` would stall).
    fn wait_for<T>(
        &self,
        future: impl Future<Output = T>,
    ) -> Result<T, tokio::time::error::Elapsed> {
        // The timeout is made inside the runtime: its timer needs the runtime's clock.
        self.runtime
            .block_on(async move { tokio::time::timeout(WRITE_PATIENCE, future).await })
    }
}

impl Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= SEND_AT {
            self.flush()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.gone.load(Ordering::SeqCst) {
            self.buffer.clear();
        }
        if self.buffer.is_empty() {
            return Ok(());
        }
        let bytes = std::mem::take(&mut self.buffer);
        let out = Arc::clone(&self.out);
        self.sent(async move { out.send(bytes).await })
    }
}

/// crossterm's backend writing into the guest's screen, with the guest's window size instead of
/// the host's terminal's.
struct GuestBackend {
    crossterm: CrosstermBackend<Screen>,
    size: Arc<AtomicU32>,
}

impl Write for GuestBackend {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.crossterm.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        Write::flush(&mut self.crossterm)
    }
}

impl Backend for GuestBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.crossterm.draw(content)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.crossterm.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.crossterm.show_cursor()
    }

    /// Asked only for an inline viewport, which the parlor does not use; crossterm would
    /// ask the host's terminal.
    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(Position::ORIGIN)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.crossterm.set_cursor_position(position)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.crossterm.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.crossterm.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(unpack(self.size.load(Ordering::SeqCst)))
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size()?,
            pixels: Size::default(),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.crossterm)
    }
}

/// A guest's terminal as the parlor's loop sees it: their keys in, and the bell, the
/// mouse mode and the clipboard sent out through their screen.
pub(super) struct GuestTty {
    pub(super) from_connection: Receiver<ToGuest>,
    decoder: Decoder,
    /// Decoded and not yet read.
    ready: VecDeque<Event>,
    /// For the bell and the mouse.
    pub(super) screen: Screen,
    size: Arc<AtomicU32>,
    /// The size the parlor last heard of.
    told_size: Size,
    pub(super) gone: Arc<AtomicBool>,
    /// The host sent this guest away.
    sent_away: Arc<AtomicBool>,
    /// The one table they were invited to, once they are no longer at it.
    left_their_table: Arc<std::sync::Mutex<Option<String>>>,
    pub(super) host: Arc<House>,
    pub(super) last_typed: Instant,
    /// Since when the decoder has held the start of a sequence.
    held_since: Option<Instant>,
    pub(super) idle: bool,
}

impl GuestTty {
    /// Why the parlor must end now, if it must.
    pub(super) fn ending(&self) -> Option<Ending> {
        if self.gone.load(Ordering::SeqCst) {
            Some(Ending::Gone)
        } else if self.host.closing() {
            Some(Ending::HostClosed)
        } else if self.sent_away.load(Ordering::SeqCst) {
            Some(Ending::SentAway)
        } else if let Some(table) = self
            .left_their_table
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
        {
            Some(Ending::LeftTheirTable(table))
        } else {
            self.idle.then_some(Ending::Idle(self.host.idle_timeout))
        }
    }

    fn typed(&mut self, bytes: &[u8], now: Instant) {
        self.last_typed = now;
        self.ready.extend(self.decoder.feed(bytes));
        self.held_since = (self.decoder.held() > 0).then_some(now);
    }
}

impl Tty for GuestTty {
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Event>> {
        let asked_until = timeout.map(|t| Instant::now() + t);
        loop {
            if let Some(event) = self.ready.pop_front() {
                return Ok(Some(event));
            }
            let now = Instant::now();
            if self.ending().is_some() || asked_until.is_some_and(|t| now >= t) {
                return Ok(None);
            }
            let idle_at = self.last_typed + self.host.idle_timeout;
            if now >= idle_at {
                self.idle = true;
                return Ok(None);
            }
            let held_until = self.held_since.map(|since| since + SEQUENCE_WAIT);
            if held_until.is_some_and(|t| now >= t) {
                self.held_since = None;
                self.ready.extend(self.decoder.flush());
                continue;
            }
            let until = [Some(idle_at), asked_until, held_until]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or(idle_at);
            match self.from_connection.recv_timeout(until - now) {
                Ok(ToGuest::Typed(bytes)) => self.typed(&bytes, Instant::now()),
                // A drawn screen reads keys, not the end of a stream.
                Ok(ToGuest::Wake | ToGuest::InputEnded) | Err(RecvTimeoutError::Timeout) => {}
                Ok(ToGuest::News) => return Ok(None),
                // No one is left to send: the connection is gone.
                Err(RecvTimeoutError::Disconnected) => self.gone.store(true, Ordering::SeqCst),
            }
            let size = unpack(self.size.load(Ordering::SeqCst));
            if size != self.told_size {
                self.told_size = size;
                self.ready.push_back(Event::Resize(size.width, size.height));
            }
        }
    }

    fn stop_requested(&self) -> bool {
        self.ending().is_some()
    }

    fn ring(&mut self) {
        let _ = execute!(self.screen, Print('\x07'));
    }

    fn capture_mouse(&mut self, on: bool) {
        let _ = if on {
            execute!(self.screen, EnableMouseCapture)
        } else {
            execute!(self.screen, DisableMouseCapture)
        };
    }
}
