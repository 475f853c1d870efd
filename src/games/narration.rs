//! Events in words: the one narration the full-screen log, `--plain` and replays print.
//!
//! A [`Narrator`] knows what a sentence needs beyond the event: the table's names, who is
//! "You", and how the game's dice read. Each sentence is a message of narration.ftl, in
//! the language spoken; the message makes its verb agree with its subject ("Ana rolls",
//! "You roll", "Ana and Ben tie") from the `who` it is given, so no sentence is rewritten
//! after the fact.

use std::time::Duration;

use super::event::{Event, Place, Token};
use super::{Card, Dice, SeatSet, Settings};

/// The name a person's seat has unless they choose one, when they are the only person at
/// the table: sentences speak to them ("You roll").
pub const YOU: &str = "You";

/// What an open seat of a shared table is called while the table waits: said in each
/// person's language, as [`YOU`] is.
pub const OPEN: &str = "(open)";

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

    /// How many seats the table has.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the table has no seats (none has).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Whether `seat` is spoken to in the second person.
    pub fn is_you(&self, seat: u8) -> bool {
        self.you == Some(seat)
    }

    /// A seat's name, or "Seat N" where the table has none. The name a lone person has
    /// unless they choose one ([`YOU`]) is said in the language spoken ("Du").
    pub fn name(&self, seat: u8) -> String {
        self.names.get(usize::from(seat)).map_or_else(
            || crate::said!(seat_numbered, seat = seat),
            |name| said_name(name),
        )
    }

    /// Every seat's name as [`SeatNames::name`] says it, in seat order.
    pub fn said(&self) -> Vec<String> {
        (0..self.names.len() as u8)
            .map(|seat| self.name(seat))
            .collect()
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
        joined(seats.iter().map(|s| self.name(s)).collect())
    }

    /// `who` and `name` as a message takes them: "you" for the seat spoken to, "one" for
    /// another, with its name.
    pub fn seat_args(&self, seat: u8) -> (&'static str, String) {
        (
            if self.is_you(seat) { "you" } else { "one" },
            self.name(seat),
        )
    }

    /// `who` and `name` of several seats together: "many" and their names in a list,
    /// "you" in it for the seat spoken to ("Ana, you and Ben"); one seat alone as
    /// [`SeatNames::seat_args`].
    pub fn together_args(&self, seats: SeatSet) -> (&'static str, String) {
        match seats.only() {
            Some(seat) => self.seat_args(seat),
            None => (
                "many",
                joined(
                    seats
                        .iter()
                        .map(|seat| {
                            if self.is_you(seat) {
                                crate::said!(list_you)
                            } else {
                                self.name(seat)
                            }
                        })
                        .collect(),
                ),
            ),
        }
    }
}

/// A seat's name as it is shown: the name a lone person has unless they choose one
/// ([`YOU`]) in the language spoken ("Du"), any other as its owner wrote it.
pub(crate) fn said_name(name: &str) -> String {
    match name {
        YOU => crate::said!(seat_you),
        OPEN => crate::said!(seat_open),
        _ => name.to_owned(),
    }
}

/// Names in a list, the last two joined by the language's "and": "Ana, Ben and Cara".
fn joined(mut names: Vec<String>) -> String {
    match names.pop() {
        None => String::new(),
        Some(last) if names.is_empty() => last,
        Some(last) => crate::said!(list_pair, first = names.join(", "), last = last),
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
    die_word: Option<fn(&Settings, u8) -> String>,
    /// A match's piles are chips where the match is played for a bank's chips (Forty-One
    /// with stakes), rounds won where it is not.
    stakes: bool,
    /// Told for the ear (the line modes, a screen reader): dice and cards in words, not the
    /// symbols the full screen draws.
    for_the_ear: bool,
}

/// `said_of!(names, message, seat, more = ...)`: a message about `seat` of the table named
/// `names`, given its `who` and `name` ([`SeatNames::seat_args`]).
macro_rules! said_of {
    ($names:expr, $id:ident, $seat:expr $(, $argument:ident = $value:expr)* $(,)?) => {{
        let (who, name) = $names.seat_args($seat);
        $crate::said!($id, who = who, name = name $(, $argument = $value)*)
    }};
}
pub(crate) use said_of;

/// `say_to!(self, message, seat, other, more = ...)`: a message about `seat` and a second
/// seat, `to_who` and `to_name`.
macro_rules! say_to {
    ($narrator:expr, $id:ident, $seat:expr, $to:expr $(, $argument:ident = $value:expr)* $(,)?) => {{
        let (to_who, to_name) = $narrator.names.seat_args($to);
        said_of!($narrator.names, $id, $seat, to_who = to_who, to_name = to_name $(, $argument = $value)*)
    }};
}

/// `say_together!(self, message, seats, more = ...)`: a message about several seats at
/// once, "many" of them (or one alone).
macro_rules! say_together {
    ($narrator:expr, $id:ident, $seats:expr $(, $argument:ident = $value:expr)* $(,)?) => {{
        let (who, name) = $narrator.names.together_args($seats);
        crate::said!($id, who = who, name = name $(, $argument = $value)*)
    }};
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
        crate::said!(pile, stakes = yes_no(self.stakes), count = pile)
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
            Event::Rolled { seat, dice } => {
                said_of!(self.names, rolled, seat, dice = self.faces(dice))
            }
            Event::RolledPolyhedral { seat, dice } => {
                said_of!(self.names, rolled, seat, dice = self.numbers(dice.faces()))
            }
            Event::Moved {
                token,
                count,
                from,
                to,
            } => self.moved(token, count, from, to),
            Event::FinaleBegins { seat } => said_of!(self.names, finale_begins, seat),
            Event::SafeThrow { seat, safe } => said_of!(self.names, safe_throw, seat, safe = safe),
            Event::NormalPlayResumes { seat } => said_of!(self.names, normal_play_resumes, seat),
            Event::ThrowBought { seat } => said_of!(self.names, throw_bought, seat),
            Event::ThrowForgiven { seat } => said_of!(self.names, throw_forgiven, seat),
            Event::OpeningTie { seats, total } => {
                say_together!(self, opening_tie, seats, total = total)
            }
            Event::Opens { seat, total } => said_of!(self.names, opens, seat, total = total),
            Event::ThreeTravels { seat, to } => say_to!(self, three_travels, seat, to),
            Event::ThreeKept { seat } => said_of!(self.names, three_kept, seat),
            Event::WildTakes { seat, from } => say_to!(self, wild_takes, seat, from),
            Event::WildFizzles { seat } => said_of!(self.names, wild_fizzles, seat),
            Event::Wins { seat, pot } => said_of!(self.names, wins_pot, seat, pot = pot),
            // The die has already been seen going to the centre; this says what it meant.
            Event::Loses { seat } => said_of!(self.names, loses, seat),
            _ => unreachable!("{event:?} is not a dice game's event"),
        }
    }

    /// An event of Forty-One's dice, rounds and match as a sentence.
    fn forty_one_sentence(&self, event: &Event) -> String {
        match *event {
            Event::SetDown { seat, face, roll } => {
                said_of!(self.names, set_down, seat, face = face, roll = roll)
            }
            Event::Scored { seat, score } => match score {
                Some(24) => said_of!(self.names, scored_perfect, seat),
                Some(score) => said_of!(self.names, scored, seat, score = score),
                None => said_of!(self.names, bust, seat),
            },
            // Without stakes there is no pot to take.
            // The pot's chips then move with a line of their own.
            Event::RoundWon { seat, score, .. } => {
                said_of!(self.names, round_won, seat, score = score)
            }
            Event::RoundTied { score } => score.map_or_else(
                || crate::said!(round_tied_nobody),
                |score| crate::said!(round_tied, score = score),
            ),
            Event::RoundShared { seats, score } => score.map_or_else(
                || say_together!(self, round_shared_nobody, seats),
                |score| say_together!(self, round_shared, seats, score = score),
            ),
            Event::PenaltyOwed { seat } => said_of!(self.names, penalty_owed, seat),
            Event::PenaltyPaid { seat } => said_of!(self.names, penalty_paid, seat),
            Event::OutOfMatch { seat } => said_of!(self.names, out_of_match, seat),
            Event::RoundBegins { round, opener } => {
                said_of!(self.names, round_begins, opener, round = round)
            }
            Event::MatchWon { seats, pile } => say_together!(
                self,
                match_won,
                seats,
                stakes = yes_no(self.stakes),
                count = pile
            ),
            _ => unreachable!("{event:?} is not a Forty-One event"),
        }
    }

    /// An event of Chase the Ace's deals, cards and lives as a sentence.
    fn chase_sentence(&self, event: &Event) -> String {
        match *event {
            Event::Dealt { dealer } => said_of!(self.names, dealt, dealer),
            Event::Kept { seat } => said_of!(self.names, kept, seat),
            Event::Exchanged { seat, with } => say_to!(self, exchanged, seat, with),
            Event::Cut { dealer, card } => {
                said_of!(self.names, cut, dealer, card = self.card(card))
            }
            Event::KingThrown { seat } => said_of!(self.names, king_thrown, seat),
            Event::Shown { seat, card } if self.for_the_ear => {
                said_of!(self.names, shown_said, seat, card = card.words())
            }
            Event::Shown { seat, card } => {
                said_of!(self.names, shown, seat, card = card.to_string())
            }
            Event::LostLife { seat, left } => said_of!(self.names, lost_life, seat, left = left),
            Event::OnGrace { seat } => said_of!(self.names, on_grace, seat),
            Event::Out { seat } => said_of!(self.names, out, seat),
            Event::VoidRound => crate::said!(void_round),
            Event::Reset => crate::said!(reset),
            _ => unreachable!("{event:?} is not a Chase the Ace event"),
        }
    }

    fn moved(&self, token: Token, count: u8, from: Place, to: Place) -> String {
        let tokens = crate::said!(tokens, token = token.key(), count = count);
        // Swedish Aces' dice go to the centre, where they are out; chips and lives go to
        // the pot.
        let place = match token {
            Token::Die => "centre",
            Token::Chip | Token::Life | Token::Counter => "pot",
        };
        match (from, to) {
            (Place::Seat(seat), Place::Pot) => match token {
                Token::Die => {
                    said_of!(self.names, moved_sent, seat, tokens = tokens, place = place)
                }
                Token::Chip | Token::Life | Token::Counter => {
                    said_of!(self.names, moved_put, seat, tokens = tokens, place = place)
                }
            },
            (Place::Seat(seat), Place::Seat(to)) => {
                say_to!(self, moved_passed, seat, to, tokens = tokens)
            }
            (Place::Pot, Place::Seat(to)) => {
                said_of!(self.names, moved_taken, to, tokens = tokens, place = place)
            }
            (Place::Pot, Place::Pot) => {
                crate::said!(moved_stayed, tokens = tokens, count = count, place = place)
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
        let (said, between): (Vec<String>, &str) = if self.for_the_ear {
            let words = faces
                .iter()
                .map(|&face| crate::said!(number_word, number = face));
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

    /// The sentence with its first letter a capital ("you and Ben share" starts "You and
    /// Ben share"), unless it starts with a seat's name: a name keeps the case its owner
    /// gave it ("cy rolls", beside the box labelled "cy"). The messages start with their
    /// capitals; a list of names starting with you, or a count of chips, does not.
    fn capitalised(&self, sentence: String) -> String {
        let named = (0..self.names.len() as u8).any(|seat| {
            !self.names.is_you(seat)
                && sentence
                    .strip_prefix(self.names.name(seat).as_str())
                    .is_some_and(|rest| !rest.starts_with(char::is_alphanumeric))
        });
        if named {
            sentence
        } else {
            capitalised(&sentence)
        }
    }

    /// Turns skipped one after another, for want of anything to play, in one sentence:
    /// "Ana and Ben have nothing to play: 4 turns skipped". `seats` in the order skipped.
    pub fn skipped(&self, seats: &[u8]) -> String {
        let together: SeatSet = seats.iter().copied().collect();
        self.capitalised(say_together!(self, skipped, together, count = seats.len()))
    }
}

/// A yes-or-no a message selects on.
fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
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
