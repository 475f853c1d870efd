//! One full 120x40 table frame, drawn into ratatui's test backend: the cost of a redraw.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor::games::{GameId, Settings};
use parlor::table::{GameSetup, Seat};
use parlor::tui::{App, Options};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn frame(c: &mut Criterion) {
    for game in GameId::ALL {
        let settings = Settings::defaults(game);
        let levels = vec![game.bot_levels()[0]; usize::from(settings.players)];
        // You at seat 0, bots in the rest.
        let humans: Vec<bool> = (0..levels.len()).map(|seat| seat == 0).collect();
        let setup = GameSetup {
            settings,
            seats: Seat::seated(&humans, &[], &levels),
            seed: 7,
        };
        let options = Options {
            speed_ms: 0,
            auto: false,
            reduced_motion: true,
            theme: parlor::tui::theme::Theme::dark(),
            ..Options::default()
        };
        let mut app = App::new(options, Some(setup));
        // Play into the game so the log, the roll and the tracker are all on screen.
        for _ in 0..40 {
            let sitting = app.sitting.as_mut().expect("a table");
            if let Some(&action) = sitting.offered().first() {
                sitting.act(action, Instant::now());
            }
            app.tick(Instant::now());
        }
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
        c.bench_function(&format!("frame 120x40 {}", game.name()), |b| {
            b.iter(|| {
                terminal
                    .draw(|f| f.render_widget(black_box(&app.snapshot()), f.area()))
                    .expect("draw");
            });
        });
    }
}

criterion_group!(benches, frame);
criterion_main!(benches);
