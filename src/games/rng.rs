//! The one random source of a game: `ChaCha8` words, laid out either as one plain stream
//! (a table's) or as the lanes a run of simulated games shares.
//!
//! `ChaCha8Rng` makes its words four blocks (64 words) at a time. A table draws from a fresh
//! stream for every chance outcome and never minds; but a simulated game of LCR or Aces in
//! the Pot reads about ten words (see [`super::Dice::roll`]), and a stream of its own made
//! it pay for setting up a stream and for a whole refill of 64 words. So the games of a run
//! open in lanes: game `4g + l` reads block `l` of the first refill of stream `g` first,
//! and the simulator, which plays games in order, makes that refill once for the four
//! games. A game that wants more (about one LCR game in thirty; every Forty-One and Chase
//! the Ace game) goes on far along the same stream, at block `(l + 1) x 2^60`, where no
//! other game reads. Each game is still its own: its words depend on the run's seed and its
//! number alone, and a game played by itself (on another thread, or to look into it) makes
//! the refill it opens with itself.

use std::convert::Infallible;
use std::fmt;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{SeedableRng, TryRng};

use super::chance::SpareDice;

/// Words of one `ChaCha` block.
const BLOCK: usize = 16;
/// Words `ChaCha8Rng` makes at once: four blocks.
const REFILL: usize = 64;
/// Games whose words share one refill, a block each.
const LANES: u64 = (REFILL / BLOCK) as u64;

/// The random source of one game: dice, shuffles and bot choices all draw from it.
///
/// A `ChaCha8Rng` stream when made by [`GameRng::stream`]; a game of a run, dealt its words
/// as the module says, when made by [`RunSeed::game`].
#[derive(Clone)]
pub struct GameRng {
    /// A table's stream, or the run's key on the stream of the group last opened.
    source: ChaCha8Rng,
    /// Words of a run's game's opening still to hand out, [`UNOPENED`] before its first,
    /// and none once the source hands out its own words (or for a table's stream): the one
    /// question on every word.
    opening_left: u8,
    /// A run's game (boxed: a table's streams, which clone with its checkpoints, carry
    /// none of it).
    run: Option<Box<RunGame>>,
    /// Dice drawn and not yet rolled (see [`super::Dice::roll`]).
    pub(super) spare: SpareDice,
}

/// [`GameRng::opening_left`] of a run's game that has read nothing yet.
const UNOPENED: u8 = u8::MAX;

/// Which game of a run an RNG plays, and its group's opening.
#[derive(Clone)]
struct RunGame {
    lane: u8,
    group: u64,
    /// The first refill of stream `opened`, the last group that opened.
    opening: [u32; REFILL],
    opened: Option<u64>,
}

impl GameRng {
    /// Stream `stream` of `ChaCha8` keyed by `key`: the words `ChaCha8Rng` gives, in order.
    pub fn stream(key: [u8; 32], stream: u64) -> Self {
        let mut source = ChaCha8Rng::from_seed(key);
        source.set_stream(stream);
        GameRng {
            source,
            opening_left: 0,
            run: None,
            spare: SpareDice::default(),
        }
    }

    /// Start game number `index` of the run whose key the source holds, keeping the
    /// opening already made for its group.
    fn start_game(&mut self, index: u64) {
        let run = self.run.as_mut().expect("only a run's RNG starts games");
        run.group = index / LANES;
        run.lane = (index % LANES) as u8;
        self.opening_left = UNOPENED;
        self.spare = SpareDice::default();
    }

    /// The next word of a run's game's opening.
    #[inline]
    fn opening_word(&mut self) -> u32 {
        if self.opening_left == UNOPENED {
            self.open();
        }
        let run = self.run.as_deref().expect("a run's game opens");
        let word =
            run.opening[usize::from(run.lane) * BLOCK + BLOCK - usize::from(self.opening_left)];
        self.opening_left -= 1;
        if self.opening_left == 0 {
            // The opening is read: the game's own words follow, far along the stream.
            self.source
                .set_word_pos(u128::from(run.lane + 1) << OWN_WORDS_SHIFT);
        }
        word
    }

    /// Make the group's opening, unless the game before made it.
    #[cold]
    #[inline(never)]
    fn open(&mut self) {
        let run = self.run.as_deref_mut().expect("a run's game opens");
        if run.opened != Some(run.group) {
            // The position first: moving the stream part way through a buffer would
            // refill it.
            self.source.set_word_pos(0);
            self.source.set_stream(run.group);
            let mut bytes = [0; 4 * REFILL];
            rand_chacha::rand_core::Rng::fill_bytes(&mut self.source, &mut bytes);
            for (word, bytes) in run.opening.iter_mut().zip(bytes.chunks_exact(4)) {
                *word = u32::from_le_bytes(bytes.try_into().expect("four bytes"));
            }
            run.opened = Some(run.group);
        }
        self.opening_left = BLOCK as u8;
    }
}

/// A lane's own words start at word `(lane + 1) << OWN_WORDS_SHIFT` of its group's stream:
/// block `(lane + 1) x 2^60`, far past anything another lane reads.
const OWN_WORDS_SHIFT: u32 = 64;

/// Words as `ChaCha8Rng` hands them out: a `u64` is the next word and then the one after
/// it as its high half, and bytes are whole words, little-endian, a last part-word's rest
/// thrown away.
impl TryRng for GameRng {
    type Error = Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(if self.opening_left == 0 {
            rand_chacha::rand_core::Rng::next_u32(&mut self.source)
        } else {
            self.opening_word()
        })
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let low = self.try_next_u32()?;
        let high = self.try_next_u32()?;
        Ok(u64::from(high) << 32 | u64::from(low))
    }

    fn try_fill_bytes(&mut self, bytes: &mut [u8]) -> Result<(), Infallible> {
        for chunk in bytes.chunks_mut(4) {
            let word = self.try_next_u32()?.to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
        Ok(())
    }
}

/// Nothing of the state: whoever can print it can tell the dice to come.
impl fmt::Debug for GameRng {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("GameRng { .. }")
    }
}

/// The RNG for game number `stream` of a run seeded with `seed`: [`RunSeed::game`].
pub fn game_rng(seed: u64, stream: u64) -> GameRng {
    RunSeed::new(seed).game(stream)
}

/// The seed of a run of games, expanded once into the key every game's words share:
/// expanding it again for every game was a sixth of a short game's simulation (measured
/// with benches/sim.rs).
#[derive(Clone, Copy, Debug)]
pub struct RunSeed([u8; 32]);

impl RunSeed {
    pub fn new(seed: u64) -> Self {
        RunSeed(ChaCha8Rng::seed_from_u64(seed).get_seed())
    }

    /// The RNG of game number `index` (see the module for its words).
    pub fn game(&self, index: u64) -> GameRng {
        let mut rng = GameRng {
            source: ChaCha8Rng::from_seed(self.0),
            opening_left: UNOPENED,
            run: Some(Box::new(RunGame {
                lane: 0,
                group: 0,
                opening: [0; REFILL],
                opened: None,
            })),
            spare: SpareDice::default(),
        };
        rng.start_game(index);
        rng
    }

    /// Turn `rng`, an RNG of this run at any point of any game, into the RNG of game number
    /// `index`, exactly as [`RunSeed::game`] makes it: the simulator plays all its games
    /// with one RNG, which keeps a group's opening while it plays its games.
    ///
    /// # Panics
    /// When `rng` is not a run's (a table's stream, from [`GameRng::stream`]).
    #[inline]
    pub fn restart(&self, rng: &mut GameRng, index: u64) {
        rng.start_game(index);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::Rng;

    /// A table's stream is `ChaCha8Rng`'s, word for word, however it is read: words, pairs
    /// of words across a refill's end, and bytes ending part way through a word.
    #[test]
    fn a_stream_is_chacha8_word_for_word() {
        let key: [u8; 32] = std::array::from_fn(|i| i as u8 * 7);
        let mut ours = GameRng::stream(key, 5);
        let mut theirs = ChaCha8Rng::from_seed(key);
        theirs.set_stream(5);
        for step in 0..2000u32 {
            match step % 5 {
                0 | 1 => assert_eq!(ours.next_u32(), theirs.next_u32(), "word {step}"),
                2 => assert_eq!(ours.next_u64(), theirs.next_u64(), "pair {step}"),
                _ => {
                    let len = (step % 11) as usize;
                    let (mut a, mut b) = ([0u8; 10], [0u8; 10]);
                    ours.fill_bytes(&mut a[..len]);
                    theirs.fill_bytes(&mut b[..len]);
                    assert_eq!(a, b, "bytes {step}");
                }
            }
        }
    }

    /// The words of a run's game `g`: block `g % 4` of the first refill of stream `g / 4`,
    /// then that stream's words from word `(g % 4 + 1) << 64` on.
    fn lane_words(seed: u64, game: u64, words: usize) -> Vec<u32> {
        let mut stream = ChaCha8Rng::seed_from_u64(seed);
        stream.set_stream(game / LANES);
        let lane = game % LANES;
        let opening: Vec<u32> = (0..REFILL).map(|_| stream.next_u32()).collect();
        let from = lane as usize * BLOCK;
        let mut out = opening[from..from + BLOCK].to_vec();
        stream.set_word_pos(u128::from(lane + 1) << 64);
        out.extend((BLOCK..words.max(BLOCK)).map(|_| stream.next_u32()));
        out.truncate(words);
        out
    }

    /// Game `i` of a run reads its lane whether it is made alone or the run's one RNG is
    /// restarted to it from any point of any game, in order or not.
    #[test]
    fn each_game_of_a_run_reads_its_own_lane_however_it_is_reached() {
        let run = RunSeed::new(9);
        let mut shared = run.game(0);
        let mut order: Vec<u64> = (0..24).collect();
        order.extend([3, 2, 17, 1, 0, 40, 41, 7, u64::MAX, u64::MAX - 4]);
        for (turn, &game) in order.iter().enumerate() {
            let words = 3 + turn * 7 % 90;
            let expected = lane_words(9, game, words);
            let mut alone = run.game(game);
            let alone: Vec<u32> = (0..words).map(|_| alone.next_u32()).collect();
            assert_eq!(alone, expected, "game {game} alone");
            run.restart(&mut shared, game);
            let restarted: Vec<u32> = (0..words).map(|_| shared.next_u32()).collect();
            assert_eq!(restarted, expected, "game {game} restarted at turn {turn}");
        }
        assert_eq!(game_rng(9, 5).next_u32(), lane_words(9, 5, 1)[0]);
    }
}
