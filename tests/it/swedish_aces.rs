//! Swedish Aces, rule by rule from RULES.md with forced dice, then statistics checked
//! against exact calculations.

use crate::support::common;

use common::{
    Next, Solution, assert_close, assert_proportion, compositions, narrate, rolled, seat, solve,
};
use parlor::games::swedish_aces::{Phase, SwedishAces};
use parlor::games::{
    Action, BotLevel, Chance, ChanceSpec, Dice, Event, Events, Game, GameError, GameId, Place,
    SeatSet, Settings, SettingsError, SettingsRequest, Token, Turn, game_rng,
};

fn game(players: u8, dice: u8, variants: &[&str]) -> SwedishAces {
    SwedishAces::new(common::settings(
        GameId::SwedishAces,
        players,
        dice,
        variants,
    ))
}

fn total(g: &SwedishAces) -> u32 {
    u32::from(g.settings().players) * u32::from(g.settings().dice)
}

fn roll(g: &mut SwedishAces, faces: &[u8]) -> Vec<Event> {
    let events = common::roll(g, faces);
    common::assert_conserved(g, "dice", total(g));
    assert_eq!(g.in_play() + g.centre(), total(g));
    events
}

fn give(g: &mut SwedishAces, to: u8) -> Vec<Event> {
    let events = common::act(g, Action::GiveThree(to));
    common::assert_conserved(g, "dice", total(g));
    events
}

fn keep_three(g: &mut SwedishAces) -> Vec<Event> {
    let events = common::act(g, Action::KeepThree);
    common::assert_conserved(g, "dice", total(g));
    events
}

/// A game whose opening `opener` wins outright: the opener rolls all sixes, everyone else
/// all ones (the opening moves no die).
fn opened(players: u8, dice: u8, opener: u8, variants: &[&str]) -> SwedishAces {
    let mut g = game(players, dice, variants);
    let faces: Vec<u8> = (0..players)
        .flat_map(|s| std::iter::repeat_n(if s == opener { 6 } else { 1 }, usize::from(dice)))
        .collect();
    let events = common::dice(&mut g, &faces);
    assert_eq!(
        events.last(),
        Some(&Event::Opens {
            seat: opener,
            total: 6 * u32::from(dice)
        })
    );
    assert_eq!(g.turn(), Turn::Seat(opener));
    g
}

fn moved(count: u8, from: u8, to: Place) -> Event {
    common::moved(Token::Die, count, from, to)
}

fn seats(list: &[u8]) -> SeatSet {
    list.iter().copied().collect()
}

// ---------------------------------------------------------------------------------------
// Settings and the opening

#[test]
fn settings_players_3_to_8_default_4_dice_1_to_5_default_5() {
    common::assert_settings_ranges(
        GameId::SwedishAces,
        (4, 5),
        3..=8,
        1..=5,
        &[(2, 5), (9, 5), (4, 0), (4, 6)],
        |s, players, dice| {
            let g = SwedishAces::new(s);
            assert_eq!(g.dice(), vec![dice; usize::from(players)].as_slice());
            assert_eq!(g.centre(), 0);
        },
    );
    let chips = Settings::new(
        GameId::SwedishAces,
        &SettingsRequest {
            chips: Some(3),
            ..SettingsRequest::default()
        },
    );
    assert!(matches!(chips, Err(SettingsError::NotApplicable { .. })));
}

#[test]
fn the_opening_everyone_rolls_all_their_dice_and_the_highest_total_starts() {
    let mut g = game(3, 2, &[]);
    assert_eq!(g.turn(), Turn::Chance);
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(6)));
    let events = common::dice(&mut g, &[3, 4, 6, 5, 1, 1]);
    assert_eq!(
        events,
        vec![
            rolled(0, &[3, 4]),
            rolled(1, &[6, 5]),
            rolled(2, &[1, 1]),
            Event::Opens { seat: 1, total: 11 }
        ]
    );
    assert_eq!(
        narrate(&events, g.settings()),
        [
            "Ana rolls 3·4",
            "Ben rolls 6·5",
            "Cara rolls 1·1",
            "Ben rolls the highest (11) to start"
        ]
    );
    // The opening moves no die: its 1s, 2s and 5s only count towards the total.
    assert_eq!(g.dice(), &[2, 2, 2]);
    assert_eq!(g.centre(), 0);
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.current(), 1);
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.legal_actions().as_slice(), &[Action::Roll]);
    assert_eq!(g.figures().first_seat, 1, "the opener is the first seat");
    assert_eq!(g.figures().turns, 1);
    // Play then goes left.
    roll(&mut g, &[3, 4]);
    assert_eq!(g.turn(), Turn::Seat(2));
}

#[test]
fn players_tied_for_the_highest_re_roll_among_themselves_until_one_is_highest() {
    let mut g = game(4, 1, &[]);
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(4)));
    let events = common::dice(&mut g, &[6, 3, 6, 6]);
    assert_eq!(
        events.last(),
        Some(&Event::OpeningTie {
            seats: seats(&[0, 2, 3]),
            total: 6
        })
    );
    assert_eq!(
        narrate(&events, g.settings()).last().map(String::as_str),
        Some("Ana, Cara and Dev tie on 6 and roll again")
    );
    assert_eq!(
        g.phase(),
        Phase::Opening {
            contenders: seats(&[0, 2, 3])
        }
    );
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(3)), "only the tied roll");
    let events = common::dice(&mut g, &[5, 2, 5]);
    assert_eq!(
        events,
        vec![
            rolled(0, &[5]),
            rolled(2, &[2]),
            rolled(3, &[5]),
            Event::OpeningTie {
                seats: seats(&[0, 3]),
                total: 5
            }
        ]
    );
    assert_eq!(
        narrate(&events, g.settings())[3],
        "Ana and Dev tie on 5 and roll again"
    );
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(2)));
    // Seat 1 had the lowest at first; it does not come back even if a re-roll is low.
    let events = common::dice(&mut g, &[1, 2]);
    assert_eq!(
        events,
        vec![
            rolled(0, &[1]),
            rolled(3, &[2]),
            Event::Opens { seat: 3, total: 2 }
        ]
    );
    assert_eq!(g.figures().first_seat, 3);
    assert_eq!(g.turn(), Turn::Seat(3));
    assert_eq!(g.dice(), &[1, 1, 1, 1]);
    assert_eq!(g.centre(), 0);
}

#[test]
fn an_opening_tie_on_totals_of_several_dice_re_rolls_all_their_dice() {
    let mut g = game(3, 2, &[]);
    let events = common::dice(&mut g, &[1, 6, 3, 4, 5, 2]);
    assert_eq!(
        events.last(),
        Some(&Event::OpeningTie {
            seats: seats(&[0, 1, 2]),
            total: 7
        })
    );
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(6)));
    let events = common::dice(&mut g, &[2, 2, 6, 6, 6, 6]);
    assert_eq!(
        events.last(),
        Some(&Event::OpeningTie {
            seats: seats(&[1, 2]),
            total: 12
        })
    );
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(4)));
    let events = common::dice(&mut g, &[1, 1, 1, 2]);
    assert_eq!(events.last(), Some(&Event::Opens { seat: 2, total: 3 }));
}

// ---------------------------------------------------------------------------------------
// A turn

#[test]
fn ones_go_to_the_centre_twos_left_fives_right_and_the_roller_rolls_again() {
    let mut g = opened(4, 5, 0, &[]);
    let mut events = Events::new();
    g.apply_action(Action::Roll, &mut events).expect("roll");
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(5)), "every die held");
    let events = common::dice(&mut g, &[1, 2, 5, 4, 1]);
    assert_eq!(
        events,
        vec![
            rolled(0, &[1, 2, 5, 4, 1]),
            moved(2, 0, Place::Pot),
            moved(1, 0, Place::Seat(1)),
            moved(1, 0, Place::Seat(3)),
        ]
    );
    assert_eq!(
        narrate(&events, g.settings()),
        [
            "Ana rolls 1·2·5·4·1",
            "Ana sends two dice to the centre",
            "Ana passes one die to Ben",
            "Ana passes one die to Dev"
        ]
    );
    assert_eq!(g.dice(), &[1, 6, 5, 6]);
    assert_eq!(g.centre(), 2);
    // Dice left the hand: the same seat rolls again, with the dice it still holds.
    assert_eq!(g.turn(), Turn::Seat(0));
    assert_eq!(g.legal_actions().as_slice(), &[Action::Roll]);
    assert_eq!(g.figures().rolls, 1);
    assert_eq!(g.figures().turns, 1);
    let mut events = Events::new();
    g.apply_action(Action::Roll, &mut events).expect("roll");
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(1)));
    // A roll that moves no die ends the turn.
    let events = common::dice(&mut g, &[4]);
    assert_eq!(events, vec![rolled(0, &[4])]);
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.figures().rolls, 2);
    assert_eq!(g.figures().turns, 2);
    // The received die is rolled on the receiver's own turn.
    let mut events = Events::new();
    g.apply_action(Action::Roll, &mut events).expect("roll");
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(6)));
}

#[test]
fn threes_fours_and_sixes_stay_and_end_the_turn() {
    let mut g = opened(3, 5, 0, &[]);
    let events = roll(&mut g, &[3, 4, 6, 6, 3]);
    assert_eq!(events, vec![rolled(0, &[3, 4, 6, 6, 3])]);
    assert_eq!(g.dice(), &[5, 5, 5]);
    assert_eq!(g.turn(), Turn::Seat(1));
}

#[test]
fn the_roller_keeps_rolling_while_dice_leave_the_hand() {
    let mut g = opened(3, 5, 0, &[]);
    roll(&mut g, &[1, 3, 3, 3, 3]);
    assert_eq!(g.turn(), Turn::Seat(0));
    roll(&mut g, &[3, 2, 3, 3]);
    assert_eq!(g.turn(), Turn::Seat(0));
    roll(&mut g, &[5, 3, 3]);
    assert_eq!(g.turn(), Turn::Seat(0));
    roll(&mut g, &[6, 3]);
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.dice(), &[2, 6, 6]);
    assert_eq!(g.centre(), 1);
    assert_eq!(g.figures().rolls, 4);
    assert_eq!(g.figures().turns, 2);
}

#[test]
fn the_turn_ends_when_the_hand_is_empty() {
    let mut g = opened(3, 2, 0, &[]);
    let events = roll(&mut g, &[2, 5]);
    assert_eq!(
        events,
        vec![
            rolled(0, &[2, 5]),
            moved(1, 0, Place::Seat(1)),
            moved(1, 0, Place::Seat(2))
        ]
    );
    assert_eq!(g.dice(), &[0, 3, 3]);
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.figures().turns, 2);
}

#[test]
fn a_seat_with_no_dice_is_skipped_logged_and_counted_and_can_receive_again() {
    let mut g = opened(3, 1, 0, &[]);
    roll(&mut g, &[2]);
    assert_eq!(g.dice(), &[0, 2, 1]);
    roll(&mut g, &[3, 4]);
    assert_eq!(g.turn(), Turn::Seat(2));
    let events = roll(&mut g, &[4]);
    assert_eq!(events, vec![rolled(2, &[4]), Event::Skipped { seat: 0 }]);
    assert_eq!(
        narrate(&events, g.settings())[1],
        "Ana has nothing to play: turn skipped"
    );
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.figures().turns, 5);
    // Seat 1 passes a die right, to seat 0, which then plays its next turn.
    roll(&mut g, &[5, 6]);
    assert_eq!(g.dice(), &[1, 1, 1]);
    assert_eq!(g.turn(), Turn::Seat(1), "a die left: seat 1 rolls again");
    roll(&mut g, &[6]);
    let events = roll(&mut g, &[3]);
    assert_eq!(events, vec![rolled(2, &[3])]);
    assert_eq!(g.turn(), Turn::Seat(0));
}

#[test]
fn dice_received_are_rolled_on_the_receivers_own_next_turn() {
    let mut g = opened(3, 1, 0, &[]);
    roll(&mut g, &[5]); // to seat 2
    assert_eq!(g.dice(), &[0, 1, 2]);
    assert_eq!(g.turn(), Turn::Seat(1), "receiving gives no extra turn");
    roll(&mut g, &[5]); // to seat 0
    assert_eq!(g.dice(), &[1, 0, 2]);
    assert_eq!(g.turn(), Turn::Seat(2));
    let mut events = Events::new();
    g.apply_action(Action::Roll, &mut events).expect("roll");
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(2)));
    common::dice(&mut g, &[3, 3]);
    assert_eq!(
        g.turn(),
        Turn::Seat(0),
        "seat 0 received a die: it is not skipped"
    );
}

// ---------------------------------------------------------------------------------------
// The end

#[test]
fn several_ones_in_the_last_roll_the_roller_still_loses_and_everyone_else_wins() {
    let mut g = opened(3, 1, 0, &[]);
    roll(&mut g, &[1]); // to the centre
    roll(&mut g, &[5]); // seat 1 to seat 0
    roll(&mut g, &[2]); // seat 2 to seat 0
    assert_eq!(g.dice(), &[2, 0, 0]);
    assert_eq!(g.turn(), Turn::Seat(0));
    let events = roll(&mut g, &[1, 1]);
    assert_eq!(
        events,
        vec![
            rolled(0, &[1, 1]),
            moved(2, 0, Place::Pot),
            Event::Loses { seat: 0 }
        ]
    );
    assert_eq!(
        narrate(&events, g.settings())[1..],
        [
            "Ana sends two dice to the centre",
            "Ana sent the last die to the centre: everyone else wins"
        ]
    );
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.in_play(), 0);
    assert_eq!(g.centre(), 3);
    let f = g.figures();
    assert_eq!(f.loser, Some(0));
    assert_eq!(f.winners, seats(&[1, 2]));
    assert_eq!(f.first_seat, 0);
    assert_eq!(f.rolls, 4);
    assert_eq!(f.turns, 4);
    common::refused_action(&mut g, Action::Roll, &GameError::Over);
}

#[test]
fn the_last_die_but_one_does_not_end_the_game() {
    // Seat 0 ends up with the last two dice.
    let mut g = opened(3, 1, 0, &[]);
    roll(&mut g, &[1]);
    roll(&mut g, &[5]);
    roll(&mut g, &[2]);
    let mut keep = g.clone();
    // A 1 and a 4: one die to the centre, one still held; roll again, then lose.
    roll(&mut keep, &[1, 4]);
    assert_eq!(keep.turn(), Turn::Seat(0));
    assert_eq!(keep.in_play(), 1);
    let events = roll(&mut keep, &[1]);
    assert_eq!(events.last(), Some(&Event::Loses { seat: 0 }));
    // A 1 and a 2: the last die goes to seat 1, who plays on and may lose instead.
    roll(&mut g, &[1, 2]);
    assert_eq!(g.dice(), &[0, 1, 0]);
    assert_eq!(g.turn(), Turn::Seat(1));
    roll(&mut g, &[5]);
    assert_eq!(g.dice(), &[1, 0, 0]);
    let events = roll(&mut g, &[6]);
    assert_eq!(
        events,
        vec![
            rolled(0, &[6]),
            Event::Skipped { seat: 1 },
            Event::Skipped { seat: 2 }
        ]
    );
    assert_eq!(g.turn(), Turn::Seat(0), "the only holder plays again");
    let events = roll(&mut g, &[1]);
    assert_eq!(events.last(), Some(&Event::Loses { seat: 0 }));
    assert_eq!(g.figures().winners, seats(&[1, 2]));
}

// ---------------------------------------------------------------------------------------
// threes-travel

#[test]
fn without_threes_travel_a_three_stays_in_the_hand() {
    let mut g = opened(4, 2, 0, &[]);
    roll(&mut g, &[3, 4]);
    assert_eq!(g.dice(), &[2, 2, 2, 2]);
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.threes_pending(), 0);
}

#[test]
fn threes_travel_the_roller_may_give_a_three_to_any_other_seat_and_that_earns_no_re_roll() {
    let mut g = opened(4, 2, 0, &["threes-travel"]);
    let events = roll(&mut g, &[3, 4]);
    assert_eq!(events, vec![rolled(0, &[3, 4])]);
    assert_eq!(g.threes_pending(), 1);
    assert_eq!(g.turn(), Turn::Seat(0));
    assert_eq!(g.chance(), None);
    assert_eq!(
        g.legal_actions().as_slice(),
        &[
            Action::KeepThree,
            Action::GiveThree(1),
            Action::GiveThree(2),
            Action::GiveThree(3)
        ]
    );
    common::refused_illegal(
        &mut g,
        &[Action::Roll, Action::GiveThree(0), Action::GiveThree(4)],
    );
    let events = give(&mut g, 2);
    assert_eq!(events, vec![Event::ThreeTravels { seat: 0, to: 2 }]);
    assert_eq!(
        narrate(&events, g.settings()),
        ["Ana's travelling 3 goes to Cara"]
    );
    assert_eq!(g.dice(), &[1, 2, 3, 2]);
    assert_eq!(g.threes_pending(), 0);
    // The roll showed no 1, 2 or 5: the turn is over, though a die left the hand.
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.figures().turns, 2);
}

#[test]
fn threes_travel_passing_is_a_choice_a_kept_three_stays_and_earns_no_re_roll() {
    let mut g = opened(4, 2, 0, &["threes-travel"]);
    roll(&mut g, &[3, 4]);
    let events = keep_three(&mut g);
    assert_eq!(events, vec![Event::ThreeKept { seat: 0 }]);
    assert_eq!(narrate(&events, g.settings()), ["Ana keeps the 3"]);
    assert_eq!(g.dice(), &[2, 2, 2, 2]);
    assert_eq!(g.threes_pending(), 0);
    assert_eq!(g.turn(), Turn::Seat(1));
}

#[test]
fn threes_travel_two_threes_are_kept_or_given_one_at_a_time_and_an_empty_hand_ends_the_turn() {
    let mut g = opened(4, 2, 0, &["threes-travel"]);
    roll(&mut g, &[3, 3]);
    assert_eq!(g.threes_pending(), 2);
    give(&mut g, 1);
    assert_eq!(g.threes_pending(), 1);
    assert_eq!(g.turn(), Turn::Seat(0));
    keep_three(&mut g);
    assert_eq!(g.dice(), &[1, 3, 2, 2]);
    assert_eq!(g.turn(), Turn::Seat(1));
    // Both given: the hand is empty and the turn over.
    let mut g = opened(4, 2, 0, &["threes-travel"]);
    roll(&mut g, &[3, 3]);
    give(&mut g, 1);
    give(&mut g, 1);
    assert_eq!(g.dice(), &[0, 4, 2, 2]);
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.figures().turns, 2);
    // Any other seat, even one holding no dice.
    roll(&mut g, &[3, 4, 4, 4]);
    assert!(g.legal_actions().contains(Action::GiveThree(0)));
    give(&mut g, 0);
    assert_eq!(g.dice(), &[1, 3, 2, 2]);
    assert_eq!(g.turn(), Turn::Seat(2));
}

#[test]
fn threes_travel_a_roll_with_ones_twos_or_fives_is_rolled_again_once_the_threes_are_settled() {
    let mut g = opened(4, 5, 0, &["threes-travel"]);
    let events = roll(&mut g, &[1, 3, 2, 5, 3]);
    assert_eq!(
        events,
        vec![
            rolled(0, &[1, 3, 2, 5, 3]),
            moved(1, 0, Place::Pot),
            moved(1, 0, Place::Seat(1)),
            moved(1, 0, Place::Seat(3))
        ]
    );
    assert_eq!(g.threes_pending(), 2);
    give(&mut g, 2);
    keep_three(&mut g);
    assert_eq!(g.dice(), &[1, 6, 6, 6]);
    assert_eq!(g.centre(), 1);
    // Dice left the hand on the roll itself: Ana rolls the kept 3 again.
    assert_eq!(g.turn(), Turn::Seat(0));
    assert_eq!(g.legal_actions().as_slice(), &[Action::Roll]);
    let mut events = Events::new();
    g.apply_action(Action::Roll, &mut events).expect("roll");
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(1)));
    // Both given away instead: the hand is empty, so the turn ends all the same.
    let mut g = opened(4, 5, 0, &["threes-travel"]);
    roll(&mut g, &[1, 3, 2, 5, 3]);
    give(&mut g, 2);
    give(&mut g, 3);
    assert_eq!(g.dice(), &[0, 6, 6, 7]);
    assert_eq!(g.turn(), Turn::Seat(1));
}

#[test]
fn threes_travel_a_three_in_the_last_roll_keeps_the_game_going() {
    let mut g = opened(3, 1, 0, &["threes-travel"]);
    roll(&mut g, &[1]);
    roll(&mut g, &[5]);
    roll(&mut g, &[2]);
    assert_eq!(g.dice(), &[2, 0, 0]);
    roll(&mut g, &[1, 3]);
    assert_eq!(g.phase(), Phase::Play);
    give(&mut g, 2);
    assert_eq!(g.dice(), &[0, 0, 1]);
    assert_eq!(g.turn(), Turn::Seat(2), "seat 0 is empty, seat 1 skipped");
    let events = roll(&mut g, &[1]);
    assert_eq!(events.last(), Some(&Event::Loses { seat: 2 }));
}

#[test]
fn the_bot_passes_every_three_for_a_seat_that_keeps_them_loses_more_often() {
    let mut rng = game_rng(1, 0);
    let mut g = opened(4, 2, 0, &["threes-travel"]);
    roll(&mut g, &[3, 3]);
    assert!(matches!(
        g.bot_action(BotLevel::Standard, &mut rng),
        Action::GiveThree(_)
    ));
    // Four players, five dice: the seat that keeps every 3 among bots that pass them, in
    // each seat in turn, against a fair share of the losses.
    let settings = common::settings(GameId::SwedishAces, 4, 5, &["threes-travel"]);
    let games = 20_000u64;
    let mut losses = 0u64;
    for game in 0..games {
        let keeper = (game % 4) as u8;
        let mut g = SwedishAces::new(settings);
        let mut rng = game_rng(14, game);
        let mut events = Events::discarding();
        while let Turn::Seat(_) | Turn::Chance = g.turn() {
            match g.turn() {
                Turn::Seat(seat) if seat == keeper && g.threes_pending() > 0 => {
                    g.play_action(Action::KeepThree, &mut events);
                }
                Turn::Seat(_) => {
                    let action = g.bot_action(BotLevel::Standard, &mut rng);
                    g.play_action(action, &mut events);
                }
                _ => {
                    let chance = g.chance().expect("chance is due").sample(&mut rng);
                    g.play_chance(&chance, &mut events);
                }
            }
        }
        losses += u64::from(g.figures().loser == Some(keeper));
    }
    let share = losses as f64 / games as f64;
    let se = (0.25 * 0.75 / games as f64).sqrt();
    eprintln!(
        "swedish-aces threes-travel 4 players 5 dice: a seat keeping every 3 loses {:.2}% \
         ± {:.2}% of {games} games (fair share 25%)",
        100.0 * share,
        100.0 * se
    );
    assert!(
        share - 0.25 >= 4.0 * se,
        "keeping every 3 loses {share:.4}, not 4 standard errors ({se:.4}) above 1/4"
    );
}

#[test]
fn the_bot_sends_a_three_to_the_farthest_seat() {
    let mut rng = game_rng(1, 0);
    for (players, opener, expected) in [(4, 0, 2), (4, 1, 3), (6, 0, 3), (6, 4, 1), (8, 5, 1)] {
        let mut g = opened(players, 1, opener, &["threes-travel"]);
        assert_eq!(g.bot_action(BotLevel::Standard, &mut rng), Action::Roll);
        roll(&mut g, &[3]);
        assert_eq!(
            g.bot_action(BotLevel::Standard, &mut rng),
            Action::GiveThree(expected),
            "{players} players, roller {opener}"
        );
    }
}

#[test]
fn the_bot_breaks_a_distance_tie_by_the_most_dice_then_the_nearer_on_the_left() {
    let mut rng = game_rng(1, 0);
    // 3 players: seats 1 and 2 are both one seat away.
    for (faces, expected) in [([3, 4], 1), ([3, 5], 2), ([2, 3], 1)] {
        let mut g = opened(3, 2, 0, &["threes-travel"]);
        roll(&mut g, &faces);
        assert_eq!(
            g.bot_action(BotLevel::Standard, &mut rng),
            Action::GiveThree(expected),
            "{faces:?} leaves {:?}",
            g.dice()
        );
    }
    // 5 players: seats 2 and 3 are both two seats away from seat 0.
    let mut g = opened(5, 1, 0, &["threes-travel"]);
    roll(&mut g, &[3]);
    assert_eq!(
        g.bot_action(BotLevel::Standard, &mut rng),
        Action::GiveThree(2),
        "equal dice: the nearer on the left"
    );
    let mut g = opened(5, 1, 0, &["threes-travel"]);
    roll(&mut g, &[6]);
    roll(&mut g, &[4]);
    roll(&mut g, &[2]); // seat 2's die goes to seat 3
    roll(&mut g, &[6, 6]);
    roll(&mut g, &[4]);
    assert_eq!(g.dice(), &[1, 1, 0, 2, 1]);
    roll(&mut g, &[3]);
    assert_eq!(
        g.bot_action(BotLevel::Standard, &mut rng),
        Action::GiveThree(3),
        "the one holding the most dice"
    );
}

// ---------------------------------------------------------------------------------------
// Refusals

#[test]
fn illegal_actions_and_chance_are_refused_with_the_game_unchanged() {
    let mut g = game(3, 2, &[]);
    // The opening is chance's, not a seat's.
    common::refused_illegal(&mut g, &[Action::Roll]);
    common::refused_chance(
        &mut g,
        &Chance::Dice(Dice::new(&[6, 6])),
        &GameError::WrongChance {
            expected: ChanceSpec::Dice(6),
            got: Chance::Dice(Dice::new(&[6, 6])),
        },
    );
    let mut g = opened(3, 2, 0, &[]);
    common::refused_chance(
        &mut g,
        &Chance::Dice(Dice::new(&[4, 4])),
        &GameError::NoChanceDue,
    );
    common::refused_illegal(&mut g, &[Action::GiveThree(1), Action::TakeChip(1)]);
    common::act(&mut g, Action::Roll);
    common::refused_dice_counts(&mut g, &[&[4], &[4, 4, 4], &[4, 9]], 2);
}

#[test]
fn the_same_seed_and_settings_replay_the_same_game() {
    common::assert_replays(common::settings(
        GameId::SwedishAces,
        4,
        3,
        &["threes-travel"],
    ));
}

// ---------------------------------------------------------------------------------------
// Statistics

/// Rolls in one turn that starts with `h` dice: each die leaves with probability 1/2 (a
/// 1, 2 or 5) and the turn goes on while some die left and some die is still held.
/// Returns (mean, second moment) for h = 0..=max.
fn turn_rolls(max: u8) -> Vec<(f64, f64)> {
    let mut moments: Vec<(f64, f64)> = vec![(0.0, 0.0)];
    for h in 1..=max {
        // X = 1 + (0 if nothing left, else X(h - m)).
        let (mut mean, mut second) = (1.0, 1.0);
        for (p, counts) in compositions(h, &[0.5, 0.5]) {
            let left = counts[0];
            if left > 0 {
                let (m, s) = moments[usize::from(h - left)];
                mean += p * m;
                second += p * (2.0 * m + s);
            }
        }
        moments.push((mean, second));
    }
    moments
}

#[test]
fn the_openers_first_turn_matches_the_closed_form() {
    let moments = turn_rolls(5);
    // One die: exactly one roll, whatever it shows.
    assert!((moments[1].0 - 1.0).abs() < 1e-12 && (moments[1].1 - 1.0).abs() < 1e-12);
    // Two dice: 1 + P(one leaves)·1 = 1 + 1/2.
    assert!((moments[2].0 - 1.5).abs() < 1e-12);
    let (mean, second) = moments[5];
    let settings = common::settings(GameId::SwedishAces, 4, 5, &[]);
    let (mut games, mut single, mut rolls) = (0u64, 0u64, 0u64);
    common::play_logged(settings, 3, 20_000, |figures, events| {
        games += 1;
        let opener = figures.first_seat;
        // The opener's first turn: its rolls up to the first event of another seat.
        let mut first_turn = 0u64;
        for event in events
            .iter()
            .skip_while(|e| !matches!(e, Event::Opens { .. }))
        {
            match event {
                Event::Rolled { seat, .. } if *seat == opener => first_turn += 1,
                Event::Rolled { .. } | Event::Skipped { .. } | Event::Loses { .. } => break,
                _ => {}
            }
        }
        rolls += first_turn;
        single += u64::from(first_turn == 1);
    });
    // One roll only: either no die leaves (1/32) or all five do (1/32).
    assert_proportion(
        "the opener's first turn is a single roll",
        single,
        games,
        2.0 / 32.0,
        4.5,
    );
    assert_close(
        "rolls in the opener's first turn",
        rolls as f64 / games as f64,
        mean,
        (second - mean * mean).sqrt(),
        games,
        4.5,
    );
}

/// Opening rounds with `k` contenders of `d` dice each: the number of ties before one
/// total is highest, as a chain on the number of contenders.
fn opening_chain(players: u8, dice: u8) -> Solution {
    // The distribution of the total of `dice` dice.
    let mut sums = vec![1.0];
    for _ in 0..dice {
        let mut next = vec![0.0; sums.len() + 6];
        for (t, &p) in sums.iter().enumerate() {
            for face in 1..=6 {
                next[t + face] += p / 6.0;
            }
        }
        sums = next;
    }
    let below: Vec<f64> = sums
        .iter()
        .scan(0.0, |acc, &p| {
            let before = *acc;
            *acc += p;
            Some(before)
        })
        .collect();
    solve(players, 1, move |&k| {
        let mut out = Vec::new();
        for j in 1..=k {
            let mut p = 0.0;
            for (t, &f) in sums.iter().enumerate() {
                p += binomial(k, j) * f.powi(i32::from(j)) * below[t].powi(i32::from(k - j));
            }
            if p == 0.0 {
                continue;
            }
            let next = if j == 1 { Next::End(0) } else { Next::State(j) };
            out.push((p, [f64::from(u8::from(j > 1)), 0.0], next));
        }
        out
    })
}

fn binomial(n: u8, k: u8) -> f64 {
    (0..k)
        .map(|i| f64::from(n - i) / f64::from(i + 1))
        .product()
}

#[test]
fn the_opening_is_fair_and_ties_as_often_as_the_dice_say() {
    // 3 players, 1 die: P(no tie) = sum over m of 3 (1/6) ((m-1)/6)^2 = 165/216.
    // Two contenders tie with 1/6 each round: 0.2 ties on average. Three: a three-way tie
    // with 1/36, a two-way tie at the top with 45/216, so E3 = (1 + E3)/36 + 1.2 * 45/216,
    // which is 2/7.
    assert!((opening_chain(2, 1).mean[0] - 0.2).abs() < 1e-9);
    assert!((opening_chain(3, 1).mean[0] - 2.0 / 7.0).abs() < 1e-9);
    for (players, dice) in [(4, 1), (4, 5), (3, 2)] {
        let exact = opening_chain(players, dice);
        let settings = common::settings(GameId::SwedishAces, players, dice, &[]);
        let games = 20_000u64;
        let mut opened_by = vec![0u64; usize::from(players)];
        let mut ties = 0u64;
        let mut g = SwedishAces::new(settings);
        let template = g.clone();
        let mut rng = game_rng(8, 0);
        for _ in 0..games {
            g.clone_from(&template);
            let mut events = Events::new();
            while g.turn() == Turn::Chance {
                let chance = g.chance().expect("the opening").sample(&mut rng);
                g.apply_chance(&chance, &mut events).expect("fits");
            }
            ties += events
                .iter()
                .filter(|e| matches!(e, Event::OpeningTie { .. }))
                .count() as u64;
            opened_by[usize::from(g.figures().first_seat)] += 1;
            // The opener rolled the highest total of the last opening roll.
            let Some(Event::Opens { seat, total }) = events.last() else {
                panic!("the opening ends with an opener");
            };
            let last_round: Vec<_> = events
                .iter()
                .rev()
                .skip(1)
                .take_while(|e| matches!(e, Event::Rolled { .. }))
                .collect();
            for e in last_round {
                if let Event::Rolled { seat: s, dice } = e {
                    assert!(s == seat || dice.total() < *total);
                }
            }
        }
        let label = format!("{players} players {dice} dice");
        for (s, &n) in opened_by.iter().enumerate() {
            assert_proportion(
                &format!("{label}: seat {s} opens"),
                n,
                games,
                1.0 / f64::from(players),
                4.5,
            );
        }
        assert_close(
            &format!("{label}: opening ties"),
            ties as f64 / games as f64,
            exact.mean[0],
            exact.sd(0),
            games,
            4.5,
        );
    }
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct SwedishState {
    dice: Vec<u8>,
    current: usize,
}

/// Where the bot sends a travelling three, as `swedish_aces.rs` documents it: the seat
/// farthest round the table, then the one holding the most dice, then the nearer on the
/// roller's left.
fn bot_three_target(dice: &[u8], me: usize) -> usize {
    let players = dice.len();
    (1..players)
        .max_by_key(|&step| {
            let t = seat(me, step, players);
            (step.min(players - step), dice[t], players - step)
        })
        .map(|step| seat(me, step, players))
        .expect("other seats")
}

/// The game after the opening as an exact chain, written from RULES.md: the loser by seat
/// (counted from the opener), rolls and turns. With `threes`, each 3 travels where the bot
/// sends it, which by itself earns no re-roll.
fn swedish_chain(players: usize, dice: u8, threes: bool) -> Solution {
    let start = SwedishState {
        dice: vec![dice; players],
        current: 0,
    };
    // A die shows 1 (centre), 2 (left), 5 (right), 3, or something else.
    let probs = if threes {
        vec![1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 3.0]
    } else {
        vec![1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 2.0]
    };
    solve(start, players, move |s| {
        let me = s.current;
        let mut out = Vec::new();
        for (p, counts) in compositions(s.dice[me], &probs) {
            let (ones, twos, fives) = (counts[0], counts[1], counts[2]);
            let travelling = if threes { counts[3] } else { 0 };
            let mut d = s.dice.clone();
            d[me] -= ones + twos + fives;
            d[seat(me, 1, players)] += twos;
            d[seat(me, players - 1, players)] += fives;
            for _ in 0..travelling {
                let to = bot_three_target(&d, me);
                d[me] -= 1;
                d[to] += 1;
            }
            let left_hand = ones + twos + fives > 0;
            if d.iter().all(|&n| n == 0) {
                out.push((p, [1.0, 0.0], Next::End(me)));
            } else if left_hand && d[me] > 0 {
                let next = SwedishState {
                    dice: d,
                    current: me,
                };
                out.push((p, [1.0, 0.0], Next::State(next)));
            } else {
                let (to, turns) = common::next_holder(&d, me);
                let next = SwedishState {
                    dice: d,
                    current: to,
                };
                out.push((p, [1.0, turns], Next::State(next)));
            }
        }
        out
    })
}

#[test]
fn small_games_match_the_exact_chain() {
    let games = 20_000;
    for (players, dice, variants) in [
        (3, 1, &[][..]),
        (3, 2, &[][..]),
        (4, 1, &[][..]),
        (3, 2, &["threes-travel"][..]),
        (4, 1, &["threes-travel"][..]),
    ] {
        let exact = swedish_chain(players, dice, !variants.is_empty());
        let settings = common::settings(GameId::SwedishAces, players as u8, dice, variants);
        let totals = common::simulate(settings, games, 17);
        let label = format!("{players} players {dice} dice {variants:?}");
        let losses = &totals.losses_by_seat;
        common::assert_outcomes(
            &label,
            "(from the opener) loses",
            losses,
            games,
            &exact,
            4.5,
        );
        for s in 0..exact.outcome.len() {
            let wins = totals.wins_by_seat[s];
            assert_eq!(wins, games - totals.losses_by_seat[s], "all others win");
        }
        let rolls = format!("{label}: rolls");
        common::assert_chain_mean(&rolls, totals.rolls, games, 0.0, &exact, 0, 4.5);
        let turns = format!("{label}: turns");
        common::assert_chain_mean(&turns, totals.turns, games, 1.0, &exact, 1, 4.5);
    }
}
