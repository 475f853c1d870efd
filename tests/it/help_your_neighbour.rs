//! Help Your Neighbour, rule by rule from RULES.md with forced dice; then its exact odds
//! against a chain of the real dice played through the rules, and its simulation against
//! the odds.

use std::collections::HashMap;

use crate::support::common;

use parlor::games::help_your_neighbour::{HelpYourNeighbour, numbers_of, owner, sides};
use parlor::games::{
    Action, Chance, ChanceSpec, Dice, Event, Events, Game, GameError, GameId, Place, Polyhedral,
    SeatSet, Settings, SettingsError, SettingsRequest, Token, Turn,
};

fn settings(players: u8, counters: u8, rounds: u16) -> Settings {
    Settings::new(
        GameId::HelpYourNeighbour,
        &SettingsRequest {
            players: Some(players),
            counters: Some(counters),
            rounds: Some(rounds),
            ..SettingsRequest::default()
        },
    )
    .expect("settings in range")
}

fn game(players: u8, counters: u8) -> HelpYourNeighbour {
    HelpYourNeighbour::new(settings(players, counters, 1))
}

fn thrown(g: &HelpYourNeighbour, faces: &[u8]) -> Chance {
    Chance::Polyhedral(Polyhedral::new(g.sides(), faces).expect("three dice"))
}

/// The roller rolls and `faces` land; the counters stay conserved.
fn roll(g: &mut HelpYourNeighbour, faces: &[u8]) -> Vec<Event> {
    let mut events = Events::new();
    g.apply_action(Action::Roll, &mut events)
        .expect("rolling is legal");
    assert_eq!(g.turn(), Turn::Chance);
    g.apply_chance(&thrown(g, faces), &mut events)
        .expect("the forced dice fit");
    let s = g.settings();
    common::assert_conserved(g, "counters", u32::from(s.players) * u32::from(s.counters));
    events.into_vec()
}

fn paid(seat: u8) -> Event {
    common::moved(Token::Counter, 1, seat, Place::Pot)
}

fn rolled(seat: u8, sides: u8, faces: &[u8]) -> Event {
    Event::RolledPolyhedral {
        seat,
        dice: Polyhedral::new(sides, faces).expect("three dice"),
    }
}

// ---------------------------------------------------------------------------------------
// Settings, dice and numbers

#[test]
fn settings_players_2_to_10_default_6_counters_5_to_20_default_10_one_game() {
    let defaults = Settings::defaults(GameId::HelpYourNeighbour);
    assert_eq!(
        (defaults.players, defaults.counters, defaults.rounds),
        (6, 10, 1)
    );
    for players in 2..=10 {
        for counters in 5..=20 {
            let g = game(players, counters);
            assert_eq!(
                g.counters(),
                vec![counters; usize::from(players)].as_slice()
            );
            assert_eq!((g.pot(), g.turn()), (0, Turn::Seat(0)));
        }
    }
    let ask = |players, counters| {
        Settings::new(
            GameId::HelpYourNeighbour,
            &SettingsRequest {
                players: Some(players),
                counters: Some(counters),
                ..SettingsRequest::default()
            },
        )
    };
    for (players, counters) in [(1, 10), (11, 10), (6, 4), (6, 21)] {
        assert!(
            matches!(
                ask(players, counters),
                Err(SettingsError::OutOfRange { .. })
            ),
            "{players} players, {counters} counters"
        );
    }
    // Chips are another game's.
    let chips = SettingsRequest {
        chips: Some(3),
        ..SettingsRequest::default()
    };
    assert!(matches!(
        Settings::new(GameId::HelpYourNeighbour, &chips),
        Err(SettingsError::NotApplicable { what: "chips", .. })
    ));
}

/// Six-sided dice up to six players, eight-sided for seven and eight, ten-sided for nine
/// and ten; each number's owner as RULES.md lists them, the numbers past the players
/// blank.
#[test]
fn the_dice_and_who_owns_each_number() {
    for (players, expected) in [(2, 6), (6, 6), (7, 8), (8, 8), (9, 10), (10, 10)] {
        assert_eq!(sides(players), expected, "{players} players");
        let mut g = game(players, 10);
        g.apply_action(Action::Roll, &mut Events::new())
            .expect("rolling is legal");
        assert_eq!(
            g.chance(),
            Some(ChanceSpec::Polyhedral {
                count: 3,
                sides: expected
            })
        );
    }
    let owners = |players: u8| -> Vec<Option<u8>> {
        (1..=sides(players))
            .map(|face| owner(face, players))
            .collect()
    };
    let (s, b) = (Some, None);
    assert_eq!(owners(2), [s(0), s(0), s(0), s(1), s(1), s(1)]);
    assert_eq!(owners(3), [s(0), s(0), s(1), s(1), s(2), s(2)]);
    assert_eq!(owners(4), [s(0), s(1), s(2), s(3), b, b]);
    assert_eq!(owners(5), [s(0), s(1), s(2), s(3), s(4), b]);
    assert_eq!(owners(6), [s(0), s(1), s(2), s(3), s(4), s(5)]);
    assert_eq!(owners(7), [s(0), s(1), s(2), s(3), s(4), s(5), s(6), b]);
    assert_eq!(owners(8).iter().flatten().count(), 8);
    assert_eq!(owners(9)[9], b);
    assert_eq!(owners(10)[9], s(9));
    assert_eq!(numbers_of(1, 2), 4..=6);
    assert_eq!(numbers_of(2, 3), 5..=6);
    assert_eq!(numbers_of(6, 7), 7..=7);
}

// ---------------------------------------------------------------------------------------
// A turn

/// The dice are read left to right and each owner pays a counter, whoever rolled, the
/// roller too; then the dice pass left.
#[test]
fn every_number_rolled_makes_its_owner_pay_and_the_dice_pass_left() {
    let mut g = game(6, 10);
    let events = roll(&mut g, &[4, 1, 4]);
    assert_eq!(
        events,
        vec![rolled(0, 6, &[4, 1, 4]), paid(3), paid(0), paid(3)]
    );
    assert_eq!(g.counters(), &[9, 10, 10, 8, 10, 10]);
    assert_eq!(g.pot(), 3);
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(
        common::narrate(&events, g.settings()),
        [
            "Ana rolls 4·1·4",
            "Dev puts one counter in the pot",
            "Ana puts one counter in the pot",
            "Dev puts one counter in the pot",
        ]
    );
}

/// A blank number costs nobody anything: with four players the 5 and 6.
#[test]
fn a_blank_number_pays_nothing() {
    let mut g = game(4, 5);
    let events = roll(&mut g, &[5, 6, 5]);
    assert_eq!(events, vec![rolled(0, 6, &[5, 6, 5])]);
    assert_eq!(g.counters(), &[5; 4]);
    assert_eq!((g.pot(), g.turn()), (0, Turn::Seat(1)));
    // Eight-sided dice with seven players: the 8 is blank, the 7 is seat 6's.
    let mut g = game(7, 5);
    let events = roll(&mut g, &[8, 7, 8]);
    assert_eq!(events, vec![rolled(0, 8, &[8, 7, 8]), paid(6)]);
}

/// The first to put in their last counter wins the pot at once: the rest of the roll is
/// not read, and every seat rolls in turn until then.
#[test]
fn the_first_to_pay_their_last_counter_wins_and_the_rest_of_the_roll_is_not_read() {
    let mut g = game(2, 5);
    roll(&mut g, &[1, 2, 3]);
    assert_eq!(g.turn(), Turn::Seat(1));
    roll(&mut g, &[6, 6, 5]);
    assert_eq!(g.counters(), &[2, 2]);
    // Seat 0's last two counters go with the first two dice; the 6 is not read.
    let events = roll(&mut g, &[3, 1, 6]);
    assert_eq!(
        events,
        vec![
            rolled(0, 6, &[3, 1, 6]),
            paid(0),
            paid(0),
            Event::Wins { seat: 0, pot: 8 }
        ]
    );
    assert_eq!(g.counters(), &[0, 2]);
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.figures().winners, SeatSet::single(0));
    assert_eq!(g.figures().pot_won, 8);
    assert_eq!(g.figures().rolls, 3);
    assert_eq!(
        common::narrate(&events[3..], g.settings()),
        ["Ana wins the pot of 8"]
    );
    let mut events = Events::new();
    assert_eq!(
        g.apply_action(Action::Roll, &mut events),
        Err(GameError::Over)
    );
}

/// Dice of the wrong size, six-sided dice, the wrong number of dice or a face past the
/// dice's sides are refused, and the game is left as it was.
#[test]
fn dice_that_do_not_fit_are_refused() {
    let mut g = game(7, 5);
    g.apply_action(Action::Roll, &mut Events::new())
        .expect("rolling is legal");
    let before = g.clone();
    for wrong in [
        Chance::Polyhedral(Polyhedral::new(6, &[1, 2, 3]).expect("three d6")),
        Chance::Polyhedral(Polyhedral::new(8, &[1, 2]).expect("two d8")),
        Chance::Polyhedral(Polyhedral::new(8, &[1, 9, 2]).expect("a 9 on a d8")),
        Chance::Dice(Dice::new(&[1, 2, 3])),
    ] {
        assert!(
            matches!(
                g.apply_chance(&wrong, &mut Events::new()),
                Err(GameError::WrongChance { .. })
            ),
            "{wrong}"
        );
        assert_eq!(g, before);
    }
}

/// A match: each game starts afresh, the first roller one seat on; the most games won
/// takes the match, ties sharing it.
#[test]
fn a_match_moves_the_first_roller_left_and_the_most_games_won_take_it() {
    let mut g = HelpYourNeighbour::new(settings(3, 5, 3));
    // Game 1: seat 0 (1 and 2) pays out over two rolls.
    roll(&mut g, &[1, 2, 1]);
    let events = roll(&mut g, &[2, 1, 5]);
    assert_eq!(
        events[3..],
        [
            Event::Wins { seat: 0, pot: 5 },
            Event::RoundBegins {
                round: 2,
                opener: 1
            }
        ]
    );
    assert_eq!(g.counters(), &[5, 5, 5]);
    assert_eq!((g.pot(), g.game_number(), g.turn()), (0, 2, Turn::Seat(1)));
    assert_eq!(g.games_won(), &[1, 0, 0]);
    assert_eq!(
        common::narrate(&events[3..], g.settings()),
        ["Ana wins the pot of 5", "Round 2: Ben opens"]
    );
    // Game 2: seat 1 (3 and 4) pays out; game 3 starts with seat 2.
    roll(&mut g, &[3, 4, 3]);
    roll(&mut g, &[4, 3, 6]);
    assert_eq!((g.game_number(), g.turn()), (3, Turn::Seat(2)));
    // Game 3: seat 2 (5 and 6): a three-way tie, one game each.
    roll(&mut g, &[5, 6, 5]);
    let events = roll(&mut g, &[6, 5, 1]);
    let all = SeatSet::from_bits(0b111);
    assert_eq!(
        events.last(),
        Some(&Event::MatchWon {
            seats: all,
            pile: 1
        })
    );
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.figures().winners, all);
    assert_eq!(g.figures().rounds, 3);
    // What a winner took: the pots of the games they won (5 counters each game here).
    assert_eq!(g.figures().pot_won, 5);
    assert_eq!(
        common::narrate(&events[events.len() - 1..], g.settings()),
        ["Ana, Ben and Cara win the match with 1 round won"]
    );
}

// ---------------------------------------------------------------------------------------
// Exact odds

/// Where a game stands for its chances: what each seat has left to pay, the games won and
/// the game of the match. Who rolls is left out: it never matters.
type Point = (Vec<u8>, Vec<u16>, u16);

fn point(g: &HelpYourNeighbour) -> Point {
    (
        g.counters().to_vec(),
        g.games_won().to_vec(),
        g.game_number(),
    )
}

/// Every seat's chance of being among the winners from `g`, by a chain of the real
/// rolls: every roll of the three dice, each as likely, played through the rules. A roll
/// that changes nothing (all blank) is a loop, solved as such.
fn chain(g: &HelpYourNeighbour, memo: &mut HashMap<Point, Vec<f64>>) -> Vec<f64> {
    if let Some(known) = memo.get(&point(g)) {
        return known.clone();
    }
    let players = usize::from(g.settings().players);
    let sides = g.sides();
    let mut rolled = g.clone();
    rolled
        .apply_action(Action::Roll, &mut Events::discarding())
        .expect("rolling is legal");
    let each = 1.0 / f64::from(sides).powi(3);
    let (mut chances, mut stay) = (vec![0.0; players], 0.0);
    for a in 1..=sides {
        for b in 1..=sides {
            for c in 1..=sides {
                let mut next = rolled.clone();
                next.apply_chance(&thrown(&next, &[a, b, c]), &mut Events::discarding())
                    .expect("a roll of the table's dice");
                let after = if next.turn() == Turn::Over {
                    let winners = next.figures().winners;
                    (0..players)
                        .map(|s| f64::from(u8::from(winners.contains(s as u8))))
                        .collect()
                } else if point(&next) == point(g) {
                    stay += each;
                    continue;
                } else {
                    chain(&next, memo)
                };
                for (chance, p) in chances.iter_mut().zip(after) {
                    *chance += each * p;
                }
            }
        }
    }
    for chance in &mut chances {
        *chance /= 1.0 - stay;
    }
    memo.insert(point(g), chances.clone());
    chances
}

/// Pay counters down until each seat has `left` to pay, rolling each seat's lowest number
/// three dice at a time (the counters to pay down must come to whole rolls).
fn pay_down(g: &mut HelpYourNeighbour, left: &[u8]) {
    let players = g.settings().players;
    let owed: Vec<u8> = (0..players)
        .flat_map(|s| {
            let face = *numbers_of(s, players).start();
            std::iter::repeat_n(
                face,
                usize::from(g.counters()[usize::from(s)] - left[usize::from(s)]),
            )
        })
        .collect();
    assert_eq!(
        owed.len() % 3,
        0,
        "{} counters are not whole rolls",
        owed.len()
    );
    for faces in owed.chunks(3) {
        roll(g, faces);
    }
}

fn assert_odds_match_the_chain(g: &HelpYourNeighbour) {
    let exact = g.win_chances().expect("the game gives its chances");
    let chained = chain(g, &mut HashMap::new());
    for (seat, (a, b)) in exact.iter().zip(&chained).enumerate() {
        assert!(
            (a - b).abs() < 1e-12,
            "{:?}: seat {seat} closed form {a} against the chain {b}",
            point(g)
        );
    }
}

/// The closed form is the chain of the real dice, from the start of small tables and from
/// positions part-way through large ones (six-, eight- and ten-sided dice, blanks and not).
#[test]
fn the_odds_are_the_chain_of_the_real_rolls() {
    for players in [2, 3] {
        assert_odds_match_the_chain(&game(players, 5));
    }
    for (players, left) in [
        (4, vec![2, 1, 3, 2]),
        (5, vec![1, 2, 1, 1, 2]),
        (6, vec![1, 1, 2, 1, 2, 2]),
        (7, vec![1, 2, 1, 1, 1, 1, 1]),
        (9, vec![1; 9]),
        (10, vec![1, 1, 1, 1, 1, 1, 1, 1, 1, 2]),
    ] {
        let mut g = game(players, 5);
        pay_down(&mut g, &left);
        assert_eq!(g.counters(), left.as_slice());
        assert_odds_match_the_chain(&g);
    }
    // A fresh game is fair: every seat alike, whoever rolls first.
    let fair = game(8, 20).win_chances().expect("its chances");
    assert!(fair.iter().all(|p| (p - 0.125).abs() < 1e-12), "{fair:?}");
}

/// A match's odds are the chain over its games: every game after this one played out
/// through the rules too, ties sharing the match.
#[test]
fn a_matchs_odds_are_the_chain_over_its_games() {
    let mut g = HelpYourNeighbour::new(settings(2, 5, 3));
    assert_odds_match_the_chain(&g);
    roll(&mut g, &[1, 1, 4]);
    assert_odds_match_the_chain(&g);
    let mut g = HelpYourNeighbour::new(settings(3, 5, 2));
    pay_down(&mut g, &[1, 2, 3]);
    assert_odds_match_the_chain(&g);
}

/// Simulated through `parlor sim`'s loop, the seats win as the odds say: every seat alike
/// (four players, two blanks), within 4 standard errors.
#[test]
fn simulated_wins_are_even_as_the_odds_say() {
    let games = 20_000;
    let totals = common::simulate(settings(4, 5, 1), games, 7);
    for seat in 0..4 {
        common::assert_proportion(
            &format!("seat {seat} wins"),
            totals.wins_by_seat[seat],
            games,
            0.25,
            4.0,
        );
    }
}

#[test]
fn the_same_seed_replays_the_same_game() {
    common::assert_replays(settings(9, 5, 2));
}
