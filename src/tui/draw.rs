//! Drawing the parlor. Everything here takes `&App`: drawing never changes state.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget, Wrap};

use super::app::{App, Overlay, Screen, SetupForm, SetupRow};
use super::layout::{self, DIE_HEIGHT, MIN_HEIGHT, MIN_WIDTH};
use super::odds_panel::{Hint, OddsPanel};
use crate::games::{Action, GameId, Turn, View};
use crate::present::{self, CardFace, DieFace, SeatInfo};
use crate::table::SeatKind;

/// The rules overlay's text for each game, from assets/.
pub fn rules_text(game: GameId) -> &'static str {
    match game {
        GameId::AcesInThePot => include_str!("../../assets/rules/aces-in-the-pot.txt"),
        GameId::SwedishAces => include_str!("../../assets/rules/swedish-aces.txt"),
        GameId::Lcr => include_str!("../../assets/rules/lcr.txt"),
        GameId::FortyOne => include_str!("../../assets/rules/forty-one.txt"),
        GameId::ChaseTheAce => include_str!("../../assets/rules/chase-the-ace.txt"),
    }
}

const HELP: &str = "\
Space / Enter   roll, throw, or play the highlighted choice
← →             move between choices (dice, seats, keep/exchange)
1-6             Forty-One: set down a die showing that number
k e c t         Chase the Ace: keep, exchange, cut, throw down a King
a               auto-play your seat (again to take it back)
p               pause the bots        .   step one move while paused
+ / -           bots faster / slower (instant to 3 s a move)
PgUp / PgDn     scroll the log (the mouse wheel too)
n               new game              r   rules of this game
o               odds: every seat's chance, and a hint for your decision
s               your stats
?               this help             q / Esc   quit (asks mid-game)
Ctrl-C          quit at once

Game over: n new game, g same seed again, m menu.
The mouse works too: click a game, a setting, a choice, a die or a seat.";

impl App {
    fn style(&self, color: Color) -> Style {
        if self.options.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    /// The seat whose view the table shows: the human deciding, else the first human.
    pub fn viewer(&self) -> Option<u8> {
        let table = self.table.as_ref()?;
        table.waiting_for().or_else(|| {
            table
                .seats()
                .iter()
                .position(|s| s.kind == SeatKind::Human)
                .map(|s| s as u8)
        })
    }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if layout::too_small(area) {
            render_too_small(area, buf);
            return;
        }
        match &self.screen {
            Screen::Menu { selected } => self.render_menu(*selected, area, buf),
            Screen::Setup(form) => self.render_setup(form, area, buf),
            Screen::Table => self.render_table(area, buf),
        }
        match self.overlay {
            Some(Overlay::Help) => self.render_panel(" Help ", HELP, area, buf, 0),
            Some(Overlay::Stats) => self.render_stats(area, buf),
            Some(Overlay::Rules { scroll }) => {
                let game = self
                    .table
                    .as_ref()
                    .map_or(GameId::AcesInThePot, |t| t.game().settings().game);
                self.render_panel(
                    " Rules (↑↓ scroll, any other key closes) ",
                    rules_text(game),
                    area,
                    buf,
                    scroll,
                );
            }
            Some(Overlay::ConfirmQuit) => {
                self.render_panel(
                    " Quit? ",
                    "Leave this game? It will be lost.\n\ny quit    any other key: keep playing",
                    area,
                    buf,
                    0,
                );
            }
            None => {}
        }
    }
}

/// The odds panel: a bar per seat with its chance, how it was found, and the hint for the
/// decision in front of you.
/// Within `rows` lines: a bar per seat when they fit, else the seats packed three to a line.
fn odds_lines(
    panel: &OddsPanel,
    names: &[String],
    game: GameId,
    rows: usize,
) -> Vec<Line<'static>> {
    const BAR: usize = 12;
    let Some(solved) = &panel.solved else {
        return vec![Line::from("working the odds out…")];
    };
    let odds = &solved.odds;
    let method = match odds.std_error {
        Some(se) => format!("{} (± {:.1}%)", odds.method.name(), 100.0 * se),
        None => odds.method.name().to_owned(),
    };
    let what = if game == GameId::SwedishAces {
        "chance not to lose"
    } else {
        "chance to win"
    };
    let mut lines = vec![Line::from(format!("{what}, {method}"))];
    let hint_rows = match &solved.hint {
        Hint::Dice(hints) => hints.len() + 1,
        Hint::Chase(_) => 2,
        Hint::None => 0,
    };
    let name = |seat: usize| -> String {
        names
            .get(seat)
            .map_or("?", String::as_str)
            .chars()
            .take(6)
            .collect()
    };
    if 1 + odds.seat_win.len() + hint_rows <= rows {
        for (seat, &p) in odds.seat_win.iter().enumerate() {
            let filled = (p.clamp(0.0, 1.0) * BAR as f64).round() as usize;
            lines.push(Line::from(format!(
                "{:<6} {}{} {:>5.1}%",
                name(seat),
                "█".repeat(filled),
                "░".repeat(BAR - filled),
                100.0 * p
            )));
        }
    } else {
        for chunk in odds.seat_win.chunks(3).enumerate() {
            let (first, seats) = chunk;
            let text: Vec<String> = seats
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{:<5}{:>4.0}%", name(first * 3 + i), 100.0 * p))
                .collect();
            lines.push(Line::from(text.join("  ")));
        }
    }
    let roomy = lines.len() + hint_rows <= rows;
    match &solved.hint {
        Hint::Dice(hints) if roomy => {
            lines.push(Line::from("Set down: qualify · mean · beat · win"));
            let best = hints
                .iter()
                .map(|h| h.p_win)
                .fold(f64::NEG_INFINITY, f64::max);
            for h in hints {
                let mark = if h.p_win.total_cmp(&best).is_eq() {
                    " ◀"
                } else {
                    ""
                };
                lines.push(Line::from(format!(
                    " {}: {:>3.0}% {:>5.1} {:>3.0}% {:>3.0}%{mark}",
                    h.face,
                    100.0 * h.p_qualify,
                    h.expected_score,
                    100.0 * h.p_beat,
                    100.0 * h.p_win
                )));
            }
        }
        Hint::Dice(hints) => {
            // One line: each face by its chance to win the round, best first.
            let mut by_win = hints.clone();
            by_win.sort_by(|a, b| b.p_win.total_cmp(&a.p_win));
            let faces: Vec<String> = by_win
                .iter()
                .map(|h| format!("{} {:.0}%", h.face, 100.0 * h.p_win))
                .collect();
            lines.push(Line::from(format!(
                "win if set down: {}",
                faces.join(" · ")
            )));
        }
        Hint::Chase(h) => {
            if roomy {
                lines.push(Line::from("Chance you end lowest:"));
            }
            lines.push(Line::from(format!(
                " lowest if keep {:.0}% · change {:.0}%",
                100.0 * h.keep,
                100.0 * h.change
            )));
        }
        Hint::None => {}
    }
    lines
}

/// A seat's initial for a card's label.
fn initial(names: &[String], seat: u8) -> String {
    names
        .get(usize::from(seat))
        .and_then(|n| n.chars().next())
        .map_or_else(|| seat.to_string(), String::from)
}

/// The selection: reversed and bold, so it shows without colour.
fn highlight() -> Style {
    Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
}

fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

fn render_too_small(area: Rect, buf: &mut Buffer) {
    let text = format!(
        "Enlarge the terminal to at least {MIN_WIDTH} x {MIN_HEIGHT} (now {} x {})",
        area.width, area.height
    );
    let height = 3.min(area.height);
    let rect = Rect::new(
        area.x,
        area.y + area.height.saturating_sub(height) / 2,
        area.width,
        height,
    );
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(rect, buf);
}

fn footer(keys: &[(&str, &str)], area: Rect, buf: &mut Buffer) {
    let mut spans = Vec::new();
    for (key, what) in keys {
        spans.push(Span::styled(
            format!(" {key} "),
            Style::new().add_modifier(Modifier::REVERSED),
        ));
        spans.push(Span::raw(format!(" {what} ")));
    }
    Line::from(spans).render(area, buf);
}

impl App {
    fn render_panel(&self, title: &str, text: &str, area: Rect, buf: &mut Buffer, scroll: u16) {
        let width = text.lines().map(|l| l.chars().count()).max().unwrap_or(20) as u16 + 4;
        let height = (text.lines().count() as u16 + 2).min(area.height.saturating_sub(2));
        let rect = centred(area, width.max(title.chars().count() as u16 + 4), height);
        Clear.render(rect, buf);
        Paragraph::new(text)
            .scroll((scroll, 0))
            .block(
                Block::bordered()
                    .border_type(BorderType::Double)
                    .title(title)
                    .style(self.style(Color::White)),
            )
            .render(rect, buf);
    }

    fn render_menu(&self, selected: usize, area: Rect, buf: &mut Buffer) {
        Line::from(Span::styled(
            "  parlor",
            self.style(Color::Yellow).add_modifier(Modifier::BOLD),
        ))
        .render(Rect::new(area.x, area.y + 1, area.width, 1), buf);
        Line::from("  Folk dice and card games. Pick a game:")
            .render(Rect::new(area.x, area.y + 2, area.width, 1), buf);
        for (i, row) in layout::menu_rows(area).into_iter().enumerate() {
            let game = GameId::ALL[i];
            let marker = if i == selected { "▶" } else { " " };
            let text = format!(
                "{marker} {}  {:<24} {}",
                i + 1,
                game.title(),
                game.tagline()
            );
            let style = if i == selected {
                highlight()
            } else {
                Style::new()
            };
            Line::from(Span::styled(text, style)).render(row, buf);
        }
        let [_, notice, foot] = Layout::vertical([
            Constraint::Min(0),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        self.render_notice(notice, buf);
        footer(
            &[
                ("↑↓", "choose"),
                ("Enter", "set up"),
                ("1-5", "pick"),
                ("s", "stats"),
                ("?", "help"),
                ("q", "quit"),
            ],
            foot,
            buf,
        );
    }

    fn render_stats(&self, area: Rect, buf: &mut Buffer) {
        let rect = Rect::new(
            area.x + 1,
            area.y + 1,
            area.width.saturating_sub(2),
            area.height.saturating_sub(2),
        );
        Clear.render(rect, buf);
        let block = Block::bordered()
            .border_type(BorderType::Double)
            .title(" Your stats (any key closes) ");
        let inner = block.inner(rect);
        block.render(rect, buf);
        let stats = &self.recorder.stats;
        if stats.records.is_empty() {
            Paragraph::new("No games recorded yet: finish a game and it shows here.")
                .render(inner, buf);
            return;
        }
        let mut lines = vec![Line::from(Span::styled(
            format!(
                "{:<24} {:<9} {:>6} {:>6} {:>6} {:>8} {:>8}  rules",
                "game", "kind", "games", "wins", "win %", "streak", "best pot"
            ),
            Style::new().add_modifier(Modifier::BOLD),
        ))];
        for r in &stats.records {
            let rate = if r.games == 0 {
                0.0
            } else {
                100.0 * r.wins as f64 / r.games as f64
            };
            let kind = match r.kind {
                crate::stats::Kind::Played => "played",
                crate::stats::Kind::Watched => "watched",
            };
            lines.push(Line::from(format!(
                "{:<24} {kind:<9} {:>6} {:>6} {rate:>5.1}% {:>3}/{:<4} {:>8}  {}",
                r.game.title(),
                r.games,
                r.wins,
                r.current_streak,
                r.longest_streak,
                r.biggest_pot,
                r.rules
            )));
        }
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled(
            "Win rate by game (games you played)",
            Style::new().add_modifier(Modifier::BOLD),
        )));
        let bar_width = 30;
        for game in GameId::ALL {
            let (games, wins, pot) = stats
                .for_game(Some(game))
                .filter(|r| r.kind == crate::stats::Kind::Played)
                .fold((0, 0, 0), |(g, w, p), r| {
                    (g + r.games, w + r.wins, p.max(r.biggest_pot))
                });
            if games == 0 {
                continue;
            }
            let filled = (wins * bar_width / games) as usize;
            lines.push(Line::from(format!(
                "{:<24} {}{} {:>5.1}%  biggest pot {pot}",
                game.title(),
                "█".repeat(filled),
                "░".repeat(bar_width as usize - filled),
                100.0 * wins as f64 / games as f64
            )));
        }
        if let Some(latest) = stats
            .records
            .iter()
            .filter(|r| !r.recent.is_empty())
            .max_by_key(|r| r.last_played)
        {
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled(
                format!(
                    "Your last games of {} (W won, L lost), oldest first",
                    latest.game.title()
                ),
                Style::new().add_modifier(Modifier::BOLD),
            )));
            let spark: String = latest
                .recent
                .chars()
                .map(|c| if c == 'W' { '█' } else { '▁' })
                .collect();
            lines.push(Line::from(spark));
            lines.push(Line::from(latest.recent.clone()));
        }
        Paragraph::new(lines).render(inner, buf);
    }

    fn render_setup(&self, form: &SetupForm, area: Rect, buf: &mut Buffer) {
        let title = format!(" {} — new game ", form.game.title());
        let block = Block::bordered()
            .title(title)
            .border_type(BorderType::Rounded);
        let inner = layout::setup_rows(area);
        block.render(area, buf);
        let mut lines = Vec::new();
        for (i, row) in form.rows().into_iter().enumerate() {
            let (label, value) = setup_row_text(form, i, row);
            let text = format!(
                " {label:<width$} {value}",
                width = usize::from(layout::SETUP_LABEL_WIDTH)
            );
            let style = if i == form.row {
                highlight()
            } else {
                Style::new()
            };
            lines.push(Line::from(Span::styled(text, style)));
        }
        if let Some(error) = &form.error {
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled(
                format!(" {error}"),
                self.style(Color::Red).add_modifier(Modifier::BOLD),
            )));
        }
        let [body, foot] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(inner);
        Paragraph::new(lines).render(body, buf);
        footer(
            &[
                ("↑↓", "row"),
                ("←→", "change"),
                ("Space", "toggle"),
                ("Enter", "start"),
                ("Esc", "menu"),
            ],
            foot,
            buf,
        );
    }

    fn render_table(&self, area: Rect, buf: &mut Buffer) {
        let Some(table) = &self.table else { return };
        let regions = layout::table_regions(area);
        let view = table.game().view(self.viewer());
        let names = table.names();
        self.render_header(regions.header, buf);
        let seats = present::seats(&view);
        let rects = layout::seat_rects(regions.table, seats.len());
        for (seat, (info, rect)) in seats.iter().zip(rects).enumerate() {
            self.render_seat(
                &names[seat],
                info,
                table.seats()[seat].kind == SeatKind::Human,
                rect,
                buf,
            );
        }
        let centre = layout::centre_rect(regions.table, seats.len());
        self.render_centre(&view, &names, centre, buf);
        match &self.odds {
            Some(panel) => {
                let full = odds_lines(panel, &names, table.game().settings().game, usize::MAX);
                let (log, odds) = layout::log_and_odds(regions.log, full.len() as u16);
                let rows = usize::from(odds.height.saturating_sub(2));
                let lines = odds_lines(panel, &names, table.game().settings().game, rows);
                self.render_log(log, buf);
                // Figures for the last position stay up, marked, while the new ones are
                // worked out.
                let title = if panel.working && panel.solved.is_some() {
                    " Odds · updating… (o hides) "
                } else {
                    " Odds (o hides) "
                };
                Paragraph::new(lines)
                    .block(Block::bordered().title(title))
                    .render(odds, buf);
            }
            None => self.render_log(regions.log, buf),
        }
        self.render_action_bar(regions.action_bar, buf);
        let keys: &[(&str, &str)] = if self.replay.is_some() {
            &[
                ("←→", "step"),
                ("Space", "play/stop"),
                ("Home/End", "jump"),
                ("+/-", "speed"),
                ("r", "rules"),
                ("q", "quit"),
            ]
        } else if self.is_over() {
            &[
                ("n", "new"),
                ("g", "same seed"),
                ("m", "menu"),
                ("r", "rules"),
                ("q", "quit"),
            ]
        } else {
            &[
                ("a", "auto"),
                ("p", "pause"),
                (".", "step"),
                ("+/-", "speed"),
                ("o", "odds"),
                ("r", "rules"),
                ("?", "help"),
                ("q", "quit"),
            ]
        };
        footer(keys, regions.footer, buf);
        if self.is_over() {
            self.render_game_over(&names, regions.table, buf);
        }
    }

    /// A notice for the player, on its own line, readable without colour.
    fn render_notice(&self, area: Rect, buf: &mut Buffer) -> bool {
        let Some(notice) = &self.notice else {
            return false;
        };
        Clear.render(area, buf);
        Line::from(Span::styled(
            format!(" ! {notice}"),
            self.style(Color::Red).add_modifier(Modifier::BOLD),
        ))
        .render(area, buf);
        true
    }

    fn render_header(&self, area: Rect, buf: &mut Buffer) {
        if self.render_notice(area, buf) {
            return;
        }
        let Some(table) = &self.table else { return };
        let settings = table.game().settings();
        let speed = match self.options.speed_ms {
            0 => "instant".to_owned(),
            ms => format!("{:.1}s a move", ms as f64 / 1000.0),
        };
        let mut spans = vec![
            Span::styled(
                format!(" {} ", settings.game.title()),
                self.style(Color::Yellow).add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!(
                "· {} · seed {} · bots {speed}",
                settings.signature(),
                table.seed()
            )),
        ];
        if let Some(viewer) = &self.replay {
            let state = if viewer.playing { "playing" } else { "stopped" };
            spans.push(Span::styled(
                format!(
                    " · REPLAY step {} of {} ({state})",
                    viewer.position,
                    viewer.tables.len() - 1
                ),
                Style::new().add_modifier(Modifier::BOLD),
            ));
        }
        if self.paused {
            spans.push(Span::styled(
                " · PAUSED",
                Style::new().add_modifier(Modifier::BOLD),
            ));
        }
        if self.options.auto {
            spans.push(Span::styled(
                " · AUTO",
                Style::new().add_modifier(Modifier::BOLD),
            ));
        }
        Line::from(spans).render(area, buf);
    }

    fn render_seat(&self, name: &str, info: &SeatInfo, human: bool, rect: Rect, buf: &mut Buffer) {
        let marker = if info.to_act { "▶ " } else { "" };
        // Humans get a filled diamond: readable without colour.
        let title = format!("{marker}{}{name}", if human { "◆ " } else { "" });
        let mut bottom: Vec<String> = info.tags.iter().map(|t| (*t).to_owned()).collect();
        if !info.detail.is_empty() {
            bottom.push(info.detail.clone());
        }
        let border = if info.to_act {
            self.style(Color::Yellow).add_modifier(Modifier::BOLD)
        } else if info.tags.contains(&"OUT") {
            self.style(Color::DarkGray)
        } else {
            Style::new()
        };
        let block = Block::bordered()
            .border_type(if info.to_act {
                BorderType::Thick
            } else {
                BorderType::Rounded
            })
            .border_style(border)
            .title(title)
            .title_bottom(Line::from(bottom.join(" · ")).right_aligned());
        let inner = block.inner(rect);
        block.render(rect, buf);
        let card = match info.card {
            Some(CardFace::Down) => " [▒▒]".to_owned(),
            Some(CardFace::Up(card)) => format!(" [{card}]"),
            None => String::new(),
        };
        let chips_style = self.style(Color::LightYellow);
        Line::from(vec![
            Span::styled(info.holding.clone(), chips_style),
            Span::raw(card),
        ])
        .render(inner, buf);
    }

    fn render_centre(&self, view: &View, names: &[String], area: Rect, buf: &mut Buffer) {
        let centre = present::centre(view);
        let pot = Line::from(vec![Span::styled(
            format!("{}: {}", centre.pot_label, centre.pot),
            self.style(Color::LightYellow).add_modifier(Modifier::BOLD),
        )])
        .centered();
        pot.render(Rect::new(area.x, area.y, area.width, 1), buf);
        let mut y = area.y + 1;
        if let Some((seat, faces)) = &centre.roll {
            // Tumbling until tick() lands the dice: drawing never reads the clock.
            let tumbling = self.rolling_until.is_some();
            let shown: Vec<DieFace> = faces
                .iter()
                .enumerate()
                .map(|(i, &face)| {
                    if tumbling {
                        tumble_face(face, self.frame, i)
                    } else {
                        face
                    }
                })
                .collect();
            if let Some(rects) = layout::dice_rects(area, shown.len()) {
                for (face, rect) in shown.iter().zip(rects) {
                    draw_die(*face, rect, buf);
                }
                y += DIE_HEIGHT;
            } else {
                let text = shown
                    .iter()
                    .map(|f| face_text(*f))
                    .collect::<Vec<_>>()
                    .join(" ");
                Line::from(text)
                    .centered()
                    .render(Rect::new(area.x, y, area.width, 1), buf);
                y += 1;
            }
            let who = names.get(usize::from(*seat)).map_or("", String::as_str);
            let caption = if tumbling {
                format!("{who} rolls…")
            } else {
                format!("{who} rolled")
            };
            Line::from(caption)
                .centered()
                .render(Rect::new(area.x, y, area.width, 1), buf);
            y += 1;
        }
        if let Some((caption, cards)) = &centre.cards {
            y = self.render_cards(
                caption,
                cards,
                names,
                Rect::new(area.x, y, area.width, area.bottom().saturating_sub(y)),
                buf,
            );
        }
        for line in present::tracker(view, names) {
            if y >= area.bottom() {
                break;
            }
            Line::from(Span::styled(line, self.style(Color::Cyan)))
                .centered()
                .render(Rect::new(area.x, y, area.width, 1), buf);
            y += 1;
        }
    }

    /// Cards as small boxes with their holders' initials, or as one line when boxes do not
    /// fit. Returns the row below them.
    fn render_cards(
        &self,
        caption: &str,
        cards: &[(u8, crate::games::Card)],
        names: &[String],
        area: Rect,
        buf: &mut Buffer,
    ) -> u16 {
        const CARD_WIDTH: u16 = 5;
        Line::from(caption.to_owned()).centered().render(
            Rect::new(area.x, area.y, area.width, 1.min(area.height)),
            buf,
        );
        let width = (CARD_WIDTH + 1) * cards.len() as u16;
        if area.height < 9 || width > area.width {
            let text = cards
                .iter()
                .map(|(s, c)| format!("{} {c}", initial(names, *s)))
                .collect::<Vec<_>>()
                .join("  ");
            Line::from(text)
                .centered()
                .render(Rect::new(area.x, area.y + 1, area.width, 1), buf);
            return area.y + 2;
        }
        let mut x = area.x + (area.width - width) / 2;
        for &(seat, card) in cards {
            let rect = Rect::new(x, area.y + 1, CARD_WIDTH, 3);
            let red = matches!(card.suit(), 1 | 2);
            let style = if red {
                self.style(Color::LightRed)
            } else {
                Style::new()
            };
            Paragraph::new(Span::styled(format!("{card:<3}"), style))
                .block(
                    Block::bordered()
                        .border_type(BorderType::Rounded)
                        .title_bottom(initial(names, seat)),
                )
                .render(rect, buf);
            x += CARD_WIDTH + 1;
        }
        area.y + 4
    }

    fn render_log(&self, area: Rect, buf: &mut Buffer) {
        let Some(table) = &self.table else { return };
        let names = table.names();
        let log = table.log();
        let rows = usize::from(area.height.saturating_sub(2));
        let scroll = self.log_scroll.min(log.len().saturating_sub(rows));
        let end = log.len() - scroll;
        let start = end.saturating_sub(rows);
        let lines: Vec<Line> = log[start..end]
            .iter()
            .map(|e| Line::from(e.narrate(&names).to_string()))
            .collect();
        let title = if scroll > 0 {
            format!(" Log (↑{scroll}, PgDn for newest) ")
        } else {
            " Log ".to_owned()
        };
        Paragraph::new(lines)
            .block(Block::bordered().title(title))
            .render(area, buf);
    }

    fn render_action_bar(&self, area: Rect, buf: &mut Buffer) {
        let buttons = layout::action_buttons(self, area);
        if buttons.is_empty() {
            let Some(table) = &self.table else { return };
            let status = match table.game().turn() {
                Turn::Over => String::new(),
                _ if self.paused => " Paused: p to resume, . to step one move".to_owned(),
                Turn::Seat(seat) => {
                    // Who is deciding, as the viewer's seat sees it (a King call is secret).
                    let view = table.game().view(self.viewer());
                    let seat = present::seats(&view)
                        .iter()
                        .position(|s| s.to_act)
                        .map_or(seat, |s| s as u8);
                    let name = &table.seats()[usize::from(seat)].name;
                    if table.game().legal_actions().as_slice() == [Action::Roll] {
                        format!(" {name} to roll")
                    } else {
                        format!(" {name} is deciding…")
                    }
                }
                Turn::Chance => " …".to_owned(),
            };
            Line::from(status).render(area, buf);
            return;
        }
        for (i, (rect, _, label)) in buttons.into_iter().enumerate() {
            let style = if i == self.choice {
                highlight()
            } else {
                self.style(Color::Green)
            };
            Span::styled(label, style).render(rect, buf);
        }
    }

    fn render_game_over(&self, names: &[String], area: Rect, buf: &mut Buffer) {
        let Some(table) = &self.table else { return };
        let figures = table.game().figures();
        let game = table.game().settings().game;
        // The game's last event says who won, in the log's own words.
        let headline = table
            .log()
            .last()
            .map(|e| e.narrate(names).to_string())
            .unwrap_or_default();
        let mut text = vec![headline, String::new()];
        match game {
            GameId::FortyOne | GameId::ChaseTheAce => text.push(format!(
                "Rounds: {}   Turns: {}",
                figures.rounds, figures.turns
            )),
            _ => text.push(format!(
                "Pot: {}   Turns: {}",
                figures.pot_won, figures.turns
            )),
        }
        text.push(format!("Seed: {}", table.seed()));
        text.push(format!(
            "Game code: {}",
            crate::replay::game_code(table.game().settings(), table.seed())
        ));
        if let Some(record) = &self.record {
            text.push(record.clone());
        }
        text.push(String::new());
        text.push(if self.replay.is_some() {
            "← step back · Home from the start · q quit".to_owned()
        } else {
            "n new game · g same seed · m menu · q quit".to_owned()
        });
        let width = text.iter().map(|l| l.chars().count()).max().unwrap_or(30) as u16 + 4;
        let rect = centred(area, width, text.len() as u16 + 2);
        Clear.render(rect, buf);
        Paragraph::new(text.join("\n"))
            .alignment(Alignment::Center)
            .block(
                Block::bordered()
                    .border_type(BorderType::Double)
                    .title(" Game over ")
                    .style(self.style(Color::LightYellow)),
            )
            .render(rect, buf);
    }
}

/// A face to show while the dice tumble: it changes every frame, without touching the
/// game's RNG (a replay must not depend on the animation).
fn tumble_face(face: DieFace, frame: u64, index: usize) -> DieFace {
    let spin = ((frame.wrapping_mul(7) + index as u64 * 3) % 6) as u8 + 1;
    match face {
        DieFace::Pips(_) => DieFace::Pips(spin),
        DieFace::Letter(_) => {
            DieFace::Letter(["L", "C", "R", "•", "•", "•"][usize::from(spin - 1)])
        }
    }
}

/// A die on one line, for when boxes do not fit: `[⚄ 5]`, `[L]`.
fn face_text(face: DieFace) -> String {
    match face {
        DieFace::Pips(p) => format!(
            "[{} {p}]",
            ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"][usize::from(p.clamp(1, 6) - 1)]
        ),
        DieFace::Letter(l) => format!("[{l}]"),
    }
}

/// Pip rows of each face in a 3x3 grid.
fn pips(face: u8) -> [&'static str; 3] {
    match face {
        1 => ["   ", " ● ", "   "],
        2 => ["●  ", "   ", "  ●"],
        3 => ["●  ", " ● ", "  ●"],
        4 => ["● ●", "   ", "● ●"],
        5 => ["● ●", " ● ", "● ●"],
        _ => ["● ●", "● ●", "● ●"],
    }
}

fn draw_die(face: DieFace, rect: Rect, buf: &mut Buffer) {
    let rows = match face {
        DieFace::Pips(p) => pips(p).map(str::to_owned),
        DieFace::Letter(l) => ["   ".to_owned(), format!(" {l} "), "   ".to_owned()],
    };
    let block = Block::bordered().border_type(BorderType::Rounded);
    let inner = block.inner(rect);
    block.render(rect, buf);
    Paragraph::new(rows.join("\n")).render(inner, buf);
}

/// A setup row's label and value as drawn; the mouse's hit test reads the same text.
pub(super) fn setup_row_text(form: &SetupForm, i: usize, row: SetupRow) -> (String, String) {
    let levels = form.game.bot_levels();
    match row {
        SetupRow::Players => ("Players".to_owned(), format!("◀ {} ▶", form.players)),
        SetupRow::Amount(name) => (name.to_owned(), format!("◀ {} ▶", form.amount)),
        SetupRow::Seats => {
            let seats = form
                .humans
                .iter()
                .enumerate()
                .map(|(s, &h)| {
                    let mark = if h { "You" } else { "bot" };
                    if s == form.seat_cursor && i == form.row {
                        format!("[{mark}]")
                    } else {
                        format!(" {mark} ")
                    }
                })
                .collect::<String>();
            ("Seats (Space: you/bot)".to_owned(), seats)
        }
        SetupRow::Level => (
            "Bot level".to_owned(),
            format!("◀ {} ▶", levels[form.level]),
        ),
        SetupRow::Stakes => (
            "Stakes".to_owned(),
            if form.stakes { "[x] on" } else { "[ ] off" }.to_owned(),
        ),
        SetupRow::Variant(v) => (
            format!("Variant {v}"),
            if form.variants.contains(v) {
                "[x]"
            } else {
                "[ ]"
            }
            .to_owned(),
        ),
        SetupRow::Animation => (
            "Dice animation".to_owned(),
            if form.animation {
                "[x] on"
            } else {
                "[ ] off (reduced motion)"
            }
            .to_owned(),
        ),
        SetupRow::Seed => ("Seed (type, Del, r)".to_owned(), form.seed.clone()),
        SetupRow::Start => (String::new(), "[ Start the game ]".to_owned()),
    }
}
