//! What to draw this frame, built from the app: the screen, its texts and choices, the
//! table as shown at this beat. Rendering and the mouse read only this, so drawing can
//! never change state and a click lands on what was drawn.

use std::borrow::Cow;

use super::intent::Confirm;
use super::odds_panel::Solved;
use super::review_screen::Picked;
use super::sitting::Offers;
use super::theme::Theme;
use crate::games::present::{Label, SeatInfo};
use crate::games::{Action, GameId, Goal};
use crate::keymap::Keymap;
use crate::review::Review;
use crate::shared_table::Listing;
use crate::stage::{LogLine, Scene};
use crate::stats::Stats;

pub struct Snapshot<'a> {
    pub screen: ScreenView<'a>,
    pub overlay: Option<OverlayView<'a>>,
    /// A notice for the player: a problem (with the stats, say), or something done.
    pub notice: Option<&'a Notice>,
    pub theme: Theme,
    /// Only ASCII on screen, for terminals and fonts without the symbols.
    pub ascii: bool,
    /// The keys moved from their defaults, which every screen's keys, footer and help read.
    pub keymap: &'a Keymap,
}

/// A line for the player, over the top of the screen until their next key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Something went wrong (the stats could not be saved, a table refused you).
    Problem(String),
    /// Something asked for was done (the settings saved).
    Done(String),
}

impl Notice {
    pub fn text(&self) -> &str {
        match self {
            Notice::Problem(text) | Notice::Done(text) => text,
        }
    }
}

pub enum ScreenView<'a> {
    Menu { selected: usize },
    Lobby(LobbyView<'a>),
    Form(FormView<'a>),
    Table(Box<TableView<'a>>),
    Review(ReviewView<'a>),
}

/// The server's tables, and what is picked.
pub struct LobbyView<'a> {
    pub tables: &'a [Listing],
    pub selected: usize,
    /// Choosing the game of a new table: the game picked.
    pub choosing: Option<usize>,
}

/// The review of a game, and what is picked in it.
pub struct ReviewView<'a> {
    /// `None` while it is worked out (`working`) or when working it out failed.
    pub review: Option<&'a Review>,
    pub working: bool,
    /// The list's entries: decisions with a choice, or swings (see
    /// [`ReviewScreen::listed`](super::review_screen::ReviewScreen::listed)).
    pub listed: Vec<usize>,
    pub entry: usize,
    pub point: usize,
    pub picked: Picked,
}

pub enum OverlayView<'a> {
    /// The keys of the screen under it, and what they do, scrolled by lines.
    Help {
        text: String,
        scroll: u16,
    },
    /// Your stats: the overview on page 0, a game's own page after it.
    Stats {
        stats: &'a Stats,
        page: usize,
    },
    Rules {
        game: GameId,
        scroll: u16,
    },
    Confirm(Confirm),
}

/// A form of settings: a game's setup, or the parlor's settings.
pub struct FormView<'a> {
    pub title: String,
    /// The game whose rules `r` shows, on a game's setup.
    pub game: Option<GameId>,
    pub rows: Vec<FormLine>,
    pub selected: usize,
    /// What the highlighted row does, in a line or two.
    pub note: Option<String>,
    pub error: Option<&'a str>,
}

pub struct FormLine {
    pub label: String,
    pub value: FormValue,
    /// What typing on the row enters, if anything.
    pub typed: Option<Typed>,
}

/// Text a row takes from the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Digits (a seed): letters keep their meaning as keys.
    Digits,
    /// A name: every printable key types.
    Name,
}

pub enum FormValue {
    /// `◀ 4 ▶`
    Stepper(String),
    Check {
        on: bool,
        text: String,
    },
    /// Each seat: a person or a bot; the seat under the cursor, when the row is chosen.
    Seats {
        humans: Vec<bool>,
        cursor: Option<usize>,
    },
    Text(String),
    Button(String),
}

/// What the keys mean at the table right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableMode {
    /// A person must take the keyboard before the table shows their card.
    Handover,
    /// A person at a shared keyboard looks at the card their move gave them.
    Peek,
    /// The show waits for a key after a round's end.
    Held,
    /// Beats are still being shown.
    Showing,
    /// A person chooses.
    Deciding,
    /// The bots are about to move.
    Waiting,
    Over,
    Replay,
}

pub struct TableView<'a> {
    pub game: GameId,
    pub mode: TableMode,
    pub header: Vec<HeaderPart>,
    /// Every seat, by seat number.
    pub seats: Vec<SeatView>,
    /// The seat drawn nearest the player, at the bottom.
    pub bottom: u8,
    pub scene: Scene,
    pub frame: u64,
    pub log: &'a [LogLine],
    pub log_scroll: usize,
    /// What the log says before anything has happened: what the game is about, and the
    /// keys in force for the rules and the help.
    pub opening_hint: String,
    pub odds: Option<OddsView<'a>>,
    pub bar: Bar,
    pub footer: Vec<(Cow<'static, str>, String)>,
    /// What the table's keys depend on: the mode, the game, what the sitting offers.
    pub keys: TableKeys,
    /// The game-over panel's lines, once the last beat is shown.
    pub game_over: Option<Vec<String>>,
    /// The name of whoever must take the keyboard.
    pub handover: Option<String>,
}

/// What the table's keys depend on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableKeys {
    pub mode: TableMode,
    pub game: GameId,
    pub offers: Offers,
    /// The choices in front of the deciding person.
    pub choices: Vec<Action>,
}

/// A piece of the header: the more it matters, the later it is shortened or dropped.
pub struct HeaderPart {
    pub text: Label,
    pub priority: u8,
    pub bold: bool,
}

pub struct SeatView {
    pub seat: u8,
    pub name: String,
    /// Sentences about this seat speak to it: "You roll".
    pub spoken_to: bool,
    pub human: bool,
    pub info: SeatInfo,
    /// The highlighted choice points at this seat.
    pub target: bool,
}

pub enum Bar {
    Choices { items: Vec<Choice>, selected: usize },
    Status(String),
}

pub struct Choice {
    pub action: Action,
    pub label: String,
}

pub struct OddsView<'a> {
    /// The figures for the position shown; `None` while they are worked out.
    pub solved: Option<&'a Solved>,
    /// The key that hides the panel, as the footer shows it.
    pub hide_key: String,
    pub names: Vec<String>,
    /// What the chances are of winning: the game, or the match it is played in.
    pub goal: Goal,
}
