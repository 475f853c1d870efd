//! Dice that need not be six-sided (Help Your Neighbour's eight- and ten-sided dice), and a
//! roll of either kind as the table shows it landing.

use std::fmt;

use rand::RngExt;

use super::{Dice, GameRng};

/// Most dice of a [`Polyhedral`] roll: Help Your Neighbour throws three.
pub const MOST_POLYHEDRAL: usize = 3;

/// Most sides a [`Polyhedral`] die may have: the ten-sided dice of Help Your Neighbour's
/// nine and ten players.
pub const MOST_SIDES: u8 = 10;

/// A few dice of one size that need not be six-sided (RULES.md: "with more than six
/// players, use polyhedral dice"), read left to right. Kept apart from the packed
/// six-sided [`Dice`], whose three bits a face and byte-per-face tally the simulator's
/// fastest loops are built on: a ten-sided face fits neither.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Polyhedral {
    sides: u8,
    len: u8,
    faces: [u8; MOST_POLYHEDRAL],
}

impl Polyhedral {
    /// Dice of `sides` sides showing `faces`; `None` when there are more than
    /// [`MOST_POLYHEDRAL`] of them or a die has fewer than two sides or more than
    /// [`MOST_SIDES`]. A face outside `1..=sides` is kept, so that
    /// [`Polyhedral::is_valid`] refuses it.
    pub fn new(sides: u8, faces: &[u8]) -> Option<Self> {
        if faces.len() > MOST_POLYHEDRAL || !(2..=MOST_SIDES).contains(&sides) {
            return None;
        }
        let mut dice = Polyhedral {
            sides,
            len: faces.len() as u8,
            faces: [0; MOST_POLYHEDRAL],
        };
        dice.faces[..faces.len()].copy_from_slice(faces);
        Some(dice)
    }

    /// `count` fair dice of `sides` sides, die by die from the RNG.
    pub fn roll(count: u8, sides: u8, rng: &mut GameRng) -> Self {
        let count = usize::from(count).min(MOST_POLYHEDRAL);
        let mut faces = [0; MOST_POLYHEDRAL];
        for face in &mut faces[..count] {
            *face = rng.random_range(1..=sides);
        }
        Polyhedral::new(sides, &faces[..count]).expect("a roll within the limits")
    }

    pub fn sides(&self) -> u8 {
        self.sides
    }

    /// The faces, left to right.
    pub fn faces(&self) -> &[u8] {
        &self.faces[..usize::from(self.len)]
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True when every face is one of the dice's.
    pub fn is_valid(&self) -> bool {
        self.faces().iter().all(|f| (1..=self.sides).contains(f))
    }
}

impl fmt::Debug for Polyhedral {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Polyhedral(d{} {self})", self.sides)
    }
}

/// Faces joined by a middle dot, as [`Dice`] writes them: `3·8·1`.
impl fmt::Display for Polyhedral {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, face) in self.faces().iter().enumerate() {
            if i > 0 {
                f.write_str("·")?;
            }
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

/// Dice as a roll threw them, of either kind: what the table shows landing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Thrown {
    Six(Dice),
    Polyhedral(Polyhedral),
}

impl Thrown {
    /// The faces, left to right.
    pub fn faces(&self) -> Vec<u8> {
        match self {
            Thrown::Six(dice) => dice.faces().collect(),
            Thrown::Polyhedral(dice) => dice.faces().to_vec(),
        }
    }

    /// How many dice.
    pub fn len(&self) -> usize {
        match self {
            Thrown::Six(dice) => dice.len(),
            Thrown::Polyhedral(dice) => dice.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many sides each die has.
    pub fn sides(&self) -> u8 {
        match self {
            Thrown::Six(_) => 6,
            Thrown::Polyhedral(dice) => dice.sides(),
        }
    }
}
