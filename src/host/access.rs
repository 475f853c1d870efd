//! Who may sit down: anyone by default (the name they give is their name at the parlor),
//! or only those who know the password or hold one of the authorized keys.

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
    /// No password and no keys: any name comes in.
    pub fn is_open(&self) -> bool {
        self.password.is_none() && self.keys.is_empty()
    }

    /// The ways in that a guest's ssh is offered.
    pub fn methods(&self) -> MethodSet {
        let mut methods = MethodSet::empty();
        if self.is_open() {
            methods.push(MethodKind::None);
        }
        if self.password.is_some() {
            methods.push(MethodKind::Password);
        }
        if !self.keys.is_empty() {
            methods.push(MethodKind::PublicKey);
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

    /// Whether `key` is one of the authorized keys.
    pub fn admits(&self, key: &PublicKey) -> bool {
        self.keys.iter().any(|k| k.key_data() == key.key_data())
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
