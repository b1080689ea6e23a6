//! Recordings from a real simulation (`satbox record`, Box3D's world): the three shipped in
//! `assets/recordings/box3d-*.jsonl` are what `record` writes, each reads as what it is (a box
//! falling and resting on a plate, the middle pair of a resting stack, a cube sliding down a slope
//! and stopping), and Box3D's own points lie where satbox's are.
#![cfg(feature = "box3d")]

use std::path::{Path, PathBuf};
use std::process::Command;

use glam::Vec3;
use satbox::engines::record as simulate;
use satbox::engines::simulate::{Scenario, SimFrame};
use satbox::sat::{dim3, Obb3};
use satbox::scene::recording::Recording;
use satbox::scene::Pair;

fn shipped(s: Scenario) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("assets/recordings/box3d-{}.jsonl", s.name()))
}

fn frames(s: Scenario) -> Vec<SimFrame> {
    simulate(s, s.default_frames()).unwrap()
}

/// The lowest point of a box along y.
fn bottom(b: &Obb3) -> f32 {
    b.corners()
        .iter()
        .map(|c| c.y)
        .fold(f32::INFINITY, f32::min)
}

/// The label runs of a recording: (label, first frame, last frame), 0-based.
fn runs(frames: &[SimFrame]) -> Vec<(&'static str, usize, usize)> {
    let mut out: Vec<(&'static str, usize, usize)> = Vec::new();
    for (k, f) in frames.iter().enumerate() {
        match out.last_mut() {
            Some(r) if r.0 == f.label => r.2 = k,
            _ => out.push((f.label, k, k)),
        }
    }
    out
}

/// The summary line `check --summary` prints for a file.
fn summary(path: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_satbox"))
        .args(["check", "--compact", "--summary"])
        .arg(path)
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn each_shipped_simulation_is_what_record_writes_now() {
    for s in Scenario::ALL {
        let fresh = frames(s);
        let file = Recording::load(&shipped(s)).unwrap();
        assert_eq!(file.frames.len(), fresh.len(), "{}", s.name());
        assert_eq!(file.error_count(), 0);
        for (f, r) in fresh.iter().zip(&file.frames) {
            let case = r.case.as_ref().unwrap();
            assert!(case.notes.is_empty(), "{:?}", case.notes);
            let Pair::Three(a, b) = case.pair else {
                panic!("3D")
            };
            // Box3D steps deterministically; the file holds each number to its shortest text
            assert!(a.center.distance(f.a.center) < 1e-3 && b.center.distance(f.b.center) < 1e-3);
            assert_eq!(r.label.as_deref(), Some(f.label));
            let e = r.engine.as_ref().unwrap();
            assert!(e.name.starts_with("Box3D"));
            assert_eq!(
                e.points.len(),
                f.contact.points.len(),
                "{} t {}",
                s.name(),
                f.t
            );
        }
    }
}

#[test]
fn the_box_falls_onto_the_plate_tumbles_and_comes_to_rest_on_it() {
    let f = frames(Scenario::Settle);
    let r = runs(&f);
    assert_eq!(r[0].0, "falling");
    assert!(f[0].contact.points.is_empty());
    let last = r.last().unwrap();
    assert_eq!(last.0, "resting");
    assert!(last.2 - last.1 >= 60, "resting for the last second: {r:?}");
    let end = f.last().unwrap();
    // on the plate's top face (y = 0.1), pressed in by no more than Box3D's linear slop
    assert!((bottom(&end.b) - 0.1).abs() < 5e-3, "{}", bottom(&end.b));
    assert_eq!(end.contact.points.len(), 4);
    assert!(end.contact.normal.abs_diff_eq(Vec3::Y, 1e-4));
}

#[test]
fn box3d_points_lie_at_satbox_points_on_a_resting_pair() {
    for s in Scenario::ALL {
        let end = frames(s).pop().unwrap();
        let m = dim3::manifold(&end.a, &end.b).expect("a resting pair is in contact");
        assert_eq!(m.points().len(), end.contact.points.len(), "{}", s.name());
        for p in m.points() {
            let nearest = end
                .contact
                .points
                .iter()
                .map(|q| q.point.distance(p.point))
                .fold(f32::INFINITY, f32::min);
            // Box3D puts a point midway between the surfaces, satbox on the incident face: they
            // differ by half the depth at most
            assert!(nearest < 1e-3, "{}: {nearest}", s.name());
        }
    }
}

#[test]
fn the_middle_pair_of_the_stack_rests_and_keeps_every_point_by_id_in_both_engines() {
    let f = frames(Scenario::Stack);
    assert!(f.iter().skip(5).all(|f| f.label == "resting"));
    for frame in f.iter().skip(1) {
        assert!(
            frame.contact.points.iter().all(|q| q.persisted),
            "t {}",
            frame.t
        );
    }
    let line = summary(&shipped(Scenario::Stack));
    assert!(
        line.contains("persisted by id 100.0 %") && line.contains("by position 100.0 %"),
        "{line}"
    );
}

#[test]
fn the_cube_slides_about_90_cm_down_the_slope_and_friction_holds_it() {
    let f = frames(Scenario::Slope);
    let r = runs(&f);
    assert_eq!(
        (r[0].0, r.last().unwrap().0),
        ("sliding", "resting"),
        "{r:?}"
    );
    // from 2 m/s against g (μ cos 20° − sin 20°) = 2.22 m/s²: v² / 2a = 0.90 m
    let moved = f.last().unwrap().b.center.distance(f[0].b.center);
    assert!((0.75..1.05).contains(&moved), "{moved}");
    // sliding at up to 2 m/s, the points keep their ids but move 3 cm a frame: matched by
    // position within 1 cm, those frames lose them
    let line = summary(&shipped(Scenario::Slope));
    assert!(line.contains("persisted by id 100.0 %"), "{line}");
    let by_position: f32 = line
        .split("by position ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse().ok())
        .unwrap();
    assert!(by_position < 90.0, "{line}");
}

#[test]
fn record_keeps_an_existing_file_unless_forced() {
    let dir = std::env::temp_dir().join(format!("satbox-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("mine.jsonl");
    std::fs::write(&out, "my own notes\n").unwrap();
    let err = satbox::cli::record::to_file(Scenario::Stack, Some(3), &out, false).unwrap_err();
    assert!(
        err.contains("exists: it is kept (--force replaces it)"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "my own notes\n");
    satbox::cli::record::to_file(Scenario::Stack, Some(3), &out, true).unwrap();
    assert_eq!(Recording::load(&out).unwrap().frames.len(), 3);
    std::fs::remove_dir_all(&dir).unwrap();
}
