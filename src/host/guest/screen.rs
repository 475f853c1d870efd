//! Where a guest's parlor writes: their SSH channel or their browser's socket ([`Out`]), a
//! frame at a time, and the one place the guest's thread crosses into tokio
//! ([`Screen::wait_for`]) to hand it over.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crossterm::cursor::Show;
use crossterm::event::DisableMouseCapture;
use crossterm::execute;
use crossterm::terminal::LeaveAlternateScreen;
use russh::ChannelWriteHalf;
use russh::server::Msg;

/// How long a frame may wait for the guest's ssh (or browser) to take it before the guest is
/// given up.
pub const WRITE_PATIENCE: Duration = Duration::from_secs(20);
/// Output gathered before it is sent, even mid-frame.
const SEND_AT: usize = 64 << 10;

/// From a guest's parlor to the task holding their browser's socket.
pub enum ToBrowser {
    /// Terminal bytes.
    Screen(Vec<u8>),
    /// A line said to a guest in lines; `urgent` when it must be heard at once (their turn).
    Line { text: String, urgent: bool },
    /// The question a guest in lines is asked now; empty when none stands any longer.
    Prompt(String),
    /// The parlor ended with `status`; `last_word` says why.
    Closing { status: u32, last_word: String },
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
    /// The screen of a guest whose parlor writes into `out`, through `runtime`; `gone` once
    /// the guest left.
    pub(super) fn new(out: Out, runtime: tokio::runtime::Handle, gone: Arc<AtomicBool>) -> Screen {
        Screen {
            out: Arc::new(out),
            runtime,
            buffer: Vec::new(),
            gone,
        }
    }

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
    pub(super) fn give_back(&mut self) {
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
