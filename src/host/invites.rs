//! Invitations to a browser seat: a link the host hands out (the console's `invite`), whose
//! random token lets one browser, or any number until it expires, open the parlor's socket.
//! Without a token the host made, the socket is refused, so a browser guest is someone the
//! host chose to ask.
//!
//! Tokens are 128 bits from the operating system's generator, and live in memory only: a
//! restarted parlor has forgotten every link it gave.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use rand::TryRng;
use thiserror::Error;

/// How long an invitation lasts unless the host says otherwise.
pub const DEFAULT_LASTING: Duration = Duration::from_hours(24);
/// The longest an invitation may last.
const MAX_LASTING: Duration = Duration::from_hours(24 * 30);
/// Random bytes in a token.
const TOKEN_BYTES: usize = 16;

/// Where an invitation seats its guest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invited {
    /// The lobby of shared tables.
    Lobby,
    /// A shared table, by name: a seat at it, or a place to watch it.
    Table(String),
}

/// One invitation the host gave.
#[derive(Debug)]
struct Invitation {
    to: Invited,
    until: Instant,
    /// For one visit only.
    once: bool,
    /// A visit came in with it (kept until it expires, to say so).
    used: bool,
}

/// Why a token opens nothing (said in the thread's language).
#[derive(Debug, Error, PartialEq, Eq)]
pub enum InviteRefusal {
    Missing,
    Unknown,
    Expired,
    Used,
}

impl std::fmt::Display for InviteRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            InviteRefusal::Missing => crate::said!(invite_missing),
            InviteRefusal::Unknown => crate::said!(invite_unknown),
            InviteRefusal::Expired => crate::said!(invite_expired),
            InviteRefusal::Used => crate::said!(invite_used),
        })
    }
}

/// The invitations the host has given.
#[derive(Debug, Default)]
pub struct Invites {
    given: Mutex<HashMap<String, Invitation>>,
}

impl Invites {
    fn given(&self) -> MutexGuard<'_, HashMap<String, Invitation>> {
        // Every change is whole before the lock is let go.
        self.given.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A new invitation to `to`, lasting `lasting` (at most 30 days) from `now`, for one
    /// visit if `once`: its token.
    pub fn invite(&self, to: Invited, once: bool, lasting: Duration, now: Instant) -> String {
        let mut bytes = [0; TOKEN_BYTES];
        rand::rngs::SysRng
            .try_fill_bytes(&mut bytes)
            .expect("the operating system's random generator answers");
        let token = super::hex::hex(&bytes);
        let mut given = self.given();
        given.retain(|_, invitation| invitation.until > now);
        given.insert(
            token.clone(),
            Invitation {
                to,
                until: now + lasting.min(MAX_LASTING),
                once,
                used: false,
            },
        );
        token
    }

    /// Where `token` would seat a visit coming in at `now`, without using it: a browser
    /// whose name is then refused (mistyped, or another's) has not used up a link for one
    /// visit.
    pub fn check(&self, token: &str, now: Instant) -> Result<Invited, InviteRefusal> {
        self.look(token, now, false)
    }

    /// Where `token` seats a visit coming in at `now`; a single-use invitation is used by it.
    pub fn admit(&self, token: &str, now: Instant) -> Result<Invited, InviteRefusal> {
        self.look(token, now, true)
    }

    fn look(&self, token: &str, now: Instant, using: bool) -> Result<Invited, InviteRefusal> {
        if token.is_empty() {
            return Err(InviteRefusal::Missing);
        }
        let mut given = self.given();
        let invitation = given.get_mut(token).ok_or(InviteRefusal::Unknown)?;
        if invitation.until <= now {
            return Err(InviteRefusal::Expired);
        }
        if invitation.used && invitation.once {
            return Err(InviteRefusal::Used);
        }
        invitation.used |= using;
        Ok(invitation.to.clone())
    }
}

/// A length of time as the console takes it: a number and a unit, `90s`, `30m`, `2h`, `7d`.
pub fn read_lasting(text: &str) -> Option<Duration> {
    let unit = text.chars().last()?;
    let number: u64 = text[..text.len() - unit.len_utf8()].parse().ok()?;
    let seconds = match unit {
        's' => 1,
        'm' => 60,
        'h' => 3600,
        'd' => 86_400,
        _ => return None,
    };
    let lasting = Duration::from_secs(number.checked_mul(seconds)?);
    (!lasting.is_zero() && lasting <= MAX_LASTING).then_some(lasting)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_128_random_bits_and_opens_where_it_says_until_it_expires() {
        let invites = Invites::default();
        let now = Instant::now();
        let token = invites.invite(
            Invited::Table("den".into()),
            false,
            Duration::from_mins(1),
            now,
        );
        assert_eq!(token.len(), 32);
        assert_ne!(
            token,
            invites.invite(Invited::Lobby, false, DEFAULT_LASTING, now)
        );
        assert_eq!(invites.admit(&token, now), Ok(Invited::Table("den".into())));
        assert_eq!(invites.admit(&token, now), Ok(Invited::Table("den".into())));
        let later = now + Duration::from_mins(1);
        assert_eq!(invites.admit(&token, later), Err(InviteRefusal::Expired));
        assert_eq!(invites.admit("0123", now), Err(InviteRefusal::Unknown));
        assert_eq!(invites.admit("", now), Err(InviteRefusal::Missing));
    }

    #[test]
    fn a_single_use_invitation_lets_in_one_visit() {
        let invites = Invites::default();
        let now = Instant::now();
        let token = invites.invite(Invited::Lobby, true, DEFAULT_LASTING, now);
        assert_eq!(invites.admit(&token, now), Ok(Invited::Lobby));
        assert_eq!(invites.admit(&token, now), Err(InviteRefusal::Used));
    }

    #[test]
    fn a_lasting_is_a_number_and_a_unit_within_30_days() {
        assert_eq!(read_lasting("90s"), Some(Duration::from_secs(90)));
        assert_eq!(read_lasting("2h"), Some(Duration::from_hours(2)));
        assert_eq!(read_lasting("30d"), Some(MAX_LASTING));
        for bad in [
            "",
            "h",
            "2",
            "0m",
            "31d",
            "2w",
            "-1h",
            "1.5h",
            "99999999999999999d",
        ] {
            assert_eq!(read_lasting(bad), None, "{bad}");
        }
    }
}
