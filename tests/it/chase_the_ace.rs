//! Chase the Ace, rule by rule from RULES.md with arranged decks; what a seat may know;
//! the threshold and expert bots; and the expert's edge over threshold bots measured in
//! seeded games.

use crate::support::common;

use std::time::Instant;

use common::narrate;
use parlor::games::chase_the_ace::{self, ChaseTheAce, Choice, Phase, THRESHOLD_RANK};
use parlor::games::{
    Action, BotLevel, Card, Chance, ChanceSpec, Deck, Dice, Event, Events, Game, GameError, GameId,
    Place, SeatSet, Settings, SettingsError, SettingsRequest, Token, Turn, View, game_rng,
};
use parlor::sim::play_games;
use rand::RngExt;

// ---------------------------------------------------------------------------------------
// Helpers

const KING: u8 = 13;

/// Chase the Ace settings as asked for, or why they were refused.
fn ask(players: u8, lives: u8, variants: &[&str]) -> Result<Settings, SettingsError> {
    Settings::new(
        GameId::ChaseTheAce,
        &SettingsRequest {
            players: Some(players),
            lives: Some(lives),
            variants: variants.iter().map(|&v| v.to_owned()).collect(),
            ..SettingsRequest::default()
        },
    )
}

fn settings(players: u8, lives: u8, variants: &[&str]) -> Settings {
    ask(players, lives, variants).expect("settings in range")
}

fn game(players: u8, lives: u8, variants: &[&str]) -> ChaseTheAce {
    ChaseTheAce::new(settings(players, lives, variants))
}

fn card(rank: u8, suit: u8) -> Card {
    Card::new(rank, suit)
}

/// A deck whose top cards have these ranks, in dealing order (each the first suit of its
/// rank not yet used: ♣, then ♦, ♥, ♠), the other cards after them.
fn deck(ranks: &[u8]) -> Deck {
    let mut used = [false; 52];
    let mut cards = Vec::with_capacity(52);
    for &rank in ranks {
        let card = (0..4)
            .map(|suit| card(rank, suit))
            .find(|c| !used[c.index()])
            .expect("at most four cards of a rank");
        used[card.index()] = true;
        cards.push(card);
    }
    cards.extend(
        Deck::ordered()
            .cards()
            .iter()
            .copied()
            .filter(|c| !used[c.index()]),
    );
    Deck::new(cards.try_into().expect("52 cards"))
}

/// Lives (held and in the pot, less what stayner resets handed out) and the 52 cards are
/// conserved.
fn check_conserved(g: &ChaseTheAce) {
    let s = g.settings();
    assert_eq!(
        g.conserved(),
        vec![
            ("lives", u32::from(s.players) * u32::from(s.lives)),
            ("cards", 52)
        ],
        "lives and cards are conserved"
    );
}

/// Deal the arranged deck: `ranks[0]` to the dealer's left, round to the dealer; the
/// next card is what a cut takes.
fn deal(g: &mut ChaseTheAce, ranks: &[u8]) -> Vec<Event> {
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(g.chance(), Some(ChanceSpec::Shuffle));
    let mut events = Events::new();
    g.apply_chance(&Chance::Deck(deck(ranks)), &mut events)
        .expect("a full deck fits");
    check_conserved(g);
    events.into_vec()
}

fn act(g: &mut ChaseTheAce, action: Action) -> Vec<Event> {
    let events = common::act(g, action);
    check_conserved(g);
    events
}

/// Everyone still to decide keeps, the dealer last: the events to the end of the round.
fn all_keep(g: &mut ChaseTheAce) -> Vec<Event> {
    let mut events = Vec::new();
    while matches!(g.phase(), Phase::Exchange | Phase::DealerChoice) {
        events.extend(act(g, Action::Keep));
    }
    events
}

/// Deal these ranks and let everyone keep: the events from the first Shown on.
fn keep_round(g: &mut ChaseTheAce, ranks: &[u8]) -> Vec<Event> {
    deal(g, ranks);
    let events = all_keep(g);
    let first = events
        .iter()
        .position(|e| matches!(e, Event::Shown { .. }))
        .expect("the cards are shown");
    events[first..].to_vec()
}

fn ranks(g: &ChaseTheAce) -> Vec<Option<u8>> {
    (0..g.settings().players)
        .map(|s| g.hand(s).map(Card::rank))
        .collect()
}

fn shown(seat: u8, c: Card) -> Event {
    Event::Shown { seat, card: c }
}

fn life_to_pot(seat: u8) -> Event {
    Event::Moved {
        token: Token::Life,
        count: 1,
        from: Place::Seat(seat),
        to: Place::Pot,
    }
}

fn lost(seat: u8, left: u8) -> [Event; 2] {
    [life_to_pot(seat), Event::LostLife { seat, left }]
}

fn seats(list: &[u8]) -> SeatSet {
    list.iter().copied().collect()
}

/// The events after the cards are shown (the losses and what follows).
fn after_showdown(events: &[Event]) -> Vec<Event> {
    let last = events
        .iter()
        .rposition(|e| matches!(e, Event::Shown { .. }))
        .expect("the cards are shown");
    events[last + 1..].to_vec()
}

// ---------------------------------------------------------------------------------------
// Settings and the deal

#[test]
fn settings_players_3_to_10_default_5_lives_1_to_9_default_3() {
    let d = Settings::defaults(GameId::ChaseTheAce);
    assert_eq!((d.players, d.lives), (5, 3));
    for players in 3..=10 {
        for lives in 1..=9 {
            let g = ChaseTheAce::new(ask(players, lives, &[]).expect("in range"));
            assert_eq!(g.lives(), vec![lives; usize::from(players)].as_slice());
            assert_eq!((g.pot(), g.dealer(), g.phase()), (0, 0, Phase::Deal));
            assert_eq!(g.in_game(), (0..players).collect());
            check_conserved(&g);
        }
    }
    for (players, lives) in [(2, 3), (11, 3), (5, 0), (5, 10)] {
        assert!(
            matches!(
                ask(players, lives, &[]),
                Err(SettingsError::OutOfRange { .. })
            ),
            "{players} players {lives} lives must be refused"
        );
    }
    for variant in ["grace", "king-stops", "double-burn"] {
        assert!(ask(5, 3, &[variant]).is_ok(), "{variant}");
    }
    assert_eq!(
        ask(5, 3, &["stayner"]),
        Err(SettingsError::StaynerWithoutGrace)
    );
    assert!(ask(5, 3, &["grace", "stayner"]).is_ok());
    assert!(matches!(
        ask(5, 3, &["wild"]),
        Err(SettingsError::UnknownVariant { .. })
    ));
}

#[test]
fn the_deal_gives_one_card_to_each_player_from_the_dealers_left_dealer_last() {
    let mut g = game(5, 3, &[]);
    assert_eq!(g.turn(), Turn::Chance);
    assert!(g.legal_actions().is_empty());
    let events = deal(&mut g, &[2, 3, 4, 5, 6]);
    assert_eq!(events, vec![Event::Dealt { dealer: 0 }]);
    assert_eq!(
        narrate(&events, g.settings()),
        ["Ana deals a card to everyone still in"]
    );
    assert_eq!(
        ranks(&g),
        [Some(6), Some(2), Some(3), Some(4), Some(5)],
        "Ben, Cara, Dev, Eve, then Ana the dealer"
    );
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.chance(), None);
    assert_eq!(
        g.legal_actions().as_slice(),
        &[Action::Keep, Action::Exchange]
    );
}

#[test]
#[allow(clippy::too_many_lines)] // one round, step by step
fn each_player_may_exchange_with_the_left_neighbour_who_must_accept_and_the_dealer_may_cut() {
    let mut g = game(5, 3, &[]);
    deal(&mut g, &[2, 9, 5, 10, 8, 3]);
    assert_eq!(ranks(&g), [Some(8), Some(2), Some(9), Some(5), Some(10)]);
    // Ben gives his 2 to Cara; Cara has no say, and it is her turn next.
    let events = act(&mut g, Action::Exchange);
    assert_eq!(events, vec![Event::Exchanged { seat: 1, with: 2 }]);
    assert_eq!(narrate(&events, g.settings()), ["Ben exchanges with Cara"]);
    assert_eq!(ranks(&g), [Some(8), Some(9), Some(2), Some(5), Some(10)]);
    assert_eq!((g.turn(), g.phase()), (Turn::Seat(2), Phase::Exchange));
    // The 2 travels on, to the dealer.
    act(&mut g, Action::Exchange);
    act(&mut g, Action::Exchange);
    assert_eq!(g.turn(), Turn::Seat(4));
    let events = act(&mut g, Action::Exchange);
    assert_eq!(narrate(&events, g.settings()), ["Eve exchanges with Ana"]);
    assert_eq!(ranks(&g), [Some(2), Some(9), Some(5), Some(10), Some(8)]);
    // The dealer keeps or cuts.
    assert_eq!((g.turn(), g.phase()), (Turn::Seat(0), Phase::DealerChoice));
    assert_eq!(g.legal_actions().as_slice(), &[Action::Keep, Action::Cut]);
    let events = act(&mut g, Action::Cut);
    let cut = card(3, 0);
    assert_eq!(
        events,
        vec![
            Event::Cut {
                dealer: 0,
                card: cut
            },
            shown(1, card(9, 0)),
            shown(2, card(5, 0)),
            shown(3, card(10, 0)),
            shown(4, card(8, 0)),
            shown(0, cut),
            life_to_pot(0),
            Event::LostLife { seat: 0, left: 2 },
        ]
    );
    assert_eq!(
        narrate(&events, g.settings()),
        [
            "Ana cuts the deck to the 3♣",
            "Ben shows 9♣",
            "Cara shows 5♣",
            "Dev shows 10♣",
            "Eve shows 8♣",
            "Ana shows 3♣",
            "Ana puts one life in the pot",
            "Ana loses a life (2 left)",
        ]
    );
    assert_eq!(g.lives(), &[2, 3, 3, 3, 3]);
    assert_eq!(g.pot(), 1);
    // The deal moves left.
    assert_eq!(
        (g.dealer(), g.phase(), g.turn()),
        (1, Phase::Deal, Turn::Chance)
    );
    assert_eq!(g.chance(), Some(ChanceSpec::Shuffle));
    assert!(ranks(&g).iter().all(Option::is_none));
    let f = g.figures();
    assert_eq!((f.rounds, f.turns), (1, 5));
    // The next deal starts left of the new dealer: Cara first, Ben last.
    deal(&mut g, &[7, 8, 9, 10, 11]);
    assert_eq!(ranks(&g), [Some(10), Some(11), Some(7), Some(8), Some(9)]);
    assert_eq!(g.turn(), Turn::Seat(2));
}

#[test]
fn the_dealer_may_keep_and_the_lowest_card_loses_a_life() {
    let mut g = game(5, 3, &[]);
    deal(&mut g, &[7, 3, 9, 4, 11]);
    let mut events = Vec::new();
    for seat in 1..=4 {
        assert_eq!(g.turn(), Turn::Seat(seat));
        let e = act(&mut g, Action::Keep);
        assert_eq!(e, vec![Event::Kept { seat }]);
        events.extend(e);
    }
    let e = act(&mut g, Action::Keep);
    assert_eq!(e[0], Event::Kept { seat: 0 });
    assert_eq!(narrate(&e[..1], g.settings()), ["Ana keeps"]);
    assert_eq!(after_showdown(&e), lost(2, 2));
    assert_eq!(
        narrate(&after_showdown(&e), g.settings()),
        [
            "Cara puts one life in the pot",
            "Cara loses a life (2 left)"
        ]
    );
    assert_eq!(g.lives(), &[3, 3, 2, 3, 3]);
}

#[test]
fn ace_is_low_king_high_suits_do_not_matter_and_ties_for_lowest_all_lose() {
    // An Ace of clubs and an Ace of diamonds: both lowest.
    let mut g = game(4, 3, &[]);
    let tail = keep_round(&mut g, &[1, 1, 13, 5]);
    assert_eq!(
        tail,
        [
            vec![
                shown(1, card(1, 0)),
                shown(2, card(1, 1)),
                shown(3, card(13, 0)),
                shown(0, card(5, 0))
            ],
            lost(1, 2).to_vec(),
            lost(2, 2).to_vec()
        ]
        .concat()
    );
    assert_eq!(
        narrate(&tail[..2], g.settings()),
        ["Ben shows A♣", "Cara shows A♦"]
    );
    // Kings, Queens, Jacks and a 10: the 10 loses.
    let tail = keep_round(&mut g, &[13, 12, 11, 10]);
    assert_eq!(after_showdown(&tail), lost(1, 1));
    assert_eq!(g.lives(), &[3, 1, 2, 3]);
    // Everyone tied: everyone loses a life, in seat order; Ben's last takes him out.
    let tail = keep_round(&mut g, &[7, 7, 7, 7]);
    let expected: Vec<Event> = [
        &lost(0, 2)[..],
        &lost(1, 0),
        &[Event::Out { seat: 1 }],
        &lost(2, 1),
        &lost(3, 2),
    ]
    .concat();
    assert_eq!(after_showdown(&tail), expected);
    assert_eq!(g.in_game(), seats(&[0, 2, 3]));
}

// ---------------------------------------------------------------------------------------
// Elimination, the void round, the end

#[test]
#[allow(clippy::too_many_lines)] // one game, step by step
fn a_player_with_no_lives_is_out_skipped_by_deal_and_exchange_and_the_last_in_takes_the_pot() {
    let mut g = game(4, 1, &[]);
    let tail = keep_round(&mut g, &[2, 9, 8, 7]);
    let out: Vec<Event> = [&lost(1, 0)[..], &[Event::Out { seat: 1 }]].concat();
    assert_eq!(after_showdown(&tail), out);
    assert_eq!(
        narrate(&after_showdown(&tail), g.settings()),
        [
            "Ben puts one life in the pot",
            "Ben loses a life (0 left)",
            "Ben is out"
        ]
    );
    assert_eq!(g.in_game(), seats(&[0, 2, 3]));
    // The deal moves left past Ben: Cara deals to Dev, Ana, then herself.
    assert_eq!(g.dealer(), 2);
    deal(&mut g, &[5, 6, 7]);
    assert_eq!(ranks(&g), [Some(6), None, Some(7), Some(5)]);
    assert_eq!(g.turn(), Turn::Seat(3));
    let events = act(&mut g, Action::Exchange);
    assert_eq!(events, vec![Event::Exchanged { seat: 3, with: 0 }]);
    // Ana's left neighbour still in is Cara.
    assert_eq!(g.turn(), Turn::Seat(0));
    let events = act(&mut g, Action::Exchange);
    assert_eq!(narrate(&events, g.settings()), ["Ana exchanges with Cara"]);
    assert_eq!(ranks(&g), [Some(7), None, Some(5), Some(6)]);
    assert_eq!((g.turn(), g.phase()), (Turn::Seat(2), Phase::DealerChoice));
    let events = act(&mut g, Action::Keep);
    let expected: Vec<Event> = [
        &[
            Event::Kept { seat: 2 },
            shown(3, card(6, 0)),
            shown(0, card(7, 0)),
            shown(2, card(5, 0)),
        ][..],
        &lost(2, 0),
        &[Event::Out { seat: 2 }],
    ]
    .concat();
    assert_eq!(events, expected);
    // The dealer went out: the deal still moves left from her seat, to Dev.
    assert_eq!(g.dealer(), 3);
    assert_eq!(g.in_game(), seats(&[0, 3]));
    let tail = keep_round(&mut g, &[4, 9]);
    let expected: Vec<Event> = [
        &[shown(0, card(4, 0)), shown(3, card(9, 0))][..],
        &lost(0, 0),
        &[Event::Out { seat: 0 }, Event::Wins { seat: 3, pot: 3 }],
    ]
    .concat();
    assert_eq!(tail, expected);
    assert_eq!(
        narrate(&tail[tail.len() - 2..], g.settings()),
        ["Ana is out", "Dev wins the pot of 3"]
    );
    assert_eq!((g.phase(), g.turn()), (Phase::Over, Turn::Over));
    assert_eq!((g.lives(), g.pot()), (&[0, 0, 0, 1][..], 3));
    let f = g.figures();
    assert_eq!((f.winners, f.pot_won, f.rounds), (seats(&[3]), 3, 3));
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.chance(), None);
    common::refused_action(&mut g, Action::Keep, &GameError::Over);
    common::refused_chance(
        &mut g,
        &Chance::Deck(Deck::ordered()),
        &GameError::NoChanceDue,
    );
}

#[test]
fn a_round_that_would_put_everyone_out_is_void_and_the_deal_still_moves_left() {
    let mut g = game(3, 1, &[]);
    let tail = keep_round(&mut g, &[4, 4, 4]);
    assert_eq!(after_showdown(&tail), vec![Event::VoidRound]);
    assert_eq!(
        narrate(&after_showdown(&tail), g.settings()),
        ["Everyone left would go out: the round is void"]
    );
    assert_eq!((g.lives(), g.pot()), (&[1, 1, 1][..], 0));
    assert_eq!(g.in_game(), seats(&[0, 1, 2]));
    assert_eq!((g.dealer(), g.phase()), (1, Phase::Deal));
    assert_eq!(g.figures().rounds, 1);
    // Two of three tied on the lowest with their last lives: both out, not void.
    let tail = keep_round(&mut g, &[3, 3, 9]);
    assert_eq!(
        tail,
        [
            &[
                shown(2, card(3, 0)),
                shown(0, card(3, 1)),
                shown(1, card(9, 0))
            ][..],
            &lost(0, 0),
            &[Event::Out { seat: 0 }],
            &lost(2, 0),
            &[Event::Out { seat: 2 }, Event::Wins { seat: 1, pot: 2 }],
        ]
        .concat()
    );
    assert_eq!(g.figures().winners, seats(&[1]));
}

#[test]
fn the_deal_moves_left_every_round() {
    let mut g = game(4, 9, &[]);
    for round in 0..9u8 {
        assert_eq!(g.dealer(), round % 4);
        deal(&mut g, &[5, 6, 7, 8]);
        assert_eq!(g.turn(), Turn::Seat((round + 1) % 4));
        all_keep(&mut g);
    }
}

// ---------------------------------------------------------------------------------------
// Variants

#[test]
#[allow(clippy::too_many_lines)] // one game, step by step
fn grace_the_last_life_leaves_one_more_chance_and_the_next_loss_is_out() {
    let mut g = game(3, 1, &["grace"]);
    let tail = after_showdown(&keep_round(&mut g, &[2, 8, 9]));
    let expected: Vec<Event> = [&lost(1, 0)[..], &[Event::OnGrace { seat: 1 }]].concat();
    assert_eq!(tail, expected);
    assert_eq!(
        narrate(&tail, g.settings())[2],
        "Ben is on grace: one more loss and out"
    );
    assert_eq!(g.in_game(), seats(&[0, 1, 2]));
    assert_eq!(g.on_grace(), seats(&[1]));
    assert_eq!((g.lives(), g.pot()), (&[1, 0, 1][..], 1));
    // Ben deals himself the lowest card: out, with no life left to lose.
    let tail = after_showdown(&keep_round(&mut g, &[8, 9, 2]));
    assert_eq!(tail, vec![Event::Out { seat: 1 }]);
    assert_eq!(g.in_game(), seats(&[0, 2]));
    assert_eq!(g.pot(), 1);
    // Ana and Cara tie with their last lives: both on grace (nobody would go out).
    let tail = after_showdown(&keep_round(&mut g, &[5, 5]));
    let expected: Vec<Event> = [
        &lost(0, 0)[..],
        &[Event::OnGrace { seat: 0 }],
        &lost(2, 0),
        &[Event::OnGrace { seat: 2 }],
    ]
    .concat();
    assert_eq!(tail, expected);
    assert_eq!(g.pot(), 3);
    // Both on grace and tied again: both would go out, so the round is void (no stayner).
    let tail = after_showdown(&keep_round(&mut g, &[6, 6]));
    assert_eq!(tail, vec![Event::VoidRound]);
    assert_eq!(g.in_game(), seats(&[0, 2]));
    // Then Ana loses on grace and Cara wins.
    assert_eq!(g.dealer(), 2);
    let tail = after_showdown(&keep_round(&mut g, &[3, 6]));
    assert_eq!(
        tail,
        vec![Event::Out { seat: 0 }, Event::Wins { seat: 2, pot: 3 }]
    );

    // With two lives, the first loss is an ordinary one; grace comes with the last.
    let mut g = game(3, 2, &["grace"]);
    let tail = after_showdown(&keep_round(&mut g, &[2, 8, 9]));
    assert_eq!(tail, lost(1, 1));
    let tail = after_showdown(&keep_round(&mut g, &[8, 9, 2]));
    let expected: Vec<Event> = [&lost(1, 0)[..], &[Event::OnGrace { seat: 1 }]].concat();
    assert_eq!(tail, expected);
}

#[test]
#[allow(clippy::too_many_lines)] // one game, step by step
fn stayner_the_last_two_tied_on_grace_reset_the_game_and_the_pot_stays_for_the_winner() {
    let mut g = game(3, 1, &["grace", "stayner"]);
    // Ben, then Cara, then Ana go on grace; then Ana goes out.
    keep_round(&mut g, &[2, 8, 9]);
    keep_round(&mut g, &[2, 8, 9]);
    keep_round(&mut g, &[2, 8, 9]);
    assert_eq!(g.on_grace(), seats(&[0, 1, 2]));
    let tail = after_showdown(&keep_round(&mut g, &[8, 9, 2]));
    assert_eq!(tail, vec![Event::Out { seat: 0 }]);
    assert_eq!((g.in_game(), g.pot(), g.dealer()), (seats(&[1, 2]), 3, 1));
    // Ben and Cara, both on grace, tie.
    let tail = keep_round(&mut g, &[5, 5]);
    assert_eq!(
        tail,
        vec![shown(2, card(5, 0)), shown(1, card(5, 1)), Event::Reset]
    );
    assert_eq!(
        narrate(&tail[2..], g.settings()),
        ["The last two tie on grace: everyone is back in with full lives"]
    );
    assert_eq!(g.in_game(), seats(&[0, 1, 2]));
    assert_eq!(g.lives(), &[1, 1, 1]);
    assert_eq!(g.on_grace(), SeatSet::default());
    assert_eq!(g.pot(), 3, "the pot stays");
    assert_eq!(g.dealer(), 2, "the deal moves on");
    // Play on to a winner, who takes the old pot with the new lives.
    keep_round(&mut g, &[2, 8, 9]);
    keep_round(&mut g, &[8, 9, 2]);
    assert_eq!(g.in_game(), seats(&[1, 2]));
    keep_round(&mut g, &[9, 2]);
    let tail = after_showdown(&keep_round(&mut g, &[2, 9]));
    assert_eq!(
        tail,
        vec![Event::Out { seat: 1 }, Event::Wins { seat: 2, pot: 5 }]
    );
    assert_eq!(narrate(&tail, g.settings())[1], "Cara wins the pot of 5");
    assert_eq!(g.figures().pot_won, 5);
    assert_eq!(g.figures().rounds, 9);
}

#[test]
fn stayner_needs_both_of_the_last_two_on_grace() {
    let mut g = game(3, 1, &["grace", "stayner"]);
    keep_round(&mut g, &[2, 8, 9]); // Ben on grace
    keep_round(&mut g, &[8, 9, 2]); // Ben out
    keep_round(&mut g, &[2, 9]); // Ana on grace
    assert_eq!(
        (
            g.in_game(),
            g.on_grace().contains(0),
            g.on_grace().contains(2)
        ),
        (seats(&[0, 2]), true, false)
    );
    // A tie: Ana (on grace) goes out; Cara loses her last life to grace and wins.
    let tail = after_showdown(&keep_round(&mut g, &[5, 5]));
    let expected: Vec<Event> = [
        &[Event::Out { seat: 0 }][..],
        &lost(2, 0),
        &[Event::OnGrace { seat: 2 }, Event::Wins { seat: 2, pot: 3 }],
    ]
    .concat();
    assert_eq!(tail, expected);
}

/// Deal the ranks, let everyone but the dealer keep, and the dealer cut.
fn dealer_cuts(g: &mut ChaseTheAce, ranks: &[u8]) -> Vec<Event> {
    deal(g, ranks);
    while g.phase() == Phase::Exchange {
        act(g, Action::Keep);
    }
    assert_eq!(g.phase(), Phase::DealerChoice);
    act(g, Action::Cut)
}

#[test]
fn double_burn_a_dealer_who_cuts_the_same_rank_to_the_lowest_card_loses_two_lives() {
    let burn = ["double-burn"];
    let mut g = game(3, 3, &burn);
    let events = dealer_cuts(&mut g, &[8, 9, 2, 2]);
    assert_eq!(
        narrate(&events[..1], g.settings()),
        ["Ana cuts the deck to the 2♦"]
    );
    assert_eq!(after_showdown(&events), [lost(0, 2), lost(0, 1)].concat());
    assert_eq!(
        narrate(&after_showdown(&events), g.settings()),
        [
            "Ana puts one life in the pot",
            "Ana loses a life (2 left)",
            "Ana puts one life in the pot",
            "Ana loses a life (1 left)"
        ]
    );
    assert_eq!(g.pot(), 2);
    // Without the variant: one life.
    let mut g = game(3, 3, &[]);
    assert_eq!(
        after_showdown(&dealer_cuts(&mut g, &[8, 9, 2, 2])),
        lost(0, 2)
    );
    // The same rank but not the lowest: Cara's Ace loses, the dealer nothing.
    let mut g = game(3, 3, &burn);
    assert_eq!(
        after_showdown(&dealer_cuts(&mut g, &[8, 1, 2, 2])),
        lost(2, 2)
    );
    // Tied for lowest with Ben: the dealer two, Ben one.
    let mut g = game(3, 3, &burn);
    assert_eq!(
        after_showdown(&dealer_cuts(&mut g, &[2, 9, 2, 2])),
        [lost(0, 2), lost(0, 1), lost(1, 2)].concat()
    );
    // Cutting a different rank to the lowest card: one life.
    let mut g = game(3, 3, &burn);
    assert_eq!(
        after_showdown(&dealer_cuts(&mut g, &[8, 9, 3, 2])),
        lost(0, 2)
    );
    // Keeping the lowest card: one life.
    let mut g = game(3, 3, &burn);
    assert_eq!(after_showdown(&keep_round(&mut g, &[8, 9, 2])), lost(0, 2));
    // Two lives, both burned: out.
    let mut g = game(3, 2, &burn);
    let expected: Vec<Event> = [&lost(0, 1)[..], &lost(0, 0), &[Event::Out { seat: 0 }]].concat();
    assert_eq!(
        after_showdown(&dealer_cuts(&mut g, &[8, 9, 2, 2])),
        expected
    );
    // With grace, one life burned twice: the last life, then the grace, so out.
    let mut g = game(3, 1, &["grace", "double-burn"]);
    let expected: Vec<Event> = [
        &lost(0, 0)[..],
        &[Event::OnGrace { seat: 0 }, Event::Out { seat: 0 }],
    ]
    .concat();
    assert_eq!(
        after_showdown(&dealer_cuts(&mut g, &[8, 9, 2, 2])),
        expected
    );
}

#[test]
fn king_stops_a_king_holder_is_asked_before_its_right_neighbour_decides_and_may_stop_the_round() {
    let ks = ["king-stops"];
    let mut g = game(4, 3, &ks);
    let events = deal(&mut g, &[5, 13, 8, 9]);
    assert_eq!(events, vec![Event::Dealt { dealer: 0 }]);
    // Ben is next to decide and Cara, on his left, holds a King: Cara is asked first.
    assert_eq!(g.phase(), Phase::KingCall { next: 1 });
    assert_eq!(g.turn(), Turn::Seat(2));
    assert_eq!(
        g.legal_actions().as_slice(),
        &[Action::Keep, Action::ThrowKing]
    );
    let before = g.clone();
    let events = act(&mut g, Action::ThrowKing);
    assert_eq!(
        events,
        [
            &[
                Event::KingThrown { seat: 2 },
                shown(1, card(5, 0)),
                shown(2, card(13, 0)),
                shown(3, card(8, 0)),
                shown(0, card(9, 0)),
            ][..],
            &lost(1, 2),
        ]
        .concat()
    );
    assert_eq!(
        narrate(&events[..1], g.settings()),
        ["Cara throws down a King: the round stops"]
    );
    assert_eq!((g.dealer(), g.phase()), (1, Phase::Deal));
    assert_eq!(g.figures().turns, 1, "nobody else decided");

    // Cara keeps quiet instead: nothing is logged and Ben decides; he takes the King.
    let mut g = before;
    let events = act(&mut g, Action::Keep);
    assert!(events.is_empty());
    assert_eq!((g.phase(), g.turn()), (Phase::Exchange, Turn::Seat(1)));
    assert_eq!(
        g.legal_actions().as_slice(),
        &[Action::Keep, Action::Exchange]
    );
    act(&mut g, Action::Exchange);
    assert_eq!(ranks(&g), [Some(9), Some(13), Some(5), Some(8)]);
    // Now Ben holds the King: he is asked before Cara decides, and Cara, who holds none,
    // decides without a throw to offer.
    assert_eq!(
        (g.phase(), g.turn()),
        (Phase::KingCall { next: 2 }, Turn::Seat(1))
    );
    act(&mut g, Action::Keep);
    assert_eq!((g.phase(), g.turn()), (Phase::Exchange, Turn::Seat(2)));
    assert_eq!(
        g.legal_actions().as_slice(),
        &[Action::Keep, Action::Exchange]
    );
}

#[test]
fn king_stops_every_king_holder_is_asked_before_every_decision_going_left_from_the_decider() {
    let mut g = game(5, 3, &["king-stops"]);
    // Ben and Dev hold Kings; Ana deals.
    deal(&mut g, &[13, 5, 13, 7, 9]);
    let call = |g: &ChaseTheAce| (g.phase(), g.turn());
    let king_call = |next: u8, holder: u8| (Phase::KingCall { next }, Turn::Seat(holder));
    // Before the first decision, straight after the deal: Dev (Ben decides himself).
    assert_eq!(call(&g), king_call(1, 3));
    act(&mut g, Action::Keep);
    assert_eq!(call(&g), (Phase::Exchange, Turn::Seat(1)));
    assert_eq!(
        g.legal_actions().as_slice(),
        &[Action::Keep, Action::Exchange, Action::ThrowKing],
        "a holder may throw on its own turn"
    );
    act(&mut g, Action::Keep);
    // Before Cara: Dev first (left of Cara), then Ben.
    assert_eq!(call(&g), king_call(2, 3));
    act(&mut g, Action::Keep);
    assert_eq!(call(&g), king_call(2, 1));
    act(&mut g, Action::Keep);
    // Cara takes Dev's King.
    assert_eq!(call(&g), (Phase::Exchange, Turn::Seat(2)));
    act(&mut g, Action::Exchange);
    assert_eq!(ranks(&g), [Some(9), Some(13), Some(13), Some(5), Some(7)]);
    // Before Dev: Ben, then Cara.
    assert_eq!(call(&g), king_call(3, 1));
    act(&mut g, Action::Keep);
    assert_eq!(call(&g), king_call(3, 2));
    act(&mut g, Action::Keep);
    act(&mut g, Action::Keep);
    // Before Eve, and before the dealer's cut: Ben, then Cara.
    for next in [4, 0] {
        assert_eq!(call(&g), king_call(next, 1));
        // Whoever else looks sees the one about to decide, as if nobody held a King.
        let view = g.observe(Some(4));
        let deciding = if next == 0 {
            Phase::DealerChoice
        } else {
            Phase::Exchange
        };
        assert_eq!((view.phase, view.current), (deciding, next));
        act(&mut g, Action::Keep);
        assert_eq!(call(&g), king_call(next, 2));
        act(&mut g, Action::Keep);
        assert_eq!(g.turn(), Turn::Seat(next));
        act(&mut g, Action::Keep);
    }
    assert_eq!(g.phase(), Phase::Deal, "the dealer kept: the showdown");
}

#[test]
fn king_stops_a_king_thrown_before_the_dealers_turn_stops_the_cut() {
    let mut g = game(4, 3, &["king-stops"]);
    // Ben holds the King; Ana, the dealer, holds a 2 and would cut to the 8.
    deal(&mut g, &[13, 5, 9, 2, 8]);
    act(&mut g, Action::Keep);
    for next in [2, 3] {
        assert_eq!(g.phase(), Phase::KingCall { next });
        act(&mut g, Action::Keep);
        act(&mut g, Action::Keep);
    }
    assert_eq!(
        (g.phase(), g.turn()),
        (Phase::KingCall { next: 0 }, Turn::Seat(1))
    );
    let events = act(&mut g, Action::ThrowKing);
    assert_eq!(events[0], Event::KingThrown { seat: 1 });
    assert_eq!(g.figures().turns, 4, "the dealer never decided");
    // Ana is stuck with her 2.
    assert_eq!(after_showdown(&events), lost(0, 2));
}

#[test]
fn king_stops_the_dealer_holding_a_king_may_throw_it_on_its_own_turn() {
    let mut g = game(4, 3, &["king-stops"]);
    deal(&mut g, &[5, 8, 9, 13]);
    // Ana, the dealer, is asked before every decision, then makes her own.
    for next in 1..=3 {
        assert_eq!(
            (g.phase(), g.turn()),
            (Phase::KingCall { next }, Turn::Seat(0))
        );
        act(&mut g, Action::Keep);
        act(&mut g, Action::Keep);
    }
    assert_eq!(g.phase(), Phase::DealerChoice);
    assert_eq!(
        g.legal_actions().as_slice(),
        &[Action::Keep, Action::Cut, Action::ThrowKing]
    );
    let events = act(&mut g, Action::ThrowKing);
    assert_eq!(events[0], Event::KingThrown { seat: 0 });
    assert_eq!(after_showdown(&events), lost(1, 2));
}

#[test]
fn without_king_stops_there_is_no_call_and_no_throwing() {
    let mut g = game(4, 3, &[]);
    deal(&mut g, &[13, 13, 8, 13]);
    assert_eq!((g.phase(), g.turn()), (Phase::Exchange, Turn::Seat(1)));
    assert_eq!(
        g.legal_actions().as_slice(),
        &[Action::Keep, Action::Exchange]
    );
    common::refused_action(
        &mut g,
        Action::ThrowKing,
        &GameError::IllegalAction {
            action: Action::ThrowKing,
        },
    );
    act(&mut g, Action::Keep);
    act(&mut g, Action::Keep);
    act(&mut g, Action::Keep);
    assert_eq!(g.phase(), Phase::DealerChoice);
    assert_eq!(g.legal_actions().as_slice(), &[Action::Keep, Action::Cut]);
}

#[test]
fn illegal_actions_and_chance_are_refused_with_the_game_unchanged() {
    let mut g = game(4, 3, &[]);
    for action in [Action::Keep, Action::Exchange, Action::Cut, Action::Roll] {
        common::refused_action(&mut g, action, &GameError::IllegalAction { action });
    }
    common::refused_chance(
        &mut g,
        &Chance::Dice(Dice::new(&[1, 2])),
        &GameError::WrongChance {
            expected: ChanceSpec::Shuffle,
            got: Chance::Dice(Dice::new(&[1, 2])),
        },
    );
    // A deck with a card twice is no deck.
    let mut cards = *Deck::ordered().cards();
    cards[1] = cards[0];
    common::refused_chance(
        &mut g,
        &Chance::Deck(Deck::new(cards)),
        &GameError::WrongChance {
            expected: ChanceSpec::Shuffle,
            got: Chance::Deck(Deck::new(cards)),
        },
    );
    deal(&mut g, &[5, 6, 7, 8]);
    common::refused_chance(
        &mut g,
        &Chance::Deck(Deck::ordered()),
        &GameError::NoChanceDue,
    );
    for action in [Action::Cut, Action::ThrowKing, Action::SetDown(1)] {
        common::refused_action(&mut g, action, &GameError::IllegalAction { action });
    }
    for _ in 0..3 {
        act(&mut g, Action::Keep);
    }
    common::refused_action(
        &mut g,
        Action::Exchange,
        &GameError::IllegalAction {
            action: Action::Exchange,
        },
    );
}

#[test]
fn the_same_seed_and_settings_replay_the_same_game() {
    common::assert_replays(settings(5, 3, &[]));
    common::assert_replays(settings(6, 2, &["king-stops", "double-burn"]));
    common::assert_replays(settings(4, 1, &["grace", "stayner"]));
}

#[test]
fn lives_and_cards_are_conserved_and_the_last_player_in_wins_under_every_variant() {
    let combos: [&[&str]; 12] = [
        &[],
        &["grace"],
        &["king-stops"],
        &["double-burn"],
        &["grace", "king-stops"],
        &["grace", "double-burn"],
        &["king-stops", "double-burn"],
        &["grace", "king-stops", "double-burn"],
        &["grace", "stayner"],
        &["grace", "stayner", "king-stops"],
        &["grace", "stayner", "double-burn"],
        &["grace", "stayner", "king-stops", "double-burn"],
    ];
    for variants in combos {
        for seed in 0..25 {
            let players = 3 + (seed % 5) as u8;
            let mut g = game(players, 1 + (seed % 3) as u8, variants);
            let mut rng = game_rng(seed, 11);
            let mut events = Events::new();
            loop {
                match g.turn() {
                    Turn::Over => break,
                    Turn::Chance => {
                        let deck = g.chance().expect("a deal is due").sample(&mut rng);
                        g.apply_chance(&deck, &mut events).expect("a deck fits");
                    }
                    Turn::Seat(seat) => {
                        assert!(g.in_game().contains(seat));
                        for s in 0..players {
                            assert_eq!(
                                g.hand(s).is_some(),
                                g.in_game().contains(s),
                                "everyone in holds a card, nobody out does"
                            );
                        }
                        let legal = g.legal_actions();
                        let action = if rng.random_range(0..2) == 0 {
                            legal.as_slice()[rng.random_range(0..legal.len())]
                        } else {
                            g.bot_action(BotLevel::Threshold, &mut rng)
                        };
                        g.apply_action(action, &mut events).expect("legal");
                    }
                }
                check_conserved(&g);
                assert!(!g.in_game().is_empty());
            }
            assert_eq!(g.in_game().len(), 1, "{variants:?} seed {seed}");
            let winner = g.in_game().iter().next().expect("one left");
            assert_eq!(g.figures().winners, SeatSet::single(winner));
            assert_eq!(g.figures().pot_won, g.pot());
            assert_eq!(
                events.last(),
                Some(&Event::Wins {
                    seat: winner,
                    pot: g.pot()
                })
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// What a seat knows

#[test]
fn a_seat_sees_its_own_card_the_cards_it_gave_away_public_choices_and_the_last_showdown() {
    let mut g = game(5, 3, &[]);
    deal(&mut g, &[2, 9, 5, 10, 8, 3]);
    act(&mut g, Action::Exchange); // Ben's 2 to Cara, Cara's 9 to Ben
    let cara = g.observe(Some(2));
    assert_eq!(cara.viewer, Some(2));
    assert_eq!(cara.own, Some(card(2, 0)));
    assert_eq!(cara.given, [Some(card(9, 0)), None]);
    assert_eq!(cara.choices[1], Some(Choice::Exchanged));
    assert!(
        cara.choices
            .iter()
            .enumerate()
            .all(|(s, c)| s == 1 || c.is_none())
    );
    assert_eq!(
        (cara.phase, cara.current, cara.dealer),
        (Phase::Exchange, 2, 0)
    );
    assert!(cara.shown.iter().all(Option::is_none));
    assert_eq!(g.view(Some(2)), View::ChaseTheAce(cara.clone()));
    let ben = g.observe(Some(1));
    assert_eq!(
        (ben.own, ben.given),
        (Some(card(9, 0)), [Some(card(2, 0)), None])
    );
    let dev = g.observe(Some(3));
    assert_eq!((dev.own, dev.given), (Some(card(5, 0)), [None, None]));
    let onlooker = g.observe(None);
    assert_eq!((onlooker.own, onlooker.given), (None, [None, None]));
    // Cara passes the 2 on: she has given away two cards.
    act(&mut g, Action::Exchange);
    let cara = g.observe(Some(2));
    assert_eq!(cara.own, Some(card(5, 0)));
    assert_eq!(cara.given, [Some(card(9, 0)), Some(card(2, 0))]);
    act(&mut g, Action::Keep);
    act(&mut g, Action::Keep);
    act(&mut g, Action::Cut);
    // The showdown is public, the dealer's cut card with it, and stays so into the next deal.
    let expected = [
        Some(card(3, 0)),
        Some(card(9, 0)),
        Some(card(5, 0)),
        Some(card(2, 0)),
        Some(card(10, 0)),
    ];
    for viewer in [None, Some(0), Some(3)] {
        assert_eq!(g.observe(viewer).shown[..5], expected);
    }
    deal(&mut g, &[7, 8, 9, 10, 11]);
    let eve = g.observe(Some(4));
    assert_eq!(eve.shown[..5], expected);
    assert_eq!((eve.own, eve.given), (Some(card(9, 0)), [None, None]));
    assert!(eve.choices.iter().all(Option::is_none), "a new round");
}

/// The round `played` so far replayed from its deal with cards `a` and `b` trading places in
/// the deck: whoever held one holds the other, and nothing else differs but what the two
/// cards show. Both must be alike for the rules (neither a King), so the same actions stay
/// legal.
fn with_cards_swapped(
    before_deal: &ChaseTheAce,
    deck: Deck,
    played: &[Action],
    a: Card,
    b: Card,
) -> ChaseTheAce {
    let mut cards = *deck.cards();
    for c in &mut cards {
        if *c == a {
            *c = b;
        } else if *c == b {
            *c = a;
        }
    }
    let mut g = before_deal.clone();
    let mut events = Events::discarding();
    g.apply_chance(&Chance::Deck(Deck::new(cards)), &mut events)
        .expect("a deck fits");
    for &action in played {
        g.apply_action(action, &mut events)
            .expect("the same actions stay legal");
    }
    g
}

#[test]
fn a_seats_bots_decide_the_same_whatever_the_cards_it_cannot_see() {
    let variant_sets: [&[&str]; 3] = [&[], &["king-stops"], &["grace", "stayner", "double-burn"]];
    let mut positions = 0;
    for variants in variant_sets {
        for seed in 0..30 {
            let mut g = game(5, 3, variants);
            let mut rng = game_rng(seed, 7);
            let mut events = Events::discarding();
            // The round so far: the game before its deal, the deck, the actions since.
            let mut round = (g.clone(), Deck::ordered(), Vec::new());
            loop {
                let seat = match g.turn() {
                    Turn::Over => break,
                    Turn::Chance => {
                        let dealt = g.chance().expect("a deal is due").sample(&mut rng);
                        let Chance::Deck(deck) = dealt else {
                            unreachable!("Chase the Ace deals a deck")
                        };
                        round = (g.clone(), deck, Vec::new());
                        g.apply_chance(&dealt, &mut events).expect("a deck fits");
                        continue;
                    }
                    Turn::Seat(seat) => seat,
                };
                let view = g.observe(Some(seat));
                assert_eq!(view.own, g.hand(seat));
                let seen = |c: Card| Some(c) == view.own || view.given.contains(&Some(c));
                let plain = |c: Card| c.rank() != 13;
                // Change one card the seat cannot see: another player's, for one from
                // anywhere else in the deck that the seat has not seen either.
                let others: Vec<u8> = g
                    .in_game()
                    .iter()
                    .filter(|&s| s != seat)
                    .filter(|&s| g.hand(s).is_some_and(|c| plain(c) && !seen(c)))
                    .collect();
                if let Some(&other) = others.get(rng.random_range(0..others.len().max(1))) {
                    let theirs = g.hand(other).expect("dealt");
                    let unseen = loop {
                        let c = round.1.cards()[rng.random_range(0..52)];
                        if c != theirs && plain(c) && !seen(c) {
                            break c;
                        }
                    };
                    let changed = with_cards_swapped(&round.0, round.1, &round.2, theirs, unseen);
                    assert_eq!(changed.hand(other), Some(unseen));
                    assert_eq!(changed.observe(Some(seat)), view, "the view is unchanged");
                    for level in [BotLevel::Threshold, BotLevel::Expert] {
                        let decided = chase_the_ace::bot_action(&view, level);
                        assert_eq!(g.bot_action(level, &mut rng.clone()), decided);
                        assert_eq!(
                            changed.bot_action(level, &mut rng.clone()),
                            decided,
                            "{level} at seat {seat}: Seat {other}'s card changed to {unseen}"
                        );
                    }
                    positions += 1;
                }
                // The seat's own card is part of what it sees.
                if let Some(mine) = view.own.filter(|&c| plain(c)) {
                    let other = round
                        .1
                        .cards()
                        .iter()
                        .copied()
                        .find(|&c| c != mine && plain(c));
                    let other = other.expect("a deck has more than one plain card");
                    let own_changed = with_cards_swapped(&round.0, round.1, &round.2, mine, other);
                    assert_ne!(own_changed.observe(Some(seat)), view);
                }
                let legal = g.legal_actions();
                let action = legal.as_slice()[rng.random_range(0..legal.len())];
                g.apply_action(action, &mut events).expect("legal");
                round.2.push(action);
            }
        }
    }
    assert!(positions > 1000, "{positions} positions");
}

/// `RULES.md`, Chase the Ace: "What a seat knows: its own card; the card it gave away in an
/// exchange; what the dealer cut once cards are shown." A King call is asked of the holder
/// alone: two deals that differ only in Cara's card, King or Queen, look the same to every
/// other seat (they see Ben about to decide either way).
#[test]
fn no_seat_learns_that_another_holds_a_king_before_the_showdown() {
    let mut with_king = game(4, 3, &["king-stops"]);
    deal(&mut with_king, &[5, 13, 8, 9]);
    let mut with_queen = game(4, 3, &["king-stops"]);
    deal(&mut with_queen, &[5, 12, 8, 9]);
    for viewer in [Some(1), Some(3), Some(0), None] {
        assert_eq!(
            with_king.observe(viewer),
            with_queen.observe(viewer),
            "what {viewer:?} sees depends on Cara's hidden card"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Bots

#[test]
fn the_threshold_bot_exchanges_or_cuts_holding_6_or_lower() {
    assert_eq!(THRESHOLD_RANK, 6);
    let mut rng = game_rng(6, 6);
    for rank in 1..=KING {
        let change = rank <= 6;
        let mut g = game(5, 3, &[]);
        deal(&mut g, &[rank, 10, 11, 12, 7]);
        let expected = if change {
            Action::Exchange
        } else {
            Action::Keep
        };
        assert_eq!(
            g.bot_action(BotLevel::Threshold, &mut rng),
            expected,
            "rank {rank}"
        );
        let mut g = game(5, 3, &[]);
        deal(&mut g, &[10, 11, 12, 7, rank]);
        for _ in 0..4 {
            act(&mut g, Action::Keep);
        }
        let expected = if change { Action::Cut } else { Action::Keep };
        assert_eq!(
            g.bot_action(BotLevel::Threshold, &mut rng),
            expected,
            "dealer, rank {rank}"
        );
    }
}

#[test]
fn with_king_stops_both_bots_throw_a_king_down_just_before_it_could_be_taken_or_the_dealer_cut() {
    let mut rng = game_rng(6, 7);
    for level in [BotLevel::Threshold, BotLevel::Expert] {
        // Asked before the right neighbour decides: it could take the King.
        let mut g = game(5, 3, &["king-stops"]);
        deal(&mut g, &[5, 13, 8, 9, 10]);
        assert_eq!(g.phase(), Phase::KingCall { next: 1 });
        assert_eq!(g.bot_action(level, &mut rng), Action::ThrowKing, "{level}");
        // Asked before another seat decides: nobody can take it yet, so it keeps quiet.
        let mut g = game(5, 3, &["king-stops"]);
        deal(&mut g, &[5, 8, 13, 9, 10]);
        assert_eq!(g.phase(), Phase::KingCall { next: 1 });
        assert_eq!(g.bot_action(level, &mut rng), Action::Keep, "{level}");
        // On its own turn it keeps: nobody deciding after it can take it.
        let mut g = game(5, 3, &["king-stops"]);
        deal(&mut g, &[13, 5, 8, 9, 10]);
        assert_eq!(g.phase(), Phase::Exchange);
        assert_eq!(g.bot_action(level, &mut rng), Action::Keep, "{level}");
        // Asked before the dealer decides: it throws before the dealer could cut.
        for _ in 0..3 {
            act(&mut g, Action::Keep);
            act(&mut g, Action::Keep);
        }
        act(&mut g, Action::Keep);
        assert_eq!(g.phase(), Phase::KingCall { next: 0 });
        assert_eq!(g.bot_action(level, &mut rng), Action::ThrowKing, "{level}");
        // Without the variant a King is simply kept.
        let mut g = game(5, 3, &[]);
        deal(&mut g, &[13, 5, 8, 9, 10]);
        assert_eq!(g.bot_action(level, &mut rng), Action::Keep, "{level}");
    }
}

#[test]
fn the_expert_changes_an_ace_and_keeps_a_king() {
    let mut rng = game_rng(9, 9);
    let mut g = game(5, 3, &[]);
    deal(&mut g, &[1, 10, 11, 12, 7]);
    assert_eq!(g.bot_action(BotLevel::Expert, &mut rng), Action::Exchange);
    let mut g = game(5, 3, &[]);
    deal(&mut g, &[13, 10, 11, 12, 7]);
    assert_eq!(g.bot_action(BotLevel::Expert, &mut rng), Action::Keep);
    for (rank, expected) in [(1, Action::Cut), (KING, Action::Keep)] {
        let mut g = game(5, 3, &[]);
        deal(&mut g, &[10, 11, 12, 7, rank]);
        for _ in 0..4 {
            act(&mut g, Action::Keep);
        }
        assert_eq!(g.bot_action(BotLevel::Expert, &mut rng), expected);
    }
}

/// The expert's share of wins among four threshold bots, `per_seat` seeded games with
/// the expert in each seat in turn: (share, standard error, games).
fn expert_share_against_threshold(settings: Settings, per_seat: u64) -> (f64, f64, u64) {
    let players = settings.players;
    let (mut wins, mut games) = (0, 0);
    for expert in 0..players {
        let options = common::one_seat_at(
            settings,
            per_seat,
            expert,
            BotLevel::Expert,
            BotLevel::Threshold,
        );
        let totals = play_games(&options, u64::from(expert) * per_seat, per_seat);
        assert_eq!(
            totals.wins_by_seat.iter().sum::<u64>(),
            per_seat,
            "one winner a game"
        );
        wins += totals.wins_by_seat[usize::from(expert)];
        games += per_seat;
    }
    let share = wins as f64 / games as f64;
    let se = (share * (1.0 - share) / games as f64).sqrt();
    (share, se, games)
}

/// With and without king-stops (where the expert reads a King not yet thrown as a King
/// nobody about to be asked for it holds).
#[test]
fn the_expert_beats_threshold_bots_by_at_least_four_standard_errors() {
    for variants in [&[][..], &["king-stops"]] {
        let start = Instant::now();
        let (share, se, games) = expert_share_against_threshold(settings(5, 3, variants), 8_000);
        let z = (share - 0.2) / se;
        eprintln!(
            "chase-the-ace {variants:?} expert vs 4 threshold, {games} games (expert in each \
             seat in turn): win share {:.2}% ± {:.2}%, {z:.1} standard errors above 20%, {:.2?}",
            100.0 * share,
            100.0 * se,
            start.elapsed()
        );
        assert!(
            share - 0.2 >= 4.0 * se,
            "{variants:?}: the expert's share {share:.4} is not 4 standard errors ({se:.4}) \
             above 1/5"
        );
    }
}
