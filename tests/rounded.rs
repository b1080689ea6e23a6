//! Rounded boxes on random pairs, against the `f64` oracles: the rounded boxes' distance is the
//! cores' exact distance less both radii, and their depth is the cores' SAT depth plus both radii
//! (cores overlapping) or both radii less the cores' distance (cores apart by less); the
//! candidate axes' grown gaps never exceed the true separation. Radius 0 is the sharp answer.

mod common;

use common::Rng;
use satbox::sat::distance::{separation2, separation2_f64, separation3, separation3_f64};
use satbox::sat::reference;
use satbox::sat::{Answer, ManifoldParams, Obb, DEGENERATE_THRESHOLD};

/// Cases whose cores' distance is this close to both radii, or whose cores only just touch, are
/// within rounding of touching: their verdict may go either way, and they are skipped.
const BAND: f64 = 1e-4;

/// The expected answer from the oracles: `Ok(distance)` apart, `Err(depth)` overlapping; `None`
/// within the band of touching.
fn expected(cores_depth: Option<f64>, cores_distance: f64, r: f64) -> Option<Result<f64, f64>> {
    match cores_depth {
        Some(d) if d > BAND => Some(Err(d + r)),
        Some(_) => None,
        None if cores_distance < BAND => None,
        None if (cores_distance - r).abs() < BAND => None,
        None if cores_distance > r => Some(Ok(cores_distance - r)),
        None => Some(Err(r - cores_distance)),
    }
}

/// Checks `rounded` on 3,000 random pairs drawn by `pair` (with radii 0 to 0.5 each) against
/// `oracle`, the cores' `f64` SAT depth and exact distance; how many were apart and overlapping.
fn against_the_oracles<B: Obb + std::fmt::Debug>(
    rng: &mut Rng,
    pair: impl Fn(&mut Rng) -> (B, B),
    oracle: impl Fn(&B, &B) -> (Option<f64>, f64),
) -> [usize; 2] {
    let mut checked = [0usize; 2];
    for _ in 0..3000 {
        let (a, b) = pair(rng);
        let (ra, rb) = (rng.range(0.0, 0.5), rng.range(0.0, 0.5));
        let r = (ra + rb) as f64;
        let answer = Answer::of(&a, &b, [ra, rb], &ManifoldParams::default());
        let cores_said = answer.cores;
        let (depth, cores) = oracle(&a, &b);
        let Some(want) = expected(depth, cores, r) else {
            continue;
        };
        match want {
            Ok(distance) => {
                assert!(!answer.intersect, "{a:?} {b:?} r {r}: {answer:?}");
                assert!(
                    (answer.distance as f64 - distance).abs() < 1e-4,
                    "{answer:?} vs {distance}"
                );
                checked[0] += 1;
            }
            Err(depth) => {
                assert!(answer.intersect, "{a:?} {b:?} r {r}: {answer:?}");
                let got = answer.depth.expect("a depth") as f64;
                assert!((got - depth).abs() < 1e-4, "{answer:?} vs {depth}");
                checked[1] += 1;
            }
        }
        // what the candidate axes alone say never exceeds the truth
        let truth = want.unwrap_or_else(|d| -d);
        if let Some(cores) = cores_said {
            assert!(
                cores.candidate_gap as f64 <= truth + 1e-4,
                "{answer:?} vs {truth}"
            );
        }
    }
    checked
}

#[test]
fn random_rounded_boxes_are_apart_by_the_cores_distance_less_both_radii_or_overlap_by_the_rest() {
    let checked = against_the_oracles(
        &mut Rng(42),
        |rng| (rng.obb3(), rng.obb3()),
        |a, b| {
            let oracle = reference::report3(a, b, DEGENERATE_THRESHOLD as f64);
            (oracle.depth, separation3_f64(a, b).distance)
        },
    );
    assert!(checked[0] > 500 && checked[1] > 500, "{checked:?}");
}

#[test]
fn random_rounded_rectangles_are_apart_by_the_cores_distance_less_both_radii_or_overlap_by_the_rest(
) {
    let checked = against_the_oracles(
        &mut Rng(43),
        |rng| (rng.obb2(), rng.obb2()),
        |a, b| {
            (
                reference::report2(a, b).depth,
                separation2_f64(a, b).distance,
            )
        },
    );
    assert!(checked[0] > 500 && checked[1] > 500, "{checked:?}");
}

#[test]
fn radius_zero_is_the_sharp_answer_to_the_bit() {
    let mut rng = Rng(44);
    let params = ManifoldParams::default();
    for _ in 0..1000 {
        let (a, b) = (rng.obb3(), rng.obb3());
        let answer = Answer::of(&a, &b, [0.0; 2], &params);
        let report = satbox::sat::dim3::report(&a, &b);
        let sharp = separation3(&a, &b);
        assert_eq!(answer.intersect, report.intersect);
        assert_eq!(answer.first_separating, report.first_separating);
        assert_eq!(answer.depth, report.penetration.map(|p| p.depth));
        assert_eq!(answer.normal, report.penetration.map(|p| p.normal));
        assert_eq!(answer.manifold, satbox::sat::dim3::manifold(&a, &b));
        if !report.touching() {
            assert_eq!(answer.distance, sharp.distance);
        }
        assert_eq!(answer.closest_points, sharp.closest_points);
        assert_eq!(answer.cores, None);
        let (c, d) = (rng.obb2(), rng.obb2());
        let answer = Answer::of(&c, &d, [0.0; 2], &params);
        if !answer.touching {
            assert_eq!(answer.distance, separation2(&c, &d).distance);
        }
    }
}
