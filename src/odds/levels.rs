//! The exact solve of a dice game's whole chain below a position, one level at a time from
//! the bottom, holding at most two levels' transitions at once: the level being swept and
//! the next, expanded meanwhile.
//!
//! [`super::chain`] explores the points reachable from a position through the engine and
//! keeps every transition of every point until it has them all, then solves: at LCR's seven
//! players of three chips (1.2 million points, 18 million transitions) that took about 4 s
//! and 500 MB. Here the chain is the same, solved in another order: every point of a level
//! (chips or dice still in play) is set up directly ([`DiceGame::at_point`]) and expanded
//! through the engine, its transitions to lower levels are folded into a fixed part (at
//! once where solved already; those into the level below once its sweep is done), and only
//! the transitions inside the level are kept, for the Gauss-Seidel sweeps of
//! [`sweep_block`], until the level is solved. Points are found by the model's dense
//! numbering, not a hash map, and their values kept in that order.
//!
//! The solve lists every holding of at most the position's chips, reachable or not: for
//! the dice games nearly all are.

use crate::games::MAX_SEATS;

use super::chain::{
    BlockRun, Model, Next, Point, add_rotated, block_edge, edge_parts, in_runs, on_threads,
    prefetch, relative_winners, solve_out_stay, sweep_block, threads,
};
use super::dice::{DiceGame, DiceModel, Placed, is_roll_point};

/// A point of a level: holdings from seat 0, phase code, place in the schedule.
type LevelPoint = ([u8; MAX_SEATS], u8, u8);

/// A point not set up (yet): zero, so that the table of slots starts as the system's
/// untouched zero pages, and the pages of numbers no point has (most of them, where a game
/// has phases or a schedule) stay so.
const UNSOLVED: u32 = 0;

/// A point found in its level, not yet given its place among the level's.
const FOUND: u32 = u32::MAX;

/// Win chances of every point at or below a position's level, counted from each point's
/// anchor.
pub(crate) struct Levels {
    /// The position the numbering is counted from.
    top: Point,
    seats: usize,
    /// The value slot of each numbered point, plus one ([`UNSOLVED`] is zero).
    slots: Vec<u32>,
    /// `seats` a slot.
    values: Vec<f64>,
}

impl Levels {
    /// Solve every point at or below `start`'s level. `None` when the game does not set
    /// up its points, or a transition leads to a point it did not set up (or up a level).
    pub(crate) fn solve<G: DiceGame>(model: &DiceModel<G>, start: &G) -> Option<Self> {
        let top = model.point(start);
        let size = model.numbering(&top)?;
        let n = model.seats();
        let mut levels = Levels {
            top,
            seats: n,
            slots: vec![UNSOLVED; size],
            values: Vec::new(),
        };
        let period = start.schedule().1;
        // Points given a slot so far: a level's points are placed while the level below is
        // still being swept.
        let mut placed = 0;
        // Each level is swept on a thread of its own while this one sets up and expands
        // the next: only the transitions into the level being swept wait for its values.
        std::thread::scope(|scope| {
            let mut sweeping: Option<std::thread::ScopedJoinHandle<'_, Vec<f64>>> = None;
            for level in 0..=top.level {
                let points = levels.find_level(model, start, level, period, placed);
                let base = placed;
                placed += points.len();
                let expanded = levels.expand_level(model, start, level, base, &points)?;
                join_sweep(sweeping.take(), &mut levels.values);
                let runs: Vec<BlockRun> = expanded
                    .into_iter()
                    .map(|run| run.fold_waiting(&levels.values, n))
                    .collect();
                sweeping = Some(scope.spawn(move || sweep_block(n, &runs)));
            }
            join_sweep(sweeping, &mut levels.values);
            Some(())
        })?;
        Some(levels)
    }

    /// Find and place the points of `level`, placed from slot `base`. Set up on every core,
    /// a run of holdings each (each point set up afresh when expanded: keeping them would
    /// hold a whole level of games); then, in the order found, each point kept the first
    /// time its number comes, and given its place by [`SweepOrder::rank`].
    fn find_level<G: DiceGame>(
        &mut self,
        model: &DiceModel<G>,
        start: &G,
        level: u32,
        period: u8,
        base: usize,
    ) -> Vec<(LevelPoint, usize)> {
        let n = self.seats;
        let top = self.top;
        let mut holdings: Vec<[u8; MAX_SEATS]> = Vec::new();
        for_each_holding(level, n, &mut |held| {
            let mut counts = [0; MAX_SEATS];
            counts[..n].copy_from_slice(held);
            holdings.push(counts);
        });
        let runs = in_runs(&holdings, threads());
        let candidates = on_threads(&runs, |run| {
            let mut points = Vec::new();
            for held in run {
                for phase in 0..G::PHASES as u8 {
                    for position in 0..period {
                        let Some(game) = start.at_point(&held[..n], phase, position) else {
                            continue;
                        };
                        if is_roll_point(&game) {
                            let number = model.place(&top, &game).number;
                            points.push(((*held, phase, position), number));
                        }
                    }
                }
            }
            points
        });
        drop(holdings);
        let order = SweepOrder::new(n);
        let mut found: Vec<(LevelPoint, usize, u32)> = Vec::new();
        for (point, number) in candidates.into_iter().flatten() {
            if self.slots[number] == UNSOLVED {
                self.slots[number] = FOUND;
                found.push((point, number, order.rank(&point.0[..n], point.2)));
            }
        }
        // Stable: points of one rank stay in the order found.
        found.sort_by_key(|&(_, _, rank)| rank);
        for (place, &(_, number, _)) in found.iter().enumerate() {
            self.slots[number] = (base + place + 1) as u32;
        }
        found
            .into_iter()
            .map(|(point, number, _)| (point, number))
            .collect()
    }

    /// Expand the points of `level` (each with its number), placed from slot `base`, in runs
    /// on every core (each point's fixed part and transitions are its own, so the level is
    /// the same on any number of threads), in order.
    fn expand_level<G: DiceGame>(
        &self,
        model: &DiceModel<G>,
        start: &G,
        level: u32,
        base: usize,
        points: &[(LevelPoint, usize)],
    ) -> Option<Vec<Expanded>> {
        let runs = in_runs(points, threads());
        on_threads(&runs, |run| self.expand(model, start, level, base, run))
            .into_iter()
            .collect()
    }

    /// Expand a run of the points of `level` (the first of the level numbered from slot
    /// `base`, `run` somewhere among them): each point's transitions to lower levels, solved
    /// already, folded into its fixed part, those inside the level kept. `None` when a
    /// transition leads to a point not set up, or up a level.
    fn expand<G: DiceGame>(
        &self,
        model: &DiceModel<G>,
        start: &G,
        level: u32,
        base: usize,
        run: &[(LevelPoint, usize)],
    ) -> Option<Expanded> {
        let n = self.seats;
        let mut fixed = vec![0.0; run.len() * n];
        let (mut chances, mut targets) = (Vec::new(), Vec::new());
        // A point's transitions inside the level, merged and scaled before they are kept.
        let mut edges: Vec<(f64, u32)> = Vec::new();
        let mut ranges = Vec::with_capacity(run.len());
        // A point's ways on: chance, and the point led to.
        let mut children: Vec<(f64, Placed)> = Vec::new();
        // Points whose values are in: the level below may still be being swept.
        let solved = self.values.len() / n;
        let mut waiting = Vec::new();
        for (r, &((held, phase, position), number)) in run.iter().enumerate() {
            let game = start
                .at_point(&held[..n], phase, position)
                .expect("set up before");
            let own_slot = self.slot(number).expect("placed before");
            let own = &mut fixed[r * n..(r + 1) * n];
            edges.clear();
            let waiting_from = waiting.len();
            let mut stay = 0.0;
            let mut lost = false;
            // The ways on are listed first and their slots and values read after, each
            // asked for before any is read: they lie anywhere in tables of tens of
            // megabytes, and read one by one as the engine gave them, each waited on
            // memory in turn.
            children.clear();
            model.expand(&game, &mut |probs, step| match step {
                Next::Over(winners) => {
                    add_rotated(own, probs[0], &relative_winners(winners, 0, n), 0);
                }
                Next::Point(child) => {
                    let to = model.place(&self.top, child);
                    if to.level > level {
                        lost = true;
                    } else {
                        prefetch(&self.slots[to.number]);
                        children.push((probs[0], to));
                    }
                }
            });
            if lost {
                return None;
            }
            for &(_, to) in &children {
                if let Some(slot) = self.slot(to.number)
                    && to.level < level
                    && slot < solved
                {
                    prefetch(&self.values[slot * n]);
                }
            }
            for &(p, to) in &children {
                let slot = self.slot(to.number)?;
                let offset = usize::from(to.anchor);
                if to.level < level && slot < solved {
                    add_rotated(own, p, &self.values[slot * n..(slot + 1) * n], offset);
                } else if to.level < level {
                    waiting.push((r as u32, p, block_edge(slot, offset)));
                } else if slot == own_slot && offset == 0 {
                    stay += p;
                } else {
                    edges.push((p, block_edge(slot - base, offset)));
                }
            }
            merge_alike(&mut edges);
            let keep = solve_out_stay(own, &mut edges, stay);
            for (_, p, _) in &mut waiting[waiting_from..] {
                *p *= keep;
            }
            let from = chances.len();
            chances.extend(edges.iter().map(|&(p, _)| p));
            targets.extend(edges.iter().map(|&(_, target)| target));
            ranges.push((from, chances.len()));
        }
        Some(Expanded {
            points: BlockRun {
                fixed,
                chances,
                targets,
                ranges,
            },
            waiting,
        })
    }

    /// The win chances by absolute seat at `point`, if it is solved here.
    pub(crate) fn absolute<G: DiceGame>(
        &self,
        model: &DiceModel<G>,
        point: Point,
    ) -> Option<Vec<f64>> {
        if point.level > self.top.level {
            return None;
        }
        let number = model.number(&self.top, point.key);
        if number >= self.slots.len() {
            return None;
        }
        let n = self.seats;
        let at = self.slot(number)? * n;
        let mut out = vec![0.0; n];
        add_rotated(
            &mut out,
            1.0,
            &self.values[at..at + n],
            usize::from(point.anchor),
        );
        Some(out)
    }

    /// The value slot of the point numbered `number`, if it is set up.
    #[inline]
    fn slot(&self, number: usize) -> Option<usize> {
        self.slots[number].checked_sub(1).map(|slot| slot as usize)
    }

    /// Points solved.
    pub(crate) fn len(&self) -> usize {
        self.values.len() / self.seats
    }

    /// About how many bytes the solved levels hold.
    pub(crate) fn kept_bytes(&self) -> usize {
        self.slots.capacity() * 4 + self.values.capacity() * 8
    }
}

/// A run of a level's points expanded: the points as the sweep reads them, and the
/// transitions into a level whose values were not in yet, to fold into the fixed parts once
/// they are (the run's point, the chance scaled as the point's other ways on are, and the
/// slot and offset as [`block_edge`] packs them).
struct Expanded {
    points: BlockRun,
    waiting: Vec<(u32, f64, u32)>,
}

impl Expanded {
    /// The points, with the waiting transitions folded into their fixed parts from
    /// `values` (`seats` a slot), which now hold the level they lead to.
    fn fold_waiting(mut self, values: &[f64], seats: usize) -> BlockRun {
        for &(point, p, target) in &self.waiting {
            let (slot, offset) = edge_parts(target);
            let point = point as usize;
            add_rotated(
                &mut self.points.fixed[point * seats..(point + 1) * seats],
                p,
                &values[slot * seats..(slot + 1) * seats],
                offset,
            );
        }
        self.points
    }
}

/// The values of the level being swept, if one is, added to `values` once its sweep is done.
fn join_sweep(
    sweeping: Option<std::thread::ScopedJoinHandle<'_, Vec<f64>>>,
    values: &mut Vec<f64>,
) {
    if let Some(sweep) = sweeping {
        let level = sweep.join().expect("a level's sweep");
        // Room for this level alone: doubled, the values took up to twice their memory.
        values.reserve_exact(level.len());
        values.extend_from_slice(&level);
    }
}

/// The order [`sweep_block`] meets a level's points in: it sweeps from the last point to
/// the first, so from the highest [`SweepOrder::rank`] down, and Gauss-Seidel reads the new
/// value of every point swept before the one it works on.
struct SweepOrder {
    /// Each seat's place on a circle, counted from the seat about to roll: seat `j` at
    /// `j / n` of a turn, as (cos, sin).
    seats: [(f64, f64); MAX_SEATS],
    n: usize,
}

/// Sectors a seat's width of the circle is cut into: see [`SweepOrder::rank`].
const SECTORS_A_SEAT: f64 = 4.0;

impl SweepOrder {
    fn new(n: usize) -> Self {
        let mut seats = [(0.0, 0.0); MAX_SEATS];
        for (j, seat) in seats.iter_mut().enumerate().take(n) {
            let turn = std::f64::consts::TAU * j as f64 / n as f64;
            *seat = (turn.cos(), turn.sin());
        }
        SweepOrder { seats, n }
    }

    /// Where a point of these holdings (counted from the seat about to roll), at this place
    /// in the schedule, stands in its level's order.
    ///
    /// First the place in the schedule: every roll moves it on by one, so the points of the
    /// next place are swept first and only the schedule's wrap reads a value a sweep old.
    /// Aces in the Pot of nine players of one chip with pass-alternate (a schedule of
    /// eighteen turns) solved in 0.55-0.58 s against 1.17 s with the holdings alone, 1.7e-12
    /// from a solve to 1e-15 against 5.3e-12.
    ///
    /// Then the holdings' bearing: the chips as weights on a circle of seats, the direction
    /// of their centre seen from the middle. A roll that moves nothing hands the dice on and
    /// turns the holdings one seat, and their bearing a seat's width back; ranked against
    /// the bearing, the point rolled to next is swept first at every turn of the circle but
    /// one, however the chips lie. A roll that moves chips moves the bearing less. The
    /// bearing is cut into [`SECTORS_A_SEAT`] sectors a seat; within one, the rank
    /// `sum (n - 1 - j) * held[j]`, which rises with a turn whenever the roller holds less
    /// than a fair share (the order before the bearing: 24% fewer point-sweeps than the
    /// order the points are listed at LCR of seven). With the bearing (release builds
    /// alternated): LCR of seven in 1.43-1.46 s against 1.83-1.88 s, and 2.3e-13 from a
    /// solve to 1e-15 against 2.4e-12; Aces in the Pot of eight in 0.69-0.73 s against
    /// 0.77-0.81 s. Four sectors a seat: LCR of seven took 1.54-1.56 s, against 1.58-1.59 s
    /// at two or eight, 1.60-1.62 s at one and 1.65-1.67 s at sixteen.
    fn rank(&self, held: &[u8], position: u8) -> u32 {
        let n = self.n;
        let (mut x, mut y) = (0.0, 0.0);
        for (&h, &(cos, sin)) in held.iter().zip(&self.seats) {
            x += f64::from(h) * cos;
            y += f64::from(h) * sin;
        }
        // From 0 to 1 against the way seats are counted. Chips lying evenly have their
        // centre in the middle and no bearing to speak of (the rounding's): the sector is
        // arbitrary there, if always the same, and the linear rank orders them within it.
        let bearing = 1.0 - y.atan2(x).rem_euclid(std::f64::consts::TAU) / std::f64::consts::TAU;
        let sector = (bearing * SECTORS_A_SEAT * n as f64) as u32;
        let holdings: u32 = held
            .iter()
            .enumerate()
            .map(|(j, &h)| (n - 1 - j) as u32 * u32::from(h))
            .sum();
        // The holdings' rank is below (MAX_SEATS - 1) x MOST_HELD, under 2^10; the sectors
        // below 4 x MAX_SEATS + 1, under 2^6.
        u32::from(position) << 16 | sector << 10 | holdings
    }
}

/// Merge a point's transitions that lead to the same point through the same offset (rolls
/// alike in effect: most of Aces in the Pot's ordered rolls), leaving them sorted by offset
/// as [`sweep_block`] reads them.
fn merge_alike(edges: &mut Vec<(f64, u32)>) {
    edges.sort_unstable_by_key(|&(_, target)| (target & 15, target >> 4));
    let mut kept = 0;
    for at in 0..edges.len() {
        if kept > 0 && edges[kept - 1].1 == edges[at].1 {
            edges[kept - 1].0 += edges[at].0;
        } else {
            edges[kept] = edges[at];
            kept += 1;
        }
    }
    edges.truncate(kept);
}

/// Call `visit` with every way of holding exactly `total` among `seats` seats.
fn for_each_holding(total: u32, seats: usize, visit: &mut dyn FnMut(&[u8])) {
    fn fill(held: &mut Vec<u8>, left: u32, seats: usize, visit: &mut dyn FnMut(&[u8])) {
        if held.len() + 1 == seats {
            held.push(left as u8);
            visit(held);
            held.pop();
            return;
        }
        for here in 0..=left {
            held.push(here as u8);
            fill(held, left - here, seats, visit);
            held.pop();
        }
    }
    fill(&mut Vec::with_capacity(seats), total, seats, visit);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::aces_in_the_pot::AcesInThePot;
    use crate::games::lcr::Lcr;
    use crate::games::{BotLevel, Events, GameId, Settings, SettingsRequest, game_rng};
    use crate::odds::chain::Values;
    use crate::table::step_without_humans;

    /// The level solve and the chain explored from the start give the same win chances
    /// at the start and at every roll of a few bots-only games.
    fn agree<G: DiceGame>(
        make: fn(Settings) -> G,
        game: GameId,
        players: u8,
        chips: u8,
        variants: &[&str],
    ) {
        let settings = Settings::new(
            game,
            &SettingsRequest {
                players: Some(players),
                chips: Some(chips),
                variants: variants.iter().map(|&v| v.to_owned()).collect(),
                ..SettingsRequest::default()
            },
        )
        .expect("settings");
        let start = make(settings);
        let model = DiceModel::new(&start);
        let levels = Levels::solve(&model, &start).expect("the game sets up its points");
        let mut explored = Values::new(model.seats(), 1);
        explored.solve_from(&model, start.clone());
        let levels_bots = vec![BotLevel::Standard; usize::from(players)];
        let mut compared = 0;
        for seed in 0..4 {
            let mut game = start.clone();
            let mut rng = game_rng(seed, 0);
            let mut events = Events::discarding();
            loop {
                if is_roll_point(&game) {
                    let point = model.point(&game);
                    let ours = levels.absolute(&model, point).expect("solved by level");
                    let theirs = explored.absolute(point, 0).expect("explored");
                    for (a, b) in ours.iter().zip(&theirs) {
                        assert!(
                            (a - b).abs() < 1e-9,
                            "{game:?} {variants:?}: {ours:?} against {theirs:?}"
                        );
                    }
                    compared += 1;
                }
                if step_without_humans(&mut game, &levels_bots, &mut rng, &mut events).is_none() {
                    break;
                }
            }
        }
        assert!(compared > 8, "{compared} positions compared");
    }

    #[test]
    fn lcr_by_level_is_lcr_explored() {
        for players in 3..=5 {
            agree(Lcr::new, GameId::Lcr, players, 3, &[]);
        }
        agree(Lcr::new, GameId::Lcr, 4, 3, &["wild"]);
        agree(Lcr::new, GameId::Lcr, 4, 3, &["jackpot"]);
        agree(Lcr::new, GameId::Lcr, 3, 4, &[]);
    }

    #[test]
    fn aces_in_the_pot_by_level_is_aces_in_the_pot_explored() {
        for players in 3..=6 {
            agree(AcesInThePot::new, GameId::AcesInThePot, players, 2, &[]);
        }
        for variants in [
            &["reversed-faces"][..],
            &["ace-finale"],
            &["pass-right"],
            &["one-finale"],
            &["pass-alternate"],
            &["buy-throw"],
            &["pass-alternate", "buy-throw", "ace-finale"],
        ] {
            agree(AcesInThePot::new, GameId::AcesInThePot, 4, 2, variants);
        }
        agree(AcesInThePot::new, GameId::AcesInThePot, 3, 3, &[]);
    }
}
