//! What happened, as typed values the log, the stats and the replays all read.
//!
//! Events name seats by number; a [`Narrator`](super::Narrator) tells them in words.

use super::chance::{Card, Dice, Polyhedral, Thrown};
use super::seat_set::SeatSet;

/// Where a chip, die or life goes to or comes from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Place {
    Seat(u8),
    /// The pot in the middle (Swedish Aces calls it the centre: dice sent there are out).
    Pot,
}

/// What moves between places.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Token {
    Chip,
    Die,
    Life,
    /// Help Your Neighbour's counters, paid into the pot.
    Counter,
}

impl Token {
    /// The token as a message selects on it: "chip", "die", "life", "counter".
    pub(super) fn key(self) -> &'static str {
        match self {
            Token::Chip => "chip",
            Token::Die => "die",
            Token::Life => "life",
            Token::Counter => "counter",
        }
    }
}

/// One thing that happened at the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// A seat with nothing to play had its turn skipped.
    Skipped { seat: u8 },
    /// A seat rolled these dice (in play, in an opening roll, or in a finale throw).
    Rolled { seat: u8, dice: Dice },
    /// A seat rolled dice of another size than six (Help Your Neighbour's).
    RolledPolyhedral { seat: u8, dice: Polyhedral },
    /// Chips, dice or lives changed place.
    Moved {
        token: Token,
        count: u8,
        from: Place,
        to: Place,
    },
    /// Aces in the Pot: this seat holds every chip outside the pot and starts throwing.
    FinaleBegins { seat: u8 },
    /// Aces in the Pot: a finale throw came up safe; `safe` of 3 in a row so far.
    SafeThrow { seat: u8, safe: u8 },
    /// Aces in the Pot: two players hold chips again.
    NormalPlayResumes { seat: u8 },
    /// Aces in the Pot (buy-throw): the sole holder put one chip in the pot for an extra
    /// finale throw.
    ThrowBought { seat: u8 },
    /// Aces in the Pot (buy-throw): the bought throw forgave a throw showing the face to
    /// avoid: nothing passes and the safe throws so far stand.
    ThrowForgiven { seat: u8 },
    /// Swedish Aces: these seats tied for the highest opening total and roll again.
    OpeningTie { seats: SeatSet, total: u32 },
    /// Swedish Aces: this seat won the opening roll and starts.
    Opens { seat: u8, total: u32 },
    /// Swedish Aces (threes-travel): this seat gave a rolled 3 to `to`.
    ThreeTravels { seat: u8, to: u8 },
    /// Swedish Aces (threes-travel): this seat kept a rolled 3.
    ThreeKept { seat: u8 },
    /// LCR wild: this seat's wild took a chip from `from`.
    WildTakes { seat: u8, from: u8 },
    /// LCR wild: nobody else holds a chip, so the wild takes nothing.
    WildFizzles { seat: u8 },
    /// The game is over and this seat won the pot.
    Wins { seat: u8, pot: u32 },
    /// Swedish Aces: this seat sent the last die to the centre and lost; all others win.
    Loses { seat: u8 },
    /// Forty-One: a die set down on this roll (1-6 of the turn).
    SetDown { seat: u8, face: u8, roll: u8 },
    /// Forty-One: a finished turn's score, `None` for a bust.
    Scored { seat: u8, score: Option<u8> },
    /// Forty-One: the round's highest score took the pot.
    RoundWon { seat: u8, score: u8, pot: u32 },
    /// Forty-One with stakes: a tie for the highest; the round is replayed.
    RoundTied { score: Option<u8> },
    /// Forty-One without stakes: these seats tied for the highest (`None`: nobody
    /// qualified) and all win the round.
    RoundShared { seats: SeatSet, score: Option<u8> },
    /// Forty-One with stakes: a bust owes one chip to the next round's pot.
    PenaltyOwed { seat: u8 },
    /// Forty-One with stakes: a chip owed for a bust goes into this round's pot.
    PenaltyPaid { seat: u8 },
    /// Forty-One: could not ante and is out of the match.
    OutOfMatch { seat: u8 },
    /// Forty-One: a new round begins with this opener.
    RoundBegins { round: u16, opener: u8 },
    /// Forty-One: the match is over; these seats share the biggest pile.
    MatchWon { seats: SeatSet, pile: u32 },
    /// Chase the Ace: a new deal.
    Dealt { dealer: u8 },
    /// Chase the Ace: kept the card.
    Kept { seat: u8 },
    /// Chase the Ace: swapped cards with the left neighbour.
    Exchanged { seat: u8, with: u8 },
    /// Chase the Ace: the dealer cut to this card.
    Cut { dealer: u8, card: Card },
    /// Chase the Ace (king-stops): a King thrown down stops the round.
    KingThrown { seat: u8 },
    /// Chase the Ace: the cards are shown.
    Shown { seat: u8, card: Card },
    /// Chase the Ace: a player lost a life (`left` remain).
    LostLife { seat: u8, left: u8 },
    /// Chase the Ace (grace): a player lost the last life but plays one more round.
    OnGrace { seat: u8 },
    /// Chase the Ace: out of the game.
    Out { seat: u8 },
    /// Chase the Ace: everyone would have gone out, so nobody loses a life.
    VoidRound,
    /// Chase the Ace (stayner): the last two tied on grace; everyone is back with full lives.
    Reset,
}

impl Event {
    /// The seat that rolled and what its dice showed, for a roll of either kind of dice.
    pub fn thrown(&self) -> Option<(u8, Thrown)> {
        match *self {
            Event::Rolled { seat, dice } => Some((seat, Thrown::Six(dice))),
            Event::RolledPolyhedral { seat, dice } => Some((seat, Thrown::Polyhedral(dice))),
            _ => None,
        }
    }
}

/// Where the rules report what happened, oldest first.
///
/// The simulator reads only a game's figures, so it plays into a log that keeps nothing:
/// [`Events::push`] is inlined, and in the simulator's loop the rules then neither build
/// the events nor branch on whether one is worth logging.
#[derive(Clone, Debug, PartialEq)]
pub struct Events {
    /// What is kept, or `None` for a log that keeps nothing. The kept events are behind a
    /// box so that growing them hands the box's address to the allocator, never the log's
    /// own: LLVM then knows nothing can make a discarding log start keeping, and drops the
    /// rules' events from the simulator's loop altogether (with the events in the log
    /// itself, it tested the log's flag and kept the code that builds them: 9% more
    /// instructions for Aces in the Pot and 8% for LCR, measured with callgrind).
    #[expect(clippy::box_collection, reason = "the box is the point: see above")]
    kept: Option<Box<Vec<Event>>>,
}

impl Default for Events {
    fn default() -> Self {
        Events::new()
    }
}

impl Events {
    /// A log that keeps every event.
    pub fn new() -> Self {
        Events {
            kept: Some(Box::default()),
        }
    }

    /// A log that keeps nothing, for play nobody watches.
    pub fn discarding() -> Self {
        Events { kept: None }
    }

    #[inline]
    pub fn push(&mut self, event: Event) {
        if let Some(kept) = &mut self.kept {
            kept.push(event);
        }
    }

    /// `count` tokens changed place; moving none is not an event.
    #[inline]
    pub fn moved(&mut self, token: Token, count: u8, from: Place, to: Place) {
        // Out of line, so that a discarding log tests its flag and never the count.
        #[inline(never)]
        fn keep_move(kept: &mut Vec<Event>, token: Token, count: u8, from: Place, to: Place) {
            if count > 0 {
                kept.push(Event::Moved {
                    token,
                    count,
                    from,
                    to,
                });
            }
        }
        if let Some(kept) = &mut self.kept {
            keep_move(kept, token, count, from, to);
        }
    }

    /// Several events, made by `events` only when they are kept: a discarding log does not
    /// even build the iterator.
    #[inline]
    pub fn extend_with<I: IntoIterator<Item = Event>>(&mut self, events: impl FnOnce() -> I) {
        if let Some(kept) = &mut self.kept {
            kept.extend(events());
        }
    }

    pub fn into_vec(self) -> Vec<Event> {
        self.kept.map_or_else(Vec::new, |kept| *kept)
    }
}

impl std::ops::Deref for Events {
    type Target = [Event];

    // Inlined into each codegen unit of the dev profile, which has no LTO (Cargo.toml).
    #[cfg_attr(debug_assertions, inline)]
    fn deref(&self) -> &[Event] {
        self.kept.as_deref().map_or(&[], Vec::as_slice)
    }
}
