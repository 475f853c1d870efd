//! Chase the Ace, rule by rule from RULES.md with arranged decks; what a seat may know;
//! the threshold and expert bots; and the expert's edge over threshold bots measured in
//! seeded games.

mod common;

use std::time::Instant;

use common::narrate;
use parlor::games::chase_the_ace::{self, ChaseTheAce, Choice, Phase, THRESHOLD_RANK};
use parlor::games::{
    Action, BotLevel, Card, Chance, ChanceSpec, Deck, Dice, Event, Game, GameError, GameId,
    GameRng, Place, SeatSet, Settings, SettingsError, SettingsRequest, Token, Turn, View,
    game_rng,
};
use parlor::sim::{SimOptions, play_games};
use rand::RngExt;

// ---------------------------------------------------------------------------------------
// Helpers

const KING: u8 = 13;

fn settings(players: u8, lives: u8, variants: &[&str]) -> Settings {
    Settings::new(
        GameId::ChaseTheAce,
        &SettingsRequest {
            players: Some(players),
            lives: Some(lives),
            variants: variants.iter().map(|&v| v.to_owned()).collect(),
            ..SettingsRequest::default()
        },
    )
    .expect("settings in range")
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
    let mut events = Vec::new();
    g.apply_chance(&Chance::Deck(deck(ranks)), &mut events)
        .expect("a full deck fits");
    check_conserved(g);
    events
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
    let ask = |players, lives, variants: &[&str]| {
        Settings::new(
            GameId::ChaseTheAce,
            &SettingsRequest {
                players: Some(players),
                lives: Some(lives),
                variants: variants.iter().map(|&v| v.to_owned()).collect(),
                ..SettingsRequest::default()
            },
        )
    };
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
            matches!(ask(players, lives, &[]), Err(SettingsError::OutOfRange { .. })),
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
    assert_eq!(narrate(&events, 5), ["Ana deals a card to everyone still in"]);
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
    assert_eq!(
        ranks(&g),
        [Some(8), Some(2), Some(9), Some(5), Some(10)]
    );
    // Ben gives his 2 to Cara; Cara has no say, and it is her turn next.
    let events = act(&mut g, Action::Exchange);
    assert_eq!(events, vec![Event::Exchanged { seat: 1, with: 2 }]);
    assert_eq!(narrate(&events, 5), ["Ben exchanges with Cara"]);
    assert_eq!(
        ranks(&g),
        [Some(8), Some(9), Some(2), Some(5), Some(10)]
    );
    assert_eq!((g.turn(), g.phase()), (Turn::Seat(2), Phase::Exchange));
    // The 2 travels on, to the dealer.
    act(&mut g, Action::Exchange);
    act(&mut g, Action::Exchange);
    assert_eq!(g.turn(), Turn::Seat(4));
    let events = act(&mut g, Action::Exchange);
    assert_eq!(narrate(&events, 5), ["Eve exchanges with Ana"]);
    assert_eq!(
        ranks(&g),
        [Some(2), Some(9), Some(5), Some(10), Some(8)]
    );
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
        narrate(&events, 5),
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
    assert_eq!((g.dealer(), g.phase(), g.turn()), (1, Phase::Deal, Turn::Chance));
    assert_eq!(g.chance(), Some(ChanceSpec::Shuffle));
    assert!(ranks(&g).iter().all(Option::is_none));
    let f = g.figures();
    assert_eq!((f.rounds, f.turns), (1, 5));
    // The next deal starts left of the new dealer: Cara first, Ben last.
    deal(&mut g, &[7, 8, 9, 10, 11]);
    assert_eq!(
        ranks(&g),
        [Some(9), Some(11), Some(7), Some(8), Some(10)]
    );
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
    assert_eq!(narrate(&e[..1], 5), ["Ana keeps"]);
    assert_eq!(after_showdown(&e), lost(2, 2));
    assert_eq!(
        narrate(&after_showdown(&e), 5),
        ["Cara puts one life in the pot", "Cara loses a life (2 left)"]
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
        narrate(&tail[..2], 4),
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
