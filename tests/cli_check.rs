//! `satbox check`: the built binary, fed JSON Lines on stdin (`check -`) or from a file.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

const GOOD3_APART: &str = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#;
const GOOD3_OVERLAP: &str = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[1.5,0.25,0],"half_extents":[1,1,1],"rotation":[0,0,0,2]}}"#;
/// Unit squares, B turned 45° at (2, 2): separated by B.u0 (axis 2), gap √2 − 1.
const GOOD2_APART: &str = r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0},"b":{"center":[2,2],"half_extents":[1,1],"angle":0.7853981633974483}}"#;
const GOOD2_TOUCH: &str = r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0},"b":{"center":[2,0],"half_extents":[1,1],"angle":0}}"#;

struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn lines(&self) -> Vec<Value> {
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
            .collect()
    }
}

fn satbox(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_satbox"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the satbox binary runs");
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let run = Run {
        status: out.status.code().expect("exited, not killed by a signal"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "satbox panicked: {}",
        run.stderr
    );
    run
}

fn check_stdin(input: &str) -> Run {
    satbox(&["check", "-"], input.as_bytes())
}

/// A file in the temporary folder, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> Self {
        let path = std::env::temp_dir().join(format!(
            "satbox-cli-check-{}-{name}.jsonl",
            std::process::id()
        ));
        std::fs::write(&path, contents).unwrap();
        Self(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn line(parts: &[&str]) -> String {
    parts.join("\n") + "\n"
}

/// The positions of `"key":` in `text` rise in the given order.
fn assert_keys_in_order(text: &str, keys: &[&str]) {
    let mut last = 0;
    for key in keys {
        let pattern = format!("\"{key}\":");
        let at = text[last..]
            .find(&pattern)
            .unwrap_or_else(|| panic!("{key} missing or out of order in {text}"))
            + last;
        last = at + pattern.len();
    }
}

const TOP_KEYS: [&str; 13] = [
    "line",
    "intersect",
    "touching",
    "first_separating_axis",
    "separating_axes",
    "depth",
    "normal",
    "min_axis",
    "manifold",
    "separation_distance",
    "closest_points",
    "gjk",
    "axes",
];
const GJK_KEYS: [&str; 7] = [
    "distance",
    "depth",
    "normal",
    "iterations",
    "epa_iterations",
    "stopped",
    "support_evaluations",
];
const MANIFOLD_KEYS: [&str; 5] = ["normal", "kind", "axis", "strict_axis", "points"];
const POINT_KEYS: [&str; 4] = ["point", "separation", "id", "feature"];
const AXIS_KEYS: [&str; 8] = [
    "index",
    "kind",
    "axis",
    "degenerate",
    "ra",
    "rb",
    "distance",
    "gap",
];

fn object_keys(v: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

fn sorted(keys: &[&'static str]) -> Vec<&'static str> {
    let mut k = keys.to_vec();
    k.sort_unstable();
    k
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

#[test]
fn a_separated_3d_pair_names_axis_0_and_lists_15_axes_in_order() {
    let run = check_stdin(&line(&[GOOD3_APART]));
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("{\"line\":1,\"intersect\":"));
    assert_keys_in_order(&run.stdout, &TOP_KEYS);
    let out = &run.lines()[0];
    assert_eq!(object_keys(out), sorted(&TOP_KEYS));
    assert_eq!(out["intersect"], false);
    assert_eq!(out["first_separating_axis"], 0);
    // aligned cubes 3 apart on x: A.u0, B.u0 and the edge axes y×z (11) and z×y (13) are all x
    assert_eq!(out["separating_axes"], serde_json::json!([0, 3, 11, 13]));
    assert!(out["depth"].is_null() && out["normal"].is_null() && out["min_axis"].is_null());
    assert!(out["manifold"].is_null());
    // GJK beside: 1 apart along +x, within its relative tolerance; EPA never ran
    let gjk = &out["gjk"];
    assert_eq!(object_keys(gjk), sorted(&GJK_KEYS));
    assert!((num(&gjk["distance"]) - 1.0).abs() < 1.1e-3, "{gjk}");
    assert!(
        gjk["depth"].is_null() && gjk["epa_iterations"].is_null(),
        "{gjk}"
    );
    assert!(num(&gjk["normal"][0]) > 0.999, "from A to B: {gjk}");
    assert!(["converged", "tolerance"].contains(&gjk["stopped"].as_str().unwrap()));
    // face to face, 1 apart: the distance is the gap, between the facing faces
    assert_eq!(num(&out["separation_distance"]), 1.0);
    let closest = out["closest_points"].as_array().unwrap();
    assert_eq!(num(&closest[0][0]), 1.0);
    assert_eq!(num(&closest[1][0]), 2.0);
    let axes = out["axes"].as_array().unwrap();
    assert_eq!(axes.len(), 15);
    let axes_text = &run.stdout[run.stdout.find("\"axes\":").unwrap()..];
    assert_keys_in_order(axes_text, &AXIS_KEYS);
    for (k, ax) in axes.iter().enumerate() {
        assert_eq!(object_keys(ax), sorted(&AXIS_KEYS));
        assert_eq!(ax["index"], k);
        let kind = match k {
            0..=2 => "face_a",
            3..=5 => "face_b",
            _ => "edge",
        };
        assert_eq!(ax["kind"], kind, "axis {k}");
        assert_eq!(ax["axis"].as_array().unwrap().len(), 3);
        assert_eq!(ax["degenerate"], [6, 10, 14].contains(&k), "axis {k}");
        let gap = num(&ax["distance"]) - num(&ax["ra"]) - num(&ax["rb"]);
        assert!((num(&ax["gap"]) - gap).abs() < 1e-6);
    }
    assert_eq!(num(&axes[0]["gap"]), 1.0);
}

#[test]
fn an_overlapping_3d_pair_gives_depth_normal_and_min_axis() {
    let run = check_stdin(&line(&[GOOD3_OVERLAP]));
    assert_eq!(run.status, 0);
    let out = &run.lines()[0];
    assert_eq!(out["intersect"], true);
    assert!(out["first_separating_axis"].is_null());
    assert_eq!(out["separating_axes"], serde_json::json!([]));
    assert_eq!(num(&out["depth"]), 0.5);
    assert_eq!(out["normal"], serde_json::json!([1.0, 0.0, 0.0]));
    assert_eq!(out["min_axis"], 0);
    // EPA beside: the same depth and normal from A ⊖ B
    let gjk = &out["gjk"];
    assert!(gjk["distance"].is_null(), "{gjk}");
    assert!((num(&gjk["depth"]) - 0.5).abs() < 1e-6, "{gjk}");
    assert_eq!(gjk["normal"], serde_json::json!([1.0, 0.0, 0.0]));
    assert!(gjk["epa_iterations"].as_u64().unwrap() >= 1, "{gjk}");
}

#[test]
fn a_2d_pair_lists_4_axes_and_names_b_u0() {
    let run = check_stdin(&line(&[GOOD2_APART, GOOD2_TOUCH]));
    assert_eq!(run.status, 0);
    assert_keys_in_order(run.stdout.lines().next().unwrap(), &TOP_KEYS);
    let out = run.lines();
    assert_eq!(out.len(), 2);
    assert_eq!(out[0]["intersect"], false);
    assert_eq!(out[0]["first_separating_axis"], 2);
    let axes = out[0]["axes"].as_array().unwrap();
    assert_eq!(axes.len(), 4);
    let kinds: Vec<&str> = axes.iter().map(|a| a["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["face_a", "face_a", "face_b", "face_b"]);
    for ax in axes {
        assert_eq!(ax["axis"].as_array().unwrap().len(), 2);
        assert_eq!(ax["degenerate"], false);
    }
    assert!((num(&axes[2]["gap"]) - (2f64.sqrt() - 1.0)).abs() < 1e-5);
    // touching squares: intersecting at depth 0 along +x
    assert_eq!(out[1]["intersect"], true);
    assert_eq!(num(&out[1]["depth"]), 0.0);
    assert_eq!(out[1]["normal"], serde_json::json!([1.0, 0.0]));
    assert_eq!(out[1]["min_axis"], 0);
    // GJK's answers have the pair's dimension
    assert_eq!(out[0]["gjk"]["normal"].as_array().unwrap().len(), 2);
    assert!((num(&out[0]["gjk"]["distance"]) - num(&out[0]["separation_distance"])).abs() < 1e-3);
}

#[test]
fn blank_lines_are_skipped_but_still_counted_in_line_numbers() {
    let input = format!("\n{GOOD3_APART}\n   \n\t\nnot json\n\n{GOOD2_APART}\n");
    let run = check_stdin(&input);
    let out = run.lines();
    assert_eq!(out.len(), 3, "{}", run.stdout);
    assert_eq!(out[0]["first_separating_axis"], 0);
    assert_eq!(out[1]["line"], 5);
    assert_eq!(out[2]["first_separating_axis"], 2);
    assert_eq!(run.status, 1);
}

#[test]
fn windows_line_endings_and_a_missing_final_newline_are_accepted() {
    let input = format!("{GOOD3_APART}\r\n\r\n{GOOD2_APART}");
    let run = check_stdin(&input);
    assert_eq!(run.status, 0, "{}", run.stdout);
    let out = run.lines();
    assert_eq!(out.len(), 2);
    assert_eq!(out[1]["first_separating_axis"], 2);
}

/// Each bad line, what its error must mention.
fn bad_lines() -> Vec<(String, &'static str)> {
    let b3 = r#"{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#;
    let b2 = r#"{"center":[3,0],"half_extents":[1,1],"angle":0}"#;
    let with_a3 = |a: &str| format!(r#"{{"a":{a},"b":{b3}}}"#);
    let with_b3 = |b: &str| {
        format!(
            r#"{{"a":{{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}},"b":{b}}}"#
        )
    };
    vec![
        (r#"{"a": {"center": [0,0,0]"#.to_string(), "invalid JSON"),
        ("NaN".to_string(), "invalid JSON"),
        (
            with_a3(r#"{"center":[NaN,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#),
            "invalid JSON",
        ),
        ("[1, 2, 3]".to_string(), "expected a JSON object"),
        (r#"{"a": 5, "b": 6}"#.to_string(), "box a must be an object"),
        (format!(r#"{{"a":{b3}}}"#), "missing box \"b\""),
        (format!(r#"{{"b":{b3}}}"#), "missing box \"a\""),
        (format!(r#"{{"a":{b2},"b":{b3}}}"#), "mixed dimensions"),
        (
            with_b3(r#"{"center":[3,0,0],"half_extents":[1,-1,1],"rotation":[0,0,0,1]}"#),
            "half_extents[1] is -1",
        ),
        (
            with_b3(r#"{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,0]}"#),
            "zero length",
        ),
        (
            with_b3(r#"{"center":[1e30,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#),
            "beyond the supported range",
        ),
        (
            with_b3(r#"{"center":[0,0,0],"half_extents":[1,1,2e7],"rotation":[0,0,0,1]}"#),
            "beyond the supported range",
        ),
        // beyond f64: serde_json refuses the number itself
        (
            with_b3(r#"{"center":[1e400,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#),
            "invalid JSON",
        ),
        // fine in f64, infinite once read as f32
        (
            with_b3(r#"{"center":[1e39,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#),
            "box b: center[0] = 1e39 is beyond the supported range of +/-1e7 for a centre coordinate",
        ),
        (
            with_b3(r#"{"center":[0,0,0],"half_extents":[1,1,1e39],"rotation":[0,0,0,1]}"#),
            "box b: half_extents[2] = 1e39 is beyond the supported range of +/-1e7 for a half extent",
        ),
        (
            with_b3(r#"{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,-1e39,1]}"#),
            "box b: rotation[2] = -1e39 is too large for a 32-bit float",
        ),
        (
            format!(r#"{{"a":{b2},"b":{{"center":[0,0],"half_extents":[1,1],"angle":1e39}}}}"#),
            "box b: angle = 1e39 is too large for a 32-bit float",
        ),
        (
            with_b3(r#"{"center":[0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#),
            "box b: \"center\" has 2 items; it needs 3 numbers [x, y, z]",
        ),
        (
            with_b3(r#"{"center":[0,0,0],"half_extents":"big","rotation":[0,0,0,1]}"#),
            "box b: \"half_extents\" must be an array of 3 numbers [x, y, z], not a string",
        ),
        (
            with_b3(r#"{"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#),
            "box b: missing \"center\"",
        ),
        (
            with_b3(r#"{"center":[0,0,0],"half_extents":[1,1,1],"size":[2,2,2],"rotation":[0,0,0,1]}"#),
            "box b: has both \"half_extents\" and \"size\"",
        ),
        (
            with_b3(r#"{"center":[0,0,0],"size":[1,1,1],"basis":[[2,0,0],[0,2,0],[0,0,2]]}"#),
            "lengths 2, 2, 2, not 1",
        ),
        (
            with_b3(r#"{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1],"angle":0}"#),
            "both",
        ),
    ]
}

#[test]
fn every_bad_line_is_answered_in_place_while_good_lines_are_still_answered() {
    let bad = bad_lines();
    let mut input = Vec::new();
    for (text, _) in &bad {
        input.push(GOOD3_APART.to_string());
        input.push(text.clone());
    }
    input.push(GOOD2_APART.to_string());
    let run = check_stdin(&(input.join("\n") + "\n"));
    assert_eq!(run.status, 1);
    let out = run.lines();
    assert_eq!(out.len(), input.len(), "one answer per line");
    for (n, (text, expected)) in bad.iter().enumerate() {
        let good = &out[2 * n];
        assert_eq!(good["first_separating_axis"], 0, "good line {}", 2 * n + 1);
        let err = &out[2 * n + 1];
        assert_eq!(object_keys(err), ["error", "line"], "{text} gave {err}");
        assert_eq!(err["line"], 2 * n + 2);
        let message = err["error"].as_str().unwrap();
        assert!(
            message.contains(expected),
            "line {text}: error {message:?} should mention {expected:?}"
        );
    }
    assert_eq!(out.last().unwrap()["first_separating_axis"], 2);
}

/// A NaN in the third record: the message says that NaN is not JSON and gives the record's own
/// line in the file, not the line within the record ("line 1").
#[test]
fn a_nan_is_named_as_not_json_at_the_record_s_own_line() {
    let nan = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[NaN,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#;
    let run = check_stdin(&line(&[GOOD3_APART, GOOD3_OVERLAP, nan]));
    assert_eq!(run.status, 1);
    let out = run.lines();
    assert_eq!(out[2]["line"], 3);
    let message = out[2]["error"].as_str().unwrap();
    assert!(message.contains("NaN is not a JSON number"), "{message}");
    assert!(message.contains("line 3, column 84"), "{message}");
    assert!(!message.contains("line 1"), "{message}");
    // in a record over several lines, the line of the file where the NaN is
    let pretty = "{\n  \"a\": {\"center\": [0, 0, 0], \"half_extents\": [1, 1, 1]},\n  \"b\": {\"center\": [-Infinity, 0, 0], \"half_extents\": [1, 1, 1]}\n}\n";
    let run = check_stdin(&format!("{GOOD3_APART}\n{pretty}"));
    let out = run.lines();
    let message = out[1]["error"].as_str().unwrap();
    assert_eq!(out[1]["line"], 2);
    assert!(
        message.contains("Infinity is not a JSON number"),
        "{message}"
    );
    assert!(message.contains("line 4, column"), "{message}");
}

/// A box whose extents are under a misspelt key: the message names the key it saw and the one
/// it may have meant.
#[test]
fn a_misspelt_extents_key_is_named_with_the_key_it_may_have_meant() {
    let typo = r#"{"a":{"center":[0,0,0],"half_extent":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#;
    let run = check_stdin(&line(&[typo]));
    assert_eq!(run.status, 1);
    let message = run.lines()[0]["error"].as_str().unwrap().to_string();
    assert!(
        message.contains("unknown field \"half_extent\"; did you mean \"half_extents\"?"),
        "{message}"
    );
    let typo = r#"{"a":{"center":[0,0,0],"sise":[1,1,1]},"b":{"center":[3,0,0],"size":[1,1,1]}}"#;
    let message = check_stdin(&line(&[typo])).lines()[0]["error"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        message.contains("unknown field \"sise\"; did you mean \"size\"?"),
        "{message}"
    );
}

#[test]
fn a_huge_but_finite_quaternion_is_normalised_not_called_zero() {
    // |q|² of (1e20, 0, 0, 0) overflows f32; the quaternion is still a half turn about x
    let line_text = r#"{"a":{"center":[0,0,0],"half_extents":[1,2,3],"rotation":[1e20,0,0,0]},"b":{"center":[0,2.5,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#;
    let run = check_stdin(&line(&[line_text]));
    assert_eq!(run.status, 0, "{}", run.stdout);
    let out = &run.lines()[0];
    assert_eq!(out["intersect"], true);
    assert_eq!(num(&out["depth"]), 0.5);
}

#[test]
fn invalid_utf8_is_an_error_line_not_a_crash() {
    let mut input = Vec::new();
    input.extend_from_slice(GOOD3_APART.as_bytes());
    input.extend_from_slice(b"\n{\"a\": \xff\xfe}\n");
    input.extend_from_slice(GOOD2_APART.as_bytes());
    input.push(b'\n');
    let file = TempFile::new("utf8", &input);
    let run = satbox(&["check", file.path()], b"");
    assert_eq!(run.status, 1);
    let out = run.lines();
    assert_eq!(out.len(), 3);
    assert_eq!(out[1]["line"], 2);
    assert!(out[1]["error"].as_str().unwrap().contains("UTF-8"));
    assert_eq!(out[2]["first_separating_axis"], 2);
}

#[test]
fn a_file_argument_reads_the_file_and_exits_0_when_all_lines_are_good() {
    let file = TempFile::new(
        "good",
        line(&[GOOD3_APART, "", GOOD3_OVERLAP, GOOD2_APART]).as_bytes(),
    );
    let run = satbox(&["check", file.path()], b"ignored on stdin");
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    let out = run.lines();
    assert_eq!(out.len(), 3);
    assert_eq!(out[0]["first_separating_axis"], 0);
    assert_eq!(out[1]["min_axis"], 0);
    assert_eq!(out[2]["axes"].as_array().unwrap().len(), 4);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
}

#[test]
fn a_file_with_a_bad_line_exits_1() {
    let file = TempFile::new("bad", line(&[GOOD2_APART, "{}"]).as_bytes());
    let run = satbox(&["check", file.path()], b"");
    assert_eq!(run.status, 1);
    let out = run.lines();
    assert_eq!(out[1]["line"], 2);
    assert!(out[1]["error"].as_str().unwrap().contains("missing box"));
}

#[test]
fn a_missing_file_exits_2_with_a_message_and_no_answers() {
    let path = std::env::temp_dir().join(format!(
        "satbox-cli-check-{}-does-not-exist.jsonl",
        std::process::id()
    ));
    let run = satbox(&["check", path.to_str().unwrap()], b"");
    assert_eq!(run.status, 2);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("cannot read"), "{}", run.stderr);
}

#[test]
fn a_directory_instead_of_a_file_exits_2() {
    let run = satbox(&["check", std::env::temp_dir().to_str().unwrap()], b"");
    assert_eq!(run.status, 2);
    assert!(run.stdout.is_empty());
}

#[test]
fn empty_input_gives_no_answers_and_exit_0() {
    let run = check_stdin("");
    assert_eq!((run.status, run.stdout.as_str()), (0, ""));
    let run = check_stdin("\n\n  \n");
    assert_eq!((run.status, run.stdout.as_str()), (0, ""));
}

#[test]
fn check_answers_agree_with_the_library_report() {
    // the binary's numbers are the library's: same verdict and gaps for a generic turned pair
    let text = r#"{"a":{"center":[0.5,-0.25,1],"half_extents":[1,2,0.75],"rotation":[0.1,0.2,0.3,0.9]},"b":{"center":[1.5,1,0],"half_extents":[0.5,1,1.5],"rotation":[-0.4,0.1,0.2,0.8]}}"#;
    let run = check_stdin(&line(&[text]));
    let out = &run.lines()[0];
    let pair = satbox::scene::pair_from_json(text).unwrap();
    let satbox::scene::Pair::Three(a, b) = pair else {
        panic!("3D pair expected")
    };
    let r = satbox::sat::dim3::report(&a, &b);
    assert_eq!(out["intersect"], r.intersect);
    for (ax, expected) in out["axes"].as_array().unwrap().iter().zip(&r.axes) {
        assert_eq!(num(&ax["gap"]) as f32, expected.gap());
        assert_eq!(ax["degenerate"], expected.degenerate());
    }
}

#[test]
fn every_answer_and_every_error_carries_its_input_line() {
    let input = format!("\n{GOOD3_APART}\n\n{{}}\n{GOOD2_TOUCH}\n");
    let out = check_stdin(&input).lines();
    let lines: Vec<u64> = out.iter().map(|v| v["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [2, 4, 5]);
}

#[test]
fn unknown_fields_are_noted_on_the_line_not_refused() {
    let text = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,2],"mass":3},"b":{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#;
    let run = check_stdin(&line(&[text]));
    assert_eq!(run.status, 0, "{}", run.stdout);
    let out = &run.lines()[0];
    assert_eq!(out["first_separating_axis"], 0);
    assert_eq!(
        out["notes"],
        serde_json::json!([
            "box a: \"rotation\" [0, 0, 0, 2] has length 2, not 1; it was normalised",
            "box a: field \"mass\" is not a box field; ignored"
        ])
    );
    let good = check_stdin(&line(&[GOOD3_APART])).lines();
    assert!(
        good[0].get("notes").is_none(),
        "no notes key when there are none"
    );
}

#[test]
fn touching_squares_print_depth_0_and_touching_true_never_negative_zero() {
    let run = check_stdin(&line(&[GOOD2_TOUCH]));
    assert!(run.stdout.contains("\"touching\":true"), "{}", run.stdout);
    assert!(run.stdout.contains("\"depth\":0.0,"), "{}", run.stdout);
    assert!(!run.stdout.contains("-0.0,") && !run.stdout.contains("-0.0]"));
}

#[test]
fn a_pretty_scene_file_is_one_case() {
    let scene =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/3d-touching.json");
    let run = satbox(&["check", scene.to_str().unwrap()], b"");
    assert_eq!(run.status, 0, "{}", run.stdout);
    let out = run.lines();
    assert_eq!(out.len(), 1);
    assert_eq!(out[0]["line"], 1);
    assert_eq!(out[0]["touching"], true);
    assert_eq!(out[0]["min_axis"], 0);
}

#[test]
fn a_pretty_scene_between_lines_is_one_case_numbered_by_its_first_line() {
    let scene = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/2d-separated.json"),
    )
    .unwrap();
    let lines_in_scene = scene.trim_end().lines().count();
    let input = format!("{GOOD3_APART}\n{}\n{GOOD2_APART}\n", scene.trim_end());
    let run = check_stdin(&input);
    assert_eq!(run.status, 0, "{}", run.stdout);
    let out = run.lines();
    assert_eq!(out.len(), 3);
    assert_eq!(out[1]["line"], 2);
    assert_eq!(out[1]["first_separating_axis"], 0);
    assert_eq!(out[2]["line"], 2 + lines_in_scene as u64);
}

#[test]
fn compact_leaves_out_the_axes() {
    let run = satbox(
        &["check", "--compact", "-"],
        line(&[GOOD3_OVERLAP]).as_bytes(),
    );
    assert_eq!(run.status, 0);
    let out = &run.lines()[0];
    assert!(out.get("axes").is_none());
    assert_eq!(out["min_axis"], 0);
    assert_eq!(num(&out["depth"]), 0.5);
}

#[test]
fn compare_parry_reports_parrys_shallow_depth_with_its_size_and_cause() {
    // parry3d's GJK/EPA stops 0.157 short on this pair
    let shallow = r#"{"a":{"center":[0,0,0],"half_extents":[1.518946,0.9340308,0.25878918],"rotation":[0.77224326,0.46140754,0.32082605,-0.29633445]},"b":{"center":[0.7212764,-0.71368563,0.14598837],"half_extents":[0.84906733,0.5522,1.5770404],"rotation":[-0.12507834,0.17065175,-0.96883315,0.12882482]}}"#;
    let run = satbox(
        &["check", "--compact", "--compare", "parry", "-"],
        line(&[GOOD3_OVERLAP, shallow, GOOD2_APART]).as_bytes(),
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = run.lines();
    assert_eq!(out[0]["parry"]["disagreements"], serde_json::json!([]));
    assert_eq!(out[0]["parry"]["intersect"], true);
    let d = &out[1]["parry"]["disagreements"][0];
    assert_eq!(d["what"], "depth");
    assert!((num(&d["size"]) - 0.157).abs() < 1e-3, "{d}");
    assert!(d["known"].as_str().unwrap().contains("9 of 9,334"), "{d}");
    assert_eq!(out[2]["parry"]["intersect"], false);
    assert!(out[2]["parry"]["depth"].is_null());
}

#[test]
fn compare_parry_on_two_cubes_face_to_face_agrees_and_says_why_parry_lists_eight_points() {
    let cubes = r#"{"a":{"center":[0,0,0],"half_extents":[0.5,0.5,0.5],"rotation":[0,0,0,1]},"b":{"center":[0,1,0],"half_extents":[0.5,0.5,0.5],"rotation":[0,0,0,1]}}"#;
    let run = satbox(
        &["check", "--compact", "--compare", "parry", "-"],
        line(&[cubes]).as_bytes(),
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let p = &run.lines()[0]["parry"];
    // parry's object has every engine's form
    for field in [
        "version",
        "intersect",
        "depth",
        "normal",
        "manifold",
        "distance",
    ] {
        assert!(p.get(field).is_some(), "{field}: {p}");
    }
    assert_eq!(p["manifold"]["points"].as_array().unwrap().len(), 8);
    assert_eq!(p["disagreements"], serde_json::json!([]));
    let why = p["by_design"][0].as_str().unwrap();
    assert!(why.contains("keeps 8 points where satbox keeps 4"), "{why}");
}

#[test]
fn answers_are_written_as_soon_as_a_line_arrives() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_satbox"))
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    for expected in [0, 2] {
        let text = if expected == 0 {
            GOOD3_APART
        } else {
            GOOD2_APART
        };
        writeln!(input, "{text}").unwrap();
        input.flush().unwrap();
        // the answer comes while stdin is still open
        let mut answer = String::new();
        output.read_line(&mut answer).unwrap();
        let v: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(v["first_separating_axis"], expected);
    }
    drop(input);
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_cube_pushed_half_into_another_gets_four_points_at_separation_minus_half_midway_on_x_0_75() {
    // B is A moved by (1.5, 0.25, 0): its face x = 0.5 is clipped to A's face x = 1
    let run = check_stdin(&line(&[GOOD3_OVERLAP]));
    let text = run.stdout.lines().next().unwrap();
    let m = &run.lines()[0]["manifold"];
    let m_text = &text[text.find("\"manifold\":").unwrap()..];
    assert_keys_in_order(m_text, &MANIFOLD_KEYS);
    assert_eq!(object_keys(m), sorted(&MANIFOLD_KEYS));
    assert_eq!(m["kind"], "face_a");
    assert_eq!(
        (m["axis"].clone(), m["strict_axis"].clone()),
        (0.into(), 0.into())
    );
    assert_eq!(m["normal"], serde_json::json!([1.0, 0.0, 0.0]));
    let points = m["points"].as_array().unwrap();
    assert_eq!(points.len(), 4);
    let mut corners = Vec::new();
    let mut ids = std::collections::BTreeSet::new();
    for p in points {
        assert_eq!(object_keys(p), sorted(&POINT_KEYS));
        assert!((num(&p["separation"]) + 0.5).abs() < 1e-6);
        let xyz: Vec<f64> = p["point"].as_array().unwrap().iter().map(num).collect();
        assert!((xyz[0] - 0.75).abs() < 1e-6, "{xyz:?}");
        corners.push((
            (xyz[1] * 100.0).round() as i32,
            (xyz[2] * 100.0).round() as i32,
        ));
        ids.insert(p["id"].as_u64().unwrap());
        assert!(p["feature"].as_str().unwrap().starts_with("A "));
    }
    corners.sort();
    assert_eq!(corners, [(-75, -100), (-75, 100), (100, -100), (100, 100)]);
    assert_eq!(ids.len(), 4, "four different feature pairs");
}

#[test]
fn touching_squares_get_two_points_at_separation_zero_and_apart_ones_none() {
    let run = check_stdin(&line(&[GOOD2_TOUCH, GOOD2_APART]));
    let out = run.lines();
    let m = &out[0]["manifold"];
    assert_eq!(m["kind"], "face_a");
    assert_eq!(m["normal"], serde_json::json!([1.0, 0.0]));
    let points = m["points"].as_array().unwrap();
    assert_eq!(points.len(), 2);
    for p in points {
        assert_eq!(num(&p["separation"]), 0.0);
        assert_eq!(p["point"].as_array().unwrap().len(), 2);
        assert_eq!(num(&p["point"][0]), 1.0);
    }
    assert!(out[1]["manifold"].is_null());
}

#[test]
fn a_case_with_a_margin_in_its_view_gets_speculative_points_and_a_bad_margin_is_an_error() {
    // unit squares 0.01 apart: separated, but within a margin of 0.02
    let apart = r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0},"b":{"center":[2.01,0],"half_extents":[1,1],"angle":0}"#;
    let with_margin = format!(r#"{apart},"view":{{"manifold":{{"margin":0.02}}}}}}"#);
    let without = format!("{apart}}}");
    let bad = format!(r#"{apart},"view":{{"manifold":{{"margin":-1}}}}}}"#);
    let run = check_stdin(&line(&[&with_margin, &without, &bad]));
    assert_eq!(run.status, 1);
    let out = run.lines();
    assert_eq!(out[0]["intersect"], false);
    let points = out[0]["manifold"]["points"].as_array().unwrap();
    assert_eq!(points.len(), 2);
    for p in points {
        assert!((num(&p["separation"]) - 0.01).abs() < 1e-5);
    }
    assert!(out[1]["manifold"].is_null());
    assert_eq!(out[2]["line"], 3);
    assert!(out[2]["error"]
        .as_str()
        .unwrap()
        .contains("view.manifold.margin"));
}

#[test]
fn every_line_gives_the_distance_zero_for_overlapping_and_touching_boxes() {
    let run = check_stdin(&line(&[GOOD3_OVERLAP, GOOD2_TOUCH, GOOD2_APART]));
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = run.lines();
    assert_eq!(num(&out[0]["separation_distance"]), 0.0);
    assert!(
        out[0]["closest_points"].is_null(),
        "intersecting: no closest points"
    );
    assert_eq!(num(&out[1]["separation_distance"]), 0.0, "touching reads 0");
    // a square turned 45° with its corner towards A's corner region: the distance is along no
    // candidate, larger than the best gap
    let d = num(&out[2]["separation_distance"]);
    let best_gap = out[2]["axes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| num(&a["gap"]))
        .fold(f64::MIN, f64::max);
    assert!(d >= best_gap - 1e-6, "{d} < {best_gap}");
    assert_eq!(out[2]["closest_points"].as_array().unwrap().len(), 2);
}

#[test]
fn ten_thousand_lines_across_batches_and_threads_are_answered_in_order_from_a_file_and_a_pipe() {
    // more than two batches of 4096, answered on every core: order and line numbers must hold
    let mut input = String::new();
    let mut expected = Vec::new();
    for i in 1..=10_000usize {
        let (text, intersect) = match i % 5 {
            0 => (GOOD3_APART, Some(false)),
            1 => (GOOD3_OVERLAP, Some(true)),
            2 => (GOOD2_APART, Some(false)),
            3 if i % 997 == 0 => ("{not json", None),
            _ => (GOOD2_TOUCH, Some(true)),
        };
        input.push_str(text);
        input.push('\n');
        expected.push((i as u64, intersect));
    }
    let file = TempFile::new("ten-thousand", input.as_bytes());
    for run in [
        satbox(&["check", "--compact", file.path()], b""),
        satbox(&["check", "--compact", "-"], input.as_bytes()),
    ] {
        assert_eq!(run.status, 1, "a bad line makes the exit status 1");
        let got: Vec<(u64, Option<bool>)> = run
            .lines()
            .iter()
            .map(|v| (v["line"].as_u64().unwrap(), v["intersect"].as_bool()))
            .collect();
        assert_eq!(got.len(), expected.len());
        assert!(got == expected, "answers out of order or wrong");
    }
}

#[test]
fn a_case_with_motion_is_answered_with_its_time_of_impact_and_one_without_has_none() {
    // B 3 to the right of A (1 apart) comes back at 2 per second: they touch at t = 0.5 on axis 0;
    // B moving away never touches; a line without motion has no time_of_impact at all
    let coming = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1]},"b":{"center":[3,0,0],"half_extents":[1,1,1]},"motion":{"b":{"velocity":[-2,0,0]},"dt":1}}"#;
    let going = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1]},"b":{"center":[3,0,0],"half_extents":[1,1,1]},"motion":{"a":{"velocity":[-1,0,0]},"b":{"velocity":[1,0,0]},"dt":1}}"#;
    let turning = r#"{"a":{"center":[0,0],"half_extents":[1,1]},"b":{"center":[3,0],"half_extents":[1,1]},"motion":{"b":{"velocity":[-2,0],"angular_velocity":1},"dt":1}}"#;
    let run = check_stdin(&line(&[coming, going, turning, GOOD3_APART]));
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = run.lines();
    let toi = &out[0]["time_of_impact"];
    assert!((num(&toi["t"]) - 0.5).abs() < 1e-6, "{toi}");
    assert_eq!(toi["axis"], 0);
    assert_eq!(toi["method"], "axis_intervals");
    assert_eq!(toi["normal"], serde_json::json!([1.0, 0.0, 0.0]));
    assert_eq!(toi["points"].as_array().unwrap().len(), 4, "{toi}");
    assert!(out[1]["time_of_impact"].is_null());
    assert!(out[1].as_object().unwrap().contains_key("time_of_impact"));
    let toi = &out[2]["time_of_impact"];
    assert_eq!(toi["method"], "conservative_advancement");
    assert!(
        num(&toi["t"]) > 0.0 && num(&toi["t"]) < 0.5,
        "its corner swings in first: {toi}"
    );
    assert!(!out[3].as_object().unwrap().contains_key("time_of_impact"));
}

#[test]
fn bad_motion_is_that_lines_error_naming_the_field() {
    let cases = [
        (r#""motion":{"dt":-1}"#, "motion.dt is -1"),
        (
            r#""motion":{"b":{"velocity":[1,2]},"dt":1}"#,
            "motion.b.velocity is [1,2]; it must be 3 numbers",
        ),
        (
            r#""motion":{"b":{"velocity":[1,2,3]}}"#,
            "motion.dt is missing",
        ),
    ];
    for (motion, expected) in cases {
        let text = format!(
            r#"{{"a":{{"center":[0,0,0],"half_extents":[1,1,1]}},"b":{{"center":[3,0,0],"half_extents":[1,1,1]}},{motion}}}"#
        );
        let run = check_stdin(&line(&[&text, GOOD3_APART]));
        assert_eq!(run.status, 1, "{text}");
        let out = run.lines();
        assert!(
            out[0]["error"].as_str().unwrap().contains(expected),
            "{}",
            out[0]
        );
        assert_eq!(
            out[1]["intersect"], false,
            "the next line is still answered"
        );
    }
}

// Contacts over time: `since_previous` and `--summary`
// ---------------------------------------------------------------------------------------------

const SINCE_KEYS: [&str; 7] = [
    "persisted_by_id",
    "persisted_by_position",
    "new",
    "lost",
    "flipped",
    "drift",
    "boxes_moved",
];

/// Equal unit cubes stacked 0.01 deep, both turned by fresh 1e-4 rad noise on every line, as
/// `check` lines.
fn jittered_stack(frames: usize) -> String {
    let mut state = 41u64;
    let mut unit = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0
    };
    let mut noise = move || {
        let axis = glam::Vec3::new(unit(), unit(), unit()).normalize_or(glam::Vec3::Z);
        glam::Quat::from_axis_angle(axis, 1e-4).to_array()
    };
    (0..frames)
        .map(|_| {
            let (qa, qb) = (noise(), noise());
            format!(
                r#"{{"a":{{"center":[0,0,0],"half_extents":[0.5,0.5,0.5],"rotation":{qa:?}}},"b":{{"center":[0,0,0.99],"half_extents":[0.5,0.5,0.5],"rotation":{qb:?}}}}}"#
            ) + "\n"
        })
        .collect()
}

#[test]
fn every_line_of_a_recording_after_the_first_says_what_became_of_the_points_of_the_line_before() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/recordings/box-settling.jsonl"
    );
    let run = satbox(&["check", "--compact", path], b"");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let lines = run.lines();
    assert!(lines[0].get("since_previous").is_none());
    let points = |v: &Value| v["manifold"]["points"].as_array().map_or(0, Vec::len);
    let mut flips = 0;
    for (k, l) in lines.iter().enumerate().skip(1) {
        let s = &l["since_previous"];
        assert_eq!(object_keys(s), sorted(&SINCE_KEYS), "line {}", k + 1);
        let n = |key: &str| s[key].as_u64().unwrap() as usize;
        assert_eq!(n("persisted_by_id") + n("new"), points(l));
        assert_eq!(n("persisted_by_id") + n("lost"), points(&lines[k - 1]));
        assert!(n("persisted_by_position") <= points(l));
        assert!(num(&s["drift"]) >= 0.0 && num(&s["boxes_moved"]) >= 0.0);
        flips += usize::from(s["flipped"].as_bool().unwrap());
    }
    // the settling box meets the plate and comes to rest: points appear, then persist
    assert!(lines
        .iter()
        .any(|l| l["since_previous"]["new"].as_u64() > Some(0)));
    assert!(lines
        .iter()
        .any(|l| l["since_previous"]["persisted_by_id"].as_u64() > Some(0)));
    let text = &run.stdout[run.stdout.find('\n').unwrap() + 1..];
    let second = text.lines().next().unwrap();
    assert_keys_in_order(second, &["gjk", "since_previous"]);
    assert_keys_in_order(second, &SINCE_KEYS);
    let _ = flips;
}

#[test]
fn since_previous_and_the_summary_do_not_depend_on_the_threads_or_the_chunks() {
    // 600 lines: several chunks of 128, each first line against the last line of the chunk before
    let file = TempFile::new("stack", jittered_stack(600).as_bytes());
    let one = satbox(&["check", "--summary", "--threads", "1", file.path()], b"");
    let two = satbox(&["check", "--summary", "--threads", "2", file.path()], b"");
    let piped = satbox(
        &["check", "--summary", "--threads", "3", "-"],
        &std::fs::read(&file.0).unwrap(),
    );
    assert_eq!(one.status, 0, "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout, piped.stdout);
    assert_eq!(one.stderr, two.stderr);
    assert_eq!(one.stderr, piped.stderr);
    assert_eq!(one.lines().len(), 600);
}

/// The number after `key` in `text`, up to the next character that is not part of a number.
fn number_after(text: &str, key: &str) -> usize {
    let rest = &text[text
        .find(key)
        .unwrap_or_else(|| panic!("no {key:?} in {text}"))
        + key.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().unwrap()
}

#[test]
fn the_summary_adds_up_the_since_previous_of_every_line_of_a_jittered_stack_of_equal_cubes() {
    let run = satbox(
        &["check", "--compact", "--summary", "-"],
        jittered_stack(200).as_bytes(),
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let summary = run
        .stderr
        .lines()
        .find(|l| l.starts_with("satbox check: since_previous, 199 frames: persisted by id "))
        .unwrap_or_else(|| panic!("no summary in {}", run.stderr));
    let lines = run.lines();
    let sum = |key: &str| -> usize {
        lines[1..]
            .iter()
            .map(|l| l["since_previous"][key].as_u64().unwrap() as usize)
            .sum()
    };
    let before: usize = lines[..199]
        .iter()
        .map(|l| l["manifold"]["points"].as_array().unwrap().len())
        .sum();
    assert!(
        summary.contains(&format!("({} of {before})", sum("persisted_by_id"))),
        "{summary}"
    );
    assert_eq!(number_after(summary, "new "), sum("new"));
    assert_eq!(number_after(summary, "lost "), sum("lost"));
    let flips: Vec<usize> = lines
        .iter()
        .filter(|l| l["since_previous"]["flipped"] == true)
        .map(|l| l["line"].as_u64().unwrap() as usize)
        .collect();
    if flips.is_empty() {
        assert!(summary.contains("no flip"), "{summary}");
    } else {
        assert!(
            summary.contains(&format!(
                "frame{} {}",
                if flips.len() > 1 { "s" } else { "" },
                flips[0]
            )),
            "{summary}"
        );
    }
    // ids name the place, and the reduction keeps the patch's corners: every point of the line
    // before keeps its id
    assert_eq!(sum("persisted_by_id"), before, "{summary}");
    // without --summary, nothing on stderr
    let quiet = satbox(&["check", "--compact", "-"], jittered_stack(3).as_bytes());
    assert!(quiet.stderr.is_empty(), "{}", quiet.stderr);
}

#[test]
fn the_line_after_an_error_line_has_since_previous_null() {
    let run = check_stdin(&line(&[
        GOOD3_OVERLAP,
        "{not json",
        GOOD3_OVERLAP,
        GOOD3_OVERLAP,
    ]));
    assert_eq!(run.status, 1);
    let lines = run.lines();
    assert!(lines[0].get("since_previous").is_none());
    assert!(lines[2]["since_previous"].is_null());
    let s = &lines[3]["since_previous"];
    assert_eq!(s["lost"], 0);
    assert_eq!(s["new"], 0);
    assert_eq!(s["flipped"], false);
    assert_eq!(s["drift"], 0.0);
    assert_eq!(s["persisted_by_id"], s["persisted_by_position"]);
}

#[test]
fn a_forced_feature_from_the_option_or_the_view_builds_the_manifold_on_it() {
    // B's face tied with A's: a cube on a cube, B set off sideways and tilted
    let case = r#"{"a":{"center":[0,0,0],"half_extents":[0.5,0.5,0.5],"rotation":[0,0,0,1]},"b":{"center":[0.3,0,0.99],"half_extents":[0.5,0.5,0.5],"rotation":[0,0.0001,0,1]}}"#;
    let kind = |run: &Run| {
        run.lines()[0]["manifold"]["kind"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let auto = check_stdin(&line(&[case]));
    for (option, expected) in [
        ("face-a", "face_a"),
        ("face-b", "face_b"),
        ("face_b", "face_b"),
    ] {
        let run = satbox(
            &["check", "--feature", option, "-"],
            line(&[case]).as_bytes(),
        );
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert_eq!(kind(&run), expected);
    }
    let forced = satbox(
        &["check", "--feature", "auto", "-"],
        line(&[case]).as_bytes(),
    );
    assert_eq!(forced.stdout, auto.stdout);
    let in_view = case.replacen('{', r#"{"view":{"manifold":{"feature":"face_b"}},"#, 1);
    assert_eq!(kind(&check_stdin(&line(&[&in_view]))), "face_b");
    let bad = case.replacen('{', r#"{"view":{"manifold":{"feature":"corner"}},"#, 1);
    let run = check_stdin(&line(&[&bad]));
    assert_eq!(run.status, 1);
    assert!(run.lines()[0]["error"]
        .as_str()
        .unwrap()
        .contains("view.manifold.feature"));
    let refused = satbox(
        &["check", "--feature", "corner", "-"],
        line(&[case]).as_bytes(),
    );
    assert_eq!(refused.status, 2, "{}", refused.stderr);
}

#[test]
fn the_summary_of_the_jittered_stack_recording_is_the_timelines() {
    // the same text as the window's timeline summary (src/app/timeline.rs, STACK_SUMMARY)
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/recordings/stack-jitter.jsonl"
    );
    let run = satbox(&["check", "--compact", "--summary", path], b"");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        run.stderr.trim_end(),
        "satbox check: since_previous, 199 frames: persisted by id 100.0 % (796 of 796), by \
         position 100.0 %, new 0, lost 0, 4 flips (frames 75, 76, 122, 123), worst drift \
         1.467e-4 against 1.407e-4 moved (×1.04) at frame 3"
    );
}

/// Two unit cubes corner to corner, a's core grown by 0.3: the cores are √3·0.2 = 0.3464 apart.
const ROUNDED_CORNERS: &str = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"radius":0.3},"b":{"center":[2.2,2.2,2.2],"half_extents":[1,1,1]}}"#;

#[test]
fn rounded_cubes_corner_to_corner_are_apart_though_every_candidate_axis_says_they_overlap() {
    let run = check_stdin(&format!("{ROUNDED_CORNERS}\n"));
    assert_eq!(run.status, 0, "{}", run.stderr);
    let v = &run.lines()[0];
    // the answer for the boxes as given is the top level
    assert_eq!(v["intersect"], false);
    let distance = v["separation_distance"].as_f64().unwrap();
    assert!(
        (distance - (0.2 * 3f64.sqrt() - 0.3)).abs() < 1e-5,
        "{distance}"
    );
    assert!(v["first_separating_axis"].is_null() && v["manifold"].is_null());
    assert!(v["depth"].is_null() && v["normal"].is_null());
    // every candidate's shadows are grown by the radius: none separates
    for axis in v["axes"].as_array().unwrap() {
        assert!(axis["gap"].as_f64().unwrap() <= 0.0, "{axis}");
    }
    // what the cores are, and what the candidates alone say
    let r = &v["rounded"];
    assert_eq!(r["radius"], serde_json::json!([0.3, 0.0]));
    assert_eq!(r["cores_overlap"], false);
    assert!((r["cores_distance"].as_f64().unwrap() - 0.34641).abs() < 1e-5);
    // the best of the 15 gaps is 0.2, less the radius: −0.1, "overlapping"
    assert!((r["candidate_gap"].as_f64().unwrap() + 0.1).abs() < 1e-5);
}

/// A Jolt pair as pasted: radius 0.05 on both boxes, cores 0.08 apart. The boxes overlap by 0.02.
const JOLT_PASTED: &str = r#"{"a":{"center":[0,0,0],"half_extents":[2,0.1,2],"rotation":[0,0,0,1],"radius":0.05},"b":{"center":[0.3,0.68,-0.2],"half_extents":[0.5,0.5,0.5],"rotation":[0,0,0,1],"radius":0.05}}"#;

#[test]
fn rounded_boxes_whose_cores_are_apart_overlap_at_the_top_level_and_in_jolt_s_bands() {
    let run = satbox(
        &["check", "--compact", "--profile", "jolt", "-"],
        line(&[JOLT_PASTED]).as_bytes(),
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let v = &run.lines()[0];
    assert_eq!(v["intersect"], true);
    assert!((num(&v["depth"]) - 0.02).abs() < 1e-5, "{v}");
    assert_eq!(v["normal"], serde_json::json!([0.0, 1.0, 0.0]));
    assert!(v["min_axis"].is_null(), "the depth lies along no candidate");
    assert_eq!(v["separation_distance"], 0.0);
    let points = v["manifold"]["points"].as_array().unwrap();
    assert_eq!(points.len(), 4);
    assert!(points
        .iter()
        .all(|p| (num(&p["separation"]) + 0.02).abs() < 1e-5));
    assert!((num(&v["rounded"]["cores_distance"]) - 0.08).abs() < 1e-5);
    // Jolt's bands read the same answer: 0.02 deep, pushed
    let bands = &v["bands"];
    assert!((num(&bands["separation"]) + 0.02).abs() < 1e-5, "{bands}");
    assert_ne!(bands["fate"], "not_made", "{bands}");
    assert!(
        !bands["verdict"].as_str().unwrap().contains("no contact"),
        "{bands}"
    );
}

#[test]
fn a_radius_of_zero_or_none_leaves_the_answer_byte_identical_and_a_bad_one_is_an_error() {
    let sharp = check_stdin(&format!("{GOOD3_OVERLAP}\n")).stdout;
    let zero = GOOD3_OVERLAP.replace(
        "\"half_extents\":[1,1,1],",
        "\"half_extents\":[1,1,1],\"radius\":0,",
    );
    assert_ne!(zero, GOOD3_OVERLAP);
    assert_eq!(check_stdin(&format!("{zero}\n")).stdout, sharp);
    for (bad, says) in [
        ("-0.1", "box a: \"radius\": radius -0.1 is below 0"),
        (
            "\"big\"",
            "box a: \"radius\" must be a number ≥ 0 (a convex radius), not \"big\"",
        ),
    ] {
        let line = GOOD3_OVERLAP.replacen(
            "\"half_extents\":[1,1,1],",
            &format!("\"half_extents\":[1,1,1],\"radius\":{bad},"),
            1,
        );
        let run = check_stdin(&format!("{line}\n"));
        assert_eq!(run.status, 1);
        let error = run.lines()[0]["error"].as_str().unwrap().to_string();
        assert!(error.starts_with(says), "{error}");
    }
}

#[test]
fn overlapping_rounded_cubes_are_deeper_by_both_radii_with_the_manifold_pushed_out() {
    let line = GOOD3_APART.replacen(
        "\"half_extents\":[1,1,1],",
        "\"half_extents\":[1,1,1],\"radius\":0.25,",
        2,
    );
    let v = &check_stdin(&format!("{line}\n")).lines()[0];
    // the cores are 1 apart face to face: the rounded boxes 0.5 apart
    assert_eq!(v["intersect"], false);
    assert!((num(&v["separation_distance"]) - 0.5).abs() < 1e-6);
    let line = GOOD3_APART.replace("[3,0,0]", "[2.25,0,0]").replacen(
        "\"half_extents\":[1,1,1],",
        "\"half_extents\":[1,1,1],\"radius\":0.25,",
        2,
    );
    let v = &check_stdin(&format!("{line}\n")).lines()[0];
    assert_eq!(v["intersect"], true);
    // the cores 0.25 apart, the radii 0.5 together: 0.25 deep
    assert!((num(&v["depth"]) - 0.25).abs() < 1e-6);
    let points = v["manifold"]["points"].as_array().unwrap();
    assert_eq!(points.len(), 4);
    for p in points {
        assert!((num(&p["separation"]) + 0.25).abs() < 1e-6);
        assert!((num(&p["point"][0]) - 1.125).abs() < 1e-6);
    }
}

#[test]
fn an_engine_profile_says_what_its_bands_make_of_the_pair_and_of_each_point() {
    // unit cubes 0.013 apart face to face: Jolt's speculative contact, Box3D's too, MuJoCo none
    let apart = GOOD3_APART.replace("[3,0,0]", "[2.013,0,0]");
    let run = satbox(
        &["check", "--compact", "--profile", "jolt", "-"],
        format!("{apart}\n").as_bytes(),
    );
    let b = &run.lines()[0]["bands"];
    assert_eq!(b["engine"], "Jolt");
    assert_eq!(b["fate"], "speculative");
    assert_eq!(
        b["verdict"],
        "Jolt would make a speculative contact here, 0.013 apart (it makes contacts closer than 0.02); it pushes only below 0"
    );
    // the four corners of the face, each 0.013 apart
    let points = b["points"].as_array().unwrap();
    assert_eq!(points.len(), 4);
    assert!(points.iter().all(|p| p["fate"] == "speculative"));
    // a line's view takes precedence, and may edit the bands
    let line = apart.replacen(
        "}}",
        "},\"view\":{\"profile\":{\"engine\":\"mujoco\",\"detect\":0.02,\"active\":0.015}}}",
        1,
    );
    assert!(line.ends_with("}}}"), "{line}");
    let run = satbox(
        &["check", "--compact", "--profile", "jolt", "-"],
        format!("{line}\n").as_bytes(),
    );
    assert_eq!(run.lines()[0]["bands"]["fate"], "pushed", "{}", run.stdout);
    // no profile: no "bands"
    assert!(check_stdin(&format!("{apart}\n")).lines()[0]
        .get("bands")
        .is_none());
    // an unknown engine is an error line naming the profiles
    let bad = apart.replacen("}}", "},\"view\":{\"profile\":\"havok\"}}", 1);
    let run = check_stdin(&format!("{bad}\n"));
    assert_eq!(run.status, 1);
    assert!(run.lines()[0]["error"]
        .as_str()
        .unwrap()
        .contains("box2d, box3d, jolt, physx, mujoco"));
}

#[test]
fn the_audit_refuses_an_engine_not_built_in_and_no_pairs_and_says_what_it_did_not_ask() {
    let missing = satbox::engines::EngineName::ALL
        .into_iter()
        .find(|e| e.engine().is_none());
    if let Some(engine) = missing {
        let run = satbox(&["audit", "--engines", engine.name(), "--pairs", "5"], b"");
        assert_eq!(run.status, 2, "{}", run.stdout);
        assert!(run.stderr.contains("is not built in"), "{}", run.stderr);
        assert!(run.stderr.contains(engine.how_to_build()), "{}", run.stderr);
        let run = satbox(&["audit", "--pairs", "5"], b"");
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert!(
            run.stdout.contains("Not built in, so not asked:")
                && run.stdout.contains(&format!("- {}: ", engine.name())),
            "{}",
            run.stdout
        );
    }
    for pairs in ["0", "-3", "lots"] {
        let run = satbox(&["audit", "--pairs", pairs], b"");
        assert_eq!(run.status, 2, "--pairs {pairs}: {}", run.stdout);
        assert!(run.stdout.is_empty());
    }
    let run = satbox(&["audit", "--pairs", "5", "--engines", "parry"], b"");
    assert!(
        run.stdout.contains("verdicts agree: of the pairs"),
        "{}",
        run.stdout
    );
}

/// The error of each of `lines`, checked one line each, with the exit status 1.
fn errors_of(lines: &[&str]) -> Vec<String> {
    let run = check_stdin(&line(lines));
    assert_eq!(run.status, 1, "{}", run.stdout);
    run.lines()
        .iter()
        .map(|v| v["error"].as_str().unwrap_or("(answered)").to_string())
        .collect()
}

const B3: &str = r#"{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#;

/// A centre of 4 numbers on a box without a rotation (the rotation is optional) is named with its
/// count, not as a box lacking its fields; so is one of 5 million numbers on a 10 MB line, fast.
#[test]
fn a_centre_of_four_numbers_is_named_with_its_count_rotation_or_not() {
    let four = format!(r#"{{"a":{{"center":[1,1,1,1],"half_extents":[1,1,1]}},"b":{B3}}}"#);
    let none = format!(r#"{{"a":{{"center":[1,1,1,1]}},"b":{B3}}}"#);
    assert_eq!(
        errors_of(&[&four, &none]),
        [
            "box a: \"center\" has 4 numbers; a 3D centre takes 3 numbers [x, y, z] (as \"half_extents\" has 3)",
            "box a: \"center\" has 4 numbers; a centre takes 3 numbers [x, y, z] in 3D, 2 [x, y] in 2D",
        ]
    );
    let huge = format!(
        r#"{{"a":{{"center":[{}1],"half_extents":[1,1,1]}},"b":{B3}}}"#,
        "1,".repeat(4_999_999)
    );
    assert!(huge.len() > 10_000_000);
    let start = std::time::Instant::now();
    let errors = errors_of(&[&huge, GOOD3_APART]);
    assert_eq!(
        errors[0],
        "box a: \"center\" has 5000000 numbers; a 3D centre takes 3 numbers [x, y, z] (as \"half_extents\" has 3)"
    );
    assert_eq!(errors[1], "(answered)");
    assert!(
        start.elapsed() < std::time::Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
}

/// A box whose centre has 2 numbers and its half extents 3 says so, not "mixed dimensions".
#[test]
fn a_centre_and_half_extents_of_different_lengths_are_named_with_both_counts() {
    let a = format!(r#"{{"a":{{"center":[1,1],"half_extents":[1,1,1]}},"b":{B3}}}"#);
    let b = r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0},"b":{"center":[0,0,0],"size":[2,2]}}"#;
    assert_eq!(
        errors_of(&[&a, b]),
        [
            "box a: \"center\" has 2 numbers but \"half_extents\" has 3; a box's centre and extents have as many numbers: 3 in 3D, 2 in 2D",
            "box b: \"center\" has 3 numbers but \"size\" has 2; a box's centre and extents have as many numbers: 3 in 3D, 2 in 2D",
        ]
    );
}

/// A key given twice (serde_json would keep the last silently) is that line's error naming the
/// key and its box; the lines around it are answered as before.
#[test]
fn a_key_given_twice_is_the_line_s_error_naming_the_key() {
    let a_twice = format!(
        r#"{{"a":{{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}},"a":{B3},"b":{B3}}}"#
    );
    let centre_twice = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1]},"b":{"center":[3,0,0],"half_extents":[1,1,1],"center":[9,0,0]}}"#;
    let mode_twice = format!(
        r#"{{"mode":"3d","a":{{"center":[0,0,0],"half_extents":[1,1,1]}},"b":{B3},"mode":"3d"}}"#
    );
    let fix = "a key given twice is read as its last value, so give each key once";
    assert_eq!(
        errors_of(&[
            GOOD3_APART,
            &a_twice,
            centre_twice,
            &mode_twice,
            GOOD2_APART
        ]),
        [
            "(answered)".to_string(),
            format!("the case has \"a\" twice; {fix}"),
            format!("box b: \"center\" is given twice; {fix}"),
            format!("the case has \"mode\" twice; {fix}"),
            "(answered)".to_string(),
        ]
    );
}

/// `satbox link` on a file of several check lines says that a link holds one case and how to
/// pick one; `--line N` picks the case on line N.
#[test]
fn link_of_a_file_of_several_check_lines_says_how_to_pick_one_with_line() {
    let file = TempFile::new(
        "link-three",
        line(&[GOOD3_APART, GOOD3_OVERLAP, GOOD2_APART]).as_bytes(),
    );
    let run = satbox(&["link", file.path()], b"");
    assert_eq!(run.status, 1, "{}", run.stdout);
    assert!(run.stdout.is_empty());
    assert_eq!(
        run.stderr,
        format!(
            "satbox link: {}: it holds 3 cases (on lines 1, 2 and 3); a link holds one case: pick one with --line N, as in `satbox link FILE --line 1`\n",
            file.path()
        )
    );
    let run = satbox(&["link", file.path(), "--line", "3"], b"");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("#satbox=1&mode=2d&a.center=0,0&"),
        "{}",
        run.stdout
    );
    let run = satbox(&["link", file.path(), "--line", "4"], b"");
    assert_eq!(run.status, 1);
    assert!(
        run.stderr.ends_with(
            "--line 4: no case starts on line 4; the file's cases start on lines 1, 2 and 3\n"
        ),
        "{}",
        run.stderr
    );
    let help = satbox(&["link", "--help"], b"");
    assert!(help.stdout.contains("--line <N>"), "{}", help.stdout);
}
