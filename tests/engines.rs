//! Each engine built in, asked about the pair every engine was checked on before it was added: A a
//! unit cube (half extents 1) at the origin, B the same cube at (1.5, 0.2, 0) turned 0.3 rad about
//! z, depth 1 − (1.5 − cos 0.3 − sin 0.3) = 0.75086; and its separated twin, B at x = 3, distance
//! 3 − 1 − (cos 0.3 + sin 0.3) = 0.74914. In 2D the same pair as rectangles.

use glam::{Quat, Vec2, Vec3};
use satbox::engines::{ask, EngineName, Reply};
use satbox::sat::{Obb2, Obb3};
use satbox::scene::Pair;

fn expected_depth() -> f32 {
    (1.0 - (1.5 - 0.3f64.cos() - 0.3f64.sin())) as f32
}

fn expected_distance() -> f32 {
    (3.0 - 1.0 - (0.3f64.cos() + 0.3f64.sin())) as f32
}

fn pair3(x: f32) -> Pair {
    let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY).unwrap();
    let b = Obb3::new(
        Vec3::new(x, 0.2, 0.0),
        Vec3::ONE,
        Quat::from_rotation_z(0.3),
    )
    .unwrap();
    Pair::Three(a, b)
}

fn pair2(x: f32) -> Pair {
    let a = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0).unwrap();
    let b = Obb2::new(Vec2::new(x, 0.2), Vec2::ONE, 0.3).unwrap();
    Pair::Two(a, b)
}

/// The engine's answer, when it is built in (else `None`, said on stderr).
fn answer(engine: EngineName, pair: &Pair) -> Option<satbox::engines::Answer> {
    match ask(engine, pair, None) {
        Reply::Answered(a) => Some(*a),
        Reply::Missing(how) => {
            eprintln!("{engine} is not built in: {how}");
            None
        }
        Reply::NotAsked(why) => panic!("{engine} was not asked: {why}"),
    }
}

/// The overlapping pair: the depth, the normal along +x and contact points at or below the surface
/// (`points` of them, when given), each midway between the two boxes' faces.
fn overlapping(engine: EngineName, pair: &Pair, points: Option<usize>, tolerance: f32) {
    let Some(a) = answer(engine, pair) else {
        return;
    };
    assert!(a.intersect, "{engine}: {a:?}");
    let depth = a.depth.expect("a depth");
    assert!(
        (depth - expected_depth()).abs() < tolerance,
        "{engine}: depth {depth}"
    );
    let n = a.normal.expect("a normal");
    assert!((n - Vec3::X).length() < 1e-3, "{engine}: normal {n}");
    let below = a.points.iter().filter(|p| p.separation <= 0.0).count();
    assert!(below > 0, "{engine}: {:?}", a.points);
    if let Some(points) = points {
        assert_eq!(below, points, "{engine}: {:?}", a.points);
    }
    for p in &a.points {
        // midway between the surfaces: A's face x = 1 and B's slanted face
        assert!(p.point.x > 0.2 && p.point.x < 1.0 + 1e-4, "{engine}: {p:?}");
    }
}

/// The separated twin: apart, with the distance where the engine has a distance query.
fn separated(engine: EngineName, pair: &Pair) {
    let Some(a) = answer(engine, pair) else {
        return;
    };
    assert!(!a.intersect, "{engine}: {a:?}");
    assert!(
        a.points.iter().all(|p| p.separation > 0.0),
        "{engine}: {a:?}"
    );
    if let Some(d) = a.distance {
        assert!(
            (d - expected_distance()).abs() < 1e-5,
            "{engine}: distance {d}"
        );
    }
}

#[test]
fn box3d_finds_the_depth_and_four_points_and_the_twin_s_distance() {
    overlapping(EngineName::Box3d, &pair3(1.5), Some(4), 1e-5);
    separated(EngineName::Box3d, &pair3(3.0));
}

#[test]
fn box2d_finds_the_depth_and_two_points_and_the_twin_s_distance() {
    overlapping(EngineName::Box2d, &pair2(1.5), Some(2), 1e-5);
    separated(EngineName::Box2d, &pair2(3.0));
}

#[test]
fn parry_as_an_engine_finds_the_depth_in_both_dimensions() {
    // (parry's manifold keeps its own number of points: compared in docs/engines.md)
    overlapping(EngineName::Parry, &pair3(1.5), None, 1e-5);
    overlapping(EngineName::Parry, &pair2(1.5), Some(2), 1e-5);
    separated(EngineName::Parry, &pair3(3.0));
}

#[test]
fn an_engine_of_the_other_dimension_or_a_flat_box_is_not_asked_and_says_why() {
    let flat = Pair::Three(
        Obb3::new(Vec3::ZERO, Vec3::new(1.0, 0.0, 1.0), Quat::IDENTITY).unwrap(),
        Obb3::new(Vec3::new(1.5, 0.2, 0.0), Vec3::ONE, Quat::IDENTITY).unwrap(),
    );
    for engine in [EngineName::Box3d] {
        match ask(engine, &flat, None) {
            Reply::NotAsked(why) => assert!(why.contains("half extent 0"), "{why}"),
            Reply::Missing(_) => {}
            r => panic!("{engine}: {r:?}"),
        }
    }
    match ask(EngineName::Box2d, &pair3(1.5), None) {
        Reply::NotAsked(why) => assert!(why.contains("no 3D pairs"), "{why}"),
        Reply::Missing(_) => {}
        r => panic!("{r:?}"),
    }
}
