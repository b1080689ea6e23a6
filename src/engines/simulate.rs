//! Recordings from a real simulation (`satbox record`): a small scene stepped by an engine built
//! in, and for every step the poses of one box pair with the engine's own contact between them.
//!
//! Box3D runs the scenes (its world: bodies, gravity, a solver with sub-steps, warm starting by
//! feature id). A step's contact is the one Box3D built from the poses at the start of that step,
//! so each frame holds the poses and the contact built from them, as satbox's are.

use crate::sat::Obb3;
use crate::scene::recording::RecordedContact;

/// A scene satbox can simulate and record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scenario {
    /// A box dropped turned and spinning onto a plate, where it tumbles and settles.
    Settle,
    /// Five unit cubes stacked on the ground, each a little off the one below; the pair is the
    /// middle cube and the one on it.
    Stack,
    /// A box sent down a 20° slope at 2 m/s; friction (0.6) stops it and holds it.
    Slope,
}

impl Scenario {
    /// Every scenario, in the order `satbox record --help` lists them.
    pub const ALL: [Scenario; 3] = [Scenario::Settle, Scenario::Stack, Scenario::Slope];

    /// Its name on the command line and in file names.
    pub fn name(self) -> &'static str {
        match self {
            Scenario::Settle => "settle",
            Scenario::Stack => "stack",
            Scenario::Slope => "slope",
        }
    }

    /// The scenario of a name.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.name() == s)
    }

    /// One line on what it simulates and which pair it records (box a, then box b).
    pub fn describe(self) -> &'static str {
        match self {
            Scenario::Settle => {
                "a 1 × 0.5 × 0.7 box dropped turned and spinning onto a 4 × 0.2 × 4 plate \
                 (a: the plate, b: the box)"
            }
            Scenario::Stack => {
                "five unit cubes stacked on the ground, each 3 cm off the one below \
                 (a: the middle cube, b: the cube on it)"
            }
            Scenario::Slope => {
                "a 0.6 m cube sent down a 20° slope at 2 m/s, stopped and held by friction 0.6 \
                 (a: the slope, b: the cube)"
            }
        }
    }

    /// How many steps of 1/60 s it records unless asked otherwise: until well after it rests.
    pub fn default_frames(self) -> usize {
        match self {
            Scenario::Settle => 180,
            Scenario::Stack => 240,
            Scenario::Slope => 150,
        }
    }

    /// The label of a frame: whether the boxes meet, and how fast b moves against a.
    #[cfg_attr(
        not(all(feature = "box3d", not(target_arch = "wasm32"))),
        allow(dead_code)
    )]
    pub(crate) fn label(self, touching: bool, relative_speed: f32) -> &'static str {
        match (self, touching, relative_speed > REST_SPEED) {
            (_, true, false) => "resting",
            (Scenario::Slope, true, true) => "sliding",
            (_, true, true) => "settling",
            (Scenario::Stack, false, _) => "apart",
            (_, false, _) => "falling",
        }
    }
}

/// Below this speed of b against a (m/s) a touching pair reads "resting".
#[cfg_attr(
    not(all(feature = "box3d", not(target_arch = "wasm32"))),
    allow(dead_code)
)]
const REST_SPEED: f32 = 0.01;

/// The time step of every scenario (Box3D's samples step at 60 Hz).
pub const TIME_STEP: f32 = 1.0 / 60.0;

/// One recorded step.
#[derive(Clone, Debug, PartialEq)]
pub struct SimFrame {
    /// Its time, seconds from the start.
    pub t: f32,
    /// `falling`, `apart`, `sliding`, `settling` or `resting` ([`Scenario`]).
    pub label: &'static str,
    /// Box a at the start of the step.
    pub a: Obb3,
    /// Box b at the start of the step.
    pub b: Obb3,
    /// The engine's contact between a and b built from these poses.
    pub contact: RecordedContact,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scenario_reads_back_from_its_name_and_an_unknown_one_does_not() {
        for s in Scenario::ALL {
            assert_eq!(Scenario::parse(s.name()), Some(s));
        }
        assert_eq!(Scenario::parse("pyramid"), None);
    }

    #[test]
    fn a_touching_pair_rests_below_a_centimetre_a_second_and_a_slope_slides_above() {
        assert_eq!(Scenario::Slope.label(true, 0.5), "sliding");
        assert_eq!(Scenario::Slope.label(true, 0.001), "resting");
        assert_eq!(Scenario::Settle.label(false, 3.0), "falling");
        assert_eq!(Scenario::Stack.label(false, 0.0), "apart");
    }
}
