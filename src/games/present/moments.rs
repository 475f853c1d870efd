//! The key moments of a game, as banners: a finale throw, a round won, a life lost, the
//! winner. The table holds each on screen for a beat; some wait for a key.

use super::Label;
use crate::games::aces_in_the_pot;
use crate::games::{Event, Game, SeatNames, View, counted};

/// How much a moment matters to the show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Moment {
    /// Worth a word: a round begins, a safe throw, a wild.
    Note,
    /// A round or a finale ends: a player at the table wants to look before play goes on.
    RoundEnd,
    /// The game is won: a small celebration.
    Win,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Banner {
    pub text: Label,
    pub moment: Moment,
}

/// The banner `event` raises as the latest of the events `earlier` in its step: seats that
/// went out (or lost a life) together in one step are named together, "Ana and Ben are
/// out!", where the last one's banner alone would name one of them.
pub fn banner_in_step(
    event: &Event,
    earlier: &[Event],
    before: &View,
    names: &SeatNames,
) -> Option<Banner> {
    let alike = |e: &Event| match (e, event) {
        (Event::Out { seat }, Event::Out { .. })
        | (Event::LostLife { seat, .. }, Event::LostLife { .. }) => Some(*seat),
        _ => None,
    };
    let seats: crate::games::SeatSet = earlier
        .iter()
        .chain(std::iter::once(event))
        .filter_map(alike)
        .collect();
    if seats.len() < 2 {
        return banner(event, before, names);
    }
    let who = names.list(seats);
    let (full, short) = match event {
        Event::Out { .. } => (format!("{who} are out!"), format!("{who} out")),
        _ => (format!("{who} each lose a life"), format!("{who} -1 life")),
    };
    Some(Banner {
        text: Label::new(full, short),
        moment: Moment::RoundEnd,
    })
}

/// The banner an event raises, if it is a key moment. `before` is the table as it stood
/// before the event's step: it gives what the event itself does not say (the round, the
/// finale throw).
#[allow(clippy::too_many_lines)] // one arm per moment, each a sentence
pub fn banner(event: &Event, before: &View, names: &SeatNames) -> Option<Banner> {
    let name = |seat: u8| names.name(seat);
    let note = |full: String, short: String| Banner {
        text: Label::new(full, short),
        moment: Moment::Note,
    };
    let round_end = |full: String, short: String| Banner {
        text: Label::new(full, short),
        moment: Moment::RoundEnd,
    };
    let win = |full: String, short: String| Banner {
        text: Label::new(full, short),
        moment: Moment::Win,
    };
    let banner = match *event {
        Event::FinaleBegins { seat } => note(
            format!(
                "Finale: {} alone, three safe throws to win",
                names.says(seat, "throws", "throw")
            ),
            "Finale!".to_owned(),
        ),
        Event::SafeThrow { safe, .. } => note(
            format!("Throw {safe} of 3: safe!"),
            format!("{safe} of 3 safe"),
        ),
        Event::NormalPlayResumes { seat } => {
            let (throw, face) = match before {
                View::AcesInThePot(g) => match g.phase() {
                    aces_in_the_pot::Phase::Finale { safe } => (safe + 1, g.finale_face()),
                    _ => (1, g.finale_face()),
                },
                _ => (1, 6),
            };
            round_end(
                format!(
                    "Throw {throw} of 3: a {face}! The finale fails; {} is back in",
                    name(seat)
                ),
                format!("A {face}! The finale fails"),
            )
        }
        Event::ThrowBought { seat } => note(
            format!(
                "{} an extra throw for a chip",
                names.says(seat, "buys", "buy")
            ),
            "Extra throw!".to_owned(),
        ),
        Event::ThrowForgiven { seat } => {
            let face = match before {
                View::AcesInThePot(g) => g.finale_face(),
                _ => 6,
            };
            note(
                format!(
                    "A {face}, forgiven: {} extra throw is used",
                    names.possessive(seat)
                ),
                "Forgiven!".to_owned(),
            )
        }
        Event::Wins { seat, pot } => win(
            format!("{} the pot of {pot}!", names.says(seat, "wins", "win")),
            format!("{} {pot}!", names.says(seat, "wins", "win")),
        ),
        Event::Loses { seat } => win(
            format!(
                "{} the last die: everyone else wins!",
                names.says(seat, "sends", "send")
            ),
            format!("{} last", name(seat)),
        ),
        Event::OpeningTie { seats, total } => note(
            format!("{} tie on {total}: roll again", names.list(seats)),
            format!("A tie on {total}"),
        ),
        Event::Opens { seat, total } => note(
            format!("{} with {total}", names.says(seat, "starts", "start")),
            format!("{} starts", name(seat)),
        ),
        Event::WildTakes { seat, from } => note(
            format!(
                "Wild! {} a chip from {}",
                names.says(seat, "takes", "take"),
                name(from)
            ),
            "Wild!".to_owned(),
        ),
        Event::Scored {
            seat,
            score: Some(24),
        } => note(
            format!("{} the perfect 24!", names.says(seat, "scores", "score")),
            "A perfect 24!".to_owned(),
        ),
        Event::Scored { seat, score: None } => note(
            format!("{}: no 4 and 1", names.says(seat, "busts", "bust")),
            "Bust!".to_owned(),
        ),
        Event::RoundBegins { round, opener } => note(
            format!(
                "Round {round}: {} first",
                names.says(opener, "rolls", "roll")
            ),
            format!("Round {round}"),
        ),
        Event::RoundWon { seat, score, .. } => {
            let round = match before {
                View::FortyOne(g) => g.round(),
                _ => 0,
            };
            let perfect = if score == 24 { "a perfect " } else { "" };
            round_end(
                format!(
                    "{} round {round} with {perfect}{score}",
                    names.says(seat, "wins", "win")
                ),
                format!("{} R{round}", name(seat)),
            )
        }
        Event::RoundTied { score } => round_end(
            match score {
                Some(score) => format!("A tie on {score}: the round is played again"),
                None => "Nobody qualified: the round is played again".to_owned(),
            },
            "A tie: again".to_owned(),
        ),
        Event::RoundShared { seats, score } => {
            let round = match before {
                View::FortyOne(g) => g.round(),
                _ => 0,
            };
            let with =
                score.map_or_else(|| ": nobody qualified".to_owned(), |s| format!(" with {s}"));
            round_end(
                format!("{} share round {round}{with}", names.list(seats)),
                format!("R{round} shared"),
            )
        }
        Event::OutOfMatch { seat } => note(
            format!("{} out of the match", names.says(seat, "is", "are")),
            format!("{} out", name(seat)),
        ),
        Event::MatchWon { seats, pile } => win(
            format!(
                "{} the match with {}!",
                match seats.only() {
                    Some(seat) => names.says(seat, "wins", "win"),
                    None => format!("{} win", names.list(seats)),
                },
                match before {
                    View::FortyOne(g) if !g.settings().stakes => {
                        counted(pile, "round won", "rounds won")
                    }
                    _ => counted(pile, "chip", "chips"),
                }
            ),
            "Match over!".to_owned(),
        ),
        Event::Dealt { dealer } => {
            let round = match before {
                View::ChaseTheAce(v) => v.round + 1,
                _ => 0,
            };
            note(
                format!("Round {round}: {}", names.says(dealer, "deals", "deal")),
                format!("Round {round}"),
            )
        }
        Event::Cut { dealer, card } => note(
            format!("{} the deck: {card}", names.says(dealer, "cuts", "cut")),
            format!("Cut: {card}"),
        ),
        Event::KingThrown { seat } => note(
            format!("{} down a King!", names.says(seat, "throws", "throw")),
            "A King!".to_owned(),
        ),
        Event::LostLife { seat, left } => round_end(
            format!("{} a life ({left} left)", names.says(seat, "loses", "lose")),
            format!("{} -1 life", name(seat)),
        ),
        Event::OnGrace { seat } => round_end(
            format!(
                "{} on grace: one more loss and out",
                names.says(seat, "is", "are")
            ),
            format!("{} on grace", name(seat)),
        ),
        Event::Out { seat } => round_end(
            format!("{} out!", names.says(seat, "is", "are")),
            format!("{} out", name(seat)),
        ),
        Event::VoidRound => round_end(
            "Everyone left would go out: the round is void".to_owned(),
            "Void round".to_owned(),
        ),
        Event::Reset => round_end(
            "Stayner! Everyone is back in with full lives".to_owned(),
            "Stayner!".to_owned(),
        ),
        Event::WildFizzles { seat } => note(
            format!("Wild! Nobody else has a chip for {} to take", name(seat)),
            "Wild: nothing".to_owned(),
        ),
        Event::Skipped { .. }
        | Event::ThreeTravels { .. }
        | Event::ThreeKept { .. }
        | Event::Rolled { .. }
        | Event::Moved { .. }
        | Event::SetDown { .. }
        | Event::Scored { .. }
        | Event::Kept { .. }
        | Event::Exchanged { .. }
        | Event::Shown { .. }
        | Event::PenaltyOwed { .. }
        | Event::PenaltyPaid { .. } => return None,
    };
    Some(banner)
}
