//! The table as drawn this beat: the seats, the scene, the log, the choices or what is
//! happening, the header and keys, and the game-over panel.

use crate::games::present::{self, Label};
use crate::games::{Action, GameId, SeatNames};
use crate::keymap::{self, Keymap};
use crate::said;
use crate::stats::DailyRun;
use crate::table::SeatKind;
use crate::tui::commands;
use crate::tui::sitting::{Sitting, TableSource};
use crate::tui::snapshot::{
    Bar, Choice, HeaderPart, OddsView, SeatView, TableKeys, TableMode, TableView,
};
use crate::words;

pub(super) fn view<'a>(sitting: &'a Sitting, frame: u64, keymap: &Keymap) -> TableView<'a> {
    let stage = &sitting.stage;
    let live = stage.live();
    let settings = live.game().settings();
    let viewer = sitting.viewer();
    let scene = stage.scene(viewer);
    let names = live.names();
    let offered = sitting.offered();
    let choice = sitting.choice.min(offered.len().saturating_sub(1));
    let view = live.game().view(viewer);
    let target = offered
        .get(choice)
        .and_then(|&a| present::action_target(&view, a));
    let mode = if let TableSource::Replay(_) = sitting.kind {
        TableMode::Replay
    } else if sitting.handover_due().is_some() {
        TableMode::Handover
    } else if sitting.peeking().is_some() {
        TableMode::Peek
    } else if stage.held() {
        TableMode::Held
    } else if !offered.is_empty() {
        TableMode::Deciding
    } else if !stage.caught_up() {
        TableMode::Showing
    } else if sitting.is_over() {
        TableMode::Over
    } else {
        TableMode::Waiting
    };
    let seats = scene
        .seats
        .iter()
        .enumerate()
        .map(|(seat, info)| SeatView {
            seat: seat as u8,
            name: names.name(seat as u8),
            spoken_to: names.is_you(seat as u8),
            human: live.seats()[seat].kind == SeatKind::Human,
            info: info.clone(),
            target: target == Some(seat as u8),
        })
        .collect();
    let bar = if offered.is_empty() {
        Bar::Status(status(sitting, mode, &names, keymap))
    } else {
        Bar::Choices {
            items: offered
                .iter()
                .map(|&action| Choice {
                    action,
                    label: present::action_label(&view, action, &names),
                })
                .collect(),
            selected: choice,
        }
    };
    let keys = TableKeys {
        mode,
        game: settings.game,
        offers: sitting.offers(),
        choices: offered.clone(),
    };
    let bottom = viewer
        .or_else(|| {
            live.seats()
                .iter()
                .position(|s| s.kind == SeatKind::Human)
                .map(|s| s as u8)
        })
        .unwrap_or(0);
    TableView {
        game: settings.game,
        mode,
        header: header(sitting),
        seats,
        bottom,
        scene,
        frame,
        log: stage.lines(),
        log_scroll: sitting.log_scroll,
        opening_hint: opening_hint(settings.game, keymap),
        odds: sitting.odds.as_ref().map(|panel| OddsView {
            solved: panel.for_position(stage.shown().history().len()),
            hide_key: commands::shown(keymap, keymap::Action::Odds),
            names: names.said(),
            goal: settings.goal(),
        }),
        bar,
        footer: commands::footer(commands::TABLE, &keys, keymap),
        game_over: (mode == TableMode::Over || (mode == TableMode::Replay && stage.finished()))
            .then(|| game_over(sitting, &keys, keymap)),
        keys,
        handover: sitting.handover_due().map(|seat| names.name(seat)),
    }
}

/// What the log says before anything has happened, with the keys in force.
fn opening_hint(game: GameId, keymap: &Keymap) -> String {
    said!(
        table_opening_hint,
        tagline = game.tagline(),
        rules = commands::shown(keymap, keymap::Action::Rules),
        help = commands::shown(keymap, keymap::Action::Help)
    )
}

fn status(sitting: &Sitting, mode: TableMode, names: &SeatNames, keymap: &Keymap) -> String {
    let live = sitting.table();
    if let TableSource::Shared(remote) = &sitting.kind
        && !remote.started
    {
        let table = remote.table_name();
        return if remote.creator {
            said!(status_table_opened, table = table)
        } else {
            said!(status_table_waiting, table = table)
        };
    }
    match mode {
        TableMode::Handover => said!(status_handover),
        TableMode::Peek => {
            let seat = sitting.peeking().map_or(0, usize::from);
            said!(status_peek, name = names.name(seat as u8))
        }
        TableMode::Over => String::new(),
        _ if sitting.paused() => said!(
            status_paused,
            pause = commands::shown(keymap, keymap::Action::Pause),
            step = commands::shown(keymap, keymap::Action::Step)
        ),
        TableMode::Held => said!(status_held),
        TableMode::Showing => said!(status_showing),
        TableMode::Replay => String::new(),
        TableMode::Waiting | TableMode::Deciding => {
            // Who is deciding, as everyone may see it (a King call is secret).
            let Some(seat) = present::public_decider(live.game()) else {
                return String::new();
            };
            let who = if names.is_you(seat) { "you" } else { "one" };
            let name = names.name(seat);
            if live.game().legal_actions().as_slice() == [Action::Roll] {
                said!(status_to_roll, who = who, name = name)
            } else {
                said!(status_deciding, who = who, name = name)
            }
        }
    }
}

/// The header, in one form at every width: what is played and how, the pace, and what
/// the table is doing. When it does not fit, the least important parts go first. The seed
/// is not in it while the game is played: with the seed, anyone who can see the screen
/// could work out every card still hidden (it is on the game-over panel).
fn header(sitting: &Sitting) -> Vec<HeaderPart> {
    let live = sitting.table();
    let settings = live.game().settings();
    let part = |text: String, priority: u8, bold: bool| HeaderPart {
        text: Label::same(text),
        priority,
        bold,
    };
    let (people, rules, variants) = present::settings_in_words(settings);
    let mut parts = vec![
        part(settings.game.title().to_owned(), 9, true),
        part(people, 3, false),
    ];
    parts.extend(rules.map(|rules| part(rules, 2, false)));
    parts.extend(variants.map(|variants| part(variants, 1, false)));
    parts.push(part(
        match sitting.stage.pacing().speed_ms {
            0 => said!(header_bots_instant),
            ms => said!(
                header_bots_speed,
                seconds = words::spoken().decimal(ms as f64 / 1000.0, 1)
            ),
        },
        4,
        false,
    ));
    match &sitting.kind {
        TableSource::Local(local) => {
            if let Some(daily) = &local.daily {
                parts.push(part(
                    said!(header_daily, day = daily.deal.day.to_string()),
                    5,
                    false,
                ));
            }
        }
        TableSource::Shared(remote) => {
            // The clock is the live table's: told once the table shows that turn, not
            // over the beats of the move before it.
            if let Some((seat, left)) = remote.clock_shown.filter(|_| sitting.stage.revealed()) {
                let yours = remote.seat == Some(seat);
                parts.push(part(
                    said!(
                        header_clock,
                        who = if yours { "you" } else { "one" },
                        name = live.names().name(seat),
                        left = left
                    ),
                    7,
                    yours,
                ));
            }
        }
        TableSource::Replay(viewer) => {
            let state = if viewer.playing { "playing" } else { "stopped" };
            let at = live.history().len();
            let last = viewer.timeline.len() - 1;
            parts.push(part(
                said!(header_seed, seed = live.seed().to_string()),
                3,
                false,
            ));
            parts.push(part(
                said!(header_replay, at = at, last = last, state = state),
                8,
                true,
            ));
        }
    }
    if sitting.bots_only() && !matches!(sitting.kind, TableSource::Replay(_)) {
        parts.push(part(said!(header_watching), 8, true));
    }
    if sitting.paused() {
        parts.push(part(said!(header_paused), 8, true));
    }
    if sitting.auto() {
        parts.push(part(said!(header_auto), 8, true));
    }
    parts
}

fn game_over(sitting: &Sitting, keys: &TableKeys, keymap: &Keymap) -> Vec<String> {
    let live = sitting.table();
    let figures = live.game().figures();
    let settings = live.game().settings();
    let view = live.game().view(None);
    let mut lines = vec![
        sitting
            .stage
            .lines()
            .last()
            .map(|line| line.text.clone())
            .unwrap_or_default(),
        String::new(),
    ];
    lines.extend(
        view.presentation()
            .game_over(figures, &live.names().said(), PANEL_LINE),
    );
    if let Some(daily) = sitting.daily() {
        lines.extend(daily_lines(daily));
    } else {
        let seed = said!(game_over_seed, seed = live.seed().to_string());
        let code = said!(
            game_over_code,
            code = crate::replay::game_code(settings, live.seed())
        );
        lines.extend(one_line_if_it_fits(&[seed, code], " · "));
    }
    if let Some(record) = sitting.record_line() {
        lines.push(record.to_owned());
    }
    lines.push(String::new());
    lines.push(commands::hint(commands::TABLE, keys, keymap));
    lines
}

/// The longest game-over line that fits the panel on the smallest screen.
const PANEL_LINE: usize = 54;

/// `parts` joined on one line when it fits the panel, else a line each.
fn one_line_if_it_fits(parts: &[String], separator: &str) -> Vec<String> {
    let one = parts.join(separator);
    if crate::tui::columns::columns(&one) <= PANEL_LINE {
        vec![one]
    } else {
        parts.to_vec()
    }
}

/// The daily deal's part of the game-over panel: the attempt in words, and its line to
/// share with where it went.
fn daily_lines(daily: &DailyRun) -> Vec<String> {
    let mut lines = daily.summary();
    if let Some(outcome) = &daily.outcome {
        lines.push(outcome.share_line());
        lines.push(said!(game_over_copied));
    }
    lines
}
