//! The boolean test over many pairs at once, for broad-phase callers.
//!
//! A broad phase hands the narrow phase thousands of candidate pairs per frame and wants one bit
//! each. [`intersects_many`] tests pair `k` = (`a[k]`, `b[k]`) of two [`Obb3Batch`]es, laid out as
//! structure of arrays (one array per number: centre x, centre y, …), so that one vector register
//! holds the same number of 4, 8 or 16 pairs and every step of the test runs on all of them at once.
//!
//! With the `simd` feature (on by default) the pairs go through vectors as wide as the CPU has,
//! chosen at run time by [`pulp`]: 16 lanes with AVX-512 (pulp's `x86-v4`), 8 with AVX2, 4 with
//! SSE/NEON/simd128, a scalar lane otherwise. Each lane runs the 15-axis test of Ericson, *Real-Time Collision Detection*, §4.4.1,
//! with the numbers of [`Obb3Frame::intersects`] in the same order and with the same roundings
//! (no fused multiply-add), all 15 comparisons and the bounding-sphere test or-ed into one mask:
//! no branch per pair. The pairs left over after the last whole vector, and every pair without the
//! feature, take [`Obb3Frame::intersects`] itself, the scalar fallback. The verdicts are the same
//! either way, pair for pair (`tests/batch_properties.rs`).

use super::dim3::Obb3Frame;
use super::Obb3;

/// Numbers per box: centre (3), bounding radius, half extents (3), rotation matrix (9).
const STREAMS: usize = 16;
/// Where each number lives among the streams.
const CX: usize = 0;
const RADIUS: usize = 3;
const EX: usize = 4;
/// `M + 3k + i` holds `u_i[k]`: row `k` of the rotation matrix, column `i`.
const M: usize = 7;

/// Boxes as structure of arrays: for each of the 16 numbers of an [`Obb3Frame`] (centre, bounding
/// radius, half extents, rotation matrix) one contiguous array, box `k` at index `k` of each.
///
/// Filled once per frame from the boxes ([`Obb3Batch::push`]), then read by [`intersects_many`].
/// 64 bytes per box, no padding.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Obb3Batch {
    streams: [Vec<f32>; STREAMS],
}

impl Obb3Batch {
    /// An empty batch.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty batch with room for `n` boxes.
    pub fn with_capacity(n: usize) -> Self {
        Self {
            streams: std::array::from_fn(|_| Vec::with_capacity(n)),
        }
    }

    /// Number of boxes.
    pub fn len(&self) -> usize {
        self.streams[0].len()
    }

    /// No boxes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes every box, keeping the storage.
    #[inline]
    pub fn clear(&mut self) {
        self.streams.iter_mut().for_each(Vec::clear);
    }

    /// Appends a box, from its frame.
    #[inline(always)]
    pub fn push(&mut self, f: &Obb3Frame) {
        let values = [
            f.center[0],
            f.center[1],
            f.center[2],
            f.center[3],
            f.half_extents[0],
            f.half_extents[1],
            f.half_extents[2],
            f.rows[0][0],
            f.rows[0][1],
            f.rows[0][2],
            f.rows[1][0],
            f.rows[1][1],
            f.rows[1][2],
            f.rows[2][0],
            f.rows[2][1],
            f.rows[2][2],
        ];
        for (stream, v) in self.streams.iter_mut().zip(values) {
            stream.push(v);
        }
    }

    /// Appends a box (its frame is made on the way: [`Obb3Frame::new`]).
    #[inline]
    pub fn push_box(&mut self, b: &Obb3) {
        self.push(&Obb3Frame::new(b));
    }

    /// Appends boxes from their frames, in order: the same numbers as [`Obb3Batch::push`] for
    /// each, written one stream at a time (a tight loop per number rather than sixteen pushes per
    /// box).
    pub fn extend(&mut self, frames: &[Obb3Frame]) {
        fn put(stream: &mut Vec<f32>, frames: &[Obb3Frame], number: impl Fn(&Obb3Frame) -> f32) {
            stream.extend(frames.iter().map(number));
        }
        let s = &mut self.streams;
        put(&mut s[CX], frames, |f| f.center[0]);
        put(&mut s[CX + 1], frames, |f| f.center[1]);
        put(&mut s[CX + 2], frames, |f| f.center[2]);
        put(&mut s[RADIUS], frames, |f| f.center[3]);
        put(&mut s[EX], frames, |f| f.half_extents[0]);
        put(&mut s[EX + 1], frames, |f| f.half_extents[1]);
        put(&mut s[EX + 2], frames, |f| f.half_extents[2]);
        for (r, row) in s[M..].chunks_exact_mut(3).enumerate() {
            put(&mut row[0], frames, |f| f.rows[r][0]);
            put(&mut row[1], frames, |f| f.rows[r][1]);
            put(&mut row[2], frames, |f| f.rows[r][2]);
        }
    }

    /// Box `k`'s frame, exactly as it was pushed.
    ///
    /// # Panics
    /// When `k >= self.len()`.
    pub fn get(&self, k: usize) -> Obb3Frame {
        let s = |n: usize| self.streams[n][k];
        Obb3Frame {
            center: [s(CX), s(CX + 1), s(CX + 2), s(RADIUS)],
            half_extents: [s(EX), s(EX + 1), s(EX + 2), 0.0],
            rows: std::array::from_fn(|r| [s(M + 3 * r), s(M + 3 * r + 1), s(M + 3 * r + 2), 0.0]),
        }
    }
}

impl FromIterator<Obb3Frame> for Obb3Batch {
    fn from_iter<I: IntoIterator<Item = Obb3Frame>>(iter: I) -> Self {
        let mut batch = Obb3Batch::new();
        for f in iter {
            batch.push(&f);
        }
        batch
    }
}

impl<'a> FromIterator<&'a Obb3> for Obb3Batch {
    fn from_iter<I: IntoIterator<Item = &'a Obb3>>(iter: I) -> Self {
        iter.into_iter().map(Obb3Frame::new).collect()
    }
}

/// Tests pair `k` = (`a[k]`, `b[k]`) for every `k` and writes its verdict to `out[k]`: `true` when
/// no axis separates the two boxes, exactly as [`Obb3Frame::intersects`] says for that pair.
///
/// See the [module](self) for how.
///
/// # Panics
/// When `a`, `b` and `out` do not have the same length.
pub fn intersects_many(a: &Obb3Batch, b: &Obb3Batch, out: &mut [bool]) {
    assert_eq!(
        a.len(),
        b.len(),
        "intersects_many: a and b differ in length"
    );
    assert_eq!(a.len(), out.len(), "intersects_many: out differs in length");
    #[cfg(feature = "simd")]
    let done = arch().dispatch(Kernel {
        a,
        b,
        out: &mut *out,
    });
    #[cfg(not(feature = "simd"))]
    let done = 0;
    for (k, verdict) in out.iter_mut().enumerate().skip(done) {
        *verdict = a.get(k).intersects(&b.get(k));
    }
}

/// The CPU's vector unit, detected once.
#[cfg(feature = "simd")]
pub(crate) fn arch() -> pulp::Arch {
    static ARCH: std::sync::OnceLock<pulp::Arch> = std::sync::OnceLock::new();
    *ARCH.get_or_init(pulp::Arch::new)
}

/// The vector kernel: every whole vector of pairs; returns how many pairs it answered.
#[cfg(feature = "simd")]
struct Kernel<'a> {
    a: &'a Obb3Batch,
    b: &'a Obb3Batch,
    out: &'a mut [bool],
}

#[cfg(feature = "simd")]
impl pulp::WithSimd for Kernel<'_> {
    type Output = usize;

    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, simd: S) -> usize {
        use pulp::bytemuck;
        let lanes = S::F32_LANES;
        if lanes == 1 {
            // no vector unit: the scalar fallback does it all
            return 0;
        }
        let n = self.out.len() / lanes * lanes;
        let (sa, sb) = (&self.a.streams, &self.b.streams);
        let (one, zero) = (simd.splat_f32s(1.0), simd.splat_f32s(0.0));
        for (chunk, out) in self.out[..n].chunks_exact_mut(lanes).enumerate() {
            let at = chunk * lanes;
            let load = |s: &Vec<f32>| -> S::f32s {
                bytemuck::pod_read_unaligned(bytemuck::cast_slice(&s[at..at + lanes]))
            };
            let apart = separated_lanes(simd, |k| load(&sa[k]), |k| load(&sb[k]));
            // 0 where nothing separates; masks differ between vector units, numbers do not
            let flags = simd.select_f32s(apart, one, zero);
            let flags: &[f32] = bytemuck::cast_slice(std::slice::from_ref(&flags));
            for (verdict, flag) in out.iter_mut().zip(flags) {
                *verdict = *flag == 0.0;
            }
        }
        n
    }
}

/// The mask of the pairs in one vector that something separates: the bounding spheres or one of
/// the 15 axes. `a(k)` and `b(k)` load stream `k` of each side.
#[cfg(feature = "simd")]
#[inline(always)]
fn separated_lanes<S: pulp::Simd>(
    simd: S,
    a: impl Fn(usize) -> S::f32s,
    b: impl Fn(usize) -> S::f32s,
) -> S::m32s {
    // direct calls and `#[inline(always)]` stages, no closures of their own: the vector
    // instructions must be inlined into the function that enables them
    let tw = [
        simd.sub_f32s(b(CX), a(CX)),
        simd.sub_f32s(b(CX + 1), a(CX + 1)),
        simd.sub_f32s(b(CX + 2), a(CX + 2)),
    ];
    let apart = spheres_apart(simd, &a, &b, tw);
    let p = Relative::load(simd, &a, &b, tw);
    let apart = face_axes_of_a(simd, &p, apart);
    let apart = face_axes_of_b(simd, &p, apart);
    edge_axes(simd, &p, apart)
}

/// `(x₀·y₀ + x₁·y₁) + x₂·y₂`, in that order.
#[cfg(feature = "simd")]
#[inline(always)]
fn dot3<S: pulp::Simd>(simd: S, x: [S::f32s; 3], y: [S::f32s; 3]) -> S::f32s {
    simd.add_f32s(
        simd.add_f32s(simd.mul_f32s(x[0], y[0]), simd.mul_f32s(x[1], y[1])),
        simd.mul_f32s(x[2], y[2]),
    )
}

/// The pairs whose bounding spheres are apart: `|T|² > (r_A + r_B)²`, `tw` = T in world space.
#[cfg(feature = "simd")]
#[inline(always)]
fn spheres_apart<S: pulp::Simd>(
    simd: S,
    a: &impl Fn(usize) -> S::f32s,
    b: &impl Fn(usize) -> S::f32s,
    tw: [S::f32s; 3],
) -> S::m32s {
    let reach = simd.add_f32s(a(RADIUS), b(RADIUS));
    simd.greater_than_f32s(dot3(simd, tw, tw), simd.mul_f32s(reach, reach))
}

/// One vector of pairs as the 15 axes read them: B in A's frame.
#[cfg(feature = "simd")]
struct Relative<S: pulp::Simd> {
    /// A's half extents.
    ea: [S::f32s; 3],
    /// B's half extents.
    eb: [S::f32s; 3],
    /// `r[i][j] = A.u_i · B.u_j`.
    r: [[S::f32s; 3]; 3],
    /// `q[i][j] = |r[i][j]| + ε`.
    q: [[S::f32s; 3]; 3],
    /// `t[i] = T · A.u_i`.
    t: [S::f32s; 3],
}

#[cfg(feature = "simd")]
impl<S: pulp::Simd> Relative<S> {
    /// Loads both boxes' axes and half extents and puts B in A's frame; `tw` = T in world space.
    #[inline(always)]
    fn load(
        simd: S,
        a: &impl Fn(usize) -> S::f32s,
        b: &impl Fn(usize) -> S::f32s,
        tw: [S::f32s; 3],
    ) -> Self {
        let zero = simd.splat_f32s(0.0);
        // ua[i][k] = A.u_i[k] (stream `M + 3k + i`), ub[j][k] = B.u_j[k]
        let (mut ua, mut ub) = ([[zero; 3]; 3], [[zero; 3]; 3]);
        let (mut ea, mut eb) = ([zero; 3], [zero; 3]);
        for k in 0..3 {
            for i in 0..3 {
                ua[i][k] = a(M + 3 * k + i);
                ub[i][k] = b(M + 3 * k + i);
            }
            ea[k] = a(EX + k);
            eb[k] = b(EX + k);
        }
        let eps = simd.splat_f32s(super::PARALLEL_EPSILON);
        let (mut r, mut q, mut t) = ([[zero; 3]; 3], [[zero; 3]; 3], [zero; 3]);
        for i in 0..3 {
            for j in 0..3 {
                r[i][j] = dot3(simd, ua[i], ub[j]);
                q[i][j] = simd.add_f32s(simd.abs_f32s(r[i][j]), eps);
            }
            t[i] = dot3(simd, ua[i], tw);
        }
        Self { ea, eb, r, q, t }
    }
}

/// `apart`, or-ed with the face axes of A: L = A.u_i.
#[cfg(feature = "simd")]
#[inline(always)]
fn face_axes_of_a<S: pulp::Simd>(simd: S, p: &Relative<S>, mut apart: S::m32s) -> S::m32s {
    for i in 0..3 {
        let rb = dot3(simd, p.q[i], p.eb);
        let beyond = simd.greater_than_f32s(simd.abs_f32s(p.t[i]), simd.add_f32s(p.ea[i], rb));
        apart = simd.or_m32s(apart, beyond);
    }
    apart
}

/// `apart`, or-ed with the face axes of B: L = B.u_j.
#[cfg(feature = "simd")]
#[inline(always)]
fn face_axes_of_b<S: pulp::Simd>(simd: S, p: &Relative<S>, mut apart: S::m32s) -> S::m32s {
    for j in 0..3 {
        let (rj, qj) = (
            [p.r[0][j], p.r[1][j], p.r[2][j]],
            [p.q[0][j], p.q[1][j], p.q[2][j]],
        );
        let tl = dot3(simd, rj, p.t);
        let ra = dot3(simd, qj, p.ea);
        let beyond = simd.greater_than_f32s(simd.abs_f32s(tl), simd.add_f32s(ra, p.eb[j]));
        apart = simd.or_m32s(apart, beyond);
    }
    apart
}

/// `apart`, or-ed with the edge axes: L = A.u_i × B.u_j.
#[cfg(feature = "simd")]
#[inline(always)]
fn edge_axes<S: pulp::Simd>(simd: S, p: &Relative<S>, mut apart: S::m32s) -> S::m32s {
    let (r, q, t, ea, eb) = (&p.r, &p.q, &p.t, &p.ea, &p.eb);
    for j in 0..3 {
        let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
        for i in 0..3 {
            let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
            let tl = simd.sub_f32s(
                simd.mul_f32s(t[i2], r[i1][j]),
                simd.mul_f32s(t[i1], r[i2][j]),
            );
            let ra = simd.add_f32s(
                simd.mul_f32s(ea[i1], q[i2][j]),
                simd.mul_f32s(ea[i2], q[i1][j]),
            );
            let rb = simd.add_f32s(
                simd.mul_f32s(q[i][j2], eb[j1]),
                simd.mul_f32s(q[i][j1], eb[j2]),
            );
            let beyond = simd.greater_than_f32s(simd.abs_f32s(tl), simd.add_f32s(ra, rb));
            apart = simd.or_m32s(apart, beyond);
        }
    }
    apart
}

#[cfg(all(test, feature = "simd"))]
mod tests {
    use super::*;
    use glam::{Quat, Vec3};

    /// Pairs around touching: B's centre along a random direction at 0.3..1.3 of the sum of the
    /// bounding radii, one in four with B turned like A.
    fn pairs(n: usize) -> Vec<(Obb3, Obb3)> {
        let mut unit = crate::sat::splitmix_units(0x0bb3);
        let mut v =
            |lo: f32, hi: f32| Vec3::new(unit(), unit(), unit()) * (hi - lo) + Vec3::splat(lo);
        (0..n)
            .map(|k| {
                let qa = Quat::from_scaled_axis(v(-2.0, 2.0));
                let qb = if k % 4 == 0 {
                    qa
                } else {
                    Quat::from_scaled_axis(v(-2.0, 2.0))
                };
                let (ea, eb) = (v(0.1, 2.0), v(0.1, 2.0));
                let d = v(-1.0, 1.0).normalize_or(Vec3::X);
                let reach = (ea.length() + eb.length()) * v(0.3, 1.3).x;
                let a = Obb3::new(v(-5.0, 5.0), ea, qa).unwrap();
                let b = Obb3::new(a.center + d * reach, eb, qb).unwrap();
                (a, b)
            })
            .collect()
    }

    #[test]
    fn boxes_extended_from_their_frames_are_the_boxes_pushed_one_by_one() {
        let frames: Vec<Obb3Frame> = pairs(37)
            .iter()
            .flat_map(|(a, b)| [Obb3Frame::new(a), Obb3Frame::new(b)])
            .collect();
        let mut pushed = Obb3Batch::new();
        frames.iter().for_each(|f| pushed.push(f));
        // onto boxes already there, as a caller reusing its batch does
        let mut extended = Obb3Batch::new();
        extended.push(&frames[5]);
        extended.extend(&frames[..9]);
        extended.extend(&frames[9..]);
        extended.extend(&[]);
        assert_eq!(extended.len(), 1 + frames.len());
        assert_eq!(extended.get(0), frames[5]);
        for k in 0..frames.len() {
            assert_eq!(extended.get(k + 1), pushed.get(k), "box {k}");
        }
    }

    #[test]
    fn every_vector_width_gives_every_pair_the_per_pair_verdict() {
        let pairs = pairs(4099);
        let a: Obb3Batch = pairs.iter().map(|(a, _)| a).collect();
        let b: Obb3Batch = pairs.iter().map(|(_, b)| b).collect();
        let expected: Vec<bool> = (0..pairs.len())
            .map(|k| a.get(k).intersects(&b.get(k)))
            .collect();
        let hits = expected.iter().filter(|x| **x).count();
        assert!(hits > 1000 && hits < 3000, "{hits}");
        let mut widths = Vec::new();
        let mut check = |answered: usize, out: &[bool], lanes: usize| {
            assert_eq!(answered, pairs.len() / lanes * lanes);
            assert_eq!(&out[..answered], &expected[..answered], "{lanes} lanes");
            widths.push(lanes);
        };
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        {
            if let Some(simd) = pulp::x86::V3::try_new() {
                let mut out = vec![false; pairs.len()];
                let answered = pulp::Simd::vectorize(
                    simd,
                    Kernel {
                        a: &a,
                        b: &b,
                        out: &mut out,
                    },
                );
                check(answered, &out, 8);
            }
            if let Some(simd) = pulp::x86::V4::try_new() {
                let mut out = vec![false; pairs.len()];
                let answered = pulp::Simd::vectorize(
                    simd,
                    Kernel {
                        a: &a,
                        b: &b,
                        out: &mut out,
                    },
                );
                check(answered, &out, 16);
            }
        }
        let mut out = vec![false; pairs.len()];
        intersects_many(&a, &b, &mut out);
        assert_eq!(out, expected);
        println!("vector widths checked: {widths:?}");
    }
}
