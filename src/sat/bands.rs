//! Engine tolerance bands: what an engine's default contact settings make of a pair whose
//! surfaces are a signed distance apart (negative: overlapping), and of each contact point.
//!
//! Every engine keeps contacts inside bands of its own, so a pair satbox calls separated may
//! already hold an engine contact ("in the air"), and one satbox calls intersecting may be left
//! alone. Three numbers describe each engine here, each a default from the engine's own source
//! or documentation:
//!
//! * `detect`: contacts are made while the surfaces are less than this apart;
//! * `active`: below this the contact pushes the boxes apart; between `active` and `detect` it
//!   only stops them closing faster than the gap allows (a speculative contact) or is kept
//!   without force;
//! * `slop`: an overlap the solver leaves uncorrected.
//!
//! | Profile | `detect` | `active` | `slop` | Source |
//! |---|---|---|---|---|
//! | Box2D v3 | 0.02 | 0 | 0 | `constants.h`: `B2_SPECULATIVE_DISTANCE` = 4 × `B2_LINEAR_SLOP` (0.005); `contact_solver.c`: a point with `s > 0` gets the speculative bias, any overlap the soft push |
//! | Box3D | 0.02 | 0 | 0 | `constants.h`: `B3_SPECULATIVE_DISTANCE` = 4 × `B3_LINEAR_SLOP` (0.005); `contact_solver.c` as Box2D's |
//! | Jolt | 0.02 | 0 | 0.02 | `PhysicsSettings.h`: `mSpeculativeContactDistance` 0.02, `mPenetrationSlop` 0.02 ("how much bodies are allowed to sink into each other") |
//! | PhysX | 0.04 | 0 | 0 | `PxShape::setContactOffset`: contacts below the sum of both shapes' offsets, each 0.02 × `PxTolerancesScale::length` by default; `setRestOffset`: rest at the sum of rest offsets, 0 by default |
//! | MuJoCo | 0 | 0 | 0 | `mjmodel.h` (3.17): `geom_margin` "geometric inflation for contact" and `geom_gap` "additional contact detection buffer", both 0 by default: found below margin + gap, force below margin |

use std::fmt;

use super::fmt_num;

/// An engine whose default bands satbox knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// Box2D v3.
    Box2d,
    /// Box3D.
    Box3d,
    /// Jolt Physics.
    Jolt,
    /// NVIDIA PhysX.
    Physx,
    /// MuJoCo.
    Mujoco,
}

impl Profile {
    /// Every profile, in the order the docs list them.
    pub const ALL: [Profile; 5] = [
        Profile::Box2d,
        Profile::Box3d,
        Profile::Jolt,
        Profile::Physx,
        Profile::Mujoco,
    ];

    /// Its name in `check` (`--profile`, `"view": {"profile": …}`).
    pub fn name(self) -> &'static str {
        match self {
            Profile::Box2d => "box2d",
            Profile::Box3d => "box3d",
            Profile::Jolt => "jolt",
            Profile::Physx => "physx",
            Profile::Mujoco => "mujoco",
        }
    }

    /// Its name in sentences.
    pub fn title(self) -> &'static str {
        match self {
            Profile::Box2d => "Box2D",
            Profile::Box3d => "Box3D",
            Profile::Jolt => "Jolt",
            Profile::Physx => "PhysX",
            Profile::Mujoco => "MuJoCo",
        }
    }

    /// Where its defaults come from, in a few words (the module's table has them in full).
    pub fn source(self) -> &'static str {
        match self {
            Profile::Box2d => "Box2D v3 constants.h: speculative distance 4 × linear slop 0.005",
            Profile::Box3d => "Box3D constants.h: speculative distance 4 × linear slop 0.005",
            Profile::Jolt => {
                "Jolt PhysicsSettings.h: mSpeculativeContactDistance 0.02, mPenetrationSlop 0.02"
            }
            Profile::Physx => {
                "PhysX PxShape: contact offset 0.02 per shape (0.04 the pair), rest offset 0"
            }
            Profile::Mujoco => "MuJoCo mjmodel.h: geom_margin 0 and geom_gap 0",
        }
    }

    /// The profile of a name.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == s)
    }

    /// The engine's default bands (see the module's table for their sources).
    pub fn defaults(self) -> Bands {
        let (detect, active, slop) = match self {
            Profile::Box2d | Profile::Box3d => (0.02, 0.0, 0.0),
            Profile::Jolt => (0.02, 0.0, 0.02),
            Profile::Physx => (0.04, 0.0, 0.0),
            Profile::Mujoco => (0.0, 0.0, 0.0),
        };
        Bands {
            profile: self,
            detect,
            active,
            slop,
        }
    }
}

/// An engine's bands, its defaults or edited.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bands {
    /// The engine.
    pub profile: Profile,
    /// Contacts are made while the surfaces are less than this apart.
    pub detect: f32,
    /// Below this a contact pushes; between it and `detect` it is speculative or kept idle.
    pub active: f32,
    /// An overlap the solver leaves uncorrected.
    pub slop: f32,
}

/// Why edited bands were refused.
#[derive(Clone, Debug, PartialEq)]
pub struct BandsError(pub String);

impl fmt::Display for BandsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BandsError {}

/// What an engine's bands make of a separation: the pair's, or one contact point's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Apart by at least `detect`: no contact.
    NotMade,
    /// Apart by less than `detect`, at or above `active`: a contact that only stops the boxes
    /// closing too fast (speculative), or is kept without force.
    Speculative,
    /// Below `active` by no more than `slop`: a contact the solver does not correct.
    WithinSlop,
    /// Below `active` by more than `slop`: a contact that pushes the boxes apart.
    Pushed,
}

impl Fate {
    /// Its name in `check`.
    pub fn name(self) -> &'static str {
        match self {
            Fate::NotMade => "not_made",
            Fate::Speculative => "speculative",
            Fate::WithinSlop => "within_slop",
            Fate::Pushed => "pushed",
        }
    }
}

impl Bands {
    /// Checks edited bands: finite, `detect ≥ active`, `slop ≥ 0`.
    pub fn validate(&self) -> Result<(), BandsError> {
        if ![self.detect, self.active, self.slop]
            .iter()
            .all(|x| x.is_finite())
        {
            return Err(BandsError("the bands must be finite numbers".into()));
        }
        if self.detect < self.active {
            return Err(BandsError(format!(
                "\"detect\" {} is below \"active\" {}: contacts are made before they act",
                fmt_num(self.detect),
                fmt_num(self.active)
            )));
        }
        if self.slop < 0.0 {
            return Err(BandsError(format!(
                "\"slop\" {} is below 0",
                fmt_num(self.slop)
            )));
        }
        Ok(())
    }

    /// What these bands make of surfaces `separation` apart (negative: overlapping).
    pub fn fate(&self, separation: f32) -> Fate {
        if separation >= self.detect && separation > self.active {
            Fate::NotMade
        } else if separation >= self.active {
            Fate::Speculative
        } else if self.active - separation <= self.slop {
            Fate::WithinSlop
        } else {
            Fate::Pushed
        }
    }

    /// The pair's fate in one sentence, as "Jolt would make a speculative contact here, 0.013
    /// apart".
    pub fn verdict(&self, separation: f32) -> String {
        let name = self.profile.title();
        let (d, s) = (fmt_num(self.detect), fmt_num(self.slop));
        let apart = |x: f32| {
            if x >= 0.0 {
                format!("{} apart", fmt_num(x))
            } else {
                format!("{} deep", fmt_num(-x))
            }
        };
        match self.fate(separation) {
            Fate::NotMade => format!(
                "{name} makes no contact here: {}, not closer than its contact distance {d}",
                apart(separation)
            ),
            Fate::Speculative if self.profile == Profile::Mujoco => format!(
                "{name} would find a contact here, {}, without force (it finds contacts closer \
                 than {d} and pushes below {})",
                apart(separation),
                fmt_num(self.active)
            ),
            Fate::Speculative if self.active > 0.0 || separation > 0.0 => format!(
                "{name} would make a speculative contact here, {} (it makes contacts closer \
                 than {d}); it pushes only below {}",
                apart(separation),
                fmt_num(self.active)
            ),
            Fate::Speculative => format!(
                "{name} would make a contact here, {}, that pushes only once they overlap",
                apart(separation)
            ),
            Fate::WithinSlop => format!(
                "{name} would leave this overlap alone: {}, within its slop {s}",
                apart(separation)
            ),
            Fate::Pushed if self.slop > 0.0 => format!(
                "{name} would push these apart: {}, {} past its slop {s}",
                apart(separation),
                fmt_num(self.active - separation - self.slop)
            ),
            Fate::Pushed => format!("{name} would push these apart: {}", apart(separation)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jolt_makes_a_speculative_contact_0_013_apart_and_leaves_a_1_cm_overlap_alone() {
        let jolt = Profile::Jolt.defaults();
        assert_eq!(jolt.fate(0.013), Fate::Speculative);
        assert_eq!(
            jolt.verdict(0.013),
            "Jolt would make a speculative contact here, 0.013 apart (it makes contacts closer \
             than 0.02); it pushes only below 0"
        );
        assert_eq!(jolt.fate(0.03), Fate::NotMade);
        assert_eq!(jolt.fate(-0.01), Fate::WithinSlop);
        assert_eq!(jolt.fate(-0.05), Fate::Pushed);
        assert_eq!(
            jolt.verdict(-0.05),
            "Jolt would push these apart: 0.05 deep, 0.03 past its slop 0.02"
        );
    }

    #[test]
    fn box3d_pushes_on_any_overlap_and_physx_reaches_twice_a_shape_s_offset() {
        let box3d = Profile::Box3d.defaults();
        assert_eq!(box3d.fate(-1e-4), Fate::Pushed);
        assert_eq!(box3d.fate(0.019), Fate::Speculative);
        assert_eq!(box3d.fate(0.021), Fate::NotMade);
        assert_eq!(Profile::Physx.defaults().fate(0.03), Fate::Speculative);
        // MuJoCo's defaults make contacts only on overlap
        let mujoco = Profile::Mujoco.defaults();
        assert_eq!(mujoco.fate(1e-6), Fate::NotMade);
        assert_eq!(mujoco.fate(-1e-6), Fate::Pushed);
    }

    #[test]
    fn edited_bands_are_checked() {
        let mut b = Profile::Mujoco.defaults();
        b.active = 0.01;
        assert!(b.validate().unwrap_err().0.contains("below \"active\""));
        b.detect = 0.02;
        assert!(b.validate().is_ok());
        // MuJoCo with margin 0.01 and gap 0.01: found below 0.02, force below 0.01
        assert_eq!(b.fate(0.015), Fate::Speculative);
        assert_eq!(
            b.verdict(0.015),
            "MuJoCo would find a contact here, 0.015 apart, without force (it finds contacts \
             closer than 0.02 and pushes below 0.01)"
        );
        assert_eq!(b.fate(0.005), Fate::Pushed);
        b.slop = f32::NAN;
        assert!(b.validate().is_err());
    }

    #[test]
    fn every_profile_reads_back_from_its_name() {
        for p in Profile::ALL {
            assert_eq!(Profile::parse(p.name()), Some(p));
            assert!(p.defaults().validate().is_ok());
        }
    }
}
