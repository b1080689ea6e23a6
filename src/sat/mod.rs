//! The separating-axis test for two oriented boxes, as plain data.
//!
//! # The theorem, for boxes
//!
//! Two convex shapes do not intersect exactly when some line exists onto which their projections
//! (two intervals) do not overlap: a *separating axis*. Projecting a box with centre `c`, unit local
//! axes `u_k` and half extents `e_k` onto a unit axis `L` gives the interval
//! `c·L ± r` with the projected radius `r = Σ e_k |u_k·L|`. With `T = c_B − c_A` the two intervals
//! are disjoint when `|T·L| > r_A + r_B` (source: seed 000, "|Proj(T)| > ½|Proj(A)| + ½|Proj(B)|";
//! Gottschalk, Lin and Manocha, *OBBTree*, SIGGRAPH 1996).
//!
//! An infinite set of directions has to be tried only in principle. For two convex polytopes it is
//! enough to try the normals of every face of either shape and, in 3D, the cross product of every
//! edge direction of one with every edge direction of the other: if the shapes are disjoint, the
//! pair of closest features is face–vertex, face–edge, face–face (a face normal separates) or
//! edge–edge (the plane through both edges separates, its normal is their cross product).
//!
//! * **2D** — a rectangle has two edge directions, so there are 2 + 2 = **4** candidate axes:
//!   A's `u0`, `u1`, then B's `u0`, `u1` ([`dim2`], seeds 000 and 003).
//! * **3D** — a box has three face normals, which are also its three edge directions. That gives
//!   3 + 3 face axes and 3 × 3 = 9 edge axes `A.u_i × B.u_j`: **15** in all, tested in the order
//!   A faces, B faces, edges with index `6 + 3i + j` ([`dim3`], seeds 000, 002 and 004).
//!
//! # Parallel edges
//!
//! When `A.u_i` and `B.u_j` are parallel, `A.u_i × B.u_j` is the zero vector: every projection
//! onto it is 0, so `0 > 0` is false and the axis can never separate — correctly, because a plane
//! containing two parallel edges is already covered by a face normal. With rounding the cross
//! product is merely *tiny*, and then `|T·L| > r_A + r_B` compares two tiny, noisy numbers and can
//! report a false separation. Two remedies, both used here:
//!
//! * the fast boolean tests ([`dim3::intersects`]) never normalise; they pad every `|R_ij|` by a
//!   small epsilon ([`PARALLEL_EPSILON`], seed 002 and Ericson, *Real-Time Collision Detection*,
//!   §4.4.1), which inflates the right-hand side so that a vanishing axis cannot separate;
//! * the full reports ([`dim3::report`]) measure each cross product *before* normalising it and flag
//!   it [`AxisTest::degenerate`] below [`DEGENERATE_THRESHOLD`]: kept in the report for display,
//!   never separating, never the axis of least penetration (seed 004's warning that edge axes vanish
//!   for aligned boxes).
//!
//! # Depth on unit axes
//!
//! Every axis in a report is normalised, so `gap = |T·L| − (r_A + r_B)` is a true distance: when
//! the boxes overlap, the smallest overlap `−gap` over all non-degenerate axes is the penetration
//! depth, and moving B by `depth · normal` makes the boxes touch. Seed 004 instead compares the
//! overlap divided by `r_A + r_B` on unnormalised axes; that ratio does not rank axes by distance
//! and picks the wrong axis on many overlapping pairs.
//!
//! # Layout
//!
//! * [`dim2`] — [`Obb2`], its 4 axes, [`dim2::report`] and [`dim2::intersects`].
//! * [`dim3`] — [`Obb3`], its 15 axes, [`dim3::report`] and [`dim3::intersects`].
//! * [`manifold`] — the contact points built from the verdict: reference and incident faces,
//!   clipping, reduction to four, edge contacts, the edge bias and a speculative margin; a traced
//!   variant for the picture ([`dim3::manifold`], [`dim2::manifold`]).
//! * [`reference`] — the plain method of seed 001 in `f64`: project all corners onto every axis.
//!   The oracle for tests and for the app's live cross-check; also the manifold by another route.
//!
//! Nothing here draws, reads files or knows about the window; the app only reads these reports.

#![warn(missing_docs)]

pub mod dim2;
pub mod dim3;
pub mod manifold;
pub mod reference;

pub use dim2::Obb2;
pub use dim3::Obb3;
pub use manifold::{ContactId, ContactPoint, Feature, Manifold, ManifoldParams};

use std::fmt;

/// Length below which the cross product of two unit edge directions counts as zero: the edges are
/// parallel to within about 0.06° and the axis is flagged degenerate.
pub const DEGENERATE_THRESHOLD: f32 = 1e-3;

/// Added to every `|R_ij| = |A.u_i · B.u_j|` by the fast boolean tests so that nearly parallel
/// edges cannot produce a spurious separating axis (seed 002 uses `1e-6`; so does Ericson §4.4.1).
pub const PARALLEL_EPSILON: f32 = 1e-6;

/// The largest magnitude accepted for a centre coordinate or half extent. Beyond it `f32` spaces
/// its values more than one unit apart, so a box could not even be placed where it was asked to be.
pub const MAX_COORDINATE: f32 = 1e7;

/// Tuning of the tests: the two knobs of the parallel-edge problem.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SatParams {
    /// Cross products shorter than this are degenerate axes (see [`DEGENERATE_THRESHOLD`]).
    pub degenerate_threshold: f32,
    /// Padding on `|R_ij|` in the fast tests (see [`PARALLEL_EPSILON`]).
    pub parallel_epsilon: f32,
}

impl Default for SatParams {
    fn default() -> Self {
        Self {
            degenerate_threshold: DEGENERATE_THRESHOLD,
            parallel_epsilon: PARALLEL_EPSILON,
        }
    }
}

/// Which box, for messages and labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Which {
    /// The first box.
    A,
    /// The second box.
    B,
}

impl fmt::Display for Which {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Which::A => "A",
            Which::B => "B",
        })
    }
}

/// Why a box was rejected. Every constructor and `validate` returns one of these instead of letting
/// a NaN through: with a NaN every comparison is false, and an unguarded test would call two boxes
/// 100 units apart "intersecting".
#[derive(Clone, Debug, PartialEq)]
pub enum ObbError {
    /// A centre coordinate is NaN or infinite.
    NonFiniteCenter,
    /// A half extent is NaN or infinite.
    NonFiniteExtent,
    /// A half extent is below zero (zero is allowed: a flat box).
    NegativeExtent {
        /// Local axis of the offending extent.
        axis: usize,
        /// The value given.
        value: f32,
    },
    /// A centre coordinate or half extent is beyond [`MAX_COORDINATE`].
    TooLarge {
        /// The value given.
        value: f32,
    },
    /// A rotation quaternion has a NaN or infinite component.
    NonFiniteRotation,
    /// A rotation quaternion has (nearly) zero length and cannot be normalised.
    ZeroRotation,
    /// A 2D angle is NaN or infinite.
    NonFiniteAngle,
}

impl fmt::Display for ObbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObbError::NonFiniteCenter => write!(f, "center has a NaN or infinite coordinate"),
            ObbError::NonFiniteExtent => write!(f, "half_extents has a NaN or infinite value"),
            ObbError::NegativeExtent { axis, value } => {
                write!(f, "half_extents[{axis}] is {value}; half extents must be >= 0")
            }
            ObbError::TooLarge { value } => write!(
                f,
                "{value} is beyond the supported range of +/-{MAX_COORDINATE:e} (f32 cannot place a box that far to within one unit)"
            ),
            ObbError::NonFiniteRotation => {
                write!(f, "rotation quaternion has a NaN or infinite component")
            }
            ObbError::ZeroRotation => {
                write!(f, "rotation quaternion has zero length and cannot be normalised")
            }
            ObbError::NonFiniteAngle => write!(f, "angle is NaN or infinite"),
        }
    }
}

impl std::error::Error for ObbError {}

/// Checks a list of centre coordinates and half extents against the rules of [`ObbError`].
pub(crate) fn validate_center_and_extents(center: &[f32], extents: &[f32]) -> Result<(), ObbError> {
    if center.iter().any(|c| !c.is_finite()) {
        return Err(ObbError::NonFiniteCenter);
    }
    if extents.iter().any(|e| !e.is_finite()) {
        return Err(ObbError::NonFiniteExtent);
    }
    if let Some((axis, &value)) = extents.iter().enumerate().find(|(_, e)| **e < 0.0) {
        return Err(ObbError::NegativeExtent { axis, value });
    }
    if let Some(&value) = center
        .iter()
        .chain(extents)
        .find(|v| v.abs() > MAX_COORDINATE)
    {
        return Err(ObbError::TooLarge { value });
    }
    Ok(())
}

/// A closed interval on an axis: one box's shadow.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// Lower end.
    pub min: f32,
    /// Upper end.
    pub max: f32,
}

impl Interval {
    /// The interval `center ± radius`.
    pub fn around(center: f32, radius: f32) -> Self {
        Self {
            min: center - radius,
            max: center + radius,
        }
    }

    /// Midpoint.
    pub fn center(&self) -> f32 {
        0.5 * (self.min + self.max)
    }
}

/// What a candidate axis is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AxisKind {
    /// Face normal `A.u_k`.
    FaceA(usize),
    /// Face normal `B.u_k`.
    FaceB(usize),
    /// Edge–edge axis `A.u_i × B.u_j` (3D only).
    Edge(usize, usize),
}

impl AxisKind {
    /// The kind's name in the `check` output: `face_a`, `face_b` or `edge`.
    pub fn name(&self) -> &'static str {
        match self {
            AxisKind::FaceA(_) => "face_a",
            AxisKind::FaceB(_) => "face_b",
            AxisKind::Edge(..) => "edge",
        }
    }

    /// Human label: `A.u0`, `B.u2`, `A.u0 × B.u1`.
    pub fn label(&self) -> String {
        match self {
            AxisKind::FaceA(k) => format!("A.u{k}"),
            AxisKind::FaceB(k) => format!("B.u{k}"),
            AxisKind::Edge(i, j) => format!("A.u{i} × B.u{j}"),
        }
    }

    /// The feature pair whose contact this axis describes when it is the axis of least penetration.
    pub fn feature_pair(&self) -> &'static str {
        match self {
            AxisKind::FaceA(_) => "face of A against a vertex, edge or face of B",
            AxisKind::FaceB(_) => "face of B against a vertex, edge or face of A",
            AxisKind::Edge(..) => "edge of A against edge of B",
        }
    }
}

/// One candidate axis, tested. `V` is `Vec2` or `Vec3`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisTest<V> {
    /// Position in the test order (0..4 in 2D, 0..15 in 3D).
    pub index: usize,
    /// What the axis is made of.
    pub kind: AxisKind,
    /// The unit axis `L` (for a degenerate edge axis: the zero vector).
    pub axis: V,
    /// The edges are parallel: the cross product was too short to normalise. Never separating.
    pub degenerate: bool,
    /// Projected radius of A: `Σ A.e_k |A.u_k·L|`.
    pub ra: f32,
    /// Projected radius of B.
    pub rb: f32,
    /// Projected centre distance `|T·L|`, `T = B.center − A.center`.
    pub distance: f32,
    /// `distance − (ra + rb)`: positive separates, zero or negative overlaps by `−gap`.
    pub gap: f32,
    /// A's shadow on the axis, `A.center·L ± ra`.
    pub interval_a: Interval,
    /// B's shadow on the axis, `B.center·L ± rb`.
    pub interval_b: Interval,
    /// The signed projection `T·L`: its sign says on which side of A box B lies.
    pub signed_distance: f32,
}

impl<V> AxisTest<V> {
    /// True when this axis separates the boxes: `gap > 0` and not degenerate. Touching (`gap == 0`)
    /// counts as intersecting, as in the seeds.
    pub fn is_separating(&self) -> bool {
        !self.degenerate && self.gap > 0.0
    }

    /// How deep the shadows overlap, `−gap` (negative when the axis separates).
    pub fn overlap(&self) -> f32 {
        -self.gap
    }
}

/// The answer when the boxes intersect: the axis of least penetration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Penetration<V> {
    /// Index of the non-degenerate axis with the smallest overlap (ties: lowest index).
    pub axis_index: usize,
    /// Overlap along it, `≥ 0`: the true penetration depth.
    pub depth: f32,
    /// That axis oriented from A towards B (sign of `T·L`; `+L` when `T·L = 0`).
    pub normal: V,
}

/// The full test of one pair: every candidate axis in test order and the verdicts drawn from them.
#[derive(Clone, Debug, PartialEq)]
pub struct SatReport<V, const N: usize> {
    /// Every candidate axis in test order.
    pub axes: [AxisTest<V>; N],
    /// No axis separates.
    pub intersect: bool,
    /// Lowest index of a separating axis: where an early-out test stops.
    pub first_separating: Option<usize>,
    /// The axis of least penetration, when the boxes intersect.
    pub penetration: Option<Penetration<V>>,
}

impl<V: Copy + std::ops::Mul<f32, Output = V>, const N: usize> SatReport<V, N> {
    /// Builds the verdicts from the tested axes (the one place the rules of DESIGN.md live).
    #[inline]
    pub(crate) fn from_axes(axes: [AxisTest<V>; N]) -> Self {
        let first_separating = axes.iter().position(|a| a.is_separating());
        let intersect = first_separating.is_none();
        let penetration = if intersect {
            axes.iter()
                .filter(|a| !a.degenerate)
                // strict `<` keeps the lowest index on ties
                .fold(None::<&AxisTest<V>>, |best, a| match best {
                    Some(b) if b.overlap() <= a.overlap() => Some(b),
                    _ => Some(a),
                })
                .map(|a| Penetration {
                    axis_index: a.index,
                    depth: a.overlap(),
                    normal: if a.signed_distance < 0.0 {
                        a.axis * -1.0
                    } else {
                        a.axis
                    },
                })
        } else {
            None
        };
        Self {
            axes,
            intersect,
            first_separating,
            penetration,
        }
    }

    /// Indices of every separating axis, in test order.
    pub fn separating_axes(&self) -> impl Iterator<Item = usize> + '_ {
        self.axes
            .iter()
            .filter(|a| a.is_separating())
            .map(|a| a.index)
    }

    /// The first separating axis, if any.
    pub fn first_separating_axis(&self) -> Option<&AxisTest<V>> {
        self.first_separating.map(|i| &self.axes[i])
    }

    /// One sentence: "Separated by axis 7: A.u0 × B.u1, gap 0.083" or
    /// "Intersecting, depth 0.41 along B.u2".
    pub fn verdict(&self) -> String {
        if let Some(axis) = self.first_separating_axis() {
            format!(
                "Separated by axis {}: {}, gap {}",
                axis.index,
                axis.kind.label(),
                fmt_num(axis.gap)
            )
        } else if let Some(p) = &self.penetration {
            format!(
                "Intersecting, depth {} along {}",
                fmt_num(p.depth),
                self.axes[p.axis_index].kind.label()
            )
        } else {
            "Intersecting".to_string()
        }
    }
}

/// Formats a number with about four significant digits for labels, dropping trailing zeros.
pub fn fmt_num(x: f32) -> String {
    if x == 0.0 {
        return "0".into();
    }
    let a = x.abs();
    if !(1e-4..1e6).contains(&a) {
        return format!("{x:.3e}");
    }
    let decimals = (3 - a.log10().floor() as i32).clamp(0, 7) as usize;
    let s = format!("{x:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// Report of a 2D pair: 4 axes.
pub type Report2 = SatReport<glam::Vec2, 4>;
/// Report of a 3D pair: 15 axes.
pub type Report3 = SatReport<glam::Vec3, 15>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_with_four_significant_digits() {
        assert_eq!(fmt_num(0.08312), "0.08312");
        assert_eq!(fmt_num(0.41), "0.41");
        assert_eq!(fmt_num(12.3456), "12.35");
        assert_eq!(fmt_num(-2.0), "-2");
        assert_eq!(fmt_num(0.0), "0");
        assert_eq!(fmt_num(1.5e-6), "1.500e-6");
    }

    #[test]
    fn negative_extent_names_its_axis() {
        let err = validate_center_and_extents(&[0.0, 0.0], &[1.0, -2.0]).unwrap_err();
        assert_eq!(
            err,
            ObbError::NegativeExtent {
                axis: 1,
                value: -2.0
            }
        );
        assert!(err.to_string().contains("half_extents[1]"));
    }

    #[test]
    fn nan_anywhere_is_rejected_before_any_comparison() {
        assert_eq!(
            validate_center_and_extents(&[f32::NAN, 0.0], &[1.0, 1.0]),
            Err(ObbError::NonFiniteCenter)
        );
        assert_eq!(
            validate_center_and_extents(&[0.0, 0.0], &[1.0, f32::INFINITY]),
            Err(ObbError::NonFiniteExtent)
        );
    }

    #[test]
    fn coordinates_beyond_f32_unit_precision_are_rejected() {
        assert!(matches!(
            validate_center_and_extents(&[2e7, 0.0], &[1.0, 1.0]),
            Err(ObbError::TooLarge { .. })
        ));
        assert!(validate_center_and_extents(&[1e4, -1e4], &[0.0, 3.0]).is_ok());
    }
}
