//! The `satbox` binary: opens the window, or runs a headless command.

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// See and test how two oriented boxes collide under the Separating Axis Theorem.
///
/// With no command, opens the window.
#[derive(Parser)]
#[command(name = "satbox", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Open this scene file.
    #[arg(long, value_name = "PATH")]
    scene: Option<PathBuf>,
    /// Open the scene of this link (a whole URL, or just its part after `#`).
    #[arg(long, value_name = "URL_OR_FRAGMENT")]
    scene_url: Option<String>,
    /// Render the scene with the panel to this PNG and exit.
    #[arg(long, value_name = "OUT.png")]
    screenshot: Option<PathBuf>,
    /// Open with the step-through at this axis (0-based, in test order).
    #[arg(long, value_name = "AXIS")]
    step: Option<usize>,
    /// Open a recording's timeline (--scene FILE.jsonl) at this frame (1-based).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    frame: Option<u32>,
    /// Open with the sphere of directions shown (key D).
    #[arg(long)]
    sphere: bool,
    /// Open with the Minkowski difference · GJK/EPA window shown (key G).
    #[arg(long)]
    gjk: bool,
    /// Open the GJK/EPA window on its last step, the answer, rather than GJK's first (implies
    /// --gjk).
    #[arg(long)]
    gjk_answer: bool,
    /// Open with this engine's answer drawn in the scene beside satbox's, and the panel's
    /// Engines section in view (parry, box2d, box3d, jolt, mujoco, bullet, ode).
    #[arg(long, value_name = "ENGINE")]
    engine: Option<String>,
    /// Window size, e.g. 1600x1000.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size)]
    size: (u32, u32),
    /// The engines file naming engines out of process (TOML; default: the user's own,
    /// ~/.config/satbox/engines.toml, when there is one). docs/engine-protocol.md
    #[arg(long, value_name = "FILE", global = true)]
    engines_file: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Test box pairs from a JSON Lines file (`-` for stdin): one JSON answer per line.
    #[command(after_help = CHECK_EXAMPLE)]
    Check {
        /// The file to read, or `-` for standard input.
        file: String,
        /// Leave out the per-axis records ("axes"); every other field stays (the verdict,
        /// touching, the first separating axis, the depth and normal, the contact manifold, the
        /// distance and closest points).
        #[arg(long)]
        compact: bool,
        /// Add other engines' answers to each line: their verdict, depth, normal, contact points,
        /// distance and time of impact, the disagreements with satbox's (each with its kind and
        /// size) and the differences by design (each with its reason). Names separated by commas
        /// (parry, box2d, box3d, jolt, mujoco, bullet, ode), or all: every engine built in that
        /// answers the line's dimension. An engine not built in says how to build it.
        #[arg(long, value_name = "ENGINES")]
        compare: Option<String>,
        /// How many threads answer (default: every core this process may use). The answers and
        /// their order do not depend on it.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
        /// At the end, print on standard error the whole file's contact points over time (each
        /// line against the line before, as in its "since_previous"): persistence by id and by
        /// position, new and lost points, flips of the construction, the worst drift.
        #[arg(long)]
        summary: bool,
        /// Build every line's contact manifold on this feature: auto (satbox's choice, with its
        /// face preference), face-a, face-b or edge (the best axis of that kind; an edge pair
        /// whose edges do not cross gives the best face). A line's "view" may say the same with
        /// "manifold": {"feature": "face_b"}.
        #[arg(long, value_name = "FEATURE", value_parser = parse_feature)]
        feature: Option<satbox::sat::manifold::FeatureChoice>,
        /// Add what this engine's default tolerance bands make of every line ("bands"): box2d,
        /// box3d, jolt, physx or mujoco. A line's "view" may say the same with "profile", and
        /// edit the bands there.
        #[arg(long, value_name = "ENGINE", value_parser = parse_profile)]
        profile: Option<satbox::sat::bands::Profile>,
    },
    /// Sweep every engine built in over generated pairs (resting, random, scaled, far from the
    /// origin, mirrored) against satbox's f64 reference, and print what each gets wrong, by kind,
    /// with the worst case of each as a link and a check line.
    Audit {
        /// 3D pairs per set (2D: a fifth as many).
        #[arg(long, value_name = "N", default_value_t = 2000)]
        pairs: usize,
        /// The engines to sweep: names separated by commas, or all.
        #[arg(long, value_name = "ENGINES", default_value = "all")]
        engines: String,
        /// The seed of the generated sets.
        #[arg(long, default_value_t = 0x5a7b_a0d1)]
        seed: u64,
        /// Write a repro folder for each worst case printed into this folder (DIR/ENGINE-KIND,
        /// as satbox repro writes it; docs/repro.md).
        #[arg(long, value_name = "DIR")]
        repro: Option<PathBuf>,
    },
    /// Run a small simulation in Box3D and write every step's poses of one box pair, with
    /// Box3D's own contact between them, as a recording (JSON Lines) the timeline opens.
    #[command(after_help = RECORD_SCENARIOS)]
    Record {
        /// The scene to simulate: settle, stack or slope.
        #[arg(value_parser = parse_scenario)]
        scenario: satbox::engines::simulate::Scenario,
        /// Steps of 1/60 s to record (default: until well after the boxes rest: settle 180,
        /// stack 240, slope 150).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
        frames: Option<u32>,
        /// Write the recording to this file rather than to standard output (an existing file is
        /// kept unless --force).
        #[arg(long, short, value_name = "FILE.jsonl")]
        out: Option<PathBuf>,
        /// Replace the --out file when it exists.
        #[arg(long)]
        force: bool,
    },
    /// Serve an engine over the engine protocol on standard input and output: a built-in one
    /// (the protocol's reference, and a way to run an engine's C or C++ code out of satbox's
    /// process). docs/engine-protocol.md
    Engine {
        /// The engine: parry, box2d, box3d, jolt, mujoco, bullet or ode.
        name: String,
    },
    /// Test an engine against the engine protocol, as its adapter's author would: its hello, ids
    /// and order, pipelining, the pairs it refuses, its dimensions, finite answers, and a short
    /// sweep against satbox's answer; says what to fix. Exit status 0 when it conforms.
    EngineTest {
        /// The engine: one named in the engines file (or a built-in one, served by `satbox
        /// engine`).
        name: String,
        /// Pairs in the sweep against satbox's answer.
        #[arg(long, value_name = "N", default_value_t = 200)]
        pairs: usize,
    },
    /// Write a folder that asks an engine the same question satbox asked it, in the engine's
    /// own language (MuJoCo: model.xml and repro.py; ODE: repro.c; Bullet: repro.cpp; Box2D and
    /// Box3D: repro.c and CMakeLists.txt; parry: a Cargo project; an engine of the engines file:
    /// its request lines and command), with run.sh and a README for a bug report upstream.
    /// docs/repro.md
    Repro(ReproArgs),
    /// Print the link of a scene file (or of a file holding one check line).
    ///
    /// A link holds one case: of a file of several check lines, pick one with --line N.
    Link {
        /// The scene file.
        file: PathBuf,
        /// Of a file of several cases (check lines), the case on line N (counted from 1; a case
        /// written over several lines by its first line).
        #[arg(long, value_name = "N")]
        line: Option<usize>,
        /// The address the fragment is appended to.
        #[arg(long, value_name = "URL", default_value = satbox::scene::link::BASE_URL)]
        base: String,
    },
}

/// One line in and one line out, under `satbox check --help`.
/// `satbox repro`'s arguments.
#[derive(clap::Args)]
struct ReproArgs {
    /// The engine: mujoco, ode, bullet, box2d, box3d, jolt, parry, or one of the engines file.
    #[arg(long, value_name = "NAME")]
    engine: String,
    /// The file holding the pair (a scene, or check lines), or `-` for standard input.
    file: String,
    /// The line the case starts on, when the file holds several.
    #[arg(long, value_name = "N")]
    line: Option<usize>,
    /// The folder to write (made when missing).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Overwrite the files already in the folder.
    #[arg(long)]
    force: bool,
}

impl ReproArgs {
    #[cfg(not(target_arch = "wasm32"))]
    fn run(self, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
        let options = satbox::cli::repro::Options {
            engine: self.engine,
            file: self.file,
            line: self.line,
            out: self.out,
            force: self.force,
        };
        satbox::cli::repro::run(&options, out, err)
    }

    #[cfg(target_arch = "wasm32")]
    fn run(self, _out: &mut dyn Write, err: &mut dyn Write) -> i32 {
        let _ = writeln!(err, "satbox: repros are not written in the browser");
        2
    }
}

const CHECK_EXAMPLE: &str = r#"Example:
  echo '{"a":{"center":[0,0,0],"half_extents":[1,1,1]},"b":{"center":[1.5,0,0],"half_extents":[1,1,1]}}' | satbox check --compact -

  {"line":1,"intersect":true,"touching":false,"first_separating_axis":null,"separating_axes":[],"depth":0.5,"normal":[1.0,0.0,0.0],"min_axis":0,"manifold":{...4 points...},"separation_distance":0.0,"closest_points":null,"notes":[...]}

A box is {"center", "half_extents" or "size", "rotation" [x,y,z,w] (or "rotation_wxyz", "basis", "euler")} in 3D, {"center", "half_extents" or "size", "angle" or "angle_deg"} in 2D; a box without a rotation is not turned. Exit status: 0 when every line was answered, 1 when a line was an error (its answer is {"line":N,"error":"..."}), 2 when the file cannot be read. The full contract: docs/check.md."#;

/// The scenarios, under `satbox record --help`.
const RECORD_SCENARIOS: &str = "Scenarios:
  settle   a 1 × 0.5 × 0.7 box dropped turned and spinning onto a plate (a: the plate, b: the box)
  stack    five unit cubes stacked, each 3 cm off the one below (a: the middle cube, b: the one on it)
  slope    a cube sent down a 20° slope at 2 m/s, stopped by friction (a: the slope, b: the cube)

Example:
  satbox record settle --out settle.jsonl && satbox --scene settle.jsonl

Each line is a frame: \"t\", \"label\", boxes \"a\" and \"b\" at the start of the step, and
\"engine\": Box3D's contact built from those poses (its normal from a to b, each point with its
separation, Box3D's feature id and whether Box3D kept it from the step before). docs/contacts.md";

fn parse_scenario(s: &str) -> Result<satbox::engines::simulate::Scenario, String> {
    satbox::engines::simulate::Scenario::parse(s)
        .ok_or_else(|| format!("unknown scenario \"{s}\": the scenarios are settle, stack, slope"))
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected WIDTHxHEIGHT, got {s:?}"))?;
    let parse = |v: &str| {
        v.trim()
            .parse::<u32>()
            .map_err(|_| format!("not a size: {s:?}"))
    };
    let (w, h) = (parse(w)?, parse(h)?);
    if !(200..=8192).contains(&w) || !(200..=8192).contains(&h) {
        return Err(format!(
            "{s}: width and height must be between 200 and 8192"
        ));
    }
    Ok((w, h))
}

/// A screenshot goes to a `.png` whose folder exists (or can be made) and which can be written:
/// checked before the window opens, so a bad path is a message and exit status 2, not a panic
/// after rendering.
fn check_screenshot_path(out: &std::path::Path) -> Result<(), String> {
    if !out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
    {
        return Err(format!(
            "{}: the screenshot must be a .png file",
            out.display()
        ));
    }
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create the folder {}: {e}", dir.display()))?;
    }
    let existed = out.exists();
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    if !existed {
        let _ = std::fs::remove_file(out);
    }
    Ok(())
}

/// `--profile`: an engine whose bands satbox knows.
fn parse_profile(s: &str) -> Result<satbox::sat::bands::Profile, String> {
    satbox::sat::bands::Profile::parse(s)
        .ok_or_else(|| format!("{s} is not a profile: box2d, box3d, jolt, physx or mujoco"))
}

/// `--feature`: `auto`, `face-a`, `face-b` or `edge` (underscores too).
fn parse_feature(s: &str) -> Result<satbox::sat::manifold::FeatureChoice, String> {
    satbox::sat::manifold::FeatureChoice::parse(&s.replace('-', "_"))
        .ok_or_else(|| format!("{s} is not a feature: auto, face-a, face-b or edge"))
}

fn main() {
    let mut cli = Cli::parse();
    // (the browser runs no commands and starts no processes: it has no engines file)
    #[cfg(not(target_arch = "wasm32"))]
    if let Err(e) = satbox::cli::engines_file::load(cli.engines_file.as_deref()) {
        eprintln!("satbox: {e}");
        std::process::exit(2);
    }
    match cli.command.take() {
        Some(command) => std::process::exit(command.run()),
        None => open_window(cli),
    }
}

impl Command {
    /// Runs a headless command; returns its exit status.
    fn run(self) -> i32 {
        let (out, err) = (&mut std::io::stdout().lock(), &mut std::io::stderr().lock());
        match self {
            Command::Check {
                file,
                compact,
                compare,
                threads,
                summary,
                feature,
                profile,
            } => {
                let compare = match compare.as_deref().map(satbox::engines::EngineSet::parse) {
                    None => satbox::engines::EngineSet::NONE,
                    Some(Ok(set)) => set,
                    Some(Err(e)) => return usage(err, "--compare", &e),
                };
                let options = satbox::cli::check::Options {
                    compact,
                    compare,
                    threads: threads.map_or(0, usize::from),
                    summary,
                    feature,
                    profile,
                };
                satbox::cli::check::run(&file, &options, out, err)
            }
            Command::Audit {
                pairs,
                engines,
                seed,
                repro,
            } => audit(pairs, &engines, seed, repro, out, err),
            Command::Record {
                scenario,
                frames,
                out: path,
                force,
            } => {
                let frames = frames.map(|n| n as usize);
                let result = match &path {
                    None => satbox::cli::record::run(scenario, frames, out),
                    Some(path) => satbox::cli::record::to_file(scenario, frames, path, force),
                };
                match result {
                    Ok(()) => 0,
                    Err(e) => {
                        let _ = writeln!(err, "satbox: {e}");
                        2
                    }
                }
            }
            #[cfg(target_arch = "wasm32")]
            Command::Engine { .. } | Command::EngineTest { .. } => {
                let _ = writeln!(err, "satbox: engines out of process are not run in the browser");
                2
            }
            #[cfg(not(target_arch = "wasm32"))]
            Command::Engine { name } => match satbox::engines::EngineName::parse(&name) {
                Some(engine) => {
                    let input = std::io::BufReader::with_capacity(1 << 16, std::io::stdin().lock());
                    satbox::cli::engine::serve(engine, input, out, err)
                }
                None => usage(
                    err,
                    "engine",
                    &format!(
                        "\"{name}\" is not a built-in engine: satbox serves {}",
                        built_in_names()
                    ),
                ),
            },
            #[cfg(not(target_arch = "wasm32"))]
            Command::EngineTest { name, pairs } => match satbox::engines::EngineId::parse(&name) {
                Some(engine) => satbox::cli::engine_test::run(engine, pairs, out, err),
                None => usage(
                    err,
                    "engine-test",
                    &format!(
                        "unknown engine \"{name}\": name one of your engines file (--engines-file FILE, or ~/.config/satbox/engines.toml) or a built-in one ({})",
                        built_in_names()
                    ),
                ),
            },
            Command::Repro(args) => args.run(out, err),
            Command::Link { file, line, base } => {
                satbox::cli::link::run(&file, line, &base, out, err)
            }
        }
    }
}

/// The built-in engines' names, separated by commas.
/// `satbox audit`: the engines named swept, the worst cases written as repros into `repro`.
fn audit(
    pairs: usize,
    engines: &str,
    seed: u64,
    repro: Option<PathBuf>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    match satbox::engines::EngineSet::parse(engines) {
        Ok(engines) => {
            let options = satbox::cli::audit::Options {
                pairs,
                engines,
                seed,
                repro,
            };
            satbox::cli::audit::run(&options, out, err)
        }
        Err(e) => usage(err, "--engines", &e),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn built_in_names() -> String {
    let names: Vec<&str> = satbox::engines::EngineName::ALL
        .iter()
        .map(|e| e.name())
        .collect();
    names.join(", ")
}

/// A usage error: said on standard error, exit status 2.
fn usage(err: &mut dyn Write, what: &str, why: &str) -> i32 {
    let _ = writeln!(err, "satbox: {what}: {why}");
    2
}

/// Opens the window; a screenshot with a plainly unusable scene, link or path is a message and
/// exit status 2 before any window opens.
fn open_window(cli: Cli) {
    let unusable = || -> Result<(), String> {
        if let Some(out) = &cli.screenshot {
            check_screenshot_path(out)?;
        }
        if let Some(path) = &cli.scene {
            satbox::app::check_scene(path).map_err(|e| e.to_string())?;
        }
        if let Some(url) = &cli.scene_url {
            satbox::scene::link::decode(url).map_err(|e| e.to_string())?;
        }
        Ok(())
    };
    let engine = match cli.engine.as_deref().map(|name| {
        satbox::engines::EngineId::parse(name).ok_or_else(|| {
            let known: Vec<&str> = satbox::engines::EngineId::all()
                .iter()
                .map(|e| e.name())
                .collect();
            format!(
                "--engine: unknown engine \"{name}\": the engines are {}",
                known.join(", ")
            )
        })
    }) {
        None => None,
        Some(Ok(e)) => Some(e),
        Some(Err(e)) => {
            eprintln!("satbox: {e}");
            std::process::exit(2);
        }
    };
    // (without a screenshot, a bad scene or link is a message in the window)
    if let (Err(e), true) = (unusable(), cli.screenshot.is_some()) {
        eprintln!("satbox: {e}");
        std::process::exit(2);
    }
    satbox::app::run(satbox::app::Options {
        scene: cli.scene,
        scene_url: cli.scene_url,
        screenshot: cli.screenshot,
        size: cli.size,
        step: cli.step,
        frame: cli.frame.map(|k| k as usize),
        sphere: cli.sphere,
        gjk: cli.gjk,
        gjk_answer: cli.gjk_answer,
        engine,
    });
}
