//! What each option of a human seat's decision was worth, from what the seat knew then.
//!
//! - Forty-One: [`forty_one_hints`], the expert's DP: each face's chance to win the round
//!   against the score to beat and the players still to roll, played on as the expert
//!   would.
//! - Chase the Ace: [`chase_hint`], the expert's sampling of the cards the seat cannot see,
//!   for keeping and changing. A King's options are valued under the same model: thrown
//!   down, the round stops and the seat is lowest only if every other hand holds a King;
//!   kept quiet, only the right neighbour can take it (exchanging, as the threshold policy
//!   does with a 6 or lower), and the seat then plays on from the card it was given with
//!   the better of keeping and changing.

use super::{Considered, Decision, Mark, Outlook, Situation};
use crate::games::chase_the_ace::{ChaseView, Choice, KING, Phase, THRESHOLD_RANK};
use crate::games::{Action, Card, Game, View, chance::DECK_SIZE};
use crate::odds::{ChaseHint, chase_hint, forty_one_hints};

/// How often the Forty-One round in play has been played: a round tied for chips is
/// played again under the same number, and the review says which play a decision is in.
#[derive(Default)]
pub(super) struct RoundPlays {
    round: u16,
    /// The game's count of plays (figures' rounds) when the round was first played.
    first_play: u32,
    plays: u32,
}

impl RoundPlays {
    /// Take in the position before a step.
    pub(super) fn note(&mut self, game: &dyn Game) {
        // A view copies the game, once a step of the walk: little beside the odds the
        // review works out at each point.
        let View::FortyOne(forty_one) = game.view(None) else {
            return;
        };
        self.plays = game.figures().rounds;
        if forty_one.round() != self.round {
            self.round = forty_one.round();
            self.first_play = self.plays;
        }
    }

    /// Plays of the round in play before this one (0 the first time).
    pub(super) fn replay(&self) -> u32 {
        self.plays - self.first_play
    }
}

/// The review of `seat` choosing `action` in `game` (before it is applied), `step` steps
/// into the game, `replay` plays of its round after a tie; `None` for a decision the review
/// does not value (a roll, a game without real decisions).
pub(super) fn review(
    game: &dyn Game,
    seat: u8,
    action: Action,
    step: usize,
    replay: u32,
) -> Option<Decision> {
    let (situation, options) = match game.view(Some(seat)) {
        View::FortyOne(forty_one) => {
            let situation = Situation::FortyOne {
                round: forty_one.round(),
                replay,
                roll_number: forty_one.roll_number(),
                roll: forty_one.roll()?,
                set_down: forty_one.set_down().to_vec(),
                to_beat: forty_one.score_to_beat(),
                still_to_roll: forty_one.still_to_roll(),
            };
            let options = forty_one_hints(&forty_one)
                .into_iter()
                .map(|hint| Considered {
                    action: Action::SetDown(hint.face),
                    value: hint.p_win,
                    outlook: Outlook::Die(hint),
                })
                .collect();
            (situation, options)
        }
        View::ChaseTheAce(view) => {
            let situation = Situation::ChaseTheAce {
                round: view.round + 1,
                card: view.own?,
                dealer: view.dealer == seat,
                king_call: matches!(view.phase, Phase::KingCall { .. }),
            };
            // Asked once: it samples thousands of worlds.
            let hint = chase_hint(&view);
            let options = game
                .legal_actions()
                .as_slice()
                .iter()
                .map(|&option| {
                    let p_lowest = chase_lowest(&view, hint, option);
                    Considered {
                        action: option,
                        value: 1.0 - p_lowest,
                        outlook: Outlook::Card { p_lowest },
                    }
                })
                .collect();
            (situation, options)
        }
        _ => return None,
    };
    decision(seat, step, situation, options, action)
}

/// The decision with its choice, best and cost worked out; `None` when the action taken
/// is not among the options.
fn decision(
    seat: u8,
    step: usize,
    situation: Situation,
    options: Vec<Considered>,
    action: Action,
) -> Option<Decision> {
    let chosen = options.iter().position(|o| o.action == action)?;
    let top = options
        .iter()
        .map(|o| o.value)
        .fold(f64::NEG_INFINITY, f64::max);
    // The highest value is one of the values, so it compares exactly.
    let is_top = |o: &Considered| o.value.total_cmp(&top).is_eq();
    let best = if is_top(&options[chosen]) {
        chosen
    } else {
        options.iter().rposition(is_top)?
    };
    let cost = top - options[chosen].value;
    Some(Decision {
        seat,
        step,
        situation,
        options,
        chosen,
        best,
        cost,
        mark: Mark::of(cost),
    })
}

/// Chase the Ace: the viewer's chance of ending the round lowest after `option`, `hint`
/// being its keep-or-change hint (none in a King call).
fn chase_lowest(view: &ChaseView, hint: Option<ChaseHint>, option: Action) -> f64 {
    match (option, view.phase, hint) {
        (Action::Keep, Phase::KingCall { next }, _) => king_kept_quiet(view, next),
        (Action::Keep, _, Some(hint)) => hint.keep,
        (Action::Exchange | Action::Cut, _, Some(hint)) => hint.change,
        (Action::ThrowKing, ..) => every_other_holds_a_king(view),
        _ => unreachable!("a seat deciding to keep or change has a hint"),
    }
}

/// The cards the viewer has not seen: neither its own nor any it gave away.
fn unseen(view: &ChaseView) -> Vec<Card> {
    let seen = |card: Card| view.own == Some(card) || view.given.contains(&Some(card));
    (0..DECK_SIZE as u8)
        .map(|i| Card::new(i % 13 + 1, i / 13))
        .filter(|&c| !seen(c))
        .collect()
}

/// The chance that every other hand still in holds a King, the other hands drawn from the
/// unseen cards: when a King holder stops the round, its only way to be lowest is a tie of
/// Kings.
fn every_other_holds_a_king(view: &ChaseView) -> f64 {
    let pool = unseen(view);
    let kings = pool.iter().filter(|c| c.rank() == KING).count();
    let others = view.in_game.len() - 1;
    (0..others)
        .map(|i| kings.saturating_sub(i) as f64 / (pool.len() - i) as f64)
        .product()
}

/// A King holder keeping quiet while `next` decides: its chance of ending lowest.
fn king_kept_quiet(view: &ChaseView, next: u8) -> f64 {
    let me = view.viewer.expect("a King call is the holder's");
    let right = view.neighbour(me, false);
    let thrown = every_other_holds_a_king(view);
    // Only the right neighbour exchanging takes the King (a dealer cuts instead), and the
    // holder is asked again before any later decision.
    if next != right || right == view.dealer {
        return thrown;
    }
    let pool = unseen(view);
    let mut lowest = 0.0;
    for rank in 1..=THRESHOLD_RANK {
        let of_rank: Vec<Card> = pool.iter().copied().filter(|c| c.rank() == rank).collect();
        let Some(&given) = of_rank.first() else {
            continue;
        };
        // The neighbour exchanges: the holder has its card and decides next.
        let mut after = view.clone();
        after.phase = if me == view.dealer {
            Phase::DealerChoice
        } else {
            Phase::Exchange
        };
        after.current = me;
        after.choices[usize::from(right)] = Some(Choice::Exchanged);
        after.given = [view.own, None];
        after.own = Some(given);
        let hint = chase_hint(&after).expect("the holder decides in the view built for it");
        lowest += of_rank.len() as f64 / pool.len() as f64 * hint.keep.min(hint.change);
    }
    let keeps = pool.iter().filter(|c| c.rank() > THRESHOLD_RANK).count();
    lowest + keeps as f64 / pool.len() as f64 * thrown
}
