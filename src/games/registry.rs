//! The registry of games: the macro that, from the one list of games in `games.rs`,
//! declares each game's module and makes the `GameId` every layer passes around (its
//! names, parsing and order), each game's [`GameType`](super::GameType), the `View` a
//! seat sees, the one dispatch to a view's [`Presentation`](super::present::Presentation),
//! `GameId::visit`, which hands a caller the game's own type so that a hot loop (the
//! simulator's) is compiled for each game without a `match` of its own, and `Rules`, a
//! game's state as its own type, for the few layers with a solver or a loop of their own
//! for some games (no `Any`, no downcast).
//!
//! Adding a game is a folder under `games/` (its rules, `TYPE`, view and presentation)
//! and one line in that list.

use super::{Game, Settings};

/// A caller that wants a game's own type (see [`GameId::visit`]).
pub trait RulesVisitor {
    type Output;

    /// Called with the game's type `G` and its constructor.
    fn visit<G: Game + Clone + PartialEq + 'static>(self, new: fn(Settings) -> G) -> Self::Output;
}

/// The games of the list in `games.rs`, each as `Id: module::RulesType, view type (as
/// the type it borrows as)`: declares the modules and makes the types above.
macro_rules! registry {
    ($($(#[$doc:meta])* $id:ident: $module:ident::$rules:ident, $view:ty as $shown:ty;)*) => {
        $(pub mod $module;)*

        /// The games, by their command-line names, in the menu's order.
        #[derive(
            Clone,
            Copy,
            PartialEq,
            Eq,
            Hash,
            Debug,
            ::serde::Serialize,
            ::serde::Deserialize,
            PartialOrd,
            Ord,
            ::strum::VariantArray,
            strum::IntoStaticStr,
            strum::EnumString,
        )]
        #[serde(rename_all = "kebab-case")]
        #[strum(
            serialize_all = "kebab-case",
            parse_err_ty = $crate::games::SettingsError,
            parse_err_fn = $crate::games::settings::unknown_game
        )]
        pub enum GameId {
            $($id,)*
        }

        impl GameId {
            /// Every game, in the menu's order.
            pub const ALL: [GameId; <GameId as ::strum::VariantArray>::VARIANTS.len()] =
                $crate::games::settings::listed(<GameId as ::strum::VariantArray>::VARIANTS);

            /// The game's description.
            pub fn game_type(self) -> &'static $crate::games::GameType {
                match self {
                    $(GameId::$id => &$module::TYPE,)*
                }
            }

            /// `visitor` called with this game's own type.
            pub fn visit<V: $crate::games::RulesVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $(GameId::$id => visitor.visit($module::$rules::new),)*
                }
            }
        }

        /// What one seat may see of a game: the table draws from it and bots decide from it.
        #[derive(Clone, Debug, PartialEq)]
        pub enum View {
            $($(#[$doc])* $id($view),)*
        }

        impl View {
            /// How this game's view looks and is said.
            pub fn presentation(&self) -> &dyn $crate::games::present::Presentation {
                match self {
                    $(View::$id(view) => ::std::borrow::Borrow::<$shown>::borrow(view),)*
                }
            }
        }

        /// A game's whole state as its own type, borrowed (see
        /// [`GameState::rules`](super::GameState::rules)).
        #[derive(Debug, PartialEq)]
        pub enum Rules<'a> {
            $($id(&'a $module::$rules),)*
        }

        /// A game's whole state as its own type, to change.
        #[derive(Debug)]
        pub enum RulesMut<'a> {
            $($id(&'a mut $module::$rules),)*
        }

        $(impl $crate::games::GameState for $module::$rules {
            fn clone_box(&self) -> Box<dyn Game> {
                Box::new(self.clone())
            }

            fn same_state(&self, other: &dyn Game) -> bool {
                other.rules() == Some(Rules::$id(self))
            }

            #[inline]
            fn rules(&self) -> Option<Rules<'_>> {
                Some(Rules::$id(self))
            }

            #[inline]
            fn rules_mut(&mut self) -> Option<RulesMut<'_>> {
                Some(RulesMut::$id(self))
            }
        })*
    };
}

pub(super) use registry;
