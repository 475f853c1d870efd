//! Property tests from random mid-game states: proptest picks a game, its settings and
//! variants, a seed and a number of random legal steps; from the state those steps reach,
//! the invariants of `support::invariants` must hold for a further stretch, an illegal action
//! or a wrong chance outcome must leave the state untouched, a clone must equal its original
//! and play on alike, and the game must end within its step bound.

use crate::support::invariants;

use invariants::{
    Case, Checker, Policy, catalogue, check_end, level_sets, playable_games, random_step, settings,
    step_bound, wrong_chances,
};
use parlor::games::{Events, Game, GameId, GameRng, SettingsRequest, Variant, game_rng, new_game};
use parlor::table::step_without_humans;
use proptest::prelude::*;
use proptest::sample::{Index, select, subsequence};

/// Steps checked in full after the mid-game state is reached.
const STRETCH: usize = 60;

/// A mid-game state to reach: random legal steps (chance sampled) from the start of
/// `case.settings` with `game_rng(case.seed, 0)`, `permille` thousandths of the way through
/// the game those steps would play; from there on, seats decide by `case.policy`.
#[derive(Clone, Debug)]
struct MidGame {
    case: Case,
    permille: usize,
}

/// A mid-game state reached, the RNG to go on with, and a label naming how to reach it.
struct Reached {
    game: Box<dyn Game>,
    rng: GameRng,
    label: String,
}

fn size(range: Option<(u8, u8, u8)>) -> BoxedStrategy<Option<u8>> {
    match range {
        Some((low, high, _)) => (low..=high).prop_map(Some).boxed(),
        None => Just(None).boxed(),
    }
}

/// Forty-One's own settings (stakes, bank, rounds); nothing for the other games.
fn forty_one(game: GameId) -> BoxedStrategy<(Option<bool>, Option<u16>, Option<u16>)> {
    if game == GameId::FortyOne {
        (any::<bool>(), 1..=20u16, 1..=10u16)
            .prop_map(|(stakes, bank, rounds)| (Some(stakes), Some(bank), Some(rounds)))
            .boxed()
    } else {
        Just((None, None, None)).boxed()
    }
}

fn mid_game() -> impl Strategy<Value = MidGame> {
    select(playable_games())
        .prop_flat_map(|game| {
            let ranges = game.ranges();
            let variants = game.variants();
            (
                (
                    Just(game),
                    ranges.players.0..=ranges.players.1,
                    subsequence(variants, 0..=variants.len()),
                ),
                (
                    size(ranges.chips),
                    size(ranges.dice),
                    size(ranges.lives),
                    forty_one(game),
                ),
                (any::<u64>(), 0..1000usize, any::<bool>(), any::<Index>()),
            )
        })
        .prop_map(
            |(
                (game, players, mut variants),
                (chips, dice, lives, (stakes, bank, rounds)),
                (seed, permille, bots, line_up),
            )| {
                if variants.contains(&Variant::Stayner) && !variants.contains(&Variant::Grace) {
                    variants.push(Variant::Grace);
                }
                let request = SettingsRequest {
                    players: Some(players),
                    chips,
                    dice,
                    lives,
                    counters: None,
                    variants: variants.iter().map(|v| v.name().to_owned()).collect(),
                    stakes,
                    bank,
                    rounds,
                };
                let settings = settings(game, &request);
                let policy = if bots {
                    Policy::Bots(line_up.get(&level_sets(game, players)).clone())
                } else {
                    Policy::RandomLegal
                };
                MidGame {
                    case: Case {
                        settings,
                        seed,
                        policy,
                    },
                    permille,
                }
            },
        )
}

/// Reach the mid-game state: play the whole game by random legal steps once to learn its
/// length (under conservation and the step bound), then play the wanted share of it again.
fn reach(mid: &MidGame) -> Reached {
    let start = new_game(mid.case.settings);
    let label = mid.case.to_string();
    let mut whole = start.clone_box();
    let mut rng = game_rng(mid.case.seed, 0);
    let mut checker = Checker::new(whole.as_ref(), label.clone(), false);
    while checker.step(whole.as_mut(), &Policy::RandomLegal, &mut rng) {}
    let warmup = checker.steps * mid.permille / 1000;

    let mut game = start;
    let mut rng = game_rng(mid.case.seed, 0);
    let mut events = Events::new();
    for _ in 0..warmup {
        random_step(game.as_mut(), &mut rng, &mut events).expect("the game is not over yet");
    }
    Reached {
        game,
        rng,
        label: format!("{label} after {warmup} of {} random steps", checker.steps),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    /// Every invariant of the harness holds at the mid-game state and for a further stretch
    /// of steps by the case's policy (at the end, the figures are checked too).
    #[test]
    fn invariants_hold_from_a_mid_game_state(mid in mid_game()) {
        let Reached { mut game, mut rng, label } = reach(&mid);
        let mut checker = Checker::new(game.as_ref(), label, true);
        for _ in 0..STRETCH {
            if !checker.step(game.as_mut(), &mid.case.policy, &mut rng) {
                check_end(game.as_ref(), &checker.label);
                break;
            }
        }
    }

    /// Every action of the catalogue the state does not list, and every ill-fitting chance
    /// outcome, is refused with an error, pushes no event and leaves the state as it was.
    #[test]
    fn illegal_moves_leave_a_mid_game_state_unchanged(mid in mid_game()) {
        let Reached { game, label, .. } = reach(&mid);
        let legal = game.legal_actions();
        let mut probe = game.clone_box();
        let mut refused = 0;
        for &action in catalogue() {
            if legal.contains(action) {
                continue;
            }
            let mut events = Events::new();
            prop_assert!(
                probe.apply_action(action, &mut events).is_err(),
                "unlisted action accepted: {action} {label}"
            );
            prop_assert!(events.is_empty(), "refusing {action} pushed {events:?}: {label}");
            prop_assert!(
                probe.same_state(game.as_ref()),
                "refusing {action} changed the state: {label}"
            );
            refused += 1;
        }
        prop_assert_eq!(
            refused + legal.len(),
            catalogue().len(),
            "a listed action is missing from the catalogue: {}",
            label
        );
        for chance in wrong_chances(game.chance()) {
            let mut events = Events::new();
            prop_assert!(
                probe.apply_chance(chance, &mut events).is_err(),
                "wrong chance accepted: {chance:?} {label}"
            );
            prop_assert!(events.is_empty(), "refusing {chance:?} pushed {events:?}: {label}");
            prop_assert!(
                probe.same_state(game.as_ref()),
                "refusing {chance:?} changed the state: {label}"
            );
        }
    }

    /// A clone equals its original, and the two play on alike: the same RNG gives the same
    /// steps, events and states to the end, and playing the clone leaves the original alone.
    #[test]
    fn a_clone_equals_its_original_and_plays_on_alike(mid in mid_game()) {
        let Reached { mut game, rng, label } = reach(&mid);
        let mut copy = game.clone_box();
        let untouched = game.clone_box();
        prop_assert!(
            copy.same_state(game.as_ref()) && game.same_state(copy.as_ref()),
            "clone differs from the original: {label}"
        );
        let bound = step_bound(&mid.case.settings);
        let (mut rng_a, mut rng_b) = (rng.clone(), rng);
        let mut copy_steps = Vec::new();
        let mut copy_events = Events::new();
        while let Some(step) = take_step(copy.as_mut(), &mid.case.policy, &mut rng_b, &mut copy_events) {
            copy_steps.push(step);
            prop_assert!(copy_steps.len() <= bound, "step bound exceeded by a clone: {label}");
        }
        prop_assert!(
            game.same_state(untouched.as_ref()),
            "playing a clone changed the original: {label}"
        );
        let mut steps = Vec::new();
        let mut events = Events::new();
        while let Some(step) = take_step(game.as_mut(), &mid.case.policy, &mut rng_a, &mut events) {
            steps.push(step);
            prop_assert!(steps.len() <= copy_steps.len(), "the original outlasts its clone: {label}");
        }
        prop_assert_eq!(steps, copy_steps, "{}", label);
        prop_assert_eq!(events, copy_events, "{}", label);
        prop_assert!(game.same_state(copy.as_ref()), "a clone ended differently: {label}");
    }

    /// From any mid-game state the game ends within its step bound, every state on the way
    /// passes the checks, and the figures at the end are sane.
    #[test]
    fn a_mid_game_state_reaches_over_within_the_bound(mid in mid_game()) {
        let Reached { mut game, mut rng, label } = reach(&mid);
        let mut checker = Checker::new(game.as_ref(), label, true);
        checker.finish(game.as_mut(), &mid.case.policy, &mut rng);
        prop_assert!(checker.steps <= step_bound(&mid.case.settings), "{}", checker.label);
    }
}

/// One step by `policy`, as the harness takes them.
fn take_step(
    game: &mut dyn Game,
    policy: &Policy,
    rng: &mut GameRng,
    events: &mut parlor::games::Events,
) -> Option<parlor::table::Step> {
    match policy {
        Policy::Bots(levels) => step_without_humans(game, levels, rng, events),
        Policy::RandomLegal => random_step(game, rng, events),
    }
}
