//! The recorded example timeline, `assets/recordings/box-settling.jsonl`: it loads as a timeline
//! whose verdict, axis of least penetration and contact change several times, with a stretch where
//! parry3d's depth is short; and it is what `examples/record_settling.rs` writes.

#[allow(dead_code)]
#[path = "../examples/record_settling.rs"]
mod record_settling;

use std::path::Path;

use satbox::sat::dim3;
use satbox::scene::recording::Recording;
use satbox::scene::{Mode, Pair};

fn recording() -> Recording {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/recordings/box-settling.jsonl");
    Recording::load(&path).unwrap()
}

/// (verdict word, deciding axis) of every frame.
fn verdicts(r: &Recording) -> Vec<(&'static str, usize)> {
    r.good_frames()
        .map(|(_, _, case)| {
            let Pair::Three(a, b) = case.pair else {
                panic!("3D")
            };
            let rep = dim3::report(&a, &b);
            let word = if rep.touching() {
                "touching"
            } else if rep.intersect {
                "intersecting"
            } else {
                "separated"
            };
            let axis = rep
                .penetration
                .map(|p| p.axis_index)
                .or(rep.first_separating)
                .unwrap();
            (word, axis)
        })
        .collect()
}

fn changes<T: PartialEq>(xs: impl Iterator<Item = T>) -> usize {
    let xs: Vec<T> = xs.collect();
    xs.windows(2).filter(|w| w[0] != w[1]).count()
}

#[test]
fn the_recording_loads_whole_in_time_order_with_labels() {
    let r = recording();
    assert_eq!(r.error_count(), 0);
    assert_eq!(r.mode(), Some(Mode::Three));
    assert!(r.frames.len() > 150);
    let times: Vec<f64> = r.frames.iter().map(|f| f.t.unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] < w[1]));
    for label in [
        "falling",
        "settling",
        "sliding",
        "tipping over the end",
        "tunnelling",
    ] {
        assert!(
            r.frames.iter().any(|f| f.label.as_deref() == Some(label)),
            "no {label} frame"
        );
    }
}

#[test]
fn the_verdict_and_the_deciding_axis_change_several_times() {
    let v = verdicts(&recording());
    for word in ["separated", "intersecting", "touching"] {
        assert!(v.iter().any(|(w, _)| *w == word), "never {word}");
    }
    assert!(changes(v.iter().map(|(w, _)| *w)) >= 10);
    let axes = v
        .iter()
        .filter(|(w, _)| *w == "intersecting")
        .map(|(_, k)| *k);
    assert!(changes(axes) >= 3, "{v:?}");
    // face and edge axes both decide some frames
    assert!(v.iter().any(|(_, k)| *k < 6) && v.iter().any(|(_, k)| *k >= 6));
}

#[cfg(feature = "parry")]
#[test]
fn parry3d_is_short_on_a_stretch_of_the_tunnelling_frames() {
    use satbox::engines::ask::ask_one;
    use satbox::engines::compare::Truth;
    use satbox::engines::{EngineName, Question};
    let r = recording();
    let short: Vec<usize> = r
        .good_frames()
        .filter(|(_, _, case)| {
            let question = Question::of(case.pair);
            let parry = ask_one(EngineName::Parry, &question, &Truth::of_question(&question));
            parry
                .comparison
                .iter()
                .flat_map(|c| &c.disagreements)
                .any(|d| d.known.is_some())
        })
        .map(|(k, _, _)| k)
        .collect();
    assert!(short.len() >= 5, "{short:?}");
    assert!(
        short.windows(2).all(|w| w[1] == w[0] + 1),
        "one stretch: {short:?}"
    );
    assert!(short
        .iter()
        .all(|k| r.frames[*k].label.as_deref() == Some("tunnelling")));
}

#[test]
fn the_recording_is_what_the_example_writes() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/recordings/box-settling.jsonl"),
    )
    .unwrap();
    let written = record_settling::frames();
    let on_disk: Vec<&str> = text.lines().collect();
    assert_eq!(written.len(), on_disk.len());
    // the same numbers, to within the last bits a platform's sin/cos may differ by
    for (w, d) in written.iter().zip(on_disk) {
        let (w, d): (serde_json::Value, serde_json::Value) = (
            serde_json::from_str(w).unwrap(),
            serde_json::from_str(d).unwrap(),
        );
        assert_eq!(w["label"], d["label"]);
        for name in ["a", "b"] {
            for field in ["center", "half_extents", "rotation"] {
                let (x, y) = (&w[name][field], &d[name][field]);
                for (p, q) in x.as_array().unwrap().iter().zip(y.as_array().unwrap()) {
                    let (p, q) = (p.as_f64().unwrap(), q.as_f64().unwrap());
                    assert!((p - q).abs() <= 1e-5 * (1.0 + q.abs()), "{w} vs {d}");
                }
            }
        }
    }
}
