//! The `expert` Chase the Ace bot: it weighs keeping against changing by the exact chance
//! of ending the round lowest either way, over every way the cards it cannot see may lie.
//!
//! It takes the other players to play the `threshold` policy (with `king-stops`, to throw a
//! King just before it could be taken or the dealer could cut) and reads what it knows
//! through that policy: its own card, the card its right neighbour took from it, and the
//! public choices. A player who kept holds a card above the threshold; a player who
//! exchanged holds the card its left neighbour was dealt; a player yet to act holds the
//! card it was dealt. With `king-stops`, no King thrown so far also says where no King is:
//! not with the seat that was about to be asked for its card (when it held its dealt
//! card), and with nobody but the dealer once the dealer's turn has come. Every deal of the
//! unseen cards consistent with that is equally likely.
//!
//! Under that policy the rest of the round is simple. The first card of 6 or lower that a
//! player after the viewer holds at its turn is passed on from seat to seat to the dealer,
//! who cuts it away (unless a King is thrown first, which stops the round with every card
//! where it is); every other card stays with a player. So the viewer ends lowest exactly
//! when no other player's card is below its own, except perhaps that one travelling card,
//! and the cut card is not below it either. The worlds in which that happens are counted
//! by the number of unseen cards of each kind the players draw, so a decision is a few
//! thousand multiplications rather than a sampled play-out per world.

use std::cell::RefCell;
use std::collections::HashMap;

use super::{ChaseView, Choice, KING, THRESHOLD_RANK};
use crate::games::{Card, MAX_SEATS, Variant};

thread_local! {
    /// Decisions this thread has worked out, by situation ([`Situation::key`]): the same
    /// few thousand situations come up again and again, game after game.
    static DECIDED: RefCell<HashMap<u64, bool>> = RefCell::new(HashMap::new());
}

/// Whether changing (exchange, or the dealer's cut) loses less often than keeping.
pub fn prefers_change(view: &ChaseView) -> bool {
    Situation::of(view).is_some_and(|situation| {
        DECIDED.with_borrow_mut(|decided| {
            *decided.entry(situation.key()).or_insert_with(|| {
                let acted = situation.acted_ways();
                situation.change_losses(&acted) < situation.keep_losses(&acted)
            })
        })
    })
}

/// The viewer's chances of ending (tied) lowest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LossChances {
    /// Keeping its card.
    pub keep: f64,
    /// Exchanging with the left neighbour, or cutting for the dealer.
    pub change: f64,
}

/// The viewer's exact chances of ending (tied) lowest if it keeps and if it changes, with
/// everyone after it playing the `threshold` policy. `None` without a viewer holding a
/// card.
pub fn loss_chances(view: &ChaseView) -> Option<LossChances> {
    let losses = losses(view)?;
    let worlds = losses.worlds as f64;
    Some(LossChances {
        keep: losses.keep as f64 / worlds,
        change: losses.change as f64 / worlds,
    })
}

/// Deals of the unseen cards consistent with a view: all of them, and those in which the
/// viewer ends lowest if it keeps and if it changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Losses {
    pub worlds: u64,
    pub keep: u64,
    pub change: u64,
}

/// The deals behind [`loss_chances`], counted. `None` without a viewer holding a card.
pub fn losses(view: &ChaseView) -> Option<Losses> {
    let situation = Situation::of(view)?;
    let acted = situation.acted_ways();
    Some(Losses {
        worlds: situation.worlds(&acted),
        keep: situation.keep_losses(&acted),
        change: situation.change_losses(&acted),
    })
}

/// What the viewer's odds depend on, read from its view.
#[derive(Clone, Debug)]
struct Situation {
    /// The viewer's rank.
    own: u8,
    /// The rank of the card the right neighbour holds when it exchanged with the viewer
    /// (the viewer's dealt card).
    right_holds: Option<u8>,
    /// The ranks of the cards the viewer gave away (0: none).
    given: [u8; 2],
    /// Cards the viewer has not seen, by rank (index 1 to 13).
    unseen: [u64; KING as usize + 1],
    /// Players who decided before the viewer (the right neighbour holding the viewer's
    /// card aside), counted by the cards they may hold: `acted[Holds::index]`.
    acted: [u8; Holds::KINDS],
    /// Players who decide after the viewer, the dealer last (none when the viewer deals).
    later: usize,
    kings_stop: bool,
}

/// Which cards at or above the viewer's final rank a player who has acted may hold: its
/// own card is above the threshold if it kept; it may be a King unless a King there would
/// have been thrown.
#[derive(Clone, Copy, Debug)]
struct Holds {
    low: bool,
    king: bool,
}

impl Holds {
    const KINDS: usize = 4;

    fn index(self) -> usize {
        usize::from(self.low) * 2 + usize::from(self.king)
    }

    fn of_index(index: usize) -> Holds {
        Holds {
            low: index >= 2,
            king: index % 2 == 1,
        }
    }
}

/// Unseen cards grouped by what the rest of the round asks of a card, against the rank
/// the viewer would end with: below it or not, given away by the threshold (6 or lower) or
/// kept, a King or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Classes {
    below_low: u64,
    below_high: u64,
    low: u64,
    high: u64,
    king: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    BelowLow,
    BelowHigh,
    Low,
    High,
    King,
}

impl Class {
    const ALL: [Class; 5] = [
        Class::BelowLow,
        Class::BelowHigh,
        Class::Low,
        Class::High,
        Class::King,
    ];

    fn of(rank: u8, mine: u8) -> Class {
        match (rank < mine, rank <= THRESHOLD_RANK) {
            _ if rank == KING => Class::King,
            (true, true) => Class::BelowLow,
            (true, false) => Class::BelowHigh,
            (false, true) => Class::Low,
            (false, false) => Class::High,
        }
    }
}

impl Classes {
    /// The `unseen` cards against final rank `mine`.
    fn against(unseen: &[u64; KING as usize + 1], mine: u8) -> Classes {
        let mut classes = Classes {
            below_low: 0,
            below_high: 0,
            low: 0,
            high: 0,
            king: 0,
        };
        for rank in 1..=KING {
            *classes.get_mut(Class::of(rank, mine)) += unseen[usize::from(rank)];
        }
        classes
    }

    fn get(self, class: Class) -> u64 {
        match class {
            Class::BelowLow => self.below_low,
            Class::BelowHigh => self.below_high,
            Class::Low => self.low,
            Class::High => self.high,
            Class::King => self.king,
        }
    }

    fn get_mut(&mut self, class: Class) -> &mut u64 {
        match class {
            Class::BelowLow => &mut self.below_low,
            Class::BelowHigh => &mut self.below_high,
            Class::Low => &mut self.low,
            Class::High => &mut self.high,
            Class::King => &mut self.king,
        }
    }

    fn total(self) -> u64 {
        self.below_low + self.below_high + self.at_least()
    }

    /// Cards at or above the final rank.
    fn at_least(self) -> u64 {
        self.low + self.high + self.king
    }

    fn without(mut self, class: Class, count: u64) -> Classes {
        *self.get_mut(class) -= count;
        self
    }
}

/// The cards left of `n` once `dealt` are dealt (none when there are too few: the deals
/// that needed them number zero anyway).
fn after(n: u64, dealt: usize) -> u64 {
    n.saturating_sub(dealt as u64)
}

/// `n (n - 1) ... (n - k + 1)`: the ways to deal `k` of `n` cards in order.
fn ordered(n: u64, k: usize) -> u64 {
    (0..k as u64).map(|i| n.saturating_sub(i)).product()
}

/// `ways[low][king]`: in how many ways the players who acted can each take a class of card
/// at or above the final rank (low, high or King, as each may hold) so that `low` take a
/// low card and `king` a King, the rest high ones. Kings beyond four never happen.
struct ActedWays {
    players: usize,
    ways: [[u64; 5]; MAX_SEATS],
}

impl ActedWays {
    /// The sum over the ways the acted players' cards fall at or above the final rank in
    /// `classes` of the deals that give them those cards, times `rest(left, kings_held)`:
    /// what the later players make of the cards left.
    fn sum(&self, classes: Classes, mut rest: impl FnMut(Classes, bool) -> u64) -> u64 {
        let mut total = 0;
        for (low, by_kings) in self.ways.iter().enumerate() {
            for (king, &ways) in by_kings.iter().enumerate() {
                if ways == 0 {
                    continue;
                }
                let high = self.players - low - king;
                let deals = ways
                    * ordered(classes.low, low)
                    * ordered(classes.high, high)
                    * ordered(classes.king, king);
                if deals > 0 {
                    let left = Classes {
                        low: classes.low - low as u64,
                        high: classes.high - high as u64,
                        king: classes.king - king as u64,
                        ..classes
                    };
                    total += deals * rest(left, king > 0);
                }
            }
        }
        total
    }
}

impl Situation {
    fn of(view: &ChaseView) -> Option<Situation> {
        let me = view.viewer?;
        let own = view.own?;
        let kings_stop = view.settings.has(Variant::KingStops);
        // Seats still in, in the order they decide: from the dealer's left to the dealer.
        let mut order = [0; MAX_SEATS];
        let mut players = 0;
        let mut seat = view.dealer;
        loop {
            seat = view.neighbour(seat, true);
            order[players] = seat;
            players += 1;
            if seat == view.dealer {
                break;
            }
        }
        let my_turn = order[..players].iter().position(|&s| s == me)?;
        let dealing = my_turn + 1 == players;
        let right = view.neighbour(me, false);
        // When the right neighbour exchanged with us, it holds the card we were dealt.
        let right_holds = (view.choices[usize::from(right)] == Some(Choice::Exchanged)
            && right != view.dealer)
            .then_some(view.given[0])
            .flatten();
        let mut unseen = [4; KING as usize + 1];
        unseen[0] = 0;
        for card in std::iter::once(own).chain(view.given.iter().flatten().copied()) {
            unseen[usize::from(card.rank())] -= 1;
        }
        let mut acted = [0; Holds::KINDS];
        for (turn, &seat) in order[..my_turn].iter().enumerate() {
            if seat == right && right_holds.is_some() {
                continue;
            }
            let kept = view.choices[usize::from(seat)] == Some(Choice::Kept);
            // With king-stops a King is thrown before the left neighbour of the seat
            // deciding could take it: what an exchange took, and what the first player
            // kept only when the dealer's turn has come (its card was dealt to it, and
            // nobody was about to take it before).
            let holds = Holds {
                low: !kept,
                king: !kings_stop || (kept && turn == 0 && !dealing),
            };
            acted[holds.index()] += 1;
        }
        Some(Situation {
            own: own.rank(),
            right_holds: right_holds.map(Card::rank),
            given: view.given.map(|card| card.map_or(0, Card::rank)),
            unseen,
            acted,
            later: players - 1 - my_turn,
            kings_stop,
        })
    }

    /// Whether a card the viewer knows of is a King still in a player's hand (its own, or
    /// the one its right neighbour took from it): with king-stops it is thrown before the
    /// dealer could cut.
    fn kings_known(&self) -> bool {
        self.own == KING || self.right_holds == Some(KING)
    }

    /// Everything the decision depends on, in one word: the ranks the viewer knows (its
    /// own, those it gave away, the one its right neighbour holds), the acted players by
    /// kind, the players still to decide and the variant; the unseen cards follow.
    fn key(&self) -> u64 {
        let known = [
            self.own,
            self.right_holds.unwrap_or(0),
            self.given[0],
            self.given[1],
        ];
        let counts = self.acted.into_iter().chain([self.later as u8]);
        known
            .into_iter()
            .chain(counts)
            .fold(u64::from(self.kings_stop), |key, part| {
                key << 4 | u64::from(part)
            })
    }

    fn acted_ways(&self) -> ActedWays {
        let mut ways = [[0; 5]; MAX_SEATS];
        ways[0][0] = 1;
        let each = (0..Holds::KINDS)
            .flat_map(|kind| (0..self.acted[kind]).map(move |_| Holds::of_index(kind)));
        for (done, holds) in each.enumerate() {
            let mut next = [[0; 5]; MAX_SEATS];
            for low in 0..=done {
                for king in 0..=(done - low).min(4) {
                    let here = ways[low][king];
                    next[low][king] += here;
                    if holds.low {
                        next[low + 1][king] += here;
                    }
                    if holds.king && king < 4 {
                        next[low][king + 1] += here;
                    }
                }
            }
            ways = next;
        }
        ActedWays {
            players: self.acted.iter().map(|&count| usize::from(count)).sum(),
            ways,
        }
    }

    /// Every deal of the unseen cards the view allows (a King can lie with any acted
    /// player's card only where `acted` says, and not with the left neighbour).
    fn worlds(&self, acted: &ActedWays) -> u64 {
        // Against an Ace, every card is at or above: the acted players' ways are all of
        // them.
        acted.sum(Classes::against(&self.unseen, 1), |left, _| {
            let cards = left.total();
            if self.later == 0 {
                return cards;
            }
            let left_neighbour = if self.kings_stop {
                cards - left.king
            } else {
                cards
            };
            left_neighbour
                * ordered(cards.saturating_sub(1), self.later - 1)
                * cards.saturating_sub(self.later as u64)
        })
    }

    /// Deals in which the viewer keeps and ends lowest.
    fn keep_losses(&self, acted: &ActedWays) -> u64 {
        let mine = self.own;
        if self.right_holds.is_some_and(|rank| rank < mine) {
            return 0;
        }
        acted.sum(Classes::against(&self.unseen, mine), |left, kings_held| {
            if self.later == 0 {
                // The dealer keeps: the cut card is never seen.
                return left.total();
            }
            let dealer_stops = self.kings_stop && (kings_held || self.kings_known());
            Class::ALL
                .into_iter()
                .filter(|&class| !(self.kings_stop && class == Class::King))
                .filter(|&class| left.get(class) > 0)
                .map(|class| {
                    left.get(class) * self.played_out(left.without(class, 1), class, dealer_stops)
                })
                .sum()
        })
    }

    /// Deals in which the viewer changes and ends lowest: it takes its left neighbour's
    /// dealt card (or, dealing, the cut card), of each rank in turn.
    fn change_losses(&self, acted: &ActedWays) -> u64 {
        let may_take_a_king = self.later == 0 || !self.kings_stop;
        (1..=KING)
            .filter(|&mine| self.unseen[usize::from(mine)] > 0)
            .filter(|&mine| may_take_a_king || mine != KING)
            .filter(|&mine| self.right_holds.is_none_or(|rank| rank >= mine))
            .map(|mine| {
                let mut unseen = self.unseen;
                unseen[usize::from(mine)] -= 1;
                let given = Class::of(self.own, mine);
                let worlds = acted.sum(Classes::against(&unseen, mine), |left, kings_held| {
                    if self.later == 0 {
                        return 1;
                    }
                    let dealer_stops = self.kings_stop && (kings_held || self.kings_known());
                    self.played_out(left, given, dealer_stops)
                });
                self.unseen[usize::from(mine)] * worlds
            })
            .sum()
    }

    /// Deals of the later players' cards and the cut card, from `left`, in which no card
    /// below the viewer's ends with another player. The left neighbour holds a card of
    /// class `first` at its turn (its own, or the viewer's after an exchange); the other
    /// later players and the cut card are still to be dealt. `dealer_stops`: a King held
    /// elsewhere is thrown before the dealer could cut.
    fn played_out(&self, left: Classes, first: Class, dealer_stops: bool) -> u64 {
        let others = self.later - 1;
        let at_least = left.at_least();
        // Cards the others may hold with no King thrown before the dealer's turn.
        let unstopped = if self.kings_stop {
            left.low + left.high
        } else {
            at_least
        };
        let cuts = !dealer_stops;
        match first {
            // Passed on to the dealer and cut away, if no King stops the round first; the
            // cut card must not be below either.
            Class::BelowLow if cuts => ordered(unstopped, others) * after(at_least, others),
            // Kept by the left neighbour, or stopped with it by a King: below the viewer's.
            Class::BelowLow | Class::BelowHigh => 0,
            Class::Low | Class::High | Class::King => {
                let all = ordered(at_least, others);
                // Deals in which a low card reaches the dealer, who cuts.
                let cut = match (cuts, first) {
                    (false, _) => 0,
                    (true, Class::Low) => ordered(unstopped, others),
                    (true, _) => ordered(unstopped, others) - ordered(unstopped - left.low, others),
                };
                let mut worlds =
                    (all - cut) * after(left.total(), others) + cut * after(at_least, others);
                if cuts && first != Class::Low && others > 0 {
                    // One card below the viewer's among the others, and the first low card
                    // anyone holds: it travels to the dealer and is cut away.
                    let before = if self.kings_stop {
                        left.high
                    } else {
                        left.high + left.king
                    };
                    // Summed over its place: the others before it hold high cards or
                    // Kings, those after it anything at or above. Both counts are kept
                    // as running products, before it from the first place on and after
                    // it from the last place back.
                    let mut ahead = [1; MAX_SEATS];
                    for at in 1..others {
                        ahead[at] = ahead[at - 1] * after(before, at - 1);
                    }
                    let mut behind = 1;
                    let mut placed = 0;
                    for at in (0..others).rev() {
                        placed += ahead[at] * behind;
                        behind *= after(unstopped, at.saturating_sub(1));
                    }
                    worlds += left.below_low * placed * after(at_least, others - 1);
                }
                worlds
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::RngExt;

    use super::*;
    use crate::games::chase_the_ace::{ChaseTheAce, Phase};
    use crate::games::{Action, Events, Game, GameId, Settings, SettingsRequest, Turn, game_rng};

    #[test]
    fn cards_are_classed_against_the_final_rank() {
        assert_eq!(Class::of(3, 5), Class::BelowLow);
        assert_eq!(Class::of(7, 9), Class::BelowHigh);
        assert_eq!(Class::of(5, 5), Class::Low);
        assert_eq!(Class::of(9, 5), Class::High);
        assert_eq!(Class::of(KING, KING), Class::King);
        let mut unseen = [4; KING as usize + 1];
        unseen[0] = 0;
        let classes = Classes::against(&unseen, 8);
        assert_eq!(
            (
                classes.below_low,
                classes.below_high,
                classes.low,
                classes.high
            ),
            (24, 4, 0, 20)
        );
        assert_eq!((classes.king, classes.total()), (4, 52));
    }

    /// Seats still in, in the order they decide: from the dealer's left to the dealer.
    fn deal_order(view: &ChaseView) -> Vec<u8> {
        let mut order = Vec::new();
        let mut seat = view.dealer;
        loop {
            seat = view.neighbour(seat, true);
            order.push(seat);
            if seat == view.dealer {
                return order;
            }
        }
    }

    /// The rest of the round played out seat by seat, the long way: the viewer keeps or
    /// changes, everyone after it plays the threshold policy (a King thrown just before the
    /// seat to its right, or the dealer, decides). Does the viewer end (tied) lowest?
    fn ends_lowest(view: &ChaseView, mut ranks: [u8; MAX_SEATS], change: bool, cut: u8) -> bool {
        let me = view.viewer.expect("a viewer");
        let order = deal_order(view);
        let my_turn = order.iter().position(|&s| s == me).expect("in");
        let kings_stop = view.settings.has(Variant::KingStops);
        for (turn, &seat) in order.iter().enumerate().skip(my_turn) {
            let is_dealer = seat == view.dealer;
            let left = view.neighbour(seat, true);
            let king_thrown = if is_dealer {
                view.in_game
                    .iter()
                    .any(|s| s != seat && ranks[usize::from(s)] == KING)
            } else {
                ranks[usize::from(left)] == KING
            };
            if kings_stop && turn > my_turn && king_thrown {
                break;
            }
            let changes = if turn == my_turn {
                change
            } else {
                ranks[usize::from(seat)] <= THRESHOLD_RANK
            };
            if changes && is_dealer {
                ranks[usize::from(seat)] = cut;
            } else if changes {
                ranks.swap(usize::from(seat), usize::from(left));
            }
        }
        let mine = ranks[usize::from(me)];
        view.in_game
            .iter()
            .all(|s| s == me || ranks[usize::from(s)] >= mine)
    }

    /// Every deal of the unseen cards, rank by rank, weighted by the cards of each rank
    /// left, played out the long way. The cards each seat may hold, the model restated
    /// seat by seat: a seat that kept holds a 7 or higher; with king-stops only the first
    /// seat to decide may hold a King, and only if it kept and the dealer has not come to
    /// decide, and the left neighbour holds none.
    fn counted_the_long_way(view: &ChaseView) -> Losses {
        let me = view.viewer.expect("a viewer");
        let own = view.own.expect("a card");
        let order = deal_order(view);
        let my_turn = order.iter().position(|&s| s == me).expect("in");
        let dealing = my_turn + 1 == order.len();
        let kings_stop = view.settings.has(Variant::KingStops);
        let right = view.neighbour(me, false);
        let mut ranks = [0; MAX_SEATS];
        ranks[usize::from(me)] = own.rank();
        let mut unseen = [4u64; KING as usize + 1];
        unseen[0] = 0;
        for card in std::iter::once(own).chain(view.given.iter().flatten().copied()) {
            unseen[usize::from(card.rank())] -= 1;
        }
        if view.choices[usize::from(right)] == Some(Choice::Exchanged) && right != view.dealer {
            ranks[usize::from(right)] = view.given[0].expect("our dealt card").rank();
        }
        // (seat, lowest rank, a King allowed); seat MAX_SEATS is the cut card.
        let mut slots = Vec::new();
        for (turn, &seat) in order.iter().enumerate() {
            if seat == me || ranks[usize::from(seat)] != 0 {
                continue;
            }
            let kept = turn < my_turn && view.choices[usize::from(seat)] == Some(Choice::Kept);
            let king = if turn < my_turn {
                !kings_stop || (kept && turn == 0 && !dealing)
            } else {
                !kings_stop || turn > my_turn + 1
            };
            slots.push((seat, if kept { 7 } else { 1 }, king));
        }
        slots.push((MAX_SEATS as u8, 1, true));
        let mut losses = Losses {
            worlds: 0,
            keep: 0,
            change: 0,
        };
        deal(view, &slots, &mut ranks, &mut unseen, 0, 1, &mut losses);
        losses
    }

    fn deal(
        view: &ChaseView,
        slots: &[(u8, u8, bool)],
        ranks: &mut [u8; MAX_SEATS],
        unseen: &mut [u64; KING as usize + 1],
        cut: u8,
        ways: u64,
        losses: &mut Losses,
    ) {
        let Some((&(seat, lowest, king), rest)) = slots.split_first() else {
            losses.worlds += ways;
            losses.keep += ways * u64::from(ends_lowest(view, *ranks, false, cut));
            losses.change += ways * u64::from(ends_lowest(view, *ranks, true, cut));
            return;
        };
        let highest = if king { KING } else { KING - 1 };
        for rank in lowest..=highest {
            let cards = unseen[usize::from(rank)];
            if cards == 0 {
                continue;
            }
            unseen[usize::from(rank)] -= 1;
            let cut = if usize::from(seat) == MAX_SEATS {
                rank
            } else {
                ranks[usize::from(seat)] = rank;
                cut
            };
            deal(view, rest, ranks, unseen, cut, ways * cards, losses);
            unseen[usize::from(rank)] += 1;
        }
    }

    /// Views of seats about to decide, from games of `players` with `variants` where
    /// every seat chooses at random (so the views include choices no threshold player
    /// makes, a King kept beside the seat to take it, and the dealer's).
    fn decisions(players: u8, variants: &[&str], seed: u64, most: usize) -> Vec<ChaseView> {
        let request = SettingsRequest {
            players: Some(players),
            variants: variants.iter().map(|&v| v.to_owned()).collect(),
            ..SettingsRequest::default()
        };
        let mut game = ChaseTheAce::new(Settings::new(GameId::ChaseTheAce, &request).expect("ok"));
        let mut rng = game_rng(seed, 18);
        let mut events = Events::discarding();
        let mut views = Vec::new();
        while views.len() < most {
            match game.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let deck = game.chance().expect("a deal").sample(&mut rng);
                    game.apply_chance(&deck, &mut events).expect("a deck");
                }
                Turn::Seat(seat) => {
                    if matches!(game.phase(), Phase::Exchange | Phase::DealerChoice) {
                        views.push(game.observe(Some(seat)));
                    }
                    let legal = game.legal_actions();
                    let action = legal.as_slice()[rng.random_range(0..legal.len())];
                    game.apply_action(action, &mut events).expect("legal");
                }
            }
        }
        views
    }

    /// With king-stops, a King the viewer kept quiet and then gave its right neighbour in
    /// an exchange is thrown before the dealer could cut, as any King in sight would be.
    #[test]
    fn a_king_the_right_neighbour_took_is_counted_as_stopping_the_cut() {
        let request = SettingsRequest {
            players: Some(4),
            variants: vec!["king-stops".to_owned()],
            ..SettingsRequest::default()
        };
        let mut game = ChaseTheAce::new(Settings::new(GameId::ChaseTheAce, &request).expect("ok"));
        let mut cards = vec![Card::new(5, 0), Card::new(KING, 0), Card::new(8, 0)];
        cards.extend(
            crate::games::Deck::ordered()
                .cards()
                .iter()
                .filter(|c| !cards.contains(c))
                .copied()
                .collect::<Vec<_>>(),
        );
        let deck = crate::games::Deck::new(cards.try_into().expect("52 cards"));
        let mut events = Events::discarding();
        game.apply_chance(&crate::games::Chance::Deck(deck), &mut events)
            .expect("a deck");
        // Seat 2 keeps its King quiet, seat 1 takes it, then keeps it quiet in turn.
        for action in [Action::Keep, Action::Exchange, Action::Keep] {
            game.apply_action(action, &mut events).expect("legal");
        }
        assert_eq!(
            (game.phase(), game.turn()),
            (Phase::Exchange, Turn::Seat(2))
        );
        let view = game.observe(Some(2));
        assert_eq!(view.given[0].map(Card::rank), Some(KING));
        assert_eq!(losses(&view), Some(counted_the_long_way(&view)));
    }

    /// The counts by kind of card agree exactly with every deal played out the long way,
    /// for three to five players, with and without king-stops, every position in the deal.
    #[test]
    fn the_counted_losses_match_every_deal_played_out() {
        let mut checked = 0;
        for (players, seeds, per_game) in [(3, 0..12, 12), (4, 0..6, 8), (5, 0..2, 5)] {
            for variants in [&[][..], &["king-stops"]] {
                for seed in seeds.clone() {
                    for view in decisions(players, variants, seed, per_game) {
                        let expected = counted_the_long_way(&view);
                        assert_eq!(losses(&view), Some(expected), "{view:?}");
                        assert_eq!(prefers_change(&view), expected.change < expected.keep);
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 300, "{checked} views");
    }
}
