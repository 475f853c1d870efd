//! What every connection and every guest's parlor shares: the rules of the house, the
//! parlors open (to wake or send away), and the messages a guest's parlor is woken with.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::access::Access;
use super::invites::Invites;
use super::limits::{Gate, Room};
use super::log::Log;
use super::names::{Claimed, NameRefusal, Names};
use crate::shared_table::Tables;

/// From the connection to the guest's thread.
pub enum ToGuest {
    /// Bytes the guest's terminal sent.
    Typed(Vec<u8>),
    /// The guest's input ended (their ssh's stdin, with no terminal): nothing more will be
    /// typed.
    InputEnded,
    /// Look again: the window changed, the guest left, or the parlor is closing.
    Wake,
    /// Their shared table has news: take it in now.
    News,
}

/// The house itself, as every connection and every guest's parlor shares it: its rules,
/// its door and room, the book of names, the log, the invitations, the tables, and the
/// parlors open.
pub(super) struct House {
    pub(super) access: Access,
    pub(super) port: u16,
    pub(super) idle_timeout: Duration,
    pub(super) data_dir: PathBuf,
    pub(super) closing: AtomicBool,
    /// Each open parlor, to wake when the house closes.
    pub(super) guests: Mutex<HashMap<u64, Visitor>>,
    pub(super) next_guest: AtomicU64,
    /// Whose name is whose.
    pub(super) names: Names,
    /// Visits without a key so far: each one's name is numbered.
    pub(super) visits: AtomicU64,
    /// The door: connections not yet logged in, and the sources that failed.
    pub(super) gate: Arc<Gate>,
    /// Places for guests logged in.
    pub(super) room: Arc<Room>,
    pub(super) log: Arc<Log>,
    /// Where browser guests are served, if they are.
    pub(super) web: Option<SocketAddr>,
    /// The invitations the host gave to browser guests.
    pub(super) invites: Invites,
    /// The tables friends share.
    pub(super) tables: Tables,
}

impl House {
    pub(super) fn closing(&self) -> bool {
        self.closing.load(Ordering::SeqCst)
    }

    /// `name` comes in with `key` (an SSH key's fingerprint, or a browser's) from `source`:
    /// bound to it if it was free (and within the book's bounds), and the log told. A book that could not be saved keeps the binding until
    /// the parlor closes.
    pub(super) fn claim(&self, name: &str, key: &str, source: IpAddr) -> Result<(), NameRefusal> {
        match self.names.claim(name, key, source)? {
            Claimed::Known => {}
            Claimed::Bound => self
                .log
                .line(&format!("the name {name} is bound to the key {key}")),
            Claimed::BoundUnsaved(why) => self.log.line(&format!(
                "the name {name} is bound to the key {key} until the parlor closes: the book \
                 of names could not be saved: {why}"
            )),
        }
        Ok(())
    }

    /// A login from `source` failed: counted against it, and the log told when that makes
    /// it wait.
    pub(super) fn count_failure(&self, source: IpAddr) {
        if let Some(wait) = self.gate.failed(source, Instant::now()) {
            self.log.line(&format!(
                "penalty: {source} may not log in for {} s",
                wait.as_secs()
            ));
        }
    }

    /// Where a guest's stats and replays are kept.
    pub(super) fn guest_dir(&self, name: &str) -> PathBuf {
        self.data_dir.join("guests").join(name)
    }

    /// A guest's parlor opened: returns its number, for [`House::farewell`].
    pub(super) fn welcome(&self, visitor: Visitor) -> u64 {
        let id = self.next_guest.fetch_add(1, Ordering::SeqCst);
        self.parlors().insert(id, visitor);
        id
    }

    /// Send every parlor of `name` away (the host banned them).
    pub(super) fn send_away(&self, name: &str) -> usize {
        let parlors = self.parlors();
        let theirs: Vec<&Visitor> = parlors.values().filter(|v| v.name == name).collect();
        for visitor in &theirs {
            visitor.sent_away.store(true, Ordering::SeqCst);
            let _ = visitor.wake.try_send(ToGuest::Wake);
        }
        theirs.len()
    }

    /// A guest's parlor ended.
    pub(super) fn farewell(&self, id: u64) {
        self.parlors().remove(&id);
    }

    pub(super) fn parlors(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Visitor>> {
        // A guest's thread that panicked leaves the map whole: every change is one call.
        self.guests.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A guest whose parlor is open, as the host's `who` lists them.
pub(super) struct Visitor {
    pub(super) name: String,
    /// Their key's fingerprint; `None`: they came in without one, for this visit.
    pub(super) key: Option<String>,
    pub(super) from: Option<SocketAddr>,
    /// To wake their parlor.
    pub(super) wake: SyncSender<ToGuest>,
    /// Set when the host sends them away: their parlor ends.
    pub(super) sent_away: Arc<AtomicBool>,
}
