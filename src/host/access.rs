//! Who may sit down: anyone by default, or only those who know the password or hold one of
//! the authorized keys. A name comes with a key (see `names`): by default any key may claim
//! a free name (trust on first use), and a guest without a key, or with only the password,
//! gets a name for their visit only.

use std::path::{Path, PathBuf};

use russh::MethodKind;
use russh::MethodSet;
use russh::keys::PublicKey;
use russh::keys::ssh_key::AuthorizedKeys;

use super::HostError;
use crate::files;

/// An `authorized_keys` file of this size holds thousands of keys.
const MAX_AUTHORIZED_KEYS_BYTES: u64 = 1 << 20;

/// How guests are let in. With neither a password nor keys, anyone is.
#[derive(Clone, Debug, Default)]
pub struct Access {
    pub password: Option<String>,
    pub keys: Vec<PublicKey>,
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
    /// difference, so the time taken tells nothing of how much of it was right.
    pub fn password_is(&self, given: &str) -> bool {
        let Some(password) = &self.password else {
            return false;
        };
        let (want, given) = (password.as_bytes(), given.as_bytes());
        let differ = want
            .iter()
            .zip(given)
            .fold(want.len() ^ given.len(), |acc, (a, b)| {
                acc | usize::from(a ^ b)
            });
        differ == 0
    }

    /// Whether `key` gets in: any key when anyone may, else one of the authorized keys.
    pub fn admits(&self, key: &PublicKey) -> bool {
        self.is_open() || self.keys.iter().any(|k| k.key_data() == key.key_data())
    }
}

/// The keys of an OpenSSH `authorized_keys` file (their options are not read: every key
/// listed simply gets in).
pub fn read_authorized_keys(path: &Path) -> Result<Vec<PublicKey>, HostError> {
    let problem = |reason: String| HostError::AuthorizedKeys {
        path: PathBuf::from(path),
        reason,
    };
    let contents =
        files::read_regular(path, MAX_AUTHORIZED_KEYS_BYTES).map_err(|e| problem(e.to_string()))?;
    let text = String::from_utf8(contents.bytes).map_err(|_| problem("not text".to_owned()))?;
    let keys = AuthorizedKeys::new(&text)
        .map(|entry| entry.map(|entry| entry.public_key().clone()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| problem(e.to_string()))?;
    if keys.is_empty() {
        return Err(problem("it lists no key".to_owned()));
    }
    Ok(keys)
}
