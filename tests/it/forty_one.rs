//! Forty-One, rule by rule from RULES.md with forced dice; then the bots: the novice and
//! safe heuristics, the expert checked against the solver, the solver checked against an
//! independent brute force and Monte Carlo, and the expert's edge over safe bots measured
//! in seeded matches.

use crate::support::common;

use std::collections::HashMap;
use std::time::Instant;

use common::narrate;
use parlor::games::forty_one::FortyOne;
use parlor::games::forty_one::solver::{self, BUST, Solution, TurnState};
use parlor::games::{
    Action, BotLevel, Chance, ChanceSpec, Deck, Dice, Event, Events, Game, GameError, GameId,
    GameRng, Place, SeatSet, Settings, SettingsError, SettingsRequest, Token, Turn, game_rng,
};
use parlor::sim::play_games;
use rand::RngExt;

// ---------------------------------------------------------------------------------------
// Helpers

fn request(players: u8, stakes: bool, bank: u16, rounds: u16) -> SettingsRequest {
    SettingsRequest {
        players: Some(players),
        stakes: Some(stakes),
        bank: Some(bank),
        rounds: Some(rounds),
        ..SettingsRequest::default()
    }
}

fn settings(players: u8, stakes: bool, bank: u16, rounds: u16) -> Settings {
    Settings::new(GameId::FortyOne, &request(players, stakes, bank, rounds)).expect("in range")
}

/// A match played for chips.
fn game(players: u8, bank: u16, rounds: u16) -> FortyOne {
    FortyOne::new(settings(players, true, bank, rounds))
}

/// A match played for points (`--stakes off`): the piles count rounds won.
fn points_game(players: u8, rounds: u16) -> FortyOne {
    FortyOne::new(settings(players, false, 20, rounds))
}

/// Chips (with stakes) and the six dice never appear or vanish.
fn check_conserved(g: &FortyOne) {
    let s = g.settings();
    let dice = ("dice", 6);
    let expected = if s.stakes {
        vec![("chips", u32::from(s.players) * u32::from(s.bank)), dice]
    } else {
        vec![dice]
    };
    assert_eq!(g.conserved(), expected, "chips and dice are conserved");
}

/// Force the next roll.
fn roll(g: &mut FortyOne, faces: &[u8]) -> Vec<Event> {
    let events = common::dice(g, faces);
    check_conserved(g);
    events
}

/// The seat to play sets down a die showing `face`.
fn set_down(g: &mut FortyOne, face: u8) -> Vec<Event> {
    let events = common::act(g, Action::SetDown(face));
    check_conserved(g);
    events
}

/// Play the current seat's whole turn so that it sets down `faces` in this order: each
/// roll shows exactly the dice still planned, and the first of them is set down.
fn play_turn(g: &mut FortyOne, faces: [u8; 6]) -> Vec<Event> {
    let seat = g.current();
    let mut events = Vec::new();
    for i in 0..6 {
        assert_eq!(g.turn(), Turn::Chance, "roll {} is due", i + 1);
        assert_eq!(g.chance(), Some(ChanceSpec::Dice(6 - i as u8)));
        events.extend(roll(g, &faces[i..]));
        assert_eq!(g.turn(), Turn::Seat(seat));
        events.extend(set_down(g, faces[i]));
    }
    events
}

/// Six dice that score `score` (`None`: a bust).
fn turn_for(score: Option<u8>) -> [u8; 6] {
    let Some(score) = score else {
        return [6, 6, 6, 5, 3, 2];
    };
    assert!((4..=24).contains(&score), "no turn scores {score}");
    let mut rest = [1u8; 4];
    let mut extra = score - 4;
    for die in &mut rest {
        let add = extra.min(5);
        *die += add;
        extra -= add;
    }
    [4, 1, rest[0], rest[1], rest[2], rest[3]]
}

/// Play the current seat's turn to score `score`; the events after its last set-down.
fn score(g: &mut FortyOne, score: Option<u8>) -> Vec<Event> {
    let events = play_turn(g, turn_for(score));
    let last = events
        .iter()
        .rposition(|e| matches!(e, Event::SetDown { roll: 6, .. }))
        .expect("the sixth die is set down");
    events[last + 1..].to_vec()
}

/// Play a round (or a replay) with these scores, seat by seat from the current seat.
fn round(g: &mut FortyOne, scores: &[Option<u8>]) -> Vec<Event> {
    let mut tail = Vec::new();
    for &s in scores {
        tail = score(g, s);
    }
    tail
}

fn chip_to_pot(seat: u8) -> Event {
    Event::Moved {
        token: Token::Chip,
        count: 1,
        from: Place::Seat(seat),
        to: Place::Pot,
    }
}

fn pot_to(seat: u8, count: u8) -> Event {
    Event::Moved {
        token: Token::Chip,
        count,
        from: Place::Pot,
        to: Place::Seat(seat),
    }
}

fn owes(seat: u8) -> Event {
    Event::PenaltyOwed { seat }
}

fn pays_owed(seat: u8) -> Event {
    Event::PenaltyPaid { seat }
}

fn seats(list: &[u8]) -> SeatSet {
    list.iter().copied().collect()
}

fn rng() -> GameRng {
    game_rng(41, 0)
}

// ---------------------------------------------------------------------------------------
// Settings and the start

#[test]
fn settings_players_2_to_8_default_4_bank_20_rounds_10_stakes_on() {
    let d = Settings::defaults(GameId::FortyOne);
    assert_eq!((d.players, d.stakes, d.bank, d.rounds), (4, true, 20, 10));
    for players in 2..=8 {
        let g = game(players, 20, 10);
        assert_eq!(g.piles(), vec![19; usize::from(players)].as_slice());
        assert_eq!(g.pot(), u32::from(players));
        assert_eq!(g.in_match(), (0..players).collect());
    }
    let refused = |r: SettingsRequest| Settings::new(GameId::FortyOne, &r);
    for players in [1, 9] {
        assert!(matches!(
            refused(request(players, true, 20, 10)),
            Err(SettingsError::OutOfRange {
                what: "players",
                ..
            })
        ));
    }
    assert!(matches!(
        refused(request(4, true, 0, 10)),
        Err(SettingsError::OutOfRange { what: "bank", .. })
    ));
    assert!(matches!(
        refused(request(4, true, 20, 0)),
        Err(SettingsError::OutOfRange { what: "rounds", .. })
    ));
    assert!(matches!(
        refused(SettingsRequest {
            chips: Some(2),
            ..SettingsRequest::default()
        }),
        Err(SettingsError::NotApplicable { what: "chips", .. })
    ));
    assert!(matches!(
        refused(SettingsRequest {
            variants: vec!["grace".into()],
            ..SettingsRequest::default()
        }),
        Err(SettingsError::UnknownVariant { .. })
    ));
    assert!(!settings(4, false, 20, 10).stakes);
}

#[test]
fn the_first_rounds_antes_are_taken_when_the_game_is_created() {
    let g = game(4, 20, 10);
    assert_eq!(g.piles(), &[19, 19, 19, 19]);
    assert_eq!(g.pot(), 4);
    assert_eq!((g.round(), g.opener(), g.current()), (1, 0, 0));
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(6)));
    assert!(g.legal_actions().is_empty());
    assert_eq!(
        (g.roll(), g.roll_number(), g.set_down()),
        (None, 1, &[][..])
    );
    assert_eq!((g.score_to_beat(), g.still_to_roll()), (None, 3));
    assert!(!g.is_over());
    assert_eq!(g.figures().rounds, 1);
    assert_eq!(g.figures().turns, 0);
    assert_eq!(g.conserved(), vec![("chips", 80), ("dice", 6)]);
}

// ---------------------------------------------------------------------------------------
// A turn

#[test]
fn a_turn_is_six_rolls_of_6_5_4_3_2_1_dice_with_exactly_one_die_set_down_from_each() {
    let mut g = game(2, 20, 10);
    let plan: [(&[u8], u8); 6] = [
        (&[6, 5, 4, 3, 2, 1], 4),
        (&[6, 6, 1, 2, 3], 6),
        (&[1, 1, 5, 2], 1),
        (&[6, 5, 4], 6),
        (&[5, 5], 5),
        (&[3], 3),
    ];
    let mut log = Vec::new();
    for (i, &(faces, face)) in plan.iter().enumerate() {
        let n = i as u8;
        assert_eq!(g.turn(), Turn::Chance);
        assert_eq!(g.chance(), Some(ChanceSpec::Dice(6 - n)));
        assert_eq!(g.roll_number(), n + 1);
        let events = roll(&mut g, faces);
        assert_eq!(
            events,
            vec![Event::Rolled {
                seat: 0,
                dice: Dice::new(faces)
            }]
        );
        assert_eq!(g.turn(), Turn::Seat(0));
        assert_eq!(g.roll(), Some(Dice::new(faces)));
        assert_eq!(g.chance(), None);
        // Only faces in the roll may be set down, each listed once.
        let mut distinct = faces.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        let legal: Vec<Action> = distinct.into_iter().map(Action::SetDown).collect();
        assert_eq!(g.legal_actions().as_slice(), legal.as_slice());
        log.extend(events);
        let events = set_down(&mut g, face);
        assert_eq!(
            events[0],
            Event::SetDown {
                seat: 0,
                face,
                roll: n + 1
            }
        );
        if i < 5 {
            assert_eq!(events.len(), 1);
            assert_eq!(g.set_down(), &[4, 6, 1, 6, 5, 3][..=i]);
        }
        log.extend(events);
    }
    // 4-6-1-6-5-3: the 4 and the 1 aside, 6+6+5+3 = 20.
    assert_eq!(
        log.last(),
        Some(&Event::Scored {
            seat: 0,
            score: Some(20)
        })
    );
    let words = narrate(&log, g.settings());
    assert_eq!(words.len(), 13);
    assert_eq!(
        words[..4],
        [
            "Ana rolls 6·5·4·3·2·1",
            "Ana sets down a 4 (roll 1 of 6)",
            "Ana rolls 6·6·1·2·3",
            "Ana sets down a 6 (roll 2 of 6)",
        ]
    );
    assert_eq!(
        words[10..],
        [
            "Ana rolls 3",
            "Ana sets down a 3 (roll 6 of 6)",
            "Ana scores 20"
        ]
    );
    // After the sixth roll the turn is over: Ben rolls six fresh dice.
    assert_eq!((g.current(), g.turn()), (1, Turn::Chance));
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(6)));
    assert_eq!((g.roll_number(), g.set_down()), (1, &[][..]));
    assert_eq!(g.score_of(0), Some(Some(20)));
    assert_eq!(g.score_of(1), None, "Ben has not rolled yet");
    assert_eq!((g.score_to_beat(), g.still_to_roll()), (Some(20), 0));
    assert_eq!(g.figures().turns, 1);
}

#[test]
fn illegal_actions_and_chance_are_refused_with_the_game_unchanged() {
    let mut g = game(3, 20, 10);
    // Dice are due: no seat may act.
    for action in [Action::SetDown(4), Action::Roll, Action::Keep, Action::Cut] {
        common::refused_action(&mut g, action, &GameError::IllegalAction { action });
    }
    for faces in [
        &[1, 2, 3, 4, 5][..],
        &[1, 2, 3, 4, 5, 6, 6],
        &[0, 1, 2, 3, 4, 5],
        &[7, 1, 2, 3, 4, 5],
    ] {
        common::refused_chance(
            &mut g,
            &Chance::Dice(Dice::new(faces)),
            &GameError::WrongChance {
                expected: ChanceSpec::Dice(6),
                got: Chance::Dice(Dice::new(faces)),
            },
        );
    }
    common::refused_chance(
        &mut g,
        &Chance::Deck(Deck::ordered()),
        &GameError::WrongChance {
            expected: ChanceSpec::Dice(6),
            got: Chance::Deck(Deck::ordered()),
        },
    );
    roll(&mut g, &[6, 6, 6, 5, 5, 2]);
    // A die must be set down before anything else rolls.
    common::refused_chance(
        &mut g,
        &Chance::Dice(Dice::new(&[1, 2, 3, 4, 5, 6])),
        &GameError::NoChanceDue,
    );
    // Only faces in the roll.
    for face in [0, 1, 3, 4, 7] {
        let action = Action::SetDown(face);
        common::refused_action(&mut g, action, &GameError::IllegalAction { action });
    }
    common::refused_action(
        &mut g,
        Action::Roll,
        &GameError::IllegalAction {
            action: Action::Roll,
        },
    );
    set_down(&mut g, 2);
    // Exactly one die per roll: the next roll is of five dice.
    common::refused_chance(
        &mut g,
        &Chance::Dice(Dice::new(&[6, 6, 6, 5, 5, 2])),
        &GameError::WrongChance {
            expected: ChanceSpec::Dice(5),
            got: Chance::Dice(Dice::new(&[6, 6, 6, 5, 5, 2])),
        },
    );
    common::refused_action(
        &mut g,
        Action::SetDown(6),
        &GameError::IllegalAction {
            action: Action::SetDown(6),
        },
    );
    roll(&mut g, &[6, 6, 6, 5, 5]);
    assert_eq!(g.set_down(), &[2]);
}

// ---------------------------------------------------------------------------------------
// Scoring

/// Seat 0 of a fresh two-player match sets down `faces`: its score.
fn score_of_turn(faces: [u8; 6]) -> (Option<u8>, Vec<String>) {
    let mut g = game(2, 20, 10);
    let events = play_turn(&mut g, faces);
    let words = narrate(&events, g.settings());
    (g.score_of(0).expect("seat 0 rolled"), words)
}

#[test]
fn a_4_and_a_1_qualify_and_the_other_four_dice_are_the_score() {
    let cases: [([u8; 6], Option<u8>, &str); 11] = [
        ([4, 1, 6, 6, 6, 6], Some(24), "Ana scores the perfect 24"),
        ([6, 6, 4, 6, 6, 1], Some(24), "Ana scores the perfect 24"),
        // A second 4 or 1 counts its pips like any die.
        ([4, 1, 4, 6, 6, 6], Some(22), "Ana scores 22"),
        ([4, 1, 1, 6, 6, 6], Some(19), "Ana scores 19"),
        ([4, 4, 1, 1, 6, 6], Some(17), "Ana scores 17"),
        ([1, 4, 1, 1, 1, 1], Some(4), "Ana scores 4"),
        ([2, 3, 4, 5, 1, 2], Some(12), "Ana scores 12"),
        // No 4 and 1: a bust.
        ([6, 6, 6, 6, 6, 6], None, "Ana busts: no 4 and 1"),
        ([4, 6, 6, 6, 6, 6], None, "Ana busts: no 4 and 1"),
        ([1, 6, 6, 6, 6, 6], None, "Ana busts: no 4 and 1"),
        ([2, 3, 5, 6, 5, 3], None, "Ana busts: no 4 and 1"),
    ];
    for (faces, expected, words) in cases {
        let (got, log) = score_of_turn(faces);
        assert_eq!(got, expected, "{faces:?}");
        assert_eq!(log[12], words, "{faces:?}");
    }
}

#[test]
fn every_set_of_six_dice_scores_by_the_rule() {
    // All 462 multisets of six faces, checked against the rule in its own words.
    let mut checked = 0;
    let mut faces = [1u8; 6];
    loop {
        let has = |f: u8| faces.contains(&f);
        let pips: u8 = faces.iter().sum();
        let expected = (has(4) && has(1)).then(|| pips - 5);
        let mut shuffled = faces;
        shuffled.rotate_left(checked % 6);
        assert_eq!(score_of_turn(shuffled).0, expected, "{shuffled:?}");
        checked += 1;
        // The next nondecreasing sequence.
        let Some(i) = (0..6).rev().find(|&i| faces[i] < 6) else {
            break;
        };
        let next = faces[i] + 1;
        faces[i..].fill(next);
    }
    assert_eq!(checked, 462);
}

// ---------------------------------------------------------------------------------------
// Stakes

#[test]
fn a_bust_owes_one_chip_to_the_next_rounds_pot_not_to_this_one() {
    let mut g = game(3, 20, 10);
    let tail = score(&mut g, None);
    assert_eq!(
        tail,
        vec![
            Event::Scored {
                seat: 0,
                score: None
            },
            owes(0)
        ]
    );
    assert_eq!(
        narrate(&tail, g.settings()),
        [
            "Ana busts: no 4 and 1",
            "Ana owes one chip to the next round's pot"
        ]
    );
    // Nothing has moved: this round's pot holds the antes alone. (The next test sees the
    // chip paid into round 2's pot, before its antes.)
    assert_eq!((g.piles(), g.pot()), (&[19, 19, 19][..], 3));
    assert_eq!(g.owed(0), 1);
    // A qualifying turn owes nothing.
    let tail = score(&mut g, Some(10));
    assert_eq!(
        tail,
        vec![Event::Scored {
            seat: 1,
            score: Some(10)
        }]
    );
}

#[test]
fn the_highest_score_takes_the_pot_then_the_next_round_antes_and_opens_left() {
    let mut g = game(3, 20, 10);
    score(&mut g, Some(12));
    assert_eq!((g.score_to_beat(), g.still_to_roll()), (Some(12), 1));
    score(&mut g, Some(18));
    assert_eq!((g.score_to_beat(), g.still_to_roll()), (Some(18), 0));
    assert_eq!(g.score_of(0), Some(Some(12)));
    let tail = score(&mut g, None);
    assert_eq!(
        tail,
        vec![
            Event::Scored {
                seat: 2,
                score: None
            },
            owes(2),
            Event::RoundWon {
                seat: 1,
                score: 18,
                pot: 3
            },
            pot_to(1, 3),
            pays_owed(2),
            chip_to_pot(0),
            chip_to_pot(1),
            chip_to_pot(2),
            Event::RoundBegins {
                round: 2,
                opener: 1
            },
        ]
    );
    assert_eq!(
        narrate(&tail, g.settings()),
        [
            "Cara busts: no 4 and 1",
            "Cara owes one chip to the next round's pot",
            "Ben wins the round with 18",
            "Ben takes three chips from the pot",
            "Cara pays the chip owed for a bust into the pot",
            "Ana puts one chip in the pot",
            "Ben puts one chip in the pot",
            "Cara puts one chip in the pot",
            "Round 2: Ben opens",
        ]
    );
    // 19 each after the first antes; Ben's pot of 3; Cara's penalty, paid before the
    // second antes, in round 2's pot.
    assert_eq!(g.owed(2), 0);
    assert_eq!(g.piles(), &[18, 21, 17]);
    assert_eq!(g.pot(), 4);
    assert_eq!((g.round(), g.opener(), g.current()), (2, 1, 1));
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!((g.score_to_beat(), g.score_of(1)), (None, None));
    assert_eq!(g.figures().rounds, 2);
}

#[test]
fn a_24_makes_every_other_player_pay_one_more_chip_before_the_pot_is_taken() {
    let mut g = game(3, 20, 10);
    let tail = score(&mut g, Some(24));
    assert_eq!(narrate(&tail, g.settings()), ["Ana scores the perfect 24"]);
    score(&mut g, Some(10));
    let tail = score(&mut g, None);
    assert_eq!(
        tail[..6],
        [
            Event::Scored {
                seat: 2,
                score: None
            },
            owes(2),
            chip_to_pot(1),
            chip_to_pot(2),
            Event::RoundWon {
                seat: 0,
                score: 24,
                pot: 5
            },
            pot_to(0, 5),
        ]
    );
    assert_eq!(
        narrate(&tail[..6], g.settings()),
        [
            "Cara busts: no 4 and 1",
            "Cara owes one chip to the next round's pot",
            "Ben puts one chip in the pot",
            "Cara puts one chip in the pot",
            "Ana wins the round with 24",
            "Ana takes 5 chips from the pot",
        ]
    );
    // Round 2's antes: 19 + 5 - 1; 19 - 1 - 1; 19 - 1 - 1, less Cara's penalty.
    assert_eq!(g.piles(), &[23, 17, 16]);
    assert_eq!(g.pot(), 4);
}

#[test]
fn a_24_that_ties_is_replayed_and_nobody_pays_more() {
    let mut g = game(3, 20, 10);
    let tail = round(&mut g, &[Some(24), Some(24), Some(5)]);
    assert_eq!(
        tail,
        vec![
            Event::Scored {
                seat: 2,
                score: Some(5)
            },
            Event::RoundTied { score: Some(24) }
        ]
    );
    assert_eq!((g.piles(), g.pot()), (&[19, 19, 19][..], 3));
}

#[test]
fn a_tie_for_the_highest_replays_the_round_with_the_same_opener_and_no_new_ante() {
    let mut g = game(3, 20, 10);
    let tail = round(&mut g, &[Some(15), Some(15), Some(10)]);
    assert_eq!(
        tail,
        vec![
            Event::Scored {
                seat: 2,
                score: Some(10)
            },
            Event::RoundTied { score: Some(15) }
        ]
    );
    assert_eq!(
        narrate(&tail, g.settings()),
        ["Cara scores 10", "A tie on 15: the round is replayed"]
    );
    assert_eq!((g.piles(), g.pot()), (&[19, 19, 19][..], 3));
    assert_eq!((g.round(), g.opener(), g.current()), (1, 0, 0));
    assert_eq!((g.score_to_beat(), g.score_of(0)), (None, None));
    assert_eq!(g.still_to_roll(), 2);
    assert_eq!(g.figures().rounds, 2, "a replay counts as a round played");
    // The replay: Ana alone qualifies and takes the pot; the two busts owe round 2's pot.
    let tail = round(&mut g, &[Some(20), None, None]);
    assert_eq!(
        tail[2..8],
        [
            Event::RoundWon {
                seat: 0,
                score: 20,
                pot: 3
            },
            pot_to(0, 3),
            pays_owed(1),
            pays_owed(2),
            chip_to_pot(0),
            chip_to_pot(1),
        ]
    );
    assert_eq!((g.round(), g.opener(), g.pot()), (2, 1, 5));
    // A tie below the highest does not matter: Ben and Cara tie on 9, Ana's 10 wins.
    let tail = round(&mut g, &[Some(9), Some(9), Some(10)]);
    assert_eq!(
        tail[1],
        Event::RoundWon {
            seat: 0,
            score: 10,
            pot: 5
        }
    );
    assert_eq!((g.round(), g.opener()), (3, 2));
}

#[test]
fn nobody_qualifying_is_a_tie_of_all_and_the_round_is_replayed() {
    let mut g = game(3, 20, 10);
    let tail = round(&mut g, &[None, None, None]);
    assert_eq!(
        tail,
        vec![
            Event::Scored {
                seat: 2,
                score: None
            },
            owes(2),
            Event::RoundTied { score: None }
        ]
    );
    assert_eq!(
        narrate(&tail, g.settings())[2],
        "Nobody qualified: the round is replayed"
    );
    assert_eq!((g.piles(), g.pot()), (&[19, 19, 19][..], 3));
    assert_eq!((g.round(), g.opener(), g.current()), (1, 0, 0));
    assert_eq!(g.turn(), Turn::Chance);
    // The replay is the same round: what its busts owe waits for round 2.
    assert_eq!((g.owed(0), g.owed(1), g.owed(2)), (1, 1, 1));
    // Ben busts again in the replay and owes two; Ana takes the three antes.
    let tail = round(&mut g, &[Some(10), None, Some(5)]);
    assert_eq!(
        tail[1..9],
        [
            Event::RoundWon {
                seat: 0,
                score: 10,
                pot: 3
            },
            pot_to(0, 3),
            pays_owed(0),
            pays_owed(1),
            pays_owed(1),
            pays_owed(2),
            chip_to_pot(0),
            chip_to_pot(1),
        ]
    );
    assert_eq!((g.piles(), g.pot()), (&[20, 16, 17][..], 7));
    assert_eq!((g.round(), g.opener(), g.current()), (2, 1, 1));
}

#[test]
fn the_opener_rotates_left_every_round_and_everyone_rolls_once_from_the_opener() {
    let mut g = game(4, 20, 5);
    for r in 0..5u8 {
        let opener = r % 4;
        assert_eq!((g.round(), g.opener()), (u16::from(r) + 1, opener));
        let mut tail = Vec::new();
        for k in 0..4 {
            assert_eq!(g.current(), (opener + k) % 4, "round {} turn {k}", r + 1);
            // The opener wins every round.
            tail = score(&mut g, Some(if k == 0 { 20 } else { 10 }));
        }
        if r < 4 {
            assert_eq!(
                tail.last(),
                Some(&Event::RoundBegins {
                    round: u16::from(r) + 2,
                    opener: (opener + 1) % 4
                })
            );
        } else {
            // The match ends after its rounds: no sixth ante.
            assert_eq!(
                tail[1..],
                [
                    Event::RoundWon {
                        seat: 0,
                        score: 20,
                        pot: 4
                    },
                    pot_to(0, 4),
                    Event::MatchWon {
                        seats: seats(&[0]),
                        pile: 23
                    },
                ]
            );
        }
    }
    // Ana won two rounds, the others one each; five antes from everyone.
    assert_eq!(g.piles(), &[23, 19, 19, 19]);
    assert!(g.is_over());
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.figures().winners, seats(&[0]));
    assert_eq!(g.figures().pot_won, 23);
    assert_eq!(g.figures().rounds, 5);
    assert_eq!(g.figures().turns, 20);
}

#[test]
#[allow(clippy::too_many_lines)] // one match, step by step
fn a_player_who_cannot_pay_what_they_owe_and_ante_is_out_and_the_match_ends_when_one_can() {
    let mut g = game(3, 2, 10);
    assert_eq!((g.piles(), g.pot()), (&[1, 1, 1][..], 3));
    // Round 1: Ben's bust owes his last chip to round 2.
    score(&mut g, Some(10));
    score(&mut g, None);
    assert_eq!((g.piles(), g.owed(1)), (&[1, 1, 1][..], 1));
    let tail = score(&mut g, Some(5));
    assert_eq!(
        tail,
        vec![
            Event::Scored {
                seat: 2,
                score: Some(5)
            },
            Event::RoundWon {
                seat: 0,
                score: 10,
                pot: 3
            },
            pot_to(0, 3),
            pays_owed(1),
            Event::OutOfMatch { seat: 1 },
            chip_to_pot(0),
            chip_to_pot(2),
            Event::RoundBegins {
                round: 2,
                opener: 2
            },
        ]
    );
    assert_eq!(
        narrate(&tail, g.settings()),
        [
            "Cara scores 5",
            "Ana wins the round with 10",
            "Ana takes three chips from the pot",
            "Ben pays the chip owed for a bust into the pot",
            "Ben cannot ante: out of the match",
            "Ana puts one chip in the pot",
            "Cara puts one chip in the pot",
            // The opener rotates left past the seat that is out.
            "Round 2: Cara opens",
        ]
    );
    assert_eq!(g.in_match(), seats(&[0, 2]));
    assert_eq!((g.piles(), g.pot()), (&[3, 0, 0][..], 3));
    // Round 2: Cara, then Ana; Ben no longer rolls.
    assert_eq!((g.current(), g.still_to_roll()), (2, 1));
    score(&mut g, Some(20));
    assert_eq!(g.current(), 0);
    let tail = score(&mut g, Some(10));
    assert_eq!(
        tail[1..],
        [
            Event::RoundWon {
                seat: 2,
                score: 20,
                pot: 3
            },
            pot_to(2, 3),
            chip_to_pot(0),
            chip_to_pot(2),
            Event::RoundBegins {
                round: 3,
                opener: 0
            },
        ]
    );
    assert_eq!((g.piles(), g.pot()), (&[2, 0, 2][..], 2));
    // Round 3: both bust, a tie of all, replayed; each owes a chip and nothing moves.
    round(&mut g, &[None, None]);
    assert_eq!((g.piles(), g.pot()), (&[2, 0, 2][..], 2));
    assert_eq!((g.round(), g.current(), g.owed(0), g.owed(2)), (3, 0, 1, 1));
    score(&mut g, Some(8));
    // Cara busts again: she owes two, all she has, so she cannot ante for round 4 and Ana
    // alone can. There is no round 4, so nobody pays what they owe.
    let tail = score(&mut g, None);
    assert_eq!(
        tail,
        vec![
            Event::Scored {
                seat: 2,
                score: None
            },
            owes(2),
            Event::RoundWon {
                seat: 0,
                score: 8,
                pot: 2
            },
            pot_to(0, 2),
            Event::OutOfMatch { seat: 2 },
            Event::MatchWon {
                seats: seats(&[0]),
                pile: 4
            },
        ]
    );
    assert_eq!(
        narrate(&tail[..5], g.settings()),
        [
            "Cara busts: no 4 and 1",
            "Cara owes one chip to the next round's pot",
            "Ana wins the round with 8",
            "Ana takes two chips from the pot",
            "Cara cannot ante: out of the match",
        ]
    );
    assert_eq!((g.piles(), g.pot()), (&[4, 0, 2][..], 0));
    assert!(g.is_over());
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.chance(), None);
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.figures().winners, seats(&[0]));
    assert_eq!(g.figures().pot_won, 4);
    assert_eq!(g.figures().rounds, 4);
    common::refused_action(&mut g, Action::SetDown(6), &GameError::Over);
    common::refused_chance(
        &mut g,
        &Chance::Dice(Dice::new(&[1, 2, 3, 4, 5, 6])),
        &GameError::NoChanceDue,
    );
}

#[test]
fn a_bust_in_the_last_round_costs_nothing_for_there_is_no_next_round() {
    let mut g = game(2, 20, 1);
    let tail = round(&mut g, &[None, Some(12)]);
    assert_eq!(
        tail,
        vec![
            Event::Scored {
                seat: 1,
                score: Some(12)
            },
            Event::RoundWon {
                seat: 1,
                score: 12,
                pot: 2
            },
            pot_to(1, 2),
            Event::MatchWon {
                seats: seats(&[1]),
                pile: 21
            },
        ]
    );
    assert_eq!(g.piles(), &[19, 21]);
}

#[test]
fn the_match_ends_after_its_rounds_and_the_biggest_pile_wins_ties_all_win() {
    let mut g = game(2, 20, 1);
    let tail = round(&mut g, &[Some(10), Some(12)]);
    assert_eq!(
        tail.last(),
        Some(&Event::MatchWon {
            seats: seats(&[1]),
            pile: 21
        })
    );
    assert_eq!(g.piles(), &[19, 21]);
    assert_eq!(g.figures().winners, seats(&[1]));

    let mut g = game(3, 20, 2);
    round(&mut g, &[Some(10), Some(5), Some(6)]);
    assert_eq!(g.piles(), &[21, 18, 18]);
    let tail = round(&mut g, &[Some(10), Some(5), Some(6)]);
    assert_eq!(g.piles(), &[21, 21, 18]);
    assert_eq!(
        tail.last(),
        Some(&Event::MatchWon {
            seats: seats(&[0, 1]),
            pile: 21
        })
    );
    assert_eq!(
        narrate(&tail, g.settings()).last().map(String::as_str),
        Some("Ana and Ben win the match with 21 chips")
    );
    assert!(g.is_over());
    assert_eq!(g.figures().winners, seats(&[0, 1]));
    assert_eq!(g.figures().pot_won, 21);
}

/// One winner reads "wins", several "win".
#[test]
fn a_single_match_winner_reads_wins() {
    let mut g = game(2, 20, 1);
    let tail = round(&mut g, &[Some(10), Some(12)]);
    assert_eq!(
        narrate(&tail, g.settings()).last().map(String::as_str),
        Some("Ben wins the match with 21 chips")
    );
}

#[test]
#[allow(clippy::too_many_lines)] // one match, step by step
fn without_stakes_no_chips_move_and_the_piles_count_rounds_won() {
    let mut g = points_game(3, 4);
    assert_eq!((g.piles(), g.pot()), (&[0, 0, 0][..], 0));
    assert_eq!(g.conserved(), vec![("dice", 6)]);
    // A bust pays nothing and owes nothing.
    let tail = score(&mut g, None);
    assert_eq!(
        tail,
        vec![Event::Scored {
            seat: 0,
            score: None
        }]
    );
    assert_eq!(g.owed(0), 0);
    score(&mut g, Some(24));
    // A 24 costs nobody anything; the round goes to the highest score.
    let tail = score(&mut g, Some(10));
    assert_eq!(
        tail,
        vec![
            Event::Scored {
                seat: 2,
                score: Some(10)
            },
            Event::RoundWon {
                seat: 1,
                score: 24,
                pot: 0
            },
            Event::RoundBegins {
                round: 2,
                opener: 1
            },
        ]
    );
    assert!(narrate(&tail, g.settings())[1].starts_with("Ben wins the round with 24"));
    assert_eq!((g.piles(), g.pot()), (&[0, 1, 0][..], 0));
    // Round 2: Ben and Cara tie on 12 and both win it; nothing is replayed.
    let tail = round(&mut g, &[Some(12), Some(12), Some(5)]);
    assert_eq!(
        tail,
        vec![
            Event::Scored {
                seat: 0,
                score: Some(5)
            },
            Event::RoundShared {
                seats: seats(&[1, 2]),
                score: Some(12)
            },
            Event::RoundBegins {
                round: 3,
                opener: 2
            },
        ]
    );
    assert_eq!(
        narrate(&tail[1..2], g.settings()),
        ["Ben and Cara share the round with 12"]
    );
    assert_eq!(g.piles(), &[0, 2, 1]);
    // Round 3: everyone busts, a tie of all: everyone wins it.
    let tail = round(&mut g, &[None, None, None]);
    assert_eq!(
        tail[1],
        Event::RoundShared {
            seats: seats(&[0, 1, 2]),
            score: None
        }
    );
    assert_eq!(
        narrate(&tail[1..2], g.settings()),
        ["Nobody qualified: Ana, Ben and Cara share the round"]
    );
    assert_eq!(g.piles(), &[1, 3, 2]);
    // Nobody is ever out for want of chips; round 4 opens with Ana.
    assert_eq!(g.in_match(), seats(&[0, 1, 2]));
    assert_eq!((g.round(), g.opener()), (4, 0));
    let tail = round(&mut g, &[Some(20), None, None]);
    assert_eq!(
        tail[1..],
        [
            Event::RoundWon {
                seat: 0,
                score: 20,
                pot: 0
            },
            Event::MatchWon {
                seats: seats(&[1]),
                pile: 3
            },
        ]
    );
    assert_eq!(g.piles(), &[2, 3, 2]);
    assert!(g.is_over());
    assert_eq!(g.figures().winners, seats(&[1]));
    assert_eq!(g.figures().pot_won, 3);
    // Exactly the match's rounds, one turn per player in each.
    assert_eq!((g.figures().rounds, g.figures().turns), (4, 12));

    // Tied on rounds won: both win.
    let mut g = points_game(2, 2);
    round(&mut g, &[Some(10), Some(5)]);
    let tail = round(&mut g, &[Some(10), Some(5)]);
    assert_eq!(
        tail.last(),
        Some(&Event::MatchWon {
            seats: seats(&[0, 1]),
            pile: 1
        })
    );
    assert_eq!(g.figures().winners, seats(&[0, 1]));
}

#[test]
fn without_stakes_every_match_is_exactly_players_times_rounds_turns() {
    for (players, rounds) in [(2u8, 1u16), (4, 10), (6, 10), (8, 3)] {
        let settings = settings(players, false, 20, rounds);
        let totals = common::simulate(settings, 200, u64::from(players));
        assert_eq!(
            totals.turns,
            200 * u64::from(players) * u64::from(rounds),
            "{players} players, {rounds} rounds"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Figures

#[test]
fn figures_tally_every_turns_score_and_the_opening_turns_before_anyone_qualified() {
    let mut g = game(3, 20, 10);
    // Round 1 (Ana opens): nobody has qualified until Cara, so all three are opening turns.
    round(&mut g, &[None, None, Some(12)]);
    // Round 2 (Ben opens): only Ben's turn is an opening turn.
    round(&mut g, &[Some(10), None, Some(24)]);
    // Round 3 (Cara opens): a tie on 15, a replay nobody qualifies in, a second replay.
    round(&mut g, &[Some(15), Some(15), Some(9)]);
    round(&mut g, &[None, None, None]);
    round(&mut g, &[Some(6), Some(6), Some(20)]);
    assert_eq!((g.round(), g.opener()), (4, 0));
    let f = g.figures();
    assert_eq!(f.turns, 15);
    assert_eq!(
        f.rounds, 6,
        "rounds played, replays included (round 4 has begun)"
    );
    let tallies = g.score_tallies().expect("Forty-One tallies its scores");
    assert_eq!((tallies.all.turns, tallies.all.qualified), (15, 9));
    let mut counts = [0u64; 25];
    for s in [12, 10, 24, 15, 15, 9, 6, 6, 20] {
        counts[s] += 1;
    }
    assert_eq!(tallies.all.score_counts, counts);
    assert_eq!((tallies.opening.turns, tallies.opening.qualified), (9, 4));
    let mut opening = [0u64; 25];
    for s in [12, 10, 15, 6] {
        opening[s] += 1;
    }
    assert_eq!(tallies.opening.score_counts, opening);
}

// ---------------------------------------------------------------------------------------
// Bots

#[test]
fn novice_keeps_the_highest_die_and_safe_takes_a_needed_4_then_1_as_soon_as_one_shows() {
    let mut g = game(2, 20, 10);
    let mut rng = rng();
    roll(&mut g, &[1, 4, 2, 3, 5, 5]);
    assert_eq!(g.bot_action(BotLevel::Novice, &mut rng), Action::SetDown(5));
    assert_eq!(g.bot_action(BotLevel::Safe, &mut rng), Action::SetDown(4));
    set_down(&mut g, 4);
    roll(&mut g, &[6, 1, 2, 3, 5]);
    assert_eq!(g.bot_action(BotLevel::Novice, &mut rng), Action::SetDown(6));
    assert_eq!(g.bot_action(BotLevel::Safe, &mut rng), Action::SetDown(1));
    set_down(&mut g, 1);
    // Both in: a second 4 is just four pips, so the highest.
    roll(&mut g, &[4, 2, 3, 5]);
    assert_eq!(g.bot_action(BotLevel::Safe, &mut rng), Action::SetDown(5));

    // A 1 with no 4 showing is taken at once; with the 4 down and no 1, the highest.
    let mut g = game(2, 20, 10);
    roll(&mut g, &[6, 6, 1, 5, 5, 2]);
    assert_eq!(g.bot_action(BotLevel::Safe, &mut rng), Action::SetDown(1));
    assert_eq!(g.bot_action(BotLevel::Novice, &mut rng), Action::SetDown(6));
    set_down(&mut g, 1);
    roll(&mut g, &[6, 3, 2, 2, 5]);
    assert_eq!(g.bot_action(BotLevel::Safe, &mut rng), Action::SetDown(6));
    set_down(&mut g, 6);
    roll(&mut g, &[4, 3, 2, 4]);
    assert_eq!(g.bot_action(BotLevel::Safe, &mut rng), Action::SetDown(4));
}

/// What each level should set down, written from the bot descriptions (the expert's from
/// the solver it is documented to follow).
fn expected_face(g: &FortyOne, level: BotLevel) -> u8 {
    // The faces the roll shows: those that may be set down.
    let faces: Vec<u8> = g
        .legal_actions()
        .as_slice()
        .iter()
        .map(|a| match a {
            Action::SetDown(face) => *face,
            other => panic!("{other} while a roll waits"),
        })
        .collect();
    let faces = faces.as_slice();
    let highest = faces.iter().copied().max().expect("a roll has dice");
    let down = g.set_down();
    match level {
        BotLevel::Safe if !down.contains(&4) && faces.contains(&4) => 4,
        BotLevel::Safe if !down.contains(&1) && faces.contains(&1) => 1,
        BotLevel::Expert if g.score_to_beat().is_none() && g.still_to_roll() == 0 => {
            // Nobody before qualified and nobody after: the max-expected-score policy.
            solver::max_expected_score().best_face(g.turn_state(), faces)
        }
        BotLevel::Expert => solver::win_policy(g.score_to_beat(), g.still_to_roll())
            .best_face(g.turn_state(), faces),
        _ => highest,
    }
}

#[test]
fn in_seeded_matches_every_bot_decision_follows_its_level() {
    let tables: [&[BotLevel]; 4] = [
        &[BotLevel::Novice, BotLevel::Expert],
        &[BotLevel::Safe, BotLevel::Expert, BotLevel::Novice],
        &[
            BotLevel::Expert,
            BotLevel::Safe,
            BotLevel::Novice,
            BotLevel::Expert,
        ],
        &[BotLevel::Expert; 8],
    ];
    let mut last_alone = 0;
    for levels in tables {
        let players = levels.len() as u8;
        for seed in 0..40 {
            let mut g = game(players, 20, 10);
            let mut rng = game_rng(seed, u64::from(players));
            let mut events = Events::discarding();
            loop {
                match g.turn() {
                    Turn::Over => break,
                    Turn::Chance => {
                        let dice = g.chance().expect("dice are due").sample(&mut rng);
                        g.apply_chance(&dice, &mut events)
                            .expect("sampled dice fit");
                    }
                    Turn::Seat(seat) => {
                        let level = levels[usize::from(seat)];
                        let roll = g.roll().expect("a roll waits");
                        let action = g.bot_action(level, &mut rng);
                        assert_eq!(
                            action,
                            Action::SetDown(expected_face(&g, level)),
                            "{level} at seat {seat} with {roll} after {:?}",
                            g.set_down()
                        );
                        if level == BotLevel::Expert
                            && g.score_to_beat().is_none()
                            && g.still_to_roll() == 0
                        {
                            last_alone += 1;
                        }
                        g.apply_action(action, &mut events)
                            .expect("bots play legally");
                    }
                }
                check_conserved(&g);
            }
            assert!(g.is_over());
            let best = g.piles().iter().copied().max().expect("players");
            let winners: SeatSet = (0..players)
                .filter(|&s| g.piles()[usize::from(s)] == best)
                .collect();
            assert_eq!(g.figures().winners, winners);
            assert_eq!(g.pot(), 0);
        }
    }
    assert!(
        last_alone > 20,
        "the expert met the last-to-roll, nobody-qualified position {last_alone} times"
    );
}

/// A fair roll of `dice` dice from `rng`.
fn random_roll(dice: u8, rng: &mut GameRng) -> Vec<u8> {
    (0..dice).map(|_| rng.random_range(1..=6)).collect()
}

#[test]
fn last_to_roll_with_nobody_qualified_the_expert_plays_for_the_most_points() {
    // Two players: Ana busts, so Ben rolls last with no score to beat.
    let expected = solver::max_expected_score();
    let mut start = game(2, 20, 10);
    score(&mut start, None);
    assert_eq!((start.score_to_beat(), start.still_to_roll()), (None, 0));
    let mut rng = rng();
    // Every set of faces the first roll can show.
    for mask in 1..64u8 {
        let faces: Vec<u8> = (1..=6).filter(|f| mask & (1 << (f - 1)) != 0).collect();
        let mut dice = faces.clone();
        dice.resize(6, faces[0]);
        let mut g = start.clone();
        roll(&mut g, &dice);
        assert_eq!(
            g.bot_action(BotLevel::Expert, &mut rng),
            Action::SetDown(expected.best_face(TurnState::START, &faces)),
            "{faces:?}"
        );
    }
    // Whole turns of random dice.
    for _ in 0..300 {
        let mut g = start.clone();
        for n in (1..=6).rev() {
            let dice = random_roll(n, &mut rng);
            roll(&mut g, &dice);
            let face = expected.best_face(g.turn_state(), &dice);
            assert_eq!(
                g.bot_action(BotLevel::Expert, &mut rng),
                Action::SetDown(face)
            );
            set_down(&mut g, face);
        }
    }
    // The solver's own statement of it: the same values everywhere.
    let policy = solver::win_policy(None, 0);
    for state in all_states() {
        assert!(
            (policy.value(state) - expected.value(state)).abs() < 1e-12,
            "{state:?}"
        );
    }
}

#[test]
fn with_a_player_still_to_roll_the_expert_does_not_just_try_to_beat_the_score_so_far() {
    // Ana scores 10. Ben rolls 1·6·6·6·6·6 with Cara still to roll.
    let mut g = game(3, 20, 10);
    score(&mut g, Some(10));
    let mut cara = g.clone();
    roll(&mut g, &[1, 6, 6, 6, 6, 6]);
    assert_eq!((g.score_to_beat(), g.still_to_roll()), (Some(10), 1));
    // Playing only to beat the 10 takes the 1: the surest way past 10.
    let naive = solver::win_policy(Some(10), 0);
    assert_eq!(naive.best_face(TurnState::START, &[1, 6]), 1);
    let start = TurnState::START;
    assert!(naive.value(start.after(1)) > naive.value(start.after(6)));
    // The expert knows Cara will roll after him and sets down a 6 to aim higher.
    let mut rng = rng();
    assert_eq!(g.bot_action(BotLevel::Expert, &mut rng), Action::SetDown(6));
    let expert = solver::win_policy(Some(10), 1);
    let (take_six, take_one) = (expert.value(start.after(6)), expert.value(start.after(1)));
    assert!(take_six > take_one);
    eprintln!(
        "beat 10 with one to roll after, first roll 1·6·6·6·6·6: P(win) taking the 6 \
         {take_six:.4}, taking the 1 {take_one:.4}; against the 10 alone: taking the 1 \
         {:.4}, the 6 {:.4}",
        naive.value(start.after(1)),
        naive.value(start.after(6))
    );
    // Cara, last to roll, facing the same roll and the same 10, just needs to beat it.
    score(&mut cara, None);
    assert_eq!((cara.score_to_beat(), cara.still_to_roll()), (Some(10), 0));
    roll(&mut cara, &[1, 6, 6, 6, 6, 6]);
    assert_eq!(
        cara.bot_action(BotLevel::Expert, &mut rng),
        Action::SetDown(1)
    );
}

// ---------------------------------------------------------------------------------------
// The solver

/// Every state the solver values (dice left 0-6, the 4 and the 1 in or not, 0-36 pips).
fn all_states() -> Vec<TurnState> {
    let mut states = Vec::new();
    for dice_left in 0..=6u8 {
        for has_four in [false, true] {
            for has_one in [false, true] {
                for pips in 0..=36u8 {
                    states.push(TurnState {
                        dice_left,
                        has_four,
                        has_one,
                        pips,
                    });
                }
            }
        }
    }
    states
}

#[test]
fn win_policy_values_are_chances_of_winning_between_0_and_1() {
    let mut to_beats: Vec<Option<u8>> = vec![None];
    to_beats.extend((4..=24).map(Some));
    for to_beat in to_beats {
        for after in 0..=7 {
            if to_beat.is_none() && after == 0 {
                // Nobody before and nobody after: the max-expected-score policy, whose
                // values are expected points, not chances. Any qualifying score wins there,
                // and that policy qualifies as often as any can (see the distribution test).
                assert!(solver::win_policy(None, 0).value(TurnState::START) > 1.0);
                continue;
            }
            let policy = solver::win_policy(to_beat, after);
            for state in all_states() {
                let v = policy.value(state);
                assert!(
                    (-1e-12..=1.0 + 1e-12).contains(&v),
                    "beat {to_beat:?}, {after} after, {state:?}: {v}"
                );
            }
            // A finished turn is worth its chance against the earlier best, alone.
            if after == 0 {
                for pips in 5..=29u8 {
                    let done = TurnState {
                        dice_left: 0,
                        has_four: true,
                        has_one: true,
                        pips,
                    };
                    let s = pips - 5;
                    let worth = match to_beat {
                        Some(b) if b > s => 0.0,
                        Some(b) if b == s => 0.5,
                        _ => 1.0,
                    };
                    assert!((policy.value(done) - worth).abs() < 1e-12);
                }
            }
            // More players to come never makes winning likelier.
            let more = solver::win_policy(to_beat, after + 1).value(TurnState::START);
            assert!(more <= policy.value(TurnState::START) + 1e-12);
        }
    }
    // With nobody before and one after, the chance is the same for the opener of a duel.
    let duel = solver::win_policy(None, 1).value(TurnState::START);
    eprintln!("P(the expert opener beats a max-expected player in a duel) = {duel:.4}");
    assert!(duel > 0.3 && duel < 0.7, "{duel}");
}

/// The best expected score from a state, found without the solver: every sequence of dice
/// a roll can show (6^n of them) and every die that could be set down from it.
fn brute_best(
    left: u8,
    four: bool,
    one: bool,
    pips: u8,
    memo: &mut HashMap<(u8, bool, bool, u8), f64>,
) -> f64 {
    if left == 0 {
        return if four && one {
            f64::from(pips - 5)
        } else {
            0.0
        };
    }
    if let Some(&v) = memo.get(&(left, four, one, pips)) {
        return v;
    }
    let outcomes = 6u32.pow(u32::from(left));
    let mut total = 0.0;
    let mut after = [0.0; 7];
    for face in 1..=6u8 {
        after[usize::from(face)] = brute_best(
            left - 1,
            four || face == 4,
            one || face == 1,
            pips + face,
            memo,
        );
    }
    for code in 0..outcomes {
        let mut c = code;
        let mut best = f64::NEG_INFINITY;
        for _ in 0..left {
            let face = (c % 6) as usize + 1;
            c /= 6;
            best = best.max(after[face]);
        }
        total += best;
    }
    let v = total / f64::from(outcomes);
    memo.insert((left, four, one, pips), v);
    v
}

/// The distribution of final scores (index 25: bust) of `policy` from `state`, over every
/// sequence of dice (not the solver's face sets).
fn brute_distribution(
    policy: &Solution,
    state: TurnState,
    memo: &mut HashMap<(u8, bool, bool, u8), [f64; 26]>,
) -> [f64; 26] {
    let key = (state.dice_left, state.has_four, state.has_one, state.pips);
    if let Some(d) = memo.get(&key) {
        return *d;
    }
    let mut dist = [0.0; 26];
    if state.dice_left == 0 {
        let s = (state.has_four && state.has_one).then(|| state.pips - 5);
        dist[s.map_or(BUST, usize::from)] = 1.0;
    } else {
        let outcomes = 6u32.pow(u32::from(state.dice_left));
        let weight = 1.0 / f64::from(outcomes);
        for code in 0..outcomes {
            let mut c = code;
            let faces: Vec<u8> = (0..state.dice_left)
                .map(|_| {
                    let f = (c % 6) as u8 + 1;
                    c /= 6;
                    f
                })
                .collect();
            let next =
                brute_distribution(policy, state.after(policy.best_face(state, &faces)), memo);
            for (d, n) in dist.iter_mut().zip(next) {
                *d += weight * n;
            }
        }
    }
    memo.insert(key, dist);
    dist
}

#[test]
fn the_max_expected_distribution_sums_to_1_and_matches_brute_force_and_monte_carlo() {
    let dist = solver::max_expected_distribution();
    let total: f64 = dist.iter().sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    assert!(dist[..4].iter().all(|&p| p == 0.0), "no score is below 4");
    assert!(dist.iter().all(|&p| p >= 0.0));
    let mean: f64 = (0..25).map(|s| s as f64 * dist[s]).sum();
    let qualify = 1.0 - dist[BUST];

    // The best expected score, by brute force over every roll: the same number.
    let brute = brute_best(6, false, false, 0, &mut HashMap::new());
    assert!((brute - mean).abs() < 1e-9, "brute {brute} vs {mean}");
    let policy = solver::max_expected_score();
    assert!((policy.value(TurnState::START) - mean).abs() < 1e-9);

    // The policy's score distribution over every roll sequence: the same distribution.
    let exact = brute_distribution(policy, TurnState::START, &mut HashMap::new());
    for (s, (a, b)) in exact.iter().zip(dist).enumerate() {
        assert!((a - b).abs() < 1e-12, "score {s}: {a} vs {b}");
    }

    // And by playing turns with dice.
    let turns = 200_000u32;
    let mut rng = game_rng(4, 1);
    let (mut sum, mut sum_sq, mut qualified) = (0.0, 0.0, 0u32);
    for _ in 0..turns {
        let mut state = TurnState::START;
        for n in (1..=6).rev() {
            let dice = random_roll(n, &mut rng);
            state = state.after(policy.best_face(state, &dice));
        }
        let s = f64::from(state.score().unwrap_or(0));
        sum += s;
        sum_sq += s * s;
        qualified += u32::from(state.score().is_some());
    }
    let n = f64::from(turns);
    let variance: f64 = (0..25).map(|s| (s * s) as f64 * dist[s]).sum::<f64>() - mean * mean;
    common::assert_close(
        "mean score (bust 0)",
        sum / n,
        mean,
        variance.sqrt(),
        u64::from(turns),
        4.0,
    );
    let observed_sd = (sum_sq / n - (sum / n).powi(2)).sqrt();
    assert!(
        (observed_sd - variance.sqrt()).abs() < 0.05,
        "{observed_sd}"
    );
    common::assert_proportion(
        "qualified",
        u64::from(qualified),
        u64::from(turns),
        qualify,
        4.0,
    );

    // Playing for points qualifies as often as playing only to qualify: so last to roll
    // with nobody qualified, where any score wins, the expert gives nothing away.
    let qualify_only = Solution::new(&std::array::from_fn(|s| if s == BUST { 0.0 } else { 1.0 }));
    let best_qualify = qualify_only.value(TurnState::START);
    eprintln!(
        "max expected score: mean {mean:.4}, P(qualify) {qualify:.5}, P(24) {:.5}; \
         the most any policy can qualify: {best_qualify:.8} (difference {:.1e})",
        dist[24],
        best_qualify - qualify
    );
    assert!((best_qualify - qualify).abs() < 1e-9);
}

// ---------------------------------------------------------------------------------------
// The expert against safe bots

/// The share of matches the expert wins among safe bots (a shared win split evenly), over
/// `per_seat` seeded matches with the expert in each seat in turn. Also the share counting
/// a shared win as a win, as `parlor sim` reports it. Returns (share, standard error,
/// shared-as-win share, matches).
fn expert_share_against_safe(per_seat: u64) -> (f64, f64, f64, u64) {
    let players = 4u8;
    let settings = Settings::defaults(GameId::FortyOne);
    let (mut sum, mut sum_sq, mut any) = (0.0, 0.0, 0u64);
    let mut games = 0;
    for expert in 0..players {
        let options =
            common::one_seat_at(settings, per_seat, expert, BotLevel::Expert, BotLevel::Safe);
        for i in 0..per_seat {
            // One match at a time, on its own stream, to see who shared each win.
            let index = u64::from(expert) * per_seat + i;
            let totals = play_games(&options, index, 1);
            let winners: u64 = totals.wins_by_seat.iter().sum();
            assert!(winners >= 1, "every match has a winner");
            let won = totals.wins_by_seat[usize::from(expert)] > 0;
            let credit = if won { 1.0 / winners as f64 } else { 0.0 };
            sum += credit;
            sum_sq += credit * credit;
            any += u64::from(won);
            games += 1;
        }
    }
    let n = games as f64;
    let share = sum / n;
    let se = ((sum_sq / n - share * share) / n).sqrt();
    (share, se, any as f64 / n, games)
}

#[test]
fn the_expert_beats_safe_bots_by_at_least_four_standard_errors() {
    let start = Instant::now();
    let (share, se, any, games) = expert_share_against_safe(10_000);
    let z = (share - 0.25) / se;
    eprintln!(
        "forty-one expert vs 3 safe, {games} matches (expert in each seat in turn): \
         win share {:.2}% ± {:.2}% (shared wins split), {:.2}% counting shared wins, \
         {z:.1} standard errors above 25%, {:.2?}",
        100.0 * share,
        100.0 * se,
        100.0 * any,
        start.elapsed()
    );
    assert!(
        share - 0.25 >= 4.0 * se,
        "the expert's share {share:.4} is not 4 standard errors ({se:.4}) above 1/4"
    );
}

#[test]
fn the_same_seed_and_settings_replay_the_same_match() {
    common::assert_replays(settings(3, true, 5, 3));
    common::assert_replays(settings(2, false, 20, 2));
}
