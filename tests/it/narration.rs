//! The one narration: every event in words, about a named seat and about "You", with the
//! dice read as the game's dice read.

use crate::support::common;

use parlor::games::{
    BotLevel, Card, Dice, Event, GameId, Narrator, Place, Polyhedral, SeatSet, Settings, Token,
    counted, lasting,
};
use parlor::table::{Seat, Table};

/// `examples()`: every case, as (event, told with the names Ana, Ben, Cara, Dev, told
/// with Ana's seat spoken to). The macro also writes a match naming each variant
/// given a case, with no wildcard: an event added to the game without a case here does
/// not compile.
macro_rules! cases {
    ($( $variant:ident { $($field:ident: $value:expr),* $(,)? } => [$named:expr, $you:expr $(,)?] ),* $(,)?) => {
        fn examples() -> Vec<(Event, &'static str, &'static str)> {
            vec![$( (Event::$variant { $($field: $value),* }, $named, $you) ),*]
        }

        #[allow(dead_code, unreachable_patterns)] // a check for the compiler, never run
        fn every_variant_has_a_case(event: &Event) {
            match event {
                $( Event::$variant { .. } => {} ),*
            }
        }
    };
}

fn seats(seats: &[u8]) -> SeatSet {
    seats.iter().copied().collect()
}

cases! {
    Skipped { seat: 0 } => [
        "Ana has nothing to play: turn skipped",
        "You have nothing to play: turn skipped",
    ],
    Rolled { seat: 0, dice: Dice::new(&[1, 4, 4]) } => ["Ana rolls 1·4·4", "You roll 1·4·4"],
    RolledPolyhedral { seat: 1, dice: Polyhedral::new(10, &[10, 1, 7]).expect("three d10") } => [
        "Ben rolls 10·1·7",
        "Ben rolls 10·1·7",
    ],
    Moved { token: Token::Counter, count: 1, from: Place::Seat(0), to: Place::Pot } => [
        "Ana puts one counter in the pot",
        "You put one counter in the pot",
    ],
    Moved { token: Token::Die, count: 1, from: Place::Seat(0), to: Place::Pot } => [
        "Ana sends one die to the centre",
        "You send one die to the centre",
    ],
    Moved { token: Token::Chip, count: 2, from: Place::Seat(0), to: Place::Pot } => [
        "Ana puts two chips in the pot",
        "You put two chips in the pot",
    ],
    Moved { token: Token::Life, count: 1, from: Place::Seat(0), to: Place::Pot } => [
        "Ana puts one life in the pot",
        "You put one life in the pot",
    ],
    Moved { token: Token::Chip, count: 3, from: Place::Seat(0), to: Place::Seat(1) } => [
        "Ana passes three chips to Ben",
        "You pass three chips to Ben",
    ],
    Moved { token: Token::Die, count: 1, from: Place::Seat(3), to: Place::Seat(0) } => [
        "Dev passes one die to Ana",
        "Dev passes one die to you",
    ],
    Moved { token: Token::Chip, count: 4, from: Place::Pot, to: Place::Seat(0) } => [
        "Ana takes 4 chips from the pot",
        "You take 4 chips from the pot",
    ],
    Moved { token: Token::Chip, count: 1, from: Place::Pot, to: Place::Pot } => [
        "One chip stays in the pot",
        "One chip stays in the pot",
    ],
    Moved { token: Token::Die, count: 2, from: Place::Pot, to: Place::Pot } => [
        "Two dice stay in the centre",
        "Two dice stay in the centre",
    ],
    FinaleBegins { seat: 0 } => [
        "Ana holds every chip left: the finale begins, three safe throws to win",
        "You hold every chip left: the finale begins, three safe throws to win",
    ],
    SafeThrow { seat: 0, safe: 2 } => ["Ana throws safe (2 of 3)", "You throw safe (2 of 3)"],
    NormalPlayResumes { seat: 0 } => [
        "Two players hold chips again: normal play resumes with Ana",
        "Two players hold chips again: normal play resumes with you",
    ],
    ThrowBought { seat: 0 } => [
        "Ana puts one chip in the pot for an extra throw",
        "You put one chip in the pot for an extra throw",
    ],
    ThrowForgiven { seat: 0 } => [
        "Ana's extra throw forgives that one: nothing passes, the safe throws stand",
        "Your extra throw forgives that one: nothing passes, the safe throws stand",
    ],
    OpeningTie { seats: seats(&[0, 2]), total: 12 } => [
        "Ana and Cara tie on 12 and roll again",
        "You and Cara tie on 12 and roll again",
    ],
    OpeningTie { seats: seats(&[0, 1, 3]), total: 9 } => [
        "Ana, Ben and Dev tie on 9 and roll again",
        "You, Ben and Dev tie on 9 and roll again",
    ],
    OpeningTie { seats: seats(&[1, 2]), total: 15 } => [
        "Ben and Cara tie on 15 and roll again",
        "Ben and Cara tie on 15 and roll again",
    ],
    Opens { seat: 0, total: 17 } => [
        "Ana rolls the highest (17) to start",
        "You roll the highest (17) to start",
    ],
    ThreeTravels { seat: 0, to: 2 } => [
        "Ana's travelling 3 goes to Cara",
        "Your travelling 3 goes to Cara",
    ],
    ThreeTravels { seat: 1, to: 0 } => [
        "Ben's travelling 3 goes to Ana",
        "Ben's travelling 3 goes to you",
    ],
    ThreeKept { seat: 0 } => ["Ana keeps the 3", "You keep the 3"],
    WildTakes { seat: 0, from: 1 } => [
        "Ana's wild takes a chip from Ben",
        "Your wild takes a chip from Ben",
    ],
    WildTakes { seat: 2, from: 0 } => [
        "Cara's wild takes a chip from Ana",
        "Cara's wild takes a chip from you",
    ],
    WildFizzles { seat: 0 } => [
        "Ana's wild finds nobody to take from",
        "Your wild finds nobody to take from",
    ],
    Wins { seat: 0, pot: 9 } => ["Ana wins the pot of 9", "You win the pot of 9"],
    Loses { seat: 0 } => [
        "Ana sent the last die to the centre: everyone else wins",
        "You sent the last die to the centre: everyone else wins",
    ],
    SetDown { seat: 0, face: 4, roll: 2 } => [
        "Ana sets down a 4 (roll 2 of 6)",
        "You set down a 4 (roll 2 of 6)",
    ],
    Scored { seat: 0, score: Some(24) } => [
        "Ana scores the perfect 24",
        "You score the perfect 24",
    ],
    Scored { seat: 0, score: Some(17) } => ["Ana scores 17", "You score 17"],
    Scored { seat: 0, score: None } => ["Ana busts: no 4 and 1", "You bust: no 4 and 1"],
    // The pot's chips move with a line of their own: the win does not tell them twice.
    RoundWon { seat: 0, score: 20, pot: 6 } => [
        "Ana wins the round with 20",
        "You win the round with 20",
    ],
    RoundWon { seat: 0, score: 20, pot: 0 } => [
        "Ana wins the round with 20",
        "You win the round with 20",
    ],
    RoundTied { score: Some(18) } => [
        "A tie on 18: the round is replayed",
        "A tie on 18: the round is replayed",
    ],
    RoundTied { score: None } => [
        "Nobody qualified: the round is replayed",
        "Nobody qualified: the round is replayed",
    ],
    RoundShared { seats: seats(&[0, 1]), score: Some(18) } => [
        "Ana and Ben share the round with 18",
        "You and Ben share the round with 18",
    ],
    RoundShared { seats: seats(&[0, 1, 2, 3]), score: None } => [
        "Nobody qualified: Ana, Ben, Cara and Dev share the round",
        "Nobody qualified: you, Ben, Cara and Dev share the round",
    ],
    PenaltyOwed { seat: 0 } => [
        "Ana owes one chip to the next round's pot",
        "You owe one chip to the next round's pot",
    ],
    PenaltyPaid { seat: 0 } => [
        "Ana pays the chip owed for a bust into the pot",
        "You pay the chip owed for a bust into the pot",
    ],
    OutOfMatch { seat: 0 } => [
        "Ana cannot ante: out of the match",
        "You cannot ante: out of the match",
    ],
    RoundBegins { round: 2, opener: 0 } => ["Round 2: Ana opens", "Round 2: you open"],
    MatchWon { seats: seats(&[0]), pile: 31 } => [
        "Ana wins the match with 31 chips",
        "You win the match with 31 chips",
    ],
    MatchWon { seats: seats(&[0, 1]), pile: 31 } => [
        "Ana and Ben win the match with 31 chips",
        "You and Ben win the match with 31 chips",
    ],
    Dealt { dealer: 0 } => [
        "Ana deals a card to everyone still in",
        "You deal a card to everyone still in",
    ],
    Kept { seat: 0 } => ["Ana keeps", "You keep"],
    Exchanged { seat: 0, with: 1 } => ["Ana exchanges with Ben", "You exchange with Ben"],
    Exchanged { seat: 3, with: 0 } => ["Dev exchanges with Ana", "Dev exchanges with you"],
    Cut { dealer: 0, card: Card::new(7, 2) } => [
        "Ana cuts the deck to the 7♥",
        "You cut the deck to the 7♥",
    ],
    KingThrown { seat: 0 } => [
        "Ana throws down a King: the round stops",
        "You throw down a King: the round stops",
    ],
    Shown { seat: 0, card: Card::new(13, 3) } => ["Ana shows K♠", "You show K♠"],
    LostLife { seat: 0, left: 2 } => ["Ana loses a life (2 left)", "You lose a life (2 left)"],
    OnGrace { seat: 0 } => [
        "Ana is on grace: one more loss and out",
        "You are on grace: one more loss and out",
    ],
    Out { seat: 0 } => ["Ana is out", "You are out"],
    VoidRound {} => [
        "Everyone left would go out: the round is void",
        "Everyone left would go out: the round is void",
    ],
    Reset {} => [
        "The last two tie on grace: everyone is back in with full lives",
        "The last two tie on grace: everyone is back in with full lives",
    ],
}

#[test]
fn every_event_reads_right_about_a_named_seat_and_about_you() {
    let named = common::names(4, None);
    let with_you = common::names(4, Some(0));
    // A dice game whose dice read as pips, and whose match is played for chips.
    let settings = Settings::defaults(GameId::FortyOne);
    let (ana, you) = (
        Narrator::new(&settings, &named),
        Narrator::new(&settings, &with_you),
    );
    for (event, about_ana, about_you) in examples() {
        assert_eq!(ana.sentence(&event), about_ana, "{event:?}");
        assert_eq!(
            you.sentence(&event),
            about_you,
            "{event:?} with Ana spoken to"
        );
    }
}

#[test]
fn lcr_dice_read_as_their_faces_and_a_six_is_a_wild_only_with_the_wild() {
    let names = common::names(4, None);
    let roll = |faces: &[u8]| Event::Rolled {
        seat: 1,
        dice: Dice::new(faces),
    };
    let plain = Settings::defaults(GameId::Lcr);
    let lcr = Narrator::new(&plain, &names);
    assert_eq!(lcr.sentence(&roll(&[1, 4, 4])), "Ben rolls L·•·•");
    assert_eq!(lcr.sentence(&roll(&[3, 2, 6])), "Ben rolls C·R·•");
    assert_eq!(lcr.sentence(&roll(&[5])), "Ben rolls •");
    let wild = common::settings(GameId::Lcr, 4, 3, &["wild"]);
    let lcr = Narrator::new(&wild, &names);
    assert_eq!(lcr.sentence(&roll(&[3, 2, 6])), "Ben rolls C·R·W");
    // Every other game's dice are pips.
    for game in [GameId::AcesInThePot, GameId::SwedishAces, GameId::FortyOne] {
        let narrator = Narrator::new(&Settings::defaults(game), &names);
        assert_eq!(narrator.sentence(&roll(&[3, 2, 6])), "Ben rolls 3·2·6");
    }
}

#[test]
fn an_unnamed_seat_is_told_by_its_number() {
    let names = common::names(3, None);
    let narrator = Narrator::new(&Settings::defaults(GameId::Lcr), &names);
    assert_eq!(
        narrator.sentence(&Event::WildTakes { seat: 4, from: 0 }),
        "Seat 4's wild takes a chip from Ana"
    );
}

#[test]
fn a_count_agrees_with_its_noun() {
    assert_eq!(counted(1_u8, "die", "dice"), "1 die");
    assert_eq!(counted(0_u8, "die", "dice"), "0 dice");
    assert_eq!(counted(3_u64, "game", "games"), "3 games");
}

#[test]
fn a_span_of_time_reads_in_the_largest_whole_unit() {
    let read = |millis| lasting(std::time::Duration::from_millis(millis));
    assert_eq!(read(60_000), "1 minute");
    assert_eq!(read(1_800_000), "30 minutes");
    assert_eq!(read(90_000), "90 s");
    assert_eq!(read(1_000), "1 s");
    assert_eq!(read(1_500), "1500 ms");
    assert_eq!(read(300), "300 ms");
}

/// Who a table speaks to is a matter of seats, not of names: the one person at a table of
/// bots is "you" whatever they are called; people sharing one keyboard are each named (by
/// default "Player 1", "Player 2"), however one of them is called; a shared table's guest
/// is spoken to on their own screen.
#[test]
fn the_one_person_at_a_table_is_spoken_to_whatever_their_name() {
    let settings = common::settings(GameId::Lcr, 3, 3, &[]);
    let levels = [BotLevel::Threshold; 3];
    let roll = |seat| Event::Rolled {
        seat,
        dice: Dice::new(&[1, 4, 4]),
    };
    let told = |table: &Table, seat| Narrator::new(&settings, &table.names()).sentence(&roll(seat));
    let sam = Table::new(
        settings,
        Seat::seated(&[false, true, false], &["Sam".to_owned()], &levels),
        1,
    );
    assert_eq!(told(&sam, 1), "You roll L·•·•");
    assert_eq!(sam.names().name(1), "Sam", "the seat keeps its name");
    assert_eq!(told(&sam, 0), "Ana rolls L·•·•");

    let hot_seat = Table::new(
        settings,
        Seat::seated(&[true, true, false], &[], &levels),
        1,
    );
    assert_eq!(&hot_seat.names().said()[..2], ["Player 1", "Player 2"]);
    assert_eq!(told(&hot_seat, 0), "Player 1 rolls L·•·•");
    let named = ["Sam".to_owned(), "Bo".to_owned()];
    let hot_seat = Table::new(
        settings,
        Seat::seated(&[true, true, false], &named, &levels),
        1,
    );
    assert_eq!(told(&hot_seat, 1), "Bo rolls L·•·•");

    let mut guest = hot_seat;
    guest.speak_to(Some(1));
    assert_eq!(told(&guest, 1), "You roll L·•·•");
    assert_eq!(told(&guest, 0), "Sam rolls L·•·•");
    let watched = Table::new(settings, Seat::seated(&[false; 3], &[], &levels), 1);
    assert!((0..3).all(|seat| !watched.names().is_you(seat)));
}

/// A name keeps the case its owner gave it, at the start of a sentence too ("cy rolls"
/// beside the box labelled "cy"); "you" still starts a sentence as "You".
#[test]
fn a_name_starts_a_sentence_as_it_was_written() {
    let names = parlor::games::SeatNames::new(
        vec!["cy".to_owned(), "ben".to_owned(), "Cara".to_owned()],
        Some(2),
    );
    let narrator = Narrator::new(&Settings::defaults(GameId::Lcr), &names);
    let rolled = |seat| Event::Rolled {
        seat,
        dice: Dice::new(&[1, 4, 4]),
    };
    assert!(narrator.sentence(&rolled(0)).starts_with("cy rolls "));
    assert!(narrator.sentence(&rolled(2)).starts_with("You roll "));
    assert_eq!(
        narrator.skipped(&[0, 1]),
        "cy and ben have nothing to play: 2 turns skipped"
    );
}
