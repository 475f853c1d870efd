//! How Forty-One looks and is said: piles or rounds won, each seat's score this round, and
//! the tracker of the turn being rolled.

use crate::games::forty_one::FortyOne;
use crate::games::forty_one::solver::TurnState;
use crate::games::present::{
    Banner, Centre, Holding, HoldingKind, Label, Presentation, SeatInfo, pot_centre, tag,
};
use crate::games::{Event, Figures, Game, SeatNames, said_name, said_of};

impl Presentation for FortyOne {
    fn seats(&self) -> Vec<SeatInfo> {
        forty_one_seats(self)
    }

    fn centre(&self) -> Centre {
        pot_centre(
            self,
            crate::said!(pot),
            self.pot(),
            self.roll().map(|dice| (self.current(), dice)),
        )
    }

    fn tracker(&self, names: &SeatNames, revealed: &[Event], _held: u32, _pot: u32) -> Vec<Label> {
        forty_one(self, names, revealed)
    }

    fn banner(&self, event: &Event, names: &SeatNames) -> Option<Banner> {
        Some(match *event {
            Event::Scored {
                seat,
                score: Some(24),
            } => Banner::note(
                said_of!(names, forty_one_perfect, seat),
                crate::said!(forty_one_perfect_short),
            ),
            Event::Scored { seat, score: None } => Banner::note(
                said_of!(names, forty_one_bust, seat),
                crate::said!(forty_one_bust_short),
            ),
            Event::RoundBegins { round, opener } => Banner::note(
                said_of!(names, forty_one_round_begins, opener, round = round),
                crate::said!(forty_one_round_begins_short, round = round),
            ),
            Event::RoundWon { seat, score, .. } => {
                let round = self.round();
                let perfect = if score == 24 { "yes" } else { "no" };
                Banner::round_end(
                    said_of!(
                        names,
                        forty_one_round_won,
                        seat,
                        round = round,
                        perfect = perfect,
                        score = score
                    ),
                    crate::said!(
                        forty_one_round_won_short,
                        name = names.name(seat),
                        round = round
                    ),
                )
            }
            Event::RoundTied { score } => Banner::round_end(
                score.map_or_else(
                    || crate::said!(forty_one_round_tied_nobody),
                    |score| crate::said!(forty_one_round_tied, score = score),
                ),
                crate::said!(forty_one_round_tied_short),
            ),
            Event::RoundShared { seats, score } => {
                let round = self.round();
                let names = names.list(seats);
                Banner::round_end(
                    match score {
                        Some(score) => crate::said!(
                            forty_one_round_shared,
                            names = names,
                            round = round,
                            score = score
                        ),
                        None => {
                            crate::said!(forty_one_round_shared_nobody, names = names, round = round)
                        }
                    },
                    crate::said!(forty_one_round_shared_short, round = round),
                )
            }
            Event::OutOfMatch { seat } => Banner::note(
                said_of!(names, forty_one_out, seat),
                crate::said!(forty_one_out_short, name = names.name(seat)),
            ),
            Event::MatchWon { seats, pile } => {
                let (who, name) = match seats.only() {
                    Some(seat) => names.seat_args(seat),
                    None => ("many", names.list(seats)),
                };
                let stakes = if self.settings().stakes { "yes" } else { "no" };
                Banner::win(
                    crate::said!(
                        forty_one_match_won,
                        who = who,
                        name = name,
                        stakes = stakes,
                        count = pile
                    ),
                    crate::said!(forty_one_match_won_short),
                )
            }
            _ => return None,
        })
    }

    fn game_over(&self, figures: &Figures, names: &[String], width: usize) -> Vec<String> {
        // A tied round played again is the same round: counted once, its replays said.
        let replayed = figures.rounds.saturating_sub(u32::from(self.round()));
        let rounds = match replayed {
            0 => self.round().to_string(),
            n => crate::said!(forty_one_rounds_replayed, round = self.round(), replays = n),
        };
        let mut lines = vec![crate::said!(
            game_over_rounds,
            rounds = rounds,
            turns = figures.turns
        )];
        lines.extend(standings(self, names, width));
        lines
    }
}

fn forty_one_seats(g: &FortyOne) -> Vec<SeatInfo> {
    let stakes = g.settings().stakes;
    g.piles()
        .iter()
        .enumerate()
        .map(|(seat, &pile)| {
            let s = seat as u8;
            let out = !g.in_match().contains(s);
            let mut status = Vec::new();
            if out {
                status.push(tag(crate::said!(tag_out), crate::said!(tag_out)));
            } else if s == g.opener() {
                status.push(tag(crate::said!(tag_opens), crate::said!(tag_opens_short)));
            }
            match g.score_of(s) {
                Some(Some(score)) => {
                    status.push(Label::new(
                        crate::said!(forty_one_scored, score = score),
                        crate::said!(forty_one_scored_short, score = score),
                    ));
                }
                Some(None) => status.push(Label::same(crate::said!(forty_one_seat_bust))),
                None if out => {}
                None => status.push(Label::same(crate::said!(forty_one_to_roll))),
            }
            // A bust's chip waits for the next round's pot, through a replayed round too.
            match g.owed(s) {
                0 => {}
                owed => status.push(Label::same(crate::said!(forty_one_owes, owed = owed))),
            }
            SeatInfo {
                holding: Holding {
                    count: pile,
                    kind: if stakes {
                        HoldingKind::Chips
                    } else {
                        HoldingKind::RoundsWon
                    },
                },
                card: None,
                to_act: !g.is_over() && s == g.current(),
                out,
                status,
            }
        })
        .collect()
}

/// How a Forty-One turn ended.
#[derive(Clone, Copy)]
enum TurnEnd {
    Scored(u8),
    Bust,
}

/// A Forty-One turn as the tracker tells it.
struct FortyOneTurn {
    round: u16,
    set_down: Vec<u8>,
    state: TurnState,
    to_beat: Option<u8>,
    /// The turn is over, and how.
    ended: Option<TurnEnd>,
    /// How the round ended, once it has.
    result: Option<Label>,
}

impl FortyOneTurn {
    fn of(g: &FortyOne) -> FortyOneTurn {
        FortyOneTurn {
            round: g.round(),
            set_down: g.set_down().to_vec(),
            state: g.turn_state(),
            to_beat: g.score_to_beat(),
            ended: None,
            result: None,
        }
    }

    fn hear(&mut self, event: &Event, names: &SeatNames) {
        match *event {
            Event::SetDown { face, .. } => {
                self.set_down.push(face);
                self.state = self.state.after(face);
            }
            Event::Scored { score, .. } => {
                self.ended = Some(score.map_or(TurnEnd::Bust, TurnEnd::Scored));
                self.to_beat = self.to_beat.max(score);
            }
            Event::RoundWon { seat, score, .. } => {
                let round = self.round;
                self.result = Some(Label::new(
                    said_of!(
                        names,
                        forty_one_round_result_won,
                        seat,
                        round = round,
                        score = score
                    ),
                    crate::said!(
                        forty_one_round_result_won_short,
                        round = round,
                        name = names.name(seat)
                    ),
                ));
            }
            Event::RoundShared { .. } => {
                self.result = Some(Label::new(
                    crate::said!(forty_one_round_result_shared, round = self.round),
                    crate::said!(forty_one_round_result_shared_short, round = self.round),
                ));
            }
            Event::RoundTied { .. } => {
                self.result = Some(Label::new(
                    crate::said!(forty_one_round_result_tied, round = self.round),
                    crate::said!(forty_one_round_result_tied_short, round = self.round),
                ));
            }
            Event::RoundBegins { round, .. } => {
                *self = FortyOneTurn {
                    round,
                    set_down: Vec::new(),
                    state: TurnState::START,
                    to_beat: None,
                    ended: None,
                    result: None,
                };
            }
            _ => {}
        }
    }
}

fn forty_one(g: &FortyOne, names: &SeatNames, revealed: &[Event]) -> Vec<Label> {
    let mut turn = FortyOneTurn::of(g);
    for event in revealed {
        turn.hear(event, names);
    }
    let tick = |done: bool| if done { "✓" } else { "·" };
    let down = if turn.set_down.is_empty() {
        "—".to_owned()
    } else {
        let faces: Vec<String> = turn.set_down.iter().map(u8::to_string).collect();
        faces.join(" ")
    };
    let state = turn.state;
    let (score, spoken_score) = match turn.ended {
        Some(TurnEnd::Scored(score)) => {
            let said = crate::said!(forty_one_scored, score = score);
            (said.clone(), said)
        }
        Some(TurnEnd::Bust) => {
            let said = crate::said!(forty_one_turn_bust);
            (said.clone(), said)
        }
        None if state.has_four && state.has_one => {
            let said = crate::said!(forty_one_so_far, score = state.pips - 5);
            (said.clone(), said)
        }
        None => (
            crate::said!(forty_one_so_far_none),
            crate::said!(forty_one_so_far_none_said),
        ),
    };
    let rounds = g.settings().rounds;
    let round = turn.round;
    let position = if turn.ended.is_some() {
        Label::new(
            crate::said!(forty_one_turn_over, round = round, rounds = rounds),
            crate::said!(forty_one_turn_over_short, round = round, rounds = rounds),
        )
    } else {
        let roll = (turn.set_down.len() + 1).min(6);
        Label::new(
            crate::said!(forty_one_rolling, round = round, rounds = rounds, roll = roll),
            crate::said!(
                forty_one_rolling_short,
                round = round,
                rounds = rounds,
                roll = roll
            ),
        )
    };
    let to_beat = turn.to_beat.map_or_else(
        || crate::said!(forty_one_to_beat_none),
        |s| s.to_string(),
    );
    let has = |done: bool| if done { "yes" } else { "no" };
    let spoken_down = if turn.set_down.is_empty() {
        crate::said!(forty_one_set_down_nothing)
    } else {
        down.clone()
    };
    vec![
        position,
        Label::new(
            crate::said!(forty_one_set_down, down = &down),
            crate::said!(forty_one_set_down_short, down = &down),
        )
        .said_as(crate::said!(forty_one_set_down, down = spoken_down)),
        Label::new(
            format!(
                "4 {}   1 {}   {score}",
                tick(state.has_four),
                tick(state.has_one)
            ),
            format!("4{} 1{} {score}", tick(state.has_four), tick(state.has_one)),
        )
        .said_as(crate::said!(
            forty_one_needs_said,
            four = has(state.has_four),
            one = has(state.has_one),
            score = spoken_score
        )),
        turn.result.unwrap_or_else(|| {
            Label::new(
                crate::said!(forty_one_to_beat, score = &to_beat),
                crate::said!(forty_one_to_beat_short, score = &to_beat),
            )
        }),
    ]
}

/// A Forty-One match's final piles, biggest first, a few to a line.
fn standings(g: &FortyOne, names: &[String], width: usize) -> Vec<String> {
    let mut piles: Vec<(u32, String)> = g
        .piles()
        .iter()
        .zip(names)
        .map(|(&pile, name)| (pile, said_name(name)))
        .collect();
    piles.sort_by_key(|&(pile, _)| std::cmp::Reverse(pile));
    let stakes = if g.settings().stakes { "yes" } else { "no" };
    let heading = crate::said!(forty_one_final_piles, stakes = stakes);
    let piles: Vec<String> = piles
        .iter()
        .map(|(pile, name)| format!("{name} {pile}"))
        .collect();
    let all = format!("{heading} {}", piles.join(" · "));
    if all.chars().count() <= width {
        return vec![all];
    }
    let mut lines = vec![heading];
    lines.extend(piles.chunks(4).map(|row| row.join(" · ")));
    lines
}
