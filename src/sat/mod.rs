//! The separating-axis test for two oriented boxes, as plain data.
//!
//! # The theorem, for boxes
//!
//! Two convex shapes do not intersect exactly when some line exists onto which their projections
//! (two intervals) do not overlap: a *separating axis*. Projecting a box with centre `c`, unit local
//! axes `u_k` and half extents `e_k` onto a unit axis `L` gives the interval
//! `c·L ± r` with the projected radius `r = Σ e_k |u_k·L|`. With `T = c_B − c_A` the two intervals
//! are disjoint when `|T·L| > r_A + r_B` (source: the OBB–OBB post, "|Proj(T)| > ½|Proj(A)| + ½|Proj(B)|";
//! Gottschalk, Lin and Manocha, *OBBTree*, SIGGRAPH 1996).
//!
//! An infinite set of directions has to be tried only in principle. For two convex polytopes it is
//! enough to try the normals of every face of either shape and, in 3D, the cross product of every
//! edge direction of one with every edge direction of the other: if the shapes are disjoint, the
//! pair of closest features is face–vertex, face–edge, face–face (a face normal separates) or
//! edge–edge (the plane through both edges separates, its normal is their cross product).
//!
//! * **2D** — a rectangle has two edge directions, so there are 2 + 2 = **4** candidate axes:
//!   A's `u0`, `u1`, then B's `u0`, `u1` ([`dim2`], the OBB–OBB post and the 2D OBB post).
//! * **3D** — a box has three face normals, which are also its three edge directions. That gives
//!   3 + 3 face axes and 3 × 3 = 9 edge axes `A.u_i × B.u_j`: **15** in all, tested in the order
//!   A faces, B faces, edges with index `6 + 3i + j` ([`dim3`], the OBB–OBB post, the OBB demo post and the 15-axis table).
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
//!   small epsilon ([`PARALLEL_EPSILON`], the OBB demo post and Ericson, *Real-Time Collision Detection*,
//!   §4.4.1), which inflates the right-hand side so that a vanishing axis cannot separate;
//! * the full reports ([`dim3::report`]) measure each cross product *before* normalising it and flag
//!   it [`AxisTest::degenerate`] below [`DEGENERATE_THRESHOLD`]: kept in the report for display,
//!   never separating, never the axis of least penetration (the 15-axis table's warning that edge axes vanish
//!   for aligned boxes).
//!
//! # Depth on unit axes
//!
//! Every axis in a report is normalised, so `gap = |T·L| − (r_A + r_B)` is a true distance: when
//! the boxes overlap, the smallest overlap `−gap` over all non-degenerate axes is the penetration
//! depth, and moving B by `depth · normal` makes the boxes touch. The 15-axis table instead compares the
//! overlap divided by `r_A + r_B` on unnormalised axes; that ratio does not rank axes by distance
//! and picks the wrong axis on many overlapping pairs.
//!
//! # Layout
//!
//! * [`dim2`] — [`Obb2`], its 4 axes, [`dim2::report`] and [`dim2::intersects`].
//! * [`dim3`] — [`Obb3`], its 15 axes, [`dim3::report`] and [`dim3::intersects`].
//! * [`distance`] — the exact distance and closest points ([`separation3`], [`separation2`]):
//!   the largest `s(n)` over all directions, which the best candidate gap is not.
//! * [`manifold`] — the contact points built from the verdict: reference and incident faces,
//!   clipping, reduction to four, edge contacts, the edge bias and a speculative margin; a traced
//!   variant for the picture ([`dim3::manifold`], [`dim2::manifold`]).
//! * [`reference`](mod@reference) — the plain method of the vertex-projection post in `f64`: project all corners onto every axis.
//!   The oracle for tests and for the app's live cross-check; also the manifold by another route.
//! * [`agreement`] — the cross-check's rule: the fast test, the report and the reference must
//!   agree outside the rounding band of touching.
//! * [`gjk`] — GJK and EPA on the Minkowski difference, traced, with parry's tolerances: the
//!   answer most engines give, to lay beside SAT's.
//! * [`motion`] — moving boxes: poses over a step and the time of impact (the axis intervals of
//!   translating boxes, conservative advancement of turning ones).
//!
//! The blog posts and books cited by short name ("the OBB–OBB post", "Ericson §4.4.1") are listed
//! in `docs/sources.md`.
//!
//! Nothing here draws, reads files or knows about the window; the app only reads these reports.

#![warn(missing_docs)]

pub mod agreement;
pub mod answer;
pub mod bands;
pub mod batch;
pub mod batch2;
pub mod dim2;
pub mod dim3;
pub mod distance;
pub mod gjk;
pub mod lifecycle;
pub mod manifold;
pub mod motion;
pub mod obb;
pub mod reference;
mod rotation;
pub mod rounded;
pub mod vector;

pub use answer::Answer;
pub use batch::{intersects_many, Obb3Batch};
pub use batch2::{intersects_many2, Obb2Batch};
pub use dim2::{Obb2, Obb2Frame};
pub use dim3::{Obb3, Obb3Frame};
pub use distance::{separation2, separation3, Separation};
pub use manifold::{ContactId, ContactPoint, Feature, Manifold, ManifoldParams};
pub use obb::{scale, tolerance, Obb, Report};
pub use vector::Vector;

use std::fmt;

/// Length below which the cross product of two unit edge directions counts as zero: the edges are
/// parallel to within about 0.06° and the axis is flagged degenerate.
pub const DEGENERATE_THRESHOLD: f32 = 1e-3;

/// Added to every `|R_ij| = |A.u_i · B.u_j|` by the fast boolean tests so that nearly parallel
/// edges cannot produce a spurious separating axis (the OBB demo post uses `1e-6`; so does Ericson §4.4.1).
pub const PARALLEL_EPSILON: f32 = 1e-6;

/// The largest magnitude accepted for a centre coordinate or half extent. Beyond it `f32` spaces
/// its values more than one unit apart, so a box could not even be placed where it was asked to be.
pub const MAX_COORDINATE: f32 = 1e7;

/// Rounding units of the magnitudes summed on an axis (`ra + rb + |T·L|`) in the band of
/// touching; see [`SatReport::touching_band`].
pub const TOUCHING_AXIS_ULPS: f32 = 8.0;

/// Rounding units of the centres' distances from the origin in the band of touching; see
/// [`SatReport::touching_band`].
pub const TOUCHING_CENTER_ULPS: f32 = 2.0;

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
    /// A rotation quaternion has zero length (every component 0) and cannot be normalised.
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
///
/// Stored compactly (32 bytes in 3D: the axis, both radii, the signed centre distance, A's centre
/// on the axis, the index and the flags); everything else is derived on demand by the accessors,
/// with the same arithmetic, so that `gap()` is always `distance() − (ra() + rb())` bit for bit.
/// Laid out as written (`repr(C)`), so that the AVX-512 report can write its 15 records from its
/// lanes at once.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C)]
pub struct AxisTest<V> {
    axis: V,
    ra: f32,
    rb: f32,
    signed_distance: f32,
    center_a: f32,
    index: u8,
    kind: PackedKind,
    degenerate: bool,
}

impl<V: Copy> AxisTest<V> {
    /// The unit axis `L` (for a degenerate edge axis: the zero vector).
    #[inline]
    pub fn axis(&self) -> V {
        self.axis
    }
}

/// An [`AxisKind`] in one byte: the tag in the high nibble, `i` and `j` in two bits each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
struct PackedKind(u8);

impl PackedKind {
    const fn pack(kind: AxisKind) -> Self {
        match kind {
            AxisKind::FaceA(k) => Self(k as u8),
            AxisKind::FaceB(k) => Self(0x10 | k as u8),
            AxisKind::Edge(i, j) => Self(0x20 | ((i as u8) << 2) | j as u8),
        }
    }

    const fn unpack(self) -> AxisKind {
        let low = (self.0 & 0x0f) as usize;
        match self.0 >> 4 {
            0 => AxisKind::FaceA(low),
            1 => AxisKind::FaceB(low),
            _ => AxisKind::Edge(low >> 2, low & 3),
        }
    }
}

#[cfg(all(feature = "simd", target_arch = "x86_64"))]
impl AxisTest<glam::Vec3> {
    /// The last of a 3D record's eight 32-bit words ([`AxisTest::from_words`]) for axis `index`
    /// of the 15 (in test order), not degenerate: its index, then its kind's byte.
    pub(crate) const fn index_word(index: usize) -> u32 {
        index as u32 | (PackedKind::pack(dim3::axis_kind(index)).0 as u32) << 8
    }

    /// The 15 records of a 3D report from their words, eight per record in the struct's order:
    /// `L.x, L.y, L.z`, `ra`, `rb`, `T·L`, `A.center·L` (as `f32` bits) and
    /// [`AxisTest::index_word`] with bit 16 set when the axis is degenerate.
    ///
    /// # Safety
    /// Every last word is an [`AxisTest::index_word`], or one with bit 16 set: nothing else above
    /// bit 15 (the byte read as `degenerate` is a `bool`).
    pub(crate) unsafe fn from_words(
        words: [[u32; 8]; dim3::AXIS_COUNT],
    ) -> [Self; dim3::AXIS_COUNT] {
        const _: () = assert!(std::mem::size_of::<AxisTest<glam::Vec3>>() == 32);
        debug_assert!(words.iter().all(|w| w[7] >> 16 <= 1), "{words:?}");
        // SAFETY: `AxisTest<Vec3>` is `repr(C)`: `Vec3` (three f32, repr(C)), four f32, then
        // `index: u8`, `kind: PackedKind` (repr(transparent) over u8), `degenerate: bool` and
        // one byte of padding, 32 bytes in all (asserted above); every bit pattern is a valid f32
        // and u8, and the caller keeps the bool's byte 0 or 1. x86-64 is little-endian: the last
        // word's bytes are index, kind, degenerate, padding.
        unsafe { std::mem::transmute(words) }
    }
}

impl<V> AxisTest<V> {
    /// One tested axis: `signed_distance = T·L` (`T = B.center − A.center`) and
    /// `center_a = A.center·L`, with the radii `ra`, `rb` of both boxes on the unit axis `L`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn new(
        index: usize,
        kind: AxisKind,
        axis: V,
        degenerate: bool,
        ra: f32,
        rb: f32,
        signed_distance: f32,
        center_a: f32,
    ) -> Self {
        Self {
            axis,
            ra,
            rb,
            signed_distance,
            center_a,
            index: index as u8,
            kind: PackedKind::pack(kind),
            degenerate,
        }
    }

    /// Position in the test order (0..4 in 2D, 0..15 in 3D).
    #[inline]
    pub fn index(&self) -> usize {
        self.index as usize
    }

    /// What the axis is made of.
    #[inline]
    pub fn kind(&self) -> AxisKind {
        self.kind.unpack()
    }

    /// The edges are parallel: the cross product was too short to normalise. Never separating.
    #[inline]
    pub fn degenerate(&self) -> bool {
        self.degenerate
    }

    /// Projected radius of A: `Σ A.e_k |A.u_k·L|`.
    #[inline]
    pub fn ra(&self) -> f32 {
        self.ra
    }

    /// Projected radius of B.
    #[inline]
    pub fn rb(&self) -> f32 {
        self.rb
    }

    /// Projected centre distance `|T·L|`, `T = B.center − A.center`.
    #[inline]
    pub fn distance(&self) -> f32 {
        self.signed_distance.abs()
    }

    /// `distance − (ra + rb)`: positive separates, zero or negative overlaps by `−gap`.
    #[inline]
    pub fn gap(&self) -> f32 {
        self.distance() - (self.ra + self.rb)
    }

    /// The signed projection `T·L`: its sign says on which side of A box B lies.
    #[inline]
    pub fn signed_distance(&self) -> f32 {
        self.signed_distance
    }

    /// A's shadow on the axis, `A.center·L ± ra`.
    #[inline]
    pub fn interval_a(&self) -> Interval {
        Interval::around(self.center_a, self.ra)
    }

    /// B's shadow on the axis, `(A.center·L + T·L) ± rb`.
    #[inline]
    pub fn interval_b(&self) -> Interval {
        Interval::around(self.center_a + self.signed_distance, self.rb)
    }

    /// True when this axis separates the boxes: `gap > 0` and not degenerate. Touching (`gap == 0`)
    /// counts as intersecting, as in the blog posts satbox grew from (docs/sources.md).
    #[inline]
    pub fn is_separating(&self) -> bool {
        !self.degenerate && self.gap() > 0.0
    }

    /// How deep the shadows overlap, `−gap` (negative when the axis separates).
    #[inline]
    pub fn overlap(&self) -> f32 {
        -self.gap()
    }

    /// The same axis with A's shadow grown by `ra` and B's by `rb`: the shadows of two rounded
    /// boxes whose cores these are (a rounded box's support is its core's plus its radius), as
    /// the axis tests the boxes as given ([`answer`]). With both radii 0 it is this axis.
    #[inline]
    pub fn grown(self, ra: f32, rb: f32) -> Self {
        Self {
            ra: self.ra + ra,
            rb: self.rb + rb,
            ..self
        }
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

impl<V: Copy + std::ops::Mul<f32, Output = V>> Penetration<V> {
    /// The penetration along `axis`: its overlap, and the axis turned from A towards B.
    #[inline(always)]
    pub(crate) fn along(axis: &AxisTest<V>) -> Self {
        Self {
            axis_index: axis.index(),
            depth: axis.overlap(),
            normal: if axis.signed_distance() < 0.0 {
                axis.axis() * -1.0
            } else {
                axis.axis()
            },
        }
    }
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
    /// Builds the verdicts from the tested axes.
    #[inline]
    pub(crate) fn from_axes(axes: [AxisTest<V>; N]) -> Self {
        let (first_separating, penetration) = Self::verdicts(|k| axes[k]);
        Self {
            axes,
            intersect: first_separating.is_none(),
            first_separating,
            penetration,
        }
    }

    /// The first separating axis and, when there is none, the axis of least penetration, from
    /// the `N` tested axes `axis(0..N)` (the one place the rules of docs/architecture.md,
    /// *Verdicts*, live). The axes are passed as a function so that a report can draw its verdicts
    /// before its records are written where they are returned.
    #[inline(always)]
    pub(crate) fn verdicts(
        axis: impl Fn(usize) -> AxisTest<V>,
    ) -> (Option<usize>, Option<Penetration<V>>) {
        if let Some(k) = (0..N).find(|&k| axis(k).is_separating()) {
            return (Some(k), None);
        }
        // the smallest overlap of a non-degenerate axis; a later axis replaces the best only when
        // the best is not `<=` it, so ties keep the lowest index. Three runs of axes are searched
        // side by side and their bests then compared in order (one run of 15 dependent
        // comparisons made the intersecting pairs' verdict a long chain).
        let least_of = |best: Option<(usize, f32)>, (k, overlap): (usize, f32)| match best {
            Some((_, least)) if least <= overlap => best,
            _ => Some((k, overlap)),
        };
        let run = |lo: usize, hi: usize| {
            (lo..hi.min(N))
                .filter(|&k| !axis(k).degenerate())
                .map(|k| (k, axis(k).overlap()))
                .fold(None, least_of)
        };
        let third = N.div_ceil(3);
        let best = [run(0, third), run(third, 2 * third), run(2 * third, N)]
            .into_iter()
            .flatten()
            .fold(None, least_of);
        (None, best.map(|(k, _)| Penetration::along(&axis(k))))
    }

    /// Indices of every separating axis, in test order.
    pub fn separating_axes(&self) -> impl Iterator<Item = usize> + '_ {
        self.axes
            .iter()
            .filter(|a| a.is_separating())
            .map(|a| a.index())
    }

    /// The first separating axis, if any.
    pub fn first_separating_axis(&self) -> Option<&AxisTest<V>> {
        self.first_separating.map(|i| &self.axes[i])
    }

    /// The band inside which the gap on axis `index` is zero as far as `f32` can tell:
    /// `ε · (8·(ra + rb + |T·L|) + 2·(|A.center| + |B.center|))`, `ε = 2⁻²³`
    /// ([`TOUCHING_AXIS_ULPS`], [`TOUCHING_CENTER_ULPS`]).
    ///
    /// The gap is a few sums of products of the radii and the projected centre distance, each
    /// rounded to 24 bits: that is the first term. The second is where the boxes are: a centre
    /// 20 000 from the origin is only kept to within about 0.001 in each coordinate, which moves it
    /// along every axis, whichever way the axis points. The centres' distances are read from the
    /// report itself (each box's centre projected on its own three face axes). Moving B by
    /// `depth · normal`, or each box half of it, leaves a gap inside this band: over random pairs
    /// the gap left is at most about half the first term near the origin and a tenth of the second
    /// 2 000 units out.
    pub fn touching_band(&self, index: usize) -> f32 {
        axis_touching_band(
            &self.axes[index],
            centre_distances::<V, N>(|k| self.axes[k]),
        )
    }

    /// The boxes touch: their surfaces meet, with a gap of zero to within rounding.
    ///
    /// Precisely: when they intersect, the depth on the axis of least penetration is within that
    /// axis's [`SatReport::touching_band`]; when an axis separates them, every separating axis's
    /// gap is within its band (the largest gap is a lower bound on their distance, so they are no
    /// further apart than rounding). Boxes pushed out by `depth · normal` read as touching;
    /// `intersect` still says on which side of zero the rounded numbers fell.
    pub fn touching(&self) -> bool {
        self.touching_axis().is_some()
    }

    /// The boxes meet within the speculative `margin`: every axis that separates them does so by at
    /// most `margin` plus its [`SatReport::touching_band`]. With a margin of 0 that is
    /// "intersecting or touching". This is the one rule of meeting: a contact manifold exists
    /// exactly for the pairs that meet ([`dim3::manifold_with`]).
    pub fn meets(&self, margin: f32) -> bool {
        if self.intersect {
            return true;
        }
        let centres = centre_distances::<V, N>(|k| self.axes[k]);
        self.axes
            .iter()
            .filter(|a| a.is_separating())
            .all(|a| a.gap() <= margin + axis_touching_band(a, centres))
    }

    /// The axis along which the boxes touch (see [`SatReport::touching`]): the axis of least
    /// penetration, or the first separating axis.
    pub fn touching_axis(&self) -> Option<&AxisTest<V>> {
        let axis = |k: usize| self.axes[k];
        let separating = separating_mask_of::<V, N>(axis);
        touching_index::<V, N>(axis, self.penetration.as_ref(), separating).map(|k| &self.axes[k])
    }

    /// The conclusions alone (what [`dim3::verdicts`] computes without the records).
    pub fn to_verdicts(&self) -> SatVerdicts<V> {
        let axis = |k: usize| self.axes[k];
        SatVerdicts::from_axes::<N>(separating_mask_of::<V, N>(axis), axis)
    }

    /// One sentence: "Separated by axis 7: A.u0 × B.u1, gap 0.083",
    /// "Intersecting, depth 0.41 along B.u2" or, when the gap is zero to within rounding
    /// ([`SatReport::touching`]), "Touching along A.u1 (gap 0 within rounding)".
    pub fn verdict(&self) -> String {
        if let Some(axis) = self.touching_axis() {
            return format!(
                "Touching along {} (gap 0 within rounding)",
                axis.kind().label()
            );
        }
        if let Some(axis) = self.first_separating_axis() {
            format!(
                "Separated by axis {}: {}, gap {}",
                axis.index(),
                axis.kind().label(),
                fmt_num(axis.gap())
            )
        } else if let Some(p) = &self.penetration {
            format!(
                "Intersecting, depth {} along {}",
                fmt_num(p.depth),
                self.axes[p.axis_index].kind().label()
            )
        } else {
            "Intersecting".to_string()
        }
    }
}

/// [`SatReport::touching_band`] of one axis, given `|A.center| + |B.center|`.
#[inline]
fn axis_touching_band<V>(axis: &AxisTest<V>, centres: f32) -> f32 {
    touching_band(axis.ra(), axis.rb(), axis.distance(), centres)
}

/// [`SatReport::touching_band`] of an axis with radii `ra`, `rb` and centre distance `distance`,
/// given `|A.center| + |B.center|`.
#[inline(always)]
pub(crate) fn touching_band(ra: f32, rb: f32, distance: f32, centres: f32) -> f32 {
    f32::EPSILON * (TOUCHING_AXIS_ULPS * (ra + rb + distance) + TOUCHING_CENTER_ULPS * centres)
}

/// The rule of touching for an intersecting pair: the depth on the axis of least penetration
/// (`axis`) within that axis's band.
#[inline]
fn depth_within_band<V>(p: &Penetration<V>, axis: &AxisTest<V>, centres: f32) -> bool {
    p.depth <= axis_touching_band(axis, centres)
}

/// `|A.center| + |B.center|`, from the centres' projections on their own face axes.
#[inline]
fn centre_distances<V, const N: usize>(axis: impl Fn(usize) -> AxisTest<V>) -> f32 {
    let (mut a2, mut b2) = (0.0f32, 0.0f32);
    for t in (0..N).map(axis) {
        match t.kind() {
            AxisKind::FaceA(_) => a2 += t.interval_a().center() * t.interval_a().center(),
            AxisKind::FaceB(_) => b2 += t.interval_b().center() * t.interval_b().center(),
            AxisKind::Edge(..) => {}
        }
    }
    a2.sqrt() + b2.sqrt()
}

/// Bit `k` set when axis `k` of `axis(0..N)` separates.
#[inline]
fn separating_mask_of<V, const N: usize>(axis: impl Fn(usize) -> AxisTest<V>) -> u16 {
    (0..N).fold(0, |mask, k| {
        mask | (u16::from(axis(k).is_separating()) << k)
    })
}

/// The index of [`SatReport::touching_axis`], from the `N` axes `axis(0..N)`, the penetration
/// and which axes separate ([`separating_mask_of`]).
#[inline]
fn touching_index<V, const N: usize>(
    axis: impl Fn(usize) -> AxisTest<V>,
    penetration: Option<&Penetration<V>>,
    separating: u16,
) -> Option<usize> {
    if let Some(p) = penetration {
        let centres = centre_distances::<V, N>(&axis);
        return depth_within_band(p, &axis(p.axis_index), centres).then_some(p.axis_index);
    }
    if separating == 0 {
        return None;
    }
    let centres = centre_distances::<V, N>(&axis);
    (0..N)
        .filter(|&k| separating & (1 << k) != 0)
        .map(&axis)
        .all(|a| a.gap() <= axis_touching_band(&a, centres))
        .then_some(separating.trailing_zeros() as usize)
}

/// What a [`SatReport`] concludes, without its records: the verdict, every separating axis,
/// touching and the axis of least penetration, the same to the bit as the report's
/// ([`SatReport::to_verdicts`]). [`dim3::verdicts`] and [`dim2::verdicts`] compute the same numbers
/// as the report but write none of its `N` records, which is most of the report's cost on a
/// separated pair: for callers that read only the conclusions (`check --compact`, a physics
/// step).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SatVerdicts<V> {
    /// No axis separates.
    pub intersect: bool,
    /// Lowest index of a separating axis: where an early-out test stops.
    pub first_separating: Option<usize>,
    /// Bit `k` is set when axis `k` separates ([`SatVerdicts::separating_axes`]).
    pub separating_mask: u16,
    /// The gap is zero to within rounding ([`SatReport::touching`]).
    pub touching: bool,
    /// The axis of least penetration, when the boxes intersect.
    pub penetration: Option<Penetration<V>>,
}

impl<V: Copy + std::ops::Mul<f32, Output = V>> SatVerdicts<V> {
    /// The conclusions of the `N` tested axes `axis(0..N)`, by the report's own rules;
    /// `separating_mask` is [`separating_mask_of`] the same axes, given when the caller has it
    /// cheaper.
    #[inline(always)]
    pub(crate) fn from_axes<const N: usize>(
        separating_mask: u16,
        axis: impl Fn(usize) -> AxisTest<V>,
    ) -> Self {
        debug_assert_eq!(separating_mask, separating_mask_of::<V, N>(&axis));
        if separating_mask != 0 {
            let touching = touching_index::<V, N>(&axis, None, separating_mask).is_some();
            return Self::separated(separating_mask, touching);
        }
        let (first_separating, penetration) = SatReport::<V, N>::verdicts(&axis);
        Self {
            intersect: first_separating.is_none(),
            first_separating,
            separating_mask,
            touching: touching_index::<V, N>(&axis, penetration.as_ref(), separating_mask)
                .is_some(),
            penetration,
        }
    }

    /// The conclusions when no axis separates and `axis` is the one of least penetration
    /// ([`SatReport::verdicts`]): touching when its depth is within its band.
    #[cfg(feature = "simd")]
    #[inline(always)]
    pub(crate) fn intersecting(axis: &AxisTest<V>, centres: f32) -> Self {
        let penetration = Penetration::along(axis);
        Self {
            intersect: true,
            first_separating: None,
            separating_mask: 0,
            touching: depth_within_band(&penetration, axis, centres),
            penetration: Some(penetration),
        }
    }

    /// The conclusions when the axes of `separating_mask` (not 0) separate: the first is the
    /// lowest, as [`SatReport::verdicts`] finds it, and there is no penetration.
    #[inline(always)]
    pub(crate) fn separated(separating_mask: u16, touching: bool) -> Self {
        Self {
            intersect: false,
            first_separating: Some(separating_mask.trailing_zeros() as usize),
            separating_mask,
            touching,
            penetration: None,
        }
    }
}

impl<V> SatVerdicts<V> {
    /// [`SatReport::meets`] with a margin of 0, the one rule of meeting a contact manifold
    /// follows: intersecting, or apart with every separating gap within its touching band (which
    /// is what `touching` says of separated boxes). `None` for another margin, which needs the
    /// gaps the verdicts do not keep.
    pub fn meets(&self, margin: f32) -> Option<bool> {
        (margin == 0.0).then_some(self.intersect || self.touching)
    }

    /// Indices of every separating axis, in test order.
    pub fn separating_axes(&self) -> impl Iterator<Item = usize> + '_ {
        (0..16).filter(|&k| self.separating_mask & (1 << k) != 0)
    }
}

/// The conclusions of a 2D pair.
pub type Verdicts2 = SatVerdicts<glam::Vec2>;
/// The conclusions of a 3D pair.
pub type Verdicts3 = SatVerdicts<glam::Vec3>;

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

/// Numbers in `[0, 1)` from a splitmix64 stream seeded with `seed`, for the tests' random pairs.
#[cfg(test)]
pub(crate) fn splitmix_units(seed: u64) -> impl FnMut() -> f32 {
    let mut state = seed;
    move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
    }
}

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

    /// Random numbers and boxes for the touching tests, from [`splitmix_units`].
    struct Rng<F>(F);

    impl<F: FnMut() -> f32> Rng<F> {
        fn unit(&mut self) -> f32 {
            (self.0)()
        }

        fn range(&mut self, lo: f32, hi: f32) -> f32 {
            lo + (hi - lo) * self.unit()
        }

        fn box3(&mut self, spread: f32, offset: glam::Vec3) -> Obb3 {
            let axis = glam::Vec3::new(
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
            )
            .normalize_or_zero();
            let axis = if axis == glam::Vec3::ZERO {
                glam::Vec3::Z
            } else {
                axis
            };
            Obb3 {
                center: offset
                    + glam::Vec3::new(
                        self.range(-spread, spread),
                        self.range(-spread, spread),
                        self.range(-spread, spread),
                    ),
                half_extents: glam::Vec3::new(
                    self.range(0.1, 2.0),
                    self.range(0.1, 2.0),
                    self.range(0.1, 2.0),
                ),
                rotation: glam::Quat::from_axis_angle(axis, self.range(-3.0, 3.0)),
            }
        }

        fn box2(&mut self, spread: f32) -> Obb2 {
            Obb2 {
                center: glam::Vec2::new(self.range(-spread, spread), self.range(-spread, spread)),
                half_extents: glam::Vec2::new(self.range(0.1, 2.0), self.range(0.1, 2.0)),
                angle: self.range(-3.0, 3.0),
            }
        }
    }

    #[test]
    fn the_axis_of_least_penetration_is_the_lowest_index_of_least_overlap_among_non_degenerate() {
        // overlaps from three values, so that ties within and across the three runs the search
        // makes side by side are common; one axis in five degenerate
        let mut rng = Rng(splitmix_units(3));
        for case in 0..20_000 {
            let axes: [AxisTest<glam::Vec3>; 15] = std::array::from_fn(|k| {
                let overlap = [0.25, 0.5, 0.75][(rng.unit() * 3.0) as usize % 3];
                let degenerate = rng.unit() < 0.2;
                let kind = dim3::axis_kind(k);
                AxisTest::new(
                    k,
                    kind,
                    glam::Vec3::X,
                    degenerate,
                    1.0,
                    1.0,
                    2.0 - overlap,
                    0.0,
                )
            });
            let expected = (0..15).filter(|&k| !axes[k].degenerate()).min_by(|&i, &j| {
                axes[i]
                    .overlap()
                    .total_cmp(&axes[j].overlap())
                    .then(i.cmp(&j))
            });
            let report = Report3::from_axes(axes);
            assert!(report.intersect);
            let found = report.penetration.map(|p| p.axis_index);
            assert_eq!(
                found,
                expected,
                "case {case}: {:?}",
                report.axes.map(|a| a.overlap())
            );
        }
    }

    #[test]
    fn the_conclusions_without_records_are_the_report_s_on_separated_touching_and_deep_pairs() {
        let mut rng = Rng(splitmix_units(0x7e4d));
        let mut seen = [0usize; 4]; // separated, touching apart, touching after a push, deep
        for k in 0..8000 {
            let offset = match k % 5 {
                0 => glam::Vec3::new(20000.0, -15000.0, 8000.0),
                _ => glam::Vec3::ZERO,
            };
            let (a, mut b) = (rng.box3(2.0, offset), rng.box3(2.0, offset));
            if k % 7 == 0 {
                b.rotation = a.rotation; // aligned: three degenerate edge axes
            }
            let mut pairs = vec![b];
            if let Some(p) = dim3::report(&a, &b).penetration {
                // pushed out to touching, and pushed out a little further
                pairs.push(Obb3 {
                    center: b.center + p.normal * p.depth,
                    ..b
                });
                pairs.push(Obb3 {
                    center: b.center + p.normal * (p.depth + 1e-3),
                    ..b
                });
            }
            for b in pairs {
                let r = dim3::report(&a, &b);
                let v = dim3::verdicts(&a, &b);
                assert_eq!(v, r.to_verdicts(), "pair {k}");
                let frames = (dim3::Obb3Frame::new(&a), dim3::Obb3Frame::new(&b));
                assert_eq!(frames.0.verdicts(&frames.1), v, "pair {k}, from frames");
                assert_eq!(v.intersect, r.intersect);
                assert_eq!(v.first_separating, r.first_separating);
                assert_eq!(v.penetration, r.penetration);
                assert_eq!(v.touching, r.touching());
                assert!(v.separating_axes().eq(r.separating_axes()));
                seen[match (r.intersect, r.touching()) {
                    (false, false) => 0,
                    (false, true) => 1,
                    (true, true) => 2,
                    (true, false) => 3,
                }] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
        let mut rng = Rng(splitmix_units(0x7e4e));
        for _ in 0..2000 {
            let (a, b) = (rng.box2(2.0), rng.box2(2.0));
            let r = dim2::report(&a, &b);
            assert_eq!(dim2::verdicts(&a, &b), r.to_verdicts());
            assert!(dim2::verdicts(&a, &b)
                .separating_axes()
                .eq(r.separating_axes()));
        }
    }

    #[test]
    fn stepping_b_out_across_the_touching_band_the_conclusions_still_touch_where_the_report_does() {
        // B pushed out to touching, then moved along the normal in eighths of the band, from
        // two bands inside to three outside: the verdicts' own lane-wise band must flip where
        // the report's does
        let mut rng = Rng(splitmix_units(0x7e4f));
        let mut seen = [0usize; 3]; // intersecting, separated and touching, separated apart
        for k in 0..600 {
            let offset = match k % 3 {
                0 => glam::Vec3::new(300.0, -200.0, 100.0),
                _ => glam::Vec3::ZERO,
            };
            let (a, b) = (rng.box3(2.0, offset), rng.box3(2.0, offset));
            let Some(p) = dim3::report(&a, &b).penetration else {
                continue;
            };
            let b = Obb3 {
                center: b.center + p.normal * p.depth,
                ..b
            };
            let band = dim3::report(&a, &b).touching_band(p.axis_index);
            for step in -16..=24 {
                let b = Obb3 {
                    center: b.center + p.normal * (band * step as f32 / 8.0),
                    ..b
                };
                let r = dim3::report(&a, &b);
                let v = dim3::verdicts(&a, &b);
                assert_eq!(v, r.to_verdicts(), "pair {k}, step {step}");
                let frames = (dim3::Obb3Frame::new(&a), dim3::Obb3Frame::new(&b));
                assert_eq!(frames.0.verdicts(&frames.1), v, "pair {k}, step {step}");
                seen[match (r.intersect, r.touching()) {
                    (true, _) => 0,
                    (false, true) => 1,
                    (false, false) => 2,
                }] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n > 1000), "{seen:?}");
    }

    #[test]
    fn overflowing_centre_distances_give_the_report_s_conclusions_without_records() {
        // T = B.center − A.center overflows to infinity: some gaps are infinite, and an axis
        // perpendicular to T gets ∞·0 = NaN, where only the report's own search defines the order
        let mut rng = Rng(splitmix_units(0x7e50));
        let mut nan_gaps = 0;
        for k in 0..400 {
            let far = f32::MAX * 0.75;
            let (mut a, mut b) = (
                rng.box3(2.0, glam::Vec3::ZERO),
                rng.box3(2.0, glam::Vec3::ZERO),
            );
            a.center = glam::Vec3::new(-far, [0.0, 1.0][k % 2], 0.0);
            b.center = glam::Vec3::new(far, 0.0, [0.0, -far][k % 3 / 2]);
            if k % 4 == 0 {
                b.rotation = a.rotation;
            }
            let r = dim3::report(&a, &b);
            nan_gaps += usize::from(r.axes.iter().any(|t| t.gap().is_nan()));
            assert_eq!(
                dim3::verdicts(&a, &b),
                r.to_verdicts(),
                "pair {k}: {a:?} {b:?}"
            );
        }
        assert!(nan_gaps >= 100, "{nan_gaps}");
    }

    #[test]
    fn a_pair_resolved_by_moving_b_by_depth_along_the_normal_reads_as_touching() {
        let mut rng = Rng(splitmix_units(7));
        let mut resolved = 0;
        for k in 0..4000 {
            // a quarter of the pairs 2 500 units out, a quarter 25 000
            let offset = match k % 4 {
                0 => glam::Vec3::new(2000.0, -1500.0, 800.0),
                1 => glam::Vec3::new(20000.0, -15000.0, 8000.0),
                _ => glam::Vec3::ZERO,
            };
            let (a, mut b) = (rng.box3(1.5, offset), rng.box3(1.5, offset));
            let r = dim3::report(&a, &b);
            let Some(p) = r.penetration else { continue };
            if r.touching() {
                continue;
            }
            b.center += p.normal * p.depth;
            let after = dim3::report(&a, &b);
            assert!(after.touching(), "pair {k}: {}", after.verdict());
            assert!(
                after.verdict().starts_with("Touching along "),
                "{}",
                after.verdict()
            );
            resolved += 1;
        }
        assert!(resolved > 1000, "only {resolved} intersecting pairs");
    }

    #[test]
    fn a_pair_resolved_half_each_way_reads_as_touching_in_2d_and_3d() {
        let mut rng = Rng(splitmix_units(11));
        for k in 0..3000 {
            let (mut a, mut b) = (rng.box2(1.5), rng.box2(1.5));
            if let Some(p) = dim2::report(&a, &b).penetration {
                a.center -= p.normal * (p.depth / 2.0);
                b.center += p.normal * (p.depth / 2.0);
                let after = dim2::report(&a, &b);
                assert!(after.touching(), "2D pair {k}: {}", after.verdict());
            }
            let (mut a, mut b) = (
                rng.box3(1.5, glam::Vec3::ZERO),
                rng.box3(1.5, glam::Vec3::ZERO),
            );
            if let Some(p) = dim3::report(&a, &b).penetration {
                a.center -= p.normal * (p.depth / 2.0);
                b.center += p.normal * (p.depth / 2.0);
                let after = dim3::report(&a, &b);
                assert!(after.touching(), "3D pair {k}: {}", after.verdict());
            }
        }
    }

    #[test]
    fn cubes_sharing_a_face_touch_along_a_u0_and_say_so() {
        let a = Obb3::axis_aligned(glam::Vec3::ZERO, glam::Vec3::ONE);
        let b = Obb3::axis_aligned(glam::Vec3::new(2.0, 0.3, 0.0), glam::Vec3::ONE);
        let r = dim3::report(&a, &b);
        assert!(r.intersect && r.touching());
        assert_eq!(r.touching_axis().map(|t| t.index()), Some(0));
        assert_eq!(r.verdict(), "Touching along A.u0 (gap 0 within rounding)");
    }

    #[test]
    fn a_gap_or_an_overlap_of_a_thousandth_is_not_touching() {
        let a = Obb2::new(glam::Vec2::ZERO, glam::Vec2::ONE, 0.0).unwrap();
        let apart = Obb2::new(glam::Vec2::new(2.0009766, 0.0), glam::Vec2::ONE, 0.0).unwrap();
        let r = dim2::report(&a, &apart);
        assert!(!r.touching());
        assert_eq!(r.verdict(), "Separated by axis 0: A.u0, gap 0.0009766");
        let into = Obb2::new(glam::Vec2::new(1.9990234, 0.0), glam::Vec2::ONE, 0.0).unwrap();
        let r = dim2::report(&a, &into);
        assert!(!r.touching());
        assert_eq!(r.verdict(), "Intersecting, depth 0.0009766 along A.u0");
    }

    #[test]
    fn a_separation_touches_only_when_every_separating_axis_is_within_rounding() {
        // 1e-7 apart on x, but also clearly apart on y: separated, not touching
        let a = Obb2::new(glam::Vec2::ZERO, glam::Vec2::ONE, 0.0).unwrap();
        let b = Obb2::new(glam::Vec2::new(2.0000002, 3.0), glam::Vec2::ONE, 0.0).unwrap();
        let r = dim2::report(&a, &b);
        assert!(r.axes[0].gap() <= r.touching_band(0) && !r.touching());
        // 1e-7 apart on x alone: touching along A.u0
        let b = Obb2::new(glam::Vec2::new(2.0000002, 0.5), glam::Vec2::ONE, 0.0).unwrap();
        let r = dim2::report(&a, &b);
        assert!(!r.intersect && r.touching(), "{}", r.verdict());
        assert_eq!(r.verdict(), "Touching along A.u0 (gap 0 within rounding)");
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
