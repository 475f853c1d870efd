//! One harness over every game: every legal player count, the variant configurations (none,
//! each alone, all together), the ends of every settings range, every bot level and a
//! random-legal-action policy, over many seeds. After every step it checks what
//! `support::invariants` lists: conservation, the step bound, turn / legal actions / chance
//! agreeing, every listed action accepted, every unlisted one and every wrong chance
//! outcome refused without a trace, clones equal, replays equal, sane figures at the end.
//!
//! Every case of every game is one test, played on every core (see [`sweep_all`]);
//! `PARLOR_SWEEP=lcr,swedish-aces` sweeps those games alone.
//!
//! `the_checks_can_fail` at the bottom plays deliberately broken games through the same
//! checks and expects each fault to be caught.

use crate::support::invariants;

use std::num::NonZero;
use std::panic::resume_unwind;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use invariants::{
    Case, Policy, level_sets, play_checked, playable_games, settings, size_requests, step_bound,
    variant_sets,
};
use parlor::games::{Events, GameId, RunSeed, Settings, SettingsRequest, Turn, new_game};
use parlor::sim::play_out_fast;
use parlor::table::{Progress, Table, step_without_humans};
use rand::Rng;

/// Seeds per configuration at the default sizes.
const SEEDS: u64 = 1000;
/// Seeds per configuration at the ends of the chips / dice / lives ranges.
const EXTREME_SEEDS: u64 = 100;

/// A configuration to play, and how many seeds.
struct Config {
    settings: Settings,
    seeds: u64,
}

/// Every legal player count x variant configuration x sizes (defaults with [`SEEDS`], the
/// ends of each range with [`EXTREME_SEEDS`]).
fn configs(game: GameId) -> Vec<Config> {
    let (low, high, _) = game.ranges().players;
    let mut configs = Vec::new();
    for players in low..=high {
        for variants in variant_sets(game) {
            for (i, sizes) in size_requests(game).into_iter().enumerate() {
                let request = SettingsRequest {
                    players: Some(players),
                    variants: variants.iter().map(|v| v.name().to_owned()).collect(),
                    ..sizes
                };
                let defaults = i == 0;
                configs.push(Config {
                    settings: settings(game, &request),
                    seeds: if defaults { SEEDS } else { EXTREME_SEEDS },
                });
            }
        }
    }
    configs
}

/// The bot games of a configuration. The line-ups (every level of the game at every seat,
/// and a mix) take the seeds in turn, so with k line-ups each plays every k-th seed.
fn bot_cases(config: &Config) -> Vec<Case> {
    let line_ups = level_sets(config.settings.game, config.settings.players);
    (0..config.seeds)
        .map(|seed| Case {
            settings: config.settings,
            seed,
            policy: Policy::Bots(line_ups[(seed % line_ups.len() as u64) as usize].clone()),
        })
        .collect()
}

/// The random-legal-action games of a configuration: one per seed.
fn random_cases(config: &Config) -> Vec<Case> {
    (0..config.seeds)
        .map(|seed| Case {
            settings: config.settings,
            seed,
            policy: Policy::RandomLegal,
        })
        .collect()
}

/// Games played, steps taken, time, and the longest game against its bound.
#[derive(Default)]
struct Tally {
    games: u64,
    steps: u64,
    longest: usize,
    longest_bound: usize,
    longest_case: String,
}

impl Tally {
    fn add(&mut self, case: &Case, steps: usize) {
        self.games += 1;
        self.steps += steps as u64;
        if steps > self.longest {
            self.longest = steps;
            self.longest_bound = step_bound(&case.settings);
            self.longest_case = case.to_string();
        }
    }

    /// Both tallies as one.
    fn merge(self, other: &Tally) -> Tally {
        let longest = if other.longest > self.longest {
            other
        } else {
            &self
        };
        Tally {
            games: self.games + other.games,
            steps: self.steps + other.steps,
            longest: longest.longest,
            longest_bound: longest.longest_bound,
            longest_case: longest.longest_case.clone(),
        }
    }
}

/// One game under one policy: its cases, and what else to check of each finished run.
struct Sweep {
    game: GameId,
    policy: &'static str,
    cases: Vec<Case>,
    also: fn(&Case, &invariants::Run),
}

/// Both sweeps of `game`: its bots' games (each also played at a table) and its random
/// legal actions'.
fn sweeps_of(game: GameId) -> [Sweep; 2] {
    let cases = |of: fn(&Config) -> Vec<Case>| configs(game).iter().flat_map(of).collect();
    [
        Sweep {
            game,
            policy: "bots",
            cases: cases(bot_cases),
            also: same_as_at_a_table,
        },
        Sweep {
            game,
            policy: "random legal actions",
            cases: cases(random_cases),
            also: |_, _| {},
        },
    ]
}

/// The games to sweep: every one, or those `PARLOR_SWEEP` names (game ids, comma
/// separated), to look into one game's sweep alone.
fn games_to_sweep() -> Vec<GameId> {
    match std::env::var("PARLOR_SWEEP") {
        Ok(names) => names
            .split(',')
            .map(|name| name.trim().parse().expect("PARLOR_SWEEP names games by id"))
            .collect(),
        Err(_) => GameId::ALL.to_vec(),
    }
}

/// Play every case of `sweeps` under every check, then its sweep's `also`, on every core:
/// each thread takes the next case not yet taken. Print a tally of each sweep (shown with
/// `--nocapture`).
///
/// One test on every core rather than a test (or two halves) for each game: tests run two
/// at a time on two cores, and one that waits on a socket or a clock (the host's) left its
/// core idle beside another single-threaded test. Beside this one, its core is not idle.
fn sweep_all(sweeps: &[Sweep]) {
    let start = Instant::now();
    let work: Vec<(usize, &Case)> = sweeps
        .iter()
        .enumerate()
        .flat_map(|(at, sweep)| sweep.cases.iter().map(move |case| (at, case)))
        .collect();
    let taken = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let workers = std::thread::available_parallelism().map_or(1, NonZero::get);
    let tallies: Vec<Vec<Tally>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    // A case that fails stops the others taking more.
                    let _stop = StopOnPanic(&failed);
                    let mut tallies: Vec<Tally> = sweeps.iter().map(|_| Tally::default()).collect();
                    while !failed.load(Ordering::Relaxed) {
                        let Some(&(at, case)) = work.get(taken.fetch_add(1, Ordering::Relaxed))
                        else {
                            break;
                        };
                        let run = play_checked(case);
                        (sweeps[at].also)(case, &run);
                        tallies[at].add(case, run.steps);
                    }
                    tallies
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().unwrap_or_else(|panic| resume_unwind(panic)))
            .collect()
    });
    for (at, sweep) in sweeps.iter().enumerate() {
        let tally = tallies
            .iter()
            .map(|of_worker| &of_worker[at])
            .fold(Tally::default(), Tally::merge);
        eprintln!(
            "{}, {}: {} games, {} steps, longest {} of bound {} {}",
            sweep.policy,
            sweep.game,
            tally.games,
            tally.steps,
            tally.longest,
            tally.longest_bound,
            tally.longest_case
        );
    }
    eprintln!(
        "{} games on {} threads in {:.1} s",
        work.len(),
        tallies.len(),
        start.elapsed().as_secs_f64()
    );
}

/// Sets its flag if the thread panics while it is alive.
struct StopOnPanic<'a>(&'a AtomicBool);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// A bots-only table played to the end, with `bound` steps at most.
fn table_play(case: &Case) -> Table {
    let Policy::Bots(levels) = &case.policy else {
        panic!("tables seat bots only: {case}");
    };
    let _name = invariants::NameOnPanic(case);
    let mut table = Table::new(
        case.settings,
        crate::support::seats(levels, false),
        case.seed,
    );
    for _ in 0..=step_bound(&case.settings) {
        match table.advance() {
            Progress::Stepped(_) => {}
            Progress::Over => return table,
            Progress::WaitingFor(seat) => panic!("an all-bot table waits for seat {seat}: {case}"),
        }
    }
    panic!("step bound exceeded at the table: {case}");
}

/// The checked run under bots drove them exactly as a table does: the same seed at a table
/// must give the same history, log and final state. This is also the sweep's test of "same
/// seed, same game": the table and the checked run are two plays of one seed (and the run's
/// history is replayed a third time), so a table that dealt differently from one play to the
/// next, or a bot whose choice hung on anything but the game, would differ here.
fn same_as_at_a_table(case: &Case, run: &invariants::Run) {
    let table = table_play(case);
    assert_eq!(table.game().turn(), Turn::Over, "{case}");
    assert!(table.game().legal_actions().is_empty(), "{case}");
    assert!(
        table.history() == run.history.as_slice(),
        "same seed, different history: a table and the checked run differ {case}"
    );
    assert!(
        table.log() == run.log.as_slice(),
        "same seed, different event log: a table and the checked run differ {case}"
    );
    assert!(
        table.game().same_state(run.game.as_ref()),
        "same seed, different final state: a table and the checked run differ {case}"
    );
}

/// Every game, under its bots and under random legal actions, keeps the invariants at every
/// step of every case.
#[test]
fn every_game_keeps_the_invariants_under_bots_and_random_legal_actions() {
    let sweeps: Vec<Sweep> = games_to_sweep().into_iter().flat_map(sweeps_of).collect();
    sweep_all(&sweeps);
}

/// A game played out unwatched (the simulator's way, where a game has one) ends in the state
/// stepping with bots ends in, having drawn the same words: from the start of every
/// configuration, and from part way through, over many seeds. Where no game has a way of its
/// own the test would pass having checked nothing: it counts the games played out.
#[test]
fn playing_out_unwatched_ends_as_stepping_does() {
    let mut played_out = std::collections::BTreeMap::new();
    for game in GameId::ALL {
        for config in configs(game) {
            let levels = &level_sets(game, config.settings.players)[0];
            for seed in 0..40 {
                let mut stepped = new_game(config.settings);
                let mut rng = RunSeed::new(seed).game(seed);
                let mut events = Events::discarding();
                // Some games start from their first step, others part way through.
                for _ in 0..seed % 7 * 3 {
                    step_without_humans(stepped.as_mut(), levels, &mut rng, &mut events);
                }
                let mut unwatched = stepped.clone_box();
                let mut unwatched_rng = rng.clone();
                let label = format!("{game} {} seed {seed}", config.settings.signature());
                if !play_out_fast(unwatched.as_mut(), &mut unwatched_rng) {
                    assert!(unwatched.same_state(stepped.as_ref()), "{label}: changed");
                    continue;
                }
                *played_out.entry(game).or_insert(0) += 1;
                while step_without_humans(stepped.as_mut(), levels, &mut rng, &mut events).is_some()
                {
                }
                assert!(
                    unwatched.same_state(stepped.as_ref()),
                    "{label}: played out unwatched {unwatched:?}, stepped {stepped:?}"
                );
                assert_eq!(
                    unwatched_rng.next_u64(),
                    rng.next_u64(),
                    "{label}: other words drawn"
                );
            }
        }
    }
    for game in [GameId::Lcr, GameId::AcesInThePot] {
        assert!(played_out.contains_key(&game), "{game}: {played_out:?}");
    }
}

/// Every game is played.
#[test]
fn the_harness_covers_every_game() {
    for game in GameId::ALL {
        assert!(playable_games().contains(&game));
        let game_state = new_game(Settings::defaults(game));
        assert_ne!(game_state.turn(), Turn::Over, "{game} starts over");
        assert!(!configs(game).is_empty());
    }
}

/// Deliberately broken games through the same checks: each fault must be caught, with the
/// message naming it. A faithful wrapper must pass, so it is the fault that is caught.
mod the_checks_can_fail {
    use std::sync::atomic::{AtomicU32, Ordering};

    use parlor::games::{
        Action, Actions, BotLevel, Chance, ChanceSpec, Conserved, Dice, Event, Events, Figures,
        Game, GameError, GameId, GameRng, GameState, Rules, RulesMut, Settings, Turn, View,
        new_game,
    };

    use super::invariants::{Case, Policy, play_checked_from};

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Fault {
        None,
        /// The conserved count changes while the dice are due.
        LeaksAChip,
        /// Lists an action `apply_action` refuses.
        ListsARefusedAction,
        /// Accepts an action it does not list.
        AcceptsAnUnlistedAction,
        /// Refuses an action but logs an event.
        RefusalPushesEvent,
        /// Refuses an action but changes the state.
        RefusalChangesState,
        /// Refuses an unlisted action as though the game were over.
        RefusesActionWithTheWrongError,
        /// Refuses a wrong chance outcome as though none were due.
        RefusesChanceWithTheWrongError,
        /// Lists actions when chance is due.
        ActionsAtChance,
        /// Lists actions once over.
        ActionsOnceOver,
        /// Asks for dice at a seat's turn.
        ChanceAtSeat,
        /// Accepts dice of the wrong count or faces.
        AcceptsWrongChance,
        /// Every die reads as a 3: nothing ever happens.
        NeverEnds,
        /// A clone is not equal to its original.
        CloneDiffers,
        /// Two winners in the figures.
        TwoWinners,
        /// Draws on randomness of its own, so a replay differs.
        HiddenRandomness,
    }

    static OUTSIDE_WORLD: AtomicU32 = AtomicU32::new(0);

    #[derive(Debug)]
    struct Faulty {
        inner: Box<dyn Game>,
        fault: Fault,
        stamp: u32,
        /// `TwoWinners`: the finished game's figures with a second winner added.
        two_winners: std::sync::OnceLock<Figures>,
    }

    impl Clone for Faulty {
        fn clone(&self) -> Self {
            Faulty {
                inner: self.inner.clone_box(),
                fault: self.fault,
                stamp: self.stamp + u32::from(self.fault == Fault::CloneDiffers),
                two_winners: self.two_winners.clone(),
            }
        }
    }

    impl PartialEq for Faulty {
        fn eq(&self, other: &Self) -> bool {
            self.fault == other.fault
                && self.stamp == other.stamp
                && self.inner.same_state(other.inner.as_ref())
        }
    }

    impl GameState for Faulty {
        fn clone_box(&self) -> Box<dyn Game> {
            Box::new(self.clone())
        }

        /// A game outside the registry has no type to be found by: its state (the fault's
        /// and its game's) is compared as it is written.
        fn same_state(&self, other: &dyn Game) -> bool {
            format!("{self:?}") == format!("{other:?}")
        }

        fn rules(&self) -> Option<Rules<'_>> {
            None
        }

        fn rules_mut(&mut self) -> Option<RulesMut<'_>> {
            None
        }
    }

    impl Game for Faulty {
        fn settings(&self) -> &Settings {
            self.inner.settings()
        }

        fn turn(&self) -> Turn {
            self.inner.turn()
        }

        fn legal_actions(&self) -> Actions {
            let mut legal = self.inner.legal_actions();
            match (self.fault, self.inner.turn()) {
                (Fault::ListsARefusedAction, Turn::Seat(_)) => legal.push(Action::Keep),
                (Fault::ActionsAtChance, Turn::Chance) | (Fault::ActionsOnceOver, Turn::Over) => {
                    legal.push(Action::Roll);
                }
                _ => {}
            }
            legal
        }

        fn chance(&self) -> Option<ChanceSpec> {
            match (self.fault, self.inner.turn()) {
                (Fault::ChanceAtSeat, Turn::Seat(_)) => Some(ChanceSpec::Dice(2)),
                _ => self.inner.chance(),
            }
        }

        fn apply_action(&mut self, action: Action, events: &mut Events) -> Result<(), GameError> {
            if self.fault == Fault::AcceptsAnUnlistedAction && action == Action::Cut {
                return Ok(());
            }
            let result = self.inner.apply_action(action, events);
            if result.is_err() {
                match self.fault {
                    Fault::RefusalPushesEvent => events.push(Event::Skipped { seat: 0 }),
                    Fault::RefusalChangesState => self.stamp += 1,
                    Fault::RefusesActionWithTheWrongError => return Err(GameError::Over),
                    _ => {}
                }
            }
            result
        }

        fn apply_chance(&mut self, chance: &Chance, events: &mut Events) -> Result<(), GameError> {
            if let (Fault::NeverEnds, Chance::Dice(dice)) = (self.fault, chance) {
                let fits = dice.is_valid()
                    && self.inner.chance() == Some(ChanceSpec::Dice(dice.len() as u8));
                if fits {
                    let calm = Dice::new(&vec![3; dice.len()]);
                    return self.inner.apply_chance(&Chance::Dice(calm), events);
                }
            }
            let result = self.inner.apply_chance(chance, events);
            if matches!(result, Err(GameError::WrongChance { .. })) {
                match self.fault {
                    Fault::AcceptsWrongChance => return Ok(()),
                    Fault::RefusesChanceWithTheWrongError => return Err(GameError::NoChanceDue),
                    _ => {}
                }
            }
            if self.fault == Fault::HiddenRandomness && result.is_ok() {
                self.stamp = OUTSIDE_WORLD.fetch_add(1, Ordering::Relaxed);
            }
            result
        }

        // The unchecked paths go through the faulty checked ones, so every fault shows on
        // both.
        fn play_action(&mut self, action: Action, events: &mut Events) {
            let _ = self.apply_action(action, events);
        }

        fn play_chance(&mut self, chance: &Chance, events: &mut Events) {
            let _ = self.apply_chance(chance, events);
        }

        fn view(&self, seat: Option<u8>) -> View {
            self.inner.view(seat)
        }

        fn bot_action(&self, level: BotLevel, rng: &mut GameRng) -> Action {
            self.inner.bot_action(level, rng)
        }

        fn figures(&self) -> &Figures {
            if self.fault == Fault::TwoWinners && self.inner.turn() == Turn::Over {
                return self.two_winners.get_or_init(|| {
                    let mut figures = *self.inner.figures();
                    let winner = figures.winners.iter().next().unwrap_or(0);
                    figures.winners.insert((winner + 1) % self.players());
                    figures
                });
            }
            self.inner.figures()
        }

        fn conserved(&self) -> Conserved {
            let conserved = self.inner.conserved();
            if self.fault == Fault::LeaksAChip && self.inner.turn() == Turn::Chance {
                let mut leaked = conserved.to_vec();
                leaked[0].1 += 1;
                return Conserved::of(&leaked);
            }
            conserved
        }
    }

    /// Play a few faulty games of each dice game through the checks.
    fn play(fault: Fault) {
        for game in [GameId::AcesInThePot, GameId::SwedishAces, GameId::Lcr] {
            let settings = Settings::defaults(game);
            for seed in 0..5 {
                for policy in [
                    Policy::Bots(super::level_sets(game, 4)[0].clone()),
                    Policy::RandomLegal,
                ] {
                    let case = Case {
                        settings,
                        seed,
                        policy,
                    };
                    let start = Faulty {
                        inner: new_game(settings),
                        fault,
                        stamp: 0,
                        two_winners: std::sync::OnceLock::new(),
                    };
                    play_checked_from(Box::new(start), &case);
                }
            }
        }
    }

    #[test]
    fn a_faithful_wrapper_passes() {
        play(Fault::None);
    }

    #[test]
    #[should_panic(expected = "conservation broken")]
    fn catches_a_leaking_chip() {
        play(Fault::LeaksAChip);
    }

    #[test]
    #[should_panic(expected = "listed legal action refused")]
    fn catches_a_listed_action_refused() {
        play(Fault::ListsARefusedAction);
    }

    #[test]
    #[should_panic(expected = "unlisted action accepted")]
    fn catches_an_unlisted_action_accepted() {
        play(Fault::AcceptsAnUnlistedAction);
    }

    #[test]
    #[should_panic(expected = "rejection pushed events")]
    fn catches_a_refusal_that_logs() {
        play(Fault::RefusalPushesEvent);
    }

    #[test]
    #[should_panic(expected = "rejection changed the state")]
    fn catches_a_refusal_that_changes_the_state() {
        play(Fault::RefusalChangesState);
    }

    #[test]
    #[should_panic(expected = "refused with the wrong error Err(Over)")]
    fn catches_an_action_refused_with_the_wrong_error() {
        play(Fault::RefusesActionWithTheWrongError);
    }

    #[test]
    #[should_panic(expected = "refused with the wrong error Err(NoChanceDue)")]
    fn catches_a_chance_refused_with_the_wrong_error() {
        play(Fault::RefusesChanceWithTheWrongError);
    }

    #[test]
    #[should_panic(expected = "legal actions [Roll] at a chance turn")]
    fn catches_actions_at_a_chance_turn() {
        play(Fault::ActionsAtChance);
    }

    #[test]
    #[should_panic(expected = "legal actions [Roll] once over")]
    fn catches_actions_once_over() {
        play(Fault::ActionsOnceOver);
    }

    #[test]
    #[should_panic(expected = "chance spec Some(Dice(2)) at seat")]
    fn catches_chance_at_a_seat_turn() {
        play(Fault::ChanceAtSeat);
    }

    #[test]
    #[should_panic(expected = "wrong chance accepted")]
    fn catches_a_wrong_chance_accepted() {
        play(Fault::AcceptsWrongChance);
    }

    #[test]
    #[should_panic(expected = "step bound exceeded")]
    fn catches_a_game_that_never_ends() {
        play(Fault::NeverEnds);
    }

    #[test]
    #[should_panic(expected = "clone differs from the original")]
    fn catches_a_clone_that_differs() {
        play(Fault::CloneDiffers);
    }

    #[test]
    #[should_panic(expected = "figures: want exactly one winner")]
    fn catches_two_winners() {
        play(Fault::TwoWinners);
    }

    #[test]
    #[should_panic(expected = "replay: the same history gave a different game")]
    fn catches_hidden_randomness() {
        play(Fault::HiddenRandomness);
    }
}
