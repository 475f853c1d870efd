//! How Chase the Ace looks and is said: lives, the cards face down and up, the dealer and
//! those on grace, the showdown, and the words of keeping and exchanging.

use crate::games::chase_the_ace::{self, ChaseView};
use crate::games::present::{
    Banner, CardFace, CardsShown, Centre, Holding, HoldingKind, Label, Presentation, SeatInfo,
    pot_centre, showdown, tag,
};
use crate::games::{Action, Card, Event, Figures, SeatNames, SeatSet};

impl Presentation for ChaseView {
    fn seats(&self) -> Vec<SeatInfo> {
        chase_seats(self)
    }

    fn centre(&self) -> Centre {
        Centre {
            cards: chase_cards(self),
            ..pot_centre(self, "Pot", self.pot, None)
        }
    }

    fn tracker(&self, names: &SeatNames, revealed: &[Event], _held: u32, _pot: u32) -> Vec<Label> {
        chase(self, names, revealed)
    }

    fn action_label(&self, action: Action, names: &SeatNames) -> Option<String> {
        match action {
            Action::Keep if matches!(self.phase, chase_the_ace::Phase::KingCall { .. }) => {
                Some("Keep the King quiet".to_owned())
            }
            Action::Exchange => Some(format!(
                "Exchange with {}",
                names.name(self.neighbour(self.current, true))
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
                    format!("Round {round}: {}", names.says(dealer, "deals", "deal")),
                    format!("Round {round}"),
                )
            }
            Event::Cut { dealer, card } => Banner::note(
                format!("{} the deck: {card}", names.says(dealer, "cuts", "cut")),
                format!("Cut: {card}"),
            ),
            Event::KingThrown { seat } => Banner::note(
                format!("{} down a King!", names.says(seat, "throws", "throw")),
                "A King!".to_owned(),
            ),
            Event::LostLife { seat, left } => Banner::round_end(
                format!("{} a life ({left} left)", names.says(seat, "loses", "lose")),
                format!("{} -1 life", names.name(seat)),
            ),
            Event::OnGrace { seat } => Banner::round_end(
                format!(
                    "{} on grace: one more loss and out",
                    names.says(seat, "is", "are")
                ),
                format!("{} on grace", names.name(seat)),
            ),
            Event::Out { seat } => Banner::round_end(
                format!("{} out!", names.says(seat, "is", "are")),
                format!("{} out", names.name(seat)),
            ),
            Event::VoidRound => Banner::round_end(
                "Everyone left would go out: the round is void".to_owned(),
                "Void round".to_owned(),
            ),
            Event::Reset => Banner::round_end(
                "Stayner! Everyone is back in with full lives".to_owned(),
                "Stayner!".to_owned(),
            ),
            _ => return None,
        })
    }

    fn game_over(&self, figures: &Figures, _names: &[String], _width: usize) -> Vec<String> {
        vec![format!(
            "Rounds: {}   Turns: {}",
            figures.rounds, figures.turns
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
                    status.push(tag("DEALER", "DLR"));
                }
                if v.on_grace.contains(seat) {
                    status.push(tag("GRACE", "GRC").said_as("on grace"));
                }
            } else {
                status.push(tag("OUT", "OUT"));
            }
            match v.choices[s] {
                Some(chase_the_ace::Choice::Kept) => status.push(Label::same("kept")),
                Some(chase_the_ace::Choice::Exchanged) => {
                    status.push(Label::new("swapped", "swap"));
                }
                Some(chase_the_ace::Choice::Cut) => status.push(Label::same("cut")),
                Some(chase_the_ace::Choice::ThrewKing) => {
                    status.push(Label::new("King down", "K down"));
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
            caption: Label::same("Your card"),
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
    let whose = if v.viewer == Some(v.current) {
        "your".to_owned()
    } else {
        names.possessive(v.current)
    };
    // Once a King is down or the cards are out, the round is at its showdown.
    let showdown = revealed.iter().find_map(|event| match *event {
        Event::KingThrown { seat } => Some(Label::new(
            format!("{} a King: showdown", names.says(seat, "threw", "threw")),
            "King down".to_owned(),
        )),
        Event::Cut { .. } | Event::Shown { .. } => {
            Some(Label::new("Showdown".to_owned(), "Showdown".to_owned()))
        }
        _ => None,
    });
    let (phase, short) = match v.phase {
        _ if showdown.is_some() => {
            let label = showdown.expect("a showdown");
            (label.full, label.short)
        }
        chase_the_ace::Phase::Deal => (
            "Shuffling for the next deal".to_owned(),
            "Shuffling".to_owned(),
        ),
        chase_the_ace::Phase::Exchange => {
            (format!("Exchanges: {whose} turn"), format!("{whose} turn"))
        }
        // Only the King's holder ever sees this phase.
        chase_the_ace::Phase::KingCall { next } => (
            format!("Throw your King down before {}'s turn?", names.name(next)),
            "Throw the King?".to_owned(),
        ),
        chase_the_ace::Phase::DealerChoice => (
            format!("Keep or cut: {whose} turn (dealer)"),
            format!("Dealer: {whose} turn"),
        ),
        chase_the_ace::Phase::Over => ("Game over".to_owned(), "Over".to_owned()),
    };
    let round = chase_round(v);
    let mut lines = vec![
        Label::new(
            format!("Round {round} · {phase}"),
            format!("R{round} · {short}"),
        ),
        Label::new(
            format!("Players in: {}", v.in_game.len()),
            format!("In: {}", v.in_game.len()),
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
            format!("On grace: {}", names.list(grace)),
            format!("On grace: {}", grace.len()),
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
