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
//! Inside a level Gauss-Seidel sweeps run until no value moves by more than [`TOLERANCE`].
//! A model whose level can rise (stayner resets a Chase the Ace game) is solved as one
//! block.

use std::collections::HashMap;
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
pub(crate) fn add_rotated(out: &mut [f64], p: f64, values: &[f64], offset: usize) {
    let n = out.len();
    let (low, high) = out.split_at_mut(offset);
    for (o, v) in high.iter_mut().zip(&values[..n - offset]) {
        *o += p * v;
    }
    for (o, v) in low.iter_mut().zip(&values[n - offset..]) {
        *o += p * v;
    }
}

/// Win chances of every point solved so far, counted from each point's anchor, under
/// each weighting.
#[derive(Clone, Debug)]
pub(crate) struct Values {
    seats: usize,
    weights: usize,
    index: KeyMap<u32>,
    /// `weights * seats` per point.
    chances: Vec<f64>,
}

/// The points found while exploring, not yet solved, by id.
struct Pending {
    seats: usize,
    weights: usize,
    levels: Vec<u32>,
    /// Chance of ending now, or of reaching points solved earlier: known already
    /// (`weights * seats` per point).
    known: Vec<f64>,
    /// Each point's transitions to pending points, as a range of `edges`.
    ranges: Vec<(u32, u32)>,
    /// (point, anchor offset).
    edges: Vec<(u32, u8)>,
    /// Each edge's probability under each weighting (`weights` per edge).
    probs: Vec<f64>,
}

impl Pending {
    fn range(&self, id: u32) -> std::ops::Range<usize> {
        let (from, to) = self.ranges[id as usize];
        from as usize..to as usize
    }

    fn known(&self, id: u32, weight: usize) -> &[f64] {
        let at = (id as usize * self.weights + weight) * self.seats;
        &self.known[at..at + self.seats]
    }
}

impl Values {
    pub(crate) fn new(seats: usize, weights: usize) -> Self {
        Values {
            seats,
            weights,
            index: KeyMap::default(),
            chances: Vec::new(),
        }
    }

    /// Points solved so far.
    pub(crate) fn len(&self) -> usize {
        self.index.len()
    }

    /// The win chances of a solved point under `weight`, counted from its anchor.
    pub(crate) fn get(&self, key: Key, weight: usize) -> Option<&[f64]> {
        self.index.get(&key).map(|&i| {
            let at = (i as usize * self.weights + weight) * self.seats;
            &self.chances[at..at + self.seats]
        })
    }

    /// The win chances by absolute seat at `point` under `weight`, if it is solved.
    pub(crate) fn absolute(&self, point: Point, weight: usize) -> Option<Vec<f64>> {
        let values = self.get(point.key, weight)?;
        let mut out = vec![0.0; self.seats];
        add_rotated(&mut out, 1.0, values, usize::from(point.anchor));
        Some(out)
    }

    /// Solve every point reachable from `start` that is not solved yet, one strongly
    /// connected part of the chain at a time, each as soon as everything it leads to is
    /// (Tarjan's order): only the transitions inside the parts still open are kept. For a
    /// chain whose parts are small (Chase the Ace: a round that changes nothing but the
    /// dealer), that is a few points' transitions at a time, not the whole chain's; the
    /// search goes as deep as the longest path, so not for chains of one big part.
    pub(crate) fn solve_by_parts<M: Model>(&mut self, model: &M, start: &M::G) {
        debug_assert_eq!((model.seats(), model.weights()), (self.seats, self.weights));
        let point = model.point(start);
        if !self.index.contains_key(&point.key) {
            let mut parts = Parts::default();
            self.open_part(model, start, point, &mut parts);
        }
    }

    /// Tarjan's visit of a point not seen yet. Returns its low link.
    fn open_part<M: Model>(
        &mut self,
        model: &M,
        game: &M::G,
        point: Point,
        parts: &mut Parts,
    ) -> u32 {
        let (n, w) = (self.seats, self.weights);
        let order = parts.open.len() as u32;
        parts.seen.insert(point.key, order);
        parts.open.push(Open {
            key: point.key,
            low: order,
            own: vec![0.0; w * n],
            stay: vec![0.0; w],
            edges: Vec::new(),
        });
        let mut low = order;
        model.expand(game, &mut |probs, step| {
            let mine = order as usize;
            match step {
                Next::Over(winners) => {
                    let won = relative_winners(winners, point.anchor, n);
                    let own = &mut parts.open[mine].own;
                    for (k, &p) in own.chunks_exact_mut(n).zip(probs) {
                        add_rotated(k, p, &won, 0);
                    }
                }
                Next::Point(child) => {
                    let to = model.point(child);
                    let offset = (usize::from(to.anchor) + n - usize::from(point.anchor)) % n;
                    if to.key == point.key && offset == 0 {
                        for (s, &p) in parts.open[mine].stay.iter_mut().zip(probs) {
                            *s += p;
                        }
                        return;
                    }
                    let mut solved = self.index.get(&to.key).copied();
                    if solved.is_none() {
                        let target = if let Some(&target) = parts.seen.get(&to.key) {
                            low = low.min(target);
                            target
                        } else {
                            let target = parts.open.len() as u32;
                            low = low.min(self.open_part(model, child, to, parts));
                            target
                        };
                        solved = self.index.get(&to.key).copied();
                        if solved.is_none() {
                            // Still open: inside this point's part.
                            parts.open[mine]
                                .edges
                                .push((target, offset as u8, probs.to_vec()));
                            return;
                        }
                    }
                    let at = solved.expect("solved") as usize * w * n;
                    let values = &self.chances[at..at + w * n];
                    let own = &mut parts.open[mine].own;
                    for ((k, v), &p) in own
                        .chunks_exact_mut(n)
                        .zip(values.chunks_exact(n))
                        .zip(probs)
                    {
                        add_rotated(k, p, v, offset);
                    }
                }
            }
        });
        parts.open[order as usize].low = low;
        if low == order {
            self.close_part(parts.open.split_off(order as usize), order, &mut parts.seen);
        }
        low
    }

    /// Solve a part whose points are all open from `first` on: everything else they lead
    /// to is solved.
    fn close_part(&mut self, part: Vec<Open>, first: u32, seen: &mut KeyMap<u32>) {
        let (n, w) = (self.seats, self.weights);
        let mut solved = vec![Vec::new(); w];
        for (weight, values) in solved.iter_mut().enumerate() {
            let mut fixed = Vec::with_capacity(part.len() * n);
            let mut edges = Vec::new();
            let mut ranges = Vec::with_capacity(part.len());
            for open in &part {
                let at = fixed.len();
                fixed.extend_from_slice(&open.own[weight * n..(weight + 1) * n]);
                let from = edges.len();
                for (to, offset, probs) in &open.edges {
                    let to = (to - first) as usize;
                    edges.push((probs[weight], block_edge(to, usize::from(*offset))));
                }
                solve_out_stay(&mut fixed[at..], &mut edges[from..], open.stay[weight]);
                ranges.push((from, edges.len()));
            }
            *values = sweep_block(n, &fixed, &mut edges, &ranges);
        }
        for (b, open) in part.into_iter().enumerate() {
            seen.remove(&open.key);
            self.index.insert(open.key, self.index.len() as u32);
            for values in &solved {
                self.chances.extend_from_slice(&values[b * n..(b + 1) * n]);
            }
        }
    }

    /// Explore every point reachable from `start` that is not solved yet, and solve them.
    pub(crate) fn solve_from<M: Model>(&mut self, model: &M, start: M::G) {
        let (n, w) = (self.seats, self.weights);
        debug_assert_eq!((model.seats(), model.weights()), (n, w));
        let first = model.point(&start);
        if self.index.contains_key(&first.key) {
            return;
        }
        let mut ids = Ids::new(model, first);
        let mut keys: Vec<Key> = vec![first.key];
        let mut pending = Pending {
            seats: n,
            weights: w,
            levels: vec![first.level],
            known: vec![0.0; w * n],
            ranges: vec![(0, 0)],
            edges: Vec::new(),
            probs: Vec::new(),
        };
        *ids.entry(model, first.key) = 0;
        // Depth-first: the stack holds points found but not yet expanded.
        let mut stack: Vec<(u32, Point, M::G)> = vec![(0, first, start)];
        let mut rising = false;
        let solved_before = !self.index.is_empty();
        // One point's transitions before merging: (point, offset, where its chances are).
        let mut local: Vec<(u32, u8, usize)> = Vec::new();
        let mut local_probs: Vec<f64> = Vec::new();
        while let Some((id, point, game)) = stack.pop() {
            let at = id as usize * w * n;
            let mut total = 0.0;
            local.clear();
            local_probs.clear();
            model.expand(&game, &mut |probs, step| {
                total += probs[0];
                let known = &mut pending.known[at..at + w * n];
                match step {
                    Next::Over(winners) => {
                        let won = relative_winners(winners, point.anchor, n);
                        for (k, &p) in known.chunks_exact_mut(n).zip(probs) {
                            add_rotated(k, p, &won, 0);
                        }
                    }
                    Next::Point(child) => {
                        let to = model.point(child);
                        let offset = (usize::from(to.anchor) + n - usize::from(point.anchor)) % n;
                        if solved_before && self.index.contains_key(&to.key) {
                            for (weight, (k, &p)) in
                                known.chunks_exact_mut(n).zip(probs).enumerate()
                            {
                                let values = self.get(to.key, weight).expect("solved");
                                add_rotated(k, p, values, offset);
                            }
                            return;
                        }
                        rising |= to.level > point.level;
                        let slot = ids.entry(model, to.key);
                        if *slot == UNSEEN {
                            *slot = keys.len() as u32;
                            keys.push(to.key);
                            pending.levels.push(to.level);
                            pending.known.extend(std::iter::repeat_n(0.0, w * n));
                            pending.ranges.push((0, 0));
                            stack.push((*slot, to, child.clone()));
                        }
                        let child_id = *slot;
                        local.push((child_id, offset as u8, local_probs.len()));
                        local_probs.extend_from_slice(&probs[..w]);
                    }
                }
            });
            debug_assert!((total - 1.0).abs() < 1e-9, "transitions sum to {total}");
            // Merge transitions to the same point through the same rotation.
            local.sort_unstable_by_key(|&(to, offset, _)| (to, offset));
            let from = pending.edges.len();
            for &(to, offset, at) in &local {
                let probs = &local_probs[at..at + w];
                if pending.edges.len() > from && pending.edges.last() == Some(&(to, offset)) {
                    let len = pending.probs.len();
                    for (sum, p) in pending.probs[len - w..].iter_mut().zip(probs) {
                        *sum += p;
                    }
                } else {
                    pending.edges.push((to, offset));
                    pending.probs.extend_from_slice(probs);
                }
            }
            pending.ranges[id as usize] = (from as u32, pending.edges.len() as u32);
        }
        let solved: Vec<Vec<f64>> = (0..w)
            .map(|weight| solve(&pending, weight, rising))
            .collect();
        let base = self.index.len() as u32;
        for (i, key) in keys.into_iter().enumerate() {
            self.index.insert(key, base + i as u32);
            for values in &solved {
                self.chances.extend_from_slice(&values[i * n..(i + 1) * n]);
            }
        }
    }
}

/// The points [`Values::solve_by_parts`] has met and not solved yet, in the order met.
#[derive(Default)]
struct Parts {
    /// Each open point's place in `open`.
    seen: KeyMap<u32>,
    open: Vec<Open>,
}

/// A point met and not solved yet: its part of the chain is still open.
struct Open {
    key: Key,
    /// Tarjan's low link: the earliest open point it reaches.
    low: u32,
    /// Chance of ending now, or of reaching solved points (`weights * seats`).
    own: Vec<f64>,
    /// Chance of leading straight back to itself, under each weighting.
    stay: Vec<f64>,
    /// Transitions to open points: (place in `open`, anchor offset, chance by weighting).
    edges: Vec<(u32, u8, Vec<f64>)>,
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

/// Solve the pending points under `weight`: their win chances, `seats` per point, in id
/// order.
fn solve(pending: &Pending, weight: usize, one_block: bool) -> Vec<f64> {
    let n = pending.seats;
    let mut values = vec![0.0; pending.levels.len() * n];
    let mut order: Vec<u32> = (0..pending.levels.len() as u32).collect();
    if one_block {
        sweep_until_still(pending, weight, &order, &mut values);
        return values;
    }
    order.sort_by_key(|&i| pending.levels[i as usize]);
    for level in order.chunk_by(|&a, &b| pending.levels[a as usize] == pending.levels[b as usize]) {
        sweep_until_still(pending, weight, level, &mut values);
    }
    values
}

/// Solve `block` by Gauss-Seidel until no value changes by more than [`TOLERANCE`]. Points
/// outside the block are solved already: their share is added once, before the sweeps.
fn sweep_until_still(pending: &Pending, weight: usize, block: &[u32], values: &mut [f64]) {
    let (n, w) = (pending.seats, pending.weights);
    let mut inside = vec![u32::MAX; pending.levels.len()];
    for (b, &id) in block.iter().enumerate() {
        inside[id as usize] = b as u32;
    }
    // Each block point's fixed part, and its transitions inside the block (with a point's
    // chance of leading straight back to itself solved out).
    let mut fixed = vec![0.0; block.len() * n];
    let mut edges: Vec<(f64, u32)> = Vec::new();
    let mut ranges = Vec::with_capacity(block.len());
    for (b, &id) in block.iter().enumerate() {
        let base = &mut fixed[b * n..(b + 1) * n];
        base.copy_from_slice(pending.known(id, weight));
        let from = edges.len();
        let mut stay = 0.0;
        for e in pending.range(id) {
            let (to, offset) = pending.edges[e];
            let p = pending.probs[e * w + weight];
            let offset = usize::from(offset);
            if to == id && offset == 0 {
                stay += p;
            } else if inside[to as usize] != u32::MAX {
                edges.push((p, block_edge(inside[to as usize] as usize, offset)));
            } else {
                let at = to as usize * n;
                add_rotated(base, p, &values[at..at + n], offset);
            }
        }
        solve_out_stay(base, &mut edges[from..], stay);
        ranges.push((from, edges.len()));
    }
    let solved = sweep_block(n, &fixed, &mut edges, &ranges);
    for (b, &id) in block.iter().enumerate() {
        let at = id as usize * n;
        values[at..at + n].copy_from_slice(&solved[b * n..(b + 1) * n]);
    }
}

/// A point's chance `stay` of leading straight back to itself, solved out of its fixed part
/// and its transitions inside the block: what [`sweep_block`] asks of them beforehand.
pub(crate) fn solve_out_stay(fixed: &mut [f64], edges: &mut [(f64, u32)], stay: f64) {
    let keep = 1.0 / (1.0 - stay);
    for v in fixed {
        *v *= keep;
    }
    for edge in edges {
        edge.0 *= keep;
    }
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

/// Solve a block of points by Gauss-Seidel until no value changes by more than
/// [`TOLERANCE`], from each point's fixed part (`seats` values a point) and its transitions
/// inside the block, `ranges[b]` of `edges` for point `b` (probability, and the target as
/// [`block_edge`] gives it), into `seats` values a point. A point's chance of leading
/// straight back to itself must be solved out beforehand. Each point's transitions are
/// sorted by offset first: the sweeps sum those of one offset as they are and rotate the
/// sum once (rotating each as it was read ran 17 instructions a value, callgrind).
pub(crate) fn sweep_block(
    n: usize,
    fixed: &[f64],
    edges: &mut [(f64, u32)],
    ranges: &[(usize, usize)],
) -> Vec<f64> {
    for &(from, to) in ranges {
        edges[from..to].sort_unstable_by_key(|&(_, target)| target & 15);
    }
    let sweep = Sweep {
        fixed,
        edges,
        ranges,
    };
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

/// One block's Gauss-Seidel problem: fixed parts, and transitions inside the block.
struct Sweep<'a> {
    fixed: &'a [f64],
    edges: &'a [(f64, u32)],
    ranges: &'a [(usize, usize)],
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
        let mut values = vec![Aligned([0.0; N]); self.ranges.len()];
        for _ in 0..MAX_SWEEPS {
            let mut change: f64 = 0.0;
            for (b, &(from, to)) in self.ranges.iter().enumerate() {
                let mut fresh: [f64; N] =
                    self.fixed[b * N..(b + 1) * N].try_into().expect("N values");
                // The transitions come sorted by offset: each run of one offset is summed
                // as it is, then rotated once.
                let mut run = [0.0; N];
                let mut run_offset = 0;
                for &(p, target) in &self.edges[from..to] {
                    let offset = (target & 15) as usize;
                    if offset != run_offset {
                        add_rotated(&mut fresh, 1.0, &run, run_offset);
                        run = [0.0; N];
                        run_offset = offset;
                    }
                    let theirs = &values[(target >> 4) as usize].0;
                    for i in 0..N {
                        run[i] += p * theirs[i];
                    }
                }
                add_rotated(&mut fresh, 1.0, &run, run_offset);
                let mine = &mut values[b].0;
                for i in 0..N {
                    change = change.max((fresh[i] - mine[i]).abs());
                }
                *mine = fresh;
            }
            if change <= TOLERANCE {
                break;
            }
        }
        values.iter().flat_map(|point| point.0).collect()
    }
}
