//! The games' words in Swedish: the log's sentences of each game, about another seat and
//! about you, counted as Swedish counts; the words said to a screen reader; and a table's
//! labels, tags and settings.

use crate::support::common;

use parlor::games::present::{self, Holding, HoldingKind, banner, seats, settings_in_words};
use parlor::games::{
    Action, Card, Dice, Event, GameId, Narrator, Place, Polyhedral, SeatSet, Settings, Token,
};
use parlor::words::{Language, speaking};

fn swedish<T>(words: impl FnOnce() -> T) -> T {
    speaking(Language::Swedish, words)
}

/// What `event` says in Swedish in `game`, about Ana (seat 0) as another seat, and with
/// Ana's seat spoken to.
fn told(game: GameId, event: &Event) -> (String, String) {
    let settings = Settings::defaults(game);
    let (named, with_you) = (common::names(4, None), common::names(4, Some(0)));
    swedish(|| {
        (
            Narrator::new(&settings, &named).sentence(event),
            Narrator::new(&settings, &with_you).sentence(event),
        )
    })
}

/// A sentence of a game: the event, about Ana, and to Ana's seat spoken to.
type Case = (GameId, Event, &'static str, &'static str);

/// Aces in the Pot's, LCR's and Swedish Aces' sentences.
fn dice_cases() -> Vec<Case> {
    vec![
        (
            GameId::AcesInThePot,
            Event::FinaleBegins { seat: 0 },
            "Ana har alla marker som är kvar: finalen börjar, tre säkra kast för att vinna",
            "Du har alla marker som är kvar: finalen börjar, tre säkra kast för att vinna",
        ),
        (
            GameId::AcesInThePot,
            Event::Moved {
                token: Token::Chip,
                count: 1,
                from: Place::Seat(0),
                to: Place::Seat(1),
            },
            "Ana skickar en mark till Ben",
            "Du skickar en mark till Ben",
        ),
        (
            GameId::Lcr,
            Event::Moved {
                token: Token::Chip,
                count: 2,
                from: Place::Seat(1),
                to: Place::Seat(0),
            },
            "Ben skickar två marker till Ana",
            "Ben skickar två marker till dig",
        ),
        (
            GameId::Lcr,
            Event::WildTakes { seat: 0, from: 2 },
            "Ana tar en mark från Cara med jokern",
            "Du tar en mark från Cara med jokern",
        ),
        (
            GameId::SwedishAces,
            Event::Moved {
                token: Token::Die,
                count: 1,
                from: Place::Seat(0),
                to: Place::Pot,
            },
            "Ana skickar en tärning till mitten",
            "Du skickar en tärning till mitten",
        ),
        (
            GameId::SwedishAces,
            Event::OpeningTie {
                seats: [0, 2].into_iter().collect::<SeatSet>(),
                total: 9,
            },
            "Ana och Cara delar på 9 och kastar om",
            "Du och Cara delar på 9 och kastar om",
        ),
    ]
}

/// Forty-One's, Chase the Ace's and Help Your Neighbour's sentences.
fn other_cases() -> Vec<Case> {
    vec![
        (
            GameId::FortyOne,
            Event::SetDown {
                seat: 0,
                face: 4,
                roll: 2,
            },
            "Ana lägger undan en 4:a (kast 2 av 6)",
            "Du lägger undan en 4:a (kast 2 av 6)",
        ),
        (
            GameId::FortyOne,
            Event::MatchWon {
                seats: SeatSet::single(0),
                pile: 1,
            },
            "Ana vinner matchen med 1 mark",
            "Du vinner matchen med 1 mark",
        ),
        (
            GameId::ChaseTheAce,
            Event::LostLife { seat: 0, left: 2 },
            "Ana förlorar ett liv (2 kvar)",
            "Du förlorar ett liv (2 kvar)",
        ),
        (
            GameId::ChaseTheAce,
            Event::Exchanged { seat: 3, with: 0 },
            "Dev byter med Ana",
            "Dev byter med dig",
        ),
        (
            GameId::HelpYourNeighbour,
            Event::Moved {
                token: Token::Counter,
                count: 1,
                from: Place::Seat(0),
                to: Place::Pot,
            },
            "Ana lägger en mark i potten",
            "Du lägger en mark i potten",
        ),
        (
            GameId::HelpYourNeighbour,
            Event::Skipped { seat: 0 },
            "Ana har inget att spela: turen hoppas över",
            "Du har inget att spela: turen hoppas över",
        ),
    ]
}

#[test]
fn each_games_log_speaks_swedish_about_others_and_to_you() {
    for (game, event, about_ana, to_you) in dice_cases().into_iter().chain(other_cases()) {
        let (named, you) = told(game, &event);
        assert_eq!(named, about_ana, "{game:?} {event:?}");
        assert_eq!(you, to_you, "{game:?} {event:?} with Ana spoken to");
    }
}

#[test]
fn swedish_counts_one_and_many() {
    let names = common::names(4, None);
    let narrator = Narrator::new(&Settings::defaults(GameId::FortyOne), &names);
    swedish(|| {
        assert_eq!(
            narrator.skipped(&[0, 1, 0, 1]),
            "Ana och Ben har inget att spela: 4 turer hoppas över"
        );
        assert_eq!(narrator.pile(1), "1 mark");
        assert_eq!(narrator.pile(33), "33 marker");
        let dice = |count| {
            Narrator::new(&Settings::defaults(GameId::SwedishAces), &names).sentence(
                &Event::Moved {
                    token: Token::Die,
                    count,
                    from: Place::Seat(1),
                    to: Place::Pot,
                },
            )
        };
        assert_eq!(dice(1), "Ben skickar en tärning till mitten");
        assert_eq!(dice(3), "Ben skickar tre tärningar till mitten");
        assert_eq!(dice(5), "Ben skickar 5 tärningar till mitten");
        assert_eq!(
            Holding {
                count: 1,
                kind: HoldingKind::Dice
            }
            .words(),
            "1 tärning"
        );
        assert_eq!(
            Holding {
                count: 0,
                kind: HoldingKind::Chips
            }
            .words(),
            "inga marker"
        );
        assert_eq!(
            Holding {
                count: 2,
                kind: HoldingKind::Lives { of: 3 }
            }
            .words(),
            "2 av 3 liv"
        );
    });
}

#[test]
fn the_ear_hears_swedish_faces_numbers_and_cards() {
    let names = common::names(4, None);
    swedish(|| {
        let wild = common::settings(GameId::Lcr, 4, 3, &["wild"]);
        let lcr = Narrator::new(&wild, &names).for_the_ear();
        assert_eq!(
            lcr.sentence(&Event::Rolled {
                seat: 1,
                dice: Dice::new(&[1, 4, 6]),
            }),
            "Ben kastar Vänster, prick, joker"
        );
        let help =
            Narrator::new(&Settings::defaults(GameId::HelpYourNeighbour), &names).for_the_ear();
        assert_eq!(
            help.sentence(&Event::RolledPolyhedral {
                seat: 0,
                dice: Polyhedral::new(10, &[3, 8, 1]).expect("three d10"),
            }),
            "Ana kastar tre, åtta, ett"
        );
        assert_eq!(Card::new(10, 3).words(), "spader tio");
        assert_eq!(Card::new(1, 2).words(), "hjärter ess");
        let chase = Narrator::new(&Settings::defaults(GameId::ChaseTheAce), &names).for_the_ear();
        assert_eq!(
            chase.sentence(&Event::Shown {
                seat: 2,
                card: Card::new(13, 0),
            }),
            "Cara visar klöver kung"
        );
    });
}

#[test]
fn a_table_is_labelled_in_swedish() {
    let names = common::names(4, Some(0));
    let game = parlor::games::new_game(Settings::defaults(GameId::ChaseTheAce));
    let view = game.view(None);
    swedish(|| {
        let tags: Vec<String> = seats(&view)
            .iter()
            .flat_map(|seat| seat.status.iter().map(|label| label.full.clone()))
            .collect();
        assert!(tags.contains(&"GIV".to_owned()), "{tags:?}");
        assert_eq!(present::centre(&view).pot_label, "Pott");
        let tracker: Vec<String> = present::tracker(&view, &names)
            .into_iter()
            .map(|label| label.full)
            .collect();
        assert!(
            tracker
                .iter()
                .any(|line| line.starts_with("Spelare kvar: ")),
            "{tracker:?}"
        );
        assert_eq!(
            present::action_label(&view, Action::Cut, &names),
            "Häv leken"
        );
        let out = banner(&Event::Out { seat: 0 }, &view, &names).expect("a banner");
        assert_eq!(out.text.full, "Du är ute!");
        let out = banner(&Event::Out { seat: 1 }, &view, &names).expect("a banner");
        assert_eq!(out.text.full, "Ben är ute!");
        assert_eq!(out.text.short, "Ben ute");
        let (people, rules, variants) =
            settings_in_words(&common::settings(GameId::Lcr, 4, 3, &["wild"]));
        assert_eq!(people, "4 spelare");
        assert_eq!(rules.as_deref(), Some("3 marker var"));
        assert_eq!(variants.as_deref(), Some("joker"));
    });
}

#[test]
fn a_game_tells_of_itself_in_swedish() {
    use parlor::games::{BotLevel, Variant};
    swedish(|| {
        let chase = GameId::ChaseTheAce.game_type();
        assert_eq!(GameId::ChaseTheAce.title(), "Jaga esset");
        assert_eq!(GameId::HelpYourNeighbour.title(), "Hjälp din granne");
        assert_eq!(GameId::FortyOne.game_type().short_title(), "41");
        assert!(chase.rules().starts_with("Jaga esset"), "{}", chase.rules());
        assert_eq!(chase.seat_zero(), "0 = första givare");
        assert_eq!(BotLevel::Novice.said(), "nybörjare");
        assert_eq!(Variant::Grace.said(), "nåd");
        assert!(Variant::Grace.said_summary().contains("på nåder"));
        // --help stays English whatever the language.
        assert_eq!(
            Variant::Grace.summary(),
            "Losing your last life puts you on grace for one more round"
        );
        let decisions = GameId::FortyOne.game_type().decisions.as_ref();
        assert_eq!(
            decisions.map(parlor::games::DecisionWords::many),
            Some("tärningar undanlagda")
        );
    });
    assert_eq!(GameId::ChaseTheAce.title(), "Chase the Ace");
    assert!(
        GameId::ChaseTheAce
            .game_type()
            .rules()
            .starts_with("Chase the Ace")
    );
}

#[test]
fn dice_tables_are_labelled_in_swedish() {
    let names = common::names(4, None);
    swedish(|| {
        let forty_one = parlor::games::new_game(Settings::defaults(GameId::FortyOne));
        let view = forty_one.view(None);
        let tracker: Vec<String> = present::tracker(&view, &names)
            .into_iter()
            .map(|label| label.full)
            .collect();
        assert_eq!(tracker[0], "Omgång 1 av 10 · kast 1 av 6", "{tracker:?}");
        assert_eq!(tracker[3], "Att slå: inget än", "{tracker:?}");
        assert_eq!(
            present::action_label(&view, Action::SetDown(4), &names),
            "Lägg undan en 4:a"
        );
        let help = parlor::games::new_game(Settings::defaults(GameId::HelpYourNeighbour));
        let view = help.view(None);
        let owns = &seats(&view)[0].status[0];
        assert!(owns.full.starts_with("ÄGER "), "{owns:?}");
        assert_eq!(present::centre(&view).pot_label, "Pott");
        let swedish_aces = parlor::games::new_game(Settings::defaults(GameId::SwedishAces));
        assert_eq!(
            present::centre(&swedish_aces.view(None)).pot_label,
            "Mitten"
        );
    });
}
