//! Contacts over time: ids that name a place, so that a solver matching points by id keeps its
//! warm start on a stack at rest, and the lifecycle of points between frames
//! (`sat::lifecycle`).

mod common;

use common::{obb2, obb3, Rng};
use glam::{Quat, Vec2, Vec3};
use proptest::prelude::*;
use satbox::sat::lifecycle::{between, Construction, Snapshot, Summary, DEFAULT_MATCH_DISTANCE};
use satbox::sat::manifold::FeatureChoice;
use satbox::sat::{dim2, dim3, Manifold, ManifoldParams, Obb2, Obb3};

/// What became of the points of `m0` (on `a0`, `b0`) in `m` (on `a`, `b`), matched at the default
/// distance.
fn since<B: satbox::sat::Obb>(
    a0: &B,
    b0: &B,
    m0: Option<&Manifold<B::Vec>>,
    (a, b, m): (&B, &B, Option<&Manifold<B::Vec>>),
) -> satbox::sat::lifecycle::Lifecycle {
    between(
        Snapshot {
            a: a0,
            b: b0,
            manifold: m0,
        },
        Snapshot { a, b, manifold: m },
        DEFAULT_MATCH_DISTANCE,
    )
}

/// A turn by `angle` about a direction drawn from `rng`.
fn noise(rng: &mut Rng, angle: f32) -> Quat {
    let axis = Vec3::new(
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
    );
    Quat::from_axis_angle(axis.try_normalize().unwrap_or(Vec3::Z), angle)
}

/// Of the points of `now` that lie within `reach` of a point of `before`, how many have the id of
/// the nearest such point: (kept, stayed).
fn ids_of_points_that_stay<V: satbox::sat::Vector>(
    before: Option<&Manifold<V>>,
    now: Option<&Manifold<V>>,
    reach: f32,
) -> (usize, usize) {
    let (Some(before), Some(now)) = (before, now) else {
        return (0, 0);
    };
    let (mut kept, mut stayed) = (0, 0);
    for p in now.points() {
        let nearest = before
            .points()
            .iter()
            .map(|q| ((p.point - q.point).length(), q))
            .filter(|(d, _)| *d <= reach)
            .min_by(|x, y| x.0.total_cmp(&y.0));
        if let Some((_, q)) = nearest {
            stayed += 1;
            kept += usize::from(q.id == p.id);
        }
    }
    (kept, stayed)
}

/// Two equal unit cubes stacked 0.01 deep, both turned by fresh 1e-4 rad noise every frame, 200
/// frames: the corners of their square patch are reached as A's corner, B's corner or two edges
/// crossing as one box or the other sticks out by 1e-4; named by place, at least 95 % of the
/// points that stay within 1e-3 of a point of the frame before keep its id (19 % when ids named
/// the construction). And the reduction keeps the patch's corners, not a crossing of two nearly
/// parallel edges somewhere along a side: no point is lost, none drifts.
#[test]
fn equal_unit_cubes_stacked_0_01_deep_and_jittered_by_1e_4_rad_keep_the_ids_of_95_percent_of_the_points_that_stay(
) {
    let mut rng = Rng(41);
    let (mut kept, mut stayed) = (0, 0);
    let mut before: Option<(Obb3, Obb3, Manifold<Vec3>)> = None;
    for frame in 0..200 {
        let a = obb3(Vec3::ZERO, Vec3::splat(0.5), noise(&mut rng, 1e-4));
        let b = obb3(
            Vec3::new(0.0, 0.0, 0.99),
            Vec3::splat(0.5),
            noise(&mut rng, 1e-4),
        );
        let now = dim3::manifold(&a, &b).expect("a stack meets");
        if let Some((a0, b0, m0)) = &before {
            let (k, s) = ids_of_points_that_stay(Some(m0), Some(&now), 1e-3);
            (kept, stayed) = (kept + k, stayed + s);
            // the patch's corners, not a point sliding along its side: no point is lost, and
            // none drifts more than a few times the boxes' own motion
            let l = since(a0, b0, Some(m0), (&a, &b, Some(&now)));
            assert_eq!((l.lost, l.new), (0, 0), "frame {frame}: {l:?}");
            assert!(l.drift_ratio().unwrap() < 4.0, "frame {frame}: {l:?}");
        }
        before = Some((a, b, now));
    }
    let share = kept as f64 / stayed as f64;
    println!(
        "stacked equal cubes: {kept} of {stayed} points that stay keep their id ({:.1} %)",
        100.0 * share
    );
    assert!(stayed > 400, "{stayed}");
    assert!(share >= 0.95, "{kept} of {stayed}");
}

/// The same in 2D: two equal unit squares stacked 0.01 deep, jittered by 1e-4 rad.
#[test]
fn equal_unit_squares_stacked_0_01_deep_and_jittered_by_1e_4_rad_keep_the_ids_of_95_percent_of_the_points_that_stay(
) {
    let mut rng = Rng(7);
    let (mut kept, mut stayed) = (0, 0);
    let mut before: Option<Manifold<Vec2>> = None;
    for _ in 0..200 {
        let a = obb2(Vec2::ZERO, Vec2::splat(0.5), rng.range(-1e-4, 1e-4));
        let b = obb2(
            Vec2::new(0.0, 0.99),
            Vec2::splat(0.5),
            rng.range(-1e-4, 1e-4),
        );
        let now = dim2::manifold(&a, &b);
        let (k, s) = ids_of_points_that_stay(before.as_ref(), now.as_ref(), 1e-3);
        (kept, stayed) = (kept + k, stayed + s);
        before = now;
    }
    assert!(stayed > 300, "{stayed}");
    assert!(kept as f64 >= 0.95 * stayed as f64, "{kept} of {stayed}");
}

/// Resting pairs (equal cubes, a small box on a plate, a box turned 30° on a plate, a box
/// straddling the plate's rim) under fresh 1e-6 rad noise every frame: no point is new or lost by
/// id on any frame, and every point persists by position too.
#[test]
fn resting_boxes_under_1e_6_rad_noise_keep_every_point_by_id() {
    let plate = Vec3::new(1.0, 1.0, 0.5);
    let pairs = [
        (
            Vec3::splat(0.5),
            Vec3::splat(0.5),
            Vec3::new(0.0, 0.0, 0.99),
            0.0,
        ),
        (
            plate,
            Vec3::new(0.3, 0.2, 0.25),
            Vec3::new(0.2, -0.1, 0.749),
            0.0,
        ),
        (
            plate,
            Vec3::new(0.3, 0.2, 0.25),
            Vec3::new(-0.3, 0.4, 0.7495),
            0.52,
        ),
        (
            plate,
            Vec3::new(0.4, 0.3, 0.25),
            Vec3::new(0.9, 0.0, 0.749),
            0.0,
        ),
    ];
    for (n, (ea, eb, cb, yaw)) in pairs.into_iter().enumerate() {
        let mut rng = Rng(100 + n as u64);
        let pose = |rng: &mut Rng| {
            (
                obb3(Vec3::ZERO, ea, noise(rng, 1e-6)),
                obb3(cb, eb, noise(rng, 1e-6) * Quat::from_rotation_z(yaw)),
            )
        };
        let (mut a0, mut b0) = pose(&mut rng);
        let mut m0 = dim3::manifold(&a0, &b0);
        for frame in 1..200 {
            let (a1, b1) = pose(&mut rng);
            let m1 = dim3::manifold(&a1, &b1);
            let l = since(&a0, &b0, m0.as_ref(), (&a1, &b1, m1.as_ref()));
            assert!(l.current > 0, "pair {n} frame {frame}: no contact");
            assert_eq!(
                (l.new, l.lost, l.persisted_by_position),
                (0, 0, l.current),
                "pair {n} frame {frame}: {l:?}"
            );
            assert_eq!(l.warm_start_by_id(), Some(1.0));
            (a0, b0, m0) = (a1, b1, m1);
        }
    }
}

/// Each point of `m` has the id of the nearest point of `n`, when that one lies within `reach`.
/// (The nearest: two different points of one patch can lie closer than `reach`, as where an edge
/// of B crosses two sides of A just short of A's corner, 9.4e-4 apart.)
fn same_ids_where_the_points_meet(
    m: &Manifold<Vec3>,
    n: &Manifold<Vec3>,
    reach: f32,
) -> Result<usize, String> {
    let mut met = 0;
    for p in m.points() {
        let nearest = n.points().iter().min_by(|x, y| {
            (x.point - p.point)
                .length()
                .total_cmp(&(y.point - p.point).length())
        });
        if let Some(q) = nearest.filter(|q| (q.point - p.point).length() <= reach) {
            met += 1;
            if p.id != q.id {
                return Err(format!("{} against {} at {:?}", p.id, q.id, p.point));
            }
        }
    }
    Ok(met)
}

/// Box B resting on A (smaller, equal or larger across, turned about z by any angle, tilted by up
/// to 1e-4 rad, anywhere over A's face): the manifold with the reference face on A and the one
/// with it on B name every point they share by the same pair of features (Box3D's `b3FlipPair`).
fn resting_on_top() -> impl Strategy<Value = (Obb3, Obb3)> {
    (
        prop::array::uniform3(0.2f32..1.0),
        prop::array::uniform3(0.2f32..1.0),
        -3.2f32..3.2,
        prop::array::uniform3(-1.0f32..1.0),
        -1e-4f32..1e-4,
        prop::array::uniform2(-0.8f32..0.8),
        0.0f32..0.02,
        prop::bool::ANY,
    )
        .prop_map(|(ea, eb, yaw, tilt_axis, tilt, at, depth, equal)| {
            let ea = Vec3::from(ea);
            let eb = if equal { ea } else { Vec3::from(eb) };
            let yaw = if equal { 0.0 } else { yaw };
            let tilt = Quat::from_axis_angle(
                Vec3::from(tilt_axis).try_normalize().unwrap_or(Vec3::X),
                tilt,
            );
            let at = if equal {
                Vec2::ZERO
            } else {
                Vec2::from(at) * ea.truncate()
            };
            let a = obb3(Vec3::ZERO, ea, Quat::IDENTITY);
            let b = obb3(
                at.extend(ea.z + eb.z - depth),
                eb,
                tilt * Quat::from_rotation_z(yaw),
            );
            (a, b)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn a_box_on_a_box_names_its_points_alike_with_the_reference_face_on_a_or_on_b(
        (a, b) in resting_on_top()
    ) {
        let p = ManifoldParams::default();
        let on_a = dim3::manifold_with(&a, &b, &p.with_feature(FeatureChoice::FaceA));
        let on_b = dim3::manifold_with(&a, &b, &p.with_feature(FeatureChoice::FaceB));
        let (Some(on_a), Some(on_b)) = (on_a, on_b) else {
            return Err(TestCaseError::fail("a resting pair without a manifold"));
        };
        prop_assert_eq!(Construction::of(on_a.kind()), Construction::FaceA);
        prop_assert_eq!(Construction::of(on_b.kind()), Construction::FaceB);
        let reach = 1e-3;
        same_ids_where_the_points_meet(&on_a, &on_b, reach).map_err(TestCaseError::fail)?;
    }
}

/// Boxes of equal width, B set off sideways on A, rocked back and forth across the tie between
/// A's top face and B's bottom face (A turned by −θ and B by +θ about a horizontal axis across the
/// offset, θ swinging through zero by 2e-4 rad; to first order the two faces' gaps differ by the
/// offset times 2θ): the reference face flips between A and B, and every point that stays within
/// 1e-3 of a point of the frame before keeps its id, on every frame.
#[test]
fn boxes_rocked_across_the_a_b_reference_face_tie_keep_their_ids_on_every_frame() {
    let pairs = [
        (
            Vec3::splat(0.5),
            Vec3::splat(0.5),
            Vec3::new(0.3, 0.0, 0.99),
            Vec3::Y,
        ),
        (
            Vec3::new(0.5, 0.5, 0.3),
            Vec3::new(0.5, 0.5, 0.2),
            Vec3::new(0.3, 0.2, 0.495),
            Vec3::new(-0.2, 1.0, 0.0).normalize(),
        ),
    ];
    for (n, (ea, eb, cb, axis)) in pairs.into_iter().enumerate() {
        let mut constructions = std::collections::HashSet::new();
        let mut before: Option<Manifold<Vec3>> = None;
        for frame in 0..200 {
            let theta = 2e-4 * (frame as f32 * 0.3).sin();
            let a = obb3(Vec3::ZERO, ea, Quat::from_axis_angle(axis, -theta));
            let b = obb3(cb, eb, Quat::from_axis_angle(axis, theta));
            let now = dim3::manifold(&a, &b);
            let m = now.as_ref().expect("resting pairs meet");
            constructions.insert(Construction::of(m.kind()));
            if let Some(prev) = &before {
                let (kept, stayed) = ids_of_points_that_stay(Some(prev), Some(m), 1e-3);
                assert_eq!(kept, stayed, "pair {n} frame {frame}: {prev:?} then {m:?}");
            }
            before = now;
        }
        assert!(
            constructions.contains(&Construction::FaceA)
                && constructions.contains(&Construction::FaceB),
            "pair {n}: the rocking never crossed the tie ({constructions:?})"
        );
    }
}

/// The same in 2D, and through the lifecycle: rectangles of equal width, B set off sideways,
/// rocked across the tie between A's top side and B's bottom side lose no point by id.
#[test]
fn rectangles_rocked_across_the_a_b_reference_side_tie_lose_no_point() {
    let mut before: Option<(Obb2, Obb2, Manifold<Vec2>)> = None;
    let mut constructions = std::collections::HashSet::new();
    for frame in 0..200 {
        let theta = 2e-4 * (frame as f32 * 0.3).sin();
        let a = obb2(Vec2::ZERO, Vec2::new(0.5, 0.5), -theta);
        let b = obb2(Vec2::new(0.3, 0.745), Vec2::new(0.5, 0.25), theta);
        let m = dim2::manifold(&a, &b).expect("resting rectangles meet");
        constructions.insert(Construction::of(m.kind()));
        if let Some((a0, b0, m0)) = &before {
            let l = since(a0, b0, Some(m0), (&a, &b, Some(&m)));
            assert_eq!((l.new, l.lost), (0, 0), "frame {frame}: {l:?}");
        }
        before = Some((a, b, m));
    }
    assert_eq!(constructions.len(), 2, "{constructions:?}");
}

// The lifecycle between two frames, on pairs whose answer is known
// ---------------------------------------------------------------------------------------------

/// A unit cube.
fn cube(center: Vec3, rotation: Quat) -> Obb3 {
    Obb3 {
        center,
        half_extents: Vec3::splat(0.5),
        rotation,
    }
}

#[test]
fn a_box_lifted_clear_loses_every_point_and_one_set_back_finds_them_new() {
    let a = cube(Vec3::ZERO, Quat::IDENTITY);
    let on = cube(Vec3::new(0.1, 0.2, 0.99), Quat::IDENTITY);
    let off = cube(Vec3::new(0.1, 0.2, 1.5), Quat::IDENTITY);
    let (m_on, m_off) = (dim3::manifold(&a, &on), dim3::manifold(&a, &off));
    let lifted = since(&a, &on, m_on.as_ref(), (&a, &off, m_off.as_ref()));
    assert_eq!((lifted.previous, lifted.lost, lifted.current), (4, 4, 0));
    assert!(!lifted.flipped() && lifted.warm_start_by_id() == Some(0.0));
    let back = since(&a, &off, m_off.as_ref(), (&a, &on, m_on.as_ref()));
    assert_eq!((back.new, back.lost, back.persisted_by_position), (4, 0, 0));
    assert_eq!(back.warm_start_by_id(), None);
}

#[test]
fn a_stack_carried_sideways_keeps_its_points_by_id_and_by_position_with_drift_equal_to_the_move() {
    let a = cube(Vec3::ZERO, Quat::IDENTITY);
    let b = cube(Vec3::new(0.1, 0.2, 0.99), Quat::IDENTITY);
    let step = Vec3::new(0.003, 0.0, 0.0);
    let (a2, b2) = (
        cube(a.center + step, a.rotation),
        cube(b.center + step, b.rotation),
    );
    let (m1, m2) = (dim3::manifold(&a, &b), dim3::manifold(&a2, &b2));
    let l = since(&a, &b, m1.as_ref(), (&a2, &b2, m2.as_ref()));
    assert_eq!(
        (l.persisted_by_id, l.persisted_by_position, l.new),
        (4, 4, 0)
    );
    assert!((l.drift - 0.003).abs() < 1e-5, "{}", l.drift);
    assert!((l.boxes_moved - 0.003).abs() < 1e-5, "{}", l.boxes_moved);
    assert!((l.drift_ratio().unwrap() - 1.0).abs() < 1e-2);
    let mut s = Summary::default();
    s.add(1, &l);
    assert_eq!(s.persistence_by_id(), Some(1.0));
    assert!(
        s.line().contains("persisted by id 100.0 % (4 of 4)"),
        "{}",
        s.line()
    );
}

#[test]
fn a_cube_tipped_onto_its_edge_keeps_two_ids_whose_points_jumped_half_a_side() {
    // a cube resting flat on a plate, then turned 45° about x onto its bottom edge: B's
    // corners 0 and 1 touch in both frames, but half a side apart
    let a = Obb3 {
        center: Vec3::ZERO,
        half_extents: Vec3::new(2.0, 2.0, 0.5),
        rotation: Quat::IDENTITY,
    };
    let flat = cube(Vec3::new(0.0, 0.0, 0.99), Quat::IDENTITY);
    let tipped = cube(
        Vec3::new(0.0, 0.0, 0.5 + 0.5 * 2f32.sqrt() - 0.01),
        Quat::from_rotation_x(std::f32::consts::FRAC_PI_4),
    );
    let (m1, m2) = (dim3::manifold(&a, &flat), dim3::manifold(&a, &tipped));
    let l = since(&a, &flat, m1.as_ref(), (&a, &tipped, m2.as_ref()));
    assert_eq!(
        (l.from, l.to),
        (Some(Construction::FaceA), Some(Construction::FaceA))
    );
    assert!(!l.flipped());
    assert_eq!((l.current, l.persisted_by_id, l.new, l.lost), (2, 2, 0, 2));
    assert_eq!(l.persisted_by_position, 0);
    assert!((l.drift - 0.5).abs() < 0.01, "{}", l.drift);
}

/// On 3000 random pairs under each feature a person can force, the fast manifold and the f64
/// reference build the same axis, normal, points and ids (or the reference was within rounding of
/// another choice).
#[test]
fn a_forced_feature_builds_what_the_f64_reference_builds_on_that_feature() {
    use satbox::sat::reference::{self, ManifoldAgreement};
    let mut rng = Rng(3);
    let mut count = [0usize; 3];
    for _ in 0..3000 {
        let (a, b) = (rng.obb3(), rng.obb3());
        for choice in FeatureChoice::CHOICES {
            let p = ManifoldParams::default().with_feature(choice);
            let fast = dim3::manifold_with(&a, &b, &p);
            // a forced face is always built on a face of that box
            if let Some(m) = &fast {
                let built = Construction::of(m.kind());
                match choice {
                    FeatureChoice::FaceA => assert_eq!(built, Construction::FaceA),
                    FeatureChoice::FaceB => assert_eq!(built, Construction::FaceB),
                    _ => {}
                }
            }
            let tol = 1e-4 * (1.0 + common::scale3(&a, &b));
            match reference::compare_manifolds(
                fast.as_ref(),
                reference::manifold3(&a, &b, &p).as_ref(),
                p.margin,
                tol,
            ) {
                ManifoldAgreement::Agree => count[0] += 1,
                ManifoldAgreement::NearTie => count[1] += 1,
                ManifoldAgreement::Disagree(what) => {
                    count[2] += 1;
                    eprintln!("{choice:?}: {what}\n  {a:?}\n  {b:?}");
                }
            }
        }
    }
    println!("forced features, agree/near-tie/disagree: {count:?}");
    assert_eq!(count[2], 0);
    assert!(count[1] * 50 < count[0], "{count:?}");
}

// The simulated axis cache (Box3D's b3SATCache)
// ---------------------------------------------------------------------------------------------

/// The axis cache between two frames of boxes `a0`, `b0` then `a1`, `b1`.
fn cache_between(
    (a0, b0): (&Obb3, &Obb3),
    (a1, b1): (&Obb3, &Obb3),
) -> Option<satbox::sat::lifecycle::CacheCheck> {
    let p = ManifoldParams::default();
    let (m0, m1) = (
        dim3::manifold_with(a0, b0, &p),
        dim3::manifold_with(a1, b1, &p),
    );
    satbox::sat::lifecycle::axis_cache(m0.as_ref(), a1, b1, m1.as_ref(), &p)
}

#[test]
fn a_resting_stack_under_1e_4_rad_noise_reuses_its_cached_axis_with_the_fresh_points() {
    let mut rng = Rng(5);
    let pose = |rng: &mut Rng| {
        (
            obb3(Vec3::ZERO, Vec3::new(1.0, 1.0, 0.5), noise(rng, 1e-4)),
            obb3(
                Vec3::new(0.2, -0.1, 0.745),
                Vec3::new(0.3, 0.2, 0.25),
                noise(rng, 1e-4),
            ),
        )
    };
    let mut before = pose(&mut rng);
    for frame in 1..100 {
        let now = pose(&mut rng);
        let c = cache_between((&before.0, &before.1), (&now.0, &now.1)).unwrap();
        assert!(c.valid && c.same_axis, "frame {frame}: {c:?}");
        assert!(c.distance < 1e-5, "frame {frame}: {c:?}");
        before = now;
    }
}

#[test]
fn a_box_pressed_in_by_more_than_the_slop_or_lifted_clear_invalidates_the_cache() {
    let a = obb3(Vec3::ZERO, Vec3::new(1.0, 1.0, 0.5), Quat::IDENTITY);
    let on = obb3(
        Vec3::new(0.0, 0.0, 0.745),
        Vec3::splat(0.25),
        Quat::IDENTITY,
    );
    // 0.01 deeper: the cached gap moved by twice the slop
    let deeper = obb3(
        Vec3::new(0.0, 0.0, 0.735),
        Vec3::splat(0.25),
        Quat::IDENTITY,
    );
    let c = cache_between((&a, &on), (&a, &deeper)).unwrap();
    assert!(!c.valid && c.same_axis, "{c:?}");
    assert!((c.gap_now - c.cached_gap + 0.01).abs() < 1e-5, "{c:?}");
    // nothing cached without a manifold before
    let off = obb3(Vec3::new(0.0, 0.0, 1.5), Vec3::splat(0.25), Quat::IDENTITY);
    assert!(cache_between((&a, &off), (&a, &on)).is_none());
    // lifted clear: the cached axis gives no contact, and neither manifold has points
    let c = cache_between((&a, &on), (&a, &off)).unwrap();
    assert!(
        !c.valid && !c.same_axis && c.gap_now == f32::NEG_INFINITY,
        "{c:?}"
    );
    assert_eq!(c.distance, 0.0);
}
