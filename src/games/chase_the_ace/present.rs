//! How Chase the Ace looks and is said: lives, the cards face down and up, the dealer and
//! those on grace, the showdown, and the words of keeping and exchanging.

use crate::games::chase_the_ace::{self, ChaseView};
use crate::games::present::{
    Banner, CardFace, CardsShown, Centre, Holding, HoldingKind, Label, Presentation, SeatInfo,
    pot_centre, showdown, tag,
};
use crate::games::{Action, Card, Event, Figures, SeatNames, SeatSet, said_of};

impl Presentation for ChaseView {
    fn seats(&self) -> Vec<SeatInfo> {
        chase_seats(self)
    }

    fn centre(&self) -> Centre {
        Centre {
            cards: chase_cards(self),
            ..pot_centre(self, crate::said!(pot), self.pot, None)
        }
    }

    fn tracker(&self, names: &SeatNames, revealed: &[Event], _held: u32, _pot: u32) -> Vec<Label> {
        chase(self, names, revealed)
    }

    fn action_label(&self, action: Action, names: &SeatNames) -> Option<String> {
        match action {
            Action::Keep if matches!(self.phase, chase_the_ace::Phase::KingCall { .. }) => {
                Some(crate::said!(action_keep_king_quiet))
            }
            Action::Exchange => Some(crate::said!(
                action_exchange_with,
                name = names.name(self.neighbour(self.current, true))
            )),
            _ => None,
        }
    }

    fn action_target(&self, action: Action) -> Option<u8> {
        (action == Action::Exchange).then(|| self.neighbour(self.current, true))
    }

    fn banner(&self, event: &Event, names: &SeatNames) -> Option<Banner> {
        Some(match *event {
            Event::Dealt { dealer } => {
                let round = self.round + 1;
                Banner::note(
                    said_of!(names, chase_dealt, dealer, round = round),
                    crate::said!(chase_dealt_short, round = round),
                )
            }
            Event::Cut { dealer, card } => Banner::note(
                said_of!(names, chase_cut, dealer, card = card.to_string()),
                crate::said!(chase_cut_short, card = card.to_string()),
            ),
            Event::KingThrown { seat } => Banner::note(
                said_of!(names, chase_king, seat),
                crate::said!(chase_king_short),
            ),
            Event::LostLife { seat, left } => Banner::round_end(
                said_of!(names, chase_lost_life, seat, left = left),
                crate::said!(chase_lost_life_short, name = names.name(seat)),
            ),
            Event::OnGrace { seat } => Banner::round_end(
                said_of!(names, chase_on_grace, seat),
                crate::said!(chase_on_grace_short, name = names.name(seat)),
            ),
            Event::Out { seat } => Banner::round_end(
                said_of!(names, chase_out, seat),
                crate::said!(chase_out_short, name = names.name(seat)),
            ),
            Event::VoidRound => Banner::round_end(
                crate::said!(chase_void),
                crate::said!(chase_void_short),
            ),
            Event::Reset => Banner::round_end(
                crate::said!(chase_stayner),
                crate::said!(chase_stayner_short),
            ),
            _ => return None,
        })
    }

    fn game_over(&self, figures: &Figures, _names: &[String], _width: usize) -> Vec<String> {
        vec![crate::said!(
            game_over_rounds,
            rounds = figures.rounds.to_string(),
            turns = figures.turns
        )]
    }
}

/// Whether a round's cards are out: the last showdown is no longer on the table.
fn chase_dealt(v: &ChaseView) -> bool {
    matches!(
        v.phase,
        chase_the_ace::Phase::Exchange
            | chase_the_ace::Phase::KingCall { .. }
            | chase_the_ace::Phase::DealerChoice
    )
}

fn chase_seats(v: &ChaseView) -> Vec<SeatInfo> {
    let dealt = chase_dealt(v);
    (0..v.players())
        .map(|seat| {
            let s = usize::from(seat);
            let in_game = v.in_game.contains(seat);
            let mut status = vec![];
            if in_game {
                if seat == v.dealer {
                    status.push(
                        tag(crate::said!(tag_dealer), crate::said!(tag_dealer_short))
                            .said_as(crate::said!(tag_dealer_said)),
                    );
                }
                if v.on_grace.contains(seat) {
                    status.push(
                        tag(crate::said!(tag_grace), crate::said!(tag_grace_short))
                            .said_as(crate::said!(tag_grace_said)),
                    );
                }
            } else {
                status.push(tag(crate::said!(tag_out), crate::said!(tag_out)));
            }
            match v.choices[s] {
                Some(chase_the_ace::Choice::Kept) => {
                    status.push(Label::same(crate::said!(chase_kept)));
                }
                Some(chase_the_ace::Choice::Exchanged) => {
                    status.push(Label::new(
                        crate::said!(chase_swapped),
                        crate::said!(chase_swapped_short),
                    ));
                }
                Some(chase_the_ace::Choice::Cut) => {
                    status.push(Label::same(crate::said!(chase_cut_status)));
                }
                Some(chase_the_ace::Choice::ThrewKing) => {
                    status.push(Label::new(
                        crate::said!(chase_king_down),
                        crate::said!(chase_king_down_short),
                    ));
                }
                None => {}
            }
            let card = match (dealt, in_game) {
                (true, true) => Some(match (v.viewer == Some(seat), v.own) {
                    (true, Some(card)) => CardFace::Up(card),
                    _ => CardFace::Down,
                }),
                (true, false) => None,
                // Between deals the last showdown stays on the table.
                (false, _) => v.shown[s].map(CardFace::Up),
            };
            SeatInfo {
                holding: Holding {
                    count: u32::from(v.lives[s]),
                    kind: HoldingKind::Lives {
                        of: u32::from(v.settings.lives),
                    },
                },
                card,
                to_act: dealt && seat == v.current,
                out: !in_game,
                status,
            }
        })
        .collect()
}

/// Your card while the round is on; the last showdown between rounds and after the game.
/// While a round is on, nobody's card (one keyboard shared, a watcher) leaves the centre
/// empty: the last showdown there would read as the cards now in play.
fn chase_cards(v: &ChaseView) -> Option<CardsShown> {
    if let (Some(seat), Some(card)) = (v.viewer, v.own) {
        return Some(CardsShown {
            caption: Label::same(crate::said!(your_card)),
            cards: vec![(seat, card)],
            lowest: None,
            large: true,
        });
    }
    if chase_dealt(v) {
        return None;
    }
    let shown: Vec<(u8, Card)> = (0..v.players())
        .filter_map(|s| v.shown[usize::from(s)].map(|c| (s, c)))
        .collect();
    showdown(shown)
}

fn chase(v: &ChaseView, names: &SeatNames, revealed: &[Event]) -> Vec<Label> {
    // "your turn" for the viewer, "Ben's turn" for anyone else.
    let whose = if v.viewer == Some(v.current) || names.is_you(v.current) {
        "you"
    } else {
        "one"
    };
    let name = names.name(v.current);
    // Once a King is down or the cards are out, the round is at its showdown.
    let showdown = revealed.iter().find_map(|event| match *event {
        Event::KingThrown { seat } => Some(Label::new(
            said_of!(names, chase_threw_king, seat),
            crate::said!(chase_king_down),
        )),
        Event::Cut { .. } | Event::Shown { .. } => Some(Label::same(crate::said!(chase_showdown))),
        _ => None,
    });
    let (phase, short) = match v.phase {
        _ if showdown.is_some() => {
            let label = showdown.expect("a showdown");
            (label.full, label.short)
        }
        chase_the_ace::Phase::Deal => (
            crate::said!(chase_shuffling),
            crate::said!(chase_shuffling_short),
        ),
        chase_the_ace::Phase::Exchange => (
            crate::said!(chase_exchanges, who = whose, name = &name),
            crate::said!(chase_exchanges_short, who = whose, name = &name),
        ),
        // Only the King's holder ever sees this phase.
        chase_the_ace::Phase::KingCall { next } => (
            crate::said!(chase_king_call, name = names.name(next)),
            crate::said!(chase_king_call_short),
        ),
        chase_the_ace::Phase::DealerChoice => (
            crate::said!(chase_dealer_choice, who = whose, name = &name),
            crate::said!(chase_dealer_choice_short, who = whose, name = &name),
        ),
        chase_the_ace::Phase::Over => (crate::said!(chase_over), crate::said!(chase_over_short)),
    };
    let round = chase_round(v);
    let players_in = v.in_game.len();
    let mut lines = vec![
        Label::new(
            crate::said!(chase_round, round = round, phase = phase),
            crate::said!(chase_round_short, round = round, phase = short),
        ),
        Label::new(
            crate::said!(chase_players_in, count = players_in),
            crate::said!(chase_players_in_short, count = players_in),
        ),
    ];
    // Only those still in: a player who went out on grace is out, not on grace.
    let grace: SeatSet = v
        .on_grace
        .iter()
        .filter(|&s| v.in_game.contains(s))
        .collect();
    if !grace.is_empty() {
        lines.push(Label::new(
            crate::said!(chase_on_grace_list, names = names.list(grace)),
            crate::said!(chase_on_grace_count, count = grace.len()),
        ));
    }
    lines
}

/// The round a Chase the Ace table is in, counted from 1: during a deal the round being
/// played, between deals and at the end the last round played, so the tracker and the
/// game-over panel agree.
fn chase_round(v: &ChaseView) -> u32 {
    match v.phase {
        chase_the_ace::Phase::Exchange
        | chase_the_ace::Phase::KingCall { .. }
        | chase_the_ace::Phase::DealerChoice => v.round + 1,
        chase_the_ace::Phase::Deal | chase_the_ace::Phase::Over => v.round.max(1),
    }
}
