//! Box3D's world, for recordings from a real simulation ([`super::simulate`]).
//!
//! Each scenario is built as Box3D's samples build scenes (`b3World` with gravity −10 along y,
//! static and dynamic bodies with one box hull each, 60 Hz steps of 4 sub-steps), with sleep off
//! so that a resting pair is still solved, and its contact rebuilt, every step, and contact
//! recycling off: with it on (Box3D's default, `enableContactRecycling`), a step whose bodies
//! moved less than the recycle distance keeps an earlier step's points and only updates their
//! separations, so its points are not built from its poses (and their anchors, kept in the
//! orientation of that earlier step, no longer give their place). A step's contact
//! comes from `b3Body_GetContactData` after `b3World_Step`: Box3D builds it at the start of the
//! step from the poses read before it (its points are anchored at the bodies' centres as they
//! were then), solves with it, then moves the bodies.

use boxddd::{BodyId, BodyType, BoxHull, Foundation, ShapeId, World};
use glam::{Quat, Vec3};

use super::simulate::{Scenario, SimFrame, TIME_STEP};
use crate::sat::Obb3;
use crate::scene::recording::{RecordedContact, RecordedPoint};

/// Sub-steps per step (Box3D's samples use 4).
const SUB_STEPS: i32 = 4;

/// A body of the scene and the box it holds.
struct Body {
    id: BodyId,
    shape: ShapeId,
    half_extents: Vec3,
}

/// What a scenario builds: the world and the two bodies it records.
struct Scene {
    world: World,
    a: Body,
    b: Body,
}

fn v3(v: Vec3) -> boxddd::Vec3 {
    boxddd::Vec3::new(v.x, v.y, v.z)
}

fn from_v3(v: boxddd::Vec3) -> Vec3 {
    Vec3::new(v.x, v.y, v.z)
}

fn quat(q: Quat) -> boxddd::Quat {
    boxddd::Quat::new(v3(Vec3::new(q.x, q.y, q.z)), q.w)
}

fn err(e: boxddd::Error) -> String {
    format!("Box3D: {e}")
}

/// A box's pose and motion at its creation.
struct Start {
    dynamic: bool,
    center: Vec3,
    rotation: Quat,
    half_extents: Vec3,
    velocity: Vec3,
    spin: Vec3,
}

impl Start {
    fn fixed(center: Vec3, rotation: Quat, half_extents: Vec3) -> Self {
        Start {
            dynamic: false,
            center,
            rotation,
            half_extents,
            velocity: Vec3::ZERO,
            spin: Vec3::ZERO,
        }
    }

    fn moving(center: Vec3, rotation: Quat, half_extents: Vec3) -> Self {
        Start {
            dynamic: true,
            ..Self::fixed(center, rotation, half_extents)
        }
    }
}

fn add(world: &mut World, f: &'static Foundation, s: Start) -> Result<Body, String> {
    let body_type = if s.dynamic {
        BodyType::Dynamic
    } else {
        BodyType::Static
    };
    let def = f
        .body_def_builder()
        .body_type(body_type)
        .position(v3(s.center))
        .rotation(quat(s.rotation))
        .linear_velocity(v3(s.velocity))
        .angular_velocity(v3(s.spin))
        .enable_sleep(false)
        .enable_contact_recycling(false)
        .build()
        .map_err(err)?;
    let id = world.create_body(def).map_err(err)?;
    let e = s.half_extents;
    let hull = BoxHull::new(e.x, e.y, e.z).map_err(err)?;
    let shape_def = f
        .shape_def_builder()
        .density(1.0)
        .friction(0.6)
        .build()
        .map_err(err)?;
    let shape = world
        .create_hull_shape(id, &shape_def, &hull)
        .map_err(err)?;
    Ok(Body {
        id,
        shape,
        half_extents: e,
    })
}

/// Builds the scene of `scenario`.
fn build(scenario: Scenario) -> Result<Scene, String> {
    let f = Foundation::initialize_default().map_err(err)?;
    let def = f
        .world_def_builder()
        .gravity(boxddd::Vec3::new(0.0, -10.0, 0.0))
        .build()
        .map_err(err)?;
    let mut world = f.create_world(def).map_err(err)?;
    let (a, b) = match scenario {
        Scenario::Settle => {
            let plate = add(
                &mut world,
                f,
                Start::fixed(Vec3::ZERO, Quat::IDENTITY, Vec3::new(2.0, 0.1, 2.0)),
            )?;
            let tilt = Quat::from_axis_angle(Vec3::new(1.0, 0.0, 0.6).normalize(), 0.5);
            let mut start =
                Start::moving(Vec3::new(0.2, 1.2, -0.1), tilt, Vec3::new(0.5, 0.25, 0.35));
            start.spin = Vec3::new(1.5, 0.0, -1.0);
            let bx = add(&mut world, f, start)?;
            (plate, bx)
        }
        Scenario::Stack => {
            add(
                &mut world,
                f,
                Start::fixed(
                    Vec3::new(0.0, -0.5, 0.0),
                    Quat::IDENTITY,
                    Vec3::new(5.0, 0.5, 5.0),
                ),
            )?;
            let mut cubes = Vec::new();
            for k in 0..5 {
                let off = if k % 2 == 0 { 0.03 } else { -0.03 };
                let yaw = Quat::from_rotation_y(0.02 * k as f32);
                let center = Vec3::new(off, 0.5 + k as f32, 0.5 * off);
                cubes.push(add(
                    &mut world,
                    f,
                    Start::moving(center, yaw, Vec3::splat(0.5)),
                )?);
            }
            let mut cubes = cubes.into_iter().skip(2);
            let middle = cubes.next().expect("five cubes");
            let above = cubes.next().expect("five cubes");
            (middle, above)
        }
        Scenario::Slope => {
            let turn = Quat::from_rotation_z(-20f32.to_radians());
            let slope = add(
                &mut world,
                f,
                Start::fixed(Vec3::ZERO, turn, Vec3::new(3.0, 0.1, 1.0)),
            )?;
            let mut start = Start::moving(
                turn * Vec3::new(-1.8, 0.1 + 0.3 + 0.002, 0.0),
                turn,
                Vec3::splat(0.3),
            );
            start.velocity = turn * Vec3::new(2.0, 0.0, 0.0);
            let cube = add(&mut world, f, start)?;
            (slope, cube)
        }
    };
    Ok(Scene { world, a, b })
}

/// A body's box as it is now.
fn pose(world: &World, body: &Body) -> Result<Obb3, String> {
    let t = world.body_transform(body.id).map_err(err)?;
    // a position is f64 in Box3D's double-precision build
    #[allow(clippy::unnecessary_cast)]
    let center = Vec3::new(t.p.x as f32, t.p.y as f32, t.p.z as f32);
    let q = Quat::from_xyzw(t.q.v.x, t.q.v.y, t.q.v.z, t.q.s);
    Obb3::new(center, body.half_extents, q)
        .map_err(|e| format!("Box3D moved a box out of reach: {e}"))
}

/// The contact between a and b that the last step built, turned to satbox's terms: the normal
/// from a to b, each point in world coordinates (its anchor on the contact's first body, from
/// that body's centre before the step).
fn contact(world: &World, s: &Scene, a: &Obb3, b: &Obb3) -> Result<RecordedContact, String> {
    let mut out = RecordedContact {
        name: format!("Box3D {}", version()),
        normal: Vec3::ZERO,
        points: Vec::new(),
    };
    for c in world.body_contacts(s.a.id).map_err(err)? {
        let flipped = match (c.shape_id_a, c.shape_id_b) {
            (x, y) if x == s.a.shape && y == s.b.shape => false,
            (x, y) if x == s.b.shape && y == s.a.shape => true,
            _ => continue,
        };
        let first = if flipped { b.center } else { a.center };
        for m in &c.manifolds {
            let n = from_v3(m.normal);
            out.normal = if flipped { -n } else { n };
            out.points.extend(m.points().iter().map(|p| RecordedPoint {
                point: first + from_v3(p.anchor_a),
                separation: p.separation,
                id: p.feature_id,
                persisted: p.persisted,
            }));
        }
    }
    Ok(out)
}

/// Box3D's version, `major.minor.revision`.
fn version() -> String {
    boxddd::version()
        .map(|v| format!("{}.{}.{}", v.major, v.minor, v.revision))
        .unwrap_or_else(|_| "(version unknown)".into())
}

/// Steps `scenario` `frames` times, recording each step.
pub(super) fn simulate(scenario: Scenario, frames: usize) -> Result<Vec<SimFrame>, String> {
    let mut scene = build(scenario)?;
    let mut out = Vec::with_capacity(frames);
    for k in 0..frames {
        let (a, b) = (pose(&scene.world, &scene.a)?, pose(&scene.world, &scene.b)?);
        let speed = |body: &Body| -> Result<Vec3, String> {
            scene
                .world
                .body_linear_velocity(body.id)
                .map(from_v3)
                .map_err(err)
        };
        let relative = (speed(&scene.b)? - speed(&scene.a)?).length();
        scene.world.step(TIME_STEP, SUB_STEPS).map_err(err)?;
        let contact = contact(&scene.world, &scene, &a, &b)?;
        out.push(SimFrame {
            t: k as f32 * TIME_STEP,
            label: scenario.label(!contact.points.is_empty(), relative),
            a,
            b,
            contact,
        });
    }
    Ok(out)
}
