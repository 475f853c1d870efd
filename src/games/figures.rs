//! What a game counts as it is played (complete once it is over): the figures the
//! simulator, the stats, the review, the odds and the game-over panel read, so none of them
//! has to replay the log; and the score tallies they are made of.

use super::event::Event;
use super::seat_set::SeatSet;

/// Forty-One's tallies of every turn's score, kept by the game beside its [`Figures`]
/// (see [`Game::score_tallies`](super::Game::score_tallies)): in the figures, the 432 bytes
/// every other game left empty were copied with each new game the simulator dealt and each
/// position the odds solvers tried.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ScoreTallies {
    /// Every turn's score.
    pub all: ScoreTally,
    /// Turns played with no score yet to beat.
    pub opening: ScoreTally,
}

/// Per-turn score tallies.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ScoreTally {
    /// Turns played.
    pub turns: u64,
    /// Turns that held a 4 and a 1.
    pub qualified: u64,
    /// Qualifying turns by score 0..=24 (a qualifying score is at least 4).
    pub score_counts: [u64; 25],
}

impl ScoreTally {
    pub fn record(&mut self, score: Option<u8>) {
        self.turns += 1;
        if let Some(score) = score {
            self.qualified += 1;
            self.score_counts[usize::from(score)] += 1;
        }
    }

    pub fn add(&mut self, other: &ScoreTally) {
        self.turns += other.turns;
        self.qualified += other.qualified;
        for (mine, theirs) in self.score_counts.iter_mut().zip(other.score_counts) {
            *mine += theirs;
        }
    }
}

impl Figures {
    /// One seat won `pot`: record it, and return the event that says so.
    #[inline]
    pub fn sole_winner(&mut self, seat: u8, pot: u32) -> Event {
        self.winners = SeatSet::single(seat);
        self.pot_won = pot;
        Event::Wins { seat, pot }
    }
}

/// The figures of a game so far; complete once the game is over.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Figures {
    /// Who won (Swedish Aces: everyone but the loser; Forty-One: the biggest pile, ties all).
    pub winners: SeatSet,
    /// Swedish Aces: who lost.
    pub loser: Option<u8>,
    /// The seat counted as seat 0 when tallying wins by position: the first to act, or the
    /// Swedish Aces opener, or the first Chase the Ace dealer.
    pub first_seat: u8,
    /// What the winner took: the pot (plus own chips where the rules say so) or the pile.
    pub pot_won: u32,
    /// Every seat's turn in normal play, skipped turns included.
    pub turns: u32,
    /// Rolls made (LCR: turns that rolled; Swedish Aces: every roll, re-rolls included).
    pub rolls: u32,
    /// Aces in the Pot: every finale throw.
    pub finale_throws: u32,
    /// Aces in the Pot: who first became sole holder.
    pub first_sole_holder: Option<u8>,
    /// Rounds played (Forty-One, Chase the Ace), replays included.
    pub rounds: u32,
}
