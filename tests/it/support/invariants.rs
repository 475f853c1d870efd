//! The invariants every game must keep, checked step by step. Shared by `harness`
//! (fixed seeds over every game and setting) and `properties` (proptest from
//! random mid-game states).
//!
//! Every check is a concrete assertion whose message starts with a fixed phrase (for
//! example "conservation broken" or "step bound exceeded") and names the game, its
//! settings, the seed and the policy, so a failure can be replayed.

use std::fmt;
use std::sync::LazyLock;

use parlor::games::aces_in_the_pot::Phase as AcesPhase;
use parlor::games::chance::{MAX_DICE, MOST_POLYHEDRAL, MOST_SIDES};
use parlor::games::chase_the_ace::Phase as ChasePhase;
use parlor::games::{
    Action, Actions, BotLevel, Card, Chance, ChanceSpec, Conserved, Deck, Dice, Event, Events,
    Game, GameError, GameId, MAX_SEATS, Polyhedral, Rules, SeatSet, Settings, SettingsRequest,
    Turn, Variant, new_game,
};
use parlor::table::streams::{Dealer, DuplicateStreams, Randomness};
use parlor::table::{Step, step_without_humans};
use rand::RngExt;

/// Every game the harness plays: all of them.
pub fn playable_games() -> Vec<GameId> {
    GameId::ALL.to_vec()
}

// ---------------------------------------------------------------------------------------
// What to play
// ---------------------------------------------------------------------------------------

/// How seats decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Bots at these levels (one per seat), through `parlor::table::step_without_humans`.
    Bots(Vec<BotLevel>),
    /// A uniformly random legal action, drawn from the game's RNG.
    RandomLegal,
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Policy::Bots(levels) => {
                let names: Vec<&str> = levels.iter().map(|l| l.name()).collect();
                write!(f, "bots({})", names.join(","))
            }
            Policy::RandomLegal => f.write_str("random-legal"),
        }
    }
}

/// One game to play: settings, seed (drawn from as a `Table` draws from it) and
/// how the seats decide.
#[derive(Clone, Debug)]
pub struct Case {
    pub settings: Settings,
    pub seed: u64,
    pub policy: Policy,
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{} {} seed={} policy={}]",
            self.settings.game,
            self.settings.signature(),
            self.seed,
            self.policy
        )
    }
}

/// Settings for `game` from a request, which must be in range.
pub fn settings(game: GameId, request: &SettingsRequest) -> Settings {
    Settings::new(game, request)
        .unwrap_or_else(|e| panic!("harness asked for bad settings {request:?}: {e}"))
}

/// The variant configurations to play: none, each alone, and all together. `stayner` only
/// exists with `grace`, so "stayner alone" is played as grace + stayner.
pub fn variant_sets(game: GameId) -> Vec<Vec<Variant>> {
    let all = game.variants();
    let mut sets = vec![Vec::new()];
    for &variant in all {
        let mut set = vec![variant];
        if variant == Variant::Stayner {
            set.insert(0, Variant::Grace);
        }
        sets.push(set);
    }
    sets.push(all.to_vec());
    let mut unique: Vec<Vec<Variant>> = Vec::new();
    for mut set in sets {
        set.sort();
        if !unique.contains(&set) {
            unique.push(set);
        }
    }
    unique
}

/// Requests for the sizes to play: first the defaults, then the ends of every range the
/// game has (chips, dice, lives; Forty-One's stakes, bank and rounds). Values equal to the
/// default are not repeated.
pub fn size_requests(game: GameId) -> Vec<SettingsRequest> {
    let ranges = game.ranges();
    let mut requests = vec![SettingsRequest::default()];
    let mut push_ends = |range: Option<(u8, u8, u8)>, set: fn(&mut SettingsRequest, u8)| {
        if let Some((low, high, default)) = range {
            for value in [low, high] {
                if value != default {
                    let mut request = SettingsRequest::default();
                    set(&mut request, value);
                    requests.push(request);
                }
            }
        }
    };
    push_ends(ranges.chips, |r, v| r.chips = Some(v));
    push_ends(ranges.dice, |r, v| r.dice = Some(v));
    push_ends(ranges.lives, |r, v| r.lives = Some(v));
    if game == GameId::FortyOne {
        requests.push(SettingsRequest {
            stakes: Some(false),
            ..SettingsRequest::default()
        });
        requests.push(SettingsRequest {
            bank: Some(1),
            ..SettingsRequest::default()
        });
        requests.push(SettingsRequest {
            rounds: Some(1),
            ..SettingsRequest::default()
        });
    }
    requests
}

/// The bot line-ups to play: every level of the game at every seat, plus (when the game
/// has several levels) a table mixing them seat by seat.
pub fn level_sets(game: GameId, players: u8) -> Vec<Vec<BotLevel>> {
    let levels = game.bot_levels();
    let mut sets: Vec<Vec<BotLevel>> = levels
        .iter()
        .map(|&level| vec![level; usize::from(players)])
        .collect();
    if levels.len() > 1 {
        sets.push(
            (0..usize::from(players))
                .map(|seat| levels[seat % levels.len()])
                .collect(),
        );
    }
    sets
}

// ---------------------------------------------------------------------------------------
// Termination bounds
// ---------------------------------------------------------------------------------------

/// Trials needed to see `progress` successes when each trial succeeds with probability at
/// least `1 / one_in`, whatever happened before: `one_in * (2 * progress + 50)`.
///
/// The successes in `R` such trials dominate `Binomial(R, 1/one_in)`, of mean `2p + 50`. By
/// the Chernoff bound the chance of fewer than `p` successes is at most
/// `exp(-(p + 50)^2 / (2 (2p + 50)))`, which is below `exp(-25)` (about 1.4e-11) for every
/// `p`. So a game that needs more trials than this is, for practical purposes, a game that
/// does not end: a bug, not bad luck.
pub fn trials_for(progress: u32, one_in: usize) -> usize {
    one_in * (2 * progress as usize + 50)
}

/// Most steps (seat actions plus chance outcomes) a game with these settings may take,
/// under any of the policies the tests use (the bots, or uniformly random legal actions).
///
/// Each game's justification: find a "progress" event that can happen only a bounded
/// number of times before the game ends and has at least a `1 / one_in` chance in every
/// trial (a roll, a window of rolls, a round), then allow [`trials_for`] trials of the most
/// steps a trial can take.
pub fn step_bound(settings: &Settings) -> usize {
    let players = u32::from(settings.players);
    let seats = players as usize;
    match settings.game {
        // Progress: a chip goes into the pot, or the game ends. Chips outside the pot
        // (C = players x chips) only ever go down, never below 1, so there are at most C
        // progress events. A window of 3 rolls (6 steps: the Roll action, then the dice)
        // makes progress with probability >= 1/6: in normal play the roller holds a chip
        // and the first die pays it with probability 1/6; in the finale the next three
        // throws are all safe with probability (25/36)^3 > 1/3, and that ends the game
        // (whichever face is the one to avoid).
        GameId::AcesInThePot => {
            let chips = players * u32::from(settings.chips);
            6 * trials_for(chips, 6)
        }
        // Progress: a contender drops out of the opening (each opening roll does so with
        // probability >= 5/6: every contender tying exactly is at most 1/6 likely; at most
        // players - 1 times) or a die goes to the centre (every roll holds a die, the first
        // is a 1 with probability 1/6; D = players x dice times). A roll is at most 2 steps
        // (Roll, dice) plus, with threes-travel, one KeepThree or GiveThree per die rolled
        // (<= D).
        GameId::SwedishAces => {
            let dice = players * u32::from(settings.dice);
            let per_roll = if settings.has(Variant::ThreesTravel) {
                2 + dice as usize
            } else {
                2
            };
            per_roll * trials_for(dice + players - 1, 6)
        }
        // Progress: a chip goes into the pot (C = players x chips times at most; the jackpot
        // chip starts in the pot). Every roll holds a die and the first shows C with
        // probability 1/6. A roll is 2 steps plus at most 3 wild takes.
        GameId::Lcr => {
            let chips = players * u32::from(settings.chips);
            5 * trials_for(chips, 6)
        }
        // Progress: a round is decided, not tied and replayed; after `rounds` decided rounds
        // (or sooner, with stakes) the match is over. A turn is 6 x (dice, set-down) = 12
        // steps, a round at most 12 x players. A round is decided when exactly one player
        // qualifies (among other ways). The least qualifying policy in use is the novice
        // bot (always the highest die): it qualifies with q = 0.1008 (exact, by dynamic
        // programming), so n novices have one lone qualifier with n q (1-q)^(n-1) >= 0.18
        // for n in 2..=8; better players qualify more often but tie at the top seldom. We
        // take 1 in 10. (A policy that dodged 4s and 1s on purpose could replay for ever:
        // none of ours does.)
        GameId::FortyOne => 12 * seats * trials_for(u32::from(settings.rounds), 10),
        // Progress: a round costs a life, or puts a player on grace out; at most
        // players x (lives + 1) such rounds. A round is void (or a stayner reset) only if
        // everyone left ties for the lowest card: at most 3/51 + 3/50 for two players,
        // whatever they choose, so a round progresses with probability >= 5/6 >= 1/6. A
        // stayner reset hands every life back; it needs that tie with the last two on grace,
        // so more than 8 resets in a game is below 1e-8 likely: allow 9 times the progress.
        // A round is at most one shuffle and, per seat, a decision and before it a call to
        // each King holder (a deck has four Kings).
        GameId::ChaseTheAce => {
            let lives = players * (u32::from(settings.lives) + 1);
            let lifetimes = if settings.has(Variant::Stayner) { 9 } else { 1 };
            (5 * seats + 1) * trials_for(lifetimes * lives, 6)
        }
        // Progress: a counter goes into the pot (players x counters a game, `rounds`
        // games). Every roll's first die is someone's number with probability at least
        // 4/6 (four players, two blanks), and whoever owns it still holds a counter: the
        // game ends at the first to run out. A roll is 2 steps (Roll, the dice).
        GameId::HelpYourNeighbour => {
            let counters = players * u32::from(settings.counters) * u32::from(settings.rounds);
            2 * trials_for(counters, 6)
        }
    }
}

// ---------------------------------------------------------------------------------------
// The catalogue of actions
// ---------------------------------------------------------------------------------------

/// Every `Action` variant with seats 0..10 and faces 1..6, plus a few that no game may ever
/// list (seat 10, faces 0 and 7). Unlisted ones must all be refused.
pub fn catalogue() -> &'static [Action] {
    static CATALOGUE: LazyLock<Vec<Action>> = LazyLock::new(build_catalogue);
    &CATALOGUE
}

/// Which `Action` variant this is. A new variant breaks this match: give it a number and
/// put it in the catalogue, which is checked to hold every variant.
fn variant_of(action: Action) -> usize {
    match action {
        Action::Roll => 0,
        Action::SetDown(_) => 1,
        Action::GiveThree(_) => 2,
        Action::TakeChip(_) => 3,
        Action::Keep => 4,
        Action::Exchange => 5,
        Action::Cut => 6,
        Action::ThrowKing => 7,
        Action::KeepThree => 8,
        Action::BuyThrow => 9,
    }
}

const ACTION_VARIANTS: usize = 10;

fn build_catalogue() -> Vec<Action> {
    let mut all = vec![
        Action::Roll,
        Action::Keep,
        Action::Exchange,
        Action::Cut,
        Action::ThrowKing,
        Action::KeepThree,
        Action::BuyThrow,
    ];
    all.extend((0..=7).map(Action::SetDown));
    all.extend((0..=MAX_SEATS as u8).map(Action::GiveThree));
    all.extend((0..=MAX_SEATS as u8).map(Action::TakeChip));
    for variant in 0..ACTION_VARIANTS {
        assert!(
            all.iter().any(|&a| variant_of(a) == variant),
            "the catalogue misses Action variant {variant}"
        );
    }
    all
}

/// Chance outcomes that must be refused when the game expects `spec` (`None`: no chance
/// is due, so even well-formed dice or a good deck must be refused). Built once for every
/// spec: the harness asks at every step.
pub fn wrong_chances(spec: Option<ChanceSpec>) -> &'static [Chance] {
    static WRONG: LazyLock<Vec<Vec<Chance>>> = LazyLock::new(|| {
        [None, Some(ChanceSpec::Shuffle)]
            .into_iter()
            .chain((0..=MAX_DICE as u8).map(|count| Some(ChanceSpec::Dice(count))))
            .chain(
                (0..=MOST_POLYHEDRAL as u8)
                    .flat_map(|count| {
                        (2..=MOST_SIDES).map(move |sides| ChanceSpec::Polyhedral { count, sides })
                    })
                    .map(Some),
            )
            .map(build_wrong_chances)
            .collect()
    });
    let at = match spec {
        None => 0,
        Some(ChanceSpec::Shuffle) => 1,
        Some(ChanceSpec::Dice(count)) => 2 + usize::from(count),
        Some(ChanceSpec::Polyhedral { count, sides }) => {
            3 + MAX_DICE + usize::from(count) * usize::from(MOST_SIDES - 1) + usize::from(sides - 2)
        }
    };
    &WRONG[at]
}

fn build_wrong_chances(spec: Option<ChanceSpec>) -> Vec<Chance> {
    let mut wrong = Vec::new();
    match spec {
        Some(ChanceSpec::Dice(count)) => {
            let count = usize::from(count);
            if count < MAX_DICE {
                wrong.push(Chance::Dice(Dice::new(&vec![4; count + 1])));
            }
            if count > 0 {
                wrong.push(Chance::Dice(Dice::new(&vec![4; count - 1])));
                let mut faces = vec![3; count];
                faces[0] = 0;
                wrong.push(Chance::Dice(Dice::new(&faces)));
                faces[0] = 3;
                faces[count - 1] = 7;
                wrong.push(Chance::Dice(Dice::new(&faces)));
            }
            wrong.push(Chance::Deck(Deck::ordered()));
        }
        Some(ChanceSpec::Polyhedral { count, sides }) => {
            let dice = |sides: u8, faces: &[u8]| {
                Chance::Polyhedral(Polyhedral::new(sides, faces).expect("within the limits"))
            };
            let count = usize::from(count);
            if count < MOST_POLYHEDRAL {
                wrong.push(dice(sides, &vec![1; count + 1]));
            }
            if count > 0 {
                wrong.push(dice(sides, &vec![1; count - 1]));
                let mut faces = vec![1; count];
                faces[0] = 0;
                wrong.push(dice(sides, &faces));
                faces[0] = 1;
                faces[count - 1] = sides + 1;
                wrong.push(dice(sides, &faces));
                // The right faces on dice of another size.
                let other = if sides == MOST_SIDES { 2 } else { sides + 1 };
                wrong.push(dice(other, &vec![1; count]));
                // Six-sided dice where other dice are due, even when these are six-sided.
                wrong.push(Chance::Dice(Dice::new(&vec![1; count])));
            }
            wrong.push(Chance::Deck(Deck::ordered()));
        }
        Some(ChanceSpec::Shuffle) => {
            wrong.push(Chance::Dice(Dice::new(&[3, 4])));
            wrong.push(Chance::Dice(Dice::new(&[])));
            let mut cards = *Deck::ordered().cards();
            cards[1] = cards[0];
            wrong.push(Chance::Deck(Deck::new(cards)));
            cards[1] = Card::new(2, 0);
            cards[51] = Card::new(1, 0);
            wrong.push(Chance::Deck(Deck::new(cards)));
        }
        None => {
            wrong.push(Chance::Dice(Dice::new(&[3, 4])));
            wrong.push(Chance::Dice(Dice::new(&[6])));
            wrong.push(Chance::Polyhedral(
                Polyhedral::new(8, &[8, 1, 2]).expect("within the limits"),
            ));
            wrong.push(Chance::Deck(Deck::ordered()));
        }
    }
    wrong
}

/// The seat an action names, if any.
fn action_seat(action: Action) -> Option<u8> {
    match action {
        Action::GiveThree(seat) | Action::TakeChip(seat) => Some(seat),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// Checks on one state
// ---------------------------------------------------------------------------------------

/// What every game's counted things add up to at the start, where the rules fix it.
pub fn initial_conserved(settings: &Settings) -> Option<Vec<(&'static str, u32)>> {
    let players = u32::from(settings.players);
    match settings.game {
        GameId::AcesInThePot => Some(vec![("chips", players * u32::from(settings.chips))]),
        GameId::SwedishAces => Some(vec![("dice", players * u32::from(settings.dice))]),
        GameId::Lcr => Some(vec![(
            "chips",
            players * u32::from(settings.chips) + u32::from(settings.has(Variant::Jackpot)),
        )]),
        GameId::HelpYourNeighbour => {
            Some(vec![("counters", players * u32::from(settings.counters))])
        }
        GameId::FortyOne | GameId::ChaseTheAce => None,
    }
}

/// Check everything that must hold of `game` as it stands, without changing it:
///
/// - turn, legal actions and chance agree (actions exactly at a seat's turn, a chance spec
///   exactly at a chance turn, neither once over);
/// - a clone equals the original, both ways;
/// - every listed action is accepted (on a clone) and keeps the conserved counts;
/// - every unlisted action of the catalogue is refused with the right `GameError`, pushes
///   no event and leaves the state unchanged;
/// - wrong chance outcomes (wrong number of dice, a face 0 or 7, a bad deck, any outcome
///   when none is due) are refused the same way;
/// - nobody has won or lost before the game is over.
pub fn check_state(game: &dyn Game, label: &dyn fmt::Display) {
    check_state_with(game, label, None);
}

/// Catalogue entries offered per step by a [`Checker`] (unlisted ones must be refused): a
/// window that moves on by this much each step, so all 37 are offered every 5 steps. The
/// start and the end of every game, and every property test, offer the whole catalogue.
pub const REFUSALS_PER_STEP: usize = 8;
/// Wrong chance outcomes offered per step by a [`Checker`], in turn likewise.
pub const WRONG_CHANCES_PER_STEP: usize = 2;

/// [`check_state`], offering everything (`step: None`) or, at step `n` of a game, the
/// [`REFUSALS_PER_STEP`] catalogue entries and [`WRONG_CHANCES_PER_STEP`] wrong chance
/// outcomes whose turn it is (windows that wrap round).
pub fn check_state_with(game: &dyn Game, label: &dyn fmt::Display, step: Option<usize>) {
    let snapshot = game.clone_box();
    assert!(
        snapshot.same_state(game) && game.same_state(snapshot.as_ref()),
        "clone differs from the original: {label} at {:?}",
        game.turn()
    );
    let position = Position {
        turn: game.turn(),
        legal: game.legal_actions(),
        spec: game.chance(),
    };
    check_turn(game, &position, label);
    check_listed(game, &position, label);
    check_refusals(game, &position, snapshot, label, step);
}

/// Where a game stands, as the checks of one state ask it once: whose turn, what is legal,
/// what chance is due.
struct Position {
    turn: Turn,
    legal: Actions,
    spec: Option<ChanceSpec>,
}

/// Turn, legal actions and chance agree; nobody has won or lost before the end.
fn check_turn(game: &dyn Game, position: &Position, label: &dyn fmt::Display) {
    let players = game.players();
    let Position { turn, legal, spec } = position;
    let (turn, spec) = (*turn, *spec);
    match turn {
        Turn::Seat(seat) => {
            assert!(seat < players, "turn of seat {seat} of {players}: {label}");
            assert!(
                !legal.is_empty(),
                "legal actions empty at seat {seat}'s turn: {label}"
            );
            assert!(
                spec.is_none(),
                "chance spec {spec:?} at seat {seat}'s turn: {label}"
            );
        }
        Turn::Chance => {
            assert!(
                legal.is_empty(),
                "legal actions {:?} at a chance turn: {label}",
                legal.as_slice()
            );
            assert!(
                spec.is_some(),
                "chance spec missing at a chance turn: {label}"
            );
        }
        Turn::Over => {
            assert!(
                legal.is_empty(),
                "legal actions {:?} once over: {label}",
                legal.as_slice()
            );
            assert!(spec.is_none(), "chance spec {spec:?} once over: {label}");
        }
    }

    if turn != Turn::Over {
        let figures = game.figures();
        assert!(
            figures.winners.is_empty() && figures.loser.is_none(),
            "figures name a winner or loser before the game is over: {figures:?} {label}"
        );
    }
}

/// Every listed action is well formed, listed once, accepted, and keeps the counts.
fn check_listed(game: &dyn Game, position: &Position, label: &dyn fmt::Display) {
    let players = game.players();
    let turn = position.turn;
    let listed = position.legal.as_slice();
    for (i, &action) in listed.iter().enumerate() {
        assert!(
            !listed[..i].contains(&action),
            "legal actions list {action} twice: {listed:?} {label}"
        );
        if let Some(target) = action_seat(action) {
            assert!(
                target < players && Turn::Seat(target) != turn,
                "legal action {action} names a seat it cannot: {turn:?} {label}"
            );
        }
        if let Action::SetDown(face) = action {
            assert!((1..=6).contains(&face), "legal action {action}: {label}");
        }
    }

    let conserved = game.conserved();
    // One log for every listed action's events (nobody reads them): a log each was an
    // allocation or two for every action of every step.
    let mut events = Events::new();
    for &action in listed {
        let mut copy = game.clone_box();
        if let Err(e) = copy.apply_action(action, &mut events) {
            panic!("listed legal action refused: {action} ({e}) at {turn:?} {label}");
        }
        assert_eq!(
            copy.conserved(),
            conserved,
            "conservation broken by legal action {action} at {turn:?} {label}"
        );
    }
}

/// Unlisted actions and wrong chance outcomes are refused cleanly: the right error, no
/// event, no change. They all go to one probe (a clone of `game`), compared with the
/// untouched original at the end (and, if it changed, one by one to name the culprit).
fn check_refusals(
    game: &dyn Game,
    position: &Position,
    mut probe: Box<dyn Game>,
    label: &dyn fmt::Display,
    step: Option<usize>,
) {
    let Position { turn, legal, spec } = position;
    let (turn, spec) = (*turn, *spec);
    let wrong = wrong_chances(spec);
    let all = catalogue();
    let ((from, count), (wrong_from, wrong_count)) = match step {
        Some(n) => (
            (n * REFUSALS_PER_STEP % all.len(), REFUSALS_PER_STEP),
            (
                n * WRONG_CHANCES_PER_STEP % wrong.len(),
                WRONG_CHANCES_PER_STEP,
            ),
        ),
        None => ((0, all.len()), (0, wrong.len())),
    };
    // The windows, wrapping round: entry `i` of a window from `from` is `from + i`.
    let refusals = || {
        (from..from + count)
            .map(|i| all[i % all.len()])
            .filter(|&action| !legal.contains(action))
            .map(Refusal::Action)
            .chain(
                (wrong_from..wrong_from + wrong_count)
                    .map(|i| Refusal::Chance(&wrong[i % wrong.len()])),
            )
    };
    // One log for all the refusals: each must leave it empty.
    let mut events = Events::new();
    for refusal in refusals() {
        refuse(probe.as_mut(), refusal, (turn, spec), &mut events, label);
    }
    if !probe.same_state(game) {
        for refusal in refusals() {
            let mut probe = game.clone_box();
            refuse(probe.as_mut(), refusal, (turn, spec), &mut events, label);
            assert!(
                probe.same_state(game),
                "rejection changed the state: {refusal:?} at {turn:?} {label}"
            );
        }
        panic!("rejection changed the state: a sequence of refusals at {turn:?} {label}");
    }
}

/// Something a state must refuse. A chance is borrowed from [`wrong_chances`] rather than
/// copied into every refusal: a deck is 52 bytes.
#[derive(Clone, Copy, Debug)]
enum Refusal {
    Action(Action),
    Chance(&'static Chance),
}

/// Offer `refusal` to `game` (at `turn`, `spec` due): it must be refused with the right
/// error and push no event to `events` (empty, and left so). The error is matched where
/// it lies: a `GameError` carries a whole deck, and moving each one out to compare it
/// (written in pieces by the game, read back whole) was most of this function's time.
fn refuse(
    game: &mut dyn Game,
    refusal: Refusal,
    (turn, spec): (Turn, Option<ChanceSpec>),
    events: &mut Events,
    label: &dyn fmt::Display,
) {
    match refusal {
        Refusal::Action(action) => {
            let result = game.apply_action(action, events);
            let right_error = match (&result, turn) {
                (Ok(()), _) => panic!("unlisted action accepted: {action} at {turn:?} {label}"),
                (Err(GameError::Over), Turn::Over)
                | (Err(GameError::NotYourTurn { .. }), Turn::Seat(_) | Turn::Chance) => true,
                (
                    Err(GameError::IllegalAction { action: refused }),
                    Turn::Seat(_) | Turn::Chance,
                ) => *refused == action,
                _ => false,
            };
            assert!(
                right_error,
                "unlisted action {action} refused with the wrong error {result:?} at {turn:?} {label}"
            );
        }
        Refusal::Chance(chance) => {
            let result = game.apply_chance(chance, events);
            let right_error = match (&result, turn) {
                (Ok(()), _) => {
                    panic!("wrong chance accepted: {chance:?} for {spec:?} at {turn:?} {label}")
                }
                (Err(GameError::WrongChance { expected, .. }), Turn::Chance) => {
                    Some(*expected) == spec
                }
                (Err(GameError::NoChanceDue), Turn::Seat(_) | Turn::Over)
                | (Err(GameError::Over), Turn::Over) => true,
                _ => false,
            };
            assert!(
                right_error,
                "wrong chance {chance:?} refused with the wrong error {result:?} at {turn:?} {label}"
            );
        }
    }
    assert!(
        events.is_empty(),
        "rejection pushed events: {refusal:?} at {turn:?} pushed {events:?} {label}"
    );
}

/// Check the figures and final holdings of a finished game.
pub fn check_end(game: &dyn Game, label: &dyn fmt::Display) {
    assert_eq!(game.turn(), Turn::Over, "not over at the end: {label}");
    let settings = *game.settings();
    let players = settings.players;
    let figures = game.figures();
    assert!(
        figures.winners.iter().all(|seat| seat < players) && figures.first_seat < players,
        "figures name a seat that is not at the table: {figures:?} {label}"
    );
    match settings.game {
        GameId::AcesInThePot | GameId::Lcr | GameId::ChaseTheAce => {
            assert!(
                figures.winners.len() == 1 && figures.loser.is_none(),
                "figures: want exactly one winner and no loser, got {figures:?} {label}"
            );
        }
        GameId::SwedishAces => {
            let loser = figures
                .loser
                .unwrap_or_else(|| panic!("figures: no loser {figures:?} {label}"));
            assert!(
                loser < players
                    && figures.winners.len() == usize::from(players) - 1
                    && !figures.winners.contains(loser),
                "figures: want one loser and every other seat winning, got {figures:?} {label}"
            );
        }
        GameId::FortyOne | GameId::HelpYourNeighbour => {
            assert!(
                !figures.winners.is_empty() && figures.loser.is_none(),
                "figures: want at least one match winner, got {figures:?} {label}"
            );
            // One race has one winner; a Forty-One round may be shared.
            assert!(
                settings.game == GameId::FortyOne
                    || settings.rounds > 1
                    || figures.winners.len() == 1,
                "figures: one game has one winner, got {figures:?} {label}"
            );
        }
    }
    check_final_holdings(game, label);
}

/// Where every chip, die and life sits at the end agrees with the figures, game by game.
fn check_final_holdings(game: &dyn Game, label: &dyn fmt::Display) {
    let settings = *game.settings();
    let players = settings.players;
    let figures = game.figures();
    let total: u32 = game.conserved().iter().map(|&(_, n)| n).sum();
    let winner = figures.winners.iter().next();

    if let Some(Rules::AcesInThePot(aces)) = game.rules() {
        let winner = winner.expect("checked above");
        let held = aces.chips();
        assert!(
            aces.phase() == AcesPhase::Over && aces.current() == winner,
            "figures: Aces in the Pot over with winner {winner} but current {} {label}",
            aces.current()
        );
        assert_eq!(
            figures.pot_won,
            aces.pot() + u32::from(held[usize::from(winner)]),
            "figures: pot won is not pot + the winner's chips: {held:?} {label}"
        );
        let holders = held.iter().filter(|&&c| c > 0).count();
        if settings.has(Variant::OneFinale) {
            // The thrower may keep chips when the game ends at once.
            assert!(
                holders <= 2 && held[usize::from(winner)] > 0,
                "figures: one-finale ended with chips at {held:?} {label}"
            );
        } else {
            assert!(
                holders == 1 && figures.pot_won == total,
                "figures: the winner should hold every chip outside the pot: {held:?} {label}"
            );
        }
    }
    if let Some(Rules::Lcr(lcr)) = game.rules() {
        let winner = winner.expect("checked above");
        let held = lcr.chips();
        let holders: Vec<usize> = (0..held.len()).filter(|&s| held[s] > 0).collect();
        assert!(
            lcr.is_over() && lcr.current() == winner && holders == [usize::from(winner)],
            "figures: LCR winner {winner} is not the only holder: {held:?} {label}"
        );
        assert_eq!(
            figures.pot_won,
            lcr.pot(),
            "figures: LCR winner takes the pot {label}"
        );
    }
    if let Some(Rules::ChaseTheAce(chase)) = game.rules() {
        let winner = winner.expect("checked above");
        assert!(
            chase.phase() == ChasePhase::Over
                && chase.in_game() == SeatSet::single(winner)
                && figures.pot_won == chase.pot(),
            "figures: Chase the Ace winner {winner} is not the last one in, with the pot: \
             in {:?}, lives {:?} {label}",
            chase.in_game(),
            chase.lives()
        );
    }
    if let Some(Rules::FortyOne(forty_one)) = game.rules() {
        let piles = forty_one.piles();
        let best = piles.iter().copied().max().unwrap_or(0);
        let leaders: SeatSet = (0..players)
            .filter(|&s| piles[usize::from(s)] == best)
            .collect();
        assert!(
            forty_one.is_over() && figures.winners == leaders && figures.pot_won == best,
            "figures: Forty-One winners are not the biggest piles {piles:?} {label}"
        );
        assert_eq!(
            forty_one.pot(),
            0,
            "figures: Forty-One ended with chips in the pot {label}"
        );
    }
    if let Some(Rules::SwedishAces(swedish)) = game.rules() {
        assert!(
            swedish.in_play() == 0 && swedish.centre() == total,
            "figures: Swedish Aces over with dice still in play: {:?} {label}",
            swedish.dice()
        );
        assert_eq!(
            figures.loser,
            Some(swedish.current()),
            "figures: the loser is not the seat that rolled last {label}"
        );
    }
    if let Some(Rules::HelpYourNeighbour(race)) = game.rules() {
        // The last game's winner paid out; what the others still hold and the pot make
        // every counter; the most games won took the match.
        let last = race.roller();
        assert_eq!(race.counters()[usize::from(last)], 0, "{label}");
        assert_eq!(race.counters_held() + race.pot(), total, "{label}");
        let most = race.games_won().iter().copied().max();
        for seat in 0..players {
            assert_eq!(
                figures.winners.contains(seat),
                Some(race.games_won()[usize::from(seat)]) == most,
                "figures: the match's winners are not the most games won {label}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Playing under the checks
// ---------------------------------------------------------------------------------------

/// A uniformly random legal action, or a sampled chance outcome, from `rng`; `None` once
/// the game is over.
pub fn random_step(
    game: &mut dyn Game,
    rng: &mut impl Randomness,
    events: &mut Events,
) -> Option<Step> {
    match game.turn() {
        Turn::Over => None,
        Turn::Chance => {
            let spec = game.chance().expect("a chance turn has a spec");
            let chance = spec.sample(rng.for_chance(game));
            game.apply_chance(&chance, events)
                .expect("a sampled chance outcome fits");
            Some(Step::Chance(chance))
        }
        Turn::Seat(seat) => {
            let legal = game.legal_actions();
            let action = legal.as_slice()[rng.for_bot(seat).random_range(0..legal.len())];
            game.apply_action(action, events)
                .expect("a listed legal action is accepted");
            Some(Step::Action { seat, action })
        }
    }
}

/// Plays a game one step at a time under every check, keeping its history and log.
pub struct Checker {
    pub label: String,
    pub bound: usize,
    pub steps: usize,
    pub conserved: Conserved,
    pub history: Vec<Step>,
    pub log: Events,
    /// Check every state fully (`check_state`) or only conservation and the bound.
    pub full: bool,
}

impl Checker {
    /// Start checking `game` as it stands (at the start or mid-game). With `full`, every
    /// state gets [`check_state`]; without, only conservation and the step bound.
    pub fn new(game: &dyn Game, label: String, full: bool) -> Self {
        let checker = Checker {
            bound: step_bound(game.settings()),
            conserved: game.conserved(),
            label,
            steps: 0,
            history: Vec::new(),
            log: Events::new(),
            full,
        };
        if checker.full {
            check_state(game, &checker.label);
        }
        checker
    }

    /// Take one step by `policy`; `false` once the game is over.
    pub fn step(
        &mut self,
        game: &mut dyn Game,
        policy: &Policy,
        rng: &mut impl Randomness,
    ) -> bool {
        let turn = game.turn();
        let step = match policy {
            Policy::Bots(levels) => step_without_humans(game, levels, rng, &mut self.log),
            Policy::RandomLegal => random_step(game, rng, &mut self.log),
        };
        let Some(step) = step else {
            assert_eq!(
                turn,
                Turn::Over,
                "no step taken before the end: {}",
                self.label
            );
            return false;
        };
        match (turn, step) {
            (Turn::Seat(seat), Step::Action { seat: acted, .. }) if seat == acted => {}
            (Turn::Chance, Step::Chance(_)) => {}
            _ => panic!("step {step:?} taken at {turn:?}: {}", self.label),
        }
        self.history.push(step);
        self.steps += 1;
        if self.steps > self.bound {
            let tail = &self.log[self.log.len().saturating_sub(12)..];
            panic!(
                "step bound exceeded: {} took more than {} steps without ending; now {:?}; \
                 last events {tail:?}",
                self.label,
                self.bound,
                game.turn()
            );
        }
        assert_eq!(
            game.conserved(),
            self.conserved,
            "conservation broken at step {} ({step:?}): {}",
            self.steps,
            self.label
        );
        if self.full {
            check_state_with(game, &self.label, Some(self.steps));
        }
        true
    }

    /// Play on to the end, then check the figures.
    pub fn finish(&mut self, game: &mut dyn Game, policy: &Policy, rng: &mut impl Randomness) {
        while self.step(game, policy, rng) {}
        check_state(game, &self.label);
        check_end(game, &self.label);
    }
}

/// Names a case on stderr if the thread panics while this is alive, so a panic inside the
/// game's own code (an overflow, an `expect`) still says which game, settings and seed.
pub struct NameOnPanic<'a>(pub &'a dyn fmt::Display);

impl Drop for NameOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("panicked while playing {}", self.0);
        }
    }
}

/// A finished, fully checked game.
pub struct Run {
    pub start: Box<dyn Game>,
    pub game: Box<dyn Game>,
    pub history: Vec<Step>,
    pub log: Vec<Event>,
    pub steps: usize,
}

/// Play `case` from `start` (normally `new_game(case.settings)`) to the end under every
/// check, drawing from the streams a table of `case.seed` draws from.
pub fn play_checked_from(start: Box<dyn Game>, case: &Case) -> Run {
    let label = case.to_string();
    let _name = NameOnPanic(case);
    if let Some(expected) = initial_conserved(&case.settings) {
        assert_eq!(
            start.conserved(),
            expected,
            "conservation broken: the counts at the start are not what the settings deal {label}"
        );
    }
    let mut game = start.clone_box();
    let mut rng = DuplicateStreams::new(case.seed, Dealer::Seeded, case.settings.players);
    let mut checker = Checker::new(game.as_ref(), label, true);
    checker.finish(game.as_mut(), &case.policy, &mut rng);
    let run = Run {
        start,
        game,
        steps: checker.steps,
        history: checker.history,
        log: checker.log.into_vec(),
    };
    check_history_replays(&run, &checker.label);
    run
}

pub fn play_checked(case: &Case) -> Run {
    play_checked_from(new_game(case.settings), case)
}

/// Applying a run's history to its starting state again gives the same game and the same
/// events: the game draws no randomness of its own.
pub fn check_history_replays(run: &Run, label: &dyn fmt::Display) {
    let mut game = run.start.clone_box();
    let mut log = Events::new();
    for (i, step) in run.history.iter().enumerate() {
        let result = match *step {
            Step::Action { seat, action } => {
                assert_eq!(
                    game.turn(),
                    Turn::Seat(seat),
                    "replay: step {i} is not seat {seat}'s turn {label}"
                );
                game.apply_action(action, &mut log)
            }
            Step::Chance(chance) => game.apply_chance(&chance, &mut log),
        };
        if let Err(e) = result {
            panic!("replay: step {i} {step:?} refused ({e}) {label}");
        }
    }
    assert!(
        game.same_state(run.game.as_ref()),
        "replay: the same history gave a different game {label}"
    );
    assert!(
        *log == run.log,
        "replay: the same history gave a different log {label}"
    );
}
