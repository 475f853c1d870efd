//! `--plain`: the parlor as lines of text, for screen readers and scripts. Every event is
//! printed as it happens, the holdings after each turn, and decisions are read from stdin
//! (`?` lists the answers, `o` says the odds in words). A game ends on how long it took, its
//! seed and game code, and the record it leaves; a seed the player did not give is said
//! only then, since with it `--watch` would show every card still hidden. Stdin is read
//! to a bound whatever comes: a few chunks ahead, a line of an answer's length at most.

pub mod shared;
mod stdin;

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

use crate::daily::DailyDeal;
use crate::games::present::{self, CardFace, Label};
use crate::games::{Action, Event, Narrator, SeatNames, Turn, counted};
use crate::odds::{Hint, Shelf};
use crate::shortcuts;
use crate::table::{GameSetup, Progress, Seat, SeatKind, Table};
use stdin::{Answer, read_answer};
pub use stdin::{Interrupt, InterruptibleStdin};

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
        let which = if games.count > 1 {
            format!(" game {} of {}", index + 1, games.count)
        } else {
            String::new()
        };
        let given = if games.seed_given {
            format!(" (seed {seed})")
        } else {
            String::new()
        };
        writeln!(
            out,
            "== {}{which}: {}{given} ==",
            setup.settings.game.title(),
            setup.settings.signature()
        )?;
        let ending = play_one(&mut table, games.auto, Odds::Given, input, out, stop);
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
            writeln!(out, "Game abandoned.")?;
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
    let turns = counted(u64::from(figures.turns), "turn", "turns");
    // Only the games of several rounds count them.
    let length = if figures.rounds > 0 {
        format!(
            "The game took {turns} over {}.",
            counted(u64::from(figures.rounds), "round", "rounds")
        )
    } else {
        format!("The game took {turns}.")
    };
    vec![
        length,
        format!(
            "Seed: {} · game code: {}",
            table.seed(),
            crate::replay::game_code(settings, table.seed())
        ),
    ]
}

/// Play the daily deal `deal` with `seats` (`practice`: today's counted already), writing to `out` and reading decisions
/// from `input`. `record` sees the table once it is over or abandoned (one left before its
/// first step is no game) and gives the lines that end it: the attempt in words, the line
/// to share last.
pub fn play_daily(
    deal: DailyDeal,
    practice: bool,
    seats: Vec<Seat>,
    input: &mut impl BufRead,
    out: &mut impl Write,
    stop: &impl Fn() -> bool,
    record: impl FnOnce(&Table) -> Vec<String>,
) -> io::Result<Ending> {
    let settings = deal.settings();
    writeln!(
        out,
        "== The daily deal of {}: {} ({}) ==",
        deal.day,
        settings.game.title(),
        settings.signature()
    )?;
    if practice {
        writeln!(out, "Practice: today's deal counted already.")?;
    }
    let mut table = deal.table(seats);
    let ending = play_one(&mut table, false, Odds::NotInTheDaily, input, out, stop);
    if !table.history().is_empty() {
        for line in record(&table) {
            writeln!(out, "{line}")?;
        }
    }
    let ending = ending?;
    if ending == Ending::Abandoned {
        writeln!(out, "Game abandoned.")?;
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
    input: &mut impl BufRead,
    out: &mut impl Write,
    stop: &impl Fn() -> bool,
) -> io::Result<Ending> {
    let mut teller = Teller::new(table);
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
/// person at a seat, the card an exchange gave them), and everyone's holdings whenever the
/// turn passes to another seat, and at the end. The game as it is played, and its replay,
/// are said alike.
pub struct Teller {
    names: SeatNames,
    /// Events of the log said so far.
    said: usize,
    /// The seat last seen deciding, as everyone may see it.
    last_mover: Option<u8>,
}

impl Teller {
    /// Say the game at `table` from its start.
    pub fn new(table: &Table) -> Self {
        Teller {
            names: table.names(),
            said: 0,
            last_mover: None,
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
        // Who is deciding as everyone may see it (a Chase the Ace King call is secret).
        let mover = present::public_decider(table.game());
        let over = table.game().turn() == Turn::Over;
        if over || (mover.is_some() && mover != self.last_mover && self.last_mover.is_some()) {
            writeln!(out, "  {}", holdings(table))?;
        }
        if mover.is_some() {
            self.last_mover = mover;
        }
        Ok(())
    }
}

/// A saved game said in lines as it was said while it was played: the table after each of
/// its steps told in turn, from `start` (the game's first table) on to `last`.
pub fn replay(start: Table, last: &Table, out: &mut impl Write) -> io::Result<()> {
    let mut table = start;
    let mut teller = Teller::new(&table);
    teller.tell(&table, out)?;
    for &step in &last.history()[table.history().len()..] {
        table.replay_step(step).map_err(io::Error::other)?;
        teller.tell(&table, out)?;
    }
    Ok(())
}

/// Everyone's holdings on one line.
pub fn holdings(table: &Table) -> String {
    let view = table.game().view(None);
    let names = table.names();
    present::seats(&view)
        .iter()
        .zip(names.iter())
        .map(|(seat, name)| {
            let mut text = format!("{name}: {}", seat.holding.words());
            for status in seat.status.iter().map(Label::spoken) {
                if !status.is_empty() {
                    let _ = write!(text, ", {status}");
                }
            }
            text
        })
        .collect::<Vec<_>>()
        .join("; ")
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
    let name = &table.names()[usize::from(seat)];
    Some((
        seat,
        format!("{name}, your card is now the {}.", card.words()),
    ))
}

/// A decision put to the person at a seat in lines: what they are told, and how what they
/// type is read. Choices are picked by the keys of the full screen (a Forty-One die by its
/// face, Chase the Ace's letters) when every choice has one, by number otherwise.
pub struct Question {
    /// What they are told first: their card, the tracker.
    pub context: Vec<String>,
    /// The choices with their keys: `1) Roll 3 dice  2) ...`.
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
            context.push(format!(
                "{}, your card is the {}.",
                names[usize::from(seat)],
                card.words()
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
            .join("  ");
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
        let mut lines = vec!["Type one of these, then Enter:".to_owned()];
        lines.extend(
            self.keys
                .iter()
                .zip(&self.labels)
                .map(|(key, label)| format!("  {key}: {label}")),
        );
        lines.push(format!(
            "  Enter alone: the first, {}",
            self.labels.first().map_or("", String::as_str)
        ));
        lines.push(match odds {
            Odds::Given => "  o: the odds, in words".to_owned(),
            Odds::NotInTheDaily => "  o: the odds (not given in the daily deal)".to_owned(),
        });
        lines.push("  ?: these answers again".to_owned());
        lines.push("  q: leave the game (it counts as abandoned)".to_owned());
        lines
    }

    /// What to type, after an answer that picked nothing.
    pub fn what_to_type(&self) -> String {
        if self.keyed {
            format!("Type one of {}", self.keys.join(", "))
        } else {
            format!("Type a number from 1 to {}", self.actions.len())
        }
    }
}

/// Ask the human at `seat` for a decision; `None` if they quit, input ended or the parlor
/// was asked to stop. `?` lists the answers, `o` gives the odds (as `odds` allows).
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
        write!(
            out,
            "{}, your move: {}  [Enter = {}, ? = help, q = quit] > ",
            names[usize::from(seat)],
            question.choices,
            question.first_key()
        )?;
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
            Some("o") => match odds {
                Odds::Given => odds_in_words(table, seat),
                Odds::NotInTheDaily => vec![
                    "No odds in the daily deal: it is played on your own judgement, the \
                     same for everyone."
                        .to_owned(),
                ],
            },
            text => match text.and_then(|text| question.read(text)) {
                Some(action) => return Ok(Some(action)),
                None => vec![format!(
                    "{}, ? for help, or q to quit.",
                    question.what_to_type()
                )],
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
    let what = settings.goal().chance_words();
    let how = match odds.std_error {
        Some(error) => format!(
            "estimated from sampled play, give or take {:.1}%",
            100.0 * error
        ),
        None => "exact".to_owned(),
    };
    let chances: Vec<String> = odds
        .seat_win
        .iter()
        .enumerate()
        .map(|(at, p)| format!("{} {:.1}%", names[at], 100.0 * p))
        .collect();
    // Shared wins (a match ending in a tie) count for every sharer.
    let shared = if odds.seat_win.iter().sum::<f64>() > 1.005 {
        " (a tie counts for each who shares it)"
    } else {
        ""
    };
    let mut lines = vec![format!(
        "Odds, {how}: the chance {what}{shared}: {}.",
        chances.join(", ")
    )];
    match crate::odds::hint(&game.view(Some(seat))) {
        Hint::Dice(hints) => {
            for hint in &hints {
                let mark = if hint.is_best_of(&hints) {
                    ", the best"
                } else {
                    ""
                };
                lines.push(format!(
                    "If you set down the {}: {:.0}% to qualify, {:.1} points on average, {:.0}% \
                     to beat the score to beat, {:.0}% to win the round{mark}.",
                    hint.face,
                    100.0 * hint.p_qualify,
                    hint.expected_score,
                    100.0 * hint.p_beat,
                    100.0 * hint.p_win
                ));
            }
        }
        Hint::Chase(hint) => lines.push(format!(
            "The chance you end lowest and lose a life (lower is better): {:.0}% if you \
             keep, {:.0}% if you change.",
            100.0 * hint.keep,
            100.0 * hint.change
        )),
        Hint::None => {}
    }
    lines
}
