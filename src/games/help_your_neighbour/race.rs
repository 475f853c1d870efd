//! Help Your Neighbour's exact odds, in closed form. Who rolls never matters: every die is
//! a fresh draw, and a die that shows an owned number is equally likely to be any
//! player's (each owns as many numbers; blanks only slow the race). So the game is a race
//! of independent, equal streams of payments, and the first player whose stream reaches
//! their counters wins.
//!
//! Poissonised, each player's payments come at rate 1 and player `i` finishes at a
//! Gamma(`c_i`) time `T_i`; `P(i wins) = P(T_i < T_j for all j ≠ i)`
//! `= ∫ f_i(t) ∏ S_j(t) dt`, where `f_i(t) = t^(c_i - 1) e^(-t) / (c_i - 1)!` and
//! `S_j(t) = e^(-t) Σ_{k < c_j} t^k / k!`. Every factor is a polynomial in the basis
//! `t^m / m!` times an exponential, and `∫ t^m / m! e^(-n t) dt = 1 / n^(m + 1)`: a sum of
//! positive terms, exact to rounding. The tests check it against a chain of the real
//! dice, roll by roll, through the rules.

/// Every seat's chance of winning the race from `counters` still to pay (a seat with none
/// left has already won).
pub(super) fn race_chances(counters: &[u8]) -> Vec<f64> {
    let players = counters.len();
    if let Some(done) = counters.iter().position(|&c| c == 0) {
        return (0..players).map(|s| f64::from(u8::from(s == done))).collect();
    }
    let n = players as f64;
    let degree: usize = counters.iter().map(|&c| usize::from(c)).sum();
    let binomials = pascal(degree);
    // Coefficient `m` of a polynomial in the basis t^m / m!, scaled by 1 / n^m so that
    // no product grows past 1.
    let scaled = |coefficients: &mut [f64]| {
        let mut scale = 1.0;
        for c in coefficients {
            *c *= scale;
            scale /= n;
        }
    };
    (0..players)
        .map(|seat| {
            let mut product = vec![0.0; usize::from(counters[seat])];
            product[usize::from(counters[seat]) - 1] = 1.0;
            scaled(&mut product);
            for (other, &c) in counters.iter().enumerate() {
                if other != seat {
                    let mut survival = vec![1.0; usize::from(c)];
                    scaled(&mut survival);
                    product = times(&product, &survival, &binomials);
                }
            }
            product.iter().sum::<f64>() / n
        })
        .collect()
}

/// Every seat's chance of being among the match's winners (the most games won, ties
/// sharing): `race` the chances of the game in play, `won` the games won so far,
/// `games_after` the games still to come after this one, each won by any seat alike.
pub(super) fn match_chances(race: &[f64], won: &[u16], games_after: u16) -> Vec<f64> {
    if games_after == 0 && won.iter().all(|&w| w == 0) {
        return race.to_vec();
    }
    let players = won.len();
    let mut chances = vec![0.0; players];
    for (winner, &p) in race.iter().enumerate() {
        if p == 0.0 {
            continue;
        }
        let mut after: Vec<u32> = won.iter().map(|&w| u32::from(w)).collect();
        after[winner] += 1;
        for (seat, chance) in chances.iter_mut().enumerate() {
            *chance += p * top_chance(&after, seat, u32::from(games_after));
        }
    }
    chances
}

/// The chance that `seat` ends with the most games (ties included) from `won`, when
/// `games` more are each won by one seat chosen alike: over the games `k` it wins, the
/// ways the other `games - k` fall with nobody passing it, counted by exponential
/// generating functions.
fn top_chance(won: &[u32], seat: usize, games: u32) -> f64 {
    let players = won.len();
    let n = players as f64;
    let others = n - 1.0;
    let mut chance = 0.0;
    for k in 0..=games {
        let mine = won[seat] + k;
        let rest = usize::try_from(games - k).unwrap_or(usize::MAX);
        // The other seats' games as one generating function: seat j may win up to
        // `mine - won[j]` more.
        let mut ways = vec![0.0; rest + 1];
        ways[0] = 1.0;
        let mut possible = true;
        for (other, &w) in won.iter().enumerate() {
            if other == seat {
                continue;
            }
            let Some(room) = mine.checked_sub(w) else {
                possible = false;
                break;
            };
            ways = exp_times_truncated(&ways, room as usize);
        }
        if !possible {
            continue;
        }
        // (games choose k) (1/n)^k ((n-1)/n)^rest × rest! [t^rest] / (n-1)^rest.
        let arrangements = ways[rest] * factorial(rest) / others.powi(rest as i32).max(1.0);
        let others_share = if players > 1 { others / n } else { 0.0 };
        chance += choose(games, k)
            * (1.0 / n).powi(k as i32)
            * others_share.powi(rest as i32)
            * arrangements;
    }
    chance
}

/// `ways` times Σ_{x ≤ room} t^x / x!, cut at `ways`' degree.
fn exp_times_truncated(ways: &[f64], room: usize) -> Vec<f64> {
    let mut out = vec![0.0; ways.len()];
    let mut inverse_factorial = 1.0;
    for x in 0..=room.min(ways.len() - 1) {
        if x > 0 {
            inverse_factorial /= x as f64;
        }
        for (m, &w) in ways.iter().enumerate().take(ways.len() - x) {
            out[m + x] += w * inverse_factorial;
        }
    }
    out
}

fn factorial(n: usize) -> f64 {
    (1..=n).map(|k| k as f64).product()
}

fn choose(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |c, i| c * f64::from(n - i) / f64::from(i + 1))
}

/// Two polynomials in the basis t^m / m!, multiplied: coefficient m is
/// `Σ C(m, k) a_k b_(m - k)`.
fn times(a: &[f64], b: &[f64], binomials: &[Vec<f64>]) -> Vec<f64> {
    let mut product = vec![0.0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            product[i + j] += binomials[i + j][i] * x * y;
        }
    }
    product
}

/// Pascal's triangle up to row `rows`.
fn pascal(rows: usize) -> Vec<Vec<f64>> {
    let mut triangle: Vec<Vec<f64>> = Vec::with_capacity(rows + 1);
    for m in 0..=rows {
        let mut row = vec![1.0; m + 1];
        for k in 1..m {
            row[k] = triangle[m - 1][k - 1] + triangle[m - 1][k];
        }
        triangle.push(row);
    }
    triangle
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two players, one counter each to go: the first payment decides, each alike. One
    /// against two: the one wins unless the other's two come first, 1 - 1/4.
    #[test]
    fn small_races_come_out_as_counted_by_hand() {
        assert_eq!(race_chances(&[1, 1]), vec![0.5, 0.5]);
        let odds = race_chances(&[1, 2]);
        assert!((odds[0] - 0.75).abs() < 1e-15, "{odds:?}");
        assert!((odds[1] - 0.25).abs() < 1e-15, "{odds:?}");
        let even = race_chances(&[20; 10]);
        assert!(even.iter().all(|p| (p - 0.1).abs() < 1e-12), "{even:?}");
    }

    /// A match, two seats and a coin-flip game in play with one more to come. One game
    /// up: the leader is on top unless the trailer wins both (1/4). All square: each is
    /// on top, alone or tied, unless the other wins both.
    #[test]
    fn a_match_counts_the_games_to_come() {
        let odds = match_chances(&[0.5, 0.5], &[1, 0], 1);
        assert!((odds[0] - 0.75).abs() < 1e-15, "{odds:?}");
        assert!((odds[1] - 0.25).abs() < 1e-15, "{odds:?}");
        let tied = match_chances(&[0.5, 0.5], &[0, 0], 1);
        assert!((tied[0] - 0.75).abs() < 1e-15, "{tied:?}");
    }
}
