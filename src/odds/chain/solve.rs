//! Solving an explored chain: its points level by level from the bottom, a point with no
//! transition inside its level at once and the coupled rest by Gauss-Seidel. Apart from the
//! exploring, because either way of exploring hands its points here alike.

use super::{
    BlockRun, KeyMap, MOST_BATCH, Pending, Values, block_edge, edge_parts, in_runs, on_threads,
    solve_out_stay, sweep_block,
};

impl Values {
    /// Solve the pending points and keep their win chances after those solved before
    /// (`numbered`: each point's key and id): level by level from the bottom (or, if a
    /// level can rise, all as one block), a point with no transition inside its block at
    /// once and the block's coupled points by Gauss-Seidel ([`Values::solve_coupled`]). A
    /// block's fixed parts (what its points know, and their
    /// transitions to the levels below, solved and kept already) are added up on up to
    /// `threads` threads, each point's in its transitions' order. A block's transitions
    /// are let go once it is solved, if they were the last kept, so the chain's values
    /// take the place of its transitions.
    pub(super) fn settle(
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
    /// [`TOLERANCE`](super::TOLERANCE): the rest of the block is solved and kept, so their transitions to it
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
