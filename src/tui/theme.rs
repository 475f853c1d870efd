//! Colours by what they mark, for each theme. Drawing asks for a role's style; no text is
//! coloured for one kind of background only, and with no colour at all every state still
//! reads from symbols and letters.

use std::fmt::Write as _;

use ratatui::style::{Color, Modifier, Style};

pub use crate::colors::Role;
use crate::colors::{Painted, SEAT_COLOURS, colour_text};
use crate::config::ThemeChoice;

const ROLES: usize = Role::ALL.len();

/// Whether the terminal's background is light, if it answers when asked (xterm's OSC 11,
/// which most terminals answer and the rest are recognised as not answering). Asked only
/// for the `auto` theme, before the full screen starts.
pub fn light_background() -> Option<bool> {
    terminal_colorsaurus::theme_mode(terminal_colorsaurus::QueryOptions::default())
        .ok()
        .map(|mode| mode == terminal_colorsaurus::ThemeMode::Light)
}

/// Colours for every role and every seat; `None` is the terminal's own foreground.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub name: &'static str,
    roles: [Option<Color>; ROLES],
    seats: [Option<Color>; SEAT_COLOURS],
    /// Marked moments are bold (high contrast puts weight where colour would go).
    bold: bool,
}

impl Theme {
    /// The theme for `choice`, with `light_background` answering `auto` (`None`: it could
    /// not be asked, and dark is assumed).
    pub fn chosen(choice: ThemeChoice, light_background: Option<bool>) -> Theme {
        match choice {
            ThemeChoice::Light => Theme::light(),
            ThemeChoice::HighContrast => Theme::high_contrast(),
            ThemeChoice::Auto if light_background == Some(true) => Theme::light(),
            ThemeChoice::Dark | ThemeChoice::Auto => Theme::dark(),
        }
    }

    /// The terminal's own palette: its named colours follow its dark theme.
    pub fn dark() -> Theme {
        use Color::{Blue, Cyan, DarkGray, Green, LightBlue, LightCyan, LightGreen, LightMagenta};
        use Color::{LightRed, Magenta, Red, Yellow};
        Theme {
            name: "dark",
            roles: [
                Some(Yellow),
                Some(Yellow),
                Some(Cyan),
                Some(Magenta),
                Some(Green),
                Some(Green),
                Some(Yellow),
                Some(DarkGray),
                Some(Red),
                Some(Green),
                Some(Cyan),
                Some(LightRed),
                Some(Yellow),
            ],
            seats: [
                Some(LightCyan),
                Some(LightMagenta),
                Some(LightGreen),
                Some(LightBlue),
                Some(LightRed),
                Some(Cyan),
                Some(Magenta),
                Some(Green),
                Some(Blue),
                Some(Yellow),
            ],
            bold: false,
        }
    }

    /// Deep colours from the 256-colour palette, none of them pale: for light backgrounds.
    pub fn light() -> Theme {
        let c = |index: u8| Some(Color::Indexed(index));
        Theme {
            name: "light",
            roles: [
                c(130),
                c(130),
                c(24),
                c(90),
                c(22),
                c(22),
                c(130),
                c(244),
                c(124),
                c(28),
                c(24),
                c(124),
                c(130),
            ],
            seats: [
                c(25),
                c(90),
                c(28),
                c(130),
                c(54),
                c(124),
                c(30),
                c(127),
                c(64),
                c(94),
            ],
            bold: false,
        }
    }

    /// No colour, the terminal's own foreground throughout, weight for what matters.
    pub fn high_contrast() -> Theme {
        Theme {
            name: "high-contrast",
            roles: [None; ROLES],
            seats: [None; SEAT_COLOURS],
            bold: true,
        }
    }

    /// No colour at all (`NO_COLOR`).
    pub fn plain() -> Theme {
        Theme {
            name: "no colour",
            roles: [None; ROLES],
            seats: [None; SEAT_COLOURS],
            bold: false,
        }
    }

    /// This theme with `colours` (config.toml's `[colors]`) in place of its own.
    #[must_use]
    pub fn painted<'a>(
        mut self,
        colours: impl IntoIterator<Item = (&'a Painted, &'a Color)>,
    ) -> Theme {
        for (painted, &colour) in colours {
            match *painted {
                Painted::Role(role) => self.roles[role as usize] = Some(colour),
                Painted::Seat(seat) => self.seats[seat] = Some(colour),
            }
        }
        self
    }

    /// The colour this theme gives `painted`; `None`: the terminal's own foreground.
    pub fn colour_of(&self, painted: Painted) -> Option<Color> {
        match painted {
            Painted::Role(role) => self.roles[role as usize],
            Painted::Seat(seat) => self.seats[seat],
        }
    }

    /// The `[colors]` table of a config file, commented out, each line this theme's own
    /// colour: the end of `parlor config --default`.
    pub fn commented_colours(&self) -> String {
        let mut text = String::from(
            "# Colours in place of the theme's, by what they mark: a name (\"yellow\",\n\
             # \"light-red\", \"reset\" for the terminal's own), a number of the 256-colour\n\
             # palette (214) or \"#rrggbb\". Each line here is the dark theme's own.\n[colors]\n",
        );
        let painted = Role::ALL
            .into_iter()
            .map(|role| (Painted::Role(role), role.marks()))
            .chain((0..SEAT_COLOURS).map(|seat| (Painted::Seat(seat), "")));
        for (painted, marks) in painted {
            let colour = self
                .colour_of(painted)
                .map_or_else(|| "\"reset\"".to_owned(), colour_text);
            let line = format!("# {painted} = {colour}");
            if marks.is_empty() {
                let _ = writeln!(text, "{line}");
            } else {
                let _ = writeln!(text, "{line:<28}# {marks}");
            }
        }
        text
    }

    fn with(color: Option<Color>) -> Style {
        color.map_or_else(Style::new, |c| Style::new().fg(c))
    }

    /// The style of a role.
    pub fn style(&self, role: Role) -> Style {
        let style = Theme::with(self.roles[role as usize]);
        let marked = matches!(
            role,
            Role::Banner | Role::Target | Role::ToAct | Role::Error | Role::Title
        );
        if self.bold && marked {
            style.add_modifier(Modifier::BOLD)
        } else {
            style
        }
    }

    /// A seat's own colour, for its box and its lines in the log.
    pub fn seat(&self, seat: usize) -> Style {
        Theme::with(self.seats[seat % self.seats.len()])
    }

    /// Every colour the theme may draw text in.
    pub fn colours(&self) -> impl Iterator<Item = Color> + '_ {
        self.roles.iter().chain(&self.seats).flatten().copied()
    }
}
