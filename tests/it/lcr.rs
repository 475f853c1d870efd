//! LCR, rule by rule from RULES.md with forced dice, then statistics checked against exact
//! calculations.

use crate::support::common;

use common::{
    Next, Solution, assert_close, assert_proportion, compositions, narrate, rolled, seat, solve,
};
use parlor::games::lcr::{Face, Lcr, MAX_DICE};
use parlor::games::{
    Action, BotLevel, Chance, ChanceSpec, Dice, Event, Events, Game, GameError, GameId, Place,
    SeatSet, Token, Turn, game_rng,
};

fn game(players: u8, chips: u8, variants: &[&str]) -> Lcr {
    Lcr::new(common::settings(GameId::Lcr, players, chips, variants))
}

fn total(g: &Lcr) -> u32 {
    let s = g.settings();
    u32::from(s.players) * u32::from(s.chips) + u32::from(s.has(parlor::games::Variant::Jackpot))
}

fn roll(g: &mut Lcr, faces: &[u8]) -> Vec<Event> {
    let events = common::roll(g, faces);
    common::assert_conserved(g, "chips", total(g));
    events
}

fn take(g: &mut Lcr, from: u8) -> Vec<Event> {
    let events = common::act(g, Action::TakeChip(from));
    common::assert_conserved(g, "chips", total(g));
    events
}

fn moved(count: u8, from: u8, to: Place) -> Event {
    common::moved(Token::Chip, count, from, to)
}

fn bot(g: &Lcr) -> Action {
    g.bot_action(BotLevel::Standard, &mut game_rng(0, 0))
}

// ---------------------------------------------------------------------------------------
// Settings, dice and faces

#[test]
fn settings_players_3_to_10_default_4_chips_3_to_5_default_3() {
    common::assert_settings_ranges(
        GameId::Lcr,
        (4, 3),
        3..=10,
        3..=5,
        &[(2, 3), (11, 3), (4, 2), (4, 6)],
        |s, players, chips| {
            let g = Lcr::new(s);
            assert_eq!(g.chips(), vec![chips; usize::from(players)].as_slice());
            assert_eq!(g.pot(), 0);
            assert_eq!(g.turn(), Turn::Seat(0));
        },
    );
}

#[test]
fn faces_read_1_l_2_r_3_c_and_4_to_6_dot_or_6_wild() {
    let plain = game(3, 3, &[]);
    let wild = game(3, 3, &["wild"]);
    let read = |g: &Lcr| (1..=6).map(|f| g.face(f)).collect::<Vec<_>>();
    assert_eq!(
        read(&plain),
        [
            Face::Left,
            Face::Right,
            Face::Centre,
            Face::Dot,
            Face::Dot,
            Face::Dot
        ]
    );
    assert_eq!(
        read(&wild),
        [
            Face::Left,
            Face::Right,
            Face::Centre,
            Face::Dot,
            Face::Dot,
            Face::Wild
        ]
    );
    let symbols: Vec<_> = read(&wild).into_iter().map(Face::symbol).collect();
    assert_eq!(symbols, ["L", "R", "C", "•", "•", "W"]);
}

#[test]
fn three_or_more_chips_roll_three_dice() {
    assert_eq!(MAX_DICE, 3);
    for chips in 3..=5 {
        let mut g = game(4, chips, &[]);
        assert_eq!(g.dice_to_roll(), 3);
        common::act(&mut g, Action::Roll);
        assert_eq!(g.turn(), Turn::Chance);
        assert_eq!(g.chance(), Some(ChanceSpec::Dice(3)), "{chips} chips");
    }
}

// ---------------------------------------------------------------------------------------
// A turn

#[test]
fn l_passes_left_r_passes_right_c_goes_in_the_pot_and_the_dice_pass_left() {
    let mut g = game(4, 3, &[]);
    let events = roll(&mut g, &[1, 2, 3]);
    assert_eq!(
        events,
        vec![
            rolled(0, &[1, 2, 3]),
            moved(1, 0, Place::Seat(1)),
            moved(1, 0, Place::Seat(3)),
            moved(1, 0, Place::Pot)
        ]
    );
    assert_eq!(
        narrate(&events, g.settings()),
        [
            "Ana rolls L·R·C",
            "Ana passes one chip to Ben",
            "Ana passes one chip to Dev",
            "Ana puts one chip in the pot"
        ]
    );
    assert_eq!(g.chips(), &[0, 4, 3, 4]);
    assert_eq!(g.pot(), 1);
    assert_eq!(g.last_roll(), Some((0, Dice::new(&[1, 2, 3]))));
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.figures().turns, 2);
    assert_eq!(g.figures().rolls, 1);
    // Several of a face move together.
    let events = roll(&mut g, &[2, 2, 3]);
    assert_eq!(
        narrate(&events, g.settings())[1..],
        [
            "Ben passes two chips to Ana",
            "Ben puts one chip in the pot"
        ]
    );
    assert_eq!(g.chips(), &[2, 1, 3, 4]);
    let events = roll(&mut g, &[3, 3, 3]);
    assert_eq!(
        narrate(&events, g.settings())[1],
        "Cara puts three chips in the pot"
    );
    assert_eq!(g.pot(), 5);
}

#[test]
fn a_dot_keeps_the_chip() {
    for faces in [[4, 5, 6], [6, 6, 6], [4, 4, 5]] {
        let mut g = game(3, 3, &[]);
        let events = roll(&mut g, &faces);
        assert_eq!(events, vec![rolled(0, &faces)]);
        assert_eq!(g.chips(), &[3, 3, 3]);
        assert_eq!(g.turn(), Turn::Seat(1));
    }
}

#[test]
fn one_die_per_chip_one_chip_rolls_one_die_and_two_chips_roll_two() {
    let mut g = game(3, 3, &[]);
    roll(&mut g, &[1, 3, 4]); // seat 0 keeps one chip
    roll(&mut g, &[4, 4, 4]);
    roll(&mut g, &[3, 4, 4]); // seat 2 keeps two
    assert_eq!(g.chips(), &[1, 4, 2]);
    assert_eq!(g.dice_to_roll(), 1);
    common::act(&mut g, Action::Roll);
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(1)));
    common::refused_chance(
        &mut g,
        &Chance::Dice(Dice::new(&[4, 4, 4])),
        &GameError::WrongChance {
            expected: ChanceSpec::Dice(1),
            got: Chance::Dice(Dice::new(&[4, 4, 4])),
        },
    );
    // Said as the dice read.
    let refused = g
        .clone()
        .apply_chance(&Chance::Dice(Dice::new(&[4, 4, 4])), &mut Events::new());
    assert_eq!(
        refused
            .expect_err("three dice where one is due")
            .to_string(),
        "dice 4·4·4 does not fit: the game needs Dice(1)"
    );
    let events = common::dice(&mut g, &[2]);
    assert_eq!(events, vec![rolled(0, &[2]), moved(1, 0, Place::Seat(2))]);
    assert_eq!(g.chips(), &[0, 4, 3]);
    roll(&mut g, &[3, 3, 4]); // seat 1 keeps two
    assert_eq!(g.chips(), &[0, 2, 3]);
    roll(&mut g, &[4, 4, 4]);
    // Seat 0 is skipped; seat 1 rolls two dice for its two chips.
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.dice_to_roll(), 2);
    common::act(&mut g, Action::Roll);
    assert_eq!(g.chance(), Some(ChanceSpec::Dice(2)));
    let events = common::dice(&mut g, &[1, 5]);
    assert_eq!(
        events,
        vec![rolled(1, &[1, 5]), moved(1, 1, Place::Seat(2))]
    );
    assert_eq!(g.chips(), &[0, 1, 4]);
}

#[test]
fn a_seat_with_no_chips_is_skipped_logged_and_counted_and_can_receive_again() {
    let mut g = game(3, 3, &[]);
    roll(&mut g, &[1, 2, 3]);
    assert_eq!(g.chips(), &[0, 4, 4]);
    roll(&mut g, &[4, 4, 4]);
    let events = roll(&mut g, &[4, 5, 6]);
    assert_eq!(
        events,
        vec![rolled(2, &[4, 5, 6]), Event::Skipped { seat: 0 }]
    );
    assert_eq!(
        narrate(&events, g.settings())[1],
        "Ana has nothing to play: turn skipped"
    );
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.figures().turns, 5, "the skipped turn counts");
    assert_eq!(g.figures().rolls, 3, "a skipped turn rolls nothing");
    // Seat 1 passes a chip right, to seat 0, which plays its next turn.
    roll(&mut g, &[2, 4, 4]);
    assert_eq!(g.chips(), &[1, 3, 4]);
    let events = roll(&mut g, &[4, 4, 4]);
    assert_eq!(events, vec![rolled(2, &[4, 4, 4])]);
    assert_eq!(g.turn(), Turn::Seat(0));
}

// ---------------------------------------------------------------------------------------
// The end

#[test]
fn the_last_holder_wins_the_whole_pot_and_keeps_their_chips() {
    let mut g = game(3, 3, &[]);
    roll(&mut g, &[3, 3, 3]);
    assert_eq!(g.chips(), &[0, 3, 3]);
    // Seat 1 passes everything to seat 2: only seat 2 holds chips, and wins at once.
    let events = roll(&mut g, &[1, 1, 1]);
    assert_eq!(
        events,
        vec![
            rolled(1, &[1, 1, 1]),
            moved(3, 1, Place::Seat(2)),
            Event::Wins { seat: 2, pot: 3 }
        ]
    );
    assert_eq!(
        narrate(&events, g.settings())[1..],
        ["Ben passes three chips to Cara", "Cara wins the pot of 3"]
    );
    assert!(g.is_over());
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.current(), 2);
    assert_eq!(g.chips(), &[0, 0, 6], "the winner keeps their chips");
    let f = g.figures();
    assert_eq!(f.winners, SeatSet::single(2));
    assert_eq!(f.pot_won, 3);
    assert_eq!(f.turns, 2, "nobody is skipped once the game is won");
    assert_eq!(f.rolls, 2);
    assert!(g.legal_actions().is_empty());
    common::refused_action(&mut g, Action::Roll, &GameError::Over);
    common::refused_chance(
        &mut g,
        &Chance::Dice(Dice::new(&[4])),
        &GameError::NoChanceDue,
    );
}

#[test]
fn the_game_ends_as_soon_as_one_player_holds_chips_whoever_rolled() {
    let mut g = game(3, 3, &[]);
    roll(&mut g, &[4, 4, 4]);
    roll(&mut g, &[4, 4, 4]);
    roll(&mut g, &[3, 3, 3]);
    roll(&mut g, &[4, 4, 4]);
    assert_eq!(g.chips(), &[3, 3, 0]);
    assert_eq!(g.turn(), Turn::Seat(1));
    // Seat 1 passes right and feeds the pot: its right neighbour is the last holder.
    let events = roll(&mut g, &[2, 3, 3]);
    assert_eq!(
        events,
        vec![
            rolled(1, &[2, 3, 3]),
            moved(1, 1, Place::Seat(0)),
            moved(2, 1, Place::Pot),
            Event::Wins { seat: 0, pot: 5 }
        ]
    );
    assert_eq!(g.chips(), &[4, 0, 0]);
    assert_eq!(g.figures().winners, SeatSet::single(0));
    assert_eq!(g.figures().pot_won, 5);
}

#[test]
fn jackpot_one_extra_chip_starts_in_the_pot_and_the_winner_claims_it() {
    let mut g = game(3, 3, &["jackpot"]);
    assert_eq!(g.pot(), 1);
    assert_eq!(g.conserved(), vec![("chips", 10)]);
    roll(&mut g, &[3, 3, 3]);
    let events = roll(&mut g, &[1, 1, 1]);
    assert_eq!(events.last(), Some(&Event::Wins { seat: 2, pot: 4 }));
    assert_eq!(g.figures().pot_won, 4);
}

// ---------------------------------------------------------------------------------------
// wild

#[test]
fn wild_takes_one_chip_from_the_chosen_player() {
    let mut g = game(4, 3, &["wild"]);
    let events = roll(&mut g, &[6, 1, 4]);
    assert_eq!(
        events,
        vec![rolled(0, &[6, 1, 4]), moved(1, 0, Place::Seat(1))]
    );
    assert_eq!(g.chips(), &[2, 4, 3, 3]);
    assert_eq!(g.wilds_pending(), 1);
    assert_eq!(g.turn(), Turn::Seat(0));
    assert_eq!(g.chance(), None);
    assert_eq!(
        g.legal_actions().as_slice(),
        &[
            Action::TakeChip(1),
            Action::TakeChip(2),
            Action::TakeChip(3)
        ]
    );
    common::refused_illegal(
        &mut g,
        &[Action::Roll, Action::TakeChip(0), Action::TakeChip(4)],
    );
    let events = take(&mut g, 3);
    assert_eq!(events, vec![Event::WildTakes { seat: 0, from: 3 }]);
    let words = narrate(&events, g.settings());
    assert_eq!(words, ["Ana's wild takes a chip from Dev"]);
    assert_eq!(g.chips(), &[3, 4, 3, 2]);
    assert_eq!(g.wilds_pending(), 0);
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.figures().turns, 2);
}

#[test]
fn wild_the_rolls_l_r_and_c_chips_move_first_so_a_wild_may_take_the_chip_its_l_passed() {
    let mut g = game(3, 3, &["wild"]);
    roll(&mut g, &[3, 3, 3]);
    roll(&mut g, &[4, 4, 4]);
    assert_eq!(g.chips(), &[0, 3, 3]);
    // Cara's L passes a chip to Ana, who held none; then her W may take it back.
    let events = roll(&mut g, &[6, 1, 4]);
    assert_eq!(
        events,
        vec![rolled(2, &[6, 1, 4]), moved(1, 2, Place::Seat(0))]
    );
    assert_eq!(
        g.legal_actions().as_slice(),
        &[Action::TakeChip(0), Action::TakeChip(1)]
    );
    take(&mut g, 0);
    assert_eq!(g.chips(), &[0, 3, 3]);
}

#[test]
fn wild_every_die_carries_the_wild_face() {
    let mut g = game(4, 3, &["wild"]);
    roll(&mut g, &[6, 6, 6]);
    assert_eq!(g.wilds_pending(), 3);
}

#[test]
fn without_wild_a_six_is_a_dot() {
    let mut g = game(4, 3, &[]);
    roll(&mut g, &[6, 6, 6]);
    assert_eq!(g.wilds_pending(), 0);
    assert_eq!(g.chips(), &[3, 3, 3, 3]);
    assert_eq!(g.turn(), Turn::Seat(1));
}

#[test]
fn two_wilds_take_two_chips_only_from_players_who_hold_one() {
    let mut g = game(3, 3, &["wild"]);
    roll(&mut g, &[1, 2, 3]); // seat 0 is empty
    assert_eq!(g.chips(), &[0, 4, 4]);
    roll(&mut g, &[6, 6, 3]);
    assert_eq!(g.wilds_pending(), 2);
    assert_eq!(
        g.legal_actions().as_slice(),
        &[Action::TakeChip(2)],
        "seat 0 holds nothing to take"
    );
    common::refused_illegal(&mut g, &[Action::TakeChip(0)]);
    take(&mut g, 2);
    assert_eq!(g.wilds_pending(), 1);
    assert_eq!(g.turn(), Turn::Seat(1));
    take(&mut g, 2);
    assert_eq!(g.chips(), &[0, 5, 2]);
    assert_eq!(g.pot(), 2);
    assert_eq!(g.turn(), Turn::Seat(2));
}

#[test]
fn a_wild_with_nobody_to_take_from_does_nothing() {
    let mut g = game(3, 3, &["wild"]);
    roll(&mut g, &[3, 3, 4]);
    roll(&mut g, &[3, 3, 3]);
    assert_eq!(g.chips(), &[1, 0, 3]);
    roll(&mut g, &[6, 6, 3]);
    assert_eq!(g.chips(), &[1, 0, 2]);
    assert_eq!(g.legal_actions().as_slice(), &[Action::TakeChip(0)]);
    // The first wild takes seat 0's last chip; the second finds nobody.
    let events = take(&mut g, 0);
    assert_eq!(
        events,
        vec![
            Event::WildTakes { seat: 2, from: 0 },
            Event::WildFizzles { seat: 2 },
            Event::Wins { seat: 2, pot: 6 }
        ]
    );
    assert_eq!(
        narrate(&events, g.settings())[1..],
        [
            "Cara's wild finds nobody to take from",
            "Cara wins the pot of 6"
        ]
    );
    assert_eq!(g.chips(), &[0, 0, 3]);
    assert_eq!(g.wilds_pending(), 0);
    assert_eq!(g.turn(), Turn::Over);
}

#[test]
fn the_bot_takes_from_the_richest_and_ties_go_to_the_nearest_on_its_left() {
    // All tied: the seat on the roller's left.
    let mut g = game(4, 3, &["wild"]);
    assert_eq!(bot(&g), Action::Roll);
    roll(&mut g, &[6, 4, 4]);
    assert_eq!(bot(&g), Action::TakeChip(1));
    // The richest is on the right.
    let mut g = game(4, 3, &["wild"]);
    roll(&mut g, &[6, 2, 4]);
    assert_eq!(g.chips(), &[2, 3, 3, 4]);
    assert_eq!(bot(&g), Action::TakeChip(3));
    // Roller seat 3: seats 0 and 2 tie for the richest; seat 0 is nearer on its left.
    let mut g = game(4, 3, &["wild"]);
    roll(&mut g, &[4, 4, 4]);
    roll(&mut g, &[3, 4, 4]);
    roll(&mut g, &[4, 4, 4]);
    roll(&mut g, &[6, 4, 4]);
    assert_eq!(g.chips(), &[3, 2, 3, 3]);
    assert_eq!(g.turn(), Turn::Seat(3));
    assert_eq!(bot(&g), Action::TakeChip(0));
    // After the take the bot rolls again on its next turn.
    take(&mut g, 0);
    assert_eq!(bot(&g), Action::Roll);
}

// ---------------------------------------------------------------------------------------
// Refusals

#[test]
fn illegal_actions_and_chance_are_refused_with_the_game_unchanged() {
    let mut g = game(3, 3, &["wild"]);
    common::refused_around_roll(
        &mut g,
        &[
            Action::TakeChip(1),
            Action::GiveThree(1),
            Action::SetDown(4),
            Action::Cut,
        ],
        &[4, 4, 4],
        &[&[4, 4], &[4, 4, 4, 4], &[0, 4, 4]],
        3,
    );
    common::dice(&mut g, &[6, 4, 4]);
    common::refused_chance(
        &mut g,
        &Chance::Dice(Dice::new(&[4, 4, 4])),
        &GameError::NoChanceDue,
    );
}

#[test]
fn the_same_seed_and_settings_replay_the_same_game() {
    common::assert_replays(common::settings(GameId::Lcr, 5, 3, &["wild", "jackpot"]));
}

// ---------------------------------------------------------------------------------------
// Statistics

#[derive(Clone, PartialEq, Eq, Hash)]
struct LcrState {
    chips: Vec<u8>,
    current: usize,
}

/// The bot's wild victim: the richest other holder, ties to the nearest on the left.
fn bot_victim(chips: &[u8], me: usize) -> Option<usize> {
    let players = chips.len();
    let mut best: Option<usize> = None;
    for step in 1..players {
        let s = seat(me, step, players);
        if chips[s] > 0 && best.is_none_or(|b| chips[s] > chips[b]) {
            best = Some(s);
        }
    }
    best
}

/// The whole game as an exact chain, written from RULES.md: the winner by seat, rolls and
/// turns (skipped ones included).
fn lcr_chain(players: usize, chips: u8, wild: bool) -> Solution {
    let start = LcrState {
        chips: vec![chips; players],
        current: 0,
    };
    // L, R, C, dot, and W with the wild variant.
    let probs = if wild {
        vec![1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 3.0, 1.0 / 6.0]
    } else {
        vec![1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 2.0]
    };
    solve(start, players, move |s| {
        let me = s.current;
        let mut out = Vec::new();
        for (p, counts) in compositions(s.chips[me].min(3), &probs) {
            let mut c = s.chips.clone();
            let (l, r, centre) = (counts[0], counts[1], counts[2]);
            c[me] -= l + r + centre;
            c[seat(me, 1, players)] += l;
            c[seat(me, players - 1, players)] += r;
            if wild {
                for _ in 0..counts[4] {
                    if let Some(v) = bot_victim(&c, me) {
                        c[v] -= 1;
                        c[me] += 1;
                    }
                }
            }
            let holders: Vec<usize> = (0..players).filter(|&i| c[i] > 0).collect();
            if let [sole] = holders[..] {
                out.push((p, [1.0, 0.0], Next::End(sole)));
                continue;
            }
            let (to, turns) = common::next_holder(&c, me);
            out.push((
                p,
                [1.0, turns],
                Next::State(LcrState {
                    chips: c,
                    current: to,
                }),
            ));
        }
        out
    })
}

#[test]
fn games_match_the_exact_chain() {
    let games = 20_000;
    for (players, chips, variants) in [
        (3, 3, &[][..]),
        (3, 3, &["jackpot"][..]),
        (3, 4, &[][..]),
        (3, 3, &["wild"][..]),
        (4, 3, &[][..]),
    ] {
        let exact = lcr_chain(players, chips, variants.contains(&"wild"));
        let settings = common::settings(GameId::Lcr, players as u8, chips, variants);
        let totals = common::simulate(settings, games, 41);
        let label = format!("{players} players {chips} chips {variants:?}");
        common::assert_outcomes(&label, "wins", &totals.wins_by_seat, games, &exact, 4.5);
        let rolls = format!("{label}: rolls");
        common::assert_chain_mean(&rolls, totals.rolls, games, 0.0, &exact, 0, 4.5);
        let turns = format!("{label}: turns");
        common::assert_chain_mean(&turns, totals.turns, games, 1.0, &exact, 1, 4.5);
    }
}

#[test]
fn a_three_die_roll_keeps_all_chips_one_time_in_eight() {
    // Closed form for the first roll of a game: all three dice show a dot with
    // probability (1/2)^3; the expected chips that leave seat 0 are 3 * 1/2.
    let settings = common::settings(GameId::Lcr, 4, 3, &[]);
    let (mut games, mut kept, mut left) = (0u64, 0u64, 0u64);
    common::play_logged(settings, 13, 20_000, |_, events| {
        games += 1;
        let Some(Event::Rolled { seat: 0, dice }) = events.first() else {
            panic!("seat 0 rolls first");
        };
        let moved = dice.faces().filter(|&f| f <= 3).count() as u64;
        kept += u64::from(moved == 0);
        left += moved;
        let logged: u64 = events
            .iter()
            .skip(1)
            .take_while(|e| matches!(e, Event::Moved { .. }))
            .map(|e| match e {
                Event::Moved { count, .. } => u64::from(*count),
                _ => 0,
            })
            .sum();
        assert_eq!(logged, moved, "every L, R and C is logged as a move");
    });
    assert_proportion("first roll all dots", kept, games, 0.125, 4.5);
    assert_close(
        "chips leaving on the first roll",
        left as f64 / games as f64,
        1.5,
        (3.0f64 * 0.25).sqrt(),
        games,
        4.5,
    );
}
