//! What the table says in words where its symbols would mislead: lives in ASCII, and
//! seats that went out together named together.

use crate::support::screens::{drawn_rows, options, setup};

use parlor::games::present::{Moment, banner_in_step};
use parlor::games::{Event, GameId, SeatNames, Settings};
use parlor::tui::App;

#[test]
fn in_ascii_lives_are_counted_in_words_not_as_a_row_of_h() {
    let mut app = App::new(
        parlor::tui::Options {
            ascii: true,
            ..options(false)
        },
        Some(setup(GameId::ChaseTheAce, Some(4), true, 2)),
    );
    for (width, height) in [(80, 24), (120, 40)] {
        let shown = drawn_rows(&mut app, width, height).join("\n");
        assert!(shown.contains("3 of 3 lives"), "{shown}");
        assert!(!shown.contains("hhh"), "{shown}");
        assert!(shown.is_ascii(), "{shown}");
    }
}

#[test]
fn seats_out_in_one_step_are_named_together() {
    let names = SeatNames::new(
        ["Ana", "Ben", "Cara", "Dev"].map(str::to_owned).to_vec(),
        None,
    );
    let game = parlor::games::new_game(Settings::defaults(GameId::ChaseTheAce));
    let before = game.view(None);
    let step = [
        Event::LostLife { seat: 0, left: 0 },
        Event::Out { seat: 0 },
        Event::LostLife { seat: 3, left: 0 },
        Event::Out { seat: 3 },
    ];
    let banner = banner_in_step(&step[3], &step[..3], &before, &names).expect("a banner");
    assert_eq!(banner.text.full, "Ana and Dev are out!");
    assert_eq!(banner.moment, Moment::RoundEnd);
    // One alone is named alone.
    let one = banner_in_step(&step[1], &step[..1], &before, &names).expect("a banner");
    assert_eq!(one.text.full, "Ana is out!");
}

/// Seen by nobody in particular (one keyboard shared, a watcher), the centre shows the
/// last showdown only between rounds: once a round's cards are out it would read as the
/// cards now in play.
#[test]
fn the_last_showdown_leaves_the_centre_once_the_next_round_is_dealt() {
    use parlor::games::View;
    use parlor::games::chase_the_ace::Phase;
    use parlor::table::{Progress, Seat, SeatKind, Table};
    let settings = Settings::defaults(GameId::ChaseTheAce);
    let seats: Vec<Seat> = (0..settings.players)
        .map(|s| Seat {
            name: format!("P{s}"),
            kind: SeatKind::Bot(GameId::ChaseTheAce.bot_levels()[0]),
        })
        .collect();
    let mut table = Table::new(settings, seats, 9);
    let (mut in_round, mut between) = (0, 0);
    while table.advance() != Progress::Over {
        let view = table.game().view(None);
        let View::ChaseTheAce(chase) = &view else {
            unreachable!()
        };
        let cards = parlor::games::present::centre(&view).cards;
        let dealt = matches!(
            chase.phase,
            Phase::Exchange | Phase::KingCall { .. } | Phase::DealerChoice
        );
        if dealt {
            in_round += 1;
            assert!(
                cards.is_none(),
                "a showdown in the centre mid-round: {cards:?}"
            );
        } else if cards.is_some() {
            between += 1;
        }
    }
    assert!(in_round > 0 && between > 0, "{in_round} {between}");
}
