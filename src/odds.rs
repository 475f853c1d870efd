//! Live odds: every seat's chance of winning from any position, and hints for the two
//! games with real decisions.
//!
//! Win chances are exact where the game's state space allows and Monte Carlo where it does
//! not; an [`Odds`] says which. Either way the odds are the bots' game: every seat is taken
//! to play as the table's bots do (`bot_action`), and every transition is made by the
//! engine's own rules on a clone of the game, never by a second copy of them.
//!
//! - Aces in the Pot, LCR and Swedish Aces: an absorbing Markov chain over (chips or dice
//!   by seat, whose roll, the finale's safe throws), explored through the engine and
//!   solved level by level (module `levels`) or explored from the position (module
//!   `chain`), while its size fits the budget ([`DICE_BUDGET`]: up to 12.4 million engine
//!   transitions); Monte Carlo through
//!   [`crate::table::step_without_humans`] beyond it (large tables early in the game),
//!   exact again once the position's chain fits.
//! - Chase the Ace: a chain over lives, grace and the deal whose round outcomes are
//!   measured from the bots' own play (module `chase`). Because the round outcomes are
//!   sampled, the answer is reported as Monte Carlo, with a standard error from batches of
//!   the sampled rounds. It never looks at a card: mid-round it answers as at the deal.
//! - Forty-One: Monte Carlo over the match. The per-turn hints come from the expert's DP.
//!
//! An [`OddsSolver`] is made once per kind of table and keeps what it solved (on the
//! process's [`Shelf`], shared by every table of those settings), so after the first
//! answer each later one is a lookup (or, for Monte Carlo, a bounded number of playouts
//! sized to take about 8 ms in a release build). Monte Carlo is seeded from the position,
//! so the same position gives the same answer.

mod chain;
mod chase;
mod dice;
mod dice_solver;
mod forty_one;
mod levels;
mod monte_carlo;
mod shelf;

use std::fmt::Write as _;
use std::sync::LazyLock;

use serde::Serialize;

use crate::games::aces_in_the_pot::AcesInThePot;
use crate::games::chase_the_ace::ChaseView;
use crate::games::forty_one::FortyOne;
use crate::games::lcr::Lcr;
use crate::games::swedish_aces::SwedishAces;
use crate::games::{
    BotLevel, Chance, Dice, Events, Game, GameId, Goal, Rules, Settings, Turn, View, new_game,
};
use crate::words::{self, Language};
use dice_solver::{DiceBudget, DiceSolver};
pub use shelf::Shelf;

/// How a win chance was found.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Solved exactly (to about 1e-12).
    Exact,
    /// Estimated from sampled play, with a standard error.
    MonteCarlo,
}

impl Method {
    /// How the chance was found, in a word, in the language this thread speaks.
    pub fn name(self) -> &'static str {
        static NAMES: LazyLock<[[String; 2]; 2]> = LazyLock::new(|| {
            Language::ALL.map(|l| {
                [
                    crate::said_in!(l, odds_exact),
                    crate::said_in!(l, odds_monte_carlo),
                ]
            })
        });
        &NAMES[words::spoken() as usize][self as usize]
    }
}

/// Every seat's chance of winning from a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Odds {
    /// By absolute seat. They sum to 1, except in Swedish Aces, where everyone but the
    /// loser wins (they sum to players - 1), and in a Forty-One match, where players tied
    /// for the biggest pile all win (as `parlor sim` counts them).
    pub seat_win: Vec<f64>,
    pub method: Method,
    /// Monte Carlo only: the standard error of the estimate, the largest over the seats.
    pub std_error: Option<f64>,
}

/// Forty-One: what setting one face of the current roll down leads to, playing on as the
/// expert bot would in this seat.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DieHint {
    pub face: u8,
    /// Chance the turn ends with a 4 and a 1.
    pub p_qualify: f64,
    /// Expected score, a bust counting 0.
    pub expected_score: f64,
    /// Chance to finish strictly above the score to beat, or to qualify when there is none.
    pub p_beat: f64,
    /// The expert's own measure: the chance of winning the round (ties counting half),
    /// against the players still to roll playing for the most points. The expert sets down
    /// the face with the highest `p_win` (the higher face on a tie).
    pub p_win: f64,
}

impl DieHint {
    /// Whether this face is among the best of `hints` by the chance of winning the round
    /// (the hints a panel or a line marks as the best).
    pub fn is_best_of(&self, hints: &[DieHint]) -> bool {
        let best = hints
            .iter()
            .map(|h| h.p_win)
            .fold(f64::NEG_INFINITY, f64::max);
        self.p_win.total_cmp(&best).is_eq()
    }
}

/// Chase the Ace: the chance of ending the round (tied) lowest, from what the deciding
/// seat knows.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ChaseHint {
    /// Keeping the card.
    pub keep: f64,
    /// Exchanging with the left neighbour, or cutting for the dealer.
    pub change: f64,
}

/// Forty-One: one whole turn played for the most points.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TurnFigures {
    pub p_qualify: f64,
    pub expected_score: f64,
    /// Chance of the perfect 24.
    pub p_24: f64,
    /// Chance of each final score: indices 0-24 are the scores (0-3 never happen), index
    /// 25 is a bust.
    pub score_distribution: [f64; 26],
}

/// How big an exact dice-game solve may be before Monte Carlo is used instead: every
/// table within it is solved in under a second and 200 MB (release build, a quiet 2-core
/// machine, the largest of each kind measured).
///
/// - Solved level by level (LCR, Aces in the Pot): up to 12.4 million engine transitions
///   and 7 million win chances kept (points times seats). The largest: LCR with seven
///   players of three chips (12.3 million transitions, 6.2 million chances: 0.8-0.95 s, 165-197
///   MB), Aces in the Pot with seven of three (8.0 million, 6.2 million: 0.7 s, 137-150 MB)
///   and with five of five, pass-alternate (10.7 million, 5.9 million). Not Aces in the Pot
///   with seven of two, pass-alternate (9.8 million transitions but 7.6 million chances:
///   203-214 MB), nor six of three, pass-alternate (7.3 million chances, 180-188 MB: too
///   near the limit).
/// - Explored from the position (Swedish Aces, whose opening the level solve does not set
///   up; and any table whose level solve gives up): up to 7.2 million transitions, on one
///   core and a hash map, about twice the time a transition. The largest: Swedish Aces with
///   six of three dice (4.7 million, 0.7 s, 97 MB); not five of four with threes travelling
///   (10 million, 1.3 s).
///
/// The shelf's limits (module `shelf`) bound what a host's guests can make the solvers hold.
const DICE_BUDGET: DiceBudget = DiceBudget {
    by_level: 12.4e6,
    by_level_chances: 7.0e6,
    explored: 7.2e6,
};

/// Games a Monte Carlo answer plays for `parlor odds`.
pub const REPORT_GAMES: u32 = 20_000;

/// The table's solver state, by game.
enum Inner {
    Aces(DiceSolver<AcesInThePot>),
    Swedish(DiceSolver<SwedishAces>),
    Lcr(DiceSolver<Lcr>),
    Chase(chase::ChaseSolver),
    /// A game whose rules give its chances ([`Game::win_chances`]): asked at each position.
    ClosedForm,
    /// Forty-One, and any game with neither a solver nor chances of its own: Monte Carlo.
    Playout,
}

/// Win chances for one table, solved once and kept.
pub struct OddsSolver {
    settings: Settings,
    level: BotLevel,
    /// Games per Monte Carlo answer; `None`: sized from the position.
    games: Option<u32>,
    inner: Inner,
    /// The last Monte Carlo answer and the seed of its position.
    last: Option<(u64, Odds)>,
}

impl OddsSolver {
    /// A solver for a table of `settings` whose bots play at the game's default level.
    pub fn new(settings: &Settings) -> Self {
        Self::with_bot(settings, settings.game.bot_levels()[0])
    }

    /// A solver for a table whose bots all play at `level` (the game's default when the
    /// game has no such level).
    pub fn with_bot(settings: &Settings, level: BotLevel) -> Self {
        let level = if settings.game.bot_levels().contains(&level) {
            level
        } else {
            settings.game.bot_levels()[0]
        };
        #[allow(
            clippy::match_wildcard_for_single_variants,
            reason = "the catch-all is for the games with no solver of their own: Forty-One \
                      today, and any game added later"
        )]
        let inner = match settings.game {
            GameId::AcesInThePot => {
                Inner::Aces(DiceSolver::new(&AcesInThePot::new(*settings), DICE_BUDGET))
            }
            GameId::SwedishAces => {
                Inner::Swedish(DiceSolver::new(&SwedishAces::new(*settings), DICE_BUDGET))
            }
            GameId::Lcr => Inner::Lcr(DiceSolver::new(&Lcr::new(*settings), DICE_BUDGET)),
            GameId::ChaseTheAce => Inner::Chase(chase::ChaseSolver::new(*settings, level)),
            // Any other game: the chances its rules give (asked once here, of a new game:
            // a game that gives them gives them everywhere), else Monte Carlo.
            _ if new_game(*settings).win_chances().is_some() => Inner::ClosedForm,
            _ => Inner::Playout,
        };
        OddsSolver {
            settings: *settings,
            level,
            games: None,
            inner,
            last: None,
        }
    }

    /// Play `games` games for every Monte Carlo answer, instead of as many as answer in
    /// about ten milliseconds (release build) from the position at hand.
    #[must_use]
    pub fn with_games(mut self, games: u32) -> Self {
        self.games = Some(games.max(2));
        self
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The level the solver's bots play at.
    pub fn bot_level(&self) -> BotLevel {
        self.level
    }

    /// Every seat's chance of winning from `game`'s current position, by absolute seat.
    ///
    /// A game of other settings than the solver's starts the solver afresh.
    pub fn win_chances(&mut self, game: &dyn Game) -> Odds {
        if game.settings() != &self.settings {
            let games = self.games;
            *self = Self::with_bot(game.settings(), self.level);
            self.games = games;
        }
        if game.turn() == Turn::Over {
            let winners = game.figures().winners;
            return Odds {
                seat_win: (0..game.players())
                    .map(|seat| f64::from(u8::from(winners.contains(seat))))
                    .collect(),
                method: Method::Exact,
                std_error: None,
            };
        }
        let (exact, cost) = match (&mut self.inner, game.rules()) {
            (Inner::Aces(solver), Some(Rules::AcesInThePot(aces))) => dice_exact(solver, aces),
            (Inner::Swedish(solver), Some(Rules::SwedishAces(swedish))) => {
                dice_exact(solver, swedish)
            }
            (Inner::Lcr(solver), Some(Rules::Lcr(lcr))) => dice_exact(solver, lcr),
            (Inner::Chase(solver), Some(Rules::ChaseTheAce(chase))) => {
                let lives: u32 = chase
                    .in_game()
                    .iter()
                    .map(|s| u32::from(chase.lives()[usize::from(s)]) + 1)
                    .sum();
                let games = self
                    .games
                    .unwrap_or_else(|| samples(CHASE_ROUND_US * f64::from(lives)));
                return solver.win_chances(chase, games);
            }
            (Inner::ClosedForm, _) => (game.win_chances(), 0.0),
            (Inner::Playout, _) => {
                let turns = game.turns_left().map_or(TURNS_UNKNOWN, f64::from);
                (None, PLAYOUT_TURN_US * turns)
            }
            _ => unreachable!("the game matches the solver's settings"),
        };
        if let Some(seat_win) = exact {
            return Odds {
                seat_win,
                method: Method::Exact,
                std_error: None,
            };
        }
        let seed = monte_carlo::position_seed(&game);
        if let Some((last, odds)) = &self.last
            && *last == seed
        {
            return odds.clone();
        }
        let games = self.games.unwrap_or_else(|| samples(cost));
        let odds = monte_carlo::play_out(game, self.level, games);
        self.last = Some((seed, odds.clone()));
        odds
    }

    /// Whether the answer at `game` is a playout from that position alone, the same from
    /// any solver of these settings whatever it solved before, so that it may be worked out
    /// on any thread. An answer from a chain (solved for it, or looked up in one solved
    /// earlier) is not: its values carry the rounding of wherever the chain was first
    /// solved.
    pub fn plays_out(&mut self, game: &dyn Game) -> bool {
        if game.settings() != &self.settings || game.turn() == Turn::Over {
            return false;
        }
        match (&mut self.inner, game.rules()) {
            (Inner::Aces(solver), Some(Rules::AcesInThePot(aces))) => solver.over_budget(aces),
            (Inner::Swedish(solver), Some(Rules::SwedishAces(swedish))) => {
                solver.over_budget(swedish)
            }
            (Inner::Lcr(solver), Some(Rules::Lcr(lcr))) => solver.over_budget(lcr),
            (Inner::Chase(solver), Some(Rules::ChaseTheAce(chase))) => solver.plays_out(chase),
            (Inner::ClosedForm, _) => false,
            (Inner::Playout, _) => true,
            _ => unreachable!("the game matches the solver's settings"),
        }
    }

    /// About how many bytes the solver keeps between answers: the chains it solved.
    pub fn kept_bytes(&self) -> usize {
        match &self.inner {
            Inner::Aces(s) => s.kept_bytes(),
            Inner::Swedish(s) => s.kept_bytes(),
            Inner::Lcr(s) => s.kept_bytes(),
            Inner::Chase(s) => s.kept_bytes(),
            Inner::ClosedForm | Inner::Playout => 0,
        }
    }

    /// Points of the exact chain solved so far (0 where the game has no chain).
    pub fn solved_points(&self) -> usize {
        match &self.inner {
            Inner::Aces(s) => s.solved(),
            Inner::Swedish(s) => s.solved(),
            Inner::Lcr(s) => s.solved(),
            Inner::Chase(s) => s.solved(),
            Inner::ClosedForm | Inner::Playout => 0,
        }
    }
}

/// Release-build cost of Monte Carlo play, measured: microseconds per seat and chip (or
/// die) held in a dice game, per turn left in a match played out (Forty-One's), per Chase the Ace life
/// left (a round applied through the engine).
const DICE_TOKEN_US: f64 = 0.025;
const PLAYOUT_TURN_US: f64 = 1.0;
const CHASE_ROUND_US: f64 = 0.5;
/// Turns left to take for a game that does not say ([`Game::turns_left`]).
const TURNS_UNKNOWN: f64 = 50.0;

/// Microseconds an in-game Monte Carlo answer may take. The table works its odds out on a
/// thread of its own (`tui::odds_panel`), so this is a fraction of a bot's default delay
/// rather than of a frame: enough games for about ±0.7% on a Forty-One match.
const ANSWER_US: f64 = 150_000.0;

/// Games that fit in [`ANSWER_US`] at `cost` microseconds a game: at least 100, at most
/// [`REPORT_GAMES`].
fn samples(cost: f64) -> u32 {
    (ANSWER_US / cost.max(1e-3)).clamp(100.0, f64::from(REPORT_GAMES)) as u32
}

/// A dice game's exact answer if the chain fits the budget, and the cost of one Monte
/// Carlo game from it otherwise.
fn dice_exact<G: dice::DiceGame>(solver: &mut DiceSolver<G>, game: &G) -> (Option<Vec<f64>>, f64) {
    let held = game.holdings().total();
    let cost = DICE_TOKEN_US * f64::from(game.players()) * f64::from(held.max(1));
    (solver.exact(game), cost)
}

/// The expert's figures for the decision in front of a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    None,
    /// Forty-One: each die you could set down.
    Dice(Vec<DieHint>),
    /// Chase the Ace: keep against change.
    Chase(ChaseHint),
}

/// The hint for the decision in front of the seat whose `view` this is, from that view
/// alone: the one place the full screen and the line mode ask which game's expert speaks.
pub fn hint(view: &View) -> Hint {
    match view {
        View::FortyOne(game) => Hint::Dice(forty_one::hints(game)),
        View::ChaseTheAce(view) => chase_hint(view).map_or(Hint::None, Hint::Chase),
        _ => Hint::None,
    }
}

/// Forty-One: figures for each distinct face of the current roll (empty when no roll
/// awaits a die).
pub fn forty_one_hints(game: &FortyOne) -> Vec<DieHint> {
    forty_one::hints(game)
}

/// Chase the Ace: the deciding seat's chances of ending lowest if it keeps or changes,
/// from its view alone; `None` unless the view's seat is the one to keep, exchange or cut.
///
/// The chances are the expert bot's own, exact under its reading of the table: the other
/// players taken to play the threshold policy, every deal of the cards the seat cannot see
/// that is consistent with what it knows counted alike.
pub fn chase_hint(view: &ChaseView) -> Option<ChaseHint> {
    chase::hint(view)
}

/// What `parlor odds` prints: the starting position's odds, or for Forty-One the optimal
/// single turn.
#[derive(Clone, Debug)]
pub struct OddsReport {
    settings: Settings,
    body: Body,
}

#[derive(Clone, Debug)]
enum Body {
    Seats(Odds),
    Turn(TurnFigures),
}

/// The version of `parlor odds --json`'s contract: raised when a key changes meaning or goes
/// away (new keys may come without it).
pub const JSON_SCHEMA: u32 = 1;

#[derive(Serialize)]
struct Json<'a> {
    schema: u32,
    game: GameId,
    players: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    seat_win: Option<&'a [f64]>,
    /// Swedish Aces: each seat's chance of being the one loser.
    #[serde(skip_serializing_if = "Option::is_none")]
    seat_lose: Option<Vec<f64>>,
    method: Method,
    #[serde(skip_serializing_if = "Option::is_none")]
    std_error: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    p_qualify: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected_score: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    p_24: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score_distribution: Option<&'a [f64; 26]>,
}

impl OddsReport {
    /// The odds of a new game of `settings`, seats counted as `parlor sim` counts them:
    /// seat 0 acts first (Swedish Aces: seat 0 won the opening roll; Chase the Ace: seat 0
    /// deals first). Monte Carlo answers play [`REPORT_GAMES`] games.
    pub fn start(settings: &Settings) -> OddsReport {
        if settings.game == GameId::FortyOne {
            return OddsReport {
                settings: *settings,
                body: Body::Turn(forty_one::optimal_turn()),
            };
        }
        let mut solver = OddsSolver::new(settings).with_games(REPORT_GAMES);
        let mut game = new_game(*settings);
        if settings.game == GameId::SwedishAces {
            // The opening roll, made through the engine: seat 0 rolls sixes, the others 1s.
            let dice = usize::from(settings.players) * usize::from(settings.dice);
            let mut faces = vec![1; dice];
            faces[..usize::from(settings.dice)].fill(6);
            game.apply_chance(&Chance::Dice(Dice::new(&faces)), &mut Events::discarding())
                .expect("an opening roll fits the opening");
        }
        OddsReport {
            settings: *settings,
            body: Body::Seats(solver.win_chances(game.as_ref())),
        }
    }

    /// The seat odds (every game but Forty-One).
    pub fn odds(&self) -> Option<&Odds> {
        match &self.body {
            Body::Seats(odds) => Some(odds),
            Body::Turn(_) => None,
        }
    }

    /// Forty-One's optimal turn.
    pub fn turn(&self) -> Option<&TurnFigures> {
        match &self.body {
            Body::Turn(turn) => Some(turn),
            Body::Seats(_) => None,
        }
    }

    /// One JSON object: `schema` ([`JSON_SCHEMA`]), `game`, `players`, then `seat_win`, `method` and (Monte Carlo)
    /// `std_error`; Swedish Aces adds `seat_lose`. Forty-One gives `method`, `p_qualify`,
    /// `expected_score`, `p_24` and `score_distribution` (26 numbers: scores 0-24, then a
    /// bust) instead of seat odds.
    pub fn to_json(&self) -> String {
        let mut json = Json {
            schema: JSON_SCHEMA,
            game: self.settings.game,
            players: self.settings.players,
            seat_win: None,
            seat_lose: None,
            method: Method::Exact,
            std_error: None,
            p_qualify: None,
            expected_score: None,
            p_24: None,
            score_distribution: None,
        };
        match &self.body {
            Body::Seats(odds) => {
                json.seat_win = Some(&odds.seat_win);
                json.method = odds.method;
                json.std_error = odds.std_error;
                if self.settings.game.game_type().goal == Goal::NotLose {
                    json.seat_lose = Some(odds.seat_win.iter().map(|w| 1.0 - w).collect());
                }
            }
            Body::Turn(turn) => {
                json.p_qualify = Some(turn.p_qualify);
                json.expected_score = Some(turn.expected_score);
                json.p_24 = Some(turn.p_24);
                json.score_distribution = Some(&turn.score_distribution);
            }
        }
        serde_json::to_string_pretty(&json).expect("a report always serialises")
    }

    /// The readable summary.
    pub fn summary(&self) -> String {
        let s = &self.settings;
        let mut out = String::new();
        let _ = writeln!(out, "{} — {}", s.game.title(), s.signature());
        match &self.body {
            Body::Seats(odds) => {
                let how = match odds.std_error {
                    Some(se) => format!(
                        "Monte Carlo estimate (standard error {:.2} points)",
                        100.0 * se
                    ),
                    None => "exact".to_owned(),
                };
                let _ = writeln!(out, "Win chances from the start, {how}:\n");
                let seat_label = format!("seat ({})", s.game.game_type().seat_zero());
                let _ = write!(out, "{seat_label:<28} {:>8}", "win");
                if s.game.game_type().goal == Goal::NotLose {
                    let _ = write!(out, " {:>8}", "lose");
                }
                out.push('\n');
                for (seat, &p) in odds.seat_win.iter().enumerate() {
                    let _ = write!(out, "{seat:<28} {:>7.2}%", 100.0 * p);
                    if s.game.game_type().goal == Goal::NotLose {
                        let _ = write!(out, " {:>7.2}%", 100.0 * (1.0 - p));
                    }
                    out.push('\n');
                }
                let _ = writeln!(
                    out,
                    "\nEvery seat played by the {} bots.",
                    s.game.bot_levels()[0]
                );
            }
            Body::Turn(turn) => {
                let _ = writeln!(
                    out,
                    "One turn played for the most points (exact, the expert's DP):\n"
                );
                let _ = writeln!(
                    out,
                    "chance to qualify        {:>7.2}%",
                    100.0 * turn.p_qualify
                );
                let _ = writeln!(out, "expected score           {:>8.3}", turn.expected_score);
                let _ = writeln!(out, "chance of 24             {:>7.2}%", 100.0 * turn.p_24);
                let _ = writeln!(out, "\nscore        chance");
                for (score, &p) in turn.score_distribution.iter().enumerate() {
                    if p > 0.0 {
                        let label = if score == 25 {
                            "bust".to_owned()
                        } else {
                            score.to_string()
                        };
                        let _ = writeln!(out, "{label:<12} {:>6.2}%", 100.0 * p);
                    }
                }
            }
        }
        out
    }
}
