//! Several people at one keyboard, with hidden cards: they hand the keyboard over, and
//! between their turns nobody's card is shown (nor while their seats play themselves).

use super::{Sitting, TableSource};
use crate::games::present;
use crate::table::{SeatKind, Table};

/// A person at a shared keyboard has taken it (past the cover screen naming them): the
/// table shows their card until anything else happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Look {
    pub(super) seat: u8,
    /// The length of the table's history the look belongs to: a step by anyone else, or
    /// chance, ends it, so a new round or a bot's move always asks for the cover again.
    at: usize,
    /// They are looking at the card their own move just gave them; play waits until they
    /// hide it.
    pub(super) new_card: bool,
}

impl Sitting {
    /// Several people share this screen and the game hides cards (a table shared over
    /// `parlor host` gives each person a screen of their own).
    pub fn hot_seat(&self) -> bool {
        if let TableSource::Shared(_) = self.kind {
            return false;
        }
        let people = self
            .table()
            .seats()
            .iter()
            .filter(|s| s.kind == SeatKind::Human)
            .count();
        people >= 2 && self.setup.settings.game.hides_cards()
    }

    /// The person who must take the keyboard before the table shows their card.
    pub fn handover_due(&self) -> Option<u8> {
        let seat = self.human_to_decide()?;
        let looking = self.current_look().is_some_and(|look| look.seat == seat);
        (self.hot_seat() && self.stage.revealed() && !looking && self.peeking().is_none())
            .then_some(seat)
    }

    /// The person due takes the keyboard: the table shows their card.
    pub fn take_seat(&mut self) {
        let Some(seat) = self.handover_due() else {
            return;
        };
        let at = self.table().history().len();
        if let TableSource::Local(local) = &mut self.kind {
            local.look = Some(Look {
                seat,
                at,
                new_card: false,
            });
        }
    }

    /// The look at the shared keyboard, while nothing has happened since it began.
    pub(super) fn current_look(&self) -> Option<Look> {
        let TableSource::Local(local) = &self.kind else {
            return None;
        };
        local
            .look
            .filter(|look| self.hot_seat() && look.at == self.table().history().len())
    }

    /// The person looking at the card their own move gave them, once its beats are shown.
    pub fn peeking(&self) -> Option<u8> {
        self.current_look()
            .filter(|look| look.new_card && self.stage.revealed())
            .map(|look| look.seat)
    }

    /// The person has seen their new card: the table covers it and play goes on.
    pub fn hide_card(&mut self) {
        if self.peeking().is_some()
            && let TableSource::Local(local) = &mut self.kind
        {
            local.look = None;
        }
    }

    /// At a shared keyboard a person's secret question is their seat's bot's to answer
    /// (see `human_to_decide`).
    pub(super) fn answered_for_a_person(&self) -> bool {
        self.hot_seat()
            && present::decided_in_secret(self.table().game())
            && self.table().waiting_for().is_some()
    }

    /// After a person's move at a shared keyboard: they decide again at once and keep the
    /// keyboard, or they look at the card their move gave them before anyone else's turn,
    /// or the table is covered.
    pub(super) fn look_after_move(
        &mut self,
        seat: u8,
        at: usize,
        card_before: Option<present::CardFace>,
    ) {
        let now_at = self.table().history().len();
        let card = own_card(self.table(), seat);
        // Chance after the move (a cut, the next deal) is news for everyone: covered.
        let look = if !self.hot_seat() || now_at != at + 1 {
            None
        } else if card.is_some() && card != card_before {
            Some(Look {
                seat,
                at: now_at,
                new_card: true,
            })
        } else if self.human_to_decide() == Some(seat) {
            Some(Look {
                seat,
                at: now_at,
                new_card: false,
            })
        } else {
            None
        };
        if let TableSource::Local(local) = &mut self.kind {
            local.look = look;
        }
    }
}

/// The card `seat` holds as only its holder may see it (`None`: none, or face up to all).
pub(super) fn own_card(table: &Table, seat: u8) -> Option<present::CardFace> {
    let card = |viewer| present::seats(&table.game().view(viewer))[usize::from(seat)].card;
    Some(card(Some(seat))?).filter(|&own| card(None) != Some(own))
}
