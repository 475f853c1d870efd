//! What a key means, given what is on screen: the overlay's few keys here, and every
//! screen's from its rows in [`super::commands`], which the footers and the help read too.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::commands;
use super::intent::Intent;
use super::snapshot::{OverlayView, Snapshot};

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
    commands::of_screen(&snapshot.screen, snapshot.keymap)
        .0
        .intent(key.code)
}

/// An overlay closes at any key but its own (its title says so).
fn overlay_key(overlay: &OverlayView, code: KeyCode) -> Intent {
    match (overlay, code) {
        (OverlayView::Confirm(_), KeyCode::Char('y' | 'Y') | KeyCode::Enter) => Intent::Confirm,
        (OverlayView::Rules { .. }, KeyCode::Down | KeyCode::Char('j')) => Intent::ScrollRules(1),
        (OverlayView::Rules { .. }, KeyCode::Up | KeyCode::Char('k')) => Intent::ScrollRules(-1),
        (OverlayView::Rules { .. }, KeyCode::PageDown | KeyCode::Char(' ')) => {
            Intent::ScrollRules(10)
        }
        (OverlayView::Rules { .. }, KeyCode::PageUp) => Intent::ScrollRules(-10),
        (OverlayView::Stats { .. }, KeyCode::Left) => Intent::StatsPage(-1),
        (OverlayView::Stats { .. }, KeyCode::Right) => Intent::StatsPage(1),
        _ => Intent::Close,
    }
}
