//! The keys that pick an action, the same at the full screen and in `--plain`: a
//! Forty-One die by its face (`4` sets down a 4), a keep (`k`), an exchange, a cut, a King
//! thrown down or an extra throw bought by a letter.

use crate::games::Action;

/// The key that picks `action`, if it has one. Rolls and the choice of a seat have none:
/// they are picked from the choices shown.
pub fn key(action: Action) -> Option<char> {
    match action {
        Action::SetDown(face) => char::from_digit(u32::from(face), 10),
        Action::Keep | Action::KeepThree => Some('k'),
        Action::Exchange => Some('e'),
        Action::Cut => Some('c'),
        Action::ThrowKing => Some('t'),
        Action::BuyThrow => Some('b'),
        Action::Roll | Action::GiveThree(_) | Action::TakeChip(_) => None,
    }
}

/// The action among `offered` that `c` picks. `x` exchanges too, as it always has at the
/// full screen.
pub fn shortcut(c: char, offered: &[Action]) -> Option<Action> {
    let c = if c == 'x' { 'e' } else { c };
    offered
        .iter()
        .copied()
        .find(|&action| key(action) == Some(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_picks_only_an_offered_action() {
        let faces = [Action::SetDown(1), Action::SetDown(4), Action::SetDown(6)];
        assert_eq!(shortcut('4', &faces), Some(Action::SetDown(4)));
        assert_eq!(shortcut('2', &faces), None, "no 2 was rolled");
        assert_eq!(shortcut('k', &faces), None);
        let chase = [Action::Keep, Action::Exchange, Action::ThrowKing];
        assert_eq!(shortcut('k', &chase), Some(Action::Keep));
        assert_eq!(shortcut('e', &chase), Some(Action::Exchange));
        assert_eq!(shortcut('x', &chase), Some(Action::Exchange));
        assert_eq!(shortcut('t', &chase), Some(Action::ThrowKing));
        assert_eq!(shortcut('c', &chase), None, "only the dealer cuts");
        assert_eq!(
            shortcut('c', &[Action::Keep, Action::Cut]),
            Some(Action::Cut)
        );
        assert_eq!(shortcut('1', &[Action::GiveThree(1)]), None);
        let three = [
            Action::KeepThree,
            Action::GiveThree(1),
            Action::GiveThree(2),
        ];
        assert_eq!(shortcut('k', &three), Some(Action::KeepThree));
        let finale = [Action::Roll, Action::BuyThrow];
        assert_eq!(shortcut('b', &finale), Some(Action::BuyThrow));
        assert_eq!(shortcut('k', &finale), None);
    }
}
