//! The hot-loop test of a frame and the batch test over structure of arrays: the batch gives every
//! pair exactly the per-pair verdict (whatever the vector width and wherever the pair falls,
//! in a whole vector or in the scalar tail), and both agree with the f64 reference outside the
//! band of touching.

mod common;

use std::f32::consts::{FRAC_PI_2, TAU};

use common::{cross_lengths, obb3, scale3};
use glam::{Quat, Vec3};
use proptest::prelude::*;
use satbox::sat::reference;
use satbox::sat::{dim3, intersects_many, Obb3, Obb3Batch, Obb3Frame, DEGENERATE_THRESHOLD};

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // most pairs of the agreement property are touching or have parallel edges: skipped
        max_global_rejects: 20 * cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A float in `[lo, hi)` on a grid of 2²⁴ steps.
fn float_in(lo: f32, hi: f32) -> impl Strategy<Value = f32> + Clone {
    (0u32..1 << 24).prop_map(move |k| lo + (hi - lo) * (k as f32 / (1u32 << 24) as f32))
}

/// Mostly 0.05..3, one in ten exactly 0 (a flat box).
fn extent() -> impl Strategy<Value = f32> {
    prop_oneof![9 => float_in(0.05, 3.0), 1 => Just(0.0f32)]
}

fn unit_quat() -> impl Strategy<Value = Quat> {
    (float_in(0.0, 1.0), float_in(0.0, TAU), float_in(0.0, TAU)).prop_map(|(u, a, b)| {
        let (s, t) = ((1.0 - u).sqrt(), u.sqrt());
        Quat::from_xyzw(s * a.sin(), s * a.cos(), t * b.sin(), t * b.cos()).normalize()
    })
}

/// B's rotation from A's: independent, the same, a quarter turn about one of A's axes, or a
/// turn of 1e-7..1e-2 rad (nearly parallel edges).
fn related(qa: Quat) -> impl Strategy<Value = Quat> {
    prop_oneof![
        2 => unit_quat(),
        1 => Just(qa),
        1 => (0usize..3).prop_map(move |k| qa * Quat::from_axis_angle(Vec3::AXES[k], FRAC_PI_2)),
        1 => (unit_quat(), float_in(-7.0, -2.0)).prop_map(move |(d, e)| {
            qa * Quat::from_axis_angle(d * Vec3::X, 10f32.powf(e))
        }),
    ]
}

/// A pair: random, or B pushed out of A by the report's depth along its normal, so that it
/// touches A to within rounding (the pairs the verdicts are most likely to split on).
fn pair() -> impl Strategy<Value = (Obb3, Obb3)> {
    (
        prop::array::uniform3(float_in(-5.0, 5.0)),
        prop::array::uniform3(extent()),
        unit_quat(),
        prop::array::uniform3(float_in(-3.0, 3.0)),
        prop::array::uniform3(extent()),
        any::<bool>(),
    )
        .prop_flat_map(|(ca, ea, qa, d, eb, touch)| {
            let a = obb3(Vec3::from(ca), Vec3::from(ea), qa);
            related(qa).prop_map(move |qb| {
                let mut b = obb3(a.center + Vec3::from(d), Vec3::from(eb), qb);
                if touch {
                    if let Some(p) = dim3::report(&a, &b).penetration {
                        b.center += p.normal * p.depth;
                    }
                }
                (a, b)
            })
        })
}

fn batches(pairs: &[(Obb3, Obb3)]) -> (Obb3Batch, Obb3Batch) {
    (
        pairs.iter().map(|(a, _)| a).collect(),
        pairs.iter().map(|(_, b)| b).collect(),
    )
}

proptest! {
    #![proptest_config(config(600))]

    /// Every pair of a batch gets the verdict of `Obb3Frame::intersects`, bit for bit: in the
    /// vector lanes and in the scalar tail (lengths 0..70 cover both at every vector width).
    #[test]
    fn the_batch_gives_every_pair_the_per_pair_verdict(
        pairs in prop::collection::vec(pair(), 0..70)
    ) {
        let (a, b) = batches(&pairs);
        let mut out = vec![false; pairs.len()];
        intersects_many(&a, &b, &mut out);
        for (k, (pa, pb)) in pairs.iter().enumerate() {
            let expected = Obb3Frame::new(pa).intersects(&Obb3Frame::new(pb));
            prop_assert_eq!(out[k], expected, "pair {} of {}", k, pairs.len());
            prop_assert_eq!(a.get(k), Obb3Frame::new(pa));
        }
    }
}

proptest! {
    #![proptest_config(config(5000))]

    /// Outside the band of touching (and away from nearly parallel edges, where the padding of
    /// `|R|` decides, as it does for `dim3::intersects`), the frame test says what the f64
    /// reference says.
    #[test]
    fn the_frame_test_agrees_with_the_reference_outside_the_band((a, b) in pair()) {
        let r = reference::report3(&a, &b, DEGENERATE_THRESHOLD as f64);
        let deciding = r
            .axes
            .iter()
            .filter(|x| !x.degenerate)
            .map(|x| x.gap)
            .fold(f64::NEG_INFINITY, f64::max);
        let band = 1e-4 * (1.0 + scale3(&a, &b));
        let parallel = cross_lengths(&a, &b).iter().any(|&l| l < 1e-2);
        prop_assume!(deciding.abs() > band && !parallel);
        let frame = Obb3Frame::new(&a).intersects(&Obb3Frame::new(&b));
        prop_assert_eq!(frame, r.intersect);
        prop_assert_eq!(frame, dim3::intersects(&a, &b));
    }
}

#[test]
fn a_frame_keeps_the_boxs_axes_centre_and_extents() {
    let b = Obb3::new(
        Vec3::new(1.0, -2.0, 3.0),
        Vec3::new(0.5, 1.5, 2.5),
        Quat::from_xyzw(0.3, -0.2, 0.5, 0.8),
    )
    .unwrap();
    let f = Obb3Frame::new(&b);
    assert_eq!(f.axes(), b.axes());
    assert_eq!(f.center(), b.center);
    assert_eq!(f.half_extents(), b.half_extents);
    assert!(f.radius() >= b.half_extents.length());
}

#[test]
fn far_apart_boxes_are_rejected_by_the_spheres_and_touching_faces_intersect() {
    let a = Obb3Frame::new(&Obb3::axis_aligned(Vec3::ZERO, Vec3::ONE));
    let far = Obb3Frame::new(&Obb3::axis_aligned(Vec3::new(9.0, 0.0, 0.0), Vec3::ONE));
    let touching = Obb3Frame::new(&Obb3::axis_aligned(Vec3::new(2.0, 0.5, 0.0), Vec3::ONE));
    assert!(!a.intersects(&far));
    assert!(a.intersects(&touching));
    let batch_a: Obb3Batch = [a, a].into_iter().collect();
    let batch_b: Obb3Batch = [far, touching].into_iter().collect();
    let mut out = [true, false];
    intersects_many(&batch_a, &batch_b, &mut out);
    assert_eq!(out, [false, true]);
}

#[test]
#[should_panic(expected = "differ in length")]
fn batches_of_different_lengths_are_refused() {
    let one: Obb3Batch = [Obb3Frame::new(&Obb3::default())].into_iter().collect();
    intersects_many(&one, &Obb3Batch::new(), &mut [false]);
}
