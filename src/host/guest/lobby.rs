//! The house's tables as one guest's lobby uses them ([`GuestLobby`]), and how a table wakes
//! that guest's parlor with its news ([`waker`]).

use std::sync::Arc;
use std::sync::mpsc::SyncSender;

use crate::games::GameId;
use unicode_normalization::UnicodeNormalization;

use crate::host::command::{self, Opening};
use crate::host::house::{House, ToGuest};
use crate::shared_table::{
    Joined, Listing, Lobby, MAX_TABLE_NAME_CHARS, Person, TableRefusal, in_table_name,
};

/// How a shared table wakes the guest's parlor to take in its news.
pub(super) fn waker(news: &SyncSender<ToGuest>) -> Box<dyn Fn() + Send> {
    let news = news.clone();
    Box::new(move || {
        let _ = news.try_send(ToGuest::News);
    })
}

/// The server's tables as one guest's lobby uses them.
pub(super) struct GuestLobby {
    pub(super) host: Arc<House>,
    pub(super) person: Person,
    pub(super) news: SyncSender<ToGuest>,
    /// The one table an invitation admits them to, if it is to one: the lobby is that
    /// table alone.
    pub(super) only: Option<String>,
}

impl Lobby for GuestLobby {
    fn tables(&self) -> Vec<Listing> {
        let mut tables = self.host.tables.listings();
        if let Some(only) = &self.only {
            tables.retain(|t| t.name == *only);
        }
        tables
    }

    fn join(&self, name: &str) -> Result<Joined, TableRefusal> {
        if let Some(only) = self.only.as_ref().filter(|only| *only != name) {
            return Err(TableRefusal::NotInvited(only.clone()));
        }
        self.host.tables.join(name, &self.person, waker(&self.news))
    }

    /// As `play GAME FLAGS --table NAME` would, the table named for its creator: the
    /// flags go through the parser of a guest's command, as if typed there.
    fn open(&self, game: GameId, flags: &str) -> Result<Joined, TableRefusal> {
        if let Some(only) = &self.only {
            return Err(TableRefusal::NotInvited(only.clone()));
        }
        let table = self.free_table_name();
        let command = format!("play {} {flags} --table {table}", game.name());
        let Opening::OpenShared { table, setup, pace } =
            command::parse(command.as_bytes(), &self.person.name)
                .map_err(|e| TableRefusal::Setup(Box::new(e)))?
                .opening
        else {
            return Err(TableRefusal::Setup(Box::new(NotShared(command))));
        };
        self.host
            .tables
            .open(&table, &self.person, &setup, pace, waker(&self.news))
    }
}

/// The command the lobby made to open a table, which opened none.
#[derive(Debug, thiserror::Error)]
struct NotShared(String);

impl std::fmt::Display for NotShared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::said!(opens_no_table, command = &self.0))
    }
}

impl GuestLobby {
    /// The guest's name as a table's (its letters without their accents, as `Åsa` is
    /// typed `join Asa` on any keyboard; what a table's name may not hold left out),
    /// numbered when a table has it already.
    fn free_table_name(&self) -> String {
        let mut base: String = self
            .person
            .name
            .nfd()
            .filter(|&c| in_table_name(c))
            .take(MAX_TABLE_NAME_CHARS - 4)
            .collect();
        if base.is_empty() {
            "table".clone_into(&mut base);
        }
        // With n tables open, one of n + 1 names is free.
        let open = self.host.tables.listings().len();
        std::iter::once(base.clone())
            .chain((2..=open + 1).map(|n| format!("{base}-{n}")))
            .find(|name| !self.host.tables.has(name))
            .unwrap_or(base)
    }
}
