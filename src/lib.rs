//! satbox: see and test how two oriented bounding boxes collide under the Separating Axis Theorem.
//!
//! The crate is a window (`cargo run --release`, the default `app` feature) over a library that
//! builds alone (`default-features = false`: glam, serde, serde_json, arrayvec and memchr). [`sat`] holds
//! the maths and knows nothing of drawing; [`scene`] reads and writes boxes and cases as JSON; with
//! the `parry` feature `engines` asks parry the same questions; with `app`, `cli` runs the
//! headless commands and `app` is the window, which only reads `sat`'s reports.
//!
//! # Which function for what
//!
//! **To explain a pair** (a tool, a debug view, a test that prints): the full report gives every
//! candidate axis with its shadows and gap, the first separating axis, or the axis of least
//! penetration with its depth and normal; the contact manifold gives the points an engine would
//! push at, and its trace every stage of building them.
//!
//! ```
//! use glam::{Quat, Vec3};
//! use satbox::sat::{dim3, Obb3};
//!
//! let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY).unwrap();
//! let b = Obb3::new(Vec3::new(1.5, 0.25, 0.0), Vec3::ONE, Quat::IDENTITY).unwrap();
//! let report = dim3::report(&a, &b);
//! assert!(report.intersect);
//! let p = report.penetration.unwrap();
//! assert_eq!((p.axis_index, p.depth), (0, 0.5)); // A.u0, 0.5 deep
//! let m = dim3::manifold(&a, &b).unwrap();
//! assert_eq!(m.points().len(), 4); // face to face: four points
//! ```
//!
//! **In a hot loop** (a narrow phase that wants one bit, or the verdict without the records): the
//! boolean test, or a box turned into an [`Obb3Frame`](sat::dim3::Obb3Frame) once and tested
//! against many.
//!
//! ```
//! use glam::{Quat, Vec3};
//! use satbox::sat::{dim3, dim3::Obb3Frame, Obb3};
//!
//! let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::from_rotation_z(0.3)).unwrap();
//! let b = Obb3::new(Vec3::new(2.2, 0.0, 0.0), Vec3::ONE, Quat::from_rotation_y(0.2)).unwrap();
//! let (fa, fb) = (Obb3Frame::new(&a), Obb3Frame::new(&b));
//! assert_eq!(fa.intersects(&fb), dim3::intersects(&a, &b));
//! assert_eq!(fa.verdicts(&fb).intersect, dim3::report(&a, &b).intersect);
//! ```
//!
//! **For a batch** (a broad phase's thousands of candidate pairs): boxes laid out as structure of
//! arrays, tested many pairs per vector register with the `simd` feature.
//!
//! ```
//! use glam::{Quat, Vec3};
//! use satbox::sat::batch::{intersects_many, Obb3Batch};
//! use satbox::sat::{dim3, Obb3};
//!
//! let boxes: Vec<Obb3> = (0..100)
//!     .map(|k| Obb3::new(Vec3::new(k as f32 * 0.7, 0.0, 0.0), Vec3::splat(0.5), Quat::IDENTITY).unwrap())
//!     .collect();
//! let a: Obb3Batch = boxes[..99].iter().collect();
//! let b: Obb3Batch = boxes[1..].iter().collect();
//! let mut hits = vec![false; 99];
//! intersects_many(&a, &b, &mut hits);
//! // neighbours 0.7 apart and 1 wide overlap; every bit is the per-pair test's
//! assert!(hits.iter().all(|h| *h));
//! assert!((0..99).all(|k| hits[k] == dim3::intersects(&boxes[k], &boxes[k + 1])));
//! ```
//!
//! **In a test** (is an engine's answer right?): the `f64` reference by plain vertex projection,
//! and the audit that lays every answer of satbox beside it with the agreement rule.
//!
//! ```
//! use glam::{Quat, Vec3};
//! use satbox::sat::{agreement, reference, Obb3};
//!
//! let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY).unwrap();
//! let b = Obb3::new(Vec3::new(1.9, 0.3, -0.2), Vec3::ONE, Quat::from_rotation_x(0.4)).unwrap();
//! let truth = reference::report3(&a, &b, 1e-3);
//! let engine_depth = 0.1; // what the engine under test said
//! assert!((truth.depth.unwrap() - engine_depth).abs() < 1e-3);
//! assert!(agreement::audit(&a, &b).is_empty()); // satbox's own answers all agree
//! ```
//!
//! **Beside other engines**: GJK and EPA on the same pair ([`sat::gjk`]), and moving boxes with
//! their time of impact ([`sat::motion`]).
//!
//! ```
//! use glam::{Quat, Vec3};
//! use satbox::sat::motion::{time_of_impact, Motion, PairMotion};
//! use satbox::sat::{gjk, Obb, Obb3};
//!
//! let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY).unwrap();
//! let b = Obb3::new(Vec3::new(3.0, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY).unwrap();
//! let g = gjk::query(&a.to_box64(), &b.to_box64());
//! assert!((g.distance.unwrap() - 1.0).abs() < 1e-3); // GJK stops within its tolerance
//! let motion = PairMotion {
//!     a: Motion::default(),
//!     b: Motion { velocity: Vec3::new(-2.0, 0.0, 0.0), ..Default::default() },
//!     dt: 1.0,
//! };
//! let toi = time_of_impact(&a, &b, &motion).unwrap();
//! assert!((toi.t - 0.5).abs() < 1e-6); // 1 apart, closing at 2 a second
//! ```
//!
//! `dim2` is the same for rectangles ([`Obb2`](sat::Obb2), 4 axes), and code written once for both
//! dimensions takes any [`Obb`](sat::Obb). The topic guides (the window, `check`'s contract,
//! contacts, engines, GJK/EPA, motion, benchmarks, sources) are in the repository's `docs/`.

#[cfg(feature = "parry")]
pub mod engines;
pub mod sat;
pub mod scene;

#[cfg(feature = "app")]
pub mod app;
#[cfg(feature = "cli")]
pub mod cli;
