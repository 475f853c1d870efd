//! What a guest's parlor opens on ([`Start`]): who they are, where they sit, and how it is
//! shown to them ([`Mode`]), as their connection (SSH's or the page's) asks.

use std::net::SocketAddr;

use ratatui::layout::Size;

use crate::host::command::Opening;
use crate::shared_table::Person;
use crate::tui::Options;
use crate::words::Language;

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
    /// The language their parlor speaks (their thread's, and so every word drawn or said
    /// to them): from their locale, their browser, or as they asked.
    pub language: Language,
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
