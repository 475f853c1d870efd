//! Where a table's random draws come from: duplicate play.
//!
//! A table draws chance and each bot's choices from streams of their own, all derived
//! from the game's one seed. The dice a seat meets then depend on neither anyone's earlier
//! choices nor on how many draws a bot made while thinking: chance is drawn from a fresh
//! stream keyed by where the game stands (Forty-One: round, seat and roll; otherwise the
//! number of draws before it, one per Chase the Ace deal), and a bot's thinking only
//! moves its own seat's stream. Two people, or a person and the expert bot, meet the same
//! daily deal whatever they choose.
//!
//! The simulator and the odds solvers keep one RNG per game ([`GameRng`] is
//! [`Randomness`] too): they never compare games across choices, and one RNG is faster.

use crate::games::{Game, GameRng};

/// The streams a step without humans draws from.
pub trait Randomness {
    /// The stream for the chance `game` asks for now.
    fn for_chance(&mut self, game: &(impl Game + ?Sized)) -> &mut GameRng;
    /// The stream a bot in `seat` thinks with.
    fn for_bot(&mut self, seat: u8) -> &mut GameRng;
}

/// One stream for everything: the simulator's.
impl Randomness for GameRng {
    #[inline]
    fn for_chance(&mut self, _: &(impl Game + ?Sized)) -> &mut GameRng {
        self
    }

    #[inline]
    fn for_bot(&mut self, _: u8) -> &mut GameRng {
        self
    }
}

/// What a stream is for: part of its key, so no two purposes share a stream.
#[derive(Clone, Copy)]
enum Purpose {
    Chance = 1,
    Bot = 2,
}

/// Whose deal a table's streams are, also part of their key. A seed can be typed
/// (`--seed`, a game code, the setup form); the daily deal's streams must be reachable by
/// no such command, or its cards could be looked at before it is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dealer {
    /// A game dealt from its seed: every seed a person can type.
    Seeded = 0,
    /// The daily deal: its streams are keyed apart from every seeded game's.
    Daily = 1,
}

/// The stream for `purpose` number `index` of the game `dealer` deals from `seed`.
fn stream(seed: u64, dealer: Dealer, purpose: Purpose, index: u64) -> GameRng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8] = purpose as u8;
    key[9] = dealer as u8;
    GameRng::stream(key, index)
}

/// A table's streams: chance by key, one per bot seat.
#[derive(Clone, Debug)]
pub struct DuplicateStreams {
    seed: u64,
    dealer: Dealer,
    /// The stream of the chance being drawn, started afresh for every draw.
    chance: GameRng,
    /// Chance outcomes drawn or replayed so far.
    draws: u64,
    bots: Vec<GameRng>,
}

impl DuplicateStreams {
    pub fn new(seed: u64, dealer: Dealer, players: u8) -> Self {
        DuplicateStreams {
            seed,
            dealer,
            chance: stream(seed, dealer, Purpose::Chance, 0),
            draws: 0,
            bots: (0..players)
                .map(|seat| stream(seed, dealer, Purpose::Bot, u64::from(seat)))
                .collect(),
        }
    }

    /// A chance outcome came from elsewhere (a replay): the next draw is the one after it.
    pub fn pass_draw(&mut self) {
        self.draws += 1;
    }
}

impl Randomness for DuplicateStreams {
    fn for_chance(&mut self, game: &(impl Game + ?Sized)) -> &mut GameRng {
        let key = game.chance_key().unwrap_or(self.draws);
        self.draws += 1;
        self.chance = stream(self.seed, self.dealer, Purpose::Chance, key);
        &mut self.chance
    }

    fn for_bot(&mut self, seat: u8) -> &mut GameRng {
        &mut self.bots[usize::from(seat)]
    }
}

#[cfg(test)]
mod tests {
    use rand::RngExt;

    use super::*;

    /// Chance and bots, and different seats and keys, draw different numbers from one seed.
    #[test]
    fn every_purpose_and_index_has_a_stream_of_its_own() {
        let first = |purpose, index| stream(7, Dealer::Seeded, purpose, index).random::<u64>();
        let draws = [
            first(Purpose::Chance, 0),
            first(Purpose::Chance, 1),
            first(Purpose::Bot, 0),
            first(Purpose::Bot, 1),
            stream(8, Dealer::Seeded, Purpose::Chance, 0).random::<u64>(),
            stream(7, Dealer::Daily, Purpose::Chance, 0).random::<u64>(),
            stream(7, Dealer::Daily, Purpose::Bot, 0).random::<u64>(),
        ];
        for (i, a) in draws.iter().enumerate() {
            for b in &draws[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(first(Purpose::Bot, 1), first(Purpose::Bot, 1), "repeatable");
    }
}
