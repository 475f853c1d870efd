//! An absorbing Markov chain over a game's positions, explored through the engine and
//! solved exactly.
//!
//! A [`Model`] names the positions the chain stops at ("points": a dice roll about to be
//! made, a deck about to be dealt) and lists, through the game's own `apply_*` calls, the
//! points and endings one chance step away. Every point has a canonical key with the seats
//! rotated so that its anchor seat (the roller, the dealer) comes first, so the chain holds
//! each position once whoever sits where. Values are win chances by seat counted from the
//! anchor.
//!
//! The chain is solved level by level: a model's level (chips, dice or lives still in play)
//! never rises along a transition, so each level needs only itself and the levels below.
//! A point with no transition inside its level is solved at once; the coupled rest of a
//! level by Gauss-Seidel sweeps until no value moves by more than [`TOLERANCE`]. A model
//! whose level can rise (stayner resets a Chase the Ace game) is solved as one block.
//!
//! The points are found depth first ([`Values::solve_from`]), or a level at a time from
//! the top on every core ([`Values::solve_by_levels`], for models that set a point up from
//! its key and never rise), keeping only each point's transitions to points not solved.
//!
//! The parts have files of their own: exploring the points ([`explore`]), solving what was
//! explored level by level ([`solve`]), the Gauss-Seidel sweep of a block ([`sweep`], which
//! the level solve of `levels` shares), and the work shared out over threads
//! ([`parallel`]).

mod explore;
mod parallel;
mod solve;
mod sweep;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::games::SeatSet;

pub(crate) use parallel::{in_runs, on_threads, threads};
pub(crate) use sweep::{BlockRun, block_edge, edge_parts, prefetch, solve_out_stay, sweep_block};

/// A canonical position key: counts packed a few bits each, seats rotated to the anchor.
pub(crate) type Key = u128;

/// Largest change in any win chance that a converged sweep may still make.
pub(crate) const TOLERANCE: f64 = 1e-11;

/// A multiply-rotate hasher for [`Key`]s: the keys are already well spread integers.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

pub(crate) type KeyMap<V> = HashMap<Key, V, BuildHasherDefault<KeyHasher>>;

/// A point of the chain: its key, the seat its values are counted from, and its level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Point {
    pub key: Key,
    pub anchor: u8,
    pub level: u32,
}

/// Where one chance step leads.
pub(crate) enum Next<'a, G> {
    /// Another point of the chain (cloned only if it is new).
    Point(&'a G),
    /// The game is over: these seats won.
    Over(SeatSet),
}

/// A game seen as a chain of points.
pub(crate) trait Model {
    /// The engine state at a point.
    type G: Clone;

    /// Seats at the table.
    fn seats(&self) -> usize;

    /// How many weightings of the same transitions the chain is solved under (a model
    /// whose transition chances are estimated solves it again under each batch of the
    /// estimate).
    fn weights(&self) -> usize {
        1
    }

    /// The point `game` stands at.
    fn point(&self, game: &Self::G) -> Point;

    /// A dense numbering `0..size` of every point reachable from `start`, if the model
    /// has one: exploring then looks points up in an array rather than a hash map.
    fn numbering(&self, _start: &Point) -> Option<usize> {
        None
    }

    /// The number of a point reachable from `start` (only called when
    /// [`Model::numbering`] gives one).
    fn number(&self, _start: &Point, _key: Key) -> usize {
        unreachable!("the model has no numbering")
    }

    /// Every point or ending one chance step from the point `game` stands at, handed to
    /// `visit` with its probability under each weighting (under each, they sum to 1).
    fn expand(&self, game: &Self::G, visit: &mut Visit<'_, Self::G>);
}

/// A model that sets up the engine state at any of its points: exploring a level at a
/// time ([`Values::solve_by_levels`]) then holds the points waiting to be expanded, not
/// their games.
pub(crate) trait SetsUp: Model {
    /// The engine state at `point`, set up from `like`, a state of the same chain.
    fn set_up(&self, like: &Self::G, point: &Point) -> Self::G;
}

/// What [`Model::expand`] hands each transition to: its chance under each weighting, and
/// where it leads.
pub(crate) type Visit<'v, G> = dyn FnMut(&[f64], Next<'_, G>) + 'v;

/// `winners` as chances by seat counted from `anchor`.
pub(crate) fn relative_winners(winners: SeatSet, anchor: u8, seats: usize) -> Vec<f64> {
    (0..seats)
        .map(|j| {
            f64::from(u8::from(
                winners.contains(((usize::from(anchor) + j) % seats) as u8),
            ))
        })
        .collect()
}

/// Values counted from one anchor re-counted from another `offset` seats to its left:
/// `out[i] += p * values[(i - offset) mod n]`.
#[inline]
pub(crate) fn add_rotated<T: Copy + Into<f64>>(
    out: &mut [f64],
    p: f64,
    values: &[T],
    offset: usize,
) {
    let n = out.len();
    let (low, high) = out.split_at_mut(offset);
    for (o, &v) in high.iter_mut().zip(&values[..n - offset]) {
        *o += p * v.into();
    }
    for (o, &v) in low.iter_mut().zip(&values[n - offset..]) {
        *o += p * v.into();
    }
}

/// Win chances of every point solved so far, counted from each point's anchor, under
/// each weighting.
#[derive(Clone, Debug)]
pub(crate) struct Values {
    seats: usize,
    weights: usize,
    index: KeyMap<u32>,
    /// The first weighting's values, `seats` a point, [`POINTS_A_BLOCK`] points a block:
    /// the values grow a block at a time, never moved, and a block fits memory the
    /// exploring let go of.
    blocks: Vec<Vec<f64>>,
    /// The other weightings' values, `(weights - 1) * seats` a point, in blocks alike. In
    /// single precision: the other weightings are an estimate's batches, whose values only
    /// give its standard error (they differ by a thousandth or more; single precision
    /// keeps seven digits), and they would take four fifths of the memory.
    batch_blocks: Vec<Vec<f32>>,
}

/// Points in one block of [`Values`] (at Chase the Ace's ten seats and five weightings,
/// 160 kB and 320 kB).
const POINTS_A_BLOCK: usize = 2048;

/// The transitions of the points found while exploring, not yet solved, by id.
struct Pending {
    seats: usize,
    weights: usize,
    levels: Vec<u32>,
    /// Each point's transitions to pending points, as a range of `edges`.
    ranges: Vec<(u32, u32)>,
    /// The point led to and the anchor offset, as [`block_edge`] packs them.
    edges: Vec<u32>,
    /// Transition chances under every weighting, `weights` a row: edge `e`'s row is
    /// `e`, or `row_of[e]` when edges share rows.
    rows: Vec<f64>,
    row_of: Option<Vec<u16>>,
    known: Known,
}

/// What points know before they are solved (the chance of ending at once, or of reaching
/// points solved before), `weights * seats` a point, kept for the points that know
/// anything: most lead only to points not solved yet.
struct Known {
    size: usize,
    /// Each point's place in `values`, or [`KNOWS_NOTHING`].
    of: Vec<u32>,
    values: Vec<f64>,
}

/// A point that knows nothing yet.
const KNOWS_NOTHING: u32 = u32::MAX;

impl Known {
    fn new(size: usize) -> Self {
        Known {
            size,
            of: Vec::new(),
            values: Vec::new(),
        }
    }

    /// One more point, knowing nothing yet.
    fn add_point(&mut self) {
        self.of.push(KNOWS_NOTHING);
    }

    /// Point `id` knows `values`.
    fn set(&mut self, id: usize, values: &[f64]) {
        self.of[id] = (self.values.len() / self.size) as u32;
        self.values.extend_from_slice(values);
    }

    fn get(&self, id: usize) -> Option<&[f64]> {
        let at = self.of[id];
        (at != KNOWS_NOTHING).then(|| &self.values[at as usize * self.size..][..self.size])
    }
}

impl Pending {
    fn new(seats: usize, weights: usize) -> Self {
        Pending {
            seats,
            weights,
            levels: Vec::new(),
            ranges: Vec::new(),
            edges: Vec::new(),
            rows: Vec::new(),
            row_of: None,
            known: Known::new(seats * weights),
        }
    }

    /// One more point, at `level`.
    fn add_point(&mut self, level: u32) {
        self.levels.push(level);
        self.ranges.push((0, 0));
        self.known.add_point();
    }

    /// Let go of the transitions of `block`'s points, solved now, if they are the last
    /// kept (as when the chain was explored from the top, level by level).
    fn let_go(&mut self, block: &[u32]) {
        let Some(first) = block.iter().map(|&id| self.ranges[id as usize].0).min() else {
            return;
        };
        let count: usize = block.iter().map(|&id| self.range(id).len()).sum();
        if first as usize + count != self.edges.len() {
            return;
        }
        let first = first as usize;
        self.edges.truncate(first);
        self.edges.shrink_to_fit();
        if let Some(row_of) = &mut self.row_of {
            row_of.truncate(first);
            row_of.shrink_to_fit();
        } else {
            self.rows.truncate(first * self.weights);
            self.rows.shrink_to_fit();
        }
    }

    fn range(&self, id: u32) -> std::ops::Range<usize> {
        let (from, to) = self.ranges[id as usize];
        from as usize..to as usize
    }

    /// Edge `e`'s chance under `weight`.
    fn prob(&self, e: usize, weight: usize) -> f64 {
        let row = self
            .row_of
            .as_ref()
            .map_or(e, |row_of| usize::from(row_of[e]));
        self.rows[row * self.weights + weight]
    }
}

impl Values {
    pub(crate) fn new(seats: usize, weights: usize) -> Self {
        Values {
            seats,
            weights,
            index: KeyMap::default(),
            blocks: Vec::new(),
            batch_blocks: Vec::new(),
        }
    }

    /// Where the point kept `index`-th keeps its values under `weight`: the block, and
    /// the range in that block of [`Values::blocks`] (weight 0) or of
    /// [`Values::batch_blocks`] (the others).
    fn slot(&self, index: u32, weight: usize) -> (usize, std::ops::Range<usize>) {
        let n = self.seats;
        let (block, at) = (
            index as usize / POINTS_A_BLOCK,
            index as usize % POINTS_A_BLOCK,
        );
        let at = match weight {
            0 => at * n,
            _ => (at * (self.weights - 1) + weight - 1) * n,
        };
        (block, at..at + n)
    }

    /// Add the values of the point kept `index`-th under `weight`, rotated by `offset`
    /// and times `p`, to `out`.
    fn add_kept(&self, index: u32, weight: usize, out: &mut [f64], p: f64, offset: usize) {
        let (block, range) = self.slot(index, weight);
        if weight == 0 {
            add_rotated(out, p, &self.blocks[block][range], offset);
        } else {
            add_rotated(out, p, &self.batch_blocks[block][range], offset);
        }
    }

    /// Set the values of the point kept `index`-th under `weight`.
    fn set_kept(&mut self, index: u32, weight: usize, values: &[f64]) {
        let (block, range) = self.slot(index, weight);
        if weight == 0 {
            self.blocks[block][range].copy_from_slice(values);
        } else {
            for (kept, &v) in self.batch_blocks[block][range].iter_mut().zip(values) {
                *kept = v as f32;
            }
        }
    }

    /// Room for the values of `count` more points, after those kept.
    fn keep_room(&mut self, count: usize) {
        let n = self.seats;
        let batches = (self.weights - 1) * n;
        for _ in 0..count {
            match (self.blocks.last_mut(), self.batch_blocks.last_mut()) {
                (Some(block), Some(batch_block)) if block.len() < POINTS_A_BLOCK * n => {
                    block.resize(block.len() + n, 0.0);
                    batch_block.resize(batch_block.len() + batches, 0.0);
                }
                _ => {
                    let mut block = Vec::with_capacity(POINTS_A_BLOCK * n);
                    block.resize(n, 0.0);
                    self.blocks.push(block);
                    let mut batch_block = Vec::with_capacity(POINTS_A_BLOCK * batches);
                    batch_block.resize(batches, 0.0);
                    self.batch_blocks.push(batch_block);
                }
            }
        }
    }

    /// Points solved so far.
    pub(crate) fn len(&self) -> usize {
        self.index.len()
    }

    /// About how many bytes these values hold: the index (a key, a place and a control
    /// byte an entry) and the blocks.
    pub(crate) fn kept_bytes(&self) -> usize {
        let entry = std::mem::size_of::<(Key, u32)>() + 1;
        self.index.capacity() * entry
            + self.blocks.iter().map(|b| b.capacity() * 8).sum::<usize>()
            + self
                .batch_blocks
                .iter()
                .map(|b| b.capacity() * 4)
                .sum::<usize>()
    }

    /// The win chances by absolute seat at `point` under `weight`, if it is solved.
    pub(crate) fn absolute(&self, point: Point, weight: usize) -> Option<Vec<f64>> {
        let &index = self.index.get(&point.key)?;
        let mut out = vec![0.0; self.seats];
        self.add_kept(index, weight, &mut out, 1.0, usize::from(point.anchor));
        Some(out)
    }
}

/// Most points [`Values::solve_by_levels`] expands at once.
const MOST_BATCH: usize = 1024;
