//! How Forty-One looks and is said: piles or rounds won, each seat's score this round, and
//! the tracker of the turn being rolled.

use crate::games::forty_one::FortyOne;
use crate::games::forty_one::solver::TurnState;
use crate::games::present::{
    Banner, Centre, Holding, HoldingKind, Label, Presentation, SeatInfo, pot_centre, tag,
};
use crate::games::{Event, Figures, Game, SeatNames, counted};

impl Presentation for FortyOne {
    fn seats(&self) -> Vec<SeatInfo> {
        forty_one_seats(self)
    }

    fn centre(&self) -> Centre {
        pot_centre(
            self,
            "Pot",
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
                format!("{} the perfect 24!", names.says(seat, "scores", "score")),
                "A perfect 24!".to_owned(),
            ),
            Event::Scored { seat, score: None } => Banner::note(
                format!("{}: no 4 and 1", names.says(seat, "busts", "bust")),
                "Bust!".to_owned(),
            ),
            Event::RoundBegins { round, opener } => Banner::note(
                format!(
                    "Round {round}: {} first",
                    names.says(opener, "rolls", "roll")
                ),
                format!("Round {round}"),
            ),
            Event::RoundWon { seat, score, .. } => {
                let round = self.round();
                let perfect = if score == 24 { "a perfect " } else { "" };
                Banner::round_end(
                    format!(
                        "{} round {round} with {perfect}{score}",
                        names.says(seat, "wins", "win")
                    ),
                    format!("{} R{round}", names.name(seat)),
                )
            }
            Event::RoundTied { score } => Banner::round_end(
                match score {
                    Some(score) => format!("A tie on {score}: the round is played again"),
                    None => "Nobody qualified: the round is played again".to_owned(),
                },
                "A tie: again".to_owned(),
            ),
            Event::RoundShared { seats, score } => {
                let round = self.round();
                let with =
                    score.map_or_else(|| ": nobody qualified".to_owned(), |s| format!(" with {s}"));
                Banner::round_end(
                    format!("{} share round {round}{with}", names.list(seats)),
                    format!("R{round} shared"),
                )
            }
            Event::OutOfMatch { seat } => Banner::note(
                format!("{} out of the match", names.says(seat, "is", "are")),
                format!("{} out", names.name(seat)),
            ),
            Event::MatchWon { seats, pile } => Banner::win(
                format!(
                    "{} the match with {}!",
                    match seats.only() {
                        Some(seat) => names.says(seat, "wins", "win"),
                        None => format!("{} win", names.list(seats)),
                    },
                    if self.settings().stakes {
                        counted(pile, "chip", "chips")
                    } else {
                        counted(pile, "round won", "rounds won")
                    }
                ),
                "Match over!".to_owned(),
            ),
            _ => return None,
        })
    }

    fn game_over(&self, figures: &Figures, names: &[String], width: usize) -> Vec<String> {
        // A tied round played again is the same round: counted once, its replays said.
        let replayed = figures.rounds.saturating_sub(u32::from(self.round()));
        let rounds = match replayed {
            0 => self.round().to_string(),
            n => format!(
                "{} ({} after a tie)",
                self.round(),
                counted(n, "replay", "replays")
            ),
        };
        let mut lines = vec![format!("Rounds: {rounds}   Turns: {}", figures.turns)];
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
                status.push(tag("OUT", "OUT"));
            } else if s == g.opener() {
                status.push(tag("OPENS", "opens"));
            }
            match g.score_of(s) {
                Some(Some(score)) => {
                    status.push(Label::new(
                        format!("scored {score}"),
                        format!("{score} pts"),
                    ));
                }
                Some(None) => status.push(Label::same("bust")),
                None if out => {}
                None => status.push(Label::same("to roll")),
            }
            // A bust's chip waits for the next round's pot, through a replayed round too.
            match g.owed(s) {
                0 => {}
                owed => status.push(Label::same(format!("owes {owed}"))),
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
                self.result = Some(Label::new(
                    format!(
                        "Round {}: {} with {score}",
                        self.round,
                        names.says(seat, "wins", "win")
                    ),
                    format!("R{} to {}", self.round, names.name(seat)),
                ));
            }
            Event::RoundShared { .. } => {
                self.result = Some(Label::new(
                    format!("Round {}: shared", self.round),
                    format!("R{} shared", self.round),
                ));
            }
            Event::RoundTied { .. } => {
                self.result = Some(Label::new(
                    format!("Round {}: a tie, played again", self.round),
                    format!("R{} tied: again", self.round),
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
    let score = match turn.ended {
        Some(TurnEnd::Scored(score)) => format!("scored {score}"),
        Some(TurnEnd::Bust) => "bust: no score".to_owned(),
        None if state.has_four && state.has_one => format!("score so far {}", state.pips - 5),
        None => "score so far —".to_owned(),
    };
    let rounds = g.settings().rounds;
    let round = turn.round;
    let position = if turn.ended.is_some() {
        Label::new(
            format!("Round {round} of {rounds} · turn over"),
            format!("R{round}/{rounds} · done"),
        )
    } else {
        let roll = (turn.set_down.len() + 1).min(6);
        Label::new(
            format!("Round {round} of {rounds} · roll {roll} of 6"),
            format!("R{round}/{rounds} · roll {roll}/6"),
        )
    };
    let to_beat = turn
        .to_beat
        .map_or("none yet".to_owned(), |s| s.to_string());
    let has = |done: bool| if done { "has" } else { "no" };
    let spoken_down = if turn.set_down.is_empty() {
        "nothing"
    } else {
        down.as_str()
    };
    let spoken_score = score.replace('—', "none yet");
    vec![
        position,
        Label::new(format!("Set down: {down}"), format!("Down: {down}"))
            .said_as(format!("Set down: {spoken_down}")),
        Label::new(
            format!(
                "4 {}   1 {}   {score}",
                tick(state.has_four),
                tick(state.has_one)
            ),
            format!("4{} 1{} {score}", tick(state.has_four), tick(state.has_one)),
        )
        .said_as(format!(
            "{} 4, {} 1, {spoken_score}",
            has(state.has_four),
            has(state.has_one)
        )),
        turn.result.unwrap_or_else(|| {
            Label::new(
                format!("Score to beat: {to_beat}"),
                format!("To beat: {to_beat}"),
            )
        }),
    ]
}

/// A Forty-One match's final piles, biggest first, a few to a line.
fn standings(g: &FortyOne, names: &[String], width: usize) -> Vec<String> {
    let mut piles: Vec<(u32, &str)> = g
        .piles()
        .iter()
        .zip(names)
        .map(|(&pile, name)| (pile, name.as_str()))
        .collect();
    piles.sort_by_key(|&(pile, _)| std::cmp::Reverse(pile));
    let unit = if g.settings().stakes {
        "chips"
    } else {
        "rounds won"
    };
    let piles: Vec<String> = piles
        .iter()
        .map(|(pile, name)| format!("{name} {pile}"))
        .collect();
    let all = format!("Final piles ({unit}): {}", piles.join(" · "));
    if all.chars().count() <= width {
        return vec![all];
    }
    let mut lines = vec![format!("Final piles ({unit}):")];
    lines.extend(piles.chunks(4).map(|row| row.join(" · ")));
    lines
}
