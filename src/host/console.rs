//! The host's console: the commands typed at the host's terminal while the parlor is open
//! (the tables, who is in, kick, close, ban, forget, invite), and the thread that reads them.

use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use super::house::House;
use super::invites::{self, Invited};

/// Answer the host (on stdout).
fn say(line: &str) {
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// What the host may type while the parlor is open (one command a line).
pub const CONSOLE_HELP: &str = "tables: the shared tables open · who: the guests in, with their \
                                keys · kick NAME: send NAME away from their tables (a bot plays \
                                their seat) · close TABLE: end it (recorded as abandoned) · ban NAME: refuse NAME and its key from now on · \
                                forget NAME: free NAME for the next key · invite [TABLE] [--once] [--for 2h]: a link \
                                for a browser guest, to the lobby or to TABLE";

/// Commands typed at the host's terminal while the parlor is open.
pub struct Console {
    house: Arc<House>,
}

impl Console {
    pub(super) fn new(house: Arc<House>) -> Console {
        Console { house }
    }

    /// Answer each line typed at the host's terminal, on a thread of its own. Left to run: it
    /// ends with the process, blocked on a line that will never come.
    pub(super) fn read_stdin(self) {
        let _ = std::thread::Builder::new()
            .name("console".to_owned())
            .spawn(move || {
                for line in std::io::stdin().lines() {
                    let Ok(line) = line else { return };
                    let answer = self.command(&line);
                    if !answer.is_empty() {
                        say(&answer);
                    }
                }
            });
    }

    /// Carry out `line`; the answer to show the host.
    pub fn command(&self, line: &str) -> String {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => String::new(),
            ["tables"] => {
                let listings = self.house.tables.listings();
                if listings.is_empty() {
                    return "no shared tables are open".to_owned();
                }
                listings
                    .iter()
                    .map(|t| {
                        format!(
                            "{}: {}, {} of {} seats taken, {}",
                            t.name,
                            t.game,
                            t.people.len(),
                            t.seats,
                            t.phase.word()
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            ["who"] => self.who(),
            ["invite", rest @ ..] => self.invite(rest),
            ["close", table] => {
                if self.house.tables.close_table(table) {
                    format!("closed the table {table}")
                } else {
                    format!("there is no table {table}")
                }
            }
            ["kick", name] => match self.house.tables.kick(name).as_slice() {
                [] => format!("{name} is at no table"),
                tables => format!("sent {name} away from {}", tables.join(", ")),
            },
            ["ban", name] => match self.house.names.ban(name) {
                Ok(key) => {
                    self.house.tables.kick(name);
                    let sent = self.house.send_away(name);
                    let key = key.map_or_else(
                        || "no key holds it".to_owned(),
                        |k| format!("and its key {k}"),
                    );
                    format!("banned {name} ({key}); {sent} of their parlors closed")
                }
                Err(why) => format!("could not keep the ban: {why}"),
            },
            ["forget", name] => match self.house.names.forget(name) {
                Ok(true) => {
                    // Their seats were held for their key: no other key may take them.
                    self.house.tables.kick(name);
                    format!("{name} is free for the next key that comes in under it")
                }
                Ok(false) => format!("no key holds {name}"),
                Err(why) => format!("could not forget {name}: {why}"),
            },
            _ => CONSOLE_HELP.to_owned(),
        }
    }
}

/// How `invite` is given.
const INVITE_USAGE: &str = "invite [TABLE] [--once] [--for 90s|30m|2h|7d]: a link to TABLE (or \
                            the lobby), for one visit with --once, lasting 24 h unless --for";

impl Console {
    /// `invite [TABLE] [--once] [--for LASTING]`: a link for a browser guest.
    fn invite(&self, words: &[&str]) -> String {
        let Some(web) = self.house.web else {
            return "the parlor serves no browsers: start it with --web PORT".to_owned();
        };
        let (mut table, mut once, mut lasting) = (None, false, invites::DEFAULT_LASTING);
        let mut words = words.iter();
        while let Some(&word) = words.next() {
            match word {
                "--once" => once = true,
                "--for" => match words.next().and_then(|w| invites::read_lasting(w)) {
                    Some(given) => lasting = given,
                    None => return INVITE_USAGE.to_owned(),
                },
                _ if table.is_none() && !word.starts_with('-') => table = Some(word),
                _ => return INVITE_USAGE.to_owned(),
            }
        }
        let to = match table {
            Some(table) if !self.house.tables.has(table) => {
                return format!("there is no table {table}");
            }
            Some(table) => Invited::Table(table.to_owned()),
            None => Invited::Lobby,
        };
        let token = self
            .house
            .invites
            .invite(to.clone(), once, lasting, Instant::now());
        let place = match to {
            Invited::Lobby => "the lobby".to_owned(),
            Invited::Table(table) => format!("the table {table}"),
        };
        let visits = if once {
            "one visit"
        } else {
            "any number of visits"
        };
        let hours = lasting.as_secs_f64() / 3600.0;
        format!(
            "an invitation to {place}, for {visits} in the next {hours:.1} h: {}",
            invitation_link(web, &token)
        )
    }

    /// The guests whose parlors are open, with their keys.
    fn who(&self) -> String {
        let parlors = self.house.parlors();
        if parlors.is_empty() {
            return "nobody is in".to_owned();
        }
        let mut lines: Vec<String> = parlors
            .values()
            .map(|v| {
                let key = v
                    .key
                    .as_deref()
                    .unwrap_or("no key: a name for this visit only");
                let from = v.from.map(|f| format!(" from {f}")).unwrap_or_default();
                format!("{}: {key}{from}", v.name)
            })
            .collect();
        lines.sort();
        lines.join("\n")
    }
}

/// The link a browser guest opens: `http://HOST:PORT/t/TOKEN`, with `THIS-HOST` for the
/// host to fill in when the parlor listens on every address (it cannot know which one its
/// guests reach).
fn invitation_link(web: SocketAddr, token: &str) -> String {
    if web.ip().is_unspecified() {
        format!("http://THIS-HOST:{}/t/{token}", web.port())
    } else {
        format!("http://{web}/t/{token}")
    }
}
