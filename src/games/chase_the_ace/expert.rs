//! The `expert` Chase the Ace bot: it weighs keeping against changing by sampling the
//! cards it cannot see, consistent with what it knows, and playing the round out.
//!
//! It takes the other players to play the `threshold` policy, and reads their public
//! choices through it: a player who kept held a card above the threshold. Under that model
//! the sampling below is exact: a player who exchanged holds the card its left neighbour
//! was dealt (unconstrained, or the expert's own dealt card when that neighbour is the
//! expert); players yet to act hold any unseen card.

use rand::RngExt;

use super::{ChaseView, Choice, KING, THRESHOLD_RANK};
use crate::games::{Card, GameRng, MAX_SEATS, Variant, chance::DECK_SIZE};

/// Worlds sampled per decision: enough to separate choices that matter by a few percent.
const WORLDS: usize = 400;

/// Whether changing (exchange, or the dealer's cut) loses less often than keeping.
pub fn prefers_change(view: &ChaseView, rng: &mut GameRng) -> bool {
    losses(view, rng, WORLDS).is_some_and(|(keep, change)| change < keep)
}

/// Over `worlds` sampled worlds consistent with the view, how many times the viewer ends
/// (tied) lowest if it keeps, and if it changes (exchanges, or cuts as the dealer), with
/// everyone after it playing the `threshold` policy. `None` without a viewer holding a card.
pub fn losses(view: &ChaseView, rng: &mut GameRng, worlds: usize) -> Option<(u32, u32)> {
    let me = view.viewer?;
    let own = view.own?;
    let order = deal_order(view);
    let my_turn = order
        .iter()
        .position(|&s| s == me)
        .expect("the viewer is in the game");
    let right = view.neighbour(me, false);
    // When the right neighbour exchanged with us, it holds the card we were dealt.
    let my_dealt =
        if view.choices[usize::from(right)] == Some(Choice::Exchanged) && right != view.dealer {
            view.given[0]
        } else {
            None
        };
    let mut known = [false; DECK_SIZE];
    known[own.index()] = true;
    for card in view.given.iter().flatten() {
        known[card.index()] = true;
    }
    let mut pool: Vec<Card> = (0..DECK_SIZE as u8)
        .map(|i| Card::new(i % 13 + 1, i / 13))
        .filter(|c| !known[c.index()])
        .collect();

    let (mut keep_losses, mut change_losses) = (0u32, 0u32);
    for _ in 0..worlds {
        let (hands, cut) = sample_hands(view, &order[..my_turn], me, own, my_dealt, &mut pool, rng);
        for change in [false, true] {
            let lost = plays_out_lowest(view, &order, my_turn, hands, change, cut);
            *if change {
                &mut change_losses
            } else {
                &mut keep_losses
            } += u32::from(lost);
        }
    }
    Some((keep_losses, change_losses))
}

/// Seats still in, in the order they decide: from the dealer's left round to the dealer.
fn deal_order(view: &ChaseView) -> Vec<u8> {
    let mut order = Vec::with_capacity(MAX_SEATS);
    let mut seat = view.dealer;
    loop {
        seat = view.neighbour(seat, true);
        order.push(seat);
        if seat == view.dealer {
            return order;
        }
    }
}

/// One guess at every hand as they stand now, consistent with the viewer's knowledge, and
/// at the card a dealer's cut would take. Draws without replacement from `pool`.
fn sample_hands(
    view: &ChaseView,
    acted: &[u8],
    me: u8,
    own: Card,
    my_dealt: Option<Card>,
    pool: &mut [Card],
    rng: &mut GameRng,
) -> ([Option<Card>; MAX_SEATS], Card) {
    let mut drawn = 0;
    // Partial Fisher-Yates: move a random undrawn card (one that `fits`) to the drawn prefix.
    let mut draw = |fits: &dyn Fn(Card) -> bool| {
        let mut pick = rng.random_range(drawn..pool.len());
        for _ in 0..64 {
            if fits(pool[pick]) {
                break;
            }
            pick = rng.random_range(drawn..pool.len());
        }
        pool.swap(drawn, pick);
        drawn += 1;
        pool[drawn - 1]
    };
    let mut hands = [None; MAX_SEATS];
    hands[usize::from(me)] = Some(own);
    for seat in view.in_game.iter().filter(|&s| s != me) {
        let left = view.neighbour(seat, true);
        hands[usize::from(seat)] = Some(match (view.choices[usize::from(seat)], my_dealt) {
            (Some(Choice::Exchanged), Some(dealt)) if left == me && acted.contains(&seat) => dealt,
            // Kept, so above the threshold.
            (Some(Choice::Kept), _) => draw(&|c| c.rank() > THRESHOLD_RANK),
            _ => draw(&|_| true),
        });
    }
    (hands, draw(&|_| true))
}

/// Play the rest of the round with the viewer changing or not and everyone after it on the
/// threshold policy: does the viewer end (tied) lowest?
fn plays_out_lowest(
    view: &ChaseView,
    order: &[u8],
    my_turn: usize,
    mut hands: [Option<Card>; MAX_SEATS],
    change: bool,
    cut: Card,
) -> bool {
    let me = order[my_turn];
    let kings_stop = view.settings.has(Variant::KingStops);
    let rank =
        |hands: &[Option<Card>; MAX_SEATS], s: u8| hands[usize::from(s)].map_or(KING, Card::rank);
    for (turn, &seat) in order.iter().enumerate().skip(my_turn) {
        let is_dealer = seat == view.dealer;
        let left = view.neighbour(seat, true);
        // A King holder throws it down before the seat about to decide could take it, or
        // before the dealer could cut (see `bot_action`).
        let king_thrown = if is_dealer {
            view.in_game
                .iter()
                .any(|s| s != seat && rank(&hands, s) == KING)
        } else {
            rank(&hands, left) == KING
        };
        if kings_stop && turn > my_turn && king_thrown {
            break;
        }
        let changes = if turn == my_turn {
            change
        } else {
            rank(&hands, seat) <= THRESHOLD_RANK
        };
        if !changes {
            continue;
        }
        if is_dealer {
            hands[usize::from(seat)] = Some(cut);
        } else {
            hands.swap(usize::from(seat), usize::from(left));
        }
    }
    let mine = rank(&hands, me);
    view.in_game
        .iter()
        .filter(|&s| s != me)
        .all(|s| rank(&hands, s) >= mine)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chase_the_ace::ChaseTheAce;
    use crate::games::{GameId, Settings};

    #[test]
    fn deal_order_runs_from_the_dealers_left_to_the_dealer() {
        let mut view = ChaseTheAce::new(Settings::defaults(GameId::ChaseTheAce)).observe(Some(0));
        view.dealer = 2;
        assert_eq!(deal_order(&view), vec![3, 4, 0, 1, 2]);
    }
}
