//! A guest's terminal as the parlor's loop sees it ([`GuestTty`]): their keys in, decoded,
//! their window's size, and why their parlor must end ([`Ending`]): the house closing, a
//! ban, idleness, their connection gone.

use std::collections::VecDeque;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use crossterm::style::Print;
use ratatui::layout::Size;

use super::screen::Screen;
use crate::games::lasting;
use crate::host::decoder::Decoder;
use crate::host::house::{House, ToGuest};
use crate::said;
use crate::tui::Tty;

/// How long the rest of an escape sequence is waited for before what came is taken as
/// keys (a lone Esc is the Esc key).
const SEQUENCE_WAIT: Duration = Duration::from_millis(40);

/// The guest's window size as their connection last told it: set by the connection's task,
/// read by the parlor's thread, one word that neither waits on.
#[derive(Clone)]
pub(super) struct Window(Arc<AtomicU32>);

impl Window {
    pub(super) fn new(size: Size) -> Window {
        Window(Arc::new(AtomicU32::new(pack(size))))
    }

    pub(super) fn set(&self, size: Size) {
        self.0.store(pack(size), Ordering::SeqCst);
    }

    pub(super) fn get(&self) -> Size {
        unpack(self.0.load(Ordering::SeqCst))
    }
}

fn pack(size: Size) -> u32 {
    u32::from(size.width) << 16 | u32::from(size.height)
}

fn unpack(packed: u32) -> Size {
    Size::new((packed >> 16) as u16, packed as u16)
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
            Ending::Idle(after) => Some(said!(idle_farewell, lasting = lasting(*after))),
            Ending::HostClosed => Some(said!(host_closed)),
            Ending::SentAway => Some(said!(sent_away)),
            Ending::LeftTheirTable(table) => Some(said!(left_invited_table, table = table)),
            Ending::Gone => None,
        }
        .map(|said| format!("parlor: {said}"))
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
    window: Window,
    /// The size the parlor last heard of.
    told_size: Size,
    pub(super) gone: Arc<AtomicBool>,
    /// The host sent this guest away.
    sent_away: Arc<AtomicBool>,
    /// The one table they were invited to, once they are no longer at it.
    pub(super) left_their_table: Arc<Mutex<Option<String>>>,
    pub(super) host: Arc<House>,
    pub(super) last_typed: Instant,
    /// Since when the decoder has held the start of a sequence.
    held_since: Option<Instant>,
    pub(super) idle: bool,
}

impl GuestTty {
    /// The terminal of a guest whose connection sends on `from_connection`, whose parlor
    /// draws on `screen` at the size of `window`.
    pub(super) fn new(
        from_connection: Receiver<ToGuest>,
        screen: Screen,
        window: Window,
        gone: Arc<AtomicBool>,
        sent_away: Arc<AtomicBool>,
        host: Arc<House>,
    ) -> GuestTty {
        GuestTty {
            from_connection,
            decoder: Decoder::default(),
            ready: VecDeque::new(),
            screen,
            told_size: window.get(),
            window,
            gone,
            sent_away,
            left_their_table: Arc::default(),
            host,
            last_typed: Instant::now(),
            held_since: None,
            idle: false,
        }
    }

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
            .unwrap_or_else(PoisonError::into_inner)
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
            let size = self.window.get();
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
