//! One named test per contact geometry: where the points are, how many, their separations and
//! ids, worked out by hand for boxes placed on purpose.

mod common;

use std::f32::consts::{FRAC_PI_4, SQRT_2};

use common::obb3;
use glam::{Quat, Vec2, Vec3};
use satbox::sat::manifold::{FaceBiasReason, Feature, Stage};
use satbox::sat::{dim2, dim3, AxisKind, ManifoldParams, Obb2, Obb3};

fn close(a: Vec3, b: Vec3) -> bool {
    (a - b).length() < 1e-5
}

/// The slab every 3D scene stands on: half extents (2, 0.25, 2), top face at y = 0.25.
fn slab() -> Obb3 {
    Obb3::axis_aligned(Vec3::ZERO, Vec3::new(2.0, 0.25, 2.0))
}

fn sorted(mut v: Vec<Vec3>) -> Vec<Vec3> {
    v.sort_by(|p, q| {
        (p.x, p.y, p.z)
            .partial_cmp(&(q.x, q.y, q.z))
            .expect("finite")
    });
    v
}

#[test]
fn a_cube_resting_flat_on_a_slab_has_four_points_at_depth_0_1() {
    // bottom face at y = 0.15, 0.1 below the slab's top
    let cube = Obb3::axis_aligned(Vec3::new(0.3, 0.65, -0.2), Vec3::splat(0.5));
    let m = dim3::manifold(&slab(), &cube).unwrap();
    assert_eq!(m.kind(), AxisKind::FaceA(1));
    assert_eq!(m.normal, Vec3::Y);
    assert_eq!(m.len(), 4);
    // the cube's bottom corners, moved up half the depth: midway between the two faces
    let points = sorted(m.points().iter().map(|p| p.point).collect());
    let expected = sorted(vec![
        Vec3::new(-0.2, 0.2, -0.7),
        Vec3::new(0.8, 0.2, -0.7),
        Vec3::new(-0.2, 0.2, 0.3),
        Vec3::new(0.8, 0.2, 0.3),
    ]);
    for (p, e) in points.iter().zip(&expected) {
        assert!(close(*p, *e), "{p} against {e}");
    }
    for p in m.points() {
        assert!((p.separation + 0.1).abs() < 1e-6);
        assert_eq!(p.id.a, Feature::face(3, 1, true), "on the slab's top face");
        assert_eq!(p.id.b.fixed, 0b111, "at a corner of the cube");
        assert_eq!(p.id.b.positive & 0b010, 0, "a bottom corner");
    }
    assert!(m
        .points()
        .iter()
        .any(|p| p.id.name() == "A face +u1 × B vertex 0 (−u0 −u1 −u2)"));
}

#[test]
fn swapping_the_slab_and_the_resting_cube_moves_no_point_and_flips_the_normal() {
    let cube = Obb3::axis_aligned(Vec3::new(0.3, 0.65, -0.2), Vec3::splat(0.5));
    let m = dim3::manifold(&slab(), &cube).unwrap();
    let s = dim3::manifold(&cube, &slab()).unwrap();
    // the cube's bottom and the slab's top are parallel and overlap equally: the tie goes to the
    // lower index, now the cube's face (A.u1); the normal runs from the cube down to the slab
    assert_eq!(s.kind(), AxisKind::FaceA(1));
    assert_eq!(s.normal, -Vec3::Y);
    // clipping the slab's top by the cube's sides gives the same corners with the same feature
    // pairs as clipping the cube's bottom by the slab's sides
    for p in m.points() {
        let q = s.points().iter().find(|q| q.id == p.id.swapped()).unwrap();
        assert!(close(p.point, q.point) && p.separation == q.separation);
    }
}

#[test]
fn a_cube_standing_on_one_corner_has_one_point_under_that_corner() {
    // the body diagonal from corner 0 points straight down; that corner is √3/2 below the centre
    let turn = Quat::from_rotation_arc(Vec3::NEG_ONE.normalize(), Vec3::NEG_Y);
    let reach = 3f32.sqrt() / 2.0;
    let cube = obb3(
        Vec3::new(0.4, 0.25 + reach - 0.1, 0.1),
        Vec3::splat(0.5),
        turn,
    );
    let m = dim3::manifold(&slab(), &cube).unwrap();
    assert_eq!((m.kind(), m.len()), (AxisKind::FaceA(1), 1));
    let p = m.points()[0];
    assert!(close(p.point, Vec3::new(0.4, 0.2, 0.1)), "{}", p.point);
    assert!((p.separation + 0.1).abs() < 1e-5);
    assert_eq!(p.id.b, Feature::vertex(3, 0));
}

#[test]
fn a_cube_turned_45_degrees_digs_one_edge_into_the_slab_giving_two_points_at_its_ends() {
    // turned about z: its lowest edge runs along z, √2/2 below the centre
    let cube = obb3(
        Vec3::new(-0.5, 0.25 + SQRT_2 / 2.0 - 0.1, 0.0),
        Vec3::splat(0.5),
        Quat::from_rotation_z(FRAC_PI_4),
    );
    let m = dim3::manifold(&slab(), &cube).unwrap();
    assert_eq!((m.kind(), m.len()), (AxisKind::FaceA(1), 2));
    let points = sorted(m.points().iter().map(|p| p.point).collect());
    assert!(close(points[0], Vec3::new(-0.5, 0.2, -0.5)), "{points:?}");
    assert!(close(points[1], Vec3::new(-0.5, 0.2, 0.5)), "{points:?}");
    // the two ends of one edge of the cube: their ids share the edge
    let (v, w) = (m.points()[0].id.b, m.points()[1].id.b);
    assert_eq!(
        v.common(w).fixed.count_ones(),
        2,
        "{v} and {w} bound one edge"
    );
}

#[test]
fn two_crossing_edges_pressed_0_1_together_give_one_point_midway_between_them() {
    // A turned 45° about x: its top edge runs along x at height √2. B turned 45° about z: its
    // bottom edge runs along z, 0.1 below A's edge. They cross above the origin.
    let a = obb3(Vec3::ZERO, Vec3::ONE, Quat::from_rotation_x(FRAC_PI_4));
    let b = obb3(
        Vec3::new(0.0, 2.0 * SQRT_2 - 0.1, 0.0),
        Vec3::ONE,
        Quat::from_rotation_z(FRAC_PI_4),
    );
    let m = dim3::manifold(&a, &b).unwrap();
    // A.u0 × B.u2 = x × z = −y, oriented from A to B: +y
    assert_eq!(m.kind(), AxisKind::Edge(0, 2));
    assert_eq!(m.choice.chosen, 8);
    assert!(close(m.normal, Vec3::Y), "{}", m.normal);
    assert_eq!(m.len(), 1);
    let p = m.points()[0];
    assert!(
        close(p.point, Vec3::new(0.0, SQRT_2 - 0.05, 0.0)),
        "{}",
        p.point
    );
    assert!((p.separation + 0.1).abs() < 1e-5);
    assert_eq!(p.id.name(), "A edge +u1 −u2 × B edge −u0 −u1");
    let t = dim3::manifold_trace(&a, &b, &ManifoldParams::default());
    let e = t.edge.unwrap();
    assert!(close(e.closest_a, Vec3::new(0.0, SQRT_2, 0.0)));
    assert!(close(e.closest_b, Vec3::new(0.0, SQRT_2 - 0.1, 0.0)));
    assert!(t.face.is_none());
}

#[test]
fn two_cubes_0_01_apart_get_four_speculative_points_with_a_margin_of_0_02_and_none_without() {
    let a = Obb3::axis_aligned(Vec3::ZERO, Vec3::ONE);
    let b = Obb3::axis_aligned(Vec3::new(2.01, 0.5, 0.0), Vec3::ONE);
    assert!(dim3::manifold(&a, &b).is_none());
    let m = dim3::manifold_with(&a, &b, &ManifoldParams::default().with_margin(0.02)).unwrap();
    assert_eq!((m.kind(), m.len()), (AxisKind::FaceA(0), 4));
    for p in m.points() {
        assert!((p.separation - 0.01).abs() < 1e-5);
        assert!((p.point.x - 1.005).abs() < 1e-5, "midway: {}", p.point);
    }
}

#[test]
fn a_flat_plate_standing_on_its_edge_has_two_points_not_four() {
    // zero thickness along u0: the corners of its bottom face coincide in pairs and are welded
    let plate = Obb3::axis_aligned(Vec3::new(0.0, 0.65, 0.0), Vec3::new(0.0, 0.5, 0.5));
    let m = dim3::manifold(&slab(), &plate).unwrap();
    assert_eq!(m.len(), 2);
    let mut names: Vec<String> = m.points().iter().map(|p| p.id.b.name()).collect();
    names.sort();
    // the coinciding corners are written with −u0
    assert_eq!(names, ["vertex 0 (−u0 −u1 −u2)", "vertex 4 (−u0 −u1 +u2)"]);
}

#[test]
fn a_speculative_edge_axis_whose_edges_do_not_cross_gives_way_to_the_best_face_axis() {
    // a random pair found by search: 0.048 apart along A.u1 × B.u2, but the closest points of
    // those edges' lines lie beyond their ends; the face axis B.u0 is 0.031 apart
    let a = obb3(
        Vec3::ZERO,
        Vec3::new(0.14084044, 0.33426297, 0.07298393),
        Quat::from_xyzw(0.2570414, -0.08718614, -0.3943331, 0.87796915),
    );
    let b = obb3(
        Vec3::new(2.3856316, -0.45903635, 0.38682103),
        Vec3::new(0.93343335, 1.2128595, 1.5757635),
        Quat::from_xyzw(0.91021025, 0.28134993, -0.273876, -0.13172403),
    );
    let p = ManifoldParams::default().with_margin(0.2);
    let m = dim3::manifold_with(&a, &b, &p).unwrap();
    assert_eq!((m.choice.strict, m.choice.chosen), (11, 3));
    assert_eq!(
        m.choice.bias.unwrap().reason,
        FaceBiasReason::EdgesDoNotCross
    );
    assert!(m.choice.explain().contains("do not cross"));
    assert_eq!(m.len(), 3);
    for q in m.points() {
        assert!(q.separation > 0.0 && q.separation <= 0.2);
    }
}

#[test]
fn the_trace_of_a_resting_cube_walks_axis_faces_four_clips_and_points() {
    let cube = Obb3::axis_aligned(Vec3::new(0.3, 0.65, -0.2), Vec3::splat(0.5));
    let t = dim3::manifold_trace(&slab(), &cube, &ManifoldParams::default());
    assert_eq!(
        t.stages(),
        [
            Stage::Axis,
            Stage::ReferenceFace,
            Stage::IncidentFace,
            Stage::Clip(0),
            Stage::Clip(1),
            Stage::Clip(2),
            Stage::Clip(3),
            Stage::Below,
            Stage::Points
        ]
    );
    assert_eq!(t.axes.len(), 15);
    let f = t.face.as_ref().unwrap();
    assert_eq!(f.reference.face.name(), "face +u1");
    assert_eq!(f.incident.face.name(), "face −u1");
    assert_eq!(f.incident.normal, -Vec3::Y);
    for c in &f.reference.corners {
        assert_eq!(c.point.y, 0.25);
        assert_eq!((c.point.x.abs(), c.point.z.abs()), (2.0, 2.0));
    }
    // the cube's bottom lies wholly inside the slab's top: no clip cuts anything
    assert!(f.clipped.iter().all(|poly| poly.len() == 4));
    assert_eq!(f.below.len(), 4);
    assert!(t.caption(Stage::ReferenceFace).contains("A face +u1"));
    assert!(t.caption(Stage::IncidentFace).contains("B face −u1"));
    assert!(t.caption(Stage::Points).starts_with("4 contact points"));
    // every side plane faces outwards and bounds the reference face
    for s in &f.side_planes {
        assert_eq!(s.normal.y, 0.0);
        assert_eq!(s.point.dot(s.normal), 2.0);
    }
}

#[test]
fn the_trace_of_separated_cubes_names_the_separating_axis_and_stops_there() {
    let a = Obb3::axis_aligned(Vec3::ZERO, Vec3::ONE);
    let b = Obb3::axis_aligned(Vec3::new(0.0, 3.0, 0.0), Vec3::ONE);
    let t = dim3::manifold_trace(&a, &b, &ManifoldParams::default());
    assert_eq!(t.separated_by, Some(1));
    assert_eq!(t.axes.len(), 2, "stops at the first axis beyond the margin");
    assert_eq!(t.stages(), [Stage::Separated]);
    assert!(t.caption(Stage::Separated).contains("axis 1 (A.u1)"));
    assert!(t.manifold.is_none());
}

#[test]
fn a_diamond_beside_a_cube_is_separated_by_its_own_face_after_the_cube_s_three() {
    // B turned 45° about z, 2√2 away along its own face normal (1,1,0)/√2: the cube reaches √2
    // along it and B 1, so B.u0 separates by 2√2 − √2 − 1 ≈ 0.414; along x the cube reaches 1
    // and B √2, more than the 2 between the centres, so none of A's faces separates
    let a = Obb3::axis_aligned(Vec3::ZERO, Vec3::ONE);
    let b = Obb3::new(
        Vec3::new(2.0, 2.0, 0.0),
        Vec3::ONE,
        Quat::from_rotation_z(FRAC_PI_4),
    )
    .unwrap();
    let t = dim3::manifold_trace(&a, &b, &ManifoldParams::default());
    assert_eq!(t.separated_by, Some(3));
    assert_eq!(t.axes.len(), 4, "A's three faces, then B.u0");
    assert!(t.axes[..3].iter().all(|axis| axis.gap < 0.0));
    assert!((t.axes[3].gap - (SQRT_2 - 1.0)).abs() < 1e-5);
    assert!(t.manifold.is_none());
}

#[test]
fn a_square_resting_on_a_plank_has_two_points_under_its_corners() {
    let plank = Obb2::new(Vec2::ZERO, Vec2::new(2.0, 0.5), 0.0).unwrap();
    let square = Obb2::new(Vec2::new(0.3, 0.9), Vec2::splat(0.5), 0.0).unwrap();
    let m = dim2::manifold(&plank, &square).unwrap();
    assert_eq!(
        (m.kind(), m.normal, m.len()),
        (AxisKind::FaceA(1), Vec2::Y, 2)
    );
    let mut xs: Vec<f32> = m.points().iter().map(|p| p.point.x).collect();
    xs.sort_by(f32::total_cmp);
    assert!(
        (xs[0] + 0.2).abs() < 1e-6 && (xs[1] - 0.8).abs() < 1e-6,
        "{xs:?}"
    );
    for p in m.points() {
        assert!((p.point.y - 0.45).abs() < 1e-6);
        assert!((p.separation + 0.1).abs() < 1e-6);
    }
}

#[test]
fn a_square_hanging_over_the_plank_end_is_cut_at_the_end_by_the_side_line() {
    // the square spans x in [1.5, 2.5]; the plank ends at x = 2
    let plank = Obb2::new(Vec2::ZERO, Vec2::new(2.0, 0.5), 0.0).unwrap();
    let square = Obb2::new(Vec2::new(2.0, 0.9), Vec2::splat(0.5), 0.0).unwrap();
    let t = dim2::manifold_trace(&plank, &square, &ManifoldParams::default());
    let m = t.manifold.unwrap();
    let mut xs: Vec<f32> = m.points().iter().map(|p| p.point.x).collect();
    xs.sort_by(f32::total_cmp);
    assert_eq!(xs, [1.5, 2.0]);
    // the cut point lies on the plank's corner and the square's side
    let cut = m.points().iter().find(|p| p.point.x == 2.0).unwrap();
    assert_eq!(cut.id.name(), "A vertex 2 (+u0 +u1) × B edge −u1");
    assert_eq!(t.face.unwrap().side_planes.len(), 2);
}
