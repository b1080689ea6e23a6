//! parry's repro: a Cargo project pinned to the parry2d or parry3d satbox is built with, asking
//! parry as `src/engines/parry.rs` does: `query::intersection_test`, `query::contact` with a
//! prediction of 0, the contact manifold (`contact_manifold_cuboid_cuboid`, or
//! `contact_manifold_pfm_pfm` with the border radii of round cuboids) and, apart,
//! `query::distance`.

use super::{Program, RUN_HEADER};
use crate::engines::Question;
use crate::scene::Pair;

/// The parry2d and parry3d satbox is built with (its Cargo.lock), pinned in the repro.
pub const PARRY_VERSION: &str = "0.31.1";

/// The program: `Cargo.toml`, `src/main.rs` and `run.sh`.
pub fn program(question: &Question) -> Result<Program, String> {
    let f = |x: f32| format!("{x:?}_f32");
    let array = |xs: &[f32]| {
        format!(
            "[{}]",
            xs.iter().map(|x| f(*x)).collect::<Vec<_>>().join(", ")
        )
    };
    let (krate, poses, halves) = match question.pair {
        Pair::Three(a, b) => {
            let pose = |o: &crate::sat::Obb3| {
                let [x, y, z, w] = o.rotation.to_array();
                format!(
                    "Pose::from_parts(Vector::from_array({}), Rotation::from_xyzw({}, {}, {}, {}))",
                    array(&o.center.to_array()),
                    f(x),
                    f(y),
                    f(z),
                    f(w)
                )
            };
            let half = |o: &crate::sat::Obb3| array(&o.half_extents.to_array());
            ("parry3d", [pose(&a), pose(&b)], [half(&a), half(&b)])
        }
        Pair::Two(a, b) => {
            let pose = |o: &crate::sat::Obb2| {
                format!(
                    "Pose::new(Vector::from_array({}), {})",
                    array(&o.center.to_array()),
                    f(o.angle)
                )
            };
            let half = |o: &crate::sat::Obb2| array(&o.half_extents.to_array());
            ("parry2d", [pose(&a), pose(&b)], [half(&a), half(&b)])
        }
    };
    let (rotation, edge) = if krate == "parry3d" {
        (
            ", Rotation",
            "        FeatureId::Edge(k) => format!(\"edge {k}\"),\n",
        )
    } else {
        ("", "")
    };
    let main = MAIN
        .replace("PARRY", krate)
        .replace(", ROTATION", rotation)
        .replace("        EDGE\n", edge)
        .replace("POSE_A", &poses[0])
        .replace("POSE_B", &poses[1])
        .replace("HALF_A", &halves[0])
        .replace("HALF_B", &halves[1])
        .replace("RADIUS_A", &f(question.radii[0]))
        .replace("RADIUS_B", &f(question.radii[1]));
    let manifest = format!(
        "[package]\nname = \"parry-repro\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n[dependencies]\n{krate} = \"={PARRY_VERSION}\"\n\n# not part of any workspace around the folder\n[workspace]\n"
    );
    Ok(Program {
        files: vec![
            ("Cargo.toml", manifest),
            ("src/main.rs", main),
            (
                "run.sh",
                format!("{RUN_HEADER}# newer than any build of another repro in a shared CARGO_TARGET_DIR\ntouch src/main.rs\ncargo run --release --quiet\n"),
            ),
        ],
        install: format!("Rust and Cargo (rustup.rs); Cargo fetches {krate} {PARRY_VERSION} from crates.io."),
        asks: "`query::intersection_test`, `query::contact` (prediction 0), the contact manifold (`contact_manifold_cuboid_cuboid`, or `contact_manifold_pfm_pfm` for round cuboids) and, apart, `query::distance`.".into(),
    })
}

/// `src/main.rs`, for parry2d or parry3d.
const MAIN: &str = r##"//! PARRY asked about one pair of boxes, as satbox asks it: intersection_test, contact
//! (prediction 0), the contact manifold (prediction 0) and, apart, distance. The last line
//! printed is parry's answer as satbox reads it (each manifold point midway between parry's
//! point on A and its point on B), one JSON object.

use PARRY::math::{Pose, Vector, ROTATION};
use PARRY::query;
use PARRY::shape::{Cuboid, FeatureId, RoundShape, Shape};

/// A float as the shortest text that reads back to it (0 without its sign).
fn num(x: f32) -> String {
    format!("{:?}", if x == 0.0 { 0.0 } else { x })
}

fn vector(v: Vector) -> String {
    let xs: Vec<String> = v.to_array().iter().map(|x| num(*x)).collect();
    format!("[{}]", xs.join(","))
}

fn feature(f: FeatureId) -> String {
    match f {
        FeatureId::Vertex(k) => format!("vertex {k}"),
        EDGE
        FeatureId::Face(k) => format!("face {k}"),
        FeatureId::Unknown => "unknown".into(),
    }
}

fn main() {
    // satbox's boxes A and B (each number the f32 parry got), and their border radii
    let (pa, ca, ra) = (POSE_A, Cuboid::new(Vector::from_array(HALF_A)), RADIUS_A);
    let (pb, cb, rb) = (POSE_B, Cuboid::new(Vector::from_array(HALF_B)), RADIUS_B);
    let round = |c, border_radius| RoundShape { inner_shape: c, border_radius };
    let (ga, gb) = (round(ca, ra), round(cb, rb));
    let (sa, sb): (&dyn Shape, &dyn Shape) = if ra == 0.0 && rb == 0.0 { (&ca, &cb) } else { (&ga, &gb) };
    let intersect = query::intersection_test(&pa, sa, &pb, sb).map(|i| i.intersecting).unwrap_or(false);
    let contact = query::contact(&pa, sa, &pb, sb, 0.0).ok().flatten();
    println!("parry {}: intersection_test {intersect}, contact {contact:?}", env!("CARGO_PKG_NAME"));
    let pos12 = pa.inv_mul(&pb);
    let mut m = query::ContactManifold::<(), ()>::new();
    if ra == 0.0 && rb == 0.0 {
        query::details::contact_manifold_cuboid_cuboid(&pos12, &ca, &cb, 0.0, &mut m);
    } else {
        query::details::contact_manifold_pfm_pfm(&pos12, &ca, ra, None, &cb, rb, None, 0.0, &mut m);
    }
    let points: Vec<String> = m
        .points
        .iter()
        .map(|p| {
            println!("manifold point: {p:?}");
            let midway = (pa.transform_point(p.local_p1) + pb.transform_point(p.local_p2)) * 0.5;
            let (fa, fb) = (feature(p.fid1.unpack()), feature(p.fid2.unpack()));
            format!(r#"{{"position":{},"separation":{},"feature":"A {fa} × B {fb}"}}"#, vector(midway), num(p.dist))
        })
        .collect();
    let distance = (!intersect).then(|| query::distance(&pa, sa, &pb, sb).ok()).flatten();
    let depth = contact.as_ref().filter(|_| intersect).map(|c| num(-c.dist));
    let normal = contact.as_ref().map(|c| vector(c.normal1));
    println!(
        r#"{{"id":1,"intersect":{intersect},"depth":{},"normal":{},"points":[{}],"distance":{},"closest_points":null,"notes":[]}}"#,
        depth.unwrap_or("null".into()),
        normal.unwrap_or("null".into()),
        points.join(","),
        distance.map_or("null".into(), |d| num(d.distance)),
    );
}
"##;

#[cfg(test)]
mod tests {
    #[test]
    fn the_repro_pins_the_parry_satbox_is_built_with() {
        let lock = include_str!("../../../Cargo.lock");
        for krate in ["parry2d", "parry3d"] {
            let entry = format!(
                "name = \"{krate}\"\nversion = \"{}\"\n",
                super::PARRY_VERSION
            );
            assert!(
                lock.contains(&entry),
                "{krate} is not {} in Cargo.lock",
                super::PARRY_VERSION
            );
        }
    }
}
