//! The Gauss-Seidel sweep of a block of coupled points, the solvers' hot loop: its own file,
//! since the chain and the level solve of `levels` both hand their blocks to it, and its
//! speed rests on the layout of what it reads (packed transitions, aligned values,
//! prefetching) rather than on the chain.

use super::{TOLERANCE, add_rotated};

/// Gauss-Seidel sweeps allowed per level before the solver gives up on the tolerance.
const MAX_SWEEPS: usize = 100_000;

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
