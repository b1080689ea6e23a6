//! The boolean test of many rectangle pairs at once: the 2D twin of [`super::batch`].
//!
//! [`intersects_many2`] tests pair `k` = (`a[k]`, `b[k]`) of two [`Obb2Batch`]es, laid out as
//! structure of arrays (centre x and y, half extents, `u0`), so that one vector register holds the
//! same number of 4, 8 or 16 pairs. With the `simd` feature the pairs go through vectors as wide
//! as the CPU has, chosen at run time by [`pulp`]; each lane runs the four comparisons of
//! [`Obb2Frame::intersects`] with the same numbers in the same order (no fused multiply-add), so
//! the verdicts are the same pair for pair. The pairs left over after the last whole vector, and
//! every pair without the feature, take [`Obb2Frame::intersects`] itself.

use super::dim2::{Obb2, Obb2Frame};

/// Numbers per rectangle: centre (2), half extents (2), `u0` (2).
const STREAMS: usize = 6;
const CX: usize = 0;
const EX: usize = 2;
const U0: usize = 4;

/// Rectangles as structure of arrays: for each of the 6 numbers of an [`Obb2Frame`] one
/// contiguous array, rectangle `k` at index `k` of each. 24 bytes per rectangle.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Obb2Batch {
    streams: [Vec<f32>; STREAMS],
}

impl Obb2Batch {
    /// An empty batch.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty batch with room for `n` rectangles.
    pub fn with_capacity(n: usize) -> Self {
        Self {
            streams: std::array::from_fn(|_| Vec::with_capacity(n)),
        }
    }

    /// Number of rectangles.
    pub fn len(&self) -> usize {
        self.streams[0].len()
    }

    /// No rectangles.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes every rectangle, keeping the storage.
    pub fn clear(&mut self) {
        self.streams.iter_mut().for_each(Vec::clear);
    }

    /// Appends a rectangle, from its frame.
    pub fn push(&mut self, f: &Obb2Frame) {
        let values = [
            f.center[0],
            f.center[1],
            f.half_extents[0],
            f.half_extents[1],
            f.u0[0],
            f.u0[1],
        ];
        for (stream, v) in self.streams.iter_mut().zip(values) {
            stream.push(v);
        }
    }

    /// Appends a rectangle (its frame is made on the way: [`Obb2Frame::new`]).
    pub fn push_box(&mut self, b: &Obb2) {
        self.push(&Obb2Frame::new(b));
    }

    /// Rectangle `k`'s frame, exactly as it was pushed.
    ///
    /// # Panics
    /// When `k >= self.len()`.
    pub fn get(&self, k: usize) -> Obb2Frame {
        let s = |n: usize| self.streams[n][k];
        Obb2Frame {
            center: [s(CX), s(CX + 1)],
            half_extents: [s(EX), s(EX + 1)],
            u0: [s(U0), s(U0 + 1)],
        }
    }
}

impl FromIterator<Obb2Frame> for Obb2Batch {
    fn from_iter<I: IntoIterator<Item = Obb2Frame>>(iter: I) -> Self {
        let mut batch = Obb2Batch::new();
        for f in iter {
            batch.push(&f);
        }
        batch
    }
}

impl<'a> FromIterator<&'a Obb2> for Obb2Batch {
    fn from_iter<I: IntoIterator<Item = &'a Obb2>>(iter: I) -> Self {
        iter.into_iter().map(Obb2Frame::new).collect()
    }
}

/// Tests pair `k` = (`a[k]`, `b[k]`) for every `k` and writes its verdict to `out[k]`: `true` when
/// no axis separates the two rectangles, exactly as [`Obb2Frame::intersects`] says for that pair.
///
/// # Panics
/// When `a`, `b` and `out` do not have the same length.
pub fn intersects_many2(a: &Obb2Batch, b: &Obb2Batch, out: &mut [bool]) {
    assert_eq!(
        a.len(),
        b.len(),
        "intersects_many2: a and b differ in length"
    );
    assert_eq!(
        a.len(),
        out.len(),
        "intersects_many2: out differs in length"
    );
    #[cfg(feature = "simd")]
    let done = super::batch::arch().dispatch(Kernel {
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

/// The vector kernel: every whole vector of pairs; returns how many pairs it answered.
#[cfg(feature = "simd")]
struct Kernel<'a> {
    a: &'a Obb2Batch,
    b: &'a Obb2Batch,
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
            let a: [S::f32s; STREAMS] = std::array::from_fn(|k| load(&sa[k]));
            let b: [S::f32s; STREAMS] = std::array::from_fn(|k| load(&sb[k]));
            let apart = separated_lanes(simd, &a, &b);
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

/// `x·y + z·w`, in that order.
#[cfg(feature = "simd")]
#[inline(always)]
fn dot2<S: pulp::Simd>(simd: S, x: S::f32s, y: S::f32s, z: S::f32s, w: S::f32s) -> S::f32s {
    simd.add_f32s(simd.mul_f32s(x, y), simd.mul_f32s(z, w))
}

/// `p + q·r + s·t`, summed left to right.
#[cfg(feature = "simd")]
#[inline(always)]
fn reach<S: pulp::Simd>(
    simd: S,
    p: S::f32s,
    q: S::f32s,
    r: S::f32s,
    s: S::f32s,
    t: S::f32s,
) -> S::f32s {
    simd.add_f32s(simd.add_f32s(p, simd.mul_f32s(q, r)), simd.mul_f32s(s, t))
}

/// The mask of the pairs in one vector that one of the four axes separates, with the numbers of
/// [`Obb2Frame::intersects`]: `a0 = u0`, `a1 = (−u0.y, u0.x)`, `R_ij = a_i · b_j`, `t = T · a_i`.
#[cfg(feature = "simd")]
#[inline(always)]
fn separated_lanes<S: pulp::Simd>(
    simd: S,
    a: &[S::f32s; STREAMS],
    b: &[S::f32s; STREAMS],
) -> S::m32s {
    let neg = |x: S::f32s| simd.sub_f32s(simd.splat_f32s(-0.0), x);
    // a1 = (−sin, cos): −x is exact either way
    let (a0, a1) = ([a[U0], a[U0 + 1]], [neg(a[U0 + 1]), a[U0]]);
    let (b0, b1) = ([b[U0], b[U0 + 1]], [neg(b[U0 + 1]), b[U0]]);
    let (ea, eb) = ([a[EX], a[EX + 1]], [b[EX], b[EX + 1]]);
    let t = [
        simd.sub_f32s(b[CX], a[CX]),
        simd.sub_f32s(b[CX + 1], a[CX + 1]),
    ];
    let r00 = dot2(simd, a0[0], b0[0], a0[1], b0[1]);
    let r01 = dot2(simd, a0[0], b1[0], a0[1], b1[1]);
    let r10 = dot2(simd, a1[0], b0[0], a1[1], b0[1]);
    let r11 = dot2(simd, a1[0], b1[0], a1[1], b1[1]);
    let (ar00, ar01) = (simd.abs_f32s(r00), simd.abs_f32s(r01));
    let (ar10, ar11) = (simd.abs_f32s(r10), simd.abs_f32s(r11));
    let ta0 = dot2(simd, t[0], a0[0], t[1], a0[1]);
    let ta1 = dot2(simd, t[0], a1[0], t[1], a1[1]);
    let beyond = |d: S::f32s, r: S::f32s| simd.greater_than_f32s(simd.abs_f32s(d), r);
    let apart = beyond(ta0, reach(simd, ea[0], eb[0], ar00, eb[1], ar01));
    let apart = simd.or_m32s(
        apart,
        beyond(ta1, reach(simd, ea[1], eb[0], ar10, eb[1], ar11)),
    );
    let tb0 = dot2(simd, ta0, r00, ta1, r10);
    let apart = simd.or_m32s(
        apart,
        beyond(tb0, reach(simd, eb[0], ea[0], ar00, ea[1], ar10)),
    );
    let tb1 = dot2(simd, ta0, r01, ta1, r11);
    simd.or_m32s(
        apart,
        beyond(tb1, reach(simd, eb[1], ea[0], ar01, ea[1], ar11)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::dim2;
    use glam::Vec2;

    /// Rectangle pairs around touching, one in four with B turned like A.
    fn pairs(n: usize) -> Vec<(Obb2, Obb2)> {
        let mut unit = crate::sat::splitmix_units(0x0bb2);
        let mut v = |lo: f32, hi: f32| Vec2::new(unit(), unit()) * (hi - lo) + Vec2::splat(lo);
        (0..n)
            .map(|k| {
                let angles = v(-3.2, 3.2);
                let (ea, eb) = (v(0.1, 2.0), v(0.1, 2.0));
                let d = v(-1.0, 1.0).normalize_or(Vec2::X);
                let reach = (ea.length() + eb.length()) * v(0.3, 1.3).x;
                let a = Obb2::new(v(-5.0, 5.0), ea, angles.x).unwrap();
                let turn = if k % 4 == 0 { angles.x } else { angles.y };
                let b = Obb2::new(a.center + d * reach, eb, turn).unwrap();
                (a, b)
            })
            .collect()
    }

    #[test]
    fn a_frame_answers_as_its_rectangle_to_the_bit() {
        for (a, b) in pairs(5000) {
            let (fa, fb) = (Obb2Frame::new(&a), Obb2Frame::new(&b));
            assert_eq!(fa.axes(), a.axes());
            assert_eq!(fa.intersects(&fb), dim2::intersects(&a, &b), "{a:?} {b:?}");
            assert_eq!(fa.verdicts(&fb), dim2::verdicts(&a, &b), "{a:?} {b:?}");
        }
    }

    #[test]
    fn the_batch_gives_every_pair_the_per_pair_verdict() {
        let pairs = pairs(4099);
        let a: Obb2Batch = pairs.iter().map(|(a, _)| a).collect();
        let b: Obb2Batch = pairs.iter().map(|(_, b)| b).collect();
        let expected: Vec<bool> = pairs.iter().map(|(a, b)| dim2::intersects(a, b)).collect();
        let hits = expected.iter().filter(|x| **x).count();
        assert!(hits > 1000 && hits < 3500, "{hits}");
        let mut out = vec![false; pairs.len()];
        intersects_many2(&a, &b, &mut out);
        assert_eq!(out, expected);
        assert_eq!(a.get(7), Obb2Frame::new(&pairs[7].0));
    }
}
