//! One guest's parlor: the full-screen app on a thread of its own (its loop blocks), drawn
//! by ratatui into the guest's SSH channel or browser socket ([`Out`]) and fed the keys
//! their terminal sends (`full_screen`), or the same lobby and tables said in lines
//! (`lines`). Everything but where the bytes go is the same for both. The parts below the
//! two: where the parlor writes (`screen`), the terminal it reads (`tty`), the lobby
//! (`lobby`), and what it opens on (`opening`).
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

mod full_screen;
mod lines;
mod lobby;
mod opening;
mod screen;
mod tty;

use std::io;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::SyncSender;

use ratatui::layout::Size;

pub use opening::{Mode, Start};
pub use screen::{Out, ToBrowser, WRITE_PATIENCE};

use super::house::{House, ToGuest, Visitor};
use full_screen::GuestBackend;
use lobby::GuestLobby;
use screen::Screen;
use tty::{GuestTty, Window};

/// The largest window drawn: a bigger one is drawn at this size in its top-left corner, so
/// no window size a guest claims costs more than this to draw.
pub const MAX_SIZE: Size = Size::new(300, 100);
/// Input not yet taken by a guest's parlor, in packets: more is dropped.
const QUEUED_INPUT: usize = 64;

/// A window size as the guest's ssh gave it, made one the parlor will draw: at least a
/// cell, at most [`MAX_SIZE`].
pub fn clamped(columns: u32, rows: u32) -> Size {
    let fit = |n: u32, most: u16| u16::try_from(n).unwrap_or(most).clamp(1, most);
    Size::new(fit(columns, MAX_SIZE.width), fit(rows, MAX_SIZE.height))
}

/// The connection's side of a guest's parlor.
pub struct GuestLink {
    to_guest: SyncSender<ToGuest>,
    window: Window,
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
        self.window.set(size);
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

/// Open a parlor for a guest on a thread of its own, drawing into `out`.
pub fn start(
    host: &Arc<House>,
    start: Start,
    out: Out,
    runtime: tokio::runtime::Handle,
) -> io::Result<GuestLink> {
    let (to_guest, from_connection) = std::sync::mpsc::sync_channel(QUEUED_INPUT);
    let window = Window::new(start.size);
    let gone = Arc::new(AtomicBool::new(false));
    let screen = Screen::new(out, runtime, Arc::clone(&gone));
    let sent_away = Arc::new(AtomicBool::new(false));
    let id = host.welcome(Visitor {
        name: start.person.name.clone(),
        key: start.person.key.clone(),
        from: start.from,
        wake: to_guest.clone(),
        sent_away: Arc::clone(&sent_away),
    });
    let tty = GuestTty::new(
        from_connection,
        screen.another(),
        window.clone(),
        Arc::clone(&gone),
        sent_away,
        Arc::clone(host),
    );
    let backend = GuestBackend::new(screen, window.clone());
    let mut last_word = tty.screen.another();
    let news = to_guest.clone();
    let house = Arc::clone(host);
    let visitor_name = start.person.name.clone();
    let spawned = std::thread::Builder::new()
        .name(format!("guest {}", start.person.name))
        .spawn(move || {
            // Every word of this guest's parlor in their language, from its first frame.
            crate::words::speak(start.language);
            let data_dir = house.guest_dir(&start.person.name);
            // A bug in the parlor ends this guest's parlor, not the host (the panic is
            // on the host's stderr), and the guest is not left hanging.
            let ran = std::panic::catch_unwind(AssertUnwindSafe(|| match start.mode {
                Mode::FullScreen => full_screen::run(start, data_dir, backend, tty, news),
                Mode::Lines { echo } => {
                    let lobby = GuestLobby {
                        host: Arc::clone(&house),
                        person: start.person,
                        news,
                        only: start.only,
                    };
                    lines::run(&lobby, start.opening, tty, echo);
                }
            }));
            if ran.is_err() {
                last_word.give_back();
                let said = crate::said!(went_wrong);
                last_word.end(&format!("parlor: {said}"), 1);
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
        window,
        gone,
    })
}
