//! The themes' contract: no pale text on a light background, every seat its own colour,
//! and the screenshots GUIDE.md shows drawn from the real screens.

use crate::support::screens;

use std::fmt::Write as _;

use crossterm::event::KeyCode;
use parlor::games::GameId;
use parlor::tui::theme::Theme;
use parlor::tui::{App, Options};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};
use screens::{deciding, play_until, press, screen, setup};

fn themed(theme: Theme) -> Options {
    Options {
        theme,
        ..screens::options(true)
    }
}

/// Colours too pale to read on a light background.
const PALE: [Color; 8] = [
    Color::White,
    Color::Gray,
    Color::LightYellow,
    Color::LightCyan,
    Color::LightGreen,
    Color::LightMagenta,
    Color::LightBlue,
    Color::Yellow,
];

/// Every screen a player meets, drawn in `theme`.
fn every_screen(theme: Theme) -> Vec<(String, Terminal<TestBackend>)> {
    let mut shots = Vec::new();
    let mut menu = App::new(themed(theme), None);
    shots.push(("menu".to_owned(), screen(&mut menu, 80, 24)));
    press(&mut menu, KeyCode::Char('4'));
    shots.push(("setup".to_owned(), screen(&mut menu, 80, 24)));
    for game in GameId::ALL {
        let mut app = App::new(themed(theme), Some(setup(game, Some(6), true, 3)));
        play_until(&mut app, 2000, deciding);
        shots.push((format!("{game}"), screen(&mut app, 120, 40)));
        for key in ['?', 's', 'r', 'q'] {
            press(&mut app, KeyCode::Char(key));
            shots.push((format!("{game} {key}"), screen(&mut app, 80, 24)));
            press(&mut app, KeyCode::Esc);
        }
    }
    shots
}

#[test]
fn the_light_theme_draws_no_pale_text() {
    for (what, terminal) in every_screen(Theme::light()) {
        let buffer = terminal.backend().buffer();
        for cell in buffer.content() {
            assert!(
                !PALE.contains(&cell.fg) && cell.bg == Color::Reset,
                "{what}: '{}' in {:?} on {:?}",
                cell.symbol(),
                cell.fg,
                cell.bg
            );
        }
    }
    for colour in Theme::light().colours() {
        assert!(!PALE.contains(&colour), "the light theme has {colour:?}");
    }
}

#[test]
fn high_contrast_is_the_terminals_own_colours_with_weight() {
    for (what, terminal) in every_screen(Theme::high_contrast()) {
        for cell in terminal.backend().buffer().content() {
            assert!(
                cell.fg == Color::Reset && cell.bg == Color::Reset,
                "{what}: '{}' in {:?}",
                cell.symbol(),
                cell.fg
            );
        }
    }
    // Whose turn it is shows in bold, where colour would go.
    let mut app = App::new(
        themed(Theme::high_contrast()),
        Some(setup(GameId::Lcr, None, true, 3)),
    );
    play_until(&mut app, 500, deciding);
    let terminal = screen(&mut app, 80, 24);
    assert!(
        terminal
            .backend()
            .buffer()
            .content()
            .iter()
            .any(|c| c.symbol() == "▶" && c.modifier.contains(Modifier::BOLD))
    );
}

#[test]
fn every_seat_has_its_own_colour() {
    for theme in [Theme::dark(), Theme::light()] {
        let colours: Vec<_> = (0..10).map(|seat| theme.seat(seat).fg).collect();
        for (seat, colour) in colours.iter().enumerate() {
            assert!(
                colour.is_some(),
                "{}: seat {seat} has no colour",
                theme.name
            );
            assert!(
                !colours[..seat].contains(colour),
                "{}: seat {seat} shares {colour:?}",
                theme.name
            );
        }
    }
}

/// The screen's colours, row by row, as runs of text in one colour: what a snapshot of a
/// coloured screen can compare.
fn colour_runs(terminal: &Terminal<TestBackend>) -> String {
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buffer.area.height {
        let mut runs: Vec<(Color, String)> = Vec::new();
        for x in 0..buffer.area.width {
            let cell = &buffer[(x, y)];
            match runs.last_mut() {
                Some((fg, text)) if *fg == cell.fg => text.push_str(cell.symbol()),
                _ => runs.push((cell.fg, cell.symbol().to_owned())),
            }
        }
        let coloured: Vec<String> = runs
            .into_iter()
            .filter(|(fg, text)| *fg != Color::Reset && !text.trim().is_empty())
            .map(|(fg, text)| format!("{fg}:{}", text.trim()))
            .collect();
        if !coloured.is_empty() {
            let _ = writeln!(out, "{y:>2} {}", coloured.join(" | "));
        }
    }
    out
}

#[test]
fn the_light_table_in_colour() {
    let mut app = App::new(
        themed(Theme::light()),
        Some(setup(GameId::Lcr, None, true, 4)),
    );
    play_until(&mut app, 500, deciding);
    press(&mut app, KeyCode::Char(' '));
    play_until(&mut app, 2000, deciding);
    insta::assert_snapshot!("light_lcr_colours", colour_runs(&screen(&mut app, 80, 24)));
}

/// A colour as the screenshot draws it: named colours as a common terminal palette shows
/// them (dark or light), indexed ones from the 256-colour palette.
fn hex(color: Color, light: bool) -> Option<String> {
    let rgb = |(r, g, b): (u8, u8, u8)| format!("#{r:02x}{g:02x}{b:02x}");
    let named =
        |dark: (u8, u8, u8), on_light: (u8, u8, u8)| Some(rgb(if light { on_light } else { dark }));
    match color {
        Color::Reset => None,
        Color::Red => named((0xcd, 0x31, 0x31), (0xc0, 0x1c, 0x28)),
        Color::LightRed => named((0xf1, 0x4c, 0x4c), (0xc0, 0x1c, 0x28)),
        Color::Green => named((0x0d, 0xbc, 0x79), (0x26, 0xa2, 0x69)),
        Color::LightGreen => named((0x23, 0xd1, 0x8b), (0x26, 0xa2, 0x69)),
        Color::Yellow => named((0xe5, 0xe5, 0x10), (0xa2, 0x73, 0x4c)),
        Color::LightYellow => named((0xf5, 0xf5, 0x43), (0xa2, 0x73, 0x4c)),
        Color::Blue => named((0x24, 0x72, 0xc8), (0x12, 0x48, 0x8b)),
        Color::LightBlue => named((0x3b, 0x8e, 0xea), (0x12, 0x48, 0x8b)),
        Color::Magenta => named((0xbc, 0x3f, 0xbc), (0xa3, 0x47, 0xba)),
        Color::LightMagenta => named((0xd6, 0x70, 0xd6), (0xa3, 0x47, 0xba)),
        Color::Cyan => named((0x11, 0xa8, 0xcd), (0x2a, 0xa1, 0xb3)),
        Color::LightCyan => named((0x29, 0xb8, 0xdb), (0x2a, 0xa1, 0xb3)),
        Color::DarkGray => named((0x76, 0x76, 0x76), (0x76, 0x76, 0x76)),
        Color::Indexed(i) => Some(rgb(xterm(i))),
        Color::Rgb(r, g, b) => Some(rgb((r, g, b))),
        _ => named((0xe5, 0xe5, 0xe5), (0x33, 0x33, 0x33)),
    }
}

/// The xterm 256-colour palette's colour `i` (the cube and the greys; the first 16 as
/// xterm's own).
fn xterm(i: u8) -> (u8, u8, u8) {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    match i {
        16..=231 => {
            let n = i - 16;
            (
                LEVELS[usize::from(n / 36)],
                LEVELS[usize::from(n / 6 % 6)],
                LEVELS[usize::from(n % 6)],
            )
        }
        232..=255 => {
            let grey = 8 + 10 * (i - 232);
            (grey, grey, grey)
        }
        _ => (0x80, 0x80, 0x80),
    }
}

/// The screen as an SVG picture: a monospace cell per character, in its colours.
fn svg(terminal: &Terminal<TestBackend>, light: bool) -> String {
    let buffer = terminal.backend().buffer();
    let (cw, ch) = (9.6, 20.0);
    let (background, foreground) = if light {
        ("#fdfdf8", "#1e1e1e")
    } else {
        ("#1e1e1e", "#e5e5e5")
    };
    let width = f64::from(buffer.area.width) * cw;
    let height = f64::from(buffer.area.height) * ch;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"16\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"{background}\"/>\n"
    );
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            let cell = &buffer[(x, y)];
            let symbol = cell.symbol();
            if symbol.trim().is_empty() {
                continue;
            }
            let reversed = cell.modifier.contains(Modifier::REVERSED);
            let fill = hex(cell.fg, light).unwrap_or_else(|| foreground.to_owned());
            let (px, py) = (f64::from(x) * cw, f64::from(y) * ch);
            let text_fill = if reversed {
                let _ = writeln!(
                    out,
                    "<rect x=\"{px}\" y=\"{py}\" width=\"{cw}\" height=\"{ch}\" fill=\"{fill}\"/>"
                );
                background.to_owned()
            } else {
                fill
            };
            let weight = if cell.modifier.contains(Modifier::BOLD) {
                " font-weight=\"bold\""
            } else {
                ""
            };
            let escaped = symbol
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;");
            let _ = writeln!(
                out,
                "<text x=\"{px}\" y=\"{}\" fill=\"{text_fill}\"{weight}>{escaped}</text>",
                py + ch * 0.75
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The screenshots GUIDE.md shows are the real screens: this fails when they are stale, and
/// `PARLOR_UPDATE_SCREENSHOTS=1 cargo test --test it themes` draws them again.
#[test]
fn the_guides_screenshots_are_current() {
    for (name, theme, light) in [
        ("dark", Theme::dark(), false),
        ("light", Theme::light(), true),
    ] {
        let mut app = App::new(
            themed(theme),
            Some(setup(GameId::ChaseTheAce, Some(6), true, 7)),
        );
        play_until(&mut app, 2000, deciding);
        let picture = svg(&screen(&mut app, 100, 30), light);
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/screenshots")
            .join(format!("{name}.svg"));
        if std::env::var_os("PARLOR_UPDATE_SCREENSHOTS").is_some() {
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
            std::fs::write(&path, &picture).expect("written");
        }
        let saved = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            saved == picture,
            "{} is stale: PARLOR_UPDATE_SCREENSHOTS=1 cargo test --test it themes",
            path.display()
        );
    }
}
