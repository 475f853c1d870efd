//! The last setup of each game, remembered in the data directory (`setups.json`) so the
//! setup form opens as it was left: players, seats, names, variants, levels, chips...
//!
//! What is read back is only a suggestion: the form checks every value against the game's
//! ranges before it uses it, so a damaged or hand-edited file can do no harm.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::files::{self, SaveError};
use crate::games::GameId;
use crate::untrusted;

const FILE_NAME: &str = "setups.json";
/// A few games' setups: anything bigger is not this file.
const MAX_FILE_BYTES: u64 = 256 * 1024;

/// One game's setup as the form last had it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
#[allow(clippy::struct_excessive_bools)] // the form's own switches
pub struct RememberedSetup {
    pub players: u8,
    /// Chips, dice, lives or counters, whichever the game has.
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

/// A `setups.json` that could not be read, moved aside when a setup was next remembered.
/// Serde's reason may quote the file: it is given cut short and made printable.
#[derive(Debug, thiserror::Error)]
#[error("{}", crate::said!(
    cli_setups_moved,
    file = path.display().to_string(),
    reason = untrusted::reason(&crate::said!(cli_setups_damaged, reason = reason.to_string())),
    kept = kept.display().to_string()
))]
pub struct MovedAside {
    pub path: PathBuf,
    #[source]
    pub reason: serde_json::Error,
    pub kept: PathBuf,
}

impl Setups {
    /// The setups in `dir`; none when the file is missing or unreadable (a remembered setup
    /// is a convenience: it never stops a game; an unreadable file is moved aside, and
    /// said, when the next setup is remembered).
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
    /// parlors each keep their game's). The file is written as the stats file is: through
    /// a symbolic link, never over a read-only file; one that cannot be read is first
    /// kept aside (returned, to be told).
    pub fn remember(
        dir: &Path,
        game: GameId,
        setup: RememberedSetup,
    ) -> Result<Option<MovedAside>, SaveError> {
        let path = dir.join(FILE_NAME);
        let io = |source| SaveError::Io {
            path: path.clone(),
            source,
        };
        std::fs::create_dir_all(dir).map_err(io)?;
        let (mut setups, contents, moved) = match files::read_regular(&path, MAX_FILE_BYTES) {
            Ok(contents) => match serde_json::from_slice::<Setups>(&contents.bytes) {
                Ok(setups) => (setups, Some(contents), None),
                // Left as it is: nothing is moved aside that will not be replaced.
                Err(_) if contents.permissions.readonly() => {
                    return Err(SaveError::ReadOnly { path });
                }
                Err(e) => {
                    let kept = files::keep_copy(&path, "corrupt", &contents).map_err(io)?;
                    let moved = MovedAside {
                        path: path.clone(),
                        reason: e,
                        kept,
                    };
                    (Setups::default(), Some(contents), Some(moved))
                }
            },
            Err(e) if e.is_not_found() => (Setups::default(), None, None),
            // A named pipe or a device where the file should be: not written over either.
            Err(e) => return Err(e.into()),
        };
        setups.0.insert(game.name().to_owned(), setup);
        let bytes = serde_json::to_vec_pretty(&setups).expect("setups always serialise");
        files::save(&path, &bytes, contents.as_ref())?;
        Ok(moved)
    }
}
