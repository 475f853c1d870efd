//! Whether a keymap gives one key two meanings on a screen: every screen's rows are asked
//! in each state their keys depend on, so a clash is found before the player meets it.

use crossterm::event::KeyCode;

use super::{Command, FORM, FormKeys, LOBBY, LobbyKeys, MENU, MenuKeys, REVIEW, ReviewKeys, TABLE};
use crate::config::ConfigProblem;
use crate::games::{Action as Move, GameId};
use crate::keymap::{Action, KeyMistake, Keymap, key_name};
use crate::tui::intent::{Intent, MENU_ROWS};
use crate::tui::sitting::{LeaveTo, Offers};
use crate::tui::snapshot::{TableKeys, TableMode, Typed};
use crate::words::Language;

/// A key that means two things on one screen under a keymap.
#[derive(Debug)]
pub struct Clash {
    pub key: KeyCode,
    /// Where: "on the table".
    pub screen: &'static str,
    /// The moved actions that take the key there; one of them at least.
    pub moved: Vec<Action>,
    /// Everything that takes the key there, each as an action moved to it (or `None`) and
    /// in words: an action's name, or a row's keys and help.
    pub takers: Vec<(Option<Action>, String)>,
}

/// `keymap` without its clashes, and each clash as a mistake on the line of the entry taken
/// back: of the entries sharing a key, the later in the file loses, until none is left.
pub fn settle(keymap: &Keymap) -> (Keymap, Vec<(usize, KeyMistake)>) {
    let mut settled = keymap.clone();
    let mut mistakes = Vec::new();
    while let Some(clash) = clash(&settled) {
        let Some(&blamed) = clash.moved.iter().max_by_key(|&&a| settled.line_of(a)) else {
            break;
        };
        let line = settled.line_of(blamed).unwrap_or_default();
        settled.take_back(blamed);
        let by = clash
            .takers
            .iter()
            .find(|(action, _)| *action != Some(blamed))
            .map_or_else(String::new, |(_, what)| what.clone());
        mistakes.push((
            line,
            KeyMistake::Clash {
                action: blamed,
                key: key_name(clash.key),
                by,
                screen: clash.screen,
            },
        ));
    }
    (settled, mistakes)
}

/// The clashes of the config file's `[keys]` (`keys`, read from `path`), as problems of
/// that file, each on the line of the entry [`settle`] takes back.
pub fn clash_problems(keys: &Keymap, path: &str) -> Vec<ConfigProblem> {
    settle(keys)
        .1
        .into_iter()
        .map(|(line, mistake)| ConfigProblem {
            path: path.to_owned(),
            line,
            mistake: mistake.into(),
        })
        .collect()
}

/// The first clash `keymap` makes, if any.
pub fn clash(keymap: &Keymap) -> Option<Clash> {
    clash_in(MENU, keymap, "on the menu")
        .or_else(|| clash_in(LOBBY, keymap, "in the lobby"))
        .or_else(|| clash_in(FORM, keymap, "on a form"))
        .or_else(|| clash_in(REVIEW, keymap, "in the review"))
        .or_else(|| clash_in(TABLE, keymap, "at the table"))
}

/// Every state a screen's keys depend on.
trait Sampled: Sized {
    fn samples() -> Vec<Self>;
}

fn clash_in<C: Sampled>(
    rows: &[Command<C>],
    keymap: &Keymap,
    screen_name: &'static str,
) -> Option<Clash> {
    let moved_keys: Vec<KeyCode> = keymap.moved().flat_map(|(_, keys)| keys.to_vec()).collect();
    for screen in C::samples() {
        for &key in &moved_keys {
            let mut meanings: Vec<(Intent, Option<Action>, String)> = Vec::new();
            for row in rows.iter().filter(|row| (row.when)(&screen)) {
                // A row taking any key at all (even Null) takes what the others leave.
                if row.codes.is_empty() && (row.intent)(&screen, KeyCode::Null).is_some() {
                    continue;
                }
                for read in row.readings(keymap, key) {
                    let Some(intent) = (row.intent)(&screen, read) else {
                        continue;
                    };
                    if meanings.iter().any(|(meant, ..)| *meant == intent) {
                        continue;
                    }
                    let named = row.actions.iter().find(|&&(_, code)| code == read);
                    let moved = named.map(|&(action, _)| action).filter(|&action| {
                        keymap.keys(action).is_some_and(|keys| keys.contains(&key))
                    });
                    let words = match named {
                        Some((action, _)) => action.name().to_owned(),
                        // A mistake of the config file, which is told in English.
                        None => format!(
                            "{} ({})",
                            row.key.in_language(Language::English),
                            Language::English.say(row.help, &[])
                        ),
                    };
                    meanings.push((intent, moved, words));
                }
            }
            if meanings.len() > 1 && meanings.iter().any(|(_, moved, _)| moved.is_some()) {
                return Some(Clash {
                    key,
                    screen: screen_name,
                    moved: meanings.iter().filter_map(|(_, moved, _)| *moved).collect(),
                    takers: meanings
                        .into_iter()
                        .map(|(_, moved, words)| (moved, words))
                        .collect(),
                });
            }
        }
    }
    None
}

impl Sampled for MenuKeys {
    fn samples() -> Vec<Self> {
        (0..MENU_ROWS).map(MenuKeys).collect()
    }
}

impl Sampled for LobbyKeys {
    fn samples() -> Vec<Self> {
        vec![LobbyKeys { choosing: false }, LobbyKeys { choosing: true }]
    }
}

impl Sampled for FormKeys {
    fn samples() -> Vec<Self> {
        let typed = [None, Some(Typed::Digits), Some(Typed::Name)];
        let games = [None, Some(GameId::Lcr)];
        typed
            .into_iter()
            .flat_map(|typed| games.map(|game| FormKeys { typed, game }))
            .collect()
    }
}

impl Sampled for ReviewKeys {
    fn samples() -> Vec<Self> {
        vec![ReviewKeys]
    }
}

/// Every mode of the table.
const MODES: [TableMode; 8] = [
    TableMode::Handover,
    TableMode::Peek,
    TableMode::Held,
    TableMode::Showing,
    TableMode::Deciding,
    TableMode::Waiting,
    TableMode::Over,
    TableMode::Replay,
];

impl Sampled for TableKeys {
    /// Every mode with every offer, and every choice with a key of its own in front of the
    /// person deciding.
    fn samples() -> Vec<Self> {
        let keyed: Vec<Move> = (1..=6)
            .map(Move::SetDown)
            .chain([
                Move::Keep,
                Move::Exchange,
                Move::Cut,
                Move::ThrowKing,
                Move::BuyThrow,
            ])
            .collect();
        let mut samples = Vec::new();
        for mode in MODES {
            for offered in 0..16u8 {
                samples.push(TableKeys {
                    mode,
                    game: GameId::Lcr,
                    offers: Offers {
                        deal_again: offered & 1 != 0,
                        auto: offered & 2 != 0,
                        pause: offered & 4 != 0,
                        odds: offered & 8 != 0,
                        abandons: false,
                        leave_to: LeaveTo::Menu,
                    },
                    choices: keyed.clone(),
                });
            }
        }
        samples
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The actions `rows` name, each checked to move one of its row's own keys.
    fn named<C>(rows: &[Command<C>]) -> Vec<(Action, KeyCode)> {
        for row in rows {
            for (action, code) in row.actions {
                assert!(row.codes.contains(code), "{action} is not {:?}'s", row.key);
            }
        }
        rows.iter()
            .flat_map(|row| row.actions.iter().copied())
            .collect()
    }

    #[test]
    fn every_action_is_a_rows_and_has_one_default_key_everywhere() {
        let all = [
            named(MENU),
            named(LOBBY),
            named(FORM),
            named(REVIEW),
            named(TABLE),
        ]
        .concat();
        for action in Action::ALL {
            let keys: Vec<KeyCode> = all
                .iter()
                .filter(|&&(named, _)| named == action)
                .map(|&(_, key)| key)
                .collect();
            assert!(!keys.is_empty(), "{action} is no row's");
            assert!(keys.iter().all(|&key| key == keys[0]), "{action}: {keys:?}");
        }
    }
}
