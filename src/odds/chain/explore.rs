//! Exploring a chain: every point reachable from a position and not solved yet, found
//! depth first or a level at a time on every core, with what each knows at once and its
//! transitions to the rest, handed to the solve ([`Values::settle`]). Apart from the solve,
//! because finding the points is the engine's work and solving them is arithmetic.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use super::{
    Key, KeyHasher, KeyMap, Known, MOST_BATCH, Model, Next, Pending, Point, SetsUp, Values,
    add_rotated, block_edge, in_runs, on_threads, relative_winners,
};

impl Values {
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
}

/// Room in `items` for `more`, growing by a quarter rather than doubling: the chain's
/// transitions, its biggest vectors while it is explored, would otherwise take up to twice
/// the memory they use.
fn make_room<T>(items: &mut Vec<T>, more: usize) {
    if items.capacity() - items.len() < more {
        items.reserve_exact(more.max(items.len() / 4));
    }
}

/// Most weightings [`Values::solve_by_levels`] takes.
const MOST_WEIGHTS: usize = 8;

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
