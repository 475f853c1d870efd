//! The list of games: the one place a new game is named. From it come the `GameId` every
//! layer passes around (its names, parsing and order), each game's [`GameType`], the
//! [`View`] a seat sees, the one dispatch to a view's [`Presentation`], and
//! [`GameId::visit`], which hands a caller the game's own type so that a hot loop (the
//! simulator's) is compiled for each game without a `match` of its own.
//!
//! Adding a game is a folder under `games/` (its rules, `TYPE`, view and presentation)
//! and one line in the list at the bottom of this file.

use std::borrow::Borrow;

use serde::{Deserialize, Serialize};
use strum::VariantArray;

use super::present::Presentation;
use super::settings::{SettingsError, listed, unknown_game};
use super::{Game, GameType, Settings};

/// A caller that wants a game's own type (see [`GameId::visit`]).
pub trait RulesVisitor {
    type Output;

    /// Called with the game's type `G` and its constructor.
    fn visit<G: Game + Clone + PartialEq + 'static>(self, new: fn(Settings) -> G) -> Self::Output;
}

/// The games of the list below, each as `Id: rules type, view type (as the type it
/// borrows as)`, with its module.
macro_rules! registry {
    ($($(#[$doc:meta])* $id:ident: $module:ident::$rules:ident, $view:ty as $shown:ty;)*) => {
        /// The games, by their command-line names, in the menu's order.
        #[derive(
            Clone,
            Copy,
            PartialEq,
            Eq,
            Hash,
            Debug,
            Serialize,
            Deserialize,
            PartialOrd,
            Ord,
            VariantArray,
            strum::IntoStaticStr,
            strum::EnumString,
        )]
        #[serde(rename_all = "kebab-case")]
        #[strum(
            serialize_all = "kebab-case",
            parse_err_ty = SettingsError,
            parse_err_fn = unknown_game
        )]
        pub enum GameId {
            $($id,)*
        }

        impl GameId {
            /// Every game, in the menu's order.
            pub const ALL: [GameId; GameId::VARIANTS.len()] = listed(GameId::VARIANTS);

            /// The game's description.
            pub fn game_type(self) -> &'static GameType {
                match self {
                    $(GameId::$id => &super::$module::TYPE,)*
                }
            }

            /// `visitor` called with this game's own type.
            pub fn visit<V: RulesVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $(GameId::$id => visitor.visit(super::$module::$rules::new),)*
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
            pub fn presentation(&self) -> &dyn Presentation {
                match self {
                    $(View::$id(view) => Borrow::<$shown>::borrow(view),)*
                }
            }
        }
    };
}

registry! {
    AcesInThePot: aces_in_the_pot::AcesInThePot,
        super::aces_in_the_pot::AcesInThePot as super::aces_in_the_pot::AcesInThePot;
    SwedishAces: swedish_aces::SwedishAces,
        super::swedish_aces::SwedishAces as super::swedish_aces::SwedishAces;
    Lcr: lcr::Lcr, super::lcr::Lcr as super::lcr::Lcr;
    /// Boxed: its score tallies make it several times the size of the others.
    FortyOne: forty_one::FortyOne,
        Box<super::forty_one::FortyOne> as super::forty_one::FortyOne;
    ChaseTheAce: chase_the_ace::ChaseTheAce,
        super::chase_the_ace::ChaseView as super::chase_the_ace::ChaseView;
}
