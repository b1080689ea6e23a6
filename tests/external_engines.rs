//! Engines out of process, through the binary as a user runs it: `satbox engine parry` gives
//! parry's own answers bit for bit; an engine that crashes, hangs, writes garbage, answers another
//! request or writes a NaN fails only its own pairs, and every line of `check` is still answered,
//! in order, with everything else unchanged; `satbox engine-test` passes a good engine and says
//! what to fix in a bad one. The misbehaving engine is tests/external/misbehaving.py (Python 3).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

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

fn satbox(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_satbox"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the satbox binary runs");
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.as_bytes().to_vec();
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

/// An engines file in a folder of its own, naming `engines` (name, command) with `timeout_s`.
fn engines_file(test: &str, engines: &[(&str, Vec<String>)], timeout_s: f32) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(test);
    std::fs::create_dir_all(&dir).unwrap();
    let mut text = String::new();
    for (name, command) in engines {
        let command: Vec<String> = command.iter().map(|c| format!("{c:?}")).collect();
        text += &format!(
            "[engines.\"{name}\"]\ncommand = [{}]\ntimeout_s = {timeout_s}\n\n",
            command.join(", ")
        );
    }
    let path = dir.join("engines.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// The misbehaving engine of `kind`, misbehaving on its `k`-th request.
fn misbehaving(kind: &str, k: usize) -> Vec<String> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/external/misbehaving.py");
    assert!(
        Command::new(&python).arg("--version").output().is_ok(),
        "these tests run an engine in Python: install python3 (or name one in PYTHON)"
    );
    vec![python, script.into(), kind.into(), k.to_string()]
}

/// Six lines: 3D and 2D, overlapping and apart, one with rounded boxes.
const LINES: &str = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1]},"b":{"center":[1.5,0.2,0],"half_extents":[1,1,1]}}
{"a":{"center":[0,0],"half_extents":[1,1]},"b":{"center":[1.8,0.5],"half_extents":[1,0.5],"angle":0.3}}
{"a":{"center":[0,0,0],"half_extents":[1,2,0.5],"rotation":[0,0,0.38268343,0.9238795]},"b":{"center":[2,1,0],"half_extents":[1,1,1]}}
{"a":{"center":[0,0,0],"half_extents":[1,1,1]},"b":{"center":[3,0,0],"half_extents":[1,1,1]}}
{"a":{"center":[0,0,0],"half_extents":[1,1,1],"radius":0.1},"b":{"center":[2.1,0,0],"half_extents":[1,1,1],"radius":0.1}}
{"a":{"center":[0,0],"half_extents":[2,0.5]},"b":{"center":[0,1.2],"half_extents":[1,1],"angle":0.1}}
"#;

/// `line` without the engine `name`'s object.
fn without(line: &Value, name: &str) -> Value {
    let mut line = line.clone();
    line.as_object_mut().unwrap().remove(name);
    line
}

#[test]
fn parry_served_over_the_protocol_answers_as_parry_in_process_bit_for_bit() {
    let served = vec![
        env!("CARGO_BIN_EXE_satbox").to_string(),
        "engine".into(),
        "parry".into(),
    ];
    let file = engines_file("served", &[("parry-served", served)], 10.0);
    let filed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/audit/filed-bugs.jsonl"
    ))
    .unwrap();
    let input = format!("{LINES}{filed}");
    let run = satbox(
        &[
            "--engines-file",
            file.to_str().unwrap(),
            "check",
            "--compact",
            "--compare",
            "parry,parry-served",
            "-",
        ],
        &input,
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines.len(), input.lines().count());
    for line in &lines {
        // the same answer, every number to the last bit; the sentences name the engine asked
        let served = line["parry-served"]
            .to_string()
            .replace("parry-served", "parry");
        assert_eq!(served, line["parry"].to_string(), "line {}", line["line"]);
        assert!(line["parry"].get("intersect").is_some(), "{line}");
    }
}

#[test]
fn each_kind_of_misbehaving_engine_fails_only_its_own_pair_and_every_line_is_answered_in_order() {
    let plain = satbox(&["check", "--compact", "-"], LINES);
    assert_eq!(plain.status, 0);
    let plain = plain.lines();
    for (kind, says) in [
        ("crash", "it ended"),
        ("hang", "no answer within 1 s"),
        ("garbage", "a line that is not an answer"),
        ("wrong-id", "where request"),
        ("nan", "not finite"),
    ] {
        let file = engines_file(kind, &[(kind, misbehaving(kind, 3))], 1.0);
        let run = satbox(
            &[
                "--engines-file",
                file.to_str().unwrap(),
                "check",
                "--compact",
                "--compare",
                kind,
                "--threads",
                "1",
                "-",
            ],
            LINES,
        );
        assert_eq!(run.status, 0, "{kind}: {}", run.stderr);
        let lines = run.lines();
        assert_eq!(lines.len(), plain.len(), "{kind}: every line answered");
        for (k, (line, before)) in lines.iter().zip(&plain).enumerate() {
            assert_eq!(line["line"], k + 1, "{kind}: in order");
            assert_eq!(
                &without(line, kind),
                before,
                "{kind}: line {} unchanged",
                k + 1
            );
            let engine = &line[kind];
            // it misbehaves on the 3rd pair each process of it is asked: lines 3 and 6
            if k % 3 == 2 {
                let failed = engine["failed"]
                    .as_str()
                    .unwrap_or_else(|| panic!("{kind}: {engine}"));
                assert!(failed.contains(says), "{kind}: {failed}");
            } else {
                // started again after its failure, it answers the pairs after it
                assert!(
                    engine.get("intersect").is_some(),
                    "{kind}: line {}: {engine}",
                    k + 1
                );
            }
        }
        if kind == "crash" {
            assert!(lines[2][kind]["stderr"].as_str().unwrap().contains("boom"));
        }
    }
}

#[test]
fn an_engine_failing_every_pair_is_given_up_after_three_restarts() {
    let file = engines_file("always-crash", &[("crash", misbehaving("crash", 1))], 2.0);
    let run = satbox(
        &[
            "--engines-file",
            file.to_str().unwrap(),
            "check",
            "--compare",
            "crash,parry",
            "--threads",
            "1",
            "-",
        ],
        LINES,
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines.len(), 6);
    for (k, line) in lines.iter().enumerate() {
        let failed = line["crash"]["failed"].as_str().unwrap_or_default();
        match k {
            0..=3 => assert!(failed.starts_with("it ended"), "line {}: {failed}", k + 1),
            _ => assert!(
                failed.starts_with("gave up after 3 restarts: it ended"),
                "line {}: {failed}",
                k + 1
            ),
        }
        assert!(
            line["parry"].get("intersect").is_some(),
            "parry still answers"
        );
    }
}

#[test]
fn an_engine_without_a_proper_hello_fails_its_pairs_with_why() {
    for (kind, says) in [
        ("no-hello", "no hello: no answer within 1 s"),
        ("bad-hello", "version 9 of the protocol"),
    ] {
        let file = engines_file(kind, &[(kind, misbehaving(kind, 1))], 1.0);
        let one = LINES.lines().next().unwrap();
        let run = satbox(
            &[
                "--engines-file",
                file.to_str().unwrap(),
                "check",
                "--compare",
                kind,
                "-",
            ],
            one,
        );
        assert_eq!(run.status, 0, "{}", run.stderr);
        let failed = run.lines()[0][kind]["failed"].as_str().unwrap().to_string();
        assert!(failed.contains(says), "{kind}: {failed}");
    }
}

#[test]
fn engine_test_passes_a_good_engine_and_says_what_to_fix_in_a_bad_one() {
    let kinds = ["good", "flipped", "wxyz", "nan", "crash"];
    let engines: Vec<(&str, Vec<String>)> = kinds.iter().map(|k| (*k, misbehaving(k, 3))).collect();
    let file = engines_file("engine-test", &engines, 2.0);
    let file = file.to_str().unwrap();
    let test = |kind: &str| {
        satbox(
            &["--engines-file", file, "engine-test", kind, "--pairs", "40"],
            "",
        )
    };
    let good = test("good");
    assert_eq!(good.status, 0, "{}", good.stdout);
    assert!(
        good.stdout.contains("good speaks the engine protocol"),
        "{}",
        good.stdout
    );
    assert!(!good.stdout.contains("FAIL"), "{}", good.stdout);
    for (kind, fix) in [
        ("flipped", "the protocol's normal points from A to B"),
        ("wxyz", "read \"rotation\" as a quaternion [x, y, z, w]"),
        ("nan", "NaN and Infinity are not JSON"),
        ("crash", "never an exit"),
    ] {
        let run = test(kind);
        assert_eq!(run.status, 1, "{kind}: {}", run.stdout);
        assert!(run.stdout.contains("FAIL"), "{kind}: {}", run.stdout);
        assert!(run.stdout.contains(fix), "{kind}: {}", run.stdout);
        assert!(run
            .stdout
            .contains("does not speak the engine protocol yet"));
    }
}

#[test]
fn engine_test_of_a_built_in_engine_serves_it_through_satbox_engine() {
    let run = satbox(&["engine-test", "parry", "--pairs", "40"], "");
    assert_eq!(run.status, 0, "{}", run.stdout);
    assert!(run.stdout.contains("satbox engine parry"), "{}", run.stdout);
}

#[test]
fn a_bad_engines_file_or_an_unknown_engine_is_a_message_and_status_2() {
    let missing = satbox(
        &["--engines-file", "/nonexistent/engines.toml", "check", "-"],
        "",
    );
    assert_eq!(missing.status, 2);
    assert!(
        missing.stderr.contains("cannot read the engines file"),
        "{}",
        missing.stderr
    );
    let unknown = satbox(&["check", "--compare", "mujoco-2.0", "-"], "");
    assert_eq!(unknown.status, 2);
    assert!(
        unknown.stderr.contains("engines file"),
        "{}",
        unknown.stderr
    );
    let not_built = satbox(&["engine", "mine"], "");
    assert_eq!(not_built.status, 2);
    assert!(
        not_built.stderr.contains("not a built-in engine"),
        "{}",
        not_built.stderr
    );
}

#[test]
fn satbox_engine_refuses_settings_and_a_first_line_that_is_not_the_hello() {
    let settings = satbox(
        &["engine", "parry"],
        "{\"satbox_engine\": 1, \"settings\": {\"margin\": 1}}\n",
    );
    assert_eq!(settings.status, 2);
    assert!(
        settings.stderr.contains("unknown setting \"margin\""),
        "{}",
        settings.stderr
    );
    let no_hello = satbox(&["engine", "parry"], "{\"id\": 1}\n");
    assert_eq!(no_hello.status, 2);
    assert!(no_hello.stderr.contains("hello"), "{}", no_hello.stderr);
    let fine = satbox(
        &["engine", "parry"],
        "{\"satbox_engine\": 1, \"settings\": {}}\n{\"id\": 4, \"a\": {\"center\": [0, 0, 0], \"half_extents\": [1, 1, 1]}, \"b\": {\"center\": [1, 0, 0], \"half_extents\": [1, 1, -1]}}\n",
    );
    assert_eq!(fine.status, 0, "{}", fine.stderr);
    let lines = fine.lines();
    assert_eq!(lines[0]["name"], "parry");
    assert_eq!(lines[1]["id"], 4);
    assert!(
        lines[1]["error"].as_str().unwrap().contains("half extent"),
        "{}",
        lines[1]
    );
}

#[test]
fn the_adapters_in_the_protocols_docs_are_the_ones_ci_tests() {
    let root = env!("CARGO_MANIFEST_DIR");
    let docs = std::fs::read_to_string(format!("{root}/docs/engine-protocol.md")).unwrap();
    let python =
        std::fs::read_to_string(format!("{root}/adapters/examples/minimal_mujoco.py")).unwrap();
    assert!(
        docs.contains(&python),
        "docs/engine-protocol.md shows minimal_mujoco.py as it is"
    );
    assert!(
        python.lines().count() <= 45,
        "the minimal adapter stays minimal"
    );
    let cpp = std::fs::read_to_string(format!("{root}/adapters/examples/ode_adapter.cpp")).unwrap();
    let start = cpp.find("static json answer(").unwrap();
    let end = start + cpp[start..].find("\n}\n").unwrap() + 3;
    assert!(
        docs.contains(&cpp[start..end]),
        "docs/engine-protocol.md shows ode_adapter.cpp's answer as it is"
    );
}
