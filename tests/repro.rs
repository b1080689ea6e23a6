//! `satbox repro`, through the binary as a user runs it: for each kind of engine, on the pairs of
//! tests/repro/pairs.jsonl (for each, an agreement and a disagreement where one is known), the
//! folder written builds and runs, and the last line `run.sh` prints is the answer
//! `check --compare ENGINE` printed for that engine, to the bit (every number read back as the
//! `f32` satbox holds). Bad input writes nothing and exits 2.
//!
//! The pairs: 1 cubes overlapping (every engine agrees), 2 apart (every engine agrees; MuJoCo's
//! and Bullet's GJK distance), 3 an edge pair on which ODE and Bullet disagree (depth and
//! normal), 4 a pair on which parry3d's and Jolt's depths are short, 5 two concentric cubes (Bullet's GJK/EPA
//! disagrees, MuJoCo Warp's native CCD finds them apart), 6 a 2D pair, 7 round cuboids, 8 a 2D pair apart, 9 rounded rectangles apart, 10
//! the preset on which Box3D's depth is its deepest corner's.
//!
//! Each built-in engine's repro runs with its engine's feature (MuJoCo: a Python with `mujoco` at
//! the linked version, `$PYTHON` or the CI's virtual environment; ODE and Bullet: Debian's
//! libraries through pkg-config; with `all-engines`, parry: Cargo and crates.io, and Box2D: CMake
//! and the `boxdd-sys` crate's vendored sources, found by `cargo metadata`, and Box3D and Jolt
//! (`oxijolt-sys`) likewise; Coal, MJX and MuJoCo Warp: the CI's engines file and virtual environments, target/engines).
//! Without what the repro needs, its test says so and passes, unless `SATBOX_REPRO_REQUIRED=1`
//! (the CI). Box2D and Box3D are built from source for each folder: a pair or two each; Jolt once,
//! into target/repro-jolt, kept for every Jolt folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const PAIRS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/repro/pairs.jsonl");

/// The folder satbox builds into (target/), from the binary's path.
#[cfg(any(feature = "mujoco", feature = "all-engines"))]
fn target_dir() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_satbox"));
    bin.parent().and_then(Path::parent).unwrap().to_path_buf()
}

fn satbox(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_satbox"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// A fresh folder under the system's temporary folder.
fn fresh(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("satbox-repro-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `check --compact --compare ENGINE`'s answer of `engine` on line `line` of the pairs.
fn checked(engine: &str, line: usize, engines_file: &[&str]) -> Value {
    let mut args = engines_file.to_vec();
    args.extend(["check", "--compact", "--compare", engine, PAIRS]);
    let out = satbox(&args);
    let text = String::from_utf8(out.stdout).unwrap();
    let v: Value = serde_json::from_str(text.lines().nth(line - 1).unwrap()).unwrap();
    v[engine].clone()
}

/// The repro's folder for `engine` on line `line`, written by `satbox repro`.
fn written(engine: &str, line: usize, engines_file: &[&str]) -> PathBuf {
    written_into(
        engine,
        line,
        engines_file,
        fresh(&format!("{engine}-{line}")),
    )
}

/// The repro's folder for `engine` on line `line`, written by `satbox repro` into `dir` (which
/// must not hold one yet).
fn written_into(engine: &str, line: usize, engines_file: &[&str], dir: PathBuf) -> PathBuf {
    let mut args = engines_file.to_vec();
    let line_text = line.to_string();
    args.extend([
        "repro", "--engine", engine, PAIRS, "--line", &line_text, "--out",
    ]);
    args.push(dir.to_str().unwrap());
    let out = satbox(&args);
    assert!(
        out.status.success(),
        "satbox repro --engine {engine} --line {line}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir
}

/// The last line `run.sh` prints, run with `env`.
fn run(dir: &Path, env: &[(&str, String)]) -> Value {
    let out = Command::new("sh")
        .arg(dir.join("run.sh"))
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}/run.sh failed:\n{stdout}\n{}",
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let last = stdout.lines().last().unwrap_or_default();
    serde_json::from_str(last).unwrap_or_else(|e| panic!("not JSON: {last}: {e}"))
}

/// A JSON number as the `f32` satbox holds (`None` for anything else).
fn f32_of(v: &Value) -> Option<f32> {
    v.as_f64().map(|x| x as f32)
}

/// Whether two answers' numbers are the same `f32`s (0 and −0 alike), their verdicts the same.
fn same(expected: &Value, got: &Value) -> bool {
    match (expected, got) {
        (Value::Number(_), Value::Number(_)) => f32_of(expected) == f32_of(got),
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
        }
        _ => expected == got,
    }
}

/// Asserts that the repro's answer is check's `own` answer: verdict, depth, normal, points,
/// distance, closest points, and the other answers (Bullet's `also.gjk_epa`).
fn assert_same_answer(engine: &str, line: usize, own: &Value, got: &Value) {
    for key in ["intersect", "depth", "normal", "distance", "closest_points"] {
        assert!(
            same(&own[key], &got[key]),
            "{engine}, line {line}: {key} {} in check, {} in the repro",
            own[key],
            got[key]
        );
    }
    let points = own["manifold"]["points"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let printed = got["points"].as_array().cloned().unwrap_or_default();
    assert_eq!(points.len(), printed.len(), "{engine}, line {line}: {got}");
    for (p, q) in points.iter().zip(&printed) {
        assert!(
            same(&p["point"], &q["position"]) && same(&p["separation"], &q["separation"]),
            "{engine}, line {line}: point {p} in check, {q} in the repro"
        );
    }
    if let Some(also) = own.get("also").and_then(Value::as_object) {
        for (name, answer) in also {
            assert_same_answer(
                &format!("{engine} {name}"),
                line,
                answer,
                &got["also"][name],
            );
        }
    }
}

/// For each of `lines`: the repro of `engine` written, run with `env`, and its answer check's;
/// the README says whether it disagrees as check does.
fn repro_prints_checks_answer(
    engine: &str,
    lines: &[usize],
    env: &[(&str, String)],
    engines_file: &[&str],
) {
    repro_in_prints_checks_answer(engine, lines, env, engines_file, None);
}

/// [`repro_prints_checks_answer`], each repro written into the folder `into` when given (one
/// path for all, so that a build folder outside it keeps what it built), else a fresh one.
fn repro_in_prints_checks_answer(
    engine: &str,
    lines: &[usize],
    env: &[(&str, String)],
    engines_file: &[&str],
    into: Option<&Path>,
) {
    for &line in lines {
        let own = checked(engine, line, engines_file);
        let dir = match into {
            Some(dir) => {
                let _ = std::fs::remove_dir_all(dir);
                written_into(engine, line, engines_file, dir.to_path_buf())
            }
            None => written(engine, line, engines_file),
        };
        let got = run(&dir, env);
        assert_same_answer(engine, line, &own, &got);
        let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
        let disagrees = own["disagreements"]
            .as_array()
            .is_some_and(|d| !d.is_empty());
        assert_eq!(
            readme.contains("disagrees with satbox"),
            disagrees,
            "{readme}"
        );
        assert!(readme.contains("#satbox=1&mode="), "no link in {readme}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}

/// Whether a repro's tools are there; else the test says so, and fails when the CI requires them.
#[cfg(any(feature = "mujoco", feature = "ode", feature = "bullet"))]
fn available(what: &str, ok: bool) -> bool {
    if !ok {
        assert!(
            std::env::var("SATBOX_REPRO_REQUIRED").as_deref() != Ok("1"),
            "SATBOX_REPRO_REQUIRED=1 and {what} is missing"
        );
        eprintln!("skipped: {what} is missing");
    }
    ok
}

/// Whether `program` runs with `args` and succeeds.
#[cfg(any(feature = "mujoco", feature = "ode", feature = "bullet"))]
fn runs(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[cfg(feature = "mujoco")]
#[test]
fn mujocos_repro_prints_the_answer_check_printed_overlapping_apart_and_concentric() {
    // the Python of $PYTHON, else the CI's virtual environment with the linked MuJoCo's wheel
    let venv = target_dir().join("engines/mujoco-3.17.0/bin/python");
    let python = std::env::var("PYTHON").unwrap_or_else(|_| {
        if venv.exists() {
            venv.display().to_string()
        } else {
            "python3".into()
        }
    });
    let version = checked("mujoco", 1, &[])["version"]
        .as_str()
        .unwrap()
        .to_string();
    let same_version = format!("import mujoco, sys; sys.exit(mujoco.__version__ != '{version}')");
    if available(
        &format!("a Python with mujoco {version} ({python})"),
        runs(&python, &["-c", &same_version]),
    ) {
        repro_prints_checks_answer("mujoco", &[1, 2, 3, 5], &[("PYTHON", python)], &[]);
    }
}

#[cfg(feature = "ode")]
#[test]
fn odes_repro_prints_the_answer_check_printed_on_an_agreement_and_its_edge_pair_disagreement() {
    if available("pkg-config ode", runs("pkg-config", &["--exists", "ode"])) {
        repro_prints_checks_answer("ode", &[1, 2, 3], &[], &[]);
    }
}

#[cfg(feature = "bullet")]
#[test]
fn bullets_repro_prints_the_answer_check_printed_with_its_gjk_epa_on_agreements_and_disagreements()
{
    if available(
        "pkg-config bullet-float64",
        runs("pkg-config", &["--exists", "bullet-float64"]),
    ) {
        repro_prints_checks_answer("bullet", &[1, 2, 3, 5], &[], &[]);
    }
}

#[cfg(feature = "all-engines")]
#[test]
fn parrys_repro_prints_the_answer_check_printed_in_3d_2d_round_and_on_its_short_depth() {
    if available("cargo", runs("cargo", &["--version"])) {
        // one build folder for every parry repro (parry is built once)
        let build = target_dir().join("repro-parry");
        let env = [("CARGO_TARGET_DIR", build.display().to_string())];
        repro_prints_checks_answer("parry", &[1, 2, 4, 6, 7], &env, &[]);
    }
}

/// The source tree of `crate` (`boxdd-sys`) as Cargo has it, and `under` in it: where satbox's
/// engine is built from.
#[cfg(feature = "all-engines")]
fn vendored(krate: &str, under: &str) -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--features",
            "all-engines",
        ])
        .arg("--manifest-path")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let package = v["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == krate)
        .unwrap_or_else(|| panic!("no {krate} in cargo metadata"));
    let manifest = Path::new(package["manifest_path"].as_str().unwrap());
    manifest.parent().unwrap().join(under)
}

#[cfg(feature = "all-engines")]
#[test]
fn box2ds_repro_from_the_crates_sources_prints_checks_answer_overlapping_and_rounded_apart() {
    if available("cmake", runs("cmake", &["--version"])) {
        let sources = vendored("boxdd-sys", "third-party/box2d");
        let env = [("BOX2D_DIR", sources.display().to_string())];
        repro_prints_checks_answer("box2d", &[6, 9], &env, &[]);
    }
}

#[cfg(feature = "all-engines")]
#[test]
fn box3ds_repro_from_the_crates_sources_prints_checks_answer_apart_and_its_deepest_corner() {
    if available("cmake", runs("cmake", &["--version"])) {
        let sources = vendored("boxddd-sys", "third-party/box3d");
        let env = [("BOX3D_DIR", sources.display().to_string())];
        repro_prints_checks_answer("box3d", &[2, 10], &env, &[]);
    }
}

#[cfg(feature = "all-engines")]
#[test]
fn jolts_repro_from_the_crates_sources_prints_checks_answer_apart_on_its_short_depth_and_rounded() {
    if available("cmake", runs("cmake", &["--version"])) {
        let sources = vendored("oxijolt-sys", "vendor/JoltPhysics");
        // Jolt is built once, into one build folder kept under target/ for every Jolt repro, each
        // written to the same folder
        let root = target_dir().join("repro-jolt");
        let env = [
            ("JOLT_DIR", sources.display().to_string()),
            ("BUILD_DIR", root.join("build").display().to_string()),
        ];
        repro_in_prints_checks_answer("jolt", &[2, 4, 7], &env, &[], Some(&root.join("folder")));
    }
}

/// The CI's engines file (scripts/external-engines.sh writes it) and the name of its engine
/// whose name starts with `prefix` (`coal-`: `coal-3.0.3`).
#[cfg(feature = "all-engines")]
fn ci_engine(prefix: &str) -> Option<(PathBuf, String)> {
    let file = target_dir().join("engines/engines.toml");
    let text = std::fs::read_to_string(&file).ok()?;
    let name = text
        .lines()
        .filter_map(|l| l.strip_prefix("[engines.\"")?.strip_suffix("\"]"))
        .find(|name| name.starts_with(prefix))?;
    Some((file, name.to_string()))
}

/// The repro of the CI's engine named `prefix…` on `lines`, run in its virtual environment.
#[cfg(feature = "all-engines")]
fn ci_engine_repro_prints_checks_answer(prefix: &str, lines: &[usize]) {
    let engine = ci_engine(prefix);
    let what = format!("the CI's engines file with {prefix}… (scripts/external-engines.sh)");
    if available(&what, engine.is_some()) {
        let (file, name) = engine.unwrap();
        let python = file.parent().unwrap().join(&name).join("bin/python");
        let flag = ["--engines-file", file.to_str().unwrap()];
        let env = [("PYTHON", python.display().to_string())];
        repro_prints_checks_answer(&name, lines, &env, &flag);
    }
}

#[cfg(feature = "all-engines")]
#[test]
fn coals_repro_on_its_own_python_api_prints_the_answer_check_read_from_satbox_s_adapter() {
    ci_engine_repro_prints_checks_answer("coal-", &[1, 2, 3, 4]);
}

#[cfg(feature = "all-engines")]
#[test]
fn mjxs_repro_on_its_own_api_prints_the_answer_check_read_on_an_agreement_and_its_edge_pair() {
    ci_engine_repro_prints_checks_answer("mujoco-mjx-", &[1, 3]);
}

#[cfg(feature = "all-engines")]
#[test]
fn mujoco_warps_repro_on_its_own_api_prints_the_answer_check_read_with_its_concentric_cubes() {
    ci_engine_repro_prints_checks_answer("mujoco-warp-", &[1, 5]);
}

/// An engines file naming satbox's own parry, served over the engine protocol.
fn engines_file() -> PathBuf {
    let path = fresh("engines.toml");
    let text = format!(
        "[engines.served-parry]\ncommand = [{:?}, \"engine\", \"parry\"]\n",
        env!("CARGO_BIN_EXE_satbox")
    );
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn an_external_engines_repro_feeds_it_the_request_and_prints_its_answer_as_check_read_it() {
    let file = engines_file();
    let flag = ["--engines-file", file.to_str().unwrap()];
    repro_prints_checks_answer("served-parry", &[1, 2, 4, 6], &[], &flag);
    std::fs::remove_file(file).unwrap();
}

fn stderr_of(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn an_unknown_engine_an_error_line_and_an_engine_not_asked_write_nothing_and_exit_2() {
    let dir = fresh("refused");
    let out_dir = dir.to_str().unwrap();
    let unknown = satbox(&[
        "repro", "--engine", "nope", PAIRS, "--line", "1", "--out", out_dir,
    ]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        stderr_of(&unknown).contains("unknown engine \"nope\""),
        "{}",
        stderr_of(&unknown)
    );
    let bad = fresh("bad.jsonl");
    std::fs::write(&bad, "{\"a\": {\"center\": [0, 0, 0], \"half_extents\": [1, -1, 1]}, \"b\": {\"center\": [1, 0, 0], \"half_extents\": [1, 1, 1]}}\n").unwrap();
    let error = satbox(&[
        "repro",
        "--engine",
        "parry",
        bad.to_str().unwrap(),
        "--out",
        out_dir,
    ]);
    assert_eq!(error.status.code(), Some(2));
    assert!(
        stderr_of(&error).contains("line 1:") && stderr_of(&error).contains("must be >= 0"),
        "{}",
        stderr_of(&error)
    );
    let several = satbox(&["repro", "--engine", "parry", PAIRS, "--out", out_dir]);
    assert_eq!(several.status.code(), Some(2));
    assert!(
        stderr_of(&several).contains("--line 1"),
        "{}",
        stderr_of(&several)
    );
    // Box2D answers no 3D pair
    let not_asked = satbox(&[
        "repro", "--engine", "box2d", PAIRS, "--line", "1", "--out", out_dir,
    ]);
    assert_eq!(not_asked.status.code(), Some(2));
    assert!(!dir.exists(), "{} was written", dir.display());
    std::fs::remove_file(bad).unwrap();
}

#[cfg(not(feature = "ode"))]
#[test]
fn an_engine_not_built_in_is_named_with_its_build_command_and_exit_2() {
    let dir = fresh("not-built");
    let out = satbox(&[
        "repro",
        "--engine",
        "ode",
        PAIRS,
        "--line",
        "1",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("apt-get install libode-dev"),
        "{}",
        stderr_of(&out)
    );
    assert!(!dir.exists());
}

#[test]
fn files_in_the_folder_are_never_overwritten_without_force_and_stdin_is_read_for_dash() {
    let dir = fresh("force");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("README.md"), "mine").unwrap();
    let args = |force: bool| {
        let mut a = vec![
            "repro",
            "--engine",
            "parry",
            "-",
            "--out",
            dir.to_str().unwrap(),
        ];
        if force {
            a.push("--force");
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_satbox"))
            .args(&a)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let line = std::fs::read_to_string(PAIRS)
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .to_string();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(line.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let refused = args(false);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr_of(&refused).contains("README.md") && stderr_of(&refused).contains("--force"));
    assert_eq!(
        std::fs::read_to_string(dir.join("README.md")).unwrap(),
        "mine"
    );
    assert!(
        !dir.join("run.sh").exists(),
        "a file was written beside the refusal"
    );
    let forced = args(true);
    assert!(forced.status.success(), "{}", stderr_of(&forced));
    assert!(std::fs::read_to_string(dir.join("README.md"))
        .unwrap()
        .starts_with("# parry"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// Asserts that docs/repro.md shows every file of `engine`'s repro of `line` as satbox writes it.
#[cfg(any(all(feature = "mujoco", feature = "ode"), feature = "jolt"))]
fn docs_show_the_folder(engine: &str, line: usize) {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/repro.md")).unwrap();
    let dir = written(engine, line, &[]);
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            doc.contains(&text),
            "docs/repro.md does not show {engine}'s {} as satbox repro writes it",
            path.display()
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[cfg(all(feature = "mujoco", feature = "ode"))]
#[test]
fn the_folders_docs_repro_md_shows_in_full_are_what_satbox_repro_writes() {
    docs_show_the_folder("mujoco", 2);
    docs_show_the_folder("ode", 3);
}

#[cfg(feature = "jolt")]
#[test]
fn the_jolt_folder_docs_repro_md_shows_in_full_is_what_satbox_repro_writes() {
    docs_show_the_folder("jolt", 4);
}

#[test]
fn audit_repro_writes_one_folder_for_each_worst_case_it_prints_and_overwrites_none() {
    let dir = fresh("audit");
    let args = [
        "audit",
        "--pairs",
        "30",
        "--engines",
        "parry",
        "--repro",
        dir.to_str().unwrap(),
    ];
    let out = satbox(&args);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let worst = text.lines().filter(|l| l.starts_with("- parry ")).count();
    let folders: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("  repro: "))
        .collect();
    assert!(worst > 0, "no worst case in {text}");
    assert_eq!(folders.len(), worst, "{text}");
    for folder in &folders {
        let folder = Path::new(folder);
        assert!(folder.starts_with(&dir), "{}", folder.display());
        let readme = std::fs::read_to_string(folder.join("README.md")).unwrap();
        assert!(
            readme.starts_with("# parry 0.31 disagrees with satbox"),
            "{readme}"
        );
        assert!(folder.join("run.sh").exists() && folder.join("src/main.rs").exists());
    }
    // again into the same folder: each worst case says why it was not written
    let again = String::from_utf8(satbox(&args).stdout).unwrap();
    let refused = again
        .lines()
        .filter(|l| l.starts_with("  repro: not written:"))
        .count();
    assert_eq!(refused, worst, "{again}");
    std::fs::remove_dir_all(dir).unwrap();
}
