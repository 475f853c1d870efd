//! The snapshot of the app drawn each frame: each screen's view built from its state.

mod settings;
mod setup;
mod table;

use super::{App, Overlay, Screen};
use crate::tui::commands;
use crate::tui::review_screen::ReviewScreen;
use crate::tui::snapshot::{LobbyView, OverlayView, ReviewView, ScreenView, Snapshot};

impl App {
    pub fn snapshot(&self) -> Snapshot<'_> {
        let screen = match (&self.screen, &self.sitting) {
            (Screen::Menu { selected }, _) => ScreenView::Menu {
                selected: *selected,
            },
            (Screen::Lobby(lobby), _) => ScreenView::Lobby(LobbyView {
                tables: &lobby.tables,
                selected: lobby.selected,
                choosing: lobby.choosing,
            }),
            (Screen::Setup(form), _) => ScreenView::Form(setup::view(form)),
            (Screen::Settings(form), _) => ScreenView::Form(settings::view(form)),
            (Screen::Table, Some(sitting)) => ScreenView::Table(Box::new(table::view(
                sitting,
                self.frame,
                &self.options.keymap,
            ))),
            (Screen::Table, None) => ScreenView::Menu { selected: 0 },
            (Screen::Review(screen), _) => ScreenView::Review(ReviewView {
                review: screen.review.as_ref(),
                working: screen.working(),
                listed: screen
                    .review
                    .as_ref()
                    .map(ReviewScreen::listed)
                    .unwrap_or_default(),
                entry: screen.entry,
                point: screen.point,
                picked: screen.picked,
            }),
        };
        let overlay = self.overlay.map(|overlay| match overlay {
            Overlay::Help { scroll } => OverlayView::Help {
                text: commands::help_text(&screen, &self.options.keymap),
                scroll,
            },
            Overlay::Stats { page } => OverlayView::Stats {
                stats: &self.recorder.stats,
                page,
            },
            Overlay::Rules { game, scroll } => OverlayView::Rules { game, scroll },
            Overlay::Confirm(question) => OverlayView::Confirm(question),
        });
        Snapshot {
            screen,
            overlay,
            notice: self.notice.as_ref(),
            theme: self.options.theme,
            ascii: self.options.ascii,
            keymap: &self.options.keymap,
        }
    }
}
