//! What a key means, given what is on screen: the overlay's few keys here, and every
//! screen's from its rows in [`super::commands`], which the footers and the help read too.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::commands;
use super::intent::Intent;
use super::snapshot::{Notice, OverlayView, Snapshot};

/// The intent of a key press; `None` for a key that means nothing here.
pub fn intent(snapshot: &Snapshot, key: KeyEvent) -> Option<Intent> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        match key.code {
            KeyCode::Char('c') => return Some(Intent::Quit),
            KeyCode::Char('z') => return Some(Intent::Suspend),
            _ => {}
        }
    }
    if let Some(overlay) = &snapshot.overlay {
        return Some(overlay_key(overlay, key.code));
    }
    if matches!(snapshot.notice, Some(Notice::Problem(_))) {
        return Some(Intent::Dismiss);
    }
    commands::of_screen(&snapshot.screen, snapshot.keymap)
        .0
        .intent(key.code)
}

/// The lines a key scrolls the rules or the help by; 0: it does not scroll.
fn scrolls(code: KeyCode) -> i16 {
    match code {
        KeyCode::Down | KeyCode::Char('j') => 1,
        KeyCode::Up | KeyCode::Char('k') => -1,
        KeyCode::PageDown | KeyCode::Char(' ') => 10,
        KeyCode::PageUp => -10,
        _ => 0,
    }
}

/// An overlay closes at any key but its own (its title says so).
fn overlay_key(overlay: &OverlayView, code: KeyCode) -> Intent {
    match (overlay, code) {
        (OverlayView::Confirm(_), KeyCode::Char('y' | 'Y') | KeyCode::Enter) => Intent::Confirm,
        (OverlayView::Rules { .. } | OverlayView::Help { .. }, code) if scrolls(code) != 0 => {
            Intent::Scroll(scrolls(code))
        }
        (OverlayView::Stats { .. }, KeyCode::Left) => Intent::StatsPage(-1),
        (OverlayView::Stats { .. }, KeyCode::Right) => Intent::StatsPage(1),
        _ => Intent::Close,
    }
}
