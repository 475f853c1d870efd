//! Words said once for the life of the parlor, in each language: what the games hand out
//! as `&'static str` (their names, their figures' words), as they did when they spoke
//! English alone.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, PoisonError};

use crate::words::{self, Language, MessageId};

/// A message that takes no arguments, in the language spoken, said once for the life of
/// the parlor: a game's names are handed out as `&'static str`, as they were when they were
/// English alone. What is kept is bounded: one string for each such message and language.
pub(crate) fn fixed(message: &'static MessageId) -> &'static str {
    fixed_in(words::spoken(), message)
}

/// [`fixed`], in `language`.
pub(crate) fn fixed_in(language: Language, message: &'static MessageId) -> &'static str {
    static SAID: LazyLock<Mutex<HashMap<(Language, &'static str), &'static str>>> =
        LazyLock::new(Mutex::default);
    let mut said = SAID.lock().unwrap_or_else(PoisonError::into_inner);
    said.entry((language, message.id()))
        .or_insert_with(|| language.say(message, &[]).leak())
}
