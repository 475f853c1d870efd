//! Work shared out over threads, in runs of consecutive items whose results come back in
//! order: how the chains (and the rounds measured for them) use every core and still give
//! the same answer on any number of threads.

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

/// Fewest points one thread expands or adds up at a time: fewer cost less than starting
/// the thread.
const LEAST_RUN: usize = 32;
