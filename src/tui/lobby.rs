//! The lobby of a parlor shared over `parlor host`: the tables open on the server, to sit at,
//! watch or open. The terminal knows nothing of the server: it asks a
//! [`Lobby`](crate::shared_table::Lobby).

use crate::games::GameId;
use crate::shared_table::Listing;

/// The lobby as shown: the tables last asked for, and what is picked.
#[derive(Debug, Default)]
pub struct LobbyScreen {
    pub tables: Vec<Listing>,
    pub selected: usize,
    /// Choosing the game of a new table: the game picked.
    pub choosing: Option<usize>,
}

impl LobbyScreen {
    /// Take in the tables open now, keeping the pick on the same table where it can.
    /// Whether anything changed: an idle lobby is not drawn again for nothing.
    pub fn refresh(&mut self, tables: Vec<Listing>) -> bool {
        if tables == self.tables {
            return false;
        }
        let picked = self.tables.get(self.selected).map(|t| t.name.clone());
        self.selected = picked
            .and_then(|name| tables.iter().position(|t| t.name == name))
            .unwrap_or(self.selected)
            .min(tables.len().saturating_sub(1));
        self.tables = tables;
        true
    }

    /// Up or down the list shown (the tables, or the games of a new table).
    pub fn step(&mut self, delta: i8) {
        let (at, rows) = match &mut self.choosing {
            Some(game) => (game, GameId::ALL.len()),
            None => (&mut self.selected, self.tables.len()),
        };
        if rows > 0 {
            *at = (*at as i32 + i32::from(delta)).rem_euclid(rows as i32) as usize;
        }
    }
}
