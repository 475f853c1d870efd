//! Events in words: the one narration the full-screen log, `--plain` and replays print.
//!
//! A [`Narrator`] knows what a sentence needs beyond the event: the table's names, who is
//! "You", and how the game's dice read. Each sentence is written once; the verb agrees
//! with its subject ("Ana rolls", "You roll", "Ana and Ben tie"), so no sentence is
//! rewritten after the fact.

use std::borrow::Cow;
use std::time::Duration;

use super::event::{Event, Place, Token};
use super::{Card, Dice, SeatSet, Settings};

/// The name a person's seat has unless they choose one, when they are the only person at
/// the table: sentences speak to them ("You roll").
pub const YOU: &str = "You";

/// A table's seats as its sentences name them: each seat's name, and the one seat spoken
/// to in the second person ("You roll", "your card"), if any. Which seat that is, is the
/// table's to say (the one person at this screen: see `Table::names`); every sentence,
/// banner, caption and screen asks here, so English picks "you" by seat in one place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatNames {
    names: Vec<String>,
    you: Option<u8>,
}

impl SeatNames {
    /// `names` in seat order; `you` the seat spoken to, if any.
    pub fn new(names: Vec<String>, you: Option<u8>) -> Self {
        SeatNames { names, you }
    }

    /// Whether `seat` is spoken to in the second person.
    pub fn is_you(&self, seat: u8) -> bool {
        self.you == Some(seat)
    }

    /// A seat's name, or "Seat N" where the table has none.
    pub fn name(&self, seat: u8) -> String {
        self.names
            .get(usize::from(seat))
            .cloned()
            .unwrap_or_else(|| format!("Seat {seat}"))
    }

    /// "Ben wins" or "You win": the verb (`third` and `second` person) agrees with its
    /// subject, as the narration's does.
    pub fn says(&self, seat: u8, third: &str, second: &str) -> String {
        if self.is_you(seat) {
            format!("You {second}")
        } else {
            format!("{} {third}", self.name(seat))
        }
    }

    /// The seats' names in a list: "Ana, Ben and Cara".
    pub fn list(&self, seats: SeatSet) -> String {
        let names: Vec<String> = seats.iter().map(|s| self.name(s)).collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    }

    /// "Ben's", and "your" for you.
    pub fn possessive(&self, seat: u8) -> String {
        if self.is_you(seat) {
            "your".to_owned()
        } else {
            format!("{}'s", self.name(seat))
        }
    }
}

impl std::ops::Deref for SeatNames {
    type Target = [String];

    fn deref(&self) -> &[String] {
        &self.names
    }
}

/// Tells a table's events with its names and its dice.
#[derive(Clone, Copy, Debug)]
pub struct Narrator<'a> {
    names: &'a SeatNames,
    settings: Settings,
    /// The game's words for its dice's faces (LCR's `L·•·W`); `None`: the pips, `1·4·4`.
    die_face: Option<fn(&Settings, u8) -> &'static str>,
    /// The same faces said aloud ("Left, dot, wild"); `None`: numbers in words.
    die_word: Option<fn(&Settings, u8) -> &'static str>,
    /// A match's piles are chips where the match is played for a bank's chips (Forty-One
    /// with stakes), rounds won where it is not.
    stakes: bool,
    /// Told for the ear (the line modes, a screen reader): dice and cards in words, not the
    /// symbols the full screen draws.
    for_the_ear: bool,
}

impl<'a> Narrator<'a> {
    /// The narrator of a table of `settings`, its seats named `names`.
    pub fn new(settings: &Settings, names: &'a SeatNames) -> Self {
        Narrator {
            names,
            settings: *settings,
            die_face: settings.game.game_type().die_face,
            die_word: settings.game.game_type().die_word,
            stakes: settings.game.ranges().bank.is_some() && settings.stakes,
            for_the_ear: false,
        }
    }

    /// This narrator, telling for the ear: "Ana rolls Left, dot, wild", "Ben shows the ten
    /// of spades", where the full screen's log draws `L·•·W` and `10♠`.
    #[must_use]
    pub fn for_the_ear(self) -> Self {
        Narrator {
            for_the_ear: true,
            ..self
        }
    }

    /// A match's pile with its unit: "33 chips", "6 rounds won".
    pub fn pile(&self, pile: u32) -> String {
        if self.stakes {
            counted(pile, "chip", "chips")
        } else {
            counted(pile, "round won", "rounds won")
        }
    }

    /// The event as one sentence: the sentences are written by what the events are about,
    /// the dice games', Forty-One's rounds and match, Chase the Ace's cards.
    pub fn sentence(&self, event: &Event) -> String {
        // Every event named here, so that a new one is placed (and given its sentence)
        // where the compiler asks.
        let sentence = match event {
            Event::Skipped { .. }
            | Event::Rolled { .. }
            | Event::RolledPolyhedral { .. }
            | Event::Moved { .. }
            | Event::FinaleBegins { .. }
            | Event::SafeThrow { .. }
            | Event::NormalPlayResumes { .. }
            | Event::ThrowBought { .. }
            | Event::ThrowForgiven { .. }
            | Event::OpeningTie { .. }
            | Event::Opens { .. }
            | Event::ThreeTravels { .. }
            | Event::ThreeKept { .. }
            | Event::WildTakes { .. }
            | Event::WildFizzles { .. }
            | Event::Wins { .. }
            | Event::Loses { .. } => self.dice_sentence(event),
            Event::SetDown { .. }
            | Event::Scored { .. }
            | Event::RoundWon { .. }
            | Event::RoundTied { .. }
            | Event::RoundShared { .. }
            | Event::PenaltyOwed { .. }
            | Event::PenaltyPaid { .. }
            | Event::OutOfMatch { .. }
            | Event::RoundBegins { .. }
            | Event::MatchWon { .. } => self.forty_one_sentence(event),
            Event::Dealt { .. }
            | Event::Kept { .. }
            | Event::Exchanged { .. }
            | Event::Cut { .. }
            | Event::KingThrown { .. }
            | Event::Shown { .. }
            | Event::LostLife { .. }
            | Event::OnGrace { .. }
            | Event::Out { .. }
            | Event::VoidRound
            | Event::Reset => self.chase_sentence(event),
        };
        self.capitalised(sentence)
    }

    /// An event of the dice games (Aces in the Pot, LCR, Swedish Aces) as a sentence, or a
    /// skipped turn.
    fn dice_sentence(&self, event: &Event) -> String {
        match *event {
            Event::Skipped { seat } => self.skipped(&[seat]),
            Event::Rolled { seat, dice } => self.rolled(seat, self.faces(dice)),
            Event::RolledPolyhedral { seat, dice } => {
                format!("{} {}", self.says(seat, "roll"), self.numbers(dice.faces()))
            }
            Event::Moved {
                token,
                count,
                from,
                to,
            } => self.moved(token, count, from, to),
            Event::FinaleBegins { seat } => format!(
                "{} every chip left: the finale begins, three safe throws to win",
                self.says(seat, "hold")
            ),
            Event::SafeThrow { seat, safe } => {
                format!("{} safe ({safe} of 3)", self.says(seat, "throw"))
            }
            Event::NormalPlayResumes { seat } => format!(
                "Two players hold chips again: normal play resumes with {}",
                self.who(seat)
            ),
            Event::ThrowBought { seat } => format!(
                "{} one chip in the pot for an extra throw",
                self.says(seat, "put")
            ),
            Event::ThrowForgiven { seat } => format!(
                "{} extra throw forgives that one: nothing passes, the safe throws stand",
                self.possessive(seat)
            ),
            Event::OpeningTie { seats, total } => format!(
                "{} on {total} and roll again",
                self.say_together(seats, "tie")
            ),
            Event::Opens { seat, total } => {
                format!("{} the highest ({total}) to start", self.says(seat, "roll"))
            }
            Event::ThreeTravels { seat, to } => format!(
                "{} travelling 3 goes to {}",
                self.possessive(seat),
                self.who(to)
            ),
            Event::ThreeKept { seat } => format!("{} the 3", self.says(seat, "keep")),
            Event::WildTakes { seat, from } => format!(
                "{} wild takes a chip from {}",
                self.possessive(seat),
                self.who(from)
            ),
            Event::WildFizzles { seat } => {
                format!("{} wild finds nobody to take from", self.possessive(seat))
            }
            Event::Wins { seat, pot } => format!("{} the pot of {pot}", self.says(seat, "win")),
            // The die has already been seen going to the centre; this says what it meant.
            Event::Loses { seat } => format!(
                "{} sent the last die to the centre: everyone else wins",
                self.who(seat)
            ),
            _ => unreachable!("{event:?} is not a dice game's event"),
        }
    }

    /// An event of Forty-One's dice, rounds and match as a sentence.
    fn forty_one_sentence(&self, event: &Event) -> String {
        match *event {
            Event::SetDown { seat, face, roll } => format!(
                "{} down a {face} (roll {roll} of 6)",
                self.says(seat, "set")
            ),
            Event::Scored { seat, score } => match score {
                Some(24) => format!("{} the perfect 24", self.says(seat, "score")),
                Some(score) => format!("{} {score}", self.says(seat, "score")),
                None => format!("{}: no 4 and 1", self.says(seat, "bust")),
            },
            // Without stakes there is no pot to take.
            // The pot's chips then move with a line of their own.
            Event::RoundWon { seat, score, .. } => {
                format!("{} the round with {score}", self.says(seat, "win"))
            }
            Event::RoundTied { score } => match score {
                Some(score) => format!("A tie on {score}: the round is replayed"),
                None => "Nobody qualified: the round is replayed".to_owned(),
            },
            Event::RoundShared { seats, score } => match score {
                Some(score) => format!(
                    "{} the round with {score}",
                    self.say_together(seats, "share")
                ),
                None => format!(
                    "Nobody qualified: {} the round",
                    self.say_together(seats, "share")
                ),
            },
            Event::PenaltyOwed { seat } => format!(
                "{} one chip to the next round's pot",
                self.says(seat, "owe")
            ),
            Event::PenaltyPaid { seat } => format!(
                "{} the chip owed for a bust into the pot",
                self.says(seat, "pay")
            ),
            Event::OutOfMatch { seat } => {
                format!("{} cannot ante: out of the match", self.who(seat))
            }
            Event::RoundBegins { round, opener } => {
                format!("Round {round}: {}", self.says(opener, "open"))
            }
            Event::MatchWon { seats, pile } => format!(
                "{} the match with {}",
                self.say_together(seats, "win"),
                self.pile(pile)
            ),
            _ => unreachable!("{event:?} is not a Forty-One event"),
        }
    }

    /// An event of Chase the Ace's deals, cards and lives as a sentence.
    fn chase_sentence(&self, event: &Event) -> String {
        match *event {
            Event::Dealt { dealer } => {
                format!("{} a card to everyone still in", self.says(dealer, "deal"))
            }
            Event::Kept { seat } => self.says(seat, "keep"),
            Event::Exchanged { seat, with } => {
                format!("{} with {}", self.says(seat, "exchange"), self.who(with))
            }
            Event::Cut { dealer, card } => {
                format!(
                    "{} the deck to the {}",
                    self.says(dealer, "cut"),
                    self.card(card)
                )
            }
            Event::KingThrown { seat } => {
                format!("{} down a King: the round stops", self.says(seat, "throw"))
            }
            Event::Shown { seat, card } if self.for_the_ear => {
                format!("{} the {}", self.says(seat, "show"), self.card(card))
            }
            Event::Shown { seat, card } => format!("{} {card}", self.says(seat, "show")),
            Event::LostLife { seat, left } => {
                format!("{} a life ({left} left)", self.says(seat, "lose"))
            }
            Event::OnGrace { seat } => {
                format!("{} on grace: one more loss and out", self.says(seat, "be"))
            }
            Event::Out { seat } => format!("{} out", self.says(seat, "be")),
            Event::VoidRound => "Everyone left would go out: the round is void".to_owned(),
            Event::Reset => {
                "The last two tie on grace: everyone is back in with full lives".to_owned()
            }
            _ => unreachable!("{event:?} is not a Chase the Ace event"),
        }
    }

    fn moved(&self, token: Token, count: u8, from: Place, to: Place) -> String {
        let amount = match count {
            1 => "one".to_owned(),
            2 => "two".to_owned(),
            3 => "three".to_owned(),
            n => n.to_string(),
        };
        let noun = token.noun(u32::from(count));
        // Swedish Aces' dice go to the centre, where they are out; chips and lives go to
        // the pot.
        let pot = match token {
            Token::Die => "the centre",
            Token::Chip | Token::Life | Token::Counter => "the pot",
        };
        match (from, to) {
            (Place::Seat(seat), Place::Pot) => match token {
                Token::Die => format!("{} {amount} {noun} to {pot}", self.says(seat, "send")),
                Token::Chip | Token::Life | Token::Counter => {
                    format!("{} {amount} {noun} in {pot}", self.says(seat, "put"))
                }
            },
            (Place::Seat(seat), Place::Seat(to)) => format!(
                "{} {amount} {noun} to {}",
                self.says(seat, "pass"),
                self.who(to)
            ),
            (Place::Pot, Place::Seat(to)) => {
                format!("{} {amount} {noun} from {pot}", self.says(to, "take"))
            }
            (Place::Pot, Place::Pot) => {
                format!("{amount} {noun} {} in {pot}", agreed("stay", count == 1))
            }
        }
    }

    /// Dice as this game's dice read, joined by a middle dot; for the ear, in words.
    fn faces(&self, dice: Dice) -> String {
        match (self.for_the_ear, self.die_word, self.die_face) {
            (true, Some(word), _) => dice
                .faces()
                .map(|pips| word(&self.settings, pips))
                .collect::<Vec<_>>()
                .join(", "),
            (true, None, _) => self.numbers(&dice.faces().collect::<Vec<_>>()),
            (false, _, None) => dice.to_string(),
            (false, _, Some(word)) => dice
                .faces()
                .map(|pips| word(&self.settings, pips))
                .collect::<Vec<_>>()
                .join("·"),
        }
    }

    /// Numbered faces joined by a middle dot, `3·8·1`; for the ear, "three, eight, one".
    fn numbers(&self, faces: &[u8]) -> String {
        const WORDS: [&str; 11] = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        ];
        let (said, between): (Vec<String>, &str) = if self.for_the_ear {
            let words = faces.iter().map(|&face| {
                WORDS
                    .get(usize::from(face))
                    .map_or_else(|| face.to_string(), |word| (*word).to_owned())
            });
            (words.collect(), ", ")
        } else {
            (faces.iter().map(u8::to_string).collect(), "·")
        };
        said.join(between)
    }

    /// A card as drawn, `10♠`; for the ear, "ten of spades".
    fn card(&self, card: Card) -> String {
        if self.for_the_ear {
            card.words()
        } else {
            card.to_string()
        }
    }

    fn is_you(&self, seat: u8) -> bool {
        self.names.is_you(seat)
    }

    /// The seat as a sentence names it, wherever it stands: its name, or "you" (the
    /// sentence is given its capital last, in [`Narrator::sentence`]).
    fn who(&self, seat: u8) -> Cow<'a, str> {
        if self.is_you(seat) {
            return "you".into();
        }
        match self.names.get(usize::from(seat)) {
            Some(name) => name.as_str().into(),
            None => format!("Seat {seat}").into(),
        }
    }

    /// "Ana's" or "your".
    fn possessive(&self, seat: u8) -> String {
        self.names.possessive(seat)
    }

    /// The seat doing `verb` (its plain form): "Ana rolls", "you roll".
    /// The sentence with its first letter a capital ("you roll" starts "You roll"), unless
    /// it starts with a seat's name: a name keeps the case its owner gave it ("cy rolls",
    /// beside the box labelled "cy").
    fn capitalised(&self, sentence: String) -> String {
        let named = (0..self.names.len() as u8).any(|seat| {
            !self.is_you(seat)
                && sentence
                    .strip_prefix(self.who(seat).as_ref())
                    .is_some_and(|rest| !rest.starts_with(char::is_alphanumeric))
        });
        if named {
            sentence
        } else {
            capitalised(&sentence)
        }
    }

    /// `who` and `name` as a message takes them: "you" for the seat spoken to, "one" for
    /// another, with its name.
    fn seat_args(&self, seat: u8) -> (&'static str, Cow<'a, str>) {
        (
            if self.is_you(seat) { "you" } else { "one" },
            self.who(seat),
        )
    }

    fn rolled(&self, seat: u8, dice: String) -> String {
        let (who, name) = self.seat_args(seat);
        crate::said!(rolled, who = who, name = name, dice = dice)
    }

    fn says(&self, seat: u8, verb: &'static str) -> String {
        format!("{} {}", self.who(seat), agreed(verb, !self.is_you(seat)))
    }

    /// Turns skipped one after another, for want of anything to play, in one sentence:
    /// "Ana and Ben have nothing to play: 4 turns skipped". `seats` in the order skipped.
    pub fn skipped(&self, seats: &[u8]) -> String {
        let together: SeatSet = seats.iter().copied().collect();
        let turns = match seats.len() {
            1 => "turn skipped".to_owned(),
            n => format!("{n} turns skipped"),
        };
        self.capitalised(format!(
            "{} nothing to play: {turns}",
            self.say_together(together, "have")
        ))
    }

    /// Several seats doing `verb` together: "Ana, you and Ben tie"; one alone agrees as
    /// one.
    fn say_together(&self, seats: SeatSet, verb: &'static str) -> String {
        let names: Vec<Cow<str>> = seats.iter().map(|seat| self.who(seat)).collect();
        let subject = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.concat(),
        };
        let one_other = names.len() == 1 && !seats.iter().any(|seat| self.is_you(seat));
        format!("{subject} {}", agreed(verb, one_other))
    }
}

/// `verb`, given in its plain form ("roll", "pass", "be"), as it agrees with its subject:
/// one other person ("rolls", "passes", "is"), or you or several ("roll", "are").
fn agreed(verb: &'static str, one_other: bool) -> Cow<'static, str> {
    match (verb, one_other) {
        ("be", true) => "is".into(),
        ("be", false) => "are".into(),
        ("have", true) => "has".into(),
        (verb, true)
            if verb.ends_with(['s', 'x', 'z']) || verb.ends_with("sh") || verb.ends_with("ch") =>
        {
            format!("{verb}es").into()
        }
        (verb, true) => format!("{verb}s").into(),
        (verb, false) => verb.into(),
    }
}

/// A count and its noun, agreeing: "1 game", "3 games".
pub fn counted(count: impl Into<u64>, one: &str, many: &str) -> String {
    match count.into() {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// A span of time as a person reads it: whole minutes in minutes ("1 minute", "30
/// minutes"), else whole seconds ("45 s"), else milliseconds ("300 ms").
pub fn lasting(span: Duration) -> String {
    let (seconds, millis) = (span.as_secs(), span.subsec_millis());
    if millis == 0 && seconds >= 60 && seconds % 60 == 0 {
        counted(seconds / 60, "minute", "minutes")
    } else if millis == 0 && seconds > 0 {
        format!("{seconds} s")
    } else {
        format!("{} ms", span.as_millis())
    }
}

/// The sentence with its first letter a capital.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => text.to_owned(),
    }
}
