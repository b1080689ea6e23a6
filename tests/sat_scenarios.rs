//! Named geometric scenarios for the separating-axis test: one pair per test, built so that the
//! answer is known by hand (which axis separates first, which axes are degenerate, the depth).
//!
//! Conventions (docs/architecture.md, *Axes, in test order*): 3D axes are `0..3` = A.u0..u2,
//! `3..6` = B.u0..u2 and `6 + 3i + j` = A.u_i × B.u_j; 2D axes are `0, 1` = A.u0, u1 and
//! `2, 3` = B.u0, u1.

mod common;

use std::f32::consts::{FRAC_1_SQRT_2, FRAC_PI_2, FRAC_PI_4, SQRT_2};

use common::{cube, cycled, frame, obb2, obb3};
use glam::{EulerRot, Quat, Vec2, Vec3};
use satbox::sat::{dim2, dim3, reference, Obb2, Obb3, Report2, Report3, DEGENERATE_THRESHOLD};

fn ref3(a: &Obb3, b: &Obb3) -> reference::ReferenceReport {
    reference::report3(a, b, DEGENERATE_THRESHOLD as f64)
}

fn degenerate_indices(r: &Report3) -> Vec<usize> {
    r.axes
        .iter()
        .filter(|a| a.degenerate())
        .map(|a| a.index())
        .collect()
}

/// Axis `k` is the first separating axis: every earlier axis overlaps by a clear margin, the fast
/// test says "separated" and the f64 reference names the same axis.
fn assert_first_separating3(a: &Obb3, b: &Obb3, k: usize) -> Report3 {
    let r = dim3::report(a, b);
    for ax in &r.axes[..k] {
        assert!(
            ax.gap() < -0.01,
            "axis {} ({}) should overlap clearly before axis {k}, gap {}",
            ax.index(),
            ax.kind().label(),
            ax.gap()
        );
    }
    assert_eq!(r.first_separating, Some(k), "{}", r.verdict());
    assert!(r.axes[k].gap() > 0.0 && r.axes[k].is_separating());
    assert!(!r.intersect);
    assert!(r.penetration.is_none());
    assert!(!dim3::intersects(a, b), "the fast test must agree");
    let reference = ref3(a, b);
    assert_eq!(reference.first_separating, Some(k));
    assert!(!reference.intersect);
    assert!((reference.axes[k].gap - r.axes[k].gap() as f64).abs() < 1e-5);
    r
}

fn assert_first_separating2(a: &Obb2, b: &Obb2, k: usize) -> Report2 {
    let r = dim2::report(a, b);
    for ax in &r.axes[..k] {
        assert!(ax.gap() < -0.01, "axis {} gap {}", ax.index(), ax.gap());
    }
    assert_eq!(r.first_separating, Some(k), "{}", r.verdict());
    assert!(!r.intersect);
    assert!(!dim2::intersects(a, b), "the fast test must agree");
    let reference = reference::report2(a, b);
    assert_eq!(reference.first_separating, Some(k));
    assert!((reference.axes[k].gap - r.axes[k].gap() as f64).abs() < 1e-5);
    r
}

fn assert_close(x: f32, expected: f32, tol: f32) {
    assert!(
        (x - expected).abs() <= tol,
        "{x} differs from {expected} by more than {tol}"
    );
}

fn assert_vec_close(v: Vec3, expected: Vec3, tol: f32) {
    assert!(
        (v - expected).length() <= tol,
        "{v} differs from {expected} by more than {tol}"
    );
}

// ---------------------------------------------------------------------------------------------
// Face axes of A (0, 1, 2): B pushed out along A's own axis k.
// ---------------------------------------------------------------------------------------------

/// Two generic boxes, B placed beyond A along A.u_k with a clear gap of 0.25 on that axis.
fn beyond_a_along_its_axis(k: usize) -> (Obb3, Obb3) {
    let a = obb3(
        Vec3::new(0.5, -0.25, 1.0),
        Vec3::new(1.0, 2.0, 0.75),
        Quat::from_euler(EulerRot::XYZ, 0.3, -0.5, 0.7),
    );
    let mut b = obb3(
        Vec3::ZERO,
        Vec3::new(0.5, 1.0, 1.5),
        Quat::from_euler(EulerRot::XYZ, 0.9, 0.2, -0.4),
    );
    let u = a.axes()[k];
    let distance = a.half_extents[k] + b.projected_radius(u) + 0.25;
    b.center = a.center + u * distance;
    (a, b)
}

#[test]
fn b_beyond_a_along_a_u0_is_separated_first_by_axis_0() {
    // B slides out along A's x axis: the other A axes see a centre distance of 0.
    let (a, b) = beyond_a_along_its_axis(0);
    let r = assert_first_separating3(&a, &b, 0);
    assert_close(r.axes[0].gap(), 0.25, 1e-5);
}

#[test]
fn b_beyond_a_along_a_u1_is_separated_first_by_axis_1() {
    // B slides out along A's y axis; A.u0 sees no offset and overlaps.
    let (a, b) = beyond_a_along_its_axis(1);
    let r = assert_first_separating3(&a, &b, 1);
    assert_close(r.axes[1].gap(), 0.25, 1e-5);
}

#[test]
fn b_beyond_a_along_a_u2_is_separated_first_by_axis_2() {
    // B slides out along A's z axis; A.u0 and A.u1 see no offset and overlap.
    let (a, b) = beyond_a_along_its_axis(2);
    let r = assert_first_separating3(&a, &b, 2);
    assert_close(r.axes[2].gap(), 0.25, 1e-5);
}

// ---------------------------------------------------------------------------------------------
// Face axes of B (3, 4, 5): a unit cube turned 45° about z at (2, 2, 0), next to an axis-aligned
// unit cube. On A's x and y it overlaps (distance 2 < 1 + √2); on its own diagonal face normal
// (1, 1, 0)/√2 the distance is 2√2 > √2 + 1, a gap of √2 − 1 ≈ 0.414.
// ---------------------------------------------------------------------------------------------

/// The turned cube with its diagonal face normal relabelled as B.u_j (a cyclic relabelling keeps
/// the frame a rotation).
fn diagonal_cube_at_2_2_0(j: usize) -> (Obb3, Obb3) {
    let diagonal = Vec3::new(FRAC_1_SQRT_2, FRAC_1_SQRT_2, 0.0);
    let anti = Vec3::new(-FRAC_1_SQRT_2, FRAC_1_SQRT_2, 0.0);
    let [u0, u1, u2] = cycled([diagonal, anti, Vec3::Z], j);
    let a = Obb3::default();
    let b = cube(Vec3::new(2.0, 2.0, 0.0), 1.0, frame(u0, u1, u2));
    assert_vec_close(b.axes()[j], diagonal, 1e-6);
    (a, b)
}

/// Index of the edge axis A.u2 × (anti-diagonal): z × (−1,1,0)/√2 = −(1,1,0)/√2. Because A and B
/// share the z axis, this edge axis *is* the diagonal face normal again and separates too.
fn z_cross_anti_diagonal_index(b: &Obb3) -> usize {
    let anti = Vec3::new(-FRAC_1_SQRT_2, FRAC_1_SQRT_2, 0.0);
    let j = (0..3).find(|&j| b.axes()[j].dot(anti) > 0.999).unwrap();
    6 + 3 * 2 + j
}

fn assert_diagonal_cube_separates_on(j: usize) {
    let (a, b) = diagonal_cube_at_2_2_0(j);
    let r = assert_first_separating3(&a, &b, 3 + j);
    assert_close(r.axes[3 + j].gap(), SQRT_2 - 1.0, 1e-5);
    let twin = z_cross_anti_diagonal_index(&b);
    assert_eq!(r.separating_axes().collect::<Vec<_>>(), vec![3 + j, twin]);
    assert_close(r.axes[twin].gap(), r.axes[3 + j].gap(), 1e-6);
}

#[test]
fn b_rotated_45_about_z_at_2_2_0_is_separated_first_by_its_diagonal_u0() {
    // B = Rz(45°): B.u0 is the diagonal (1,1,0)/√2 and separates; everything before overlaps.
    // Only the edge axis A.u2 × B.u1 (13), the same diagonal, separates besides it.
    let (_, b) = diagonal_cube_at_2_2_0(0);
    assert!((b.rotation.dot(Quat::from_rotation_z(FRAC_PI_4))).abs() > 1.0 - 1e-6);
    assert_eq!(z_cross_anti_diagonal_index(&b), 13);
    assert_diagonal_cube_separates_on(0);
}

#[test]
fn b_rotated_45_about_z_at_2_2_0_is_separated_first_by_its_diagonal_u1() {
    // The same cube with local axes (z, diagonal, anti-diagonal): the diagonal is now B.u1.
    assert_diagonal_cube_separates_on(1);
}

#[test]
fn b_rotated_45_about_z_at_2_2_0_is_separated_first_by_its_diagonal_u2() {
    // The same cube with local axes (anti-diagonal, z, diagonal): the diagonal is now B.u2.
    assert_diagonal_cube_separates_on(2);
}

// ---------------------------------------------------------------------------------------------
// Edge axes (6..15): two crossing edges. A is the axis-aligned cube of half extent 1; its edge
// along x at (y, z) = (1, 1) has the outward bisector d = (0, 1, 1)/√2. B is a cube of half extent
// h = 0.5 whose edge along e = (0, 1, −1)/√2 crosses over A's edge at p = (0, 1, 1) + g·d: B's
// face normals at that edge are ±(x ± d)/√2, so its centre is p + h√2·d. The plane through both
// edges has the normal x × e = d, and on d the shadows are g apart; every other axis overlaps by at
// least 0.318. A's frame is relabelled so that x is A.u_i, B's so that e is B.u_j.
// ---------------------------------------------------------------------------------------------

const EDGE_GAP: f32 = 0.05;

fn crossing_edges(i: usize, j: usize, g: f32) -> (Obb3, Obb3) {
    let s = FRAC_1_SQRT_2;
    let d = Vec3::new(0.0, s, s);
    let e = Vec3::new(0.0, s, -s);
    let n1 = (Vec3::X + d) * s;
    let n2 = (Vec3::X - d) * s;
    let [a0, a1, a2] = cycled([Vec3::X, Vec3::Y, Vec3::Z], i);
    let [b0, b1, b2] = cycled([e, n1, n2], j);
    let a = cube(Vec3::ZERO, 1.0, frame(a0, a1, a2));
    let h = 0.5;
    let p = Vec3::new(0.0, 1.0, 1.0) + d * g;
    let b = cube(p + d * (h * SQRT_2), h, frame(b0, b1, b2));
    assert_vec_close(a.axes()[i], Vec3::X, 1e-6);
    assert_vec_close(b.axes()[j], e, 1e-6);
    (a, b)
}

fn assert_crossing_edges_separate_on(i: usize, j: usize) {
    let (a, b) = crossing_edges(i, j, EDGE_GAP);
    let k = 6 + 3 * i + j;
    let r = assert_first_separating3(&a, &b, k);
    assert_close(r.axes[k].gap(), EDGE_GAP, 1e-5);
    // the separating plane's normal is the bisector d (up to sign)
    let d = Vec3::new(0.0, FRAC_1_SQRT_2, FRAC_1_SQRT_2);
    assert_close(r.axes[k].axis().dot(d).abs(), 1.0, 1e-6);
    // it is the only separating axis: no face or other edge pair sees the gap
    assert_eq!(r.separating_axes().collect::<Vec<_>>(), vec![k]);
    assert!(r.axes.iter().all(|ax| !ax.degenerate()));
}

#[test]
fn edge_of_a_along_u0_crossing_edge_of_b_along_u0_is_separated_only_by_axis_6() {
    // A's x edge passes 0.05 under B's (0,1,−1) edge; x = A.u0, e = B.u0.
    assert_crossing_edges_separate_on(0, 0);
}

#[test]
fn edge_of_a_along_u0_crossing_edge_of_b_along_u1_is_separated_only_by_axis_7() {
    // Crossing edges with x = A.u0, e = B.u1.
    assert_crossing_edges_separate_on(0, 1);
}

#[test]
fn edge_of_a_along_u0_crossing_edge_of_b_along_u2_is_separated_only_by_axis_8() {
    // Crossing edges with x = A.u0, e = B.u2.
    assert_crossing_edges_separate_on(0, 2);
}

#[test]
fn edge_of_a_along_u1_crossing_edge_of_b_along_u0_is_separated_only_by_axis_9() {
    // Crossing edges with x = A.u1, e = B.u0.
    assert_crossing_edges_separate_on(1, 0);
}

#[test]
fn edge_of_a_along_u1_crossing_edge_of_b_along_u1_is_separated_only_by_axis_10() {
    // Crossing edges with x = A.u1, e = B.u1.
    assert_crossing_edges_separate_on(1, 1);
}

#[test]
fn edge_of_a_along_u1_crossing_edge_of_b_along_u2_is_separated_only_by_axis_11() {
    // Crossing edges with x = A.u1, e = B.u2.
    assert_crossing_edges_separate_on(1, 2);
}

#[test]
fn edge_of_a_along_u2_crossing_edge_of_b_along_u0_is_separated_only_by_axis_12() {
    // Crossing edges with x = A.u2, e = B.u0.
    assert_crossing_edges_separate_on(2, 0);
}

#[test]
fn edge_of_a_along_u2_crossing_edge_of_b_along_u1_is_separated_only_by_axis_13() {
    // Crossing edges with x = A.u2, e = B.u1.
    assert_crossing_edges_separate_on(2, 1);
}

#[test]
fn edge_of_a_along_u2_crossing_edge_of_b_along_u2_is_separated_only_by_axis_14() {
    // Crossing edges with x = A.u2, e = B.u2.
    assert_crossing_edges_separate_on(2, 2);
}

#[test]
fn crossing_edges_pressed_0_05_into_each_other_have_their_edge_axis_as_least_penetration() {
    // The same crossing edges with g = −0.05: they dig 0.05 into each other, every face axis
    // overlaps by at least 0.27, so the true depth is along the edge axis, from A towards B (+d).
    let d = Vec3::new(0.0, FRAC_1_SQRT_2, FRAC_1_SQRT_2);
    for i in 0..3 {
        for j in 0..3 {
            let (a, b) = crossing_edges(i, j, -EDGE_GAP);
            let r = dim3::report(&a, &b);
            assert!(r.intersect && dim3::intersects(&a, &b));
            let p = r.penetration.unwrap();
            assert_eq!(p.axis_index, 6 + 3 * i + j);
            assert_close(p.depth, EDGE_GAP, 1e-5);
            assert_vec_close(p.normal, d, 1e-5);
            let reference = ref3(&a, &b);
            assert_eq!(reference.min_axis, Some(6 + 3 * i + j));
            assert!((reference.depth.unwrap() - EDGE_GAP as f64).abs() < 1e-6);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 2D: the 4 axes.
// ---------------------------------------------------------------------------------------------

fn beyond_a_along_its_axis_2d(k: usize) -> (Obb2, Obb2) {
    let a = obb2(Vec2::new(0.5, -0.25), Vec2::new(1.5, 0.5), 0.3);
    let mut b = obb2(Vec2::ZERO, Vec2::new(0.75, 1.25), -0.7);
    let u = a.axes()[k];
    b.center = a.center + u * (a.half_extents[k] + b.projected_radius(u) + 0.25);
    (a, b)
}

#[test]
fn rectangle_b_beyond_a_along_a_u0_is_separated_first_by_axis_0() {
    // B slides out along A's u0; the gap on that axis is 0.25.
    let (a, b) = beyond_a_along_its_axis_2d(0);
    let r = assert_first_separating2(&a, &b, 0);
    assert_close(r.axes[0].gap(), 0.25, 1e-5);
}

#[test]
fn rectangle_b_beyond_a_along_a_u1_is_separated_first_by_axis_1() {
    // B slides out along A's u1; A.u0 sees no offset and overlaps.
    let (a, b) = beyond_a_along_its_axis_2d(1);
    let r = assert_first_separating2(&a, &b, 1);
    assert_close(r.axes[1].gap(), 0.25, 1e-5);
}

#[test]
fn square_b_turned_45_at_2_2_is_separated_only_by_its_diagonal_u0() {
    // Angle 45°: B.u0 = (1,1)/√2, 2√2 > √2 + 1; A's x and y overlap (2 < 1 + √2).
    let a = Obb2::default();
    let b = obb2(Vec2::new(2.0, 2.0), Vec2::ONE, FRAC_PI_4);
    let r = assert_first_separating2(&a, &b, 2);
    assert_close(r.axes[2].gap(), SQRT_2 - 1.0, 1e-5);
    assert_eq!(r.separating_axes().collect::<Vec<_>>(), vec![2]);
}

#[test]
fn square_b_turned_minus_45_at_2_2_is_separated_only_by_its_diagonal_u1() {
    // Angle −45°: B.u0 = (1,−1)/√2 is perpendicular to the offset, B.u1 = (1,1)/√2 separates.
    let a = Obb2::default();
    let b = obb2(Vec2::new(2.0, 2.0), Vec2::ONE, -FRAC_PI_4);
    let r = assert_first_separating2(&a, &b, 3);
    assert_close(r.axes[3].gap(), SQRT_2 - 1.0, 1e-5);
    assert_eq!(r.separating_axes().collect::<Vec<_>>(), vec![3]);
}

// ---------------------------------------------------------------------------------------------
// Degenerate edge axes: what parallel edges really give.
// ---------------------------------------------------------------------------------------------

#[test]
fn aligned_boxes_have_only_the_three_parallel_pairs_6_10_14_degenerate() {
    // Aligned boxes: A.u_i ∥ B.u_i, so u0×u0, u1×u1, u2×u2 vanish (indices 6, 10, 14) and nothing
    // else does; the same holds for two boxes sharing any rotation.
    let shared = Quat::from_euler(EulerRot::ZYX, 0.4, -1.1, 2.0);
    for rotation in [Quat::IDENTITY, shared] {
        let a = obb3(Vec3::ZERO, Vec3::new(1.0, 2.0, 3.0), rotation);
        for offset in [Vec3::new(1.0, 0.5, -0.25), Vec3::new(4.0, 0.0, 0.0)] {
            let b = obb3(rotation * offset, Vec3::new(0.5, 0.25, 1.0), rotation);
            let r = dim3::report(&a, &b);
            assert_eq!(degenerate_indices(&r), vec![6, 10, 14]);
            for k in [6, 10, 14] {
                let ax = &r.axes[k];
                assert_eq!(ax.axis(), Vec3::ZERO);
                assert_eq!(
                    (ax.ra(), ax.rb(), ax.distance(), ax.gap()),
                    (0.0, 0.0, 0.0, 0.0)
                );
                assert!(!ax.is_separating());
            }
            let reference = ref3(&a, &b);
            let ref_degenerate: Vec<usize> =
                (0..15).filter(|&k| reference.axes[k].degenerate).collect();
            assert_eq!(ref_degenerate, vec![6, 10, 14]);
            assert_eq!(r.intersect, dim3::intersects(&a, &b));
            assert_eq!(r.first_separating, reference.first_separating);
        }
    }
}

#[test]
fn aligned_boxes_other_six_edge_axes_are_face_normals_with_the_same_gaps() {
    // For i ≠ j, A.u_i × B.u_j = ±e_k with k the third index (x × y = z, ...): the six
    // non-degenerate edge axes repeat A's face axes and their gaps, adding nothing new.
    let a = obb3(Vec3::ZERO, Vec3::new(1.0, 2.0, 3.0), Quat::IDENTITY);
    let b = obb3(
        Vec3::new(1.0, 0.5, -0.25),
        Vec3::new(0.5, 0.25, 1.0),
        Quat::IDENTITY,
    );
    let r = dim3::report(&a, &b);
    let unit = [Vec3::X, Vec3::Y, Vec3::Z];
    for i in 0..3 {
        for j in (0..3).filter(|&j| j != i) {
            let k = 3 - i - j;
            let edge = &r.axes[6 + 3 * i + j];
            assert!(!edge.degenerate());
            assert_eq!(edge.axis().abs(), unit[k], "A.u{i} × B.u{j}");
            assert_eq!(
                edge.gap(),
                r.axes[k].gap(),
                "A.u{i} × B.u{j} repeats face {k}"
            );
        }
    }
}

#[test]
fn boxes_rotated_about_z_by_20_and_65_degrees_have_only_axis_14_degenerate() {
    // Sharing the rotation axis z makes only A.u2 × B.u2 vanish; the other 8 edge axes are still
    // parallel to face normals (z × B.u0 = B.u1, A.u0 × B.u0 = z·sin 45°, ...), so the pair is
    // really a 2D problem plus the z slab.
    let a = obb3(
        Vec3::ZERO,
        Vec3::new(1.0, 0.5, 1.0),
        Quat::from_rotation_z(20f32.to_radians()),
    );
    let b = obb3(
        Vec3::new(1.5, 0.25, 0.5),
        Vec3::new(0.75, 0.5, 0.25),
        Quat::from_rotation_z(65f32.to_radians()),
    );
    let r = dim3::report(&a, &b);
    assert_eq!(degenerate_indices(&r), vec![14]);
    for edge in r.axes[6..].iter().filter(|ax| !ax.degenerate()) {
        let twin = r.axes[..6]
            .iter()
            .find(|face| face.axis().dot(edge.axis()).abs() > 1.0 - 1e-6)
            .unwrap_or_else(|| panic!("{} is parallel to a face axis", edge.kind().label()));
        assert_close(edge.gap(), twin.gap(), 1e-5);
    }
    let reference = ref3(&a, &b);
    assert!(reference.axes[14].degenerate);
    assert_eq!(reference.axes.iter().filter(|ax| ax.degenerate).count(), 1);
}

#[test]
fn boxes_a_quarter_turn_apart_about_z_have_axes_7_9_14_degenerate() {
    // Rz(30°) against Rz(120°): A.u0 ∥ B.u1 and A.u1 ∥ B.u0 as well as A.u2 ∥ B.u2, so
    // u0×u1 (7), u1×u0 (9) and u2×u2 (14) vanish: |cos 90°| computed in f32 is ~1e-8.
    let a = obb3(
        Vec3::ZERO,
        Vec3::new(1.0, 0.5, 1.0),
        Quat::from_rotation_z(30f32.to_radians()),
    );
    let b = obb3(
        Vec3::new(0.5, 2.0, 0.0),
        Vec3::new(0.75, 0.5, 0.25),
        Quat::from_rotation_z(120f32.to_radians()),
    );
    let r = dim3::report(&a, &b);
    assert_eq!(degenerate_indices(&r), vec![7, 9, 14]);
    let reference = ref3(&a, &b);
    let ref_degenerate: Vec<usize> = (0..15).filter(|&k| reference.axes[k].degenerate).collect();
    assert_eq!(ref_degenerate, vec![7, 9, 14]);
    assert_eq!(r.intersect, dim3::intersects(&a, &b));
}

#[test]
fn a_quarter_turn_short_by_0_1_degree_is_not_degenerate_but_short_by_0_05_degree_is() {
    // |A.u0 × B.u1| = sin(shortfall): sin 0.1° = 1.75e-3 is above the 1e-3 threshold, sin 0.05°
    // = 8.7e-4 is below it. The threshold is ~0.057°, as DEGENERATE_THRESHOLD documents.
    let a = Obb3::default();
    for (shortfall_deg, expected) in [(0.1f32, vec![14]), (0.05, vec![7, 9, 14])] {
        let b = cube(
            Vec3::new(2.5, 0.0, 0.0),
            1.0,
            Quat::from_rotation_z((90.0 - shortfall_deg).to_radians()),
        );
        let r = dim3::report(&a, &b);
        assert_eq!(
            degenerate_indices(&r),
            expected,
            "short by {shortfall_deg}°"
        );
        let reference = ref3(&a, &b);
        let ref_degenerate: Vec<usize> =
            (0..15).filter(|&k| reference.axes[k].degenerate).collect();
        assert_eq!(ref_degenerate, expected);
        assert_eq!(r.first_separating, Some(0));
        assert!(!dim3::intersects(&a, &b));
    }
}

#[test]
fn concentric_aligned_cubes_never_pick_a_degenerate_axis_whose_gap_reads_0() {
    // Same centre, same orientation: every face overlaps by 2, while the three degenerate axes
    // (projections all 0) read gap 0. Were they allowed, "overlap 0" would win as the least.
    let a = Obb3::default();
    let b = Obb3::default();
    let r = dim3::report(&a, &b);
    for k in [6, 10, 14] {
        assert!(r.axes[k].degenerate());
        assert_eq!(r.axes[k].gap(), 0.0);
    }
    let p = r.penetration.unwrap();
    assert_eq!(p.axis_index, 0);
    assert_eq!(p.depth, 2.0);
    assert_eq!(p.normal, Vec3::X, "T·L = 0 orients the normal along +L");
    let reference = ref3(&a, &b);
    assert_eq!(reference.min_axis, Some(0));
    assert_eq!(reference.depth, Some(2.0));
}

#[test]
fn nearly_aligned_boxes_0_02_degrees_apart_flag_the_nearly_parallel_pairs_and_faces_decide() {
    // B is turned 0.02° about z (sin = 3.5e-4 < 1e-3): u0×u0 and u1×u1 are degenerate along with
    // u2×u2, and the face axis x still finds the 0.01 gap, in the report and the fast test alike.
    let a = Obb3::default();
    let b = cube(
        Vec3::new(2.01 + 1e-4, 0.0, 0.0),
        1.0,
        Quat::from_rotation_z(0.02f32.to_radians()),
    );
    let r = dim3::report(&a, &b);
    assert_eq!(degenerate_indices(&r), vec![6, 10, 14]);
    assert_eq!(r.first_separating, Some(0));
    assert!(!dim3::intersects(&a, &b));
    assert_eq!(ref3(&a, &b).first_separating, Some(0));
}

// ---------------------------------------------------------------------------------------------
// Touching, containment, flat boxes.
// ---------------------------------------------------------------------------------------------

#[test]
fn unit_cubes_with_centres_0_and_2_touch_face_to_face_and_intersect_at_depth_0() {
    // Faces x = 1 of both meet exactly (every number exact in binary): gap 0 counts as touching.
    let a = Obb3::default();
    let b = cube(Vec3::new(2.0, 0.0, 0.0), 1.0, Quat::IDENTITY);
    let r = dim3::report(&a, &b);
    assert_eq!(r.axes[0].gap(), 0.0);
    assert!(r.intersect);
    assert_eq!(r.first_separating, None);
    let p = r.penetration.unwrap();
    assert_eq!((p.axis_index, p.depth, p.normal), (0, 0.0, Vec3::X));
    assert!(dim3::intersects(&a, &b));
    let reference = ref3(&a, &b);
    assert!(reference.intersect);
    assert_eq!(reference.depth, Some(0.0));
    assert_eq!(reference.min_axis, Some(0));
}

#[test]
fn unit_cubes_meeting_along_an_edge_and_at_a_corner_touch_at_depth_0() {
    // Centres (2,2,0): the cubes share the edge x = y = 1. Centres (2,2,2): they share one corner.
    let a = Obb3::default();
    for c in [Vec3::new(2.0, 2.0, 0.0), Vec3::new(2.0, -2.0, 2.0)] {
        let b = cube(c, 1.0, Quat::IDENTITY);
        let r = dim3::report(&a, &b);
        assert!(r.intersect, "{c}");
        assert_eq!(r.penetration.unwrap().depth, 0.0);
        assert!(dim3::intersects(&a, &b));
        assert_eq!(ref3(&a, &b).depth, Some(0.0));
    }
}

#[test]
fn unit_squares_with_centres_0_and_2_touch_edge_to_edge_and_intersect_at_depth_0() {
    // 2D: the sides x = 1 coincide.
    let a = Obb2::default();
    let b = obb2(Vec2::new(2.0, 0.0), Vec2::ONE, 0.0);
    let r = dim2::report(&a, &b);
    assert_eq!(r.axes[0].gap(), 0.0);
    assert!(r.intersect && dim2::intersects(&a, &b));
    let p = r.penetration.unwrap();
    assert_eq!((p.axis_index, p.depth, p.normal), (0, 0.0, Vec2::X));
    assert_eq!(reference::report2(&a, &b).depth, Some(0.0));
}

#[test]
fn small_cube_inside_a_big_box_has_depth_to_its_nearest_way_out() {
    // B (half 0.5) sits inside A (half 2) at (1, 0, 0.25): leaving through A's x = 2 face needs
    // 2 + 0.5 − 1 = 1.5, less than 2.25 (z) or 2.5 (y).
    let a = cube(Vec3::ZERO, 2.0, Quat::IDENTITY);
    let b = cube(Vec3::new(1.0, 0.0, 0.25), 0.5, Quat::IDENTITY);
    assert!(b.corners().iter().all(|c| a.contains_point(*c)));
    let r = dim3::report(&a, &b);
    assert!(r.intersect && dim3::intersects(&a, &b));
    let p = r.penetration.unwrap();
    assert_eq!((p.axis_index, p.depth, p.normal), (0, 1.5, Vec3::X));
    let reference = ref3(&a, &b);
    assert_eq!(reference.min_axis, Some(0));
    assert_eq!(reference.depth, Some(1.5));
}

#[test]
fn turned_small_cube_inside_a_big_box_has_depth_1_plus_half_root_2() {
    // The same inner cube turned 45° about z at (1, 0, 0) reaches 0.5·√2 along x, so the way out
    // through x = 2 is 2 + √2/2 − 1 ≈ 1.7071; its own diagonals need 2√2 + 0.5 − √2/2 ≈ 2.62.
    let a = cube(Vec3::ZERO, 2.0, Quat::IDENTITY);
    let b = cube(
        Vec3::new(1.0, 0.0, 0.0),
        0.5,
        Quat::from_rotation_z(FRAC_PI_4),
    );
    assert!(b.corners().iter().all(|c| a.contains_point(*c)));
    let r = dim3::report(&a, &b);
    let p = r.penetration.unwrap();
    assert_eq!(p.axis_index, 0);
    assert_close(p.depth, 1.0 + FRAC_1_SQRT_2, 1e-6);
    assert_vec_close(p.normal, Vec3::X, 1e-6);
    let reference = ref3(&a, &b);
    assert_eq!(reference.min_axis, Some(0));
    assert!((reference.depth.unwrap() - (1.0 + 0.5f64.sqrt())).abs() < 1e-6);
}

#[test]
fn flat_square_resting_on_top_of_a_cube_touches_it() {
    // B has half extents (1, 1, 0): a square at z = 1, exactly on A's top face.
    let a = Obb3::default();
    let b = obb3(
        Vec3::new(0.0, 0.0, 1.0),
        Vec3::new(1.0, 1.0, 0.0),
        Quat::IDENTITY,
    );
    let r = dim3::report(&a, &b);
    assert_eq!(r.axes[2].gap(), 0.0);
    assert!(r.intersect && dim3::intersects(&a, &b));
    let p = r.penetration.unwrap();
    assert_eq!((p.axis_index, p.depth, p.normal), (2, 0.0, Vec3::Z));
}

#[test]
fn flat_square_hovering_0_5_above_a_cube_is_separated_by_a_u2() {
    // The flat square at z = 1.5: on z the shadows are [−1, 1] and [1.5, 1.5].
    let a = Obb3::default();
    let b = obb3(
        Vec3::new(0.0, 0.0, 1.5),
        Vec3::new(1.0, 1.0, 0.0),
        Quat::IDENTITY,
    );
    let r = assert_first_separating3(&a, &b, 2);
    assert_eq!(r.axes[2].gap(), 0.5);
}

#[test]
fn flat_square_tilted_30_degrees_about_x_hovering_above_a_cube_is_separated_by_0_1() {
    // Tilted 30° about x its shadow on z has radius sin 30° = 0.5; centre at z = 1.6 leaves 0.1.
    let a = Obb3::default();
    let b = obb3(
        Vec3::new(0.0, 0.0, 1.6),
        Vec3::new(1.0, 1.0, 0.0),
        Quat::from_rotation_x(30f32.to_radians()),
    );
    let r = assert_first_separating3(&a, &b, 2);
    assert_close(r.axes[2].gap(), 0.1, 1e-6);
}

#[test]
fn large_flat_square_slicing_through_a_cube_at_height_0_25_has_depth_0_75() {
    // A flat 4×4 square through the cube at z = 0.25: the shortest way out is up, 1 − 0.25.
    let a = Obb3::default();
    let b = obb3(
        Vec3::new(0.0, 0.0, 0.25),
        Vec3::new(2.0, 2.0, 0.0),
        Quat::IDENTITY,
    );
    let r = dim3::report(&a, &b);
    let p = r.penetration.unwrap();
    assert_eq!((p.axis_index, p.depth, p.normal), (2, 0.75, Vec3::Z));
    assert!(dim3::intersects(&a, &b));
    assert_eq!(ref3(&a, &b).depth, Some(0.75));
}

#[test]
fn point_box_with_all_extents_zero_inside_a_cube_has_depth_to_the_nearest_face() {
    // B is a single point (0.5, 0.25, −0.125), turned or not: the nearest face is x = 1, 0.5 away.
    let a = Obb3::default();
    for rotation in [
        Quat::IDENTITY,
        Quat::from_euler(EulerRot::XYZ, 1.0, 2.0, 3.0),
    ] {
        let b = obb3(Vec3::new(0.5, 0.25, -0.125), Vec3::ZERO, rotation);
        let r = dim3::report(&a, &b);
        let p = r.penetration.unwrap();
        assert_eq!((p.axis_index, p.depth, p.normal), (0, 0.5, Vec3::X));
        assert!(dim3::intersects(&a, &b));
        assert_eq!(ref3(&a, &b).depth, Some(0.5));
    }
    let outside = obb3(Vec3::new(1.5, 0.0, 0.0), Vec3::ZERO, Quat::IDENTITY);
    assert_first_separating3(&a, &outside, 0);
}

#[test]
fn flat_segment_above_a_square_touches_at_height_1_and_is_separated_at_1_25() {
    // 2D: a segment of half length 1 (half height 0) lying on the square's top side, then lifted.
    let a = Obb2::default();
    let on_top = obb2(Vec2::new(0.5, 1.0), Vec2::new(1.0, 0.0), 0.0);
    let r = dim2::report(&a, &on_top);
    assert!(r.intersect && dim2::intersects(&a, &on_top));
    assert_eq!(r.penetration.unwrap().depth, 0.0);
    let lifted = obb2(Vec2::new(0.5, 1.25), Vec2::new(1.0, 0.0), 0.0);
    let r = assert_first_separating2(&a, &lifted, 1);
    assert_eq!(r.axes[1].gap(), 0.25);
}

// ---------------------------------------------------------------------------------------------
// Far from the origin.
// ---------------------------------------------------------------------------------------------

/// Near 10 000 an f32 is spaced 2⁻¹⁰ ≈ 0.001 apart, so the local offsets are multiples of 1/8:
/// both placements then describe exactly the same pair, and T = B.center − A.center is exact.
const FAR: Vec3 = Vec3::new(10_000.0, -10_000.0, 10_000.0);

fn assert_same_report_far_away(a: Obb3, b: Obb3) {
    let near = dim3::report(&a, &b);
    let (fa, fb) = (
        obb3(a.center + FAR, a.half_extents, a.rotation),
        obb3(b.center + FAR, b.half_extents, b.rotation),
    );
    assert_eq!(fb.center - fa.center, b.center - a.center, "T stays exact");
    let far = dim3::report(&fa, &fb);
    assert_eq!(far.intersect, near.intersect);
    assert_eq!(far.first_separating, near.first_separating);
    for (n, f) in near.axes.iter().zip(&far.axes) {
        assert_close(f.gap(), n.gap(), 1e-3);
        assert_close(
            f.interval_a().center() - FAR.dot(f.axis()),
            n.interval_a().center(),
            2e-3,
        );
    }
    match (near.penetration, far.penetration) {
        (Some(n), Some(f)) => {
            assert_eq!(f.axis_index, n.axis_index);
            assert_close(f.depth, n.depth, 1e-3);
        }
        (None, None) => {}
        other => panic!("penetration differs: {other:?}"),
    }
    assert_eq!(dim3::intersects(&fa, &fb), dim3::intersects(&a, &b));
    let reference = ref3(&fa, &fb);
    assert_eq!(reference.intersect, near.intersect);
    assert_eq!(reference.first_separating, near.first_separating);
}

#[test]
fn a_separated_turned_pair_10000_units_from_the_origin_keeps_its_verdict_and_gaps() {
    // Two generic boxes 0.1-ish apart, once near the origin and once at (1e4, −1e4, 1e4).
    let a = obb3(
        Vec3::new(0.25, -0.5, 0.125),
        Vec3::new(1.0, 0.5, 0.75),
        Quat::from_euler(EulerRot::XYZ, 0.3, -0.5, 0.7),
    );
    let b = obb3(
        Vec3::new(2.5, 1.25, -0.25),
        Vec3::new(0.5, 1.0, 0.25),
        Quat::from_euler(EulerRot::XYZ, 0.9, 0.2, -0.4),
    );
    assert!(!dim3::report(&a, &b).intersect);
    assert_same_report_far_away(a, b);
}

#[test]
fn an_intersecting_turned_pair_10000_units_from_the_origin_keeps_its_depth() {
    // The same boxes closer together, so that they intersect.
    let a = obb3(
        Vec3::new(0.25, -0.5, 0.125),
        Vec3::new(1.0, 0.5, 0.75),
        Quat::from_euler(EulerRot::XYZ, 0.3, -0.5, 0.7),
    );
    let b = obb3(
        Vec3::new(1.25, 0.5, -0.25),
        Vec3::new(0.5, 1.0, 0.25),
        Quat::from_euler(EulerRot::XYZ, 0.9, 0.2, -0.4),
    );
    assert!(dim3::report(&a, &b).intersect);
    assert_same_report_far_away(a, b);
}

#[test]
fn a_rectangle_pair_10000_units_from_the_origin_keeps_its_verdict_and_gaps() {
    // 2D: the same rectangles at the origin and at (1e4, −1e4).
    let far = Vec2::new(10_000.0, -10_000.0);
    let a = obb2(Vec2::new(0.25, 0.5), Vec2::new(1.0, 0.5), 0.3);
    let b = obb2(Vec2::new(1.5, 1.125), Vec2::new(0.75, 0.25), -1.1);
    let near = dim2::report(&a, &b);
    let (fa, fb) = (
        obb2(a.center + far, a.half_extents, a.angle),
        obb2(b.center + far, b.half_extents, b.angle),
    );
    let r = dim2::report(&fa, &fb);
    assert_eq!(r.intersect, near.intersect);
    assert_eq!(r.first_separating, near.first_separating);
    for (n, f) in near.axes.iter().zip(&r.axes) {
        assert_close(f.gap(), n.gap(), 1e-3);
    }
    assert_eq!(dim2::intersects(&fa, &fb), dim2::intersects(&a, &b));
    assert_eq!(reference::report2(&fa, &fb).intersect, near.intersect);
}

// ---------------------------------------------------------------------------------------------
// Least penetration.
// ---------------------------------------------------------------------------------------------

#[test]
fn cube_pushed_0_5_into_another_along_x_has_depth_0_5_along_plus_x() {
    // B at (1.5, 0.25, 0): overlaps 0.5 on x, 1.75 on y, 2 on z.
    let a = Obb3::default();
    let b = cube(Vec3::new(1.5, 0.25, 0.0), 1.0, Quat::IDENTITY);
    let r = dim3::report(&a, &b);
    let p = r.penetration.unwrap();
    assert_eq!((p.axis_index, p.depth, p.normal), (0, 0.5, Vec3::X));
    let reference = ref3(&a, &b);
    assert_eq!(reference.min_axis, Some(0));
    assert_eq!(reference.normal, Some(glam::DVec3::X));
    // the 15-axis table's response (docs/sources.md) splits the push: each box moves half the depth and they touch
    let moved_a = cube(a.center - p.normal * (p.depth / 2.0), 1.0, Quat::IDENTITY);
    let moved_b = cube(b.center + p.normal * (p.depth / 2.0), 1.0, Quat::IDENTITY);
    assert_eq!(
        dim3::report(&moved_a, &moved_b).penetration.unwrap().depth,
        0.0
    );
}

#[test]
fn cube_pushed_0_25_into_another_from_below_has_its_normal_along_minus_y() {
    // B at (0.125, −1.75, 0): the least overlap is 0.25 on y and B lies on A's −y side.
    let a = Obb3::default();
    let b = cube(Vec3::new(0.125, -1.75, 0.0), 1.0, Quat::IDENTITY);
    let p = dim3::report(&a, &b).penetration.unwrap();
    assert_eq!((p.axis_index, p.depth, p.normal), (1, 0.25, -Vec3::Y));
    assert_eq!(ref3(&a, &b).normal, Some(-glam::DVec3::Y));
}

#[test]
fn diamond_cube_poking_a_corner_into_a_slab_has_least_penetration_along_the_slabs_u1() {
    // A = unit cube turned 45° about z (a diamond reaching y = −√2); B = slab of half extents
    // (3, 1, 3) at y = −2.2, top face at −1.2: the corner goes √2 − 1.2 ≈ 0.214 deep, along B.u1
    // (index 4), from A towards B = −y. A's own faces overlap by ≈ 2.27.
    let a = cube(Vec3::ZERO, 1.0, Quat::from_rotation_z(FRAC_PI_4));
    let b = obb3(
        Vec3::new(0.0, -2.2, 0.0),
        Vec3::new(3.0, 1.0, 3.0),
        Quat::IDENTITY,
    );
    let r = dim3::report(&a, &b);
    let p = r.penetration.unwrap();
    assert_eq!(p.axis_index, 4);
    assert_close(p.depth, SQRT_2 - 1.2, 1e-6);
    assert_vec_close(p.normal, -Vec3::Y, 1e-6);
    let reference = ref3(&a, &b);
    assert_eq!(reference.min_axis, Some(4));
    assert!((reference.depth.unwrap() - (2f64.sqrt() - 1.2f32 as f64)).abs() < 1e-6);
}

#[test]
fn rectangles_overlapping_along_a_turned_u1_have_that_normal() {
    // 2D: A turned 90° (u1 = −x); B, turned 0.2 rad, sits 1.8 to A's −x side. On A.u1 the
    // overlap is 1 + (cos 0.2 + sin 0.2) − 1.8 ≈ 0.379, less than on B.u0 (≈ 0.465): the normal is
    // A.u1 = −x, pointing from A to B.
    let a = obb2(Vec2::ZERO, Vec2::ONE, FRAC_PI_2);
    let b = obb2(Vec2::new(-1.8, 0.25), Vec2::ONE, 0.2);
    let p = dim2::report(&a, &b).penetration.unwrap();
    assert_eq!(p.axis_index, 1);
    assert_close(p.depth, 1.0 + 0.2f32.cos() + 0.2f32.sin() - 1.8, 1e-6);
    assert!((p.normal - Vec2::new(-1.0, 0.0)).length() < 1e-6);
    assert_eq!(reference::report2(&a, &b).min_axis, Some(1));
}
