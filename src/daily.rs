//! The daily deal: one game a day, the same for every player on every machine.
//!
//! Its seed comes from the UTC date and the game alone, its settings are the game's
//! defaults, and the table deals by duplicate play (see `table::streams`): the dice and
//! cards a seat meets do not depend on anyone's choices, so a person's result can be held
//! against the expert bot's on the same dice from the same seat, and against anyone
//! else's. Knows nothing of the terminal.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::games::present;
use crate::games::{Event, GameId, Goal, Settings};
use crate::said;
use crate::table::{Dealer, Seat, SeatKind, Table};
use crate::words::spoken;

/// The seat a person plays from in the daily deal.
pub const YOUR_SEAT: u8 = 0;

/// A day of the proleptic Gregorian calendar, counted from 1970-01-01 (UTC days).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Day(i64);

/// The years a date may have: four digits, as ISO 8601 writes them without a sign. A date
/// outside them is not one a daily deal was played on, and its day number could overflow.
const YEARS: std::ops::RangeInclusive<i64> = 0..=9999;

impl Day {
    /// Today, in UTC: the same day for everyone, wherever they play.
    pub fn today() -> Self {
        let seconds = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Day::at(seconds)
    }

    /// The UTC day of a moment, in seconds since 1970.
    pub fn at(seconds: u64) -> Self {
        Day(i64::try_from(seconds / 86_400).unwrap_or(i64::MAX))
    }

    /// Its first second, counted from 1970-01-01 (UTC).
    pub fn first_second(self) -> i64 {
        self.0.saturating_mul(86_400)
    }

    #[must_use]
    pub fn next(self) -> Self {
        Day(self.0 + 1)
    }

    /// Year, month (1-12) and day of the month: Howard Hinnant's `civil_from_days`, which
    /// counts in 400-year eras of 146,097 days starting on March 1st (so the leap day ends
    /// a year).
    fn civil(self) -> (i64, u8, u8) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z.rem_euclid(146_097);
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let month_from_march = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u8;
        let month = if month_from_march < 10 {
            month_from_march + 3
        } else {
            month_from_march - 9
        } as u8;
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        (year, month, day)
    }

    /// The day of a date, the inverse of [`Day::civil`] (Hinnant's `days_from_civil`);
    /// `None` for a date that does not exist or whose year is not four digits (see
    /// [`YEARS`]).
    fn from_civil(year: i64, month: u8, day: u8) -> Option<Self> {
        if !YEARS.contains(&year) {
            return None;
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let days_in_month = match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            1..=12 => 31,
            _ => return None,
        };
        if day == 0 || day > days_in_month {
            return None;
        }
        let year = year - i64::from(month <= 2);
        let era = year.div_euclid(400);
        let year_of_era = year.rem_euclid(400);
        let month_from_march = i64::from((month + 9) % 12);
        let day_of_year = (153 * month_from_march + 2) / 5 + i64::from(day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        Some(Day(era * 146_097 + day_of_era - 719_468))
    }
}

impl fmt::Display for Day {
    /// ISO 8601: `2026-12-01`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (year, month, day) = self.civil();
        write!(f, "{year:04}-{month:02}-{day:02}")
    }
}

/// Text that is no date of the parlor's calendar.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{0:?} is not a date like 2026-12-01")]
pub struct NotADay(pub String);

impl std::str::FromStr for Day {
    type Err = NotADay;

    /// `2026-12-01`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wrong = || NotADay(text.to_owned());
        let mut parts = text.splitn(3, '-');
        let (Some(year), Some(month), Some(day)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(wrong());
        };
        let year: i64 = year.parse().map_err(|_| wrong())?;
        let month: u8 = month.parse().map_err(|_| wrong())?;
        let day: u8 = day.parse().map_err(|_| wrong())?;
        Day::from_civil(year, month, day).ok_or_else(wrong)
    }
}

impl From<Day> for String {
    fn from(day: Day) -> String {
        day.to_string()
    }
}

impl TryFrom<String> for Day {
    type Error = NotADay;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

/// One game's deal of one day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyDeal {
    pub game: GameId,
    pub day: Day,
}

impl DailyDeal {
    /// The game the daily deal is of when none is named: the one whose choices matter
    /// most, so that a day's attempts compare skill.
    pub const GAME: GameId = GameId::FortyOne;

    pub fn today(game: GameId) -> Self {
        DailyDeal {
            game,
            day: Day::today(),
        }
    }

    /// The deal's seed: a hash of the game and the date fixed by its definition (unlike
    /// the standard library's, which may change between Rust releases), so every parlor of
    /// this format deals the same game on the same day. It keys the daily's own streams
    /// ([`Dealer::Daily`]): given as `--seed`, it deals another game.
    pub fn seed(&self) -> u64 {
        fnv1a(&format!("parlor daily {} {}", self.game.name(), self.day))
    }

    /// The game's default settings: everyone plays the same rules.
    pub fn settings(&self) -> Settings {
        Settings::defaults(self.game)
    }

    /// A person at [`YOUR_SEAT`] named `name`, and the game's strongest bots around them.
    pub fn seats(&self, name: Option<&str>) -> Vec<Seat> {
        let settings = self.settings();
        let levels = settings
            .bot_levels(None)
            .expect("the default bot levels are allowed");
        let names: Vec<String> = name.into_iter().map(str::to_owned).collect();
        let humans: Vec<bool> = (0..settings.players).map(|s| s == YOUR_SEAT).collect();
        Seat::seated(&humans, &names, &levels)
    }

    /// The table of this deal with `seats`, dealt from the daily's own streams.
    pub fn table(&self, seats: Vec<Seat>) -> Table {
        Table::dealt_by(self.settings(), seats, self.seed(), Dealer::Daily)
    }

    /// The game the expert bot plays on the same dice from the person's seat.
    pub fn expert_game(&self, seats: &[Seat]) -> Table {
        let level = self.game.bot_levels()[0];
        let seats = seats
            .iter()
            .map(|seat| match seat.kind {
                SeatKind::Human => Seat {
                    name: seat.name.clone(),
                    kind: SeatKind::Bot(level),
                },
                SeatKind::Bot(_) => seat.clone(),
            })
            .collect();
        let mut table = self.table(seats);
        table.run_until_human();
        table
    }
}

/// 64-bit FNV-1a.
fn fnv1a(text: &str) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    text.bytes().fold(OFFSET, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(PRIME)
    })
}

/// How a seat finished a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Standing {
    /// Place among the players, 1 the winner (ties share a place).
    Place { place: u8, players: u8 },
    /// Forty-One's measure: the chips (with stakes) or rounds won (without) at the end.
    Pile(u32),
}

impl Standing {
    /// How `seat` finished the game at `table` (over).
    pub fn of(table: &Table, seat: u8) -> Self {
        let game = table.game();
        // A match is measured by what each seat ended it holding (Forty-One's pile).
        if game.settings().game.game_type().goal == Goal::WinMatch {
            return Standing::Pile(
                present::seats(&game.view(None))[usize::from(seat)]
                    .holding
                    .count,
            );
        }
        let players = game.players();
        let winners = game.figures().winners;
        // When each seat went out, in events: later is better, never is best.
        let mut out_at = vec![usize::MAX; usize::from(players)];
        for (at, event) in table.log().iter().enumerate() {
            if let Event::Out { seat } | Event::Loses { seat } = *event {
                out_at[usize::from(seat)] = at;
            }
        }
        let lasted = |s: u8| (winners.contains(s), out_at[usize::from(s)]);
        let better = (0..players)
            .filter(|&other| lasted(other) > lasted(seat))
            .count() as u8;
        Standing::Place {
            place: better + 1,
            players,
        }
    }

    /// In a few characters, for the line to share: `22`, `2nd/5`.
    pub fn short(self) -> String {
        match self {
            Standing::Pile(chips) => chips.to_string(),
            Standing::Place { place, players } => {
                said!(daily_place_short, place = ordinal(place), players = players)
            }
        }
    }

    /// Greater is better: for keeping a best result.
    pub fn merit(self) -> i64 {
        match self {
            Standing::Pile(chips) => i64::from(chips),
            Standing::Place { place, .. } => -i64::from(place),
        }
    }
}

impl fmt::Display for Standing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Standing::Pile(chips) => write!(f, "{chips}"),
            Standing::Place { place, players } => f.write_str(&said!(
                daily_place,
                place = ordinal(place),
                players = players
            )),
        }
    }
}

/// `1st`, `2nd`, `11th` (in Swedish `1:a`, `2:a`, `11:e`).
fn ordinal(n: u8) -> String {
    said!(
        daily_ordinal,
        place = n,
        last_digit = n % 10,
        last_two = n % 100
    )
}

/// A finished daily deal: the person's result, the expert's on the same dice, and the
/// share of the best choices' worth the person's choices kept.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyOutcome {
    pub deal: DailyDeal,
    pub yours: Standing,
    pub expert: Standing,
    /// 0-1; `None` for a game with no decisions to weigh.
    pub accuracy: Option<f64>,
}

impl DailyOutcome {
    /// The outcome of `table`, a finished game of `deal`, with the person's `accuracy`.
    pub fn of(deal: DailyDeal, table: &Table, accuracy: Option<f64>) -> Self {
        let expert = deal.expert_game(table.seats());
        DailyOutcome {
            deal,
            yours: Standing::of(table, YOUR_SEAT),
            expert: Standing::of(&expert, YOUR_SEAT),
            accuracy,
        }
    }

    /// The line to share: `parlor daily forty-one 2026-12-01: 22 (expert 23) 94% ▰▰▰▰▱`.
    /// The bar has a block per full fifth of accuracy.
    pub fn share_line(&self) -> String {
        let line = said!(
            daily_share,
            game = self.deal.game.name(),
            day = self.deal.day.to_string(),
            yours = self.yours.short(),
            expert = self.expert.short()
        );
        let Some(accuracy) = self.accuracy else {
            return line;
        };
        let filled = ((accuracy * 5.0 + 1e-9).floor() as usize).min(5);
        said!(
            daily_share_accuracy,
            line = line,
            percent = spoken().decimal(100.0 * accuracy, 0),
            bar = format!("{}{}", "▰".repeat(filled), "▱".repeat(5 - filled))
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_the_calendar_s() {
        for (day, date) in [
            (0, "1970-01-01"),
            (-1, "1969-12-31"),
            (59, "1970-03-01"),
            (11_016, "2000-02-29"),
            (20_423, "2025-12-01"),
            (20_788, "2026-12-01"),
        ] {
            assert_eq!(Day(day).to_string(), date);
            assert_eq!(date.parse::<Day>(), Ok(Day(day)));
        }
        // Every day of eleven centuries goes there and back, each after the one before.
        let mut previous = Day(-200_000);
        for n in -199_999..200_000 {
            let day = Day(n);
            assert_eq!(day.to_string().parse::<Day>(), Ok(day));
            assert!(
                day.to_string() > previous.to_string(),
                "{day} after {previous}"
            );
            previous = day;
        }
        for wrong in [
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-1",
            "x-y-z",
            // Years that are not four digits: the first would overflow the day count.
            "30000000000000000-01-01",
            "10000-01-01",
        ] {
            assert!(wrong.parse::<Day>().is_err(), "{wrong}");
        }
    }

    /// The published FNV-1a test vectors.
    #[test]
    fn the_hash_is_fnv_1a() {
        assert_eq!(fnv1a(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a("foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn the_seed_depends_on_the_game_and_the_day_only() {
        let day: Day = "2026-12-01".parse().expect("a date");
        let deal = DailyDeal {
            game: GameId::FortyOne,
            day,
        };
        assert_eq!(deal.seed(), fnv1a("parlor daily forty-one 2026-12-01"));
        let other_game = DailyDeal {
            game: GameId::ChaseTheAce,
            day,
        };
        let other_day = DailyDeal {
            game: GameId::FortyOne,
            day: day.next(),
        };
        assert_ne!(deal.seed(), other_game.seed());
        assert_ne!(deal.seed(), other_day.seed());
    }

    #[test]
    fn the_share_line_has_a_block_per_full_fifth() {
        let outcome = DailyOutcome {
            deal: DailyDeal {
                game: GameId::FortyOne,
                day: "2026-12-01".parse().expect("a date"),
            },
            yours: Standing::Pile(22),
            expert: Standing::Pile(23),
            accuracy: Some(0.94),
        };
        assert_eq!(
            outcome.share_line(),
            "parlor daily forty-one 2026-12-01: 22 (expert 23) 94% ▰▰▰▰▱"
        );
        let place = |place| Standing::Place { place, players: 5 };
        assert_eq!(place(1).to_string(), "1st of 5");
        assert_eq!(place(3).to_string(), "3rd of 5");
        assert_eq!(place(2).short(), "2nd/5");
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(22), "22nd");
        assert!(place(1).merit() > place(2).merit(), "first beats second");
    }
}
