//! Aces in the Pot, rule by rule from RULES.md with forced dice, then statistics checked
//! against exact calculations.

use crate::support::common;

use common::{
    Next, Reward, Solution, assert_close, assert_proportion, narrate, rolled, seat, solve,
};
use parlor::games::aces_in_the_pot::{AcesInThePot, ExtraThrow, Phase};
use parlor::games::{
    Action, BotLevel, Chance, ChanceSpec, Deck, Dice, Event, Events, Game, GameError, GameId,
    Place, SeatSet, Settings, SettingsError, SettingsRequest, Token, Turn, game_rng, new_game,
};
use parlor::odds::OddsSolver;
use parlor::table::step_without_humans;

fn game(players: u8, chips: u8, variants: &[&str]) -> AcesInThePot {
    AcesInThePot::new(common::settings(
        GameId::AcesInThePot,
        players,
        chips,
        variants,
    ))
}

fn roll(game: &mut AcesInThePot, faces: &[u8]) -> Vec<Event> {
    let before = game.conserved();
    let events = common::roll(game, faces);
    assert_eq!(game.conserved(), before, "chips are conserved");
    events
}

fn to_pot(seat: u8, count: u8) -> Event {
    common::moved(Token::Chip, count, seat, Place::Pot)
}

fn pass(from: u8, to: u8, count: u8) -> Event {
    common::moved(Token::Chip, count, from, Place::Seat(to))
}

/// 3 players, 1 chip each: seat 0 pays its chip, seat 1 passes its chip left, so seat 2
/// holds both chips left (pot 1) and the finale begins with seat 2 throwing.
fn finale_at_seat_2_with_two_chips(variants: &[&str]) -> AcesInThePot {
    let mut g = game(3, 1, variants);
    let reversed = variants.contains(&"reversed-faces");
    let (pay, pass) = if reversed { (6, 1) } else { (1, 6) };
    assert!(
        !variants.contains(&"pass-right"),
        "chips would travel right"
    );
    roll(&mut g, &[pay, 3]);
    roll(&mut g, &[pass, 3]);
    assert_eq!(g.chips(), &[0, 0, 2]);
    assert_eq!(g.pot(), 1);
    assert_eq!(g.phase(), Phase::Finale { safe: 0 });
    assert_eq!(g.turn(), Turn::Seat(2));
    g
}

/// 3 players, 1 chip each: seat 0 and seat 1 both pay an ace, so seat 2 is sole holder
/// of its one chip (pot 2).
fn finale_at_seat_2_with_one_chip() -> AcesInThePot {
    let mut g = game(3, 1, &[]);
    roll(&mut g, &[1, 2]);
    roll(&mut g, &[1, 2]);
    assert_eq!(g.chips(), &[0, 0, 1]);
    assert_eq!(g.pot(), 2);
    assert_eq!(g.phase(), Phase::Finale { safe: 0 });
    g
}

// ---------------------------------------------------------------------------------------
// Settings

#[test]
fn settings_players_3_to_10_default_4_chips_1_to_5_default_2() {
    common::assert_settings_ranges(
        GameId::AcesInThePot,
        (4, 2),
        3..=10,
        1..=5,
        &[(2, 2), (11, 2), (4, 0), (4, 6)],
        |s, players, chips| {
            let g = AcesInThePot::new(s);
            assert_eq!(g.chips(), vec![chips; usize::from(players)].as_slice());
            assert_eq!(g.pot(), 0);
            assert_eq!(
                g.conserved(),
                vec![("chips", u32::from(players) * u32::from(chips))]
            );
        },
    );
    for variant in ["reversed-faces", "ace-finale", "pass-right", "one-finale"] {
        let s = common::settings(GameId::AcesInThePot, 4, 2, &[variant]);
        assert_eq!(s.variants.iter().count(), 1, "{variant}");
    }
    let wrong = Settings::new(
        GameId::AcesInThePot,
        &SettingsRequest {
            variants: vec!["wild".into()],
            ..SettingsRequest::default()
        },
    );
    assert!(matches!(wrong, Err(SettingsError::UnknownVariant { .. })));
}

#[test]
fn seat_0_rolls_first_with_two_dice() {
    let mut g = game(4, 2, &[]);
    assert_eq!(g.phase(), Phase::Normal);
    assert_eq!(g.current(), 0);
    assert_eq!(g.turn(), Turn::Seat(0));
    assert_eq!(g.legal_actions().as_slice(), &[Action::Roll]);
    assert_eq!(g.chance(), None);
    assert_eq!(g.figures().turns, 1, "seat 0's turn is the first");
    assert_eq!(g.figures().first_sole_holder, None);
    let mut events = Events::new();
    g.apply_action(Action::Roll, &mut events).expect("roll");
    assert!(events.is_empty());
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(2)));
    assert!(g.legal_actions().is_empty());
}

// ---------------------------------------------------------------------------------------
// Normal play

#[test]
fn an_ace_pays_the_pot_and_a_six_passes_one_chip_left() {
    let mut g = game(4, 2, &[]);
    let events = roll(&mut g, &[1, 6]);
    assert_eq!(
        events,
        vec![rolled(0, &[1, 6]), to_pot(0, 1), pass(0, 1, 1)]
    );
    assert_eq!(
        narrate(&events, g.settings()),
        [
            "Ana rolls 1·6",
            "Ana puts one chip in the pot",
            "Ana passes one chip to Ben"
        ]
    );
    assert_eq!(g.chips(), &[0, 3, 2, 2]);
    assert_eq!(g.pot(), 1);
    assert_eq!(g.last_roll(), Some((0, Dice::new(&[1, 6]))));
    // Then the dice pass left.
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.figures().turns, 2);
}

#[test]
fn two_to_five_do_nothing() {
    for a in 2..=5 {
        for b in 2..=5 {
            let mut g = game(3, 2, &[]);
            let events = roll(&mut g, &[a, b]);
            assert_eq!(events, vec![rolled(0, &[a, b])], "{a}·{b}");
            assert_eq!(g.chips(), &[2, 2, 2]);
            assert_eq!(g.pot(), 0);
            assert_eq!(g.turn(), Turn::Seat(1));
        }
    }
}

#[test]
fn two_aces_pay_two_chips_and_two_sixes_pass_two() {
    let mut g = game(4, 2, &[]);
    let events = roll(&mut g, &[1, 1]);
    assert_eq!(events, vec![rolled(0, &[1, 1]), to_pot(0, 1), to_pot(0, 1)]);
    assert_eq!(g.chips(), &[0, 2, 2, 2]);
    assert_eq!(g.pot(), 2);

    let mut g = game(4, 2, &[]);
    let events = roll(&mut g, &[6, 6]);
    assert_eq!(
        events,
        vec![rolled(0, &[6, 6]), pass(0, 1, 1), pass(0, 1, 1)]
    );
    assert_eq!(g.chips(), &[0, 4, 2, 2]);
    assert_eq!(g.pot(), 0);

    let mut g = game(4, 3, &[]);
    roll(&mut g, &[6, 1]);
    assert_eq!(g.chips(), &[1, 4, 3, 3]);
    assert_eq!(g.pot(), 1);
}

#[test]
fn with_one_chip_an_ace_then_a_six_only_the_ace_counts() {
    let mut g = game(3, 1, &["one-finale"]);
    let events = roll(&mut g, &[1, 6]);
    assert_eq!(events, vec![rolled(0, &[1, 6]), to_pot(0, 1)]);
    assert_eq!(
        narrate(&events, g.settings()),
        ["Ana rolls 1·6", "Ana puts one chip in the pot"]
    );
    assert_eq!(g.chips(), &[0, 1, 1]);
    assert_eq!(g.pot(), 1);
    assert_eq!(g.turn(), Turn::Seat(1));
}

#[test]
fn dice_are_read_left_to_right_a_six_then_an_ace_with_one_chip_passes_it() {
    let mut g = game(3, 1, &[]);
    let events = roll(&mut g, &[6, 1]);
    assert_eq!(events, vec![rolled(0, &[6, 1]), pass(0, 1, 1)]);
    assert_eq!(g.chips(), &[0, 2, 1]);
    assert_eq!(g.pot(), 0);
    assert_eq!(g.turn(), Turn::Seat(1));
    // A double six with one chip passes the one chip only.
    let mut g = game(3, 1, &[]);
    let events = roll(&mut g, &[6, 6]);
    assert_eq!(events, vec![rolled(0, &[6, 6]), pass(0, 1, 1)]);
    assert_eq!(g.chips(), &[0, 2, 1]);
}

#[test]
fn empty_handed_seats_are_skipped_logged_and_counted_as_turns() {
    let mut g = game(5, 1, &[]);
    roll(&mut g, &[1, 2]);
    roll(&mut g, &[1, 2]);
    assert_eq!(g.chips(), &[0, 0, 1, 1, 1]);
    assert_eq!(g.turn(), Turn::Seat(2));
    assert_eq!(g.figures().turns, 3);
    roll(&mut g, &[2, 2]);
    roll(&mut g, &[3, 3]);
    assert_eq!(g.figures().turns, 5);
    let events = roll(&mut g, &[4, 4]);
    assert_eq!(
        events,
        vec![
            rolled(4, &[4, 4]),
            Event::Skipped { seat: 0 },
            Event::Skipped { seat: 1 }
        ]
    );
    assert_eq!(
        narrate(&events, g.settings()),
        [
            "Eve rolls 4·4",
            "Ana has nothing to play: turn skipped",
            "Ben has nothing to play: turn skipped"
        ]
    );
    assert_eq!(g.turn(), Turn::Seat(2));
    // Seats 0 and 1 were skipped: both turns count, and seat 2's.
    assert_eq!(g.figures().turns, 8);
    // A skipped seat can receive again later and then plays.
    roll(&mut g, &[2, 2]);
    roll(&mut g, &[2, 2]);
    let events = roll(&mut g, &[6, 2]);
    assert_eq!(events, vec![rolled(4, &[6, 2]), pass(4, 0, 1)]);
    assert_eq!(g.chips(), &[1, 0, 1, 1, 0]);
    assert_eq!(g.turn(), Turn::Seat(0));
    assert_eq!(g.figures().turns, 11);
}

#[test]
fn the_bot_always_rolls() {
    let mut g = game(3, 1, &[]);
    let mut rng = game_rng(7, 0);
    for faces in [[2, 3], [1, 2], [6, 2], [3, 3], [4, 4]] {
        if g.turn() == Turn::Over {
            break;
        }
        assert_eq!(g.bot_action(BotLevel::Standard, &mut rng), Action::Roll);
        roll(&mut g, &faces);
    }
}

// ---------------------------------------------------------------------------------------
// The finale

#[test]
fn the_finale_begins_for_whoever_holds_every_chip_whoever_rolled() {
    let mut g = game(3, 1, &[]);
    roll(&mut g, &[1, 3]);
    assert_eq!(g.figures().first_sole_holder, None);
    // Seat 1 rolls, and seat 2 becomes sole holder.
    let events = roll(&mut g, &[6, 3]);
    assert_eq!(
        events,
        vec![
            rolled(1, &[6, 3]),
            pass(1, 2, 1),
            Event::FinaleBegins { seat: 2 }
        ]
    );
    assert_eq!(
        narrate(&events, g.settings())[2],
        "Cara holds every chip left: the finale begins, three safe throws to win"
    );
    assert_eq!(g.phase(), Phase::Finale { safe: 0 });
    assert_eq!(g.current(), 2);
    assert_eq!(g.turn(), Turn::Seat(2));
    assert_eq!(g.legal_actions().as_slice(), &[Action::Roll]);
    assert_eq!(g.figures().first_sole_holder, Some(2));
    assert_eq!(g.figures().turns, 2, "the finale is not a normal-play turn");
    let mut events = Events::new();
    g.apply_action(Action::Roll, &mut events).expect("throw");
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(2)), "both dice");
}

#[test]
fn three_safe_throws_win_the_pot_and_the_holder_keeps_their_chips() {
    let mut g = finale_at_seat_2_with_two_chips(&[]);
    // Only sixes matter: aces are ignored.
    let events = roll(&mut g, &[1, 1]);
    assert_eq!(
        events,
        vec![rolled(2, &[1, 1]), Event::SafeThrow { seat: 2, safe: 1 }]
    );
    assert_eq!(
        narrate(&events, g.settings())[1],
        "Cara throws safe (1 of 3)"
    );
    assert_eq!(g.phase(), Phase::Finale { safe: 1 });
    assert_eq!(g.chips(), &[0, 0, 2]);
    assert_eq!(g.pot(), 1);
    roll(&mut g, &[2, 5]);
    assert_eq!(g.phase(), Phase::Finale { safe: 2 });
    assert_eq!(g.turn(), Turn::Seat(2));
    let events = roll(&mut g, &[5, 4]);
    assert_eq!(
        events,
        vec![
            rolled(2, &[5, 4]),
            Event::SafeThrow { seat: 2, safe: 3 },
            // The event tells the pot, as the table shows it; the figure adds her chips.
            Event::Wins { seat: 2, pot: 1 }
        ]
    );
    assert_eq!(
        narrate(&events, g.settings())[1..],
        ["Cara throws safe (3 of 3)", "Cara wins the pot of 1"]
    );
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.current(), 2);
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.chance(), None);
    assert_eq!(g.chips()[2], 2, "the winner keeps their chips");
    let f = g.figures();
    assert_eq!(f.winners, SeatSet::single(2));
    assert_eq!(f.pot_won, 3, "pot (1) + own chips (2)");
    assert_eq!(f.finale_throws, 3);
    assert_eq!(f.first_sole_holder, Some(2));
    assert_eq!(f.turns, 2);
    common::refused_action(&mut g, Action::Roll, &GameError::Over);
    common::refused_chance(
        &mut g,
        &Chance::Dice(Dice::new(&[2, 2])),
        &GameError::NoChanceDue,
    );
}

#[test]
fn a_double_six_with_one_chip_passes_one_chip_and_hands_over_the_finale() {
    let mut g = finale_at_seat_2_with_one_chip();
    roll(&mut g, &[4, 4]);
    assert_eq!(g.phase(), Phase::Finale { safe: 1 });
    let events = roll(&mut g, &[6, 6]);
    assert_eq!(
        events,
        vec![
            rolled(2, &[6, 6]),
            pass(2, 0, 1),
            Event::FinaleBegins { seat: 0 }
        ]
    );
    assert_eq!(g.chips(), &[1, 0, 0]);
    assert_eq!(g.pot(), 2);
    // The count resets: the neighbour starts three throws of their own.
    assert_eq!(g.phase(), Phase::Finale { safe: 0 });
    assert_eq!(g.turn(), Turn::Seat(0));
    let f = g.figures();
    assert_eq!(f.first_sole_holder, Some(2), "the first sole holder stays");
    assert_eq!(f.finale_throws, 2);
    assert_eq!(f.turns, 2, "finale throws are not normal-play turns");
}

#[test]
fn the_finale_can_circle_the_table() {
    let mut g = finale_at_seat_2_with_one_chip();
    for (thrower, next) in [(2, 0), (0, 1), (1, 2), (2, 0), (0, 1)] {
        assert_eq!(g.turn(), Turn::Seat(thrower));
        roll(&mut g, &[3, 3]);
        roll(&mut g, &[2, 6]);
        assert_eq!(g.phase(), Phase::Finale { safe: 0 });
        assert_eq!(g.current(), next);
        assert_eq!(
            g.chips()[usize::from(next)],
            1,
            "the chip went to seat {next}"
        );
    }
    for _ in 0..3 {
        roll(&mut g, &[5, 5]);
    }
    assert_eq!(g.turn(), Turn::Over);
    let f = g.figures();
    assert_eq!(f.winners, SeatSet::single(1));
    assert_eq!(f.pot_won, 3);
    assert_eq!(f.finale_throws, 13);
    assert_eq!(f.first_sole_holder, Some(2));
    assert_eq!(f.turns, 2);
}

#[test]
fn a_multi_chip_holders_six_brings_back_normal_play_with_the_neighbour_next() {
    let mut g = finale_at_seat_2_with_two_chips(&[]);
    roll(&mut g, &[2, 2]);
    roll(&mut g, &[3, 1]);
    assert_eq!(g.phase(), Phase::Finale { safe: 2 });
    let events = roll(&mut g, &[6, 5]);
    assert_eq!(
        events,
        vec![
            rolled(2, &[6, 5]),
            pass(2, 0, 1),
            Event::NormalPlayResumes { seat: 0 }
        ]
    );
    assert_eq!(
        narrate(&events, g.settings())[1..],
        [
            "Cara passes one chip to Ana",
            "Two players hold chips again: normal play resumes with Ana"
        ]
    );
    assert_eq!(g.chips(), &[1, 0, 1]);
    assert_eq!(g.phase(), Phase::Normal);
    assert_eq!(g.turn(), Turn::Seat(0));
    assert_eq!(
        g.figures().turns,
        3,
        "the neighbour's normal-play turn counts"
    );
    assert_eq!(g.figures().finale_throws, 3);
    // Normal play: the neighbour rolls two dice, reads them as usual; seat 1 is skipped.
    let events = roll(&mut g, &[2, 2]);
    assert_eq!(events, vec![rolled(0, &[2, 2]), Event::Skipped { seat: 1 }]);
    assert_eq!(g.turn(), Turn::Seat(2));
    assert_eq!(g.figures().turns, 5);
    // Seat 2 has one chip: a 1 then a 6, only the 1 counts, and seat 0 is sole holder.
    let events = roll(&mut g, &[1, 6]);
    assert_eq!(
        events,
        vec![
            rolled(2, &[1, 6]),
            to_pot(2, 1),
            Event::FinaleBegins { seat: 0 }
        ]
    );
    assert_eq!(g.phase(), Phase::Finale { safe: 0 });
    assert_eq!(g.figures().first_sole_holder, Some(2));
    assert_eq!(g.pot(), 2);
}

#[test]
fn passing_the_last_chips_hands_the_finale_to_the_neighbour() {
    let mut g = finale_at_seat_2_with_two_chips(&[]);
    roll(&mut g, &[4, 3]);
    let events = roll(&mut g, &[6, 6]);
    assert_eq!(
        events,
        vec![
            rolled(2, &[6, 6]),
            pass(2, 0, 2),
            Event::FinaleBegins { seat: 0 }
        ]
    );
    assert_eq!(
        narrate(&events, g.settings())[1],
        "Cara passes two chips to Ana"
    );
    assert_eq!(g.chips(), &[2, 0, 0]);
    assert_eq!(g.phase(), Phase::Finale { safe: 0 });
    assert_eq!(g.turn(), Turn::Seat(0));
}

#[test]
fn a_double_six_from_three_chips_keeps_one_and_normal_play_resumes() {
    let mut g = game(3, 1, &[]);
    roll(&mut g, &[6, 2]); // [0, 2, 1]
    roll(&mut g, &[2, 2]);
    roll(&mut g, &[6, 2]); // [1, 2, 0]
    let events = roll(&mut g, &[6, 2]); // [0, 3, 0]
    assert_eq!(events.last(), Some(&Event::FinaleBegins { seat: 1 }));
    assert_eq!(g.chips(), &[0, 3, 0]);
    assert_eq!(g.pot(), 0);
    let events = roll(&mut g, &[6, 6]);
    assert_eq!(
        events,
        vec![
            rolled(1, &[6, 6]),
            pass(1, 2, 2),
            Event::NormalPlayResumes { seat: 2 }
        ]
    );
    assert_eq!(g.chips(), &[0, 1, 2]);
    assert_eq!(g.turn(), Turn::Seat(2));
    assert_eq!(g.phase(), Phase::Normal);
}

// ---------------------------------------------------------------------------------------
// Variants

#[test]
fn reversed_faces_sixes_pay_the_pot_and_aces_pass_left() {
    let mut g = game(3, 2, &["reversed-faces"]);
    assert_eq!((g.paying_face(), g.passing_face()), (6, 1));
    let events = roll(&mut g, &[6, 1]);
    assert_eq!(
        events,
        vec![rolled(0, &[6, 1]), to_pot(0, 1), pass(0, 1, 1)]
    );
    assert_eq!(g.chips(), &[0, 3, 2]);
    // One chip, read left to right: only the first counts.
    let mut g = game(3, 1, &["reversed-faces"]);
    roll(&mut g, &[6, 1]);
    assert_eq!((&g.chips()[..], g.pot()), (&[0, 1, 1][..], 1));
    let mut g = game(3, 1, &["reversed-faces"]);
    roll(&mut g, &[1, 6]);
    assert_eq!((&g.chips()[..], g.pot()), (&[0, 2, 1][..], 0));
}

#[test]
fn reversed_faces_in_the_finale_the_ace_is_the_face_to_avoid() {
    let mut g = finale_at_seat_2_with_two_chips(&["reversed-faces"]);
    assert_eq!(g.finale_face(), 1);
    let events = roll(&mut g, &[6, 6]);
    assert_eq!(events[1], Event::SafeThrow { seat: 2, safe: 1 });
    let events = roll(&mut g, &[1, 3]);
    assert_eq!(
        events,
        vec![
            rolled(2, &[1, 3]),
            pass(2, 0, 1),
            Event::NormalPlayResumes { seat: 0 }
        ]
    );
    assert_eq!(g.chips(), &[1, 0, 1]);
}

#[test]
fn ace_finale_aces_pass_in_the_finale_and_sixes_are_ignored() {
    // Normal play is unchanged: the ace pays, the six passes.
    let mut g = finale_at_seat_2_with_two_chips(&["ace-finale"]);
    assert_eq!(g.finale_face(), 1);
    let events = roll(&mut g, &[6, 6]);
    assert_eq!(events[1], Event::SafeThrow { seat: 2, safe: 1 });
    assert_eq!(g.pot(), 1);
    // Each ace shown passes a chip left (to the neighbour, not the pot).
    let events = roll(&mut g, &[1, 1]);
    assert_eq!(
        events,
        vec![
            rolled(2, &[1, 1]),
            pass(2, 0, 2),
            Event::FinaleBegins { seat: 0 }
        ]
    );
    assert_eq!(g.chips(), &[2, 0, 0]);
    assert_eq!(g.pot(), 1);
    let events = roll(&mut g, &[6, 4]);
    assert_eq!(events[1], Event::SafeThrow { seat: 0, safe: 1 });
}

#[test]
fn ace_finale_with_reversed_faces_avoids_the_six() {
    let mut g = finale_at_seat_2_with_two_chips(&["reversed-faces", "ace-finale"]);
    // The paying face is now the six: that is the one to avoid; aces are ignored.
    assert_eq!(g.finale_face(), 6);
    let events = roll(&mut g, &[1, 1]);
    assert_eq!(events[1], Event::SafeThrow { seat: 2, safe: 1 });
    let events = roll(&mut g, &[2, 6]);
    assert_eq!(
        events,
        vec![
            rolled(2, &[2, 6]),
            pass(2, 0, 1),
            Event::NormalPlayResumes { seat: 0 }
        ]
    );
    assert_eq!(g.pot(), 1, "the avoided face passes left, it does not pay");
}

#[test]
fn pass_right_chips_travel_right_while_the_dice_pass_left() {
    let mut g = game(3, 2, &["pass-right"]);
    let events = roll(&mut g, &[6, 2]);
    assert_eq!(events, vec![rolled(0, &[6, 2]), pass(0, 2, 1)]);
    assert_eq!(
        narrate(&events, g.settings())[1],
        "Ana passes one chip to Cara"
    );
    assert_eq!(g.chips(), &[1, 2, 3]);
    assert_eq!(g.turn(), Turn::Seat(1), "the dice still pass left");
    roll(&mut g, &[6, 6]);
    assert_eq!(g.chips(), &[3, 0, 3]);
    assert_eq!(g.turn(), Turn::Seat(2));
}

#[test]
fn pass_right_the_finale_hand_over_travels_right() {
    let mut g = game(3, 1, &["pass-right"]);
    roll(&mut g, &[6, 2]); // seat 0's chip goes right, to seat 2: [0, 1, 2]
    let events = roll(&mut g, &[1, 2]); // seat 1 pays: seat 2 alone
    assert_eq!(events.last(), Some(&Event::FinaleBegins { seat: 2 }));
    assert_eq!(g.chips(), &[0, 0, 2]);
    // A six passes one chip right, to seat 1, and seat 1 rolls next in normal play.
    let mut resumed = g.clone();
    let events = roll(&mut resumed, &[6, 2]);
    assert_eq!(
        events,
        vec![
            rolled(2, &[6, 2]),
            pass(2, 1, 1),
            Event::NormalPlayResumes { seat: 1 }
        ]
    );
    assert_eq!(resumed.turn(), Turn::Seat(1));
    // Passing both hands the finale to the right neighbour, then on to the right again.
    let events = roll(&mut g, &[6, 6]);
    assert_eq!(events.last(), Some(&Event::FinaleBegins { seat: 1 }));
    assert_eq!(g.chips(), &[0, 2, 0]);
    let events = roll(&mut g, &[6, 6]);
    assert_eq!(events.last(), Some(&Event::FinaleBegins { seat: 0 }));
    assert_eq!(g.chips(), &[2, 0, 0]);
}

#[test]
fn pass_alternate_chips_pass_left_in_the_first_round_and_right_in_the_second() {
    let mut g = game(3, 3, &["pass-alternate"]);
    // Round 1 is turns 1-3: sixes pass left.
    assert_eq!((g.passing_round(), g.passes_left()), (1, true));
    let events = roll(&mut g, &[6, 2]);
    assert_eq!(events, vec![rolled(0, &[6, 2]), pass(0, 1, 1)]);
    roll(&mut g, &[6, 2]);
    roll(&mut g, &[6, 2]);
    assert_eq!(g.chips(), &[3, 3, 3]);
    // Round 2 is turns 4-6, from seat 0 again: sixes pass right; the dice still go left.
    assert_eq!((g.passing_round(), g.passes_left()), (2, false));
    let events = roll(&mut g, &[6, 2]);
    assert_eq!(events, vec![rolled(0, &[6, 2]), pass(0, 2, 1)]);
    assert_eq!(g.turn(), Turn::Seat(1));
    roll(&mut g, &[6, 6]);
    roll(&mut g, &[2, 2]);
    assert_eq!(g.chips(), &[4, 1, 4]);
    // Round 3 passes left again.
    assert_eq!((g.passing_round(), g.passes_left()), (3, true));
    roll(&mut g, &[6, 2]);
    assert_eq!(g.chips(), &[3, 2, 4]);
}

#[test]
fn pass_alternate_a_round_is_one_pass_of_the_turn_round_the_table_skipped_turns_included() {
    let mut g = game(4, 1, &["pass-alternate"]);
    roll(&mut g, &[1, 2]); // turn 1: Ana pays her chip
    roll(&mut g, &[2, 2]); // turn 2
    roll(&mut g, &[2, 2]); // turn 3
    roll(&mut g, &[2, 2]); // turn 4
    // Turn 5 is Ana's, skipped: it counts, so Ben's is turn 6 of round 2.
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.figures().turns, 6);
    assert_eq!((g.passing_round(), g.passes_left()), (2, false));
    let events = roll(&mut g, &[6, 2]);
    assert_eq!(events[1], pass(1, 0, 1), "Ben's six goes right, to Ana");
}

#[test]
fn pass_alternate_a_finale_passes_the_way_its_round_does_and_with_pass_right_starts_right() {
    // Three players of one chip. Round 1 moves nothing; in round 2 (passing right) Ana and
    // Ben pay, and Cara, holding every chip left, throws alone: her six goes right, to Ben.
    let mut g = game(3, 1, &["pass-alternate"]);
    for _ in 0..3 {
        roll(&mut g, &[2, 2]);
    }
    roll(&mut g, &[1, 2]);
    roll(&mut g, &[1, 2]);
    assert_eq!(g.phase(), Phase::Finale { safe: 0 });
    assert_eq!((g.current(), g.passing_round()), (2, 2));
    let events = roll(&mut g, &[6, 2]);
    assert_eq!(
        events[1..],
        [pass(2, 1, 1), Event::FinaleBegins { seat: 1 }]
    );
    // With pass-right as well, the first round passes right and the second left.
    let mut g = game(3, 2, &["pass-right", "pass-alternate"]);
    assert!(!g.passes_left());
    let events = roll(&mut g, &[6, 2]);
    assert_eq!(events[1], pass(0, 2, 1));
    roll(&mut g, &[2, 2]);
    roll(&mut g, &[2, 2]);
    assert!(g.passes_left());
}

// buy-throw

#[test]
fn buy_throw_before_the_finale_starts_the_sole_holder_may_pay_a_chip_for_an_extra_throw() {
    let mut g = finale_at_seat_2_with_two_chips(&["buy-throw"]);
    assert_eq!(g.extra_throw(), ExtraThrow::Offered);
    assert_eq!(
        g.legal_actions().as_slice(),
        &[Action::Roll, Action::BuyThrow]
    );
    let declined = g.clone();
    let events = common::act(&mut g, Action::BuyThrow);
    assert_eq!(events, vec![Event::ThrowBought { seat: 2 }]);
    assert_eq!(
        narrate(&events, g.settings()),
        ["Cara puts one chip in the pot for an extra throw"]
    );
    assert_eq!((&g.chips()[..], g.pot()), (&[0, 0, 1][..], 2));
    assert_eq!(g.extra_throw(), ExtraThrow::Bought);
    assert_eq!(g.turn(), Turn::Seat(2));
    assert_eq!(g.legal_actions().as_slice(), &[Action::Roll]);
    // Throwing without buying declines it: no chip moves, and the offer is gone.
    let mut g = declined;
    roll(&mut g, &[2, 3]);
    assert_eq!(g.extra_throw(), ExtraThrow::None);
    assert_eq!(g.legal_actions().as_slice(), &[Action::Roll]);
    assert_eq!((&g.chips()[..], g.pot()), (&[0, 0, 2][..], 1));
}

#[test]
fn buy_throw_one_throw_showing_the_face_to_avoid_is_forgiven_then_the_next_counts() {
    let mut g = finale_at_seat_2_with_two_chips(&["buy-throw"]);
    common::act(&mut g, Action::BuyThrow);
    roll(&mut g, &[2, 3]);
    assert_eq!(g.phase(), Phase::Finale { safe: 1 });
    // A six: forgiven. Nothing passes and the safe throw so far stands.
    let events = roll(&mut g, &[6, 6]);
    assert_eq!(
        events,
        vec![rolled(2, &[6, 6]), Event::ThrowForgiven { seat: 2 }]
    );
    assert_eq!(
        narrate(&events[1..], g.settings()),
        ["Cara's extra throw forgives that one: nothing passes, the safe throws stand"]
    );
    assert_eq!(
        (g.phase(), &g.chips()[..]),
        (Phase::Finale { safe: 1 }, &[0, 0, 1][..])
    );
    assert_eq!(g.extra_throw(), ExtraThrow::None);
    // The next six counts: the last chip goes left and Ana throws alone.
    let events = roll(&mut g, &[6, 2]);
    assert_eq!(
        events[1..],
        [pass(2, 0, 1), Event::FinaleBegins { seat: 0 }]
    );
    // Ana holds one chip: nothing to spare, so nothing to buy.
    assert_eq!(g.extra_throw(), ExtraThrow::None);
    assert_eq!(g.legal_actions().as_slice(), &[Action::Roll]);
    assert_eq!(g.figures().finale_throws, 3);
}

#[test]
fn buy_throw_four_throws_with_one_forgiven_win_and_the_pot_holds_the_bought_chip() {
    let mut g = finale_at_seat_2_with_two_chips(&["buy-throw", "one-finale"]);
    common::act(&mut g, Action::BuyThrow);
    roll(&mut g, &[6, 1]);
    roll(&mut g, &[2, 3]);
    roll(&mut g, &[2, 3]);
    let events = roll(&mut g, &[2, 3]);
    assert_eq!(events.last(), Some(&Event::Wins { seat: 2, pot: 2 }));
    assert_eq!(g.figures().pot_won, 3, "the pot and her own chip");
    assert_eq!(g.figures().finale_throws, 4);
}

#[test]
fn buy_throw_is_offered_at_every_finale_start_to_a_holder_of_two_chips_or_more() {
    // Without the variant, nothing to buy.
    let g = finale_at_seat_2_with_two_chips(&[]);
    assert_eq!(g.extra_throw(), ExtraThrow::None);
    assert_eq!(g.legal_actions().as_slice(), &[Action::Roll]);
    // A sole holder of one chip could not pay and still hold one.
    let mut g = game(3, 1, &["buy-throw"]);
    roll(&mut g, &[1, 2]);
    roll(&mut g, &[1, 2]);
    assert_eq!(g.phase(), Phase::Finale { safe: 0 });
    assert_eq!(g.legal_actions().as_slice(), &[Action::Roll]);
    // A finale handed over with two chips offers it again.
    let mut g = finale_at_seat_2_with_two_chips(&["buy-throw"]);
    let events = roll(&mut g, &[6, 6]);
    assert_eq!(events.last(), Some(&Event::FinaleBegins { seat: 0 }));
    assert_eq!(g.extra_throw(), ExtraThrow::Offered);
}

#[test]
fn buy_throw_the_bot_buys_because_the_exact_odds_say_buying_wins_more_often() {
    let mut rng = game_rng(5, 5);
    let g = finale_at_seat_2_with_two_chips(&["buy-throw"]);
    assert_eq!(g.bot_action(BotLevel::Standard, &mut rng), Action::BuyThrow);
    // At every finale start the bots reach, buying raises the holder's exact chance to
    // win over throwing without it (the bots playing on either way).
    let (mut starts, mut least, mut most) = (0, f64::MAX, 0.0f64);
    for (players, chips, variants) in [
        (3, 2, &[][..]),
        (4, 2, &[][..]),
        (3, 3, &["one-finale"][..]),
        (4, 2, &["pass-alternate"][..]),
        (3, 3, &["reversed-faces", "ace-finale", "pass-right"][..]),
    ] {
        let mut variants = variants.to_vec();
        variants.push("buy-throw");
        let settings = common::settings(GameId::AcesInThePot, players, chips, &variants);
        let mut solver = OddsSolver::new(&settings);
        let levels = vec![BotLevel::Standard; usize::from(players)];
        for seed in 0..20 {
            let mut game = new_game(settings);
            let mut rng = game_rng(seed, 3);
            let mut events = Events::discarding();
            while game.turn() != Turn::Over {
                if game.legal_actions().contains(Action::BuyThrow) {
                    let Turn::Seat(holder) = game.turn() else {
                        unreachable!("an offer is a seat's decision")
                    };
                    let mut bought = game.clone();
                    bought
                        .apply_action(Action::BuyThrow, &mut events)
                        .expect("buy");
                    let mut declined = game.clone();
                    declined
                        .apply_action(Action::Roll, &mut events)
                        .expect("throw");
                    let buy = solver.win_chances(bought.as_ref()).seat_win[usize::from(holder)];
                    let not = solver.win_chances(declined.as_ref()).seat_win[usize::from(holder)];
                    assert!(
                        buy > not,
                        "{}: buying {buy:.4} against {not:.4}",
                        settings.signature()
                    );
                    starts += 1;
                    least = least.min(buy - not);
                    most = most.max(buy - not);
                }
                step_without_humans(game.as_mut(), &levels, &mut rng, &mut events);
            }
        }
    }
    eprintln!(
        "buy-throw: buying wins more often at all {starts} finale starts checked, by {:.1} \
         to {:.1} points",
        100.0 * least,
        100.0 * most
    );
    assert!(starts > 50, "{starts} finale starts");
}

#[test]
fn one_finale_the_neighbour_who_receives_the_chip_wins_without_throwing() {
    let mut g = finale_at_seat_2_with_two_chips(&["one-finale"]);
    roll(&mut g, &[2, 2]);
    let events = roll(&mut g, &[6, 2]);
    // RULES.md: "the neighbour who receives the chip wins the pot"; the figures count the
    // pot won as pot + own chips, so the received chip counts: 1 + 1. The event and its
    // sentence tell the pot alone, as the table shows it.
    assert_eq!(
        events,
        vec![
            rolled(2, &[6, 2]),
            pass(2, 0, 1),
            Event::Wins { seat: 0, pot: 1 }
        ]
    );
    assert_eq!(narrate(&events, g.settings())[2], "Ana wins the pot of 1");
    assert_eq!(g.turn(), Turn::Over, "the game ends at once");
    assert_eq!(g.phase(), Phase::Over);
    let f = g.figures();
    assert_eq!(f.winners, SeatSet::single(0));
    assert_eq!(f.pot_won, 2);
    assert_eq!(f.finale_throws, 2);
    assert_eq!(f.first_sole_holder, Some(2));
    assert_eq!(f.turns, 2);
}

#[test]
fn one_finale_three_safe_throws_still_win() {
    let mut g = finale_at_seat_2_with_two_chips(&["one-finale"]);
    for _ in 0..3 {
        roll(&mut g, &[1, 5]);
    }
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.figures().winners, SeatSet::single(2));
    assert_eq!(g.figures().pot_won, 3);
}

#[test]
fn one_finale_with_pass_right_the_right_neighbour_wins() {
    let mut g = game(3, 1, &["one-finale", "pass-right"]);
    roll(&mut g, &[6, 2]);
    roll(&mut g, &[1, 2]);
    assert_eq!(g.phase(), Phase::Finale { safe: 0 });
    let events = roll(&mut g, &[3, 6]);
    assert_eq!(
        events,
        vec![
            rolled(2, &[3, 6]),
            pass(2, 1, 1),
            Event::Wins { seat: 1, pot: 1 }
        ]
    );
    assert_eq!(g.figures().winners, SeatSet::single(1));
    assert_eq!(g.figures().pot_won, 2, "the pot and the chip received");
}

// ---------------------------------------------------------------------------------------
// Refusals

#[test]
fn illegal_actions_and_chance_are_refused_with_the_game_unchanged() {
    let mut g = game(3, 2, &[]);
    common::refused_around_roll(
        &mut g,
        &[Action::GiveThree(1), Action::TakeChip(1), Action::Keep],
        &[1, 6],
        &[&[1], &[1, 2, 3], &[0, 6], &[7, 1]],
        2,
    );
    common::refused_chance(
        &mut g,
        &Chance::Deck(Deck::ordered()),
        &GameError::WrongChance {
            expected: ChanceSpec::Dice(2),
            got: Chance::Deck(Deck::ordered()),
        },
    );
    // The game still takes the right dice.
    common::dice(&mut g, &[1, 6]);
    assert_eq!(g.chips(), &[0, 3, 2]);
}

#[test]
fn the_same_seed_and_settings_replay_the_same_game() {
    common::assert_replays(common::settings(
        GameId::AcesInThePot,
        4,
        2,
        &["pass-right"],
    ));
}

// ---------------------------------------------------------------------------------------
// Statistics

/// P(a throw of two dice shows no six) = P(no face to avoid), whichever face it is.
const Q: f64 = 25.0 / 36.0;

/// The finale throws of a whole game: every throw is safe with probability Q and a throw
/// with a six resets the count, so the game ends at the first run of three safe throws.
/// Exact moments from the three-state chain (safe throws so far).
fn finale_throws_chain(safe_to_win: u8) -> Solution {
    solve(0u8, 1, |&safe| {
        let throw: Reward = [1.0, 0.0];
        let safe_next = if safe + 1 == safe_to_win {
            Next::End(0)
        } else {
            Next::State(safe + 1)
        };
        vec![(Q, throw, safe_next), (1.0 - Q, throw, Next::State(0))]
    })
}

#[test]
fn the_run_of_three_safe_throws_takes_6_4996_throws_on_average() {
    let exact = finale_throws_chain(3);
    let closed = (1.0 - Q.powi(3)) / ((1.0 - Q) * Q.powi(3));
    assert!((exact.mean[0] - closed).abs() < 1e-9, "{exact:?}");
    assert!((closed - 6.4996).abs() < 5e-5, "{closed}");
    // Variance of the waiting time for k successes in a row (k = 3, p = Q):
    // (1 - (2k + 1)(1 - p)p^k - p^(2k + 1)) / ((1 - p)^2 p^(2k)).
    let var = (1.0 - 7.0 * (1.0 - Q) * Q.powi(3) - Q.powi(7)) / ((1.0 - Q).powi(2) * Q.powi(6));
    assert!(
        (exact.sd(0) - var.sqrt()).abs() < 1e-9,
        "{exact:?} vs {var}"
    );
}

#[test]
fn mean_finale_throws_per_game_is_the_same_at_every_table_size() {
    let exact = finale_throws_chain(3);
    let games = 6_000;
    for (players, chips) in [(3, 1), (4, 2), (6, 3), (10, 5)] {
        let settings = common::settings(GameId::AcesInThePot, players, chips, &[]);
        let totals = common::simulate(settings, games, 2024);
        assert_eq!(totals.games, games);
        let what = format!("finale throws per game, {players} players {chips} chips");
        common::assert_chain_mean(&what, totals.finale_throws, games, 0.0, &exact, 0, 4.5);
    }
}

#[test]
fn a_finale_attempt_lasts_1_plus_q_plus_q_squared_throws_and_wins_with_q_cubed() {
    // One attempt: the throws of one sole holder until three safe or a six. It lasts
    // 1 throw with probability 1 - q, 2 with q(1 - q), 3 with q^2.
    let mean = 1.0 + Q + Q * Q;
    let second = (1.0 - Q) + 4.0 * Q * (1.0 - Q) + 9.0 * Q * Q;
    let sd = (second - mean * mean).sqrt();
    assert!((mean - 2.1767).abs() < 1e-4, "{mean}");
    let settings = common::settings(GameId::AcesInThePot, 4, 2, &[]);
    let (mut games, mut attempts, mut throws) = (0u64, 0u64, 0u64);
    common::play_logged(settings, 99, 6_000, |figures, events| {
        games += 1;
        let begun = events
            .iter()
            .filter(|e| matches!(e, Event::FinaleBegins { .. }))
            .count() as u64;
        let safe_wins = events
            .iter()
            .filter(|e| matches!(e, Event::SafeThrow { safe: 3, .. }))
            .count();
        assert_eq!(safe_wins, 1, "every game ends with three safe throws");
        attempts += begun;
        throws += u64::from(figures.finale_throws);
    });
    assert_close(
        "throws per finale attempt",
        throws as f64 / attempts as f64,
        mean,
        sd,
        attempts,
        4.5,
    );
    assert_proportion("attempts that win", games, attempts, Q.powi(3), 4.5);
}

#[test]
fn one_finale_the_first_sole_holder_wins_with_q_cubed() {
    let games = 20_000;
    let settings = common::settings(GameId::AcesInThePot, 4, 2, &["one-finale"]);
    let totals = common::simulate(settings, games, 5);
    assert_proportion(
        "first sole holder wins (one-finale)",
        totals.first_sole_holder_wins,
        games,
        Q.powi(3),
        4.5,
    );
    let exact = finale_throws_chain(3);
    let one_attempt = 1.0 + Q + Q * Q;
    let second = (1.0 - Q) + 4.0 * Q * (1.0 - Q) + 9.0 * Q * Q;
    assert!(
        one_attempt < exact.mean[0] - 1.0,
        "one-finale has one attempt"
    );
    assert_close(
        "finale throws per game (one-finale)",
        totals.finale_throws as f64 / games as f64,
        one_attempt,
        (second - one_attempt * one_attempt).sqrt(),
        games,
        4.5,
    );
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct AcesState {
    chips: Vec<u8>,
    current: usize,
    /// `None` in normal play, else the safe throws so far in the finale.
    safe: Option<u8>,
    /// Turns played so far, counted modulo two rounds (pass-alternate), else 0.
    turn: usize,
    /// buy-throw: a bought extra throw not yet used.
    bought: bool,
}

/// The whole game as an exact chain, written from RULES.md: winner by seat, normal-play
/// turns (skipped ones included) and finale throws. The bots buy every extra throw they
/// may.
#[allow(clippy::too_many_lines)] // the rules of one game, written out once
fn aces_chain(players: usize, chips: u8, variants: &[&str]) -> Solution {
    let has = |variant: &str| variants.contains(&variant);
    let (pass_right, one_finale) = (has("pass-right"), has("one-finale"));
    let (pass_alternate, buy_throw) = (has("pass-alternate"), has("buy-throw"));
    let period = if pass_alternate { 2 * players } else { 1 };
    // Where a chip passed during turn `turn` goes: the second round of two flips the way.
    let receiver = move |me: usize, turn: usize| {
        let right = pass_right != (turn >= players);
        seat(me, if right { players - 1 } else { 1 }, players)
    };
    // A finale starting for `holder`, who buys an extra throw if it can spare a chip.
    let finale = move |mut chips: Vec<u8>, holder: usize, turn: usize| {
        let bought = buy_throw && chips[holder] > 1;
        if bought {
            chips[holder] -= 1;
        }
        AcesState {
            chips,
            current: holder,
            safe: Some(0),
            turn,
            bought,
        }
    };
    let start = AcesState {
        chips: vec![chips; players],
        current: 0,
        safe: None,
        turn: 0,
        bought: false,
    };
    solve(start, players, move |s| {
        let me = s.current;
        let mut out = Vec::new();
        if let Some(safe) = s.safe {
            for (p, sixes) in [(Q, 0u8), (10.0 / 36.0, 1), (1.0 / 36.0, 2)] {
                let throw = [0.0, 1.0];
                if sixes == 0 {
                    let next = if safe == 2 {
                        Next::End(me)
                    } else {
                        Next::State(AcesState {
                            safe: Some(safe + 1),
                            ..s.clone()
                        })
                    };
                    out.push((p, throw, next));
                    continue;
                }
                if s.bought {
                    let next = AcesState {
                        bought: false,
                        ..s.clone()
                    };
                    out.push((p, throw, Next::State(next)));
                    continue;
                }
                let mut c = s.chips.clone();
                let n = sixes.min(c[me]);
                let to = receiver(me, s.turn);
                c[me] -= n;
                c[to] += n;
                if one_finale {
                    out.push((p, throw, Next::End(to)));
                } else if c[me] == 0 {
                    out.push((p, throw, Next::State(finale(c, to, s.turn))));
                } else {
                    let next = AcesState {
                        chips: c,
                        current: to,
                        safe: None,
                        turn: (s.turn + 1) % period,
                        bought: false,
                    };
                    out.push((p, [1.0, 1.0], Next::State(next)));
                }
            }
            return out;
        }
        let to = receiver(me, s.turn);
        for a in 1..=6 {
            for b in 1..=6 {
                let mut c = s.chips.clone();
                for face in [a, b] {
                    if c[me] == 0 {
                        break;
                    }
                    if face == 1 {
                        c[me] -= 1;
                    } else if face == 6 {
                        c[me] -= 1;
                        c[to] += 1;
                    }
                }
                let holders: Vec<usize> = (0..players).filter(|&i| c[i] > 0).collect();
                let p = 1.0 / 36.0;
                if let [sole] = holders[..] {
                    out.push((p, [0.0, 0.0], Next::State(finale(c, sole, s.turn))));
                } else {
                    let (next, turns) = common::next_holder(&c, me);
                    let next = AcesState {
                        chips: c,
                        current: next,
                        safe: None,
                        turn: (s.turn + turns as usize) % period,
                        bought: false,
                    };
                    out.push((p, [turns, 0.0], Next::State(next)));
                }
            }
        }
        out
    })
}

#[test]
fn three_player_games_match_the_exact_chain() {
    let games = 12_000;
    for (chips, variants) in [
        (1, &[][..]),
        (2, &[][..]),
        (2, &["pass-right"][..]),
        (2, &["one-finale"][..]),
        (2, &["reversed-faces", "ace-finale"][..]),
        (2, &["pass-alternate"][..]),
        (2, &["buy-throw"][..]),
        (3, &["buy-throw", "one-finale"][..]),
        (3, &["pass-alternate", "pass-right", "buy-throw"][..]),
    ] {
        let exact = aces_chain(3, chips, variants);
        let settings = common::settings(GameId::AcesInThePot, 3, chips, variants);
        let totals = common::simulate(settings, games, 11);
        let label = format!("3 players {chips} chips {variants:?}");
        common::assert_outcomes(&label, "wins", &totals.wins_by_seat, games, &exact, 4.5);
        let turns = format!("{label}: turns");
        common::assert_chain_mean(&turns, totals.turns, games, 1.0, &exact, 0, 4.5);
        let throws = format!("{label}: finale throws");
        common::assert_chain_mean(&throws, totals.finale_throws, games, 0.0, &exact, 1, 4.5);
    }
}

#[test]
fn the_exact_chains_alternating_rounds_change_who_wins() {
    // A check that the chain's schedule matters: passing left only and alternating give
    // different chances by seat, so the comparison above tells them apart.
    let left = aces_chain(3, 2, &[]);
    let alternate = aces_chain(3, 2, &["pass-alternate"]);
    let apart = left
        .outcome
        .iter()
        .zip(&alternate.outcome)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    assert!(apart > 0.005, "{left:?} {alternate:?}");
}

#[test]
fn the_exact_chain_knows_the_finale_length_does_not_depend_on_the_table() {
    // A check of the chain itself against the closed form, so the comparison above
    // compares the simulator with something right.
    let whole = finale_throws_chain(3);
    for chips in [1, 2] {
        let exact = aces_chain(3, chips, &[]);
        assert!(
            (exact.mean[1] - whole.mean[0]).abs() < 1e-6,
            "{chips} chips: {exact:?}"
        );
        assert!((exact.outcome.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    }
    let one = aces_chain(3, 2, &["one-finale"]);
    assert!((one.mean[1] - (1.0 + Q + Q * Q)).abs() < 1e-9, "{one:?}");
}
