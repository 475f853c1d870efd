//! Games per second through the real engine against minimal hand-written loops of the same
//! rules drawing from the same per-game RNGs, one restarted for each game as the engine's
//! simulator does ([`play_run`]): what whole-roll sampling gains, and
//! what the engine costs beyond the rules. Prints the ratios and asserts nothing about time
//! (target: the engine at 1.2 of the per-die loop or better for LCR and Aces in the Pot).
//!
//! Each hand loop is written once and built twice: drawing die by die, as the engine did
//! before it drew whole rolls (the baseline), and drawing whole rolls with the engine's
//! own `Dice::roll`. The whole-roll build must agree with the engine game by game, which
//! shows the loop plays the same rules; the per-die build is the same code with the old
//! draws.
//!
//! LCR and Aces in the Pot also have a tally loop: the rules written for whole rolls,
//! reading how many dice show a face from the roll's tally with no branch per die, as the
//! engine does. It is what whole-roll sampling alone gives by hand (the engine, which also
//! finds the next holder with a predicted branch, runs as fast or a little faster), and it
//! agrees with the engine game by game too.
//!
//! They also race the limit probe (see [`Limit`]), the fastest loop of their rules we
//! could write, to which issue 29 asks the engine to come within 0.9.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor::games::{BotLevel, Dice, GameId, GameRng, RunSeed, Settings, SettingsRequest};
use parlor::sim::{SimOptions, Totals, play_games};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GAMES: u64 = 2000;

/// How a hand loop draws a roll's faces.
trait Draw {
    fn faces(rng: &mut GameRng, count: u8) -> impl Iterator<Item = u8>;
}

/// One bounded draw per die, as the engine drew before.
struct PerDie;

impl Draw for PerDie {
    #[inline]
    fn faces(rng: &mut GameRng, count: u8) -> impl Iterator<Item = u8> {
        (0..count).map(|_| rng.random_range(1..=6u8))
    }
}

/// The engine's whole-roll draw.
struct WholeRoll;

impl Draw for WholeRoll {
    #[inline]
    fn faces(rng: &mut GameRng, count: u8) -> impl Iterator<Item = u8> {
        Dice::roll(count, rng).faces()
    }
}

/// Seats as bits: a game's winners (or loser), to add up as the engine counts them.
type Seats = u16;

/// A hand loop: one game from the RNG of its place in a run (see [`play_run`]).
type HandLoop = fn(&mut GameRng) -> Seats;

/// Call `play` with the RNG of each of games `0..games` of a run seeded 1, in order: one RNG
/// restarted for each game, as the engine's simulator does.
fn play_run(games: u64, mut play: impl FnMut(&mut GameRng)) {
    let run = RunSeed::new(1);
    let mut rng = run.game(0);
    for index in 0..games {
        run.restart(&mut rng, index);
        play(&mut rng);
    }
}

/// A hand loop, built both ways.
struct Hand {
    players: u8,
    per_die: HandLoop,
    whole_roll: HandLoop,
    tally: Option<HandLoop>,
    limit: Option<Limit>,
    /// The engine's count per seat that the loop's answers add up to.
    figure: fn(&Totals) -> &[u64],
}

/// LCR, 4 players, 3 chips. Returns the winner.
fn lcr<D: Draw>(rng: &mut GameRng) -> Seats {
    const N: usize = 4;
    let mut chips = [3u8; N];
    let mut seat = 0;
    loop {
        for face in D::faces(rng, chips[seat].min(3)) {
            match face {
                1 => {
                    chips[seat] -= 1;
                    chips[(seat + 1) % N] += 1;
                }
                2 => {
                    chips[seat] -= 1;
                    chips[(seat + N - 1) % N] += 1;
                }
                3 => chips[seat] -= 1,
                _ => {}
            }
        }
        if chips.iter().filter(|&&c| c > 0).count() == 1 {
            return 1 << chips.iter().position(|&c| c > 0).expect("a holder");
        }
        seat = (seat + 1) % N;
        while chips[seat] == 0 {
            seat = (seat + 1) % N;
        }
    }
}

/// The next seat after `seat` holding chips, from the holders as bits.
fn next_holder<const N: usize>(holders: Seats, seat: usize) -> usize {
    let twice = u32::from(holders) | u32::from(holders) << N;
    (seat + 1 + (twice >> seat >> 1).trailing_zeros() as usize) % N
}

/// The seats holding chips, as bits.
fn holders(chips: &[u8]) -> Seats {
    chips.iter().enumerate().fold(0, |seats, (seat, &count)| {
        seats | Seats::from(count > 0) << seat
    })
}

/// LCR from each roll's tally.
fn lcr_by_tally(rng: &mut GameRng) -> Seats {
    const N: usize = 4;
    let mut chips = [3u8; N];
    let mut seat = 0;
    loop {
        let dice = Dice::roll(chips[seat].min(3), rng);
        let (lefts, rights, centres) = (dice.count(1), dice.count(2), dice.count(3));
        chips[seat] -= lefts + rights + centres;
        chips[(seat + 1) % N] += lefts;
        chips[(seat + N - 1) % N] += rights;
        let holders = holders(&chips);
        if holders.is_power_of_two() {
            return holders;
        }
        seat = next_holder::<N>(holders, seat);
    }
}

/// Aces in the Pot, 4 players, 2 chips. Returns the winner.
fn aces_in_the_pot<D: Draw>(rng: &mut GameRng) -> Seats {
    const N: usize = 4;
    let mut chips = [2u8; N];
    let mut seat = 0;
    loop {
        for face in D::faces(rng, 2) {
            if chips[seat] > 0 && (face == 1 || face == 6) {
                chips[seat] -= 1;
                if face == 6 {
                    chips[(seat + 1) % N] += 1;
                }
            }
        }
        let holders = chips.iter().filter(|&&c| c > 0).count();
        if holders > 1 {
            seat = (seat + 1) % N;
            while chips[seat] == 0 {
                seat = (seat + 1) % N;
            }
            continue;
        }
        // The finale: the sole holder throws until three safe throws or a six.
        seat = chips.iter().position(|&c| c > 0).expect("a holder");
        let mut safe = 0;
        loop {
            let sixes = D::faces(rng, 2).filter(|&face| face == 6).count() as u8;
            if sixes == 0 {
                safe += 1;
                if safe == 3 {
                    return 1 << seat;
                }
                continue;
            }
            let passed = sixes.min(chips[seat]);
            chips[seat] -= passed;
            chips[(seat + 1) % N] += passed;
            if chips[seat] == 0 {
                seat = (seat + 1) % N;
                safe = 0;
            } else {
                seat = (seat + 1) % N;
                break;
            }
        }
    }
}

/// Aces in the Pot from each roll's tally.
fn aces_in_the_pot_by_tally(rng: &mut GameRng) -> Seats {
    const N: usize = 4;
    let mut chips = [2u8; N];
    let mut seat = 0;
    loop {
        let dice = Dice::roll(2, rng);
        let held = chips[seat];
        let (mut pays, mut passes) = (dice.count(1), dice.count(6));
        if pays + passes > held {
            // One chip for two acting dice: the first die acts.
            pays = u8::from(dice.face(0) == 1);
            passes = held - pays;
        }
        chips[seat] -= pays + passes;
        chips[(seat + 1) % N] += passes;
        let holders = holders(&chips);
        if !holders.is_power_of_two() {
            seat = next_holder::<N>(holders, seat);
            continue;
        }
        // The finale, as in the loop above.
        seat = holders.trailing_zeros() as usize;
        let mut safe = 0;
        loop {
            let sixes = Dice::roll(2, rng).count(6);
            if sixes == 0 {
                safe += 1;
                if safe == 3 {
                    return 1 << seat;
                }
                continue;
            }
            let given = sixes.min(chips[seat]);
            chips[seat] -= given;
            chips[(seat + 1) % N] += given;
            seat = (seat + 1) % N;
            if chips[(seat + N - 1) % N] == 0 {
                safe = 0;
            } else {
                break;
            }
        }
    }
}

/// The limit probe: the fastest honest way to play LCR and Aces in the Pot by hand. One
/// `ChaCha8` stream for the whole run (no stream per game to restart), one draw a roll among
/// the 6^k rolls of its k dice by Lemire's method, and the roll's whole effect read from a
/// table built beforehand. It cannot agree with the engine game by game, since the engine
/// gives every game words of its own (`RunSeed`): [`compare`] checks its win shares
/// against the engine's instead.
type Limit = fn(&mut ChaCha8Rng) -> Seats;
/// A uniform number in `0..RANGES[dice - 1]`, one draw and Lemire's rejection.
#[inline]
fn lemire(rng: &mut ChaCha8Rng, dice: u8) -> usize {
    const RANGES: [u32; 3] = [6, 36, 216];
    // 2^32 mod the range: draws whose low word falls below it are refused.
    const REFUSED_BELOW: [u32; 3] = [
        RANGES[0].wrapping_neg() % RANGES[0],
        RANGES[1].wrapping_neg() % RANGES[1],
        RANGES[2].wrapping_neg() % RANGES[2],
    ];
    let at = usize::from(dice - 1);
    loop {
        let product = u64::from(rng.next_u32()) * u64::from(RANGES[at]);
        if product as u32 >= REFUSED_BELOW[at] {
            return (product >> 32) as usize;
        }
    }
}

/// How many of the `dice` dice of roll number `number` show `face` (die `i` shows digit
/// `i` of the number in base 6, plus one).
const fn showing(mut number: usize, dice: usize, face: usize) -> u8 {
    let mut count = 0;
    let mut read = 0;
    while read < dice {
        if number % 6 + 1 == face {
            count += 1;
        }
        number /= 6;
        read += 1;
    }
    count
}

/// Chips at the limit: a byte a seat, counted from the seat about to roll, so that a
/// roll's effect is the same number wherever it falls and the next holder is a rotation.
type Rotated = u32;

/// The seats of a [`Rotated`] holding chips, as the top bit of each one's byte.
#[inline]
fn rotated_holders(chips: Rotated) -> Rotated {
    const LOW: Rotated = 0x7f7f_7f7f;
    (((chips & LOW) + LOW) | chips) & !LOW
}

/// Turn to the next holder: `chips` rotated to start at it, and the seats moved. The seat
/// alongside by a predicted branch, the others by a search.
#[inline]
fn turn_to_next_holder(chips: Rotated) -> (Rotated, usize) {
    let steps = if chips & 0xff00 != 0 {
        1
    } else {
        (rotated_holders(chips) >> 8).trailing_zeros() as usize / 8 + 1
    };
    (chips.rotate_right(8 * steps as u32), steps)
}

/// The effect of `lefts`, `rights` and `centres` on [`Rotated`] chips of four seats.
const fn lcr_effect(lefts: u8, rights: u8, centres: u8) -> Rotated {
    ((lefts as Rotated) << 8)
        .wrapping_add((rights as Rotated) << 24)
        .wrapping_sub((lefts + rights + centres) as Rotated)
}

/// `LCR_EFFECTS[k - 1][n]`: what roll `n` of `k` dice does to four seats' [`Rotated`]
/// chips.
const LCR_EFFECTS: [[Rotated; 216]; 3] = {
    let mut table = [[0; 216]; 3];
    let mut dice = 1;
    while dice <= 3 {
        let mut number = 0;
        while number < 6usize.pow(dice as u32) {
            table[dice - 1][number] = lcr_effect(
                showing(number, dice, 1),
                showing(number, dice, 2),
                showing(number, dice, 3),
            );
            number += 1;
        }
        dice += 1;
    }
    table
};

/// LCR, 4 players, 3 chips, at the limit. Returns the winner.
fn lcr_limit(rng: &mut ChaCha8Rng) -> Seats {
    let mut chips: Rotated = 0x0303_0303;
    let mut seat = 0;
    loop {
        let dice = (chips as u8).min(3);
        chips = chips.wrapping_add(LCR_EFFECTS[usize::from(dice - 1)][lemire(rng, dice)]);
        let holders = rotated_holders(chips);
        if holders.is_power_of_two() {
            let winner = (seat + holders.trailing_zeros() as usize / 8) % 4;
            return 1 << winner;
        }
        let (next, steps) = turn_to_next_holder(chips);
        chips = next;
        seat = (seat + steps) % 4;
    }
}

/// `ACES_EFFECTS[held.min(2) - 1][n]`: what roll `n` of two dice does to four seats'
/// [`Rotated`] chips when the roller holds `held` (with one chip and two acting dice, the
/// first die acts).
const ACES_EFFECTS: [[Rotated; 36]; 2] = {
    let mut table = [[0; 36]; 2];
    let mut number = 0;
    while number < 36 {
        let (aces, sixes) = (showing(number, 2, 1), showing(number, 2, 6));
        let (pays, passes) = if aces + sixes > 1 {
            let first_pays = (number % 6 == 0) as u8;
            (first_pays, 1 - first_pays)
        } else {
            (aces, sixes)
        };
        table[0][number] = ((passes as Rotated) << 8).wrapping_sub((pays + passes) as Rotated);
        table[1][number] = ((sixes as Rotated) << 8).wrapping_sub((aces + sixes) as Rotated);
        number += 1;
    }
    table
};

/// Sixes of roll `n` of two dice.
const SIXES: [u8; 36] = {
    let mut table = [0; 36];
    let mut number = 0;
    while number < 36 {
        table[number] = showing(number, 2, 6);
        number += 1;
    }
    table
};

/// Aces in the Pot, 4 players, 2 chips, at the limit. Returns the winner.
fn aces_in_the_pot_limit(rng: &mut ChaCha8Rng) -> Seats {
    let mut chips: Rotated = 0x0202_0202;
    let mut seat = 0;
    loop {
        let held = (chips as u8).min(2);
        chips = chips.wrapping_add(ACES_EFFECTS[usize::from(held - 1)][lemire(rng, 2)]);
        let holders = rotated_holders(chips);
        if !holders.is_power_of_two() {
            let (next, steps) = turn_to_next_holder(chips);
            chips = next;
            seat = (seat + steps) % 4;
            continue;
        }
        // The finale: the sole holder throws until three safe throws or a six.
        let at = holders.trailing_zeros() / 8;
        chips = chips.rotate_right(8 * at);
        seat = (seat + at as usize) % 4;
        let mut safe = 0;
        loop {
            let sixes = SIXES[lemire(rng, 2)];
            if sixes == 0 {
                safe += 1;
                if safe == 3 {
                    return 1 << seat;
                }
                continue;
            }
            let given = sixes.min(chips as u8);
            chips =
                chips.wrapping_add((Rotated::from(given) << 8).wrapping_sub(Rotated::from(given)));
            let left_empty = chips as u8 == 0;
            chips = chips.rotate_right(8);
            seat = (seat + 1) % 4;
            if left_empty {
                safe = 0;
            } else {
                break;
            }
        }
    }
}

/// Swedish Aces, 4 players, 5 dice. Returns the loser, counted from the opening winner.
fn swedish_aces<D: Draw>(rng: &mut GameRng) -> Seats {
    const N: usize = 4;
    let mut dice = [5u8; N];
    // The opening: the contenders roll all their dice as one roll, read seat by seat, until
    // one total is highest.
    let mut contenders = [true; N];
    let opener = loop {
        let count = (0..N).filter(|&s| contenders[s]).map(|s| dice[s]).sum();
        let mut faces = D::faces(rng, count);
        let mut totals = [0u32; N];
        for seat in (0..N).filter(|&s| contenders[s]) {
            totals[seat] = (&mut faces)
                .take(usize::from(dice[seat]))
                .map(u32::from)
                .sum();
        }
        let best = totals.iter().copied().max().expect("seats");
        for seat in 0..N {
            contenders[seat] = contenders[seat] && totals[seat] == best;
        }
        if contenders.iter().filter(|&&c| c).count() == 1 {
            break contenders.iter().position(|&c| c).expect("a winner");
        }
    };
    let mut seat = opener;
    loop {
        let (mut centre, mut left, mut right) = (0, 0, 0);
        for face in D::faces(rng, dice[seat]) {
            match face {
                1 => centre += 1,
                2 => left += 1,
                5 => right += 1,
                _ => {}
            }
        }
        dice[seat] -= centre + left + right;
        dice[(seat + 1) % N] += left;
        dice[(seat + N - 1) % N] += right;
        if dice.iter().all(|&d| d == 0) {
            return 1 << ((seat + N - opener) % N);
        }
        if centre + left + right == 0 || dice[seat] == 0 {
            seat = (seat + 1) % N;
            while dice[seat] == 0 {
                seat = (seat + 1) % N;
            }
        }
    }
}

/// Forty-One, 4 safe players, 10 rounds without stakes (a tied round is shared). Returns
/// the winners of the most rounds.
fn forty_one<D: Draw>(rng: &mut GameRng) -> Seats {
    const N: usize = 4;
    const ROUNDS: usize = 10;
    let mut won = [0u32; N];
    for round in 0..ROUNDS {
        let mut scores = [None; N];
        for turn in 0..N {
            let seat = (round + turn) % N;
            let (mut four, mut one, mut pips) = (false, false, 0u8);
            for dice in (1..=6u8).rev() {
                let (mut has4, mut has1, mut highest) = (false, false, 0);
                for face in D::faces(rng, dice) {
                    has4 |= face == 4;
                    has1 |= face == 1;
                    highest = highest.max(face);
                }
                let face = if !four && has4 {
                    4
                } else if !one && has1 {
                    1
                } else {
                    highest
                };
                four |= face == 4;
                one |= face == 1;
                pips += face;
            }
            scores[seat] = (four && one).then(|| pips - 5);
        }
        let best = scores.iter().copied().max().expect("seats");
        for seat in 0..N {
            won[seat] += u32::from(scores[seat] == best);
        }
    }
    let most = won.iter().copied().max().expect("seats");
    (0..N).filter(|&s| won[s] == most).map(|s| 1 << s).sum()
}

fn wins(totals: &Totals) -> &[u64] {
    &totals.wins_by_seat
}

fn losses(totals: &Totals) -> &[u64] {
    &totals.losses_by_seat
}

/// The engine's run of the hand loop's game: its settings, all seats at `level`.
fn options(game: GameId, request: &SettingsRequest, level: BotLevel) -> SimOptions {
    let settings = Settings::new(game, request).expect("settings");
    SimOptions {
        settings,
        games: GAMES,
        seed: 1,
        levels: vec![level; usize::from(settings.players)],
    }
}

/// Rounds of timing: every contestant plays once a round, one after the other.
const ROUNDS: usize = 41;
/// About how long each contestant plays a round.
const TURN_SECONDS: f64 = 0.02;

/// How each contestant ran: its median rate, and for each contestant the median over the
/// rounds of the first contestant's rate over its own, with the middle half of those
/// ratios.
struct Race {
    rates: Vec<f64>,
    ratios: Vec<Ratio>,
}

/// The median of one round's ratio over all rounds, and the quartiles around it.
#[derive(Clone, Copy)]
struct Ratio {
    median: f64,
    low: f64,
    high: f64,
}

impl Ratio {
    fn of(mut ratios: Vec<f64>) -> Self {
        ratios.sort_by(f64::total_cmp);
        let at = |quarter: usize| ratios[(ratios.len() - 1) * quarter / 4];
        Ratio {
            median: at(2),
            low: at(1),
            high: at(3),
        }
    }
}

impl std::fmt::Display for Ratio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.2} ({:.2}-{:.2})", self.median, self.low, self.high)
    }
}

/// Time the contestants side by side, each call of one playing `games` games. The machine
/// is shared and its speed wanders, by a fifth or more over a few seconds: the best of a
/// few long turns each still gave ratios a fifth apart from one run to the next. So each
/// round times every contestant for a short turn, one straight after the other (in the
/// opposite order the next round, so a steady drift favours nobody), a round's ratios
/// compare turns run moments apart, and the median of many rounds leaves out the rounds
/// that something else interrupted.
fn race(contestants: &mut [&mut dyn FnMut(u64)], games: u64) -> Race {
    let mut seconds = vec![Vec::with_capacity(ROUNDS); contestants.len()];
    for round in 0..ROUNDS {
        let mut order: Vec<usize> = (0..contestants.len()).collect();
        if round % 2 == 1 {
            order.reverse();
        }
        for contestant in order {
            let start = Instant::now();
            contestants[contestant](games);
            seconds[contestant].push(start.elapsed().as_secs_f64());
        }
    }
    let rates = seconds
        .iter()
        .map(|times| games as f64 / Ratio::of(times.clone()).median)
        .collect();
    let ratios = seconds
        .iter()
        .map(|times| {
            Ratio::of(
                times
                    .iter()
                    .zip(&seconds[0])
                    .map(|(t, first)| t / first)
                    .collect(),
            )
        })
        .collect();
    Race { rates, ratios }
}

/// Each seat's count of the games whose answer holds it.
fn count_by_seat(players: u8, play: HandLoop) -> Vec<u64> {
    let mut by_seat = vec![0u64; usize::from(players)];
    play_run(GAMES, |rng| {
        let seats = play(rng);
        for (seat, count) in by_seat.iter_mut().enumerate() {
            *count += u64::from(seats >> seat & 1);
        }
    });
    by_seat
}

/// Games the limit probe and the engine each play for [`check_limit`].
const LIMIT_CHECK_GAMES: u64 = 200_000;

/// The limit probe plays other games than the engine (see [`Limit`]), but the same rules:
/// each seat's share of the wins must agree with the engine's within five standard errors
/// of their difference.
fn check_limit(name: &str, options: &SimOptions, hand: &Hand, limit: Limit) {
    let engine = play_games(options, 0, LIMIT_CHECK_GAMES);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut probe = vec![0u64; usize::from(hand.players)];
    for _ in 0..LIMIT_CHECK_GAMES {
        let seats = limit(&mut rng);
        for (seat, count) in probe.iter_mut().enumerate() {
            *count += u64::from(seats >> seat & 1);
        }
    }
    let games = LIMIT_CHECK_GAMES as f64;
    for (seat, (&engine, &probe)) in (hand.figure)(&engine).iter().zip(&probe).enumerate() {
        let (p, q) = (engine as f64 / games, probe as f64 / games);
        let error = (2.0 * p * (1.0 - p) / games).sqrt();
        assert!(
            (p - q).abs() < 5.0 * error,
            "{name}: seat {seat} wins {p:.4} of the engine's games and {q:.4} of the limit probe's"
        );
    }
}

fn compare(c: &mut Criterion, name: &str, options: &SimOptions, hand: &Hand) {
    // The whole-roll hand loops and the engine must agree game by game before their speeds
    // mean anything; the per-die loop is the same code as the whole-roll one with the old
    // draws.
    let engine = play_games(options, 0, GAMES);
    let mut loops = vec![("whole-roll", hand.whole_roll)];
    loops.extend(hand.tally.map(|tally| ("tally", tally)));
    for &(kind, play) in &loops {
        assert_eq!(
            (hand.figure)(&engine),
            count_by_seat(hand.players, play),
            "{name}: the {kind} hand loop and the engine disagree"
        );
    }
    if let Some(limit) = hand.limit {
        check_limit(name, options, hand, limit);
    }

    // Enough games a turn to take about TURN_SECONDS for the engine.
    let start = Instant::now();
    black_box(play_games(options, 0, GAMES));
    let games = GAMES
        * (TURN_SECONDS / start.elapsed().as_secs_f64())
            .ceil()
            .max(1.0) as u64;
    let mut engine_games = |games| {
        black_box(play_games(options, 0, games));
    };
    let mut hand_games: Vec<_> = [hand.per_die]
        .into_iter()
        .chain(loops.iter().map(|&(_, play)| play))
        .map(|play| {
            move |games| {
                play_run(games, |rng| {
                    black_box(play(rng));
                });
            }
        })
        .collect();
    let mut limit_games = hand.limit.map(|limit| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        move |games| {
            for _ in 0..games {
                black_box(limit(&mut rng));
            }
        }
    });
    let mut contestants: Vec<&mut dyn FnMut(u64)> = vec![&mut engine_games];
    contestants.extend(
        hand_games
            .iter_mut()
            .map(|play| play as &mut dyn FnMut(u64)),
    );
    if let Some(limit) = &mut limit_games {
        contestants.push(limit);
    }
    let Race { rates, ratios } = race(&mut contestants, games);
    let mut line = format!(
        "{name}: engine {:.0} games/s; per-die hand loop {:.0}, ratio {}",
        rates[0], rates[1], ratios[1]
    );
    for (index, &(kind, _)) in loops.iter().enumerate() {
        write!(
            line,
            "; {kind} hand loop {:.0}, ratio {} (the loop over the per-die one: {:.2})",
            rates[index + 2],
            ratios[index + 2],
            ratios[1].median / ratios[index + 2].median
        )
        .expect("a String takes any write");
    }
    if hand.limit.is_some() {
        let last = rates.len() - 1;
        write!(
            line,
            "; limit probe {:.0}, ratio {} (target 0.90)",
            rates[last], ratios[last]
        )
        .expect("a String takes any write");
    }
    eprintln!("{line}");
    c.bench_function(&format!("{name} engine, {GAMES} games"), |b| {
        b.iter(|| play_games(black_box(options), 0, GAMES));
    });
    c.bench_function(&format!("{name} per-die hand loop, {GAMES} games"), |b| {
        b.iter(|| {
            let mut all = 0;
            play_run(GAMES, |rng| all ^= (hand.per_die)(rng));
            all
        });
    });
}

fn sim(c: &mut Criterion) {
    let chips = |players, chips| SettingsRequest {
        players: Some(players),
        chips: Some(chips),
        ..SettingsRequest::default()
    };
    compare(
        c,
        "lcr 4p 3c",
        &options(GameId::Lcr, &chips(4, 3), BotLevel::Standard),
        &Hand {
            players: 4,
            per_die: lcr::<PerDie>,
            whole_roll: lcr::<WholeRoll>,
            tally: Some(lcr_by_tally),
            limit: Some(lcr_limit),
            figure: wins,
        },
    );
    compare(
        c,
        "aces-in-the-pot 4p 2c",
        &options(GameId::AcesInThePot, &chips(4, 2), BotLevel::Standard),
        &Hand {
            players: 4,
            per_die: aces_in_the_pot::<PerDie>,
            whole_roll: aces_in_the_pot::<WholeRoll>,
            tally: Some(aces_in_the_pot_by_tally),
            limit: Some(aces_in_the_pot_limit),
            figure: wins,
        },
    );
    compare(
        c,
        "swedish-aces 4p 5d",
        &options(
            GameId::SwedishAces,
            &SettingsRequest {
                players: Some(4),
                dice: Some(5),
                ..SettingsRequest::default()
            },
            BotLevel::Standard,
        ),
        &Hand {
            players: 4,
            per_die: swedish_aces::<PerDie>,
            whole_roll: swedish_aces::<WholeRoll>,
            tally: None,
            limit: None,
            figure: losses,
        },
    );
    compare(
        c,
        "forty-one 4p safe, no stakes",
        &options(
            GameId::FortyOne,
            &SettingsRequest {
                players: Some(4),
                stakes: Some(false),
                rounds: Some(10),
                ..SettingsRequest::default()
            },
            BotLevel::Safe,
        ),
        &Hand {
            players: 4,
            per_die: forty_one::<PerDie>,
            whole_roll: forty_one::<WholeRoll>,
            tally: None,
            limit: None,
            figure: wins,
        },
    );
}

criterion_group!(benches, sim);
criterion_main!(benches);
