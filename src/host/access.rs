//! Who may sit down: anyone by default, or only those who know the password or hold one of
//! the authorized keys. A name comes with a key (see `names`): by default any key may claim
//! a free name (trust on first use), and a guest without a key, or with only the password,
//! gets a name for their visit only.

use std::net::IpAddr;
use std::path::{Path, PathBuf};

use russh::MethodKind;
use russh::MethodSet;
use russh::keys::PublicKey;
use subtle::ConstantTimeEq;

use super::error::{HostError, KeyLineFault, KeysProblem};
use crate::files;

/// An `authorized_keys` file of this size holds thousands of keys.
const MAX_AUTHORIZED_KEYS_BYTES: u64 = 1 << 20;

/// How guests are let in. With neither a password nor keys, anyone is.
#[derive(Clone, Debug, Default)]
pub struct Access {
    pub password: Option<String>,
    pub keys: Vec<AuthorizedKey>,
}

impl Access {
    /// No password and no keys: anyone comes in, with any key or none.
    pub fn is_open(&self) -> bool {
        self.password.is_none() && self.keys.is_empty()
    }

    /// The ways in that a guest's ssh is offered. When anyone may come in, a key is asked
    /// for first (their name is then theirs), and keyboard-interactive with no question at
    /// all lets in those without one; "none" is never enough, or ssh would never offer a
    /// key.
    pub fn methods(&self) -> MethodSet {
        let mut methods = MethodSet::empty();
        if self.is_open() || !self.keys.is_empty() {
            methods.push(MethodKind::PublicKey);
        }
        if self.is_open() {
            methods.push(MethodKind::KeyboardInteractive);
        }
        if self.password.is_some() {
            methods.push(MethodKind::Password);
        }
        methods
    }

    /// Whether `given` is the password. Every byte is compared whatever the first
    /// difference (subtle's constant-time compare), so the time taken tells nothing of how
    /// much of it was right.
    pub fn password_is(&self, given: &str) -> bool {
        let Some(password) = &self.password else {
            return false;
        };
        password.as_bytes().ct_eq(given.as_bytes()).into()
    }

    /// Whether `key` gets in from `source`: any key when anyone may, else one of the
    /// authorized keys, as its line's options allow.
    pub fn admits(&self, key: &PublicKey, source: IpAddr) -> bool {
        let now = now_seconds();
        self.is_open()
            || self
                .keys
                .iter()
                .any(|k| k.key.key_data() == key.key_data() && k.lets_in(source, now))
    }
}

/// A key of an `authorized_keys` file, with the options of its line the parlor honours.
#[derive(Clone, Debug)]
pub struct AuthorizedKey {
    pub key: PublicKey,
    /// `from="..."`: the addresses it may come from (none: any).
    pub from: Option<Vec<String>>,
    /// `expiry-time="..."`: the second (since 1970, UTC) from which it no longer gets in.
    pub expires: Option<i64>,
}

impl AuthorizedKey {
    /// Any key, from anywhere, for ever (tests).
    pub fn plain(key: PublicKey) -> Self {
        AuthorizedKey {
            key,
            from: None,
            expires: None,
        }
    }

    /// Whether it lets in a guest from `source` at `now` (seconds since 1970).
    fn lets_in(&self, source: IpAddr, now: i64) -> bool {
        self.expires.is_none_or(|at| now < at)
            && self
                .from
                .as_ref()
                .is_none_or(|patterns| from_matches(patterns, source))
    }
}

/// Options the parlor honours: `from=`, `expiry-time=`, and those that forbid what the
/// parlor never allows anyway (forwarding, agents, X11, ptys for anything but the parlor).
const HARMLESS: &[&str] = &[
    "restrict",
    "no-agent-forwarding",
    "no-port-forwarding",
    "no-X11-forwarding",
    "no-user-rc",
];

/// The keys of an OpenSSH `authorized_keys` file. An option the parlor cannot honour
/// (`command=`, `permitopen=`, ...) or a key it cannot check (RSA) refuses the file, with
/// the line's number, rather than letting the key in with less than the line says.
pub fn read_authorized_keys(path: &Path) -> Result<Vec<AuthorizedKey>, HostError> {
    let problem = |reason: KeysProblem| HostError::AuthorizedKeys {
        path: PathBuf::from(path),
        reason,
    };
    let contents =
        files::read_regular(path, MAX_AUTHORIZED_KEYS_BYTES).map_err(|e| problem(e.into()))?;
    let text = String::from_utf8(contents.bytes).map_err(|_| problem(KeysProblem::NotText))?;
    let mut keys = Vec::new();
    for (at, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let number = at + 1;
        let on_line = |fault: KeyLineFault| {
            problem(KeysProblem::Line {
                line: number,
                fault,
            })
        };
        let (options, key_text) = split_line(line);
        let public_key =
            PublicKey::from_openssh(key_text).map_err(|e| on_line(KeyLineFault::NotAKey(e)))?;
        if public_key.algorithm().is_rsa() {
            return Err(on_line(KeyLineFault::Rsa));
        }
        let mut key = AuthorizedKey::plain(public_key);
        for option in options.iter().flat_map(|o| outside_quotes(o, ',')) {
            let (name, value) = match option.split_once('=') {
                Some((name, value)) => (name, Some(value.trim_matches('"'))),
                None => (option, None),
            };
            match (name, value) {
                ("from", Some(patterns)) => {
                    let patterns: Vec<String> = patterns.split(',').map(str::to_owned).collect();
                    if let Some(unknown) = patterns.iter().find(|p| !is_pattern(p)) {
                        return Err(on_line(KeyLineFault::Pattern(unknown.clone())));
                    }
                    key.from = Some(patterns);
                }
                ("expiry-time", Some(time)) => {
                    let expires = expiry_time(time)
                        .ok_or_else(|| on_line(KeyLineFault::ExpiryTime(time.to_owned())))?;
                    key.expires = Some(expires);
                }
                (harmless, None) if HARMLESS.contains(&harmless) => {}
                _ => return Err(on_line(KeyLineFault::Unhonoured(option.to_owned()))),
            }
        }
        keys.push(key);
    }
    if keys.is_empty() {
        return Err(problem(KeysProblem::NoKey));
    }
    Ok(keys)
}

/// A line's options (if any) and its key: the options come first unless the line starts
/// with a key's type, and end at the first space outside quotes.
fn split_line(line: &str) -> (Option<&str>, &str) {
    const KEY_TYPES: &[&str] = &["ssh-", "ecdsa-", "sk-"];
    if KEY_TYPES.iter().any(|t| line.starts_with(t)) {
        return (None, line);
    }
    match outside_quotes(line, ' ').first() {
        Some(options) => (Some(options), line[options.len()..].trim_start()),
        None => (None, line),
    }
}

/// `text` cut at each `at` that is not between double quotes.
fn outside_quotes(text: &str, at: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut quoted, mut from) = (false, 0);
    for (i, c) in text.char_indices() {
        if c == '"' {
            quoted = !quoted;
        } else if c == at && !quoted {
            parts.push(&text[from..i]);
            from = i + c.len_utf8();
        }
    }
    parts.push(&text[from..]);
    parts
}

/// Whether `pattern` is a `from=` pattern the parlor can match against an address: an
/// address, one with `*` and `?` wildcards, or an address range `ADDRESS/BITS`, each
/// perhaps after `!` (never from there). Host names are not: the parlor does not look them
/// up.
fn is_pattern(pattern: &str) -> bool {
    let bare = pattern.strip_prefix('!').unwrap_or(pattern);
    match bare.split_once('/') {
        Some((address, bits)) => {
            address.parse::<IpAddr>().is_ok() && bits.parse::<u8>().is_ok_and(|b| b <= 128)
        }
        None => {
            !bare.is_empty()
                && bare
                    .chars()
                    .all(|c| c.is_ascii_hexdigit() || matches!(c, '.' | ':' | '*' | '?'))
        }
    }
}

/// Whether `source` is let in by `from=` `patterns`: it matches one, and no negated one.
fn from_matches(patterns: &[String], source: IpAddr) -> bool {
    let mut matched = false;
    for pattern in patterns {
        let (negated, bare) = match pattern.strip_prefix('!') {
            Some(bare) => (true, bare),
            None => (false, pattern.as_str()),
        };
        if matches_one(bare, source) {
            if negated {
                return false;
            }
            matched = true;
        }
    }
    matched
}

fn matches_one(pattern: &str, source: IpAddr) -> bool {
    if let Some((address, bits)) = pattern.split_once('/') {
        let (Ok(network), Ok(bits)) = (address.parse::<IpAddr>(), bits.parse::<u32>()) else {
            return false;
        };
        return match (network, source) {
            (IpAddr::V4(net), IpAddr::V4(ip)) if bits <= 32 => {
                let mask = u32::MAX.checked_shl(32 - bits).unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) if bits <= 128 => {
                let mask = u128::MAX.checked_shl(128 - bits).unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        };
    }
    wildcard(pattern.as_bytes(), source.to_string().as_bytes())
}

/// `*` any run of characters, `?` any one.
fn wildcard(pattern: &[u8], text: &[u8]) -> bool {
    match pattern.split_first() {
        None => text.is_empty(),
        Some((b'*', rest)) => (0..=text.len()).any(|skip| wildcard(rest, &text[skip..])),
        Some((&c, rest)) => text
            .split_first()
            .is_some_and(|(&t, more)| (c == b'?' || c == t) && wildcard(rest, more)),
    }
}

/// `expiry-time="YYYYMMDD[HHMM[SS]]"`, read as UTC (sshd reads it as the system's local
/// time unless it ends in `Z`): the second since 1970, or `None` when it is no such time.
fn expiry_time(time: &str) -> Option<i64> {
    let digits = time.strip_suffix('Z').unwrap_or(time);
    if !matches!(digits.len(), 8 | 12 | 14) || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let day: crate::daily::Day = format!("{}-{}-{}", &digits[..4], &digits[4..6], &digits[6..8])
        .parse()
        .ok()?;
    let part = |from: usize| -> i64 {
        digits
            .get(from..from + 2)
            .map_or(0, |p| p.parse().unwrap_or(0))
    };
    let (hours, minutes, seconds) = (part(8), part(10), part(12));
    if hours > 23 || minutes > 59 || seconds > 59 {
        return None;
    }
    Some(day.first_second() + hours * 3600 + minutes * 60 + seconds)
}

/// Seconds since 1970, now.
fn now_seconds() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    i64::try_from(since).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_whole_password_is_the_password() {
        let access = Access {
            password: Some("open sesame".to_owned()),
            keys: Vec::new(),
        };
        assert!(access.password_is("open sesame"));
        for wrong in [
            "",
            "open",
            "open sesamE",
            "open sesame ",
            "open sesame!",
            "Open sesame",
        ] {
            assert!(!access.password_is(wrong), "{wrong:?} let in");
        }
        assert!(
            !Access::default().password_is(""),
            "no password: nobody comes in by one"
        );
    }

    fn read(text: &str) -> Result<Vec<AuthorizedKey>, KeysProblem> {
        let dir = tempfile::TempDir::new().expect("a temp dir");
        let path = dir.path().join("authorized_keys");
        std::fs::write(&path, text).expect("written");
        read_authorized_keys(&path).map_err(|e| match e {
            HostError::AuthorizedKeys { reason, .. } => reason,
            other => panic!("not the authorized keys' refusal: {other}"),
        })
    }

    /// The message `text` refuses the file with.
    fn refusal(text: &str) -> String {
        read(text).expect_err("refused").to_string()
    }

    const KEY: &str =
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIC0INqstEyBAvOy34ilqGlJjXPq3EtsbVBCbK7inLtK9";

    #[test]
    fn options_the_parlor_cannot_honour_refuse_the_file_with_their_line() {
        let refused = refusal(&format!("# friends\n\ncommand=\"ls\" {KEY} amy\n"));
        assert!(
            refused.contains("line 3: the option command=\"ls\""),
            "{refused}"
        );
        let refused = read(&format!("{KEY}\nfrom=\"*.example.com\" {KEY}\n")).expect_err("refused");
        assert!(
            matches!(
                &refused,
                KeysProblem::Line { line: 2, fault: KeyLineFault::Pattern(pattern) }
                    if pattern == "*.example.com"
            ),
            "{refused}"
        );
        assert!(
            refused
                .to_string()
                .contains("line 2: from=\"*.example.com\""),
            "{refused}"
        );
        let refused = refusal(&format!("expiry-time=\"2026\" {KEY}\n"));
        assert!(refused.contains("line 1: expiry-time"), "{refused}");
    }

    #[test]
    fn an_rsa_key_refuses_the_file_loudly_with_its_line() {
        let rsa = concat!(
            "ssh-rsa ",
            "AAAAB3NzaC1yc2EAAAADAQABAAAAgQDXN7+ODibfLgNpcOfOynYCoRAfSUzgjJso",
            "/Gz7Trw7ZeQDg1JoufRhj0qHpFH7U6voVoCQK5jNdhms7lDihqVkZaoKkppM2j1O",
            "gdRbdT0jZYe9MaqewKEpwWgEjEHHaTWANw9PgBSnTWxOdSmyd5Z7Xtt7bmvv5+GO",
            "SotOtflYvQ==",
            " amy\n"
        );
        let refused = refusal(&format!("{KEY} bo\n{rsa}"));
        assert!(refused.contains("line 2: an RSA key"), "{refused}");
    }

    #[test]
    fn from_and_expiry_time_are_honoured() {
        let keys = read(&format!(
            "restrict,from=\"10.0.0.*,192.168.0.0/16,!192.168.9.9\" {KEY}\n\
             expiry-time=\"20261202143321Z\" {KEY}\n"
        ))
        .expect("read");
        let ip = |text: &str| text.parse::<IpAddr>().expect("an address");
        let from = &keys[0];
        assert!(from.lets_in(ip("10.0.0.7"), 0));
        assert!(from.lets_in(ip("192.168.3.4"), 0));
        assert!(!from.lets_in(ip("192.168.9.9"), 0));
        assert!(!from.lets_in(ip("10.0.1.7"), 0));
        let expiring = &keys[1];
        assert!(expiring.lets_in(ip("10.0.1.7"), 1_796_222_000));
        assert!(!expiring.lets_in(ip("10.0.1.7"), 1_796_222_001));
    }
}
