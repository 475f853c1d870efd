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

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use crate::games::SeatSet;

/// A canonical position key: counts packed a few bits each, seats rotated to the anchor.
pub(crate) type Key = u128;

/// Largest change in any win chance that a converged sweep may still make.
pub(crate) const TOLERANCE: f64 = 1e-11;

/// Gauss-Seidel sweeps allowed per level before the solver gives up on the tolerance.
const MAX_SWEEPS: usize = 100_000;

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

    /// Explore every point reachable from `start` that is not solved yet, depth first, and
    /// solve them.
    pub(crate) fn solve_from<M: Model>(&mut self, model: &M, start: M::G) {
        let (n, w) = (self.seats, self.weights);
        debug_assert_eq!((model.seats(), model.weights()), (n, w));
        let first = model.point(&start);
        if self.index.contains_key(&first.key) {
            return;
        }
        let mut ids = Ids::new(model, first);
        let mut keys: Vec<Key> = vec![first.key];
        let mut pending = Pending::new(n, w);
        pending.add_point(first.level);
        *ids.entry(model, first.key) = 0;
        // Depth-first: the stack holds points found but not yet expanded.
        let mut stack: Vec<(u32, Point, M::G)> = vec![(0, first, start)];
        let mut rising = false;
        // One point's transitions before merging: (point, offset, where its chances are).
        let mut local: Vec<(u32, u8, usize)> = Vec::new();
        let mut local_probs: Vec<f64> = Vec::new();
        let mut known = vec![0.0; w * n];
        while let Some((id, point, game)) = stack.pop() {
            let mut total = 0.0;
            local.clear();
            local_probs.clear();
            known.fill(0.0);
            let mut knows_any = false;
            model.expand(&game, &mut |probs, step| {
                total += probs[0];
                let Some((to, offset, child)) =
                    self.known_at_once(model, point, probs, &step, &mut known)
                else {
                    knows_any = true;
                    return;
                };
                rising |= to.level > point.level;
                let slot = ids.entry(model, to.key);
                if *slot == UNSEEN {
                    *slot = keys.len() as u32;
                    keys.push(to.key);
                    pending.add_point(to.level);
                    stack.push((*slot, to, child.clone()));
                }
                let child_id = *slot;
                local.push((child_id, offset as u8, local_probs.len()));
                local_probs.extend_from_slice(&probs[..w]);
            });
            debug_assert!((total - 1.0).abs() < 1e-9, "transitions sum to {total}");
            if knows_any {
                pending.known.set(id as usize, &known);
            }
            // Merge transitions to the same point through the same rotation.
            local.sort_unstable_by_key(|&(to, offset, _)| (to, offset));
            let from = pending.edges.len();
            for &(to, offset, at) in &local {
                let probs = &local_probs[at..at + w];
                let edge = block_edge(to as usize, usize::from(offset));
                if pending.edges.len() > from && pending.edges.last() == Some(&edge) {
                    let len = pending.rows.len();
                    for (sum, p) in pending.rows[len - w..].iter_mut().zip(probs) {
                        *sum += p;
                    }
                } else {
                    pending.edges.push(edge);
                    pending.rows.extend_from_slice(probs);
                }
            }
            pending.ranges[id as usize] = (from as u32, pending.edges.len() as u32);
        }
        let numbered = keys.into_iter().zip(0..).collect();
        self.settle(pending, numbered, rising, 1);
    }

    /// Explore every point reachable from `start` that is not solved yet, for a model whose
    /// level never rises along a transition, a level at a time from the top, and solve
    /// them a level at a time from the bottom, both on up to `threads` threads. Each batch
    /// of a level's points is expanded through the engine in runs of consecutive points,
    /// and what the runs find is merged in order, so the points, their numbering, their
    /// transitions and so their values are the same on any number of threads. What a point
    /// knows at once (endings, points solved before) is added up as it is expanded; only
    /// its transitions to points not solved yet are kept, in four bytes and two for the
    /// number of their row of chances, each row kept once (a round table's outcomes recur
    /// at every point with as many players in).
    pub(crate) fn solve_by_levels<M>(&mut self, model: &M, start: &M::G, threads: usize)
    where
        M: SetsUp + Sync,
        M::G: Sync,
    {
        let (n, w) = (self.seats, self.weights);
        debug_assert_eq!((model.seats(), model.weights()), (n, w));
        assert!(w <= MOST_WEIGHTS, "{w} weightings");
        let first = model.point(start);
        if self.index.contains_key(&first.key) {
            return;
        }
        let mut found: KeyMap<u32> = KeyMap::default();
        found.insert(first.key, 0);
        let mut pending = Pending::new(n, w);
        pending.add_point(first.level);
        let mut rows = Rows::new(w);
        let mut row_of: Vec<u16> = Vec::new();
        // Points found but not expanded, by level.
        let mut queue: BTreeMap<u32, Vec<(u32, Point)>> =
            BTreeMap::from([(first.level, vec![(0, first)])]);
        while let Some((level, mut batch)) = queue.pop_last() {
            // A level's points a batch at a time: what a batch's expansion finds is held
            // until it is merged. Points the batch finds at its own level come after the
            // rest of the level, as they would in one batch.
            if batch.len() > MOST_BATCH {
                queue.insert(level, batch.split_off(MOST_BATCH));
            }
            let runs = in_runs(&batch, threads);
            let expansions = on_threads(&runs, |run| self.expand_run(model, start, run, &found));
            for (run, expansion) in runs.into_iter().zip(expansions) {
                assert!(
                    !expansion.rising,
                    "a transition from level {level} leads up: the chain is not solved by levels"
                );
                let row_ids: Vec<u16> = expansion
                    .rows
                    .chances
                    .chunks_exact(w)
                    .map(|row| {
                        u16::try_from(rows.id(row)).expect("a chain solved by levels has few rows")
                    })
                    .collect();
                make_room(&mut pending.edges, expansion.steps.len());
                make_room(&mut row_of, expansion.steps.len());
                // The points new to the run, by their ids here.
                let fresh: Vec<u32> = expansion
                    .fresh
                    .into_iter()
                    .map(|to| match found.entry(to.key) {
                        Entry::Occupied(entry) => *entry.get(),
                        Entry::Vacant(entry) => {
                            let id = pending.levels.len() as u32;
                            entry.insert(id);
                            pending.add_point(to.level);
                            queue.entry(to.level).or_default().push((id, to));
                            id
                        }
                    })
                    .collect();
                let mut from_step = 0;
                for (i, (id, _)) in run.iter().enumerate() {
                    if let Some(known) = expansion.known.get(i) {
                        pending.known.set(*id as usize, known);
                    }
                    let from = pending.edges.len();
                    for &(child, offset, row) in &expansion.steps[from_step..expansion.ends[i]] {
                        let to = match child.checked_sub(FRESH) {
                            Some(fresh_at) => fresh[fresh_at as usize],
                            None => child,
                        };
                        pending
                            .edges
                            .push(block_edge(to as usize, usize::from(offset)));
                        row_of.push(row_ids[row as usize]);
                    }
                    from_step = expansion.ends[i];
                    pending.ranges[*id as usize] = (from as u32, pending.edges.len() as u32);
                }
            }
        }
        drop(queue);
        pending.rows = rows.chances;
        pending.row_of = Some(row_of);
        self.settle(pending, found, false, threads);
    }

    /// Expand a run of points, each set up from `like`: what each knows already (endings,
    /// points solved before), and its transitions to the rest, with the points not `found`
    /// yet.
    fn expand_run<M: SetsUp>(
        &self,
        model: &M,
        like: &M::G,
        run: &[(u32, Point)],
        found: &KeyMap<u32>,
    ) -> Expansion {
        let (n, w) = (self.seats, self.weights);
        let mut expansion = Expansion {
            known: Known::new(w * n),
            ends: Vec::with_capacity(run.len()),
            steps: Vec::new(),
            rows: Rows::new(w),
            fresh: Vec::new(),
            rising: false,
        };
        let mut fresh_at: KeyMap<u32> = KeyMap::default();
        let mut known = vec![0.0; w * n];
        for (i, (_, point)) in run.iter().enumerate() {
            let game = &model.set_up(like, point);
            expansion.known.add_point();
            known.fill(0.0);
            let mut knows_any = false;
            model.expand(game, &mut |probs, step| {
                let Some((to, offset, _)) =
                    self.known_at_once(model, *point, probs, &step, &mut known)
                else {
                    knows_any = true;
                    return;
                };
                expansion.rising |= to.level > point.level;
                let id = match found.get(&to.key) {
                    Some(&id) => id,
                    None => {
                        FRESH
                            + *fresh_at.entry(to.key).or_insert_with(|| {
                                expansion.fresh.push(to);
                                expansion.fresh.len() as u32 - 1
                            })
                    }
                };
                let row = expansion.rows.id(probs);
                expansion.steps.push((id, offset as u8, row));
            });
            if knows_any {
                expansion.known.set(i, &known);
            }
            expansion.ends.push(expansion.steps.len());
        }
        expansion
    }

    /// What a transition from `point` makes known at once, added to `known`
    /// (`weights * seats`): an ending, or a point solved before (then `None`). Otherwise
    /// the point it leads to, the anchor offset, and the game there.
    fn known_at_once<'g, M: Model>(
        &self,
        model: &M,
        point: Point,
        probs: &[f64],
        step: &Next<'g, M::G>,
        known: &mut [f64],
    ) -> Option<(Point, usize, &'g M::G)> {
        let n = self.seats;
        match *step {
            Next::Over(winners) => {
                let won = relative_winners(winners, point.anchor, n);
                for (k, &p) in known.chunks_exact_mut(n).zip(probs) {
                    add_rotated(k, p, &won, 0);
                }
                None
            }
            Next::Point(child) => {
                let to = model.point(child);
                let offset = (usize::from(to.anchor) + n - usize::from(point.anchor)) % n;
                (!self.add_solved(known, probs, to, offset)).then_some((to, offset, child))
            }
        }
    }

    /// If `to` is solved, add its values, rotated by `offset` and weighted by `probs`, to
    /// `known` (`weights * seats`) and say so.
    fn add_solved(&self, known: &mut [f64], probs: &[f64], to: Point, offset: usize) -> bool {
        let n = self.seats;
        let Some(&index) = self.index.get(&to.key) else {
            return false;
        };
        for (weight, (k, &p)) in known.chunks_exact_mut(n).zip(probs).enumerate() {
            self.add_kept(index, weight, k, p, offset);
        }
        true
    }

    /// Solve the pending points and keep their win chances after those solved before
    /// (`numbered`: each point's key and id): level by level from the bottom (or, if a
    /// level can rise, all as one block), a point with no transition inside its block at
    /// once and the block's coupled points by Gauss-Seidel ([`Values::solve_coupled`]). A
    /// block's fixed parts (what its points know, and their
    /// transitions to the levels below, solved and kept already) are added up on up to
    /// `threads` threads, each point's in its transitions' order. A block's transitions
    /// are let go once it is solved, if they were the last kept, so the chain's values
    /// take the place of its transitions.
    fn settle(
        &mut self,
        mut pending: Pending,
        mut numbered: KeyMap<u32>,
        rising: bool,
        threads: usize,
    ) {
        let (n, w) = (self.seats, self.weights);
        let count = pending.levels.len();
        let mut order: Vec<u32> = (0..count as u32).collect();
        if !rising {
            order.sort_by_key(|&i| pending.levels[i as usize]);
        }
        let blocks: Vec<&[u32]> = if rising {
            vec![&order]
        } else {
            order
                .chunk_by(|&a, &b| pending.levels[a as usize] == pending.levels[b as usize])
                .collect()
        };
        // Each point's place among the points kept.
        let mut kept_at = vec![0; count];
        for (rank, &id) in order.iter().enumerate() {
            kept_at[id as usize] = (self.index.len() + rank) as u32;
        }
        let mut inside = vec![u32::MAX; count];
        for block in blocks {
            for (b, &id) in block.iter().enumerate() {
                inside[id as usize] = b as u32;
            }
            self.keep_room(block.len());
            // A point whose transitions all leave the block is solved once its fixed part
            // is added up, a batch of points at a time; the others, coupled, are solved
            // together after, by Gauss-Seidel.
            let mut coupled = FixedParts::default();
            // The coupled points' places in the block.
            let mut coupled_at = Vec::new();
            let mut solved = vec![0.0; n];
            for (first, batch) in (0..).step_by(MOST_BATCH).zip(block.chunks(MOST_BATCH)) {
                let runs = in_runs(batch, threads);
                let parts = on_threads(&runs, |run| {
                    pending.fixed_parts(run, &inside, &kept_at, self)
                });
                let mut at = first..;
                for part in &parts {
                    let mut from = 0;
                    for (r, &end) in part.ends.iter().enumerate() {
                        let b = at.next().expect("places enough");
                        let id = block[b];
                        let fixed = &part.fixed[r * w * n..(r + 1) * w * n];
                        let stays = &part.stays[r * w..(r + 1) * w];
                        if from == end {
                            for (weight, fixed) in fixed.chunks_exact(n).enumerate() {
                                solved.copy_from_slice(fixed);
                                solve_out_stay(&mut solved, &mut [], stays[weight]);
                                self.set_kept(kept_at[id as usize], weight, &solved);
                            }
                        } else {
                            coupled.fixed.extend_from_slice(fixed);
                            coupled.stays.extend_from_slice(stays);
                            coupled.within.extend_from_slice(&part.within[from..end]);
                            coupled.ends.push(coupled.within.len());
                            coupled_at.push(b as u32);
                        }
                        from = end;
                    }
                }
            }
            self.solve_coupled(&pending, block, &coupled, &coupled_at, &kept_at);
            for &id in block {
                inside[id as usize] = u32::MAX;
            }
            pending.let_go(block);
        }
        for id in numbered.values_mut() {
            *id = kept_at[*id as usize];
        }
        if self.index.is_empty() {
            self.index = numbered;
        } else {
            self.index.extend(numbered);
        }
    }

    /// Solve `block`'s coupled points (their fixed parts in `coupled`, their places in the
    /// block `coupled_at`) by Gauss-Seidel until no value moves by more than
    /// [`TOLERANCE`]: the rest of the block is solved and kept, so their transitions to it
    /// join the fixed parts.
    fn solve_coupled(
        &mut self,
        pending: &Pending,
        block: &[u32],
        coupled: &FixedParts,
        coupled_at: &[u32],
        kept_at: &[u32],
    ) {
        let (n, w) = (self.seats, self.weights);
        if coupled_at.is_empty() {
            return;
        }
        // Each place's number among the coupled.
        let mut place = vec![u32::MAX; block.len()];
        for (c, &b) in coupled_at.iter().enumerate() {
            place[b as usize] = c as u32;
        }
        for weight in 0..w {
            let mut fixed = Vec::with_capacity(coupled_at.len() * n);
            let mut edges: Vec<(f64, u32)> = Vec::new();
            let mut ranges = Vec::with_capacity(coupled_at.len());
            let mut from = 0;
            for (c, &end) in coupled.ends.iter().enumerate() {
                let at = fixed.len();
                let mine = (c * w + weight) * n;
                fixed.extend_from_slice(&coupled.fixed[mine..mine + n]);
                let first = edges.len();
                for &(e, target) in &coupled.within[from..end] {
                    let chance = pending.prob(e as usize, weight);
                    let (to, offset) = edge_parts(target);
                    match place[to] {
                        u32::MAX => {
                            let kept = kept_at[block[to] as usize];
                            self.add_kept(kept, weight, &mut fixed[at..], chance, offset);
                        }
                        number => edges.push((chance, block_edge(number as usize, offset))),
                    }
                }
                solve_out_stay(
                    &mut fixed[at..],
                    &mut edges[first..],
                    coupled.stays[c * w + weight],
                );
                edges[first..].sort_unstable_by_key(|&(_, target)| target & 15);
                ranges.push((first, edges.len()));
                from = end;
            }
            let (chances, targets): (Vec<f64>, Vec<u32>) = edges.into_iter().unzip();
            let coupled_run = BlockRun {
                fixed,
                chances,
                targets,
                ranges,
            };
            let solved = sweep_block(n, std::slice::from_ref(&coupled_run));
            for (c, &b) in coupled_at.iter().enumerate() {
                let kept = kept_at[block[b as usize] as usize];
                self.set_kept(kept, weight, &solved[c * n..(c + 1) * n]);
            }
        }
    }
}

/// Room in `items` for `more`, growing by a quarter rather than doubling: the chain's
/// transitions, its biggest vectors while it is explored, would otherwise take up to twice
/// the memory they use.
fn make_room<T>(items: &mut Vec<T>, more: usize) {
    if items.capacity() - items.len() < more {
        items.reserve_exact(more.max(items.len() / 4));
    }
}

/// Threads to measure rounds and solve chains on: every core, up to eight (more would
/// spend on starting threads what they save).
pub(crate) fn threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(8)
}

/// `items` in at most `threads` runs of consecutive items, none shorter than [`LEAST_RUN`]
/// but the last.
pub(crate) fn in_runs<T>(items: &[T], threads: usize) -> Vec<&[T]> {
    items
        .chunks(items.len().div_ceil(threads.max(1)).max(LEAST_RUN))
        .collect()
}

/// `work` done on each run, the first on this thread and the others on threads of their
/// own: the results in the runs' order.
pub(crate) fn on_threads<'r, T: Sync, R: Send>(
    runs: &[&'r [T]],
    work: impl Fn(&'r [T]) -> R + Sync,
) -> Vec<R> {
    let Some((&first, others)) = runs.split_first() else {
        return Vec::new();
    };
    if others.is_empty() {
        return vec![work(first)];
    }
    std::thread::scope(|scope| {
        let work = &work;
        let others: Vec<_> = others
            .iter()
            .map(|&run| scope.spawn(move || work(run)))
            .collect();
        let mut results = vec![work(first)];
        results.extend(
            others
                .into_iter()
                .map(|other| other.join().expect("a solving thread finishes")),
        );
        results
    })
}

/// Most points [`Values::solve_by_levels`] expands at once.
const MOST_BATCH: usize = 1024;

/// Most weightings [`Values::solve_by_levels`] takes.
const MOST_WEIGHTS: usize = 8;

/// Fewest points one thread expands or adds up at a time: fewer cost less than starting
/// the thread.
const LEAST_RUN: usize = 32;

/// Marks a transition of an [`Expansion`] to a point new to its run: `FRESH + i` leads to
/// its `fresh[i]`.
const FRESH: u32 = 1 << 31;

/// Rows of transition chances (one per weighting), each kept once.
struct Rows {
    weights: usize,
    /// `weights` a row.
    chances: Vec<f64>,
    ids: HashMap<RowBits, u32, BuildHasherDefault<KeyHasher>>,
}

/// A row's chances as bits: equal rows, equal bits.
#[derive(PartialEq, Eq)]
struct RowBits([u64; MOST_WEIGHTS]);

impl std::hash::Hash for RowBits {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for &bits in &self.0 {
            state.write_u64(bits);
        }
    }
}

impl Rows {
    fn new(weights: usize) -> Self {
        Rows {
            weights,
            chances: Vec::new(),
            ids: HashMap::default(),
        }
    }

    /// The number of the row `probs`, given it if new.
    fn id(&mut self, probs: &[f64]) -> u32 {
        let mut bits = [0; MOST_WEIGHTS];
        for (b, p) in bits.iter_mut().zip(&probs[..self.weights]) {
            *b = p.to_bits();
        }
        let rows = &mut self.chances;
        let weights = self.weights;
        *self.ids.entry(RowBits(bits)).or_insert_with(|| {
            rows.extend_from_slice(&probs[..weights]);
            (rows.len() / weights - 1) as u32
        })
    }
}

/// What expanding a run of points found, point by point in order.
struct Expansion {
    /// What each point knows at once.
    known: Known,
    /// Where each point's transitions end in `steps`.
    ends: Vec<usize>,
    /// Transitions to points not solved before: (the point's id, or [`FRESH`] and its place
    /// in `fresh`; anchor offset; row in `rows`).
    steps: Vec<(u32, u8, u32)>,
    rows: Rows,
    /// The points first found in this run.
    fresh: Vec<Point>,
    /// A transition led up a level.
    rising: bool,
}

/// A run of a block's points, added up for [`Values::settle`]: each point's fixed part
/// and chance of leading straight back to itself under every weighting, and its
/// transitions inside the block.
#[derive(Default)]
struct FixedParts {
    /// `weights * seats` a point.
    fixed: Vec<f64>,
    /// `weights` a point.
    stays: Vec<f64>,
    /// (edge, target as [`block_edge`] gives it).
    within: Vec<(u32, u32)>,
    /// Where each point's transitions end in `within`.
    ends: Vec<usize>,
}

impl Pending {
    /// The fixed parts of a run of a block's points, `inside[id]` being a point's place in
    /// the block; the points below are solved, each kept `kept_at[id]`-th in `values`.
    fn fixed_parts(
        &self,
        run: &[u32],
        inside: &[u32],
        kept_at: &[u32],
        values: &Values,
    ) -> FixedParts {
        let (n, w) = (self.seats, self.weights);
        let mut parts = FixedParts {
            fixed: Vec::with_capacity(run.len() * w * n),
            stays: vec![0.0; run.len() * w],
            within: Vec::new(),
            ends: Vec::with_capacity(run.len()),
        };
        for (r, &id) in run.iter().enumerate() {
            let at = parts.fixed.len();
            match self.known.get(id as usize) {
                Some(known) => parts.fixed.extend_from_slice(known),
                None => parts.fixed.resize(at + w * n, 0.0),
            }
            let fixed = &mut parts.fixed[at..];
            for e in self.range(id) {
                let (to, offset) = edge_parts(self.edges[e]);
                if to == id as usize && offset == 0 {
                    for weight in 0..w {
                        parts.stays[r * w + weight] += self.prob(e, weight);
                    }
                } else if inside[to] != u32::MAX {
                    parts
                        .within
                        .push((e as u32, block_edge(inside[to] as usize, offset)));
                } else {
                    let theirs = kept_at[to];
                    for (weight, k) in fixed.chunks_exact_mut(n).enumerate() {
                        values.add_kept(theirs, weight, k, self.prob(e, weight), offset);
                    }
                }
            }
            parts.ends.push(parts.within.len());
        }
        parts
    }
}

/// An id not given yet.
const UNSEEN: u32 = u32::MAX;

/// Ids of the points found while exploring: in an array when the model numbers its points,
/// in a hash map otherwise.
enum Ids {
    Dense { start: Point, ids: Vec<u32> },
    Map(KeyMap<u32>),
}

impl Ids {
    fn new<M: Model>(model: &M, start: Point) -> Self {
        match model.numbering(&start) {
            Some(size) => Ids::Dense {
                start,
                ids: vec![UNSEEN; size],
            },
            None => Ids::Map(KeyMap::default()),
        }
    }

    /// The id of `key`'s point, [`UNSEEN`] until one is given.
    fn entry<M: Model>(&mut self, model: &M, key: Key) -> &mut u32 {
        match self {
            Ids::Dense { start, ids } => &mut ids[model.number(start, key)],
            Ids::Map(map) => map.entry(key).or_insert(UNSEEN),
        }
    }
}

/// A point's chance `stay` of leading straight back to itself, solved out of its fixed part
/// and its transitions inside the block: what [`sweep_block`] asks of them beforehand.
/// The scale it applied, for any other ways on to be scaled alike.
pub(crate) fn solve_out_stay(fixed: &mut [f64], edges: &mut [(f64, u32)], stay: f64) -> f64 {
    let keep = 1.0 / (1.0 - stay);
    for v in fixed {
        *v *= keep;
    }
    for edge in edges {
        edge.0 *= keep;
    }
    keep
}

/// A transition inside a block to point `to`, whose values are counted from an anchor
/// `offset` seats to the left of the source's, as [`sweep_block`] reads it: the point, then
/// the offset in four bits.
pub(crate) fn block_edge(to: usize, offset: usize) -> u32 {
    debug_assert!(
        to < 1 << 28 && offset < 16,
        "{to} points in a block, offset {offset}"
    );
    (to as u32) << 4 | offset as u32
}

/// The point and the offset of a transition packed by [`block_edge`].
#[inline]
pub(crate) fn edge_parts(edge: u32) -> (usize, usize) {
    ((edge >> 4) as usize, (edge & 15) as usize)
}

/// A run of a block's points, as [`sweep_block`] reads them: `seats` fixed values a point,
/// and each point's transitions inside the block, `ranges[r]` of `chances` and `targets` for
/// the run's point `r` (probability, and the target as [`block_edge`] gives it, numbered
/// among the whole block's points). The chance and the target are kept in two arrays: a
/// pair took 16 bytes where these take 12, and a block's transitions are most of its memory.
pub(crate) struct BlockRun {
    pub fixed: Vec<f64>,
    pub chances: Vec<f64>,
    pub targets: Vec<u32>,
    pub ranges: Vec<(usize, usize)>,
}

/// Solve a block of points by Gauss-Seidel, last point first, until no value changes by more
/// than [`TOLERANCE`], from its runs of points (the block's points, run after run, as
/// they were expanded: joining them into one would copy a level's transitions and hold them
/// twice meanwhile), into `seats` values a point. A point's chance of leading straight back
/// to itself must be solved out beforehand, and its transitions come sorted by offset: the
/// sweeps sum those of one offset as they are and rotate the sum once (rotating each as it
/// was read ran 17 instructions a value, callgrind).
pub(crate) fn sweep_block(n: usize, runs: &[BlockRun]) -> Vec<f64> {
    debug_assert!(
        runs.iter().all(|run| run.chances.len() == run.targets.len()
            && run.fixed.len() == run.ranges.len() * n
            && run.ranges.iter().all(|&(from, to)| {
                run.targets[from..to].is_sorted_by_key(|&target| target & 15)
            })),
        "a target for every chance, sorted by offset"
    );
    let sweep = Sweep { runs };
    match n {
        2 => sweep.run::<2>(),
        3 => sweep.run::<3>(),
        4 => sweep.run::<4>(),
        5 => sweep.run::<5>(),
        6 => sweep.run::<6>(),
        7 => sweep.run::<7>(),
        8 => sweep.run::<8>(),
        9 => sweep.run::<9>(),
        10 => sweep.run::<10>(),
        _ => unreachable!("tables seat 2 to 10"),
    }
}

/// One block's Gauss-Seidel problem: its runs of points.
struct Sweep<'a> {
    runs: &'a [BlockRun],
}

/// How many points ahead of the one being swept [`Sweep::run`] asks for the values it
/// will read. At four, Aces in the Pot of eight players solved in 0.97-1.02 s against
/// 1.27-1.44 s without, LCR of seven in 2.55-2.69 s against 3.06-3.82 (profiling builds
/// alternated, the same answers to the last digit); two gained less, eight no more.
const PREFETCH_AHEAD: usize = 4;

/// How many points ahead of the one being swept [`Sweep::run`] asks for the lines it will
/// read in order. LCR of seven players, transitions and fixed values alone: the last
/// level's sweep took 0.16-0.18 s at 8 to 64 against 0.20-0.25 s without (or at 4), the
/// whole solve 0.85-0.92 s against 0.96-1.06 s (release builds, three runs of each); with
/// the point's own values and its range twice as far, 0.16 s and 0.87-0.89 s.
const STREAM_AHEAD: usize = 16;

/// Start loading `value`'s cache line without waiting for it: a hint, with no effect on
/// what the program computes.
#[inline]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
    safe_arch::prefetch_t0(value);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
    let _ = value;
}

/// One point's values on cache lines of their own: a sweep reads the values of a block's
/// points in no order, and at LCR's seven seats (56 bytes) unaligned values straddled two
/// lines one time in two.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Aligned<const N: usize>([f64; N]);

impl Sweep<'_> {
    /// Sweep until still, for `N` seats (a constant, so each point's values are a
    /// fixed-size array the compiler keeps in registers). The values read through a
    /// transition are rotated as they are added, in registers.
    fn run<const N: usize>(&self) -> Vec<f64> {
        // Each point starts from its fixed part scaled to a whole chance: the chances of
        // the points it leads to inside the block, not known yet, taken to be shared as its
        // own ways out of the block share them. Where every way out shares out a whole
        // chance, a sweep keeps each point's sum at one from there, so only how the chance
        // is shared between the seats is left to settle:
        // 16% fewer point-sweeps than starting from nothing (LCR of six and seven players,
        // Aces in the Pot of seven and eight), and ten to twenty times closer to the
        // answer when they stop (within 2.5e-12 of a solve to 1e-15, against 5e-11).
        let mut values: Vec<Aligned<N>> = self
            .runs
            .iter()
            .flat_map(|run| {
                run.ranges.iter().enumerate().map(|(r, &(from, to))| {
                    let inside: f64 = run.chances[from..to].iter().sum();
                    let mut start: [f64; N] =
                        run.fixed[r * N..(r + 1) * N].try_into().expect("N values");
                    if inside < 1.0 {
                        for v in &mut start {
                            *v /= 1.0 - inside;
                        }
                    }
                    Aligned(start)
                })
            })
            .collect();
        for _ in 0..MAX_SWEEPS {
            // The largest change seat by seat: one running maximum would chain every
            // comparison of the sweep onto the one before (a fifth of its time, perf).
            let mut change = [0.0f64; N];
            // From the last point to the first: in the order the points were found, this
            // took 15-19% fewer point-sweeps to settle than forwards (LCR of 6 and 7
            // players, Aces in the Pot of 7 and 8), the same answers within the tolerance.
            // The level solve now orders its points for this backward sweep
            // (`levels::SweepOrder`); the chain explored from a position keeps them in the
            // order found.
            // The block's number of the first point after the run being swept.
            let mut run_end = values.len();
            for run in self.runs.iter().rev() {
                let first = run_end - run.ranges.len();
                run_end = first;
                let (fixed, chances, targets) = (&run.fixed, &run.chances, &run.targets);
                for (r, &(from, to)) in run.ranges.iter().enumerate().rev() {
                    // The values this sweep reads a few points on, asked for now: they lie
                    // anywhere in the block, and each read waited on memory in turn.
                    if let Some(&(ahead_from, ahead_to)) =
                        r.checked_sub(PREFETCH_AHEAD).map(|a| &run.ranges[a])
                    {
                        for &target in &targets[ahead_from..ahead_to] {
                            prefetch(&values[edge_parts(target).0]);
                        }
                    }
                    // And the lines a point further on reads of what the sweep reads in
                    // order (its transitions, fixed values and own values, and its range
                    // further still): in order, but from the last to the first, and each
                    // new line waited on memory (the reads of transitions four points on
                    // above were a sixth of the sweep's time, perf).
                    if let Some(far) = r.checked_sub(STREAM_AHEAD) {
                        let far_from = run.ranges[far].0;
                        if let (Some(target), Some(chance)) =
                            (targets.get(far_from), chances.get(far_from))
                        {
                            prefetch(target);
                            prefetch(chance);
                        }
                        prefetch(&fixed[far * N]);
                        prefetch(&values[first + far]);
                    }
                    if let Some(farther) = r.checked_sub(2 * STREAM_AHEAD) {
                        prefetch(&run.ranges[farther]);
                    }
                    let mut fresh: [f64; N] =
                        fixed[r * N..(r + 1) * N].try_into().expect("N values");
                    // The transitions come sorted by offset: each run of one offset is summed
                    // as it is, then rotated once.
                    let mut summed = [0.0; N];
                    let mut offset_summed = 0;
                    for (&p, &target) in chances[from..to].iter().zip(&targets[from..to]) {
                        let (to, offset) = edge_parts(target);
                        if offset != offset_summed {
                            add_rotated(&mut fresh, 1.0, &summed, offset_summed);
                            summed = [0.0; N];
                            offset_summed = offset;
                        }
                        let theirs = &values[to].0;
                        for i in 0..N {
                            summed[i] += p * theirs[i];
                        }
                    }
                    add_rotated(&mut fresh, 1.0, &summed, offset_summed);
                    let mine = &mut values[first + r].0;
                    for i in 0..N {
                        change[i] = change[i].max((fresh[i] - mine[i]).abs());
                    }
                    *mine = fresh;
                }
            }
            if change.iter().all(|&seat| seat <= TOLERANCE) {
                break;
            }
        }
        values.iter().flat_map(|point| point.0).collect()
    }
}
