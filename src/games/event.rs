//! What happened, as typed values the log, the stats and the replays all read.
//!
//! Events name seats by number; [`Event::narrate`] puts names to them for the log.

use std::fmt;

use super::chance::{Card, Dice};
use super::figures::SeatSet;

/// Where a chip, die or life goes to or comes from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Place {
    Seat(u8),
    /// The pot in the middle (Swedish Aces calls it the centre: dice sent there are out).
    Pot,
}

/// What moves between places.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Token {
    Chip,
    Die,
    Life,
}

impl Token {
    fn noun(self, count: u32) -> &'static str {
        match (self, count) {
            (Token::Chip, 1) => "chip",
            (Token::Chip, _) => "chips",
            (Token::Die, 1) => "die",
            (Token::Die, _) => "dice",
            (Token::Life, 1) => "life",
            (Token::Life, _) => "lives",
        }
    }
}

/// One thing that happened at the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// A seat with nothing to play had its turn skipped.
    Skipped { seat: u8 },
    /// A seat rolled these dice (in play, in an opening roll, or in a finale throw).
    Rolled { seat: u8, dice: Dice },
    /// Chips, dice or lives changed place.
    Moved {
        token: Token,
        count: u8,
        from: Place,
        to: Place,
    },
    /// Aces in the Pot: this seat holds every chip outside the pot and starts throwing.
    FinaleBegins { seat: u8 },
    /// Aces in the Pot: a finale throw came up safe; `safe` of 3 in a row so far.
    SafeThrow { seat: u8, safe: u8 },
    /// Aces in the Pot: two players hold chips again.
    NormalPlayResumes { seat: u8 },
    /// Swedish Aces: these seats tied for the highest opening total and roll again.
    OpeningTie { seats: SeatSet, total: u32 },
    /// Swedish Aces: this seat won the opening roll and starts.
    Opens { seat: u8, total: u32 },
    /// LCR wild: this seat's wild took a chip from `from`.
    WildTakes { seat: u8, from: u8 },
    /// LCR wild: nobody else holds a chip, so the wild takes nothing.
    WildFizzles { seat: u8 },
    /// The game is over and this seat won the pot.
    Wins { seat: u8, pot: u32 },
    /// Swedish Aces: this seat sent the last die to the centre and lost; all others win.
    Loses { seat: u8 },
    /// Forty-One: a die set down on this roll (1-6 of the turn).
    SetDown { seat: u8, face: u8, roll: u8 },
    /// Forty-One: a finished turn's score, `None` for a bust.
    Scored { seat: u8, score: Option<u8> },
    /// Forty-One: the round's highest score took the pot.
    RoundWon { seat: u8, score: u8, pot: u32 },
    /// Forty-One: a tie for the highest; the round is replayed.
    RoundTied { score: Option<u8> },
    /// Forty-One: could not ante and is out of the match.
    OutOfMatch { seat: u8 },
    /// Forty-One: a new round begins with this opener.
    RoundBegins { round: u16, opener: u8 },
    /// Forty-One: the match is over; these seats share the biggest pile.
    MatchWon { seats: SeatSet, pile: u32 },
    /// Chase the Ace: a new deal.
    Dealt { dealer: u8 },
    /// Chase the Ace: kept the card.
    Kept { seat: u8 },
    /// Chase the Ace: swapped cards with the left neighbour.
    Exchanged { seat: u8, with: u8 },
    /// Chase the Ace: the dealer cut to this card.
    Cut { dealer: u8, card: Card },
    /// Chase the Ace (king-stops): a King thrown down stops the exchanges.
    KingThrown { seat: u8 },
    /// Chase the Ace: the cards are shown.
    Shown { seat: u8, card: Card },
    /// Chase the Ace: a player lost a life (`left` remain).
    LostLife { seat: u8, left: u8 },
    /// Chase the Ace (grace): a player lost the last life but plays one more round.
    OnGrace { seat: u8 },
    /// Chase the Ace: out of the game.
    Out { seat: u8 },
    /// Chase the Ace: everyone would have gone out, so nobody loses a life.
    VoidRound,
    /// Chase the Ace (stayner): the last two tied on grace; everyone is back with full lives.
    Reset,
}

/// Where the rules report what happened, oldest first.
///
/// The simulator reads only a game's figures, so it plays into a log that keeps nothing:
/// [`Events::push`] is inlined, and in the simulator's loop the rules then neither build
/// the events nor branch on whether one is worth logging.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Events {
    kept: Vec<Event>,
    discard: bool,
}

impl Events {
    /// A log that keeps every event.
    pub fn new() -> Self {
        Events::default()
    }

    /// A log that keeps nothing, for play nobody watches.
    pub fn discarding() -> Self {
        Events {
            kept: Vec::new(),
            discard: true,
        }
    }

    #[inline]
    pub fn push(&mut self, event: Event) {
        if !self.discard {
            self.kept.push(event);
        }
    }

    /// `count` tokens changed place; moving none is not an event.
    #[inline]
    pub fn moved(&mut self, token: Token, count: u8, from: Place, to: Place) {
        // Out of line, so that a discarding log tests its flag and never the count.
        #[inline(never)]
        fn keep_move(kept: &mut Vec<Event>, token: Token, count: u8, from: Place, to: Place) {
            if count > 0 {
                kept.push(Event::Moved {
                    token,
                    count,
                    from,
                    to,
                });
            }
        }
        if !self.discard {
            keep_move(&mut self.kept, token, count, from, to);
        }
    }

    /// Several events, made by `events` only when they are kept: a discarding log does not
    /// even build the iterator.
    #[inline]
    pub fn extend_with<I: IntoIterator<Item = Event>>(&mut self, events: impl FnOnce() -> I) {
        if !self.discard {
            self.kept.extend(events());
        }
    }

    pub fn into_vec(self) -> Vec<Event> {
        self.kept
    }
}

impl std::ops::Deref for Events {
    type Target = [Event];

    fn deref(&self) -> &[Event] {
        &self.kept
    }
}

impl Event {
    /// The event in plain words with the table's names.
    pub fn narrate<'a>(&'a self, names: &'a [String]) -> Narration<'a> {
        Narration {
            event: self,
            names: Some(names),
        }
    }
}

/// An event ready to print, with seat names where the table has them.
pub struct Narration<'a> {
    event: &'a Event,
    names: Option<&'a [String]>,
}

impl Narration<'_> {
    fn seat(&self, f: &mut dyn fmt::Write, seat: u8) -> fmt::Result {
        match self.names.and_then(|n| n.get(usize::from(seat))) {
            Some(name) => f.write_str(name),
            None => write!(f, "Seat {seat}"),
        }
    }

    fn seats(&self, f: &mut dyn fmt::Write, seats: SeatSet) -> fmt::Result {
        let list: Vec<u8> = seats.iter().collect();
        for (i, &seat) in list.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == list.len() { " and " } else { ", " })?;
            }
            self.seat(f, seat)?;
        }
        Ok(())
    }

    fn moved(
        &self,
        f: &mut dyn fmt::Write,
        token: Token,
        count: u8,
        from: Place,
        to: Place,
    ) -> fmt::Result {
        let amount = match count {
            1 => "one".to_owned(),
            2 => "two".to_owned(),
            3 => "three".to_owned(),
            n => n.to_string(),
        };
        let noun = token.noun(u32::from(count));
        match (from, to) {
            (Place::Seat(s), Place::Pot) => {
                self.seat(f, s)?;
                match token {
                    Token::Die => write!(f, " sends {amount} {noun} to the centre"),
                    Token::Chip | Token::Life => write!(f, " puts {amount} {noun} in the pot"),
                }
            }
            (Place::Seat(s), Place::Seat(t)) => {
                self.seat(f, s)?;
                write!(f, " passes {amount} {noun} to ")?;
                self.seat(f, t)
            }
            (Place::Pot, Place::Seat(t)) => {
                self.seat(f, t)?;
                write!(f, " takes {amount} {noun} from the pot")
            }
            (Place::Pot, Place::Pot) => write!(f, "{amount} {noun} stay in the pot"),
        }
    }
}

impl fmt::Display for Narration<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sentence = String::new();
        self.sentence(&mut sentence)?;
        f.write_str(&second_person(&sentence))
    }
}

/// Third-person verbs and their form after "You".
const VERBS: [(&str, &str); 20] = [
    ("rolls", "roll"),
    ("sends", "send"),
    ("puts", "put"),
    ("passes", "pass"),
    ("takes", "take"),
    ("has", "have"),
    ("holds", "hold"),
    ("throws", "throw"),
    ("wins", "win"),
    ("sets", "set"),
    ("scores", "score"),
    ("busts", "bust"),
    ("deals", "deal"),
    ("keeps", "keep"),
    ("exchanges", "exchange"),
    ("cuts", "cut"),
    ("shows", "show"),
    ("loses", "lose"),
    ("is", "are"),
    ("opens", "open"),
];

/// A sentence about the seat named "You" reads in the second person: "You roll 1·6".
fn second_person(sentence: &str) -> std::borrow::Cow<'_, str> {
    if let Some(rest) = sentence.strip_prefix("You's ") {
        return format!("Your {rest}").into();
    }
    let Some(rest) = sentence.strip_prefix("You ") else {
        return sentence.into();
    };
    let (verb, tail) = rest.split_once(' ').unwrap_or((rest, ""));
    match VERBS.iter().find(|(third, _)| *third == verb) {
        Some((_, second)) if tail.is_empty() => format!("You {second}").into(),
        Some((_, second)) => format!("You {second} {tail}").into(),
        None => sentence.into(),
    }
}

impl Narration<'_> {
    #[allow(clippy::too_many_lines)] // one arm per event, each a sentence
    fn sentence(&self, f: &mut dyn fmt::Write) -> fmt::Result {
        match *self.event {
            Event::Skipped { seat } => {
                self.seat(f, seat)?;
                f.write_str(" has nothing to play: turn skipped")
            }
            Event::Rolled { seat, dice } => {
                self.seat(f, seat)?;
                write!(f, " rolls {dice}")
            }
            Event::Moved {
                token,
                count,
                from,
                to,
            } => self.moved(f, token, count, from, to),
            Event::FinaleBegins { seat } => {
                self.seat(f, seat)?;
                f.write_str(" holds every chip left: the finale begins, three safe throws to win")
            }
            Event::SafeThrow { seat, safe } => {
                self.seat(f, seat)?;
                write!(f, " throws safe ({safe} of 3)")
            }
            Event::NormalPlayResumes { seat } => {
                f.write_str("Two players hold chips again: normal play resumes with ")?;
                self.seat(f, seat)
            }
            Event::OpeningTie { seats, total } => {
                self.seats(f, seats)?;
                write!(f, " tie on {total} and roll again")
            }
            Event::Opens { seat, total } => {
                self.seat(f, seat)?;
                write!(f, " rolls the highest ({total}) to start")
            }
            Event::WildTakes { seat, from } => {
                self.seat(f, seat)?;
                f.write_str("'s wild takes a chip from ")?;
                self.seat(f, from)
            }
            Event::WildFizzles { seat } => {
                self.seat(f, seat)?;
                f.write_str("'s wild finds nobody to take from")
            }
            Event::Wins { seat, pot } => {
                self.seat(f, seat)?;
                write!(f, " wins the pot of {pot}")
            }
            Event::Loses { seat } => {
                self.seat(f, seat)?;
                f.write_str(" sent the last die to the centre: everyone else wins")
            }
            Event::SetDown { seat, face, roll } => {
                self.seat(f, seat)?;
                write!(f, " sets down a {face} (roll {roll} of 6)")
            }
            Event::Scored { seat, score } => {
                self.seat(f, seat)?;
                match score {
                    Some(24) => f.write_str(" scores the perfect 24"),
                    Some(score) => write!(f, " scores {score}"),
                    None => f.write_str(" busts: no 4 and 1"),
                }
            }
            Event::RoundWon { seat, score, pot } => {
                self.seat(f, seat)?;
                write!(f, " wins the round with {score}")?;
                // Without stakes there is no pot to take.
                if pot > 0 {
                    write!(f, ", taking {pot}")
                } else {
                    Ok(())
                }
            }
            Event::RoundTied { score } => match score {
                Some(score) => write!(f, "A tie on {score}: the round is replayed"),
                None => f.write_str("Nobody qualified: the round is replayed"),
            },
            Event::OutOfMatch { seat } => {
                self.seat(f, seat)?;
                f.write_str(" cannot ante: out of the match")
            }
            Event::RoundBegins { round, opener } => {
                write!(f, "Round {round}: ")?;
                self.seat(f, opener)?;
                f.write_str(" opens")
            }
            Event::MatchWon { seats, pile } => {
                self.seats(f, seats)?;
                let verb = if seats.len() == 1 { "wins" } else { "win" };
                write!(f, " {verb} the match with {pile}")
            }
            Event::Dealt { dealer } => {
                self.seat(f, dealer)?;
                f.write_str(" deals a card to everyone still in")
            }
            Event::Kept { seat } => {
                self.seat(f, seat)?;
                f.write_str(" keeps")
            }
            Event::Exchanged { seat, with } => {
                self.seat(f, seat)?;
                f.write_str(" exchanges with ")?;
                self.seat(f, with)
            }
            Event::Cut { dealer, card } => {
                self.seat(f, dealer)?;
                write!(f, " cuts the deck to the {card}")
            }
            Event::KingThrown { seat } => {
                self.seat(f, seat)?;
                f.write_str(" throws down a King: the exchanges stop")
            }
            Event::Shown { seat, card } => {
                self.seat(f, seat)?;
                write!(f, " shows {card}")
            }
            Event::LostLife { seat, left } => {
                self.seat(f, seat)?;
                write!(f, " loses a life ({left} left)")
            }
            Event::OnGrace { seat } => {
                self.seat(f, seat)?;
                f.write_str(" is on grace: one more loss and out")
            }
            Event::Out { seat } => {
                self.seat(f, seat)?;
                f.write_str(" is out")
            }
            Event::VoidRound => f.write_str("Everyone left would go out: the round is void"),
            Event::Reset => {
                f.write_str("The last two tie on grace: everyone is back in with full lives")
            }
        }
    }
}

/// Without names: seats read as "Seat 0", "Seat 1", ...
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Narration {
            event: self,
            names: None,
        }
        .fmt(f)
    }
}
