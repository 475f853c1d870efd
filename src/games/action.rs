//! The decisions a seat can make, across the five games.

use std::fmt;

/// One decision. Small and `Copy`, so listing the legal ones never allocates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Action {
    /// Roll (or, in the Aces in the Pot finale, throw) the dice.
    Roll,
    /// Forty-One: set down a die showing this face from the current roll.
    SetDown(u8),
    /// Swedish Aces (threes-travel): send a rolled 3 to this seat.
    GiveThree(u8),
    /// LCR (wild): take a chip from this seat.
    TakeChip(u8),
    /// Chase the Ace: keep the card.
    Keep,
    /// Chase the Ace: exchange with the left neighbour.
    Exchange,
    /// Chase the Ace: the dealer discards and takes the top card of the rest of the deck.
    Cut,
    /// Chase the Ace (king-stops): throw a King down and stop the round.
    ThrowKing,
    /// Swedish Aces (threes-travel): keep a rolled 3 rather than give it away.
    KeepThree,
    /// Aces in the Pot (buy-throw): pay a chip into the pot for one extra finale throw.
    BuyThrow,
}

/// The action in a few words, in the language spoken, naming seats by number: the
/// review's options and the game's refusals.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let said = match *self {
            Action::Roll => crate::said!(plays_roll),
            Action::SetDown(face) => crate::said!(plays_set_down, face = face),
            Action::GiveThree(seat) => crate::said!(plays_give_three, seat = seat),
            Action::TakeChip(seat) => crate::said!(plays_take_chip, seat = seat),
            Action::Keep => crate::said!(plays_keep),
            Action::Exchange => crate::said!(plays_exchange),
            Action::Cut => crate::said!(plays_cut),
            Action::ThrowKing => crate::said!(plays_throw_king),
            Action::KeepThree => crate::said!(plays_keep_three),
            Action::BuyThrow => crate::said!(plays_buy_throw),
        };
        f.write_str(&said)
    }
}

const MAX_ACTIONS: usize = 12;

/// The legal actions of a position, in a fixed-size list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Actions {
    len: u8,
    items: [Action; MAX_ACTIONS],
}

impl Actions {
    pub const fn none() -> Self {
        Actions {
            len: 0,
            items: [Action::Roll; MAX_ACTIONS],
        }
    }

    pub const fn one(action: Action) -> Self {
        Self::of(&[action])
    }

    /// These actions, in this order: a fixed list copied at once, where collecting an
    /// iterator pushes one at a time (the harness lists a position's actions a dozen times
    /// a step). Const, so a game's fixed lists are made once, in a `const` block: built
    /// at each call they were a seventh of the harness's Chase the Ace sweep at opt-level 1
    /// (byte by byte into the list, then read back whole).
    pub const fn of(list: &[Action]) -> Self {
        let mut actions = Self::none();
        // `split_at_mut`, not `[..len]`: indexing by a range is not yet const.
        actions
            .items
            .split_at_mut(list.len())
            .0
            .copy_from_slice(list);
        actions.len = list.len() as u8;
        actions
    }

    // Inlined into each codegen unit of the dev profile, which has no LTO (Cargo.toml).
    #[cfg_attr(debug_assertions, inline)]
    pub fn push(&mut self, action: Action) {
        self.items[usize::from(self.len)] = action;
        self.len += 1;
    }

    #[cfg_attr(debug_assertions, inline)]
    pub fn as_slice(&self) -> &[Action] {
        &self.items[..usize::from(self.len)]
    }

    #[cfg_attr(debug_assertions, inline)]
    pub fn contains(&self, action: Action) -> bool {
        self.as_slice().contains(&action)
    }

    #[cfg_attr(debug_assertions, inline)]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    #[cfg_attr(debug_assertions, inline)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl FromIterator<Action> for Actions {
    fn from_iter<I: IntoIterator<Item = Action>>(iter: I) -> Self {
        let mut actions = Actions::none();
        for action in iter {
            actions.push(action);
        }
        actions
    }
}
