//! The exact distance between two boxes: the largest separation `s(n)` over every direction,
//! attained along the closest points, which the best candidate gap only bounds from below.

mod common;

use common::{cube, obb2, obb3, Rng};
use glam::{Quat, Vec2, Vec3};
use satbox::sat::distance::{separation2_f64, separation3_f64};
use satbox::sat::{dim2, dim3, separation2, separation3, Obb2, Obb3};

/// `s(n) = |T·n| − r_A(n) − r_B(n)` for a unit direction.
fn s3(a: &Obb3, b: &Obb3, n: Vec3) -> f32 {
    (b.center - a.center).dot(n).abs() - a.projected_radius(n) - b.projected_radius(n)
}

fn s2(a: &Obb2, b: &Obb2, n: Vec2) -> f32 {
    (b.center - a.center).dot(n).abs() - a.projected_radius(n) - b.projected_radius(n)
}

/// Directions spread evenly over the sphere (a Fibonacci lattice).
fn sphere(n: usize) -> Vec<Vec3> {
    let golden = std::f32::consts::PI * (3.0 - 5f32.sqrt());
    (0..n)
        .map(|k| {
            let y = 1.0 - 2.0 * (k as f32 + 0.5) / n as f32;
            let r = (1.0 - y * y).sqrt();
            let t = golden * k as f32;
            Vec3::new(r * t.cos(), y, r * t.sin())
        })
        .collect()
}

fn best_gap3(a: &Obb3, b: &Obb3) -> f32 {
    let r = dim3::report(a, b);
    r.axes
        .iter()
        .filter(|t| !t.degenerate())
        .map(|t| t.gap())
        .fold(f32::MIN, f32::max)
}

#[test]
fn two_cubes_corner_to_corner_are_farther_apart_than_any_candidate_gap() {
    let a = cube(Vec3::ZERO, 1.0, Quat::IDENTITY);
    let b = cube(Vec3::splat(2.5), 1.0, Quat::IDENTITY);
    let s = separation3(&a, &b);
    assert!((s.distance - 0.75f32.sqrt()).abs() < 1e-5, "{s:?}");
    let [p, q] = s.closest_points.unwrap();
    assert!((p - Vec3::ONE).length() < 1e-5 && (q - Vec3::splat(1.5)).length() < 1e-5);
    // every face axis has gap 0.5; the distance lies along the diagonal, no candidate
    assert!((best_gap3(&a, &b) - 0.5).abs() < 1e-5);
    assert!(s.distance > best_gap3(&a, &b) + 0.3);
}

#[test]
fn boxes_face_to_face_are_as_far_apart_as_the_gap() {
    let a = cube(Vec3::ZERO, 1.0, Quat::from_rotation_y(0.3));
    let b = cube(Vec3::new(0.0, 3.5, 0.0), 1.0, Quat::from_rotation_y(-0.2));
    let s = separation3(&a, &b);
    assert!((s.distance - 1.5).abs() < 1e-5, "{s:?}");
    assert!((s.distance - best_gap3(&a, &b)).abs() < 1e-5);
}

#[test]
fn crossed_edges_are_closest_at_their_crossing() {
    // A's top edge runs along x, B's bottom edge along z, one above the other
    let a = obb3(
        Vec3::ZERO,
        Vec3::ONE,
        Quat::from_rotation_x(std::f32::consts::FRAC_PI_4),
    );
    let b = obb3(
        Vec3::new(0.0, 4.0, 0.0),
        Vec3::ONE,
        Quat::from_rotation_z(std::f32::consts::FRAC_PI_4),
    );
    let s = separation3(&a, &b);
    let expected = 4.0 - 2.0 * 2f32.sqrt();
    assert!((s.distance - expected).abs() < 1e-5, "{s:?}");
    let [p, q] = s.closest_points.unwrap();
    assert!(p.x.abs() < 1e-5 && p.z.abs() < 1e-5 && q.x.abs() < 1e-5 && q.z.abs() < 1e-5);
}

#[test]
fn intersecting_boxes_have_distance_zero_and_no_closest_points() {
    let a = cube(Vec3::ZERO, 1.0, Quat::IDENTITY);
    let b = cube(Vec3::new(1.5, 0.2, 0.0), 1.0, Quat::from_rotation_z(0.4));
    let s = separation3(&a, &b);
    assert_eq!((s.distance, s.closest_points), (0.0, None));
    let s2 = separation2(
        &obb2(Vec2::ZERO, Vec2::ONE, 0.0),
        &obb2(Vec2::X, Vec2::ONE, 0.3),
    );
    assert_eq!((s2.distance, s2.closest_points), (0.0, None));
}

#[test]
fn the_distance_is_the_largest_separation_over_all_directions_on_random_pairs() {
    let mut rng = Rng(11);
    let dirs = sphere(1500);
    let mut separated = 0;
    while separated < 400 {
        let (a, b) = (rng.obb3(), rng.obb3());
        let s = separation3(&a, &b);
        let Some([p, q]) = s.closest_points else {
            continue;
        };
        separated += 1;
        let tol = 2e-5 * (1.0 + a.center.length().max(b.center.length()));
        // attained along the closest points...
        assert!(((q - p).length() - s.distance).abs() <= tol);
        let n = s.direction().unwrap();
        assert!(
            (s3(&a, &b, n) - s.distance).abs() <= 4.0 * tol,
            "{a:?} {b:?} {s:?}"
        );
        // ...and never exceeded
        let most = dirs.iter().map(|&n| s3(&a, &b, n)).fold(f32::MIN, f32::max);
        assert!(most <= s.distance + tol, "{most} > {}", s.distance);
        // the closest points lie on the boxes
        assert!(
            a.contains_point(p + (p - a.center) * -1e-5)
                && b.contains_point(q + (q - b.center) * -1e-5)
        );
        // the best candidate gap bounds the distance from below
        assert!(best_gap3(&a, &b) <= s.distance + tol);
    }
}

#[test]
fn the_f32_distance_agrees_with_the_f64_reference_on_random_pairs() {
    let mut rng = Rng(12);
    for _ in 0..3000 {
        let (a, b) = (rng.obb3(), rng.obb3());
        let (s, r) = (separation3(&a, &b), separation3_f64(&a, &b));
        let tol = 1e-4;
        match (s.closest_points, r.closest_points) {
            (Some(_), Some(_)) | (None, None) => {
                assert!(
                    (s.distance as f64 - r.distance).abs() <= tol,
                    "{a:?} {b:?}: {s:?} vs {r:?}"
                )
            }
            // a verdict within the rounding band of touching may differ: then both are ~0
            _ => assert!(s.distance < 1e-4 && r.distance < 1e-4, "{s:?} vs {r:?}"),
        }
    }
    let mut rng = Rng(13);
    for _ in 0..3000 {
        let (a, b) = (rng.obb2(), rng.obb2());
        let (s, r) = (separation2(&a, &b), separation2_f64(&a, &b));
        assert!(
            (s.distance as f64 - r.distance).abs() <= 1e-4,
            "{s:?} vs {r:?}"
        );
    }
}

#[test]
fn the_least_overlap_over_all_directions_is_the_reports_depth_on_random_pairs() {
    let mut rng = Rng(14);
    let dirs = sphere(1500);
    let mut intersecting = 0;
    while intersecting < 300 {
        let (a, mut b) = (rng.obb3(), rng.obb3());
        b.center = a.center + (b.center - a.center) * 0.3;
        let r = dim3::report(&a, &b);
        let Some(p) = r.penetration else { continue };
        intersecting += 1;
        let most = dirs.iter().map(|&n| s3(&a, &b, n)).fold(f32::MIN, f32::max);
        // no direction overlaps less than the deepest candidate's overlap allows
        assert!(-most >= p.depth - 1e-4, "{} < {}", -most, p.depth);
        assert!((s3(&a, &b, p.normal) + p.depth).abs() < 1e-4);
    }
}

#[test]
fn in_2d_the_distance_is_the_largest_separation_over_all_angles() {
    let mut rng = Rng(15);
    let mut separated = 0;
    while separated < 400 {
        let (a, b) = (rng.obb2(), rng.obb2());
        let s = separation2(&a, &b);
        if s.closest_points.is_none() {
            assert!(dim2::intersects(&a, &b));
            continue;
        }
        separated += 1;
        let most = (0..3600)
            .map(|k| Vec2::from_angle(k as f32 * std::f32::consts::TAU / 3600.0))
            .map(|n| s2(&a, &b, n))
            .fold(f32::MIN, f32::max);
        assert!(
            most <= s.distance + 1e-4 && most >= s.distance - 5e-3,
            "{most} vs {s:?}"
        );
        assert!((s2(&a, &b, s.direction().unwrap()) - s.distance).abs() < 1e-4);
    }
}

fn preset3(name: &str) -> (Obb3, Obb3) {
    let p = satbox::scene::presets::presets()
        .into_iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no preset {name}"));
    match p.pair {
        satbox::scene::Pair::Three(a, b) => (a, b),
        _ => panic!("{name} is not 3D"),
    }
}

#[test]
fn the_corner_to_corner_preset_is_farther_apart_than_its_best_gap_along_no_candidate() {
    let (a, b) = preset3("3d-corner-to-corner");
    let s = separation3(&a, &b);
    assert!((s.distance - 0.866).abs() < 1e-3, "{s:?}");
    assert!(s.distance > best_gap3(&a, &b) + 0.15);
    let n = s.direction().unwrap();
    let r = dim3::report(&a, &b);
    let nearest = r
        .axes
        .iter()
        .filter(|t| !t.degenerate())
        .map(|t| t.axis().dot(n).abs())
        .fold(0.0, f32::max);
    assert!(
        nearest < 0.99,
        "the closest points' direction is a candidate ({nearest})"
    );
}

#[test]
fn the_separated_edge_edge_preset_has_only_an_edge_axis_and_a_distance_at_least_its_gap() {
    let (a, b) = preset3("3d-separated-edge-edge");
    let r = dim3::report(&a, &b);
    let seps: Vec<usize> = r.separating_axes().collect();
    assert_eq!(seps, [7]);
    assert!(separation3(&a, &b).distance >= r.axes[7].gap() - 1e-6);
}

#[test]
fn the_deep_overlap_face_preset_has_its_least_overlap_over_all_directions_on_a_face_axis() {
    let (a, b) = preset3("3d-deep-overlap-face");
    let r = dim3::report(&a, &b);
    let p = r.penetration.unwrap();
    assert_eq!(p.axis_index, 1);
    let most = sphere(20000)
        .iter()
        .map(|&n| s3(&a, &b, n))
        .fold(f32::MIN, f32::max);
    // sampled directions come near it (the minimum sits at a kink of s(n), sampled coarsely)...
    assert!(
        -most >= p.depth - 1e-4 && -most <= p.depth + 0.05,
        "{most} vs {}",
        p.depth
    );
    // ...and along the face normal it is attained exactly
    assert!((s3(&a, &b, p.normal) + p.depth).abs() < 1e-5);
}

/// parry3d's GJK distance: an oracle written independently of satbox's feature search.
fn parry_distance(a: &Obb3, b: &Obb3) -> f32 {
    use parry3d::math::{Pose, Rotation, Vector};
    let pose = |o: &Obb3| {
        let [x, y, z, w] = o.rotation.to_array();
        Pose::from_parts(
            Vector::from_array(o.center.to_array()),
            Rotation::from_xyzw(x, y, z, w),
        )
    };
    let shape =
        |o: &Obb3| parry3d::shape::Cuboid::new(Vector::from_array(o.half_extents.to_array()));
    parry3d::query::distance(&pose(a), &shape(a), &pose(b), &shape(b))
        .expect("cuboids are supported")
        .distance
}

#[test]
fn only_the_features_that_can_face_each_other_are_searched_yet_the_distance_is_parrys() {
    // The search skips corners and edges whose normal cones cannot hold the direction between
    // the closest points; random, aligned, nearly aligned and quarter-turned pairs (the cases
    // where that pruning decides on near-zero signs) agree with parry's GJK distance. A feature
    // wrongly skipped would make satbox's distance too large; GJK stops at a tolerance from
    // above, so parry's may be a little larger (by 1e-4 on nearly parallel faces), never smaller.
    let mut rng = Rng(14);
    let mut apart = 0;
    for i in 0..6000 {
        let a = rng.obb3();
        let mut b = rng.obb3();
        b.rotation = match i % 4 {
            0 => a.rotation,
            1 => (a.rotation * Quat::from_rotation_x(rng.range(-1e-4, 1e-4))).normalize(),
            2 => a.rotation * Quat::from_rotation_y(std::f32::consts::FRAC_PI_2),
            _ => b.rotation,
        };
        let ours = separation3(&a, &b).distance;
        if ours > 0.0 {
            apart += 1;
        }
        let theirs = parry_distance(&a, &b);
        assert!(
            ours <= theirs + 2e-6 && theirs - ours <= 1e-3,
            "{a:?} {b:?}: satbox {ours}, parry {theirs}"
        );
    }
    assert!(apart > 2000, "only {apart} pairs apart");
}

/// The distance by every feature pair, in `f64`, with nothing pruned and no early stop: each
/// corner against the other box, each of the 144 edge pairs (Ericson §5.1.9).
fn every_feature_distance(a: &Obb3, b: &Obb3) -> f64 {
    use glam::DVec3;
    let frame = |o: &Obb3| {
        let u = o.axes().map(|v| v.as_dvec3());
        (o.center.as_dvec3(), u, o.half_extents.as_dvec3().to_array())
    };
    let (fa, fb) = (frame(a), frame(b));
    let corner = |(c, u, h): &(DVec3, [DVec3; 3], [f64; 3]), k: usize| {
        (0..3).fold(*c, |p, i| {
            p + u[i] * if k >> i & 1 != 0 { h[i] } else { -h[i] }
        })
    };
    let nearest = |(c, u, h): &(DVec3, [DVec3; 3], [f64; 3]), p: DVec3| {
        (0..3).fold(*c, |q, i| q + u[i] * (p - *c).dot(u[i]).clamp(-h[i], h[i]))
    };
    let segment_distance = |p1: DVec3, q1: DVec3, p2: DVec3, q2: DVec3| {
        let (d1, d2, r) = (q1 - p1, q2 - p2, p1 - p2);
        let (a, e, f, c, b) = (d1.dot(d1), d2.dot(d2), d2.dot(r), d1.dot(r), d1.dot(d2));
        let denom = a * e - b * b;
        let mut s = if denom > 1e-12 {
            ((b * f - c * e) / denom).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let mut t = (b * s + f) / e;
        if t < 0.0 {
            (t, s) = (0.0, (-c / a).clamp(0.0, 1.0));
        } else if t > 1.0 {
            (t, s) = (1.0, ((b - c) / a).clamp(0.0, 1.0));
        }
        (p1 + d1 * s - (p2 + d2 * t)).length()
    };
    let edges = |f: &(DVec3, [DVec3; 3], [f64; 3])| {
        let mut out = Vec::new();
        for k in 0..8 {
            for i in 0..3 {
                if k >> i & 1 == 0 {
                    out.push((corner(f, k), corner(f, k | 1 << i)));
                }
            }
        }
        out
    };
    let corners_a = (0..8).map(|k| (corner(&fa, k) - nearest(&fb, corner(&fa, k))).length());
    let corners_b = (0..8).map(|k| (corner(&fb, k) - nearest(&fa, corner(&fb, k))).length());
    let (ea, eb) = (edges(&fa), edges(&fb));
    let edge_pairs = ea
        .iter()
        .flat_map(|&(p1, q1)| eb.iter().map(move |&(p2, q2)| (p1, q1, p2, q2)))
        .map(|(p1, q1, p2, q2)| segment_distance(p1, q1, p2, q2));
    corners_a
        .chain(corners_b)
        .chain(edge_pairs)
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn the_search_that_stops_at_a_proven_pair_finds_the_distance_of_every_feature_pair() {
    // The feature search stops once the gap along its best pair's line reaches the pair's
    // distance. On random, aligned, nearly aligned, quarter-turned and far-apart pairs its
    // distance is the least over all 16 corners and 144 edge pairs, to within rounding.
    let mut rng = Rng(15);
    let mut apart = 0;
    for i in 0..4000 {
        let a = rng.obb3();
        let mut b = rng.obb3();
        b.rotation = match i % 5 {
            0 => a.rotation,
            1 => (a.rotation * Quat::from_rotation_z(rng.range(-1e-3, 1e-3))).normalize(),
            2 => a.rotation * Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
            _ => b.rotation,
        };
        if i % 5 == 4 {
            b.center = a.center + (b.center - a.center) * 4.0;
        }
        let ours = separation3(&a, &b).distance as f64;
        if ours == 0.0 {
            continue;
        }
        apart += 1;
        let every = every_feature_distance(&a, &b);
        let size = (b.center - a.center).length() as f64 + 6.0;
        assert!(
            (ours - every).abs() <= 1e-6 * size,
            "{a:?} {b:?}: searched {ours}, every feature {every}"
        );
    }
    assert!(apart > 2000, "only {apart} pairs apart");
}

#[test]
fn boxes_within_rounding_of_touching_have_closest_points_exactly_when_the_verdicts_call_them_apart()
{
    // Faces a hair apart or a hair into each other: the answer's distance and closest points
    // follow its own verdict, so boxes that touch without intersecting say where they touch, and
    // intersecting boxes have none.
    use satbox::sat::{Answer, ManifoldParams};
    let mut rng = Rng(16);
    let (mut apart, mut touching_apart) = (0, 0);
    for _ in 0..4000 {
        let a = obb3(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
        let gap = rng.range(-2e-6, 2e-6);
        let c = Vec3::new(2.0 + gap, rng.range(-1.5, 1.5), rng.range(-1.5, 1.5));
        let b = obb3(c, Vec3::ONE, Quat::from_rotation_x(rng.range(0.0, 6.3)));
        let answer = Answer::of(&a, &b, [0.0; 2], &ManifoldParams::default());
        assert_eq!(
            answer.closest_points.is_some(),
            !answer.intersect,
            "gap {gap}: {answer:?}"
        );
        if !answer.intersect {
            apart += 1;
            assert!(answer.distance <= 3e-6, "gap {gap}: {answer:?}");
            touching_apart += usize::from(answer.touching);
        }
    }
    assert!(
        apart > 500 && touching_apart > 100,
        "{apart} apart, {touching_apart} touching"
    );
}
