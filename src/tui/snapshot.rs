//! What to draw this frame, built from the app: the screen, its texts and choices, the
//! table as shown at this beat. Rendering and the mouse read only this, so drawing can
//! never change state and a click lands on what was drawn.

use super::app::{App, Overlay, Screen};
use super::intent::Confirm;
use super::odds_panel::Solved;
use super::setup_form::{SetupForm, SetupRow};
use super::sitting::Sitting;
use crate::games::{Action, GameId};
use crate::present::{self, Label, SeatInfo};
use crate::stage::Scene;
use crate::stats::Stats;
use crate::table::SeatKind;

pub struct Snapshot<'a> {
    pub screen: ScreenView<'a>,
    pub overlay: Option<OverlayView<'a>>,
    /// A notice for the player (a stats problem).
    pub notice: Option<&'a str>,
    pub color: bool,
}

pub enum ScreenView<'a> {
    Menu { selected: usize },
    Setup(SetupView<'a>),
    Table(Box<TableView<'a>>),
}

pub enum OverlayView<'a> {
    Help,
    Stats(&'a Stats),
    Rules { game: GameId, scroll: u16 },
    Confirm(Confirm),
}

pub struct SetupView<'a> {
    pub game: GameId,
    pub rows: Vec<SetupLine>,
    pub selected: usize,
    /// What the highlighted row does, in a line or two.
    pub note: Option<&'static str>,
    pub error: Option<&'a str>,
}

pub struct SetupLine {
    pub row: SetupRow,
    pub label: String,
    pub value: SetupValue,
}

pub enum SetupValue {
    /// `◀ 4 ▶`
    Stepper(String),
    Check {
        on: bool,
        text: &'static str,
    },
    /// Each seat: a person or a bot; the seat under the cursor, when the row is chosen.
    Seats {
        humans: Vec<bool>,
        cursor: Option<usize>,
    },
    Text(String),
    Button(&'static str),
}

/// What the keys mean at the table right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableMode {
    /// A person must take the keyboard before the table shows their card.
    Handover,
    /// The show waits for a key after a round's end.
    Held,
    /// Beats are still being shown.
    Showing,
    /// A person chooses.
    Deciding,
    /// The bots are about to move.
    Waiting,
    Over,
    Replay,
}

pub struct TableView<'a> {
    pub game: GameId,
    pub mode: TableMode,
    pub header: Vec<HeaderPart>,
    /// Every seat, by seat number.
    pub seats: Vec<SeatView>,
    /// The seat drawn nearest the player, at the bottom.
    pub bottom: u8,
    pub scene: Scene,
    pub frame: u64,
    pub log: &'a [String],
    pub log_scroll: usize,
    pub odds: Option<OddsView<'a>>,
    pub bar: Bar,
    pub footer: Vec<(&'static str, &'static str)>,
    /// The game-over panel's lines, once the last beat is shown.
    pub game_over: Option<Vec<String>>,
    /// The name of whoever must take the keyboard.
    pub handover: Option<String>,
}

/// A piece of the header: the more it matters, the later it is shortened or dropped.
pub struct HeaderPart {
    pub text: Label,
    pub priority: u8,
    pub bold: bool,
}

pub struct SeatView {
    pub name: String,
    pub human: bool,
    pub info: SeatInfo,
    /// The highlighted choice points at this seat.
    pub target: bool,
}

pub enum Bar {
    Choices { items: Vec<Choice>, selected: usize },
    Status(String),
}

pub struct Choice {
    pub action: Action,
    pub label: String,
}

pub struct OddsView<'a> {
    /// The figures for the position shown; `None` while they are worked out.
    pub solved: Option<&'a Solved>,
    pub names: Vec<String>,
    pub game: GameId,
}

impl App {
    pub fn snapshot(&self) -> Snapshot<'_> {
        let screen = match (&self.screen, &self.sitting) {
            (Screen::Menu { selected }, _) => ScreenView::Menu {
                selected: *selected,
            },
            (Screen::Setup(form), _) => ScreenView::Setup(setup_view(form)),
            (Screen::Table, Some(sitting)) => {
                ScreenView::Table(Box::new(table_view(sitting, self.frame)))
            }
            (Screen::Table, None) => ScreenView::Menu { selected: 0 },
        };
        let overlay = self.overlay.map(|overlay| match overlay {
            Overlay::Help => OverlayView::Help,
            Overlay::Stats => OverlayView::Stats(&self.recorder.stats),
            Overlay::Rules { game, scroll } => OverlayView::Rules { game, scroll },
            Overlay::Confirm(question) => OverlayView::Confirm(question),
        });
        Snapshot {
            screen,
            overlay,
            notice: self.notice.as_deref(),
            color: self.options.color,
        }
    }
}

fn stepper(value: impl std::fmt::Display) -> SetupValue {
    SetupValue::Stepper(format!("◀ {value} ▶"))
}

fn setup_view(form: &SetupForm) -> SetupView<'_> {
    let levels = form.game.bot_levels();
    let rows = form
        .rows()
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let (label, value) = match row {
                SetupRow::Players => ("Players".to_owned(), stepper(form.players)),
                SetupRow::Amount(name) => (name.to_owned(), stepper(form.amount)),
                SetupRow::Seats => (
                    "Seats (Space: you/bot)".to_owned(),
                    SetupValue::Seats {
                        humans: form.humans.clone(),
                        cursor: (i == form.row).then_some(form.seat_cursor),
                    },
                ),
                SetupRow::Name(seat) => (
                    format!("Name at seat {}", seat + 1),
                    SetupValue::Text(form.name(seat)),
                ),
                SetupRow::Level => ("Bot level".to_owned(), stepper(levels[form.level])),
                SetupRow::Stakes => (
                    "Stakes".to_owned(),
                    SetupValue::Check {
                        on: form.stakes,
                        text: if form.stakes { "on" } else { "off" },
                    },
                ),
                SetupRow::Bank => ("Starting bank".to_owned(), stepper(form.bank)),
                SetupRow::Rounds => ("Rounds".to_owned(), stepper(form.rounds)),
                SetupRow::Variant(v) => (
                    format!("Variant {v}"),
                    SetupValue::Check {
                        on: form.variants.contains(v),
                        text: "",
                    },
                ),
                SetupRow::Animation => (
                    "Dice animation".to_owned(),
                    SetupValue::Check {
                        on: form.animation,
                        text: if form.animation {
                            "on"
                        } else {
                            "off (reduced motion)"
                        },
                    },
                ),
                SetupRow::Seed => ("Seed".to_owned(), SetupValue::Text(form.seed.clone())),
                SetupRow::Start => (String::new(), SetupValue::Button("[ Start the game ]")),
            };
            SetupLine { row, label, value }
        })
        .collect();
    SetupView {
        game: form.game,
        rows,
        selected: form.row,
        note: form.current_row().map(setup_note),
        error: form.error.as_deref(),
    }
}

/// What a setup row does.
fn setup_note(row: SetupRow) -> &'static str {
    match row {
        SetupRow::Players => "How many seats at the table (←→)",
        SetupRow::Amount(_) => "What each player starts with (←→)",
        SetupRow::Seats => "←→ pick a seat, Space makes it yours or a bot's",
        SetupRow::Name(_) => "Type a name (Backspace deletes); the log and showdown use it",
        SetupRow::Level => "How the bots play (←→); the README says how each level plays",
        SetupRow::Stakes => "On: chips change hands; off: play for rounds won only",
        SetupRow::Bank => "Chips each player starts the match with (←→)",
        SetupRow::Rounds => "Rounds in the match (←→)",
        SetupRow::Variant(v) => v.summary(),
        SetupRow::Animation => "Dice tumble before they land; off shows every result at once",
        SetupRow::Seed => "Type a seed to deal a game again; Space draws a new one",
        SetupRow::Start => "Enter starts the game",
    }
}

fn table_view(sitting: &Sitting, frame: u64) -> TableView<'_> {
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
    let mode = if sitting.replay.is_some() {
        TableMode::Replay
    } else if sitting.handover_due().is_some() {
        TableMode::Handover
    } else if stage.held() {
        TableMode::Held
    } else if !stage.caught_up() {
        TableMode::Showing
    } else if sitting.is_over() {
        TableMode::Over
    } else if offered.is_empty() {
        TableMode::Waiting
    } else {
        TableMode::Deciding
    };
    let seats = scene
        .seats
        .iter()
        .enumerate()
        .map(|(seat, info)| SeatView {
            name: names[seat].clone(),
            human: live.seats()[seat].kind == SeatKind::Human,
            info: info.clone(),
            target: target == Some(seat as u8),
        })
        .collect();
    let bar = if offered.is_empty() {
        Bar::Status(status(sitting, mode, &names))
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
        odds: sitting.odds.as_ref().map(|panel| OddsView {
            solved: panel.for_position(stage.shown().history().len()),
            names: names.clone(),
            game: settings.game,
        }),
        bar,
        footer: footer(mode),
        game_over: (mode == TableMode::Over || (mode == TableMode::Replay && stage.finished()))
            .then(|| game_over(sitting)),
        handover: sitting
            .handover_due()
            .map(|seat| names[usize::from(seat)].clone()),
    }
}

fn status(sitting: &Sitting, mode: TableMode, names: &[String]) -> String {
    let live = sitting.table();
    match mode {
        TableMode::Handover => "Hand the keyboard over".to_owned(),
        TableMode::Held => "Any key: go on".to_owned(),
        TableMode::Showing => "Any key: skip to now".to_owned(),
        TableMode::Over => String::new(),
        _ if sitting.paused => "Paused: p to resume, . to step one move".to_owned(),
        TableMode::Replay => String::new(),
        TableMode::Waiting | TableMode::Deciding => {
            // Who is deciding, as everyone may see it (a King call is secret).
            let public = present::seats(&live.game().view(None));
            let Some(seat) = public.iter().position(|s| s.to_act) else {
                return String::new();
            };
            let name = &names[seat];
            if live.game().legal_actions().as_slice() == [Action::Roll] {
                format!("{name} to roll")
            } else {
                format!("{name} is deciding…")
            }
        }
    }
}

fn header(sitting: &Sitting) -> Vec<HeaderPart> {
    let live = sitting.table();
    let settings = live.game().settings();
    let speed = match sitting.stage.pacing().speed_ms {
        0 => Label::new("bots instant", "instant"),
        ms => Label::new(
            format!("bots {:.1}s a move", ms as f64 / 1000.0),
            format!("{:.1}s", ms as f64 / 1000.0),
        ),
    };
    let part = |text: Label, priority: u8| HeaderPart {
        text,
        priority,
        bold: false,
    };
    let mut parts = vec![
        HeaderPart {
            text: Label::same(settings.game.title()),
            priority: 9,
            bold: true,
        },
        part(
            Label::new(
                settings.signature(),
                format!("{} players", settings.players),
            ),
            2,
        ),
        part(Label::same(format!("seed {}", live.seed())), 3),
        part(speed, 4),
    ];
    if let Some(viewer) = &sitting.replay {
        let state = if viewer.playing { "playing" } else { "stopped" };
        let at = live.history().len();
        let last = viewer.tables.len() - 1;
        parts.push(HeaderPart {
            text: Label::new(
                format!("REPLAY step {at} of {last} ({state})"),
                format!("REPLAY {at}/{last}"),
            ),
            priority: 8,
            bold: true,
        });
    }
    for (on, flag) in [(sitting.paused, "PAUSED"), (sitting.auto, "AUTO")] {
        if on {
            parts.push(HeaderPart {
                text: Label::same(flag),
                priority: 8,
                bold: true,
            });
        }
    }
    parts
}

fn footer(mode: TableMode) -> Vec<(&'static str, &'static str)> {
    match mode {
        TableMode::Replay => vec![
            ("←→", "step"),
            ("Space", "play/stop"),
            ("Home/End", "jump"),
            ("+/-", "speed"),
            ("r", "rules"),
            ("q", "quit"),
        ],
        TableMode::Over => vec![
            ("n", "new"),
            ("g", "same seed"),
            ("m", "menu"),
            ("r", "rules"),
            ("s", "stats"),
            ("q", "quit"),
        ],
        _ => vec![
            ("a", "auto"),
            ("p", "pause"),
            ("+/-", "speed"),
            ("o", "odds"),
            ("r", "rules"),
            ("?", "help"),
            ("Esc", "menu"),
            ("q", "quit"),
        ],
    }
}

fn game_over(sitting: &Sitting) -> Vec<String> {
    let live = sitting.table();
    let figures = live.game().figures();
    let settings = live.game().settings();
    let mut lines = vec![
        sitting.stage.lines().last().cloned().unwrap_or_default(),
        String::new(),
    ];
    lines.push(match settings.game {
        GameId::FortyOne | GameId::ChaseTheAce => {
            format!("Rounds: {}   Turns: {}", figures.rounds, figures.turns)
        }
        // Dice go to the centre and are out: there is no pot to win.
        GameId::SwedishAces => format!("Turns: {}", figures.turns),
        GameId::AcesInThePot | GameId::Lcr => {
            format!("Pot: {}   Turns: {}", figures.pot_won, figures.turns)
        }
    });
    lines.push(format!("Seed: {}", live.seed()));
    lines.push(format!(
        "Game code: {}",
        crate::replay::game_code(settings, live.seed())
    ));
    if let Some(record) = &sitting.record {
        lines.push(record.clone());
    }
    lines.push(String::new());
    lines.push(if sitting.replay.is_some() {
        "← step back · Home from the start · q quit".to_owned()
    } else {
        "n new game · g same seed · m menu · q quit".to_owned()
    });
    lines
}
