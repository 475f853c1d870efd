//! What a game's view shows a player, in words and symbols: seats, the centre, the tracker
//! and the names of actions. Shared by the full-screen table and the `--plain` line mode,
//! so both say the same thing. Reads views only; never changes a game.

use crate::games::aces_in_the_pot::{self, AcesInThePot};
use crate::games::chase_the_ace::{self, ChaseView};
use crate::games::forty_one::FortyOne;
use crate::games::lcr::Lcr;
use crate::games::swedish_aces;
use crate::games::{Action, Card, Dice, Game, SeatSet, View};

/// How a seat looks at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// Chips, dice, lives or pile, in symbols and a number: `●●○ 2`.
    pub holding: String,
    /// A second line: a Forty-One score, a Chase the Ace card.
    pub detail: String,
    /// The card in front of the seat, face up or down (Chase the Ace).
    pub card: Option<CardFace>,
    /// Whose turn it is.
    pub to_act: bool,
    /// Short status words: DEALER, SOLE (holder), GRACE, OUT, EMPTY.
    pub tags: Vec<&'static str>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardFace {
    Down,
    Up(Card),
}

/// One die face as drawn in the centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DieFace {
    Pips(u8),
    /// LCR faces: L, R, C, a dot, W.
    Letter(&'static str),
}

/// The middle of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Centre {
    /// "Pot" or "Centre".
    pub pot_label: &'static str,
    pub pot: u32,
    /// The last dice thrown and by whom.
    pub roll: Option<(u8, Vec<DieFace>)>,
    /// Cards on show: a caption and each card with whose it is.
    pub cards: Option<(String, Vec<(u8, Card)>)>,
}

fn symbols(full: u32, total: u32, on: &str, off: &str) -> String {
    const MAX_SYMBOLS: u32 = 8;
    if total <= MAX_SYMBOLS {
        let mut s = on.repeat(full as usize);
        s.push_str(&off.repeat((total - full.min(total)) as usize));
        format!("{s} {full}")
    } else {
        format!("{} {full}", on.repeat(full.min(MAX_SYMBOLS) as usize))
    }
}

fn chips(n: u32) -> String {
    if n == 0 {
        "no chips".to_owned()
    } else {
        symbols(n, n, "●", "○")
    }
}

/// Every seat's look, for `players` seats.
pub fn seats(view: &View) -> Vec<SeatInfo> {
    match view {
        View::AcesInThePot(g) => aces_seats(g),
        View::Lcr(g) => {
            dice_game_seats(g.chips(), g.current(), g.is_over(), |n| chips(u32::from(n)))
        }
        View::SwedishAces(g) => {
            let over = g.phase() == swedish_aces::Phase::Over;
            dice_game_seats(g.dice(), g.current(), over, |n| {
                if n == 0 {
                    "no dice".to_owned()
                } else {
                    symbols(n.into(), n.into(), "◆", "◇")
                }
            })
        }
        View::FortyOne(g) => forty_one_seats(g),
        View::ChaseTheAce(v) => chase_seats(v),
    }
}

fn dice_game_seats(
    held: &[u8],
    current: u8,
    over: bool,
    show: impl Fn(u8) -> String,
) -> Vec<SeatInfo> {
    held.iter()
        .enumerate()
        .map(|(seat, &n)| SeatInfo {
            holding: show(n),
            detail: String::new(),
            card: None,
            to_act: !over && seat == usize::from(current),
            tags: if n == 0 { vec!["EMPTY"] } else { vec![] },
        })
        .collect()
}

fn aces_seats(g: &AcesInThePot) -> Vec<SeatInfo> {
    let over = g.phase() == aces_in_the_pot::Phase::Over;
    let mut seats = dice_game_seats(g.chips(), g.current(), over, |n| chips(u32::from(n)));
    if let aces_in_the_pot::Phase::Finale { safe } = g.phase() {
        let seat = &mut seats[usize::from(g.current())];
        seat.tags.push("SOLE");
        seat.detail = format!("safe {}", safe_marks(safe));
    }
    seats
}

/// Safe finale throws so far as filled and empty marks: `●●○`.
pub fn safe_marks(safe: u8) -> String {
    let safe = usize::from(safe);
    let total = usize::from(aces_in_the_pot::SAFE_THROWS_TO_WIN);
    format!(
        "{}{}",
        "●".repeat(safe),
        "○".repeat(total - safe.min(total))
    )
}

fn forty_one_seats(g: &FortyOne) -> Vec<SeatInfo> {
    let stakes = g.settings().stakes;
    g.piles()
        .iter()
        .enumerate()
        .map(|(seat, &pile)| {
            let s = seat as u8;
            let out = !g.in_match().contains(s);
            SeatInfo {
                holding: if stakes {
                    chips(pile)
                } else {
                    format!("{pile} rounds won")
                },
                detail: match g.score_of(s) {
                    Some(Some(score)) => format!("scored {score}"),
                    Some(None) => "bust".to_owned(),
                    None if out => String::new(),
                    None => "to roll".to_owned(),
                },
                card: None,
                to_act: !g.is_over() && s == g.current(),
                tags: match (out, s == g.opener()) {
                    (true, _) => vec!["OUT"],
                    (false, true) => vec!["OPENS"],
                    (false, false) => vec![],
                },
            }
        })
        .collect()
}

fn chase_seats(v: &ChaseView) -> Vec<SeatInfo> {
    let dealt = matches!(
        v.phase,
        chase_the_ace::Phase::Exchange
            | chase_the_ace::Phase::KingCall { .. }
            | chase_the_ace::Phase::DealerChoice
    );
    (0..v.players())
        .map(|seat| {
            let s = usize::from(seat);
            let in_game = v.in_game.contains(seat);
            let mut tags = vec![];
            if seat == v.dealer && in_game {
                tags.push("DEALER");
            }
            if v.on_grace.contains(seat) && in_game {
                tags.push("GRACE");
            }
            if !in_game {
                tags.push("OUT");
            }
            let card = if dealt && in_game {
                Some(match (v.viewer == Some(seat), v.own) {
                    (true, Some(card)) => CardFace::Up(card),
                    _ => CardFace::Down,
                })
            } else {
                // Between deals the last showdown stays on the table.
                v.shown[s].map(CardFace::Up)
            };
            SeatInfo {
                holding: symbols(u32::from(v.lives[s]), u32::from(v.settings.lives), "♥", "♡"),
                detail: match v.choices[s] {
                    Some(chase_the_ace::Choice::Kept) => "kept".to_owned(),
                    Some(chase_the_ace::Choice::Exchanged) => "swapped".to_owned(),
                    Some(chase_the_ace::Choice::Cut) => "cut".to_owned(),
                    Some(chase_the_ace::Choice::ThrewKing) => "King down".to_owned(),
                    None => String::new(),
                },
                card,
                to_act: dealt && seat == v.current,
                tags,
            }
        })
        .collect()
}

fn die_faces(dice: &Dice, lcr: Option<&Lcr>) -> Vec<DieFace> {
    dice.faces()
        .map(|f| match lcr {
            Some(game) => DieFace::Letter(game.face(f).symbol()),
            None => DieFace::Pips(f),
        })
        .collect()
}

/// The centre of the table.
pub fn centre(view: &View) -> Centre {
    let pot = |pot_label, pot, roll: Option<(u8, Dice)>, lcr| Centre {
        pot_label,
        pot,
        roll: roll.map(|(seat, dice)| (seat, die_faces(&dice, lcr))),
        cards: None,
    };
    match view {
        View::AcesInThePot(g) => pot("Pot", g.pot(), g.last_roll(), None),
        View::Lcr(g) => pot("Pot", g.pot(), g.last_roll(), Some(g)),
        View::SwedishAces(g) => pot("Centre", g.centre(), g.last_roll(), None),
        View::FortyOne(g) => Centre {
            pot_label: "Pot",
            pot: g.pot(),
            roll: g.roll().map(|dice| (g.current(), die_faces(&dice, None))),
            cards: None,
        },
        View::ChaseTheAce(v) => Centre {
            cards: chase_cards(v),
            ..pot("Pot", v.pot, None, None)
        },
    }
}

/// Your card while the round is on; the last showdown between rounds and after the game.
fn chase_cards(v: &ChaseView) -> Option<(String, Vec<(u8, Card)>)> {
    if let (Some(seat), Some(card)) = (v.viewer, v.own) {
        return Some(("Your card".to_owned(), vec![(seat, card)]));
    }
    let shown: Vec<(u8, Card)> = (0..v.players())
        .filter_map(|s| v.shown[usize::from(s)].map(|c| (s, c)))
        .collect();
    let lowest = shown.iter().map(|(_, c)| c.rank()).min()?;
    Some((
        format!(
            "Last showdown (lowest: {})",
            if lowest == 1 {
                "A".to_owned()
            } else {
                lowest.to_string()
            }
        ),
        shown,
    ))
}

/// The game's tracker, a few short lines.
pub fn tracker(view: &View, names: &[String]) -> Vec<String> {
    let name = |seat: u8| {
        names
            .get(usize::from(seat))
            .cloned()
            .unwrap_or_else(|| format!("Seat {seat}"))
    };
    match view {
        View::AcesInThePot(g) => match g.phase() {
            aces_in_the_pot::Phase::Finale { safe } => vec![
                format!("FINALE: {} throws alone", name(g.current())),
                format!("Safe throws {} ({safe} of 3)", safe_marks(safe)),
                format!("Avoid the {}", g.finale_face()),
            ],
            _ => vec![
                format!(
                    "{} pays the pot, {} passes",
                    g.paying_face(),
                    g.passing_face()
                ),
                format!(
                    "Chips in play: {}",
                    g.chips().iter().map(|&c| u32::from(c)).sum::<u32>()
                ),
            ],
        },
        View::SwedishAces(g) => {
            let mut lines = vec![
                format!("Dice in play: {}", g.in_play()),
                format!("In the centre: {}", g.centre()),
            ];
            if let swedish_aces::Phase::Opening { contenders } = g.phase() {
                lines.insert(
                    0,
                    format!(
                        "Opening roll: {} roll for the start",
                        seat_list(contenders, &name)
                    ),
                );
            }
            if g.threes_pending() > 0 {
                lines.push(format!("Threes to give away: {}", g.threes_pending()));
            }
            lines
        }
        View::Lcr(g) => {
            let mut lines = vec![format!(
                "Chips in play: {}",
                g.chips().iter().map(|&c| u32::from(c)).sum::<u32>()
            )];
            if g.wilds_pending() > 0 {
                lines.push(format!("Wilds to take: {}", g.wilds_pending()));
            }
            lines
        }
        View::FortyOne(g) => forty_one_tracker(g),
        View::ChaseTheAce(v) => chase_tracker(v, &name),
    }
}

fn seat_list(seats: SeatSet, name: &dyn Fn(u8) -> String) -> String {
    seats.iter().map(name).collect::<Vec<_>>().join(", ")
}

fn forty_one_tracker(g: &FortyOne) -> Vec<String> {
    let state = g.turn_state();
    let tick = |done: bool| if done { "✓" } else { "·" };
    let down = g
        .set_down()
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let so_far = if state.has_four && state.has_one {
        format!("{}", state.pips - 5)
    } else {
        "not qualified".to_owned()
    };
    vec![
        format!(
            "Round {} of {} · roll {} of 6",
            g.round(),
            g.settings().rounds,
            g.roll_number().min(6)
        ),
        format!(
            "Set down: {}",
            if down.is_empty() {
                "—".to_owned()
            } else {
                down
            }
        ),
        format!(
            "4 {}   1 {}   score so far {so_far}",
            tick(state.has_four),
            tick(state.has_one)
        ),
        format!(
            "Score to beat: {}",
            g.score_to_beat()
                .map_or("none yet".to_owned(), |s| s.to_string())
        ),
    ]
}

fn chase_tracker(v: &ChaseView, name: &dyn Fn(u8) -> String) -> Vec<String> {
    // "your turn" for the viewer, "Ben's turn" for anyone else.
    let whose = if v.viewer == Some(v.current) {
        "your".to_owned()
    } else {
        format!("{}'s", name(v.current))
    };
    let phase = match v.phase {
        chase_the_ace::Phase::Deal => "Shuffling for the next deal".to_owned(),
        chase_the_ace::Phase::Exchange => format!("Exchanges: {whose} turn"),
        // Only the King's holder ever sees this phase.
        chase_the_ace::Phase::KingCall { .. } => "Throw your King down now?".to_owned(),
        chase_the_ace::Phase::DealerChoice => format!("Keep or cut: {whose} turn (dealer)"),
        chase_the_ace::Phase::Over => "Game over".to_owned(),
    };
    let mut lines = vec![format!("Round {} · {phase}", v.round + 1)];
    lines.push(format!("Players in: {}", v.in_game.len()));
    if !v.on_grace.is_empty() {
        lines.push(format!("On grace: {}", seat_list(v.on_grace, name)));
    }
    lines
}

/// An action in the words of the game's moment: "Throw 2 of 3", "Set down a 4".
pub fn action_label(view: &View, action: Action, names: &[String]) -> String {
    let name = |seat: u8| {
        names
            .get(usize::from(seat))
            .cloned()
            .unwrap_or_else(|| format!("seat {seat}"))
    };
    match (view, action) {
        (View::AcesInThePot(g), Action::Roll) => match g.phase() {
            aces_in_the_pot::Phase::Finale { safe } => format!("Throw {} of 3", safe + 1),
            _ => "Roll".to_owned(),
        },
        (View::SwedishAces(g), Action::Roll) => {
            format!("Roll {} dice", g.dice()[usize::from(g.current())])
        }
        (View::Lcr(g), Action::Roll) => format!("Roll {} dice", g.dice_to_roll()),
        (_, Action::Roll) => "Roll".to_owned(),
        (_, Action::SetDown(face)) => format!("Set down a {face}"),
        (_, Action::GiveThree(seat)) => format!("Give the 3 to {}", name(seat)),
        (_, Action::TakeChip(seat)) => format!("Take a chip from {}", name(seat)),
        (View::ChaseTheAce(v), Action::Keep)
            if matches!(v.phase, chase_the_ace::Phase::KingCall { .. }) =>
        {
            "Keep the King quiet".to_owned()
        }
        (_, Action::Keep) => "Keep".to_owned(),
        (View::ChaseTheAce(v), Action::Exchange) => {
            format!("Exchange with {}", name(v.neighbour(v.current, true)))
        }
        (_, Action::Exchange) => "Exchange".to_owned(),
        (_, Action::Cut) => "Cut the deck".to_owned(),
        (_, Action::ThrowKing) => "Throw down the King".to_owned(),
    }
}
