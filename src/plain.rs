//! `--plain`: the parlor as lines of text, for screen readers and scripts. Every event is
//! printed as it happens, the holdings after each turn (everyone's, or in brief those that
//! changed), and decisions are read from stdin (`?` lists the answers, `o` says the odds in
//! words, `h` the whole table). A game ends on how long it took, its seed and game code,
//! and the record it leaves; a seed the player did not give is said only then, since with
//! it `--watch` would show every card still hidden. Stdin is read to a bound whatever
//! comes: a few chunks ahead, a line of an answer's length at most.
//!
//! The lines are words in the language the thread speaks (assets/i18n/*/lines.ftl), with
//! no symbol a screen reader would spell out: no brackets, no bars, no dots between words.

pub mod shared;
mod stdin;

use std::io::{self, BufRead, Write};
use std::str::FromStr;

use crate::daily::DailyDeal;
use crate::games::present::{self, CardFace, Label};
use crate::games::{Action, Event, Narrator, SeatNames, Turn};
use crate::odds::{Hint, Shelf};
use crate::said;
use crate::shortcuts;
use crate::table::{GameSetup, Progress, Seat, SeatKind, Table};
use crate::words::spoken;
use stdin::{Answer, read_answer};
pub use stdin::{Interrupt, InterruptibleStdin};

/// How much the lines say of the table after each turn (`--lines`, config.toml's `lines`).
/// The events are said either way, and `h` (a guest's) or the game's end says the whole
/// table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Detail {
    /// Only the holdings that changed since they were last said: less to listen to.
    Brief,
    /// Everyone's holdings and marks, the whole table: what the line mode always said.
    #[default]
    Full,
}

impl Detail {
    pub const ALL: [Detail; 2] = [Detail::Brief, Detail::Full];

    /// As `--lines` and config.toml spell it.
    pub fn word(self) -> &'static str {
        match self {
            Detail::Brief => "brief",
            Detail::Full => "full",
        }
    }
}

/// A word that is neither `brief` nor `full`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("lines are brief or full")]
pub struct UnknownDetail;

impl FromStr for Detail {
    type Err = UnknownDetail;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Detail::ALL
            .into_iter()
            .find(|d| d.word() == s)
            .ok_or(UnknownDetail)
    }
}

/// How a run of plain games ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every game was played to the end.
    Finished,
    /// The player quit (or stdin closed, or the parlor was asked to stop) during a game.
    Abandoned,
}

/// A run of games in lines, as `play --plain` asks for it.
pub struct Games<'a> {
    /// The first game's table: game i is seeded `seed + i`.
    pub setup: &'a GameSetup,
    /// How many games, one after another.
    pub count: u64,
    /// Human seats play themselves.
    pub auto: bool,
    /// The player gave the seed (`--seed`, a game code): it may be said before play. A
    /// drawn seed is said only once its game is over: with it, `--watch` would show every
    /// card still hidden.
    pub seed_given: bool,
    /// How much is said of the table after each turn.
    pub detail: Detail,
}

/// Play `games`, writing to `out` and reading decisions from `input`. `record` sees every
/// table once it is over or abandoned (one left before its first step is no game) and gives
/// the lines that end a finished one (the record). Once `stop()` says so (a signal), the game in play is
/// left as `q` would leave it: between two steps, or when a read of the player's answer
/// ends.
pub fn play(
    games: &Games,
    input: &mut impl BufRead,
    out: &mut impl Write,
    stop: &impl Fn() -> bool,
    mut record: impl FnMut(&Table) -> Vec<String>,
) -> io::Result<Ending> {
    let setup = games.setup;
    for index in 0..games.count {
        if stop() {
            return Ok(Ending::Abandoned);
        }
        let seed = setup.seed.wrapping_add(index);
        let mut table = Table::new(setup.settings, setup.seats.clone(), seed);
        // "game 1 of 1" says nothing: the count shows only when there are several.
        let header = said!(
            lines_game_header,
            title = setup.settings.game.title(),
            games = games.count,
            game = index + 1,
            settings = present::settings_line(&setup.settings),
            seeded = if games.seed_given { "yes" } else { "no" },
            seed = seed.to_string(),
        );
        writeln!(out, "{header}")?;
        let ending = play_one(
            &mut table,
            games.auto,
            Odds::Given,
            games.detail,
            input,
            out,
            stop,
        );
        if matches!(ending, Ok(Ending::Finished)) {
            for line in game_over(&table) {
                writeln!(out, "{line}")?;
            }
        }
        // Recorded whatever stopped it: a game cut short because the output went away
        // (`| head`) still counts, as abandoned.
        let recorded = if table.history().is_empty() {
            Vec::new()
        } else {
            record(&table)
        };
        // The record is said of a finished game, as the full screen's game-over panel
        // says it: a game left midway counts as abandoned, which the record line does not
        // count.
        if ending? == Ending::Abandoned {
            writeln!(out, "{}", said!(lines_game_abandoned))?;
            return Ok(Ending::Abandoned);
        }
        for line in recorded {
            writeln!(out, "{line}")?;
        }
    }
    Ok(Ending::Finished)
}

/// What a finished game ends on, after its last sentence and the holdings: how long it
/// took, and its seed and game code (said now, the game being over), to play it again.
fn game_over(table: &Table) -> Vec<String> {
    let figures = table.game().figures();
    let settings = table.game().settings();
    // Only the games of several rounds count them (`rounds` 0 says none).
    vec![
        said!(
            lines_game_took,
            turns = figures.turns,
            rounds = figures.rounds
        ),
        said!(
            lines_seed_and_code,
            seed = table.seed().to_string(),
            code = crate::replay::game_code(settings, table.seed()),
        ),
    ]
}

/// The daily deal in lines, as `daily --plain` asks for it.
pub struct Daily {
    pub deal: DailyDeal,
    /// Today's counted already: this is practice.
    pub practice: bool,
    /// How much is said of the table after each turn.
    pub detail: Detail,
}

/// Play the daily deal with `seats`, writing to `out` and reading decisions from `input`.
/// `record` sees the table once it is over or abandoned (one left before its first step is
/// no game) and gives the lines that end it: the attempt in words, the line to share last.
pub fn play_daily(
    daily: &Daily,
    seats: Vec<Seat>,
    input: &mut impl BufRead,
    out: &mut impl Write,
    stop: &impl Fn() -> bool,
    record: impl FnOnce(&Table) -> Vec<String>,
) -> io::Result<Ending> {
    let deal = daily.deal;
    let settings = deal.settings();
    let header = said!(
        lines_daily_header,
        day = deal.day.to_string(),
        title = settings.game.title(),
        settings = present::settings_line(&settings),
    );
    writeln!(out, "{header}")?;
    if daily.practice {
        writeln!(out, "{}", said!(lines_daily_practice))?;
    }
    let mut table = deal.table(seats);
    let ending = play_one(
        &mut table,
        false,
        Odds::NotInTheDaily,
        daily.detail,
        input,
        out,
        stop,
    );
    if !table.history().is_empty() {
        for line in record(&table) {
            writeln!(out, "{line}")?;
        }
    }
    let ending = ending?;
    if ending == Ending::Abandoned {
        writeln!(out, "{}", said!(lines_game_abandoned))?;
    }
    Ok(ending)
}

/// Whether `o` at a question gives the odds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Odds {
    Given,
    /// The daily deal is played on one's own judgement, as at the full screen.
    NotInTheDaily,
}

fn play_one(
    table: &mut Table,
    auto: bool,
    odds: Odds,
    detail: Detail,
    input: &mut impl BufRead,
    out: &mut impl Write,
    stop: &impl Fn() -> bool,
) -> io::Result<Ending> {
    let mut teller = Teller::new(table, detail);
    loop {
        if stop() {
            return Ok(Ending::Abandoned);
        }
        teller.tell(table, out)?;
        let progress = if auto {
            table.auto_act()
        } else {
            table.advance()
        };
        match progress {
            Progress::Over => return Ok(Ending::Finished),
            Progress::Stepped(_) => {}
            Progress::WaitingFor(seat) => {
                let Some(action) = ask(table, seat, odds, input, out, stop)? else {
                    return Ok(Ending::Abandoned);
                };
                table.act(action).map_err(io::Error::other)?;
            }
        }
    }
}

/// A game said in lines as it goes, step by step: each event as a sentence (and, to the
/// person at a seat, the card an exchange gave them), and the holdings whenever the turn
/// passes to another seat (everyone's, or in brief those that changed), and everyone's at
/// the end. The game as it is played, and its replay, are said alike.
pub struct Teller {
    names: SeatNames,
    /// Events of the log said so far.
    said: usize,
    turns: TurnLines,
}

impl Teller {
    /// Say the game at `table` from its start, the table after each turn as `detail` says.
    pub fn new(table: &Table, detail: Detail) -> Self {
        Teller {
            names: table.names(),
            said: 0,
            turns: TurnLines::new(Some(detail)),
        }
    }

    /// Say what happened at `table` since it was last told.
    pub fn tell(&mut self, table: &Table, out: &mut impl Write) -> io::Result<()> {
        let narrator = Narrator::new(table.game().settings(), &self.names).for_the_ear();
        for event in &table.log()[self.said..] {
            writeln!(out, "{}", narrator.sentence(event))?;
            if let Some((seat, news)) = card_after_exchange(table, event)
                && table.seats()[usize::from(seat)].kind == SeatKind::Human
            {
                writeln!(out, "{news}")?;
            }
        }
        self.said = table.log().len();
        if let Some(line) = self.turns.after_step(table) {
            writeln!(out, "  {line}")?;
        }
        Ok(())
    }
}

/// The table as said after a step: when the turn passes to another seat, everyone's
/// holdings (full) or those that changed (brief), and everyone's once the game is over.
pub struct TurnLines {
    /// `None`: only once the game is over (a guest who has not asked for more).
    pub detail: Option<Detail>,
    /// The seat last seen deciding, as everyone may see it.
    last_mover: Option<u8>,
    /// Each seat's holding as last said (brief lines say only those that changed); empty
    /// before the first time.
    told: Vec<String>,
}

impl TurnLines {
    pub fn new(detail: Option<Detail>) -> Self {
        TurnLines {
            detail,
            last_mover: None,
            told: Vec::new(),
        }
    }

    /// The line to say of `table` after its last step, if one is due.
    pub fn after_step(&mut self, table: &Table) -> Option<String> {
        // Who is deciding as everyone may see it (a Chase the Ace King call is secret).
        let mover = present::public_decider(table.game());
        let over = table.game().turn() == Turn::Over;
        let passed = mover.is_some() && mover != self.last_mover && self.last_mover.is_some();
        if mover.is_some() {
            self.last_mover = mover;
        }
        let detail = if over {
            Detail::Full
        } else {
            self.detail.filter(|_| passed)?
        };
        let seats = seat_holdings(table);
        let line = match detail {
            Detail::Full => join_seats(seats.iter().map(|seat| &seat.line)),
            // The first time, every holding is news.
            Detail::Brief => join_seats(
                seats
                    .iter()
                    .enumerate()
                    .filter(|(at, seat)| self.told.get(*at) != Some(&seat.holding))
                    .map(|(_, seat)| &seat.bare),
            ),
        };
        self.told = seats.into_iter().map(|seat| seat.holding).collect();
        Some(line).filter(|line| !line.is_empty())
    }
}

/// A saved game said in lines as it was said while it was played: the table after each of
/// its steps told in turn, from `start` (the game's first table) on to `last`, the table
/// after each turn as `detail` says.
pub fn replay(start: Table, last: &Table, detail: Detail, out: &mut impl Write) -> io::Result<()> {
    let mut table = start;
    let mut teller = Teller::new(&table, detail);
    teller.tell(&table, out)?;
    for &step in &last.history()[table.history().len()..] {
        table.replay_step(step).map_err(io::Error::other)?;
        teller.tell(&table, out)?;
    }
    Ok(())
}

/// Everyone's holdings on one line.
pub fn holdings(table: &Table) -> String {
    join_seats(seat_holdings(table).iter().map(|seat| &seat.line))
}

/// A seat's holding in words, as the table line says it.
struct SeatHolding {
    /// The holding alone: "3 of 3 lives".
    holding: String,
    /// With the seat's name: "Ana: 3 of 3 lives".
    bare: String,
    /// With its marks too: "Ana: 3 of 3 lives, dealer".
    line: String,
}

fn seat_holdings(table: &Table) -> Vec<SeatHolding> {
    let view = table.game().view(None);
    let names = table.names().said();
    present::seats(&view)
        .iter()
        .zip(names.iter())
        .map(|(seat, name)| {
            let holding = seat.holding.words();
            let statuses: Vec<String> = seat
                .status
                .iter()
                .map(Label::spoken)
                .filter(|status| !status.is_empty())
                .collect();
            let bare = said!(lines_seat_holding, name = name, holding = &holding);
            let line = if statuses.is_empty() {
                bare.clone()
            } else {
                said!(
                    lines_seat_holding_status,
                    name = name,
                    holding = &holding,
                    statuses = statuses.join(", "),
                )
            };
            SeatHolding {
                holding,
                bare,
                line,
            }
        })
        .collect()
}

/// Seats' holdings on one line, a semicolon between seats.
fn join_seats<'a>(seats: impl Iterator<Item = &'a String>) -> String {
    seats.map(String::as_str).collect::<Vec<_>>().join("; ")
}

/// After a Chase the Ace exchange, the seat that exchanged and what it is told of the card it
/// holds now: the full screen shows that card at once, where lines would leave it unsaid until
/// the showdown. Read from that seat's own view, so it says nothing hidden from the seat; said
/// only to the person at it. `table` must stand just after `event` (a step's events are said
/// as each step comes).
pub fn card_after_exchange(table: &Table, event: &Event) -> Option<(u8, String)> {
    let Event::Exchanged { seat, .. } = *event else {
        return None;
    };
    let view = table.game().view(Some(seat));
    let Some(CardFace::Up(card)) = present::seats(&view).get(usize::from(seat))?.card else {
        return None;
    };
    let name = table.names().name(seat);
    Some((
        seat,
        said!(lines_your_card_now, name = name, card = card.words()),
    ))
}

/// A decision put to the person at a seat in lines: what they are told, and how what they
/// type is read. Choices are picked by the keys of the full screen (a Forty-One die by its
/// face, Chase the Ace's letters) when every choice has one, by number otherwise.
pub struct Question {
    /// What they are told first: their card, the tracker.
    pub context: Vec<String>,
    /// The choices with their keys: `1) Roll 3 dice, 2) ...` (a comma, for a screen reader
    /// pauses at it).
    pub choices: String,
    actions: Vec<Action>,
    keys: Vec<String>,
    /// Each choice in words, as the full screen labels it.
    labels: Vec<String>,
    keyed: bool,
}

impl Question {
    /// The decision at `table` for the person at `seat`.
    pub fn at(table: &Table, seat: u8) -> Question {
        let names = table.names();
        let view = table.game().view(Some(seat));
        let actions = table.game().legal_actions().as_slice().to_vec();
        let mut context = Vec::new();
        // A card of your own in front of you (Chase the Ace) is said before the question.
        if let Some(CardFace::Up(card)) = present::seats(&view)[usize::from(seat)].card {
            context.push(said!(
                lines_your_card,
                name = names.name(seat),
                card = card.words(),
            ));
        }
        context.extend(
            present::tracker(&view, &names)
                .into_iter()
                .map(|line| format!("  {}", line.spoken())),
        );
        // The full screen's keys when every choice has one; numbers otherwise.
        let keyed: Option<Vec<char>> = actions.iter().map(|&a| shortcuts::key(a)).collect();
        let keys: Vec<String> = match &keyed {
            Some(keys) => keys.iter().map(char::to_string).collect(),
            None => (1..=actions.len()).map(|n| n.to_string()).collect(),
        };
        let labels: Vec<String> = actions
            .iter()
            .map(|&action| present::action_label(&view, action, &names))
            .collect();
        let choices = keys
            .iter()
            .zip(&labels)
            .map(|(key, label)| format!("{key}) {label}"))
            .collect::<Vec<_>>()
            .join(", ");
        Question {
            context,
            choices,
            actions,
            keys,
            labels,
            keyed: keyed.is_some(),
        }
    }

    /// The key Enter alone stands for: the first choice's.
    pub fn first_key(&self) -> &str {
        &self.keys[0]
    }

    /// The choice `text` picks (Enter alone: the first), if it picks one.
    pub fn read(&self, text: &str) -> Option<Action> {
        let actions = self.actions.as_slice();
        if text.is_empty() {
            return actions.first().copied();
        }
        if self.keyed {
            // One character, read as the full screen reads that key.
            return text
                .parse::<char>()
                .ok()
                .and_then(|key| shortcuts::shortcut(key, actions));
        }
        // A number, or the letter of a choice that has one (`k` keeps a Swedish 3 among
        // the seats to give it to), as at the full screen.
        text.parse::<usize>()
            .ok()
            .and_then(|n| actions.get(n.checked_sub(1)?).copied())
            .or_else(|| {
                let key = text.parse::<char>().ok()?;
                shortcuts::shortcut(key, actions)
            })
    }

    /// The answers and keys in words, a line each, for `?` (`odds`: what `o` does).
    fn help(&self, odds: Odds) -> Vec<String> {
        let mut lines = vec![said!(lines_help_intro)];
        lines.extend(
            self.keys
                .iter()
                .zip(&self.labels)
                .map(|(key, label)| format!("  {key}: {label}")),
        );
        let first = self.labels.first().map_or("", String::as_str);
        lines.extend(
            [
                said!(lines_help_enter, label = first),
                match odds {
                    Odds::Given => said!(lines_help_odds),
                    Odds::NotInTheDaily => said!(lines_help_odds_daily),
                },
                said!(lines_help_holdings),
                said!(lines_help_again),
                said!(lines_help_quit),
            ]
            .map(|line| format!("  {line}")),
        );
        lines
    }

    /// What to type, after an answer that picked nothing: at a table of one's own, or
    /// (`shared`) a guest's at a shared one, where `?` says the keys and `q` is not the
    /// game's.
    pub fn what_to_type(&self, shared: bool) -> String {
        let keys = self.keys.join(", ");
        let count = self.actions.len();
        match (self.keyed, shared) {
            (true, false) => said!(lines_type_key, keys = keys),
            (false, false) => said!(lines_type_number, count = count),
            (true, true) => said!(lines_guest_type_key, keys = keys),
            (false, true) => said!(lines_guest_type_number, count = count),
        }
    }
}

/// Ask the human at `seat` for a decision; `None` if they quit, input ended or the parlor
/// was asked to stop. `?` lists the answers, `o` gives the odds (as `odds` allows), `h`
/// the whole table.
fn ask(
    table: &Table,
    seat: u8,
    odds: Odds,
    input: &mut impl BufRead,
    out: &mut impl Write,
    stop: &impl Fn() -> bool,
) -> io::Result<Option<Action>> {
    let names = table.names();
    let question = Question::at(table, seat);
    for line in &question.context {
        writeln!(out, "{line}")?;
    }
    loop {
        let asked = said!(
            lines_your_move,
            name = names.name(seat),
            choices = &question.choices,
            first = question.first_key(),
        );
        write!(out, "{asked} > ")?;
        out.flush()?;
        let answer = read_answer(input);
        if stop() {
            writeln!(out)?;
            return Ok(None);
        }
        let text = match answer? {
            Answer::Ended => {
                writeln!(out)?;
                return Ok(None);
            }
            Answer::Text(text) => Some(text),
            // Not text, or too long to be an answer: an answer that is not one.
            Answer::Unreadable => None,
        };
        let said = match text.as_deref() {
            Some("q" | "quit") => return Ok(None),
            Some("?" | "help") => question.help(odds),
            // The whole table whenever they like: brief lines leave some of it unsaid.
            Some("h") => vec![holdings(table)],
            Some("o") => match odds {
                Odds::Given => odds_in_words(table, seat),
                Odds::NotInTheDaily => vec![said!(lines_no_odds_daily)],
            },
            text => match text.and_then(|text| question.read(text)) {
                Some(action) => return Ok(Some(action)),
                None => vec![question.what_to_type(false)],
            },
        };
        for line in said {
            writeln!(out, "{line}")?;
        }
    }
}

/// The odds at `table` in words, as the full screen's odds panel gives them: every seat's
/// chance, how it was found, and the hint for the decision in front of the person at
/// `seat`, from their view alone.
fn odds_in_words(table: &Table, seat: u8) -> Vec<String> {
    let game = table.game();
    let settings = *game.settings();
    let odds = Shelf::shared().with_solver(&settings, table.first_bot_level(), |solver| {
        solver.win_chances(game)
    });
    let names = table.names();
    let language = spoken();
    let chances: Vec<String> = odds
        .seat_win
        .iter()
        .enumerate()
        .map(|(at, &p)| {
            said!(
                lines_odds_seat,
                name = names.name(at as u8),
                chance = language.percent(p, 1)
            )
        })
        .collect();
    let what = settings.goal().chance_words();
    let chances = chances.join(", ");
    // Shared wins (a match ending in a tie) count for every sharer.
    let tie = if odds.seat_win.iter().sum::<f64>() > 1.005 {
        "yes"
    } else {
        "no"
    };
    let said = if let Some(error) = odds.std_error {
        said!(
            lines_odds_sampled,
            error = language.percent(error, 1),
            what = what,
            tie = tie,
            chances = chances,
        )
    } else {
        said!(lines_odds_exact, what = what, tie = tie, chances = chances)
    };
    let mut lines = vec![said];
    match crate::odds::hint(&game.view(Some(seat))) {
        Hint::Dice(hints) => {
            for hint in &hints {
                lines.push(said!(
                    lines_odds_face,
                    face = hint.face,
                    qualify = language.percent(hint.p_qualify, 0),
                    points = language.decimal(hint.expected_score, 1),
                    beat = language.percent(hint.p_beat, 0),
                    win = language.percent(hint.p_win, 0),
                    best = if hint.is_best_of(&hints) { "yes" } else { "no" },
                ));
            }
        }
        Hint::Chase(hint) => lines.push(said!(
            lines_odds_chase,
            keep = language.percent(hint.keep, 0),
            change = language.percent(hint.change, 0),
        )),
        Hint::None => {}
    }
    lines
}
