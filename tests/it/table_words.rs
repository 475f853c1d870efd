//! What the table says in words where its symbols would mislead: lives in ASCII, and
//! seats that went out together named together.

use crate::support::screens::{drawn_rows, options, setup};

use parlor::games::{Event, GameId, SeatNames, Settings};
use parlor::present::{Moment, banner_in_step};
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
