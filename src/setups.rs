//! The last setup of each game, remembered in the data directory (`setups.json`) so the
//! setup form opens as it was left: players, seats, names, variants, levels, chips...
//!
//! What is read back is only a suggestion: the form checks every value against the game's
//! ranges before it uses it, so a damaged or hand-edited file can do no harm.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::files;
use crate::games::GameId;

const FILE_NAME: &str = "setups.json";
/// A few games' setups: anything bigger is not this file.
const MAX_FILE_BYTES: u64 = 256 * 1024;

/// One game's setup as the form last had it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
#[allow(clippy::struct_excessive_bools)] // the form's own switches
pub struct RememberedSetup {
    pub players: u8,
    /// Chips, dice or lives, whichever the game has.
    pub amount: u8,
    /// The bot level by name.
    pub level: String,
    pub variants: Vec<String>,
    pub stakes: bool,
    pub bank: u16,
    pub rounds: u16,
    pub animation: bool,
    /// Which seats people sit in.
    pub humans: Vec<bool>,
    /// Names typed for people's seats, by seat.
    pub names: Vec<Option<String>>,
}

/// Every game's remembered setup, by the game's name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setups(BTreeMap<String, RememberedSetup>);

impl Setups {
    /// The setups in `dir`; none when the file is missing or unreadable (a remembered setup
    /// is a convenience: it never stops a game).
    pub fn load(dir: &Path) -> Setups {
        files::read_regular(&dir.join(FILE_NAME), MAX_FILE_BYTES)
            .ok()
            .and_then(|contents| serde_json::from_slice(&contents.bytes).ok())
            .unwrap_or_default()
    }

    pub fn get(&self, game: GameId) -> Option<&RememberedSetup> {
        self.0.get(game.name())
    }

    /// Remember `setup` for `game` in `dir`, keeping the other games' (read afresh, so two
    /// parlors each keep their game's).
    pub fn remember(dir: &Path, game: GameId, setup: RememberedSetup) -> std::io::Result<()> {
        let mut setups = Setups::load(dir);
        setups.0.insert(game.name().to_owned(), setup);
        std::fs::create_dir_all(dir)?;
        let bytes = serde_json::to_vec_pretty(&setups).map_err(std::io::Error::other)?;
        let temp = dir.join(format!(".{FILE_NAME}.tmp-{}", std::process::id()));
        files::replace(&dir.join(FILE_NAME), &temp, &bytes, None)
    }
}
