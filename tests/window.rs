//! The window under a virtual X server: every preset opened in screenshot mode, the picture
//! checked (size, not blank, both boxes' colours in the scene). Skipped, with a message, when there
//! is neither a display nor `xvfb-run`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use macroquad::prelude::ImageFormat;
use macroquad::texture::Image;

const BIN: &str = env!("CARGO_BIN_EXE_satbox");
const W: u16 = 1000;
const H: u16 = 700;

/// How to reach a display: `None` when there is none.
fn launcher() -> Option<Vec<String>> {
    if std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty()) {
        return Some(Vec::new());
    }
    let found = Command::new("xvfb-run").arg("--help").output().is_ok();
    // a server number of our own: concurrent `xvfb-run -a` runs starting at the same number can
    // race for it
    let n = 100 + std::process::id() % 800;
    found.then(|| {
        [
            "xvfb-run",
            "-a",
            "-n",
            &n.to_string(),
            "-s",
            "-screen 0 1280x1024x24",
        ]
        .map(String::from)
        .to_vec()
    })
}

fn presets() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    v.sort();
    v
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("satbox-window-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs every `(scene, out)` under one X server: a small shell loop, so the server starts once.
fn screenshots(launch: &[String], jobs: &[(Option<PathBuf>, PathBuf)], data: &Path) -> Output {
    let script = r#"bin=$1; shift
while [ $# -gt 0 ]; do
  scene=$1; out=$2; shift 2
  ok=
  for try in 1 2 3; do
    if [ -n "$scene" ]; then
      "$bin" --scene "$scene" --screenshot "$out" --size 1000x700 && ok=1 && break
    else
      "$bin" --screenshot "$out" --size 1000x700 && ok=1 && break
    fi
    sleep 1
  done
  [ -n "$ok" ] || { echo "failed: ${scene:-default scene}" >&2; exit 1; }
done"#;
    let mut cmd = Command::new(if launch.is_empty() {
        "bash"
    } else {
        &launch[0]
    });
    if !launch.is_empty() {
        cmd.args(&launch[1..]).arg("bash");
    }
    cmd.args(["-c", script, "bash", BIN]);
    for (scene, out) in jobs {
        cmd.arg(scene.as_deref().map(Path::as_os_str).unwrap_or_default());
        cmd.arg(out);
    }
    cmd.env("SATBOX_DATA_DIR", data);
    cmd.output().expect("run the screenshots")
}

/// Box A's blue and box B's orange, as drawn (shaded, so a range around each).
fn is_blue(p: [u8; 4]) -> bool {
    let [r, g, b, _] = p;
    b > 150 && b as i32 > r as i32 + 60 && b as i32 > g as i32 + 20
}

fn is_orange(p: [u8; 4]) -> bool {
    let [r, g, b, _] = p;
    r > 170 && (g as i32) < r as i32 - 40 && (g as i32) > b as i32 + 30
}

fn check_picture(path: &Path) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let img = Image::from_file_with_format(&bytes, Some(ImageFormat::Png))
        .unwrap_or_else(|e| panic!("{}: not a PNG: {e:?}", path.display()));
    let name = path.display();
    assert_eq!((img.width, img.height), (W, H), "{name}: size");
    let px = |x: usize, y: usize| -> [u8; 4] {
        let k = 4 * (y * W as usize + x);
        [
            img.bytes[k],
            img.bytes[k + 1],
            img.bytes[k + 2],
            img.bytes[k + 3],
        ]
    };
    let mut colours = std::collections::HashSet::new();
    let (mut blue, mut orange) = (0, 0);
    // the scene is left of the panel (the panel is at most ~450 px wide at this size)
    for y in (0..H as usize).step_by(2) {
        for x in (0..(W as usize - 460)).step_by(2) {
            let p = px(x, y);
            colours.insert([p[0] >> 3, p[1] >> 3, p[2] >> 3]);
            blue += is_blue(p) as u32;
            orange += is_orange(p) as u32;
        }
    }
    assert!(
        colours.len() > 30,
        "{name}: nearly blank ({} colours)",
        colours.len()
    );
    assert!(
        blue > 20,
        "{name}: box A's blue is missing from the scene ({blue} px)"
    );
    assert!(
        orange > 20,
        "{name}: box B's orange is missing from the scene ({orange} px)"
    );
}

#[test]
fn every_preset_renders_in_screenshot_mode() {
    let Some(launch) = launcher() else {
        println!("SKIPPED: no DISPLAY and no xvfb-run; install xvfb to run the window tests");
        return;
    };
    let out = temp_dir("presets");
    let data = temp_dir("data");
    let mut jobs: Vec<(Option<PathBuf>, PathBuf)> = presets()
        .into_iter()
        .map(|p| {
            let png = out.join(p.file_stem().unwrap()).with_extension("png");
            (Some(p), png)
        })
        .collect();
    jobs.push((None, out.join("default.png")));
    let started = std::time::Instant::now();
    let run = screenshots(&launch, &jobs, &data);
    assert!(
        run.status.success(),
        "screenshot mode failed: {}\n{}",
        String::from_utf8_lossy(&run.stderr),
        String::from_utf8_lossy(&run.stdout)
    );
    println!("{} screenshots in {:?}", jobs.len(), started.elapsed());
    for (_, png) in &jobs {
        check_picture(png);
    }
    assert!(
        std::fs::read_dir(&data).unwrap().next().is_none(),
        "screenshot mode writes nothing to the user's folder"
    );
    let _ = std::fs::remove_dir_all(&out);
    let _ = std::fs::remove_dir_all(&data);
}

fn run_alone(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env("SATBOX_DATA_DIR", temp_dir("bad"))
        .output()
        .unwrap()
}

#[test]
fn a_missing_scene_in_screenshot_mode_exits_2_with_a_message() {
    // fails before any window opens: no display needed
    let out = temp_dir("missing").join("x.png");
    let r = run_alone(&[
        "--scene",
        "/nonexistent/scene.json",
        "--screenshot",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot read /nonexistent/scene.json"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!out.exists());
}

#[test]
fn a_broken_scene_in_screenshot_mode_exits_2_naming_the_problem() {
    let dir = temp_dir("broken");
    let scene = dir.join("bad.json");
    std::fs::write(
        &scene,
        r#"{"mode":"3d","a":{"center":[0,0,0],"half_extents":[-1,1,1],"rotation":[0,0,0,1]},
            "b":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#,
    )
    .unwrap();
    let r = run_alone(&[
        "--scene",
        scene.to_str().unwrap(),
        "--screenshot",
        dir.join("x.png").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{err}");
    assert!(err.contains("half_extents[0]"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn an_unwritable_screenshot_path_exits_2_before_opening_a_window() {
    for out in ["/proc/satbox/x.png", "/tmp/satbox-not-a-png.txt"] {
        let r = run_alone(&["--screenshot", out]);
        let err = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.status.code(), Some(2), "{out}: {err}");
        assert!(err.starts_with("satbox: "), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
