//! What a key means, given what is on screen: one key scheme for every screen.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::intent::{
    Confirm, FormIntent, Intent, LobbyIntent, MenuIntent, Panel, ReplayIntent, ReviewIntent,
    TableIntent,
};
use super::snapshot::{
    Bar, FormView, LobbyView, OverlayView, ScreenView, Snapshot, TableMode, TableView, Typed,
};
use crate::games::GameId;
use crate::shortcuts::shortcut;

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
    match &snapshot.screen {
        ScreenView::Menu { selected } => menu_key(*selected, key.code),
        ScreenView::Lobby(lobby) => lobby_key(lobby, key.code),
        ScreenView::Form(form) => form_key(form, key.code),
        ScreenView::Table(table) => table_key(table, key.code),
        ScreenView::Review(_) => review_key(key.code),
    }
}

fn review_key(code: KeyCode) -> Option<Intent> {
    let review = |intent| Some(Intent::Review(intent));
    match code {
        KeyCode::Left | KeyCode::Char('h') => review(ReviewIntent::Point(-1)),
        KeyCode::Right | KeyCode::Char('l') => review(ReviewIntent::Point(1)),
        KeyCode::Up | KeyCode::Char('k') => review(ReviewIntent::Entry(-1)),
        KeyCode::Down | KeyCode::Char('j') => review(ReviewIntent::Entry(1)),
        KeyCode::Enter => review(ReviewIntent::Replay),
        KeyCode::Esc | KeyCode::Char('v' | 'b') => review(ReviewIntent::Back),
        KeyCode::Char('q') => Some(Intent::Quit),
        KeyCode::Char('?') => Some(Intent::Show(Panel::Help)),
        KeyCode::Char('s') => Some(Intent::Show(Panel::Stats)),
        _ => None,
    }
}

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

fn menu_key(selected: usize, code: KeyCode) -> Option<Intent> {
    // The games, then the settings.
    let game = GameId::ALL.get(selected).copied();
    Some(match code {
        KeyCode::Up | KeyCode::Char('k') => Intent::Menu(MenuIntent::Move(-1)),
        KeyCode::Down | KeyCode::Char('j') => Intent::Menu(MenuIntent::Move(1)),
        KeyCode::Enter | KeyCode::Char(' ') => Intent::Menu(MenuIntent::of_row(selected)),
        KeyCode::Char('c') => Intent::Menu(MenuIntent::Settings),
        KeyCode::Char('d') => Intent::Menu(MenuIntent::Daily),
        KeyCode::Char(c @ '1'..='5') => {
            Intent::Menu(MenuIntent::Open(GameId::ALL[usize::from(c as u8 - b'1')]))
        }
        KeyCode::Char('q') | KeyCode::Esc => Intent::Quit,
        KeyCode::Char('?') => Intent::Show(Panel::Help),
        KeyCode::Char('s') => Intent::Show(Panel::Stats),
        KeyCode::Char('r') => Intent::Show(Panel::Rules(game?)),
        _ => return None,
    })
}

fn lobby_key(lobby: &LobbyView, code: KeyCode) -> Option<Intent> {
    let lobby_intent = |intent| Some(Intent::Lobby(intent));
    match code {
        KeyCode::Up | KeyCode::Char('k') => lobby_intent(LobbyIntent::Move(-1)),
        KeyCode::Down | KeyCode::Char('j') => lobby_intent(LobbyIntent::Move(1)),
        KeyCode::Enter => lobby_intent(LobbyIntent::Enter),
        KeyCode::Esc if lobby.choosing.is_some() => lobby_intent(LobbyIntent::Back),
        KeyCode::Char('n') => lobby_intent(LobbyIntent::New),
        KeyCode::Char('m') => lobby_intent(LobbyIntent::Menu),
        KeyCode::Char('s') => Some(Intent::Show(Panel::Stats)),
        KeyCode::Char('?') => Some(Intent::Show(Panel::Help)),
        KeyCode::Char('q') => Some(Intent::Quit),
        KeyCode::Esc => Some(Intent::Ask(Confirm::LeaveLobby)),
        _ => None,
    }
}

fn form_key(form: &FormView, code: KeyCode) -> Option<Intent> {
    let typed = form.rows.get(form.selected).and_then(|line| line.typed);
    let edit = |intent| Some(Intent::Form(intent));
    match code {
        KeyCode::Esc => edit(FormIntent::Back),
        KeyCode::Up | KeyCode::BackTab => edit(FormIntent::Row(-1)),
        KeyCode::Down | KeyCode::Tab => edit(FormIntent::Row(1)),
        KeyCode::Left => edit(FormIntent::Adjust(-1)),
        KeyCode::Right => edit(FormIntent::Adjust(1)),
        KeyCode::Enter => edit(FormIntent::Start),
        KeyCode::Backspace if typed.is_some() => edit(FormIntent::Erase),
        KeyCode::Delete if typed.is_some() => edit(FormIntent::ClearText),
        // On a name, every printable key types (but `?`, which a name does without).
        KeyCode::Char('?') => Some(Intent::Show(Panel::Help)),
        KeyCode::Char(c) if typed == Some(Typed::Name) => edit(FormIntent::Type(c)),
        KeyCode::Char(c) if typed == Some(Typed::Digits) && c.is_ascii_digit() => {
            edit(FormIntent::Type(c))
        }
        KeyCode::Char(' ') => edit(FormIntent::Toggle),
        KeyCode::Char('r') => form.game.map(|game| Intent::Show(Panel::Rules(game))),
        KeyCode::Char('s') => Some(Intent::Show(Panel::Stats)),
        KeyCode::Char('q') => Some(Intent::Quit),
        _ => None,
    }
}

fn table_key(table: &TableView, code: KeyCode) -> Option<Intent> {
    let act = |intent| Some(Intent::Table(intent));
    if table.mode == TableMode::Replay {
        return replay_key(table, code);
    }
    if let Some(intent) = command_key(table, code) {
        return Some(intent);
    }
    match table.mode {
        TableMode::Handover => match code {
            KeyCode::Enter | KeyCode::Char(' ') => act(TableIntent::TakeSeat),
            _ => None,
        },
        TableMode::Peek => match code {
            KeyCode::Enter | KeyCode::Char(' ') => act(TableIntent::HideCard),
            _ => None,
        },
        TableMode::Held => act(TableIntent::GoOn),
        TableMode::Showing => act(TableIntent::Skip),
        TableMode::Over => match code {
            KeyCode::Char('n') => act(TableIntent::Deal { fresh: true }),
            KeyCode::Char('g') => act(TableIntent::Deal { fresh: false }),
            KeyCode::Char('m') | KeyCode::Esc => act(TableIntent::ToMenu),
            KeyCode::Char('v') => Some(Intent::Review(ReviewIntent::Open)),
            _ => None,
        },
        TableMode::Waiting => match code {
            KeyCode::Char(' ') | KeyCode::Enter => act(TableIntent::Skip),
            KeyCode::Char('.') => act(TableIntent::StepOne),
            _ => None,
        },
        TableMode::Deciding => {
            let Bar::Choices { items, .. } = &table.bar else {
                return None;
            };
            let offered: Vec<_> = items.iter().map(|c| c.action).collect();
            match code {
                KeyCode::Char(' ') | KeyCode::Enter => act(TableIntent::ActChosen),
                KeyCode::Left | KeyCode::Up => act(TableIntent::Choose(-1)),
                KeyCode::Right | KeyCode::Down | KeyCode::Tab => act(TableIntent::Choose(1)),
                KeyCode::Char(c) => {
                    shortcut(c, &offered).map(|a| Intent::Table(TableIntent::Act(a)))
                }
                _ => None,
            }
        }
        TableMode::Replay => None,
    }
}

/// Keys that mean the same at any moment of a game.
fn command_key(table: &TableView, code: KeyCode) -> Option<Intent> {
    let game = table.game;
    let over = table.mode == TableMode::Over;
    Some(match code {
        KeyCode::Char('q') => Intent::Ask(Confirm::Quit),
        KeyCode::Esc if !over => Intent::Ask(Confirm::Leave),
        KeyCode::Char('n') if !over => Intent::Ask(Confirm::NewGame),
        KeyCode::Char('?') => Intent::Show(Panel::Help),
        KeyCode::Char('r') => Intent::Show(Panel::Rules(game)),
        KeyCode::Char('s') => Intent::Show(Panel::Stats),
        KeyCode::Char('o') => Intent::Table(TableIntent::ToggleOdds),
        KeyCode::Char('a') if !over && table.offers.auto => Intent::Table(TableIntent::ToggleAuto),
        KeyCode::Char('p') if !over => Intent::Table(TableIntent::TogglePause),
        KeyCode::Char('+' | '=') => Intent::Table(TableIntent::Speed(-1)),
        KeyCode::Char('-' | '_') => Intent::Table(TableIntent::Speed(1)),
        KeyCode::PageUp => Intent::Table(TableIntent::ScrollLog(5)),
        KeyCode::PageDown => Intent::Table(TableIntent::ScrollLog(-5)),
        _ => return None,
    })
}

fn replay_key(table: &TableView, code: KeyCode) -> Option<Intent> {
    let replay = |intent| Some(Intent::Replay(intent));
    match code {
        KeyCode::Right | KeyCode::Char('l' | '.') => replay(ReplayIntent::Step(1)),
        KeyCode::Left | KeyCode::Char('h' | ',') => replay(ReplayIntent::Step(-1)),
        KeyCode::Home | KeyCode::Char('0') => replay(ReplayIntent::Start),
        KeyCode::End | KeyCode::Char('$') => replay(ReplayIntent::End),
        KeyCode::Char(' ' | 'p') => replay(ReplayIntent::TogglePlay),
        KeyCode::Char('v') => Some(Intent::Review(ReviewIntent::Open)),
        KeyCode::Char('q') | KeyCode::Esc => Some(Intent::Quit),
        KeyCode::Char('?') => Some(Intent::Show(Panel::Help)),
        KeyCode::Char('r') => Some(Intent::Show(Panel::Rules(table.game))),
        KeyCode::Char('s') => Some(Intent::Show(Panel::Stats)),
        KeyCode::Char('o') => Some(Intent::Table(TableIntent::ToggleOdds)),
        KeyCode::Char('+' | '=') => Some(Intent::Table(TableIntent::Speed(-1))),
        KeyCode::Char('-' | '_') => Some(Intent::Table(TableIntent::Speed(1))),
        KeyCode::PageUp => Some(Intent::Table(TableIntent::ScrollLog(5))),
        KeyCode::PageDown => Some(Intent::Table(TableIntent::ScrollLog(-5))),
        _ => None,
    }
}
