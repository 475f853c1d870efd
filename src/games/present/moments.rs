//! The key moments of a game, as banners: a finale throw, a round won, a life lost, the
//! winner. The table holds each on screen for a beat; some wait for a key.

use super::Label;
use crate::games::{Event, SeatNames, View};

/// How much a moment matters to the show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Moment {
    /// Worth a word: a round begins, a safe throw, a wild.
    Note,
    /// A round or a finale ends: a player at the table wants to look before play goes on.
    RoundEnd,
    /// The game is won: a small celebration.
    Win,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Banner {
    pub text: Label,
    pub moment: Moment,
}

impl Banner {
    /// A moment worth a word.
    pub fn note(full: String, short: String) -> Self {
        Banner::new(full, short, Moment::Note)
    }

    /// The end of a round or a finale.
    pub fn round_end(full: String, short: String) -> Self {
        Banner::new(full, short, Moment::RoundEnd)
    }

    /// The game won.
    pub fn win(full: String, short: String) -> Self {
        Banner::new(full, short, Moment::Win)
    }

    fn new(full: String, short: String, moment: Moment) -> Self {
        Banner {
            text: Label::new(full, short),
            moment,
        }
    }
}

/// The banner `event` raises as the latest of the events `earlier` in its step: seats that
/// went out (or lost a life) together in one step are named together, "Ana and Ben are
/// out!", where the last one's banner alone would name one of them.
pub fn banner_in_step(
    event: &Event,
    earlier: &[Event],
    before: &View,
    names: &SeatNames,
) -> Option<Banner> {
    let alike = |e: &Event| match (e, event) {
        (Event::Out { seat }, Event::Out { .. })
        | (Event::LostLife { seat, .. }, Event::LostLife { .. }) => Some(*seat),
        _ => None,
    };
    let seats: crate::games::SeatSet = earlier
        .iter()
        .chain(std::iter::once(event))
        .filter_map(alike)
        .collect();
    if seats.len() < 2 {
        return banner(event, before, names);
    }
    let who = names.list(seats);
    let (full, short) = match event {
        Event::Out { .. } => (
            crate::said!(banner_all_out, names = &who),
            crate::said!(banner_all_out_short, names = &who),
        ),
        _ => (
            crate::said!(banner_all_lose_life, names = &who),
            crate::said!(banner_all_lose_life_short, names = &who),
        ),
    };
    Some(Banner::round_end(full, short))
}

/// The banner an event raises, if it is a key moment. `before` is the table as it stood
/// before the event's step: it gives what the event itself does not say (the round, the
/// finale throw), and its game's presentation words the moments that are that game's, a
/// win's included where its game has words of its own for it.
pub fn banner(event: &Event, before: &View, names: &SeatNames) -> Option<Banner> {
    // The game's words first: a pot won may end one game of a match rather than the match.
    before
        .presentation()
        .banner(event, names)
        .or_else(|| match *event {
            Event::Wins { seat, pot } => {
                let (who, name) = names.seat_args(seat);
                Some(Banner::win(
                    crate::said!(banner_wins_pot, who = who, name = &name, pot = pot),
                    crate::said!(banner_wins_pot_short, who = who, name = &name, pot = pot),
                ))
            }
            _ => None,
        })
}
