//! The full-screen parlor: menu, setup, tables, log and overlays, on ratatui + crossterm.
//!
//! The loop draws only when something changed and blocks on input whenever no bot move or
//! animation is due, so an idle table costs nothing.

pub mod app;
mod columns;
pub mod commands;
mod form;
pub mod intent;
mod keys;
pub mod layout;
pub mod lobby;
mod mouse;
pub mod odds_panel;
mod placement;
mod render;
pub mod review_screen;
pub mod settings_form;
pub mod setup_form;
pub mod sitting;
pub mod snapshot;
pub mod theme;

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crossterm::cursor::{MoveTo, RestorePosition, SavePosition};
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event, KeyEvent};
use crossterm::execute;
use crossterm::style::Print;
use crossterm::terminal::{Clear, ClearType};
use ratatui::Terminal;
use ratatui::backend::Backend;

pub use app::{App, Options};
use intent::Intent;
use snapshot::Snapshot;

use crate::signals;

/// The loop's way to the terminal, or to a test's script: where it gets input (`None`
/// from `next` means the timeout passed with no input), hears a signal to stop or
/// suspend, and asks for what only the terminal does: suspending, the bell, the mouse
/// taken or left, the clipboard.
pub trait Tty {
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Event>>;

    /// The parlor was asked to stop from outside (a signal): leave as `q` would.
    fn stop_requested(&self) -> bool {
        false
    }

    /// The parlor was asked to suspend from outside (SIGTSTP), since the last look.
    fn suspend_requested(&mut self) -> bool {
        false
    }

    /// Suspend as full-screen programs do: the terminal given back, the process stopped
    /// until continued (`fg`), then the terminal taken again and drawn whole.
    fn suspend(&mut self) {}

    /// Ring the terminal's bell (it is your turn).
    fn ring(&mut self) {}

    /// Take the mouse for clicks, or leave it to the terminal (to select text).
    fn capture_mouse(&mut self, _on: bool) {}

    /// Put `text` on the clipboard of the player's terminal.
    fn copy(&mut self, _text: &str) {}
}

/// The real terminal.
pub struct LocalTty;

/// The shortest wait the terminal is polled with.
const MIN_POLL: Duration = Duration::from_millis(1);

impl Tty for LocalTty {
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Event>> {
        match timeout {
            // Idle: block until the player does something.
            None => event::read().map(Some),
            // crossterm's terminal source does not look at the terminal at all when asked
            // with no time to wait: a loop that kept asking so would never hear a key.
            Some(t) if event::poll(t.max(MIN_POLL))? => event::read().map(Some),
            Some(_) => Ok(None),
        }
    }

    fn stop_requested(&self) -> bool {
        signals::requested().is_some()
    }

    fn suspend_requested(&mut self) -> bool {
        signals::take_suspend()
    }

    fn suspend(&mut self) {
        give_back();
        signals::stop_until_continued();
        // Continued: the terminal as the full screen had it, and every cell drawn again.
        let _ = crossterm::terminal::enable_raw_mode();
        let _ = execute!(io::stdout(), crossterm::terminal::EnterAlternateScreen);
        if MOUSE.load(Ordering::SeqCst) {
            let _ = execute!(io::stdout(), EnableMouseCapture);
        }
        TOLD_ON_SCREEN.store(true, Ordering::SeqCst);
    }

    fn ring(&mut self) {
        let _ = execute!(io::stdout(), Print('\x07'));
    }

    /// By OSC 52, which terminals that allow it answer by setting their clipboard, over SSH
    /// too; others ignore it.
    fn copy(&mut self, text: &str) {
        let _ = execute!(
            io::stdout(),
            crossterm::clipboard::CopyToClipboard::to_clipboard_from(text)
        );
    }

    fn capture_mouse(&mut self, on: bool) {
        MOUSE.store(on, Ordering::SeqCst);
        let _ = if on {
            execute!(io::stdout(), EnableMouseCapture)
        } else {
            execute!(io::stdout(), DisableMouseCapture)
        };
    }
}

/// The mouse is captured: taken again after a suspension.
static MOUSE: AtomicBool = AtomicBool::new(false);
/// The terminal is in full-screen mode: a message that cannot wait for the next frame is
/// written on its top line instead of stderr.
static FULL_SCREEN: AtomicBool = AtomicBool::new(false);
/// Such a message is on screen, outside what ratatui knows it drew: the next frame must be
/// drawn whole.
static TOLD_ON_SCREEN: AtomicBool = AtomicBool::new(false);

/// Tell the player something while the loop is held up (another parlor holding the stats
/// lock): on the screen's top line in full screen, else on stderr.
pub fn tell(message: &str) {
    if FULL_SCREEN.load(Ordering::SeqCst) {
        let _ = execute!(
            io::stdout(),
            SavePosition,
            MoveTo(0, 0),
            Clear(ClearType::CurrentLine),
            Print(format!(" ! {message}")),
            RestorePosition
        );
        TOLD_ON_SCREEN.store(true, Ordering::SeqCst);
    } else {
        let _ = writeln!(io::stderr(), "parlor: {message}");
    }
}

/// How long the loop waits for more of a burst of input before drawing: long enough for
/// input already on its way, too short for anyone to see.
const DRAIN_WAIT: Duration = Duration::from_millis(1);

/// Run the app on `terminal` until it quits. Generic over the backend so tests drive the
/// real loop on a `TestBackend`.
pub fn run_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    tty: &mut impl Tty,
) -> io::Result<()>
where
    B::Error: Send + Sync + 'static,
{
    let mut dirty = true;
    let mut mouse = app.options.mouse;
    while !app.quit {
        if app.options.mouse != mouse {
            mouse = app.options.mouse;
            tty.capture_mouse(mouse);
        }
        if TOLD_ON_SCREEN.swap(false, Ordering::SeqCst) {
            terminal.clear().map_err(io::Error::other)?;
            dirty = true;
        }
        if std::mem::take(&mut app.bell) {
            tty.ring();
        }
        if std::mem::take(&mut app.suspend) || tty.suspend_requested() {
            tty.suspend();
            continue;
        }
        if let Some(text) = app.to_copy.take() {
            tty.copy(&text);
        }
        if dirty {
            let frame = terminal
                .draw(|frame| frame.render_widget(&app.snapshot(), frame.area()))
                .map_err(io::Error::other)?;
            app.area = frame.area;
            dirty = false;
        }
        let now = Instant::now();
        if let Some(event) = tty.next(app.timeout(now))? {
            dirty |= handle(app, &event, Instant::now());
            // A burst of input (a paste, a held key, the mouse moving) is taken in whole
            // before the next frame, so a Ctrl-C at its end is answered at once.
            while !app.quit {
                let Some(event) = tty.next(Some(DRAIN_WAIT))? else {
                    break;
                };
                dirty |= handle(app, &event, Instant::now());
            }
        } else {
            dirty |= app.tick(Instant::now());
        }
        if tty.stop_requested() {
            app.quit = true;
        }
    }
    Ok(())
}

/// Turn a terminal event into what it means, and carry it out. Returns whether the screen
/// must be drawn again.
pub fn handle(app: &mut App, event: &Event, now: Instant) -> bool {
    if let Event::Resize(..) = event {
        return true;
    }
    let Some(intent) = intent_of(app, event) else {
        return false;
    };
    app.apply(intent, now);
    true
}

/// What a terminal event means on the screen as it stands, if anything.
pub fn intent_of(app: &App, event: &Event) -> Option<Intent> {
    match event {
        Event::Key(key) => key_intent(&app.snapshot(), *key),
        Event::Mouse(mouse) => mouse::intent(&app.snapshot(), app.area, *mouse),
        _ => None,
    }
}

/// What a key means on the screen `snapshot` shows, if anything: [`intent_of`] for one
/// snapshot asked of many keys (the tests' walk of every key on every screen).
pub fn key_intent(snapshot: &Snapshot, key: KeyEvent) -> Option<Intent> {
    keys::intent(snapshot, key)
}

/// Open the parlor (or a replay) in this terminal. Returns the app as the player left it:
/// the caller repeats the notices shown (stats problems) on stderr.
pub fn run(mut app: App) -> io::Result<App> {
    let result = in_terminal(app.options.mouse, |terminal| {
        let result = run_loop(terminal, &mut app, &mut LocalTty);
        // Leaving midway abandons the game, and it still counts: after `q`, a signal, or
        // the terminal failing under us. Recorded before the terminal is given back, which
        // fails when the terminal is gone.
        app.leave_parlor();
        result
    });
    result.map(|()| app)
}

/// Run `f` on the full-screen terminal. The terminal is restored afterwards, on panic
/// (ratatui's hook), on Ctrl-C (read as a key in raw mode) and on SIGTERM, SIGHUP, SIGINT or
/// SIGQUIT.
fn in_terminal(
    mouse: bool,
    f: impl FnOnce(&mut ratatui::DefaultTerminal) -> io::Result<()>,
) -> io::Result<()> {
    signals::catch(wake_the_loop, give_back)?;
    signals::catch_suspend(raise_winch)?;
    let mut terminal = ratatui::try_init()?;
    // ratatui's panic hook leaves raw mode and the alternate screen; mouse capture is ours
    // to give back, before it runs.
    let ratatui_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        ratatui_hook(info);
    }));
    if mouse {
        execute!(io::stdout(), EnableMouseCapture)?;
    }
    MOUSE.store(mouse, Ordering::SeqCst);
    FULL_SCREEN.store(true, Ordering::SeqCst);
    let result = f(&mut terminal);
    FULL_SCREEN.store(false, Ordering::SeqCst);
    give_back();
    result
}

/// Give the terminal back: mouse capture, raw mode, the alternate screen, the cursor. With
/// the terminal gone there is nothing to give back, and nowhere to say so.
fn give_back() {
    let _ = execute!(io::stdout(), DisableMouseCapture);
    let _ = ratatui::try_restore();
}

/// Wake the loop, blocked on input: crossterm reads SIGWINCH as a resize.
fn raise_winch() {
    // Only Unix has signals to catch, and so a loop to wake (see `signals`).
    #[cfg(unix)]
    let _ = signal_hook::low_level::raise(signal_hook::consts::SIGWINCH);
}

/// How long the loop has to wind down after a signal before the terminal is taken back
/// from under it.
const STOP_GRACE: Duration = Duration::from_secs(2);

/// The loop may be blocked on input. crossterm always listens for SIGWINCH (it reads as a
/// resize), so raising one wakes the loop at once: it sees the stop, leaves the table as
/// `q` would (an unfinished game counts as abandoned) and gives the terminal back. Should
/// it not manage (stuck, or its terminal gone), the terminal is given back and the parlor
/// leaves anyway.
fn wake_the_loop() {
    raise_winch();
    std::thread::spawn(|| {
        std::thread::sleep(STOP_GRACE);
        give_back();
        std::process::exit(128 + signals::requested().unwrap_or(0));
    });
}
