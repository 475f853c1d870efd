//! What a colour marks on screen, by the names config.toml's `[colors]` table gives them,
//! and a colour read from that table. The themes (`tui::theme`) colour these roles; the
//! config file may colour any of them, and each seat, its own way.

use std::fmt;
use std::str::FromStr;

use ratatui::style::Color;
use thiserror::Error;

/// What a colour marks on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// The parlor's and a game's name.
    Title,
    /// The pot, and what seats hold.
    Stake,
    Tracker,
    /// A key moment's banner.
    Banner,
    /// The buttons of the choices.
    Choice,
    /// The seat the highlighted choice points at.
    Target,
    /// Whose turn it is.
    ToAct,
    /// Someone out of the game, dice in the air.
    Faint,
    Error,
    /// The table top.
    Felt,
    /// Help under a setup row, a menu tagline.
    Note,
    /// Hearts and diamonds.
    RedSuit,
    /// Borders of panels over the table.
    Panel,
}

impl Role {
    /// Every role, in the order a theme lists their colours.
    pub const ALL: [Role; 13] = [
        Role::Title,
        Role::Stake,
        Role::Tracker,
        Role::Banner,
        Role::Choice,
        Role::Target,
        Role::ToAct,
        Role::Faint,
        Role::Error,
        Role::Felt,
        Role::Note,
        Role::RedSuit,
        Role::Panel,
    ];

    /// The role's name in config.toml's `[colors]`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Title => "title",
            Role::Stake => "stake",
            Role::Tracker => "tracker",
            Role::Banner => "banner",
            Role::Choice => "choice",
            Role::Target => "target",
            Role::ToAct => "to-act",
            Role::Faint => "faint",
            Role::Error => "error",
            Role::Felt => "felt",
            Role::Note => "note",
            Role::RedSuit => "red-suit",
            Role::Panel => "panel",
        }
    }

    /// What the role colours, in words (for `parlor config --default`).
    pub fn marks(self) -> &'static str {
        match self {
            Role::Title => "the parlor's and a game's name",
            Role::Stake => "the pot, and what seats hold",
            Role::Tracker => "the game's tracker (the finale's throws, the roll of a turn)",
            Role::Banner => "a key moment's banner",
            Role::Choice => "the buttons of the choices",
            Role::Target => "the seat the highlighted choice points at",
            Role::ToAct => "whose turn it is",
            Role::Faint => "someone out of the game, dice in the air",
            Role::Error => "problems",
            Role::Felt => "the table top",
            Role::Note => "help under a setup row, a menu tagline",
            Role::RedSuit => "hearts and diamonds",
            Role::Panel => "borders of panels over the table",
        }
    }
}

/// Seats with a colour of their own: the most a table has.
pub const SEAT_COLOURS: usize = crate::games::MAX_SEATS;

/// What one `[colors]` entry colours: a role, or a seat's own colour (`seat-1` is the
/// first seat, as the screens count them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Painted {
    Role(Role),
    /// A seat, from 0.
    Seat(usize),
}

/// A `[colors]` entry names nothing the parlor colours.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "{0}: not a colour role (they are {roles}, and seat-1 to seat-{SEAT_COLOURS})",
    roles = Role::ALL.map(Role::name).join(", ")
)]
pub struct UnknownRole(pub String);

impl FromStr for Painted {
    type Err = UnknownRole;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if let Some(role) = Role::ALL.into_iter().find(|r| r.name() == text) {
            return Ok(Painted::Role(role));
        }
        text.strip_prefix("seat-")
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|n| (1..=SEAT_COLOURS).contains(n))
            .map(|n| Painted::Seat(n - 1))
            .ok_or_else(|| UnknownRole(text.to_owned()))
    }
}

impl fmt::Display for Painted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Painted::Role(role) => f.write_str(role.name()),
            Painted::Seat(seat) => write!(f, "seat-{}", seat + 1),
        }
    }
}

/// A colour as config.toml writes it: a name (`"yellow"`, `"light-red"`, `"reset"` for the
/// terminal's own foreground), a number of the 256-colour palette (`214`), or `"#rrggbb"`.
/// `None`: none of these.
pub fn parse_colour(value: &toml::Value) -> Option<Color> {
    match value {
        toml::Value::Integer(index) => u8::try_from(*index).ok().map(Color::Indexed),
        // A number in quotes is not a colour name: the palette's numbers are written bare.
        toml::Value::String(text) if text.parse::<u8>().is_err() => text.parse().ok(),
        _ => None,
    }
}

/// A colour as config.toml would write it back.
pub fn colour_text(colour: Color) -> String {
    match colour {
        Color::Indexed(index) => index.to_string(),
        Color::Rgb(..) => format!("\"{}\"", colour.to_string().to_lowercase()),
        named => {
            // ratatui names them in CamelCase ("LightRed"); the file writes "light-red".
            let mut text = String::new();
            for (i, c) in named.to_string().chars().enumerate() {
                if c.is_uppercase() && i > 0 {
                    text.push('-');
                }
                text.push(c.to_ascii_lowercase());
            }
            format!("\"{text}\"")
        }
    }
}
