//! A pair an engine was asked about, written as a program of that engine's own (`satbox repro`):
//! a folder that asks the engine the same question satbox asked it, with nothing of satbox in
//! it, for a bug report upstream.
//!
//! One shape for every engine: a writer takes the [`Question`] and gives the folder's files
//! ([`Program`]): the program, in the engine's language, and `run.sh`, which builds and runs it
//! and prints the engine's answer as its last line of standard output, one JSON object in the
//! engine protocol's answer form ([`super::protocol`]). The inputs are the numbers the engine got
//! in satbox, each written so that it reads back to the same float (Rust's shortest round-trip
//! text of the `f64` or `f32` passed), the rotation built as the engine's file here builds it, the
//! engine's settings as satbox set them; the answer is read as satbox reads it (each point moved
//! midway, the normal turned to run from A to B), so the printed answer is the one
//! `check --compare` prints. [`folder::write`] writes the whole folder, with its `README.md`.
//!
//! Engines with a writer: every built-in one, Box2D ([`box2d`]), Box3D ([`box3d`]), Jolt
//! ([`jolt`]), MuJoCo ([`mujoco`]), ODE ([`ode`]), Bullet ([`bullet`]) and parry ([`parry`]);
//! Coal, MJX and MuJoCo Warp through satbox's adapters ([`coal`], [`mjx`], [`mujoco_warp`]); and
//! every other engine out of process ([`external`]: the request lines and the command from the
//! engines file).

pub mod box2d;
pub mod box3d;
pub mod bullet;
pub mod coal;
pub mod external;
pub mod folder;
pub mod jolt;
pub mod mjx;
pub mod mujoco;
pub mod mujoco_warp;
pub mod ode;
pub mod parry;

use super::{EngineId, EngineName, Question};

/// A repro's files, beside the README the command writes.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// Each file: its name in the folder and its text (`run.sh` among them).
    pub files: Vec<(&'static str, String)>,
    /// What to install to run it, in a sentence or two (Markdown); `{version}` stands for the
    /// engine's version.
    pub install: String,
    /// What the program asks the engine, in a sentence (Markdown).
    pub asks: String,
}

/// The folder's files for `engine` asked `question` (at rest: a motion is left out, the boxes
/// asked where they start), or why the engine's writer does not take it.
pub fn program(engine: EngineId, question: &Question) -> Result<Program, String> {
    let question = &Question {
        motion: None,
        ..*question
    };
    match engine {
        EngineId::Built(EngineName::Mujoco) => mujoco::program(question),
        EngineId::Built(EngineName::Ode) => ode::program(question),
        EngineId::Built(EngineName::Bullet) => bullet::program(question),
        EngineId::Built(EngineName::Parry) => parry::program(question),
        EngineId::Built(EngineName::Box2d) => box2d::program(question),
        EngineId::Built(EngineName::Box3d) => box3d::program(question),
        EngineId::Built(EngineName::Jolt) => jolt::program(question),
        // an engine out of process that said it is Coal (satbox's adapter) gets Coal's own program
        EngineId::External(e) => match e.hello() {
            Some(hello) if hello.name == "Coal" => coal::program(&hello.settings, question),
            Some(hello) if hello.name == "MJX" => mjx::program(&hello.settings, question),
            Some(hello) if hello.name == "MuJoCo Warp" => {
                mujoco_warp::program(&hello.settings, question)
            }
            _ => Ok(external::program(&e.spec(), question)),
        },
    }
}

/// `x` as the shortest text that reads back to the same `f64` (C, C++, Python, XML alike).
pub(crate) fn num(x: f64) -> String {
    format!("{x:?}")
}

/// `xs` as [`num`]s joined by `sep`.
pub(crate) fn nums(xs: &[f64], sep: &str) -> String {
    xs.iter().map(|x| num(*x)).collect::<Vec<_>>().join(sep)
}

/// The first lines of every `run.sh`: a POSIX shell that stops at the first error, in the
/// folder it lies in.
pub(crate) const RUN_HEADER: &str = "#!/bin/sh\n# Builds and runs the repro; its last line of output is the engine's answer, one JSON\n# object in satbox's engine protocol's answer form.\nset -eu\ncd \"$(dirname \"$0\")\"\n";

/// A repro through one of satbox's Python adapters (Coal, MJX, MuJoCo Warp): `repro.py` on the
/// engine's own API, with the numbers of satbox's request and the settings the adapter applied,
/// and `run.sh` running it with `$PYTHON`.
pub(crate) struct AdapterScript {
    /// The engine's name, as a 2D pair's refusal says it.
    pub engine: &'static str,
    /// The script's docstring and imports.
    pub header: &'static str,
    /// The script after its inputs.
    pub rest: &'static str,
}

impl AdapterScript {
    /// `repro.py` and `run.sh` for `question` (3D pairs only): the header, boxes `A` and `B` as
    /// satbox's request wrote them, the `settings` lines (Python assignments, with their
    /// comment), the rest.
    pub fn files(
        &self,
        question: &Question,
        settings: &str,
    ) -> Result<Vec<(&'static str, String)>, String> {
        if question.pair.mode() != crate::scene::Mode::Three {
            return Err(format!("{} answers no 2D pairs", self.engine));
        }
        let request: serde_json::Value =
            serde_json::from_str(&crate::engines::protocol::request(1, question))
                .map_err(|e| format!("the request is not JSON: {e}"))?;
        let inputs = format!(
            "# satbox's request: boxes A and B, each number as satbox wrote it\nA = {}\nB = {}\n{settings}",
            request["a"], request["b"],
        );
        Ok(vec![
            (
                "repro.py",
                format!("{}\n{inputs}\n{}", self.header, self.rest),
            ),
            (
                "run.sh",
                format!("{RUN_HEADER}\"${{PYTHON:-python3}}\" repro.py\n"),
            ),
        ])
    }

    /// The adapter's `margin` setting: 0 when its hello gave none.
    pub fn margin(settings: &serde_json::Map<String, serde_json::Value>) -> f64 {
        settings
            .get("margin")
            .and_then(serde_json::Value::as_f64)
            .unwrap_or(0.0)
    }
}

/// A C engine's source tree, as a repro builds `repro.c` with every C file of it (Box2D's and
/// Box3D's way: one `include/` and one `src/`).
pub(crate) struct SourceTree {
    /// The CMake project's name (`box2d_repro` is `box2d`'s).
    pub project: &'static str,
    /// The engine's name in messages (`Box2D v3`).
    pub title: &'static str,
    /// The variable naming the tree (`BOX2D_DIR`).
    pub var: &'static str,
    /// A header the tree has, under `include/` (`box2d/box2d.h`).
    pub header: &'static str,
    /// How the engine's crate builds it, which the repro follows (a comment above the options).
    pub as_built: &'static str,
}

impl SourceTree {
    /// The `CMakeLists.txt`: `repro.c` and every `src/*.c` of the tree, without fused
    /// multiply-add, as the engine's crate compiles them.
    pub(crate) fn cmake(&self) -> String {
        let SourceTree {
            project,
            title,
            var,
            header,
            as_built,
        } = self;
        let sources = var.replace("_DIR", "_SOURCES");
        format!(
            r#"cmake_minimum_required(VERSION 3.16)
project({project}_repro C)
set({var} "" CACHE PATH "a {title} source tree (its include/ and src/)")
if(NOT EXISTS "${{{var}}}/include/{header}")
  message(FATAL_ERROR "-D{var}= must name a {title} source tree (include/{header})")
endif()
file(GLOB {sources} "${{{var}}}/src/*.c")
add_executable(repro repro.c ${{{sources}}})
target_include_directories(repro PRIVATE "${{{var}}}/include" "${{{var}}}/src")
set_property(TARGET repro PROPERTY C_STANDARD 17)
# {as_built}
target_compile_options(repro PRIVATE -ffp-contract=off)
target_compile_definitions(repro PRIVATE _POSIX_C_SOURCE=199309L)
target_link_libraries(repro PRIVATE m pthread)
"#
        )
    }

    /// The `run.sh`: builds with CMake over the tree named by the variable, then runs.
    pub(crate) fn run(&self) -> String {
        let SourceTree { title, var, .. } = self;
        format!(
            r#"{RUN_HEADER}: "${{{var}:?set {var} to a {title} source tree (README.md)}}"
cmake -S . -B build -D{var}="${var}" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build >/dev/null
./build/repro
"#
        )
    }
}

/// The sharp boxes of a 3D question (centre, half extents, rotation `x, y, z, w`, each widened
/// to `f64` as the C and C++ engines get them), or why the writer does not take it.
pub(crate) fn sharp_boxes3(question: &Question, title: &str) -> Result<[Box3; 2], String> {
    if question.rounded() {
        return Err(format!(
            "{title} is asked about sharp boxes only: this pair's boxes have a radius"
        ));
    }
    match question.pair {
        crate::scene::Pair::Three(a, b) => Ok([Box3::of(&a), Box3::of(&b)]),
        crate::scene::Pair::Two(..) => Err(format!("{title} answers no 2D pairs")),
    }
}

/// A box as the shim's engines get it: `f64`s widened from satbox's `f32`s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Box3 {
    /// Its centre.
    pub center: [f64; 3],
    /// Its half extents.
    pub half: [f64; 3],
    /// Its rotation, `x, y, z, w`, widened (not normalised again).
    pub rotation: [f64; 4],
}

impl Box3 {
    fn of(o: &crate::sat::Obb3) -> Self {
        let q = o.rotation.as_dquat();
        Self {
            center: o.center.as_dvec3().to_array(),
            half: o.half_extents.as_dvec3().to_array(),
            rotation: [q.x, q.y, q.z, q.w],
        }
    }
}

/// C's `num`: a `float` printed as the shortest text that reads back to it (every C and C++
/// program's).
pub(crate) const C_NUM: &str = r#"/* A float as the shortest text that reads back to it (0 without its sign). */
static void num(float x) {
    char s[32];
    if (x == 0) x = 0;
    for (int p = 1; p <= 9; p++) {
        snprintf(s, sizeof s, "%.*g", p, x);
        if (strtof(s, NULL) == x) break;
    }
    if (!strpbrk(s, ".eEn")) strcat(s, ".0");
    printf("%s", s);
}
"#;

/// C's helpers that print a 3D answer of contact points, after [`C_NUM`] (the ODE and Bullet
/// programs').
pub(crate) const C_PRINT: &str = r#"static void vec3(const float v[3]) {
    printf("[");
    num(v[0]); printf(","); num(v[1]); printf(","); num(v[2]);
    printf("]");
}

/* The answer of a set of contact points, as satbox reads one: the deepest point's
   penetration, intersecting when a point is at or below zero, the first point's normal. */
struct Answer {
    int n;
    float normal[3];
    float position[8][3];
    float separation[8];
    const char* note;
};

/* The answer, its closing brace left for extra fields; `feature` names each point, followed by
   its number when `numbered`. */
static void print_answer(const struct Answer* a, const char* feature, int numbered) {
    float deepest = INFINITY;
    for (int i = 0; i < a->n; i++) deepest = fminf(deepest, a->separation[i]);
    int intersect = deepest <= 0;
    printf("{\"id\":1,\"intersect\":%s,\"depth\":", intersect ? "true" : "false");
    if (intersect) num(-fminf(deepest, 0)); else printf("null");
    printf(",\"normal\":");
    if (a->n > 0) vec3(a->normal); else printf("null");
    printf(",\"points\":[");
    for (int i = 0; i < a->n; i++) {
        printf("%s{\"position\":", i ? "," : "");
        vec3(a->position[i]);
        printf(",\"separation\":");
        num(a->separation[i]);
        if (numbered) printf(",\"feature\":\"%s %d\"}", feature, i);
        else printf(",\"feature\":\"%s\"}", feature);
    }
    printf("],\"distance\":null,\"closest_points\":null,\"notes\":[");
    if (a->n > 0) printf("\"%s\"", a->note);
    printf("]");
}

/* glam's normalize_or_zero, in double: v times the reciprocal of its length. */
static void normalize_or_zero(const double v[3], double out[3]) {
    double rcp = 1.0 / sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int k = 0; k < 3; k++) out[k] = isfinite(rcp) && rcp > 0 ? v[k] * rcp : 0.0;
}
"#;

/// C's array initialiser of `xs`: `{1.0, 2.0, 3.0}`.
pub(crate) fn c_array(xs: &[f64]) -> String {
    format!("{{{}}}", nums(xs, ", "))
}

/// C's array initialiser of the floats `xs`, each the shortest text that reads back to it:
/// `{1.0f, 0.1f}`.
pub(crate) fn c_floats(xs: &[f32]) -> String {
    let each: Vec<String> = xs.iter().map(|x| format!("{x:?}f")).collect();
    format!("{{{}}}", each.join(", "))
}

/// The C arrays of the two boxes, named `CENTER`, `HALF` and `ROTATION` (`x, y, z, w`).
pub(crate) fn c_boxes(boxes: &[Box3; 2]) -> String {
    let [a, b] = boxes;
    format!(
        "/* satbox's boxes A and B, each number the double the engine got */\nstatic const double CENTER[2][3] = {{{}, {}}};\nstatic const double HALF[2][3] = {{{}, {}}};\nstatic const double ROTATION[2][4] = {{{}, {}}}; /* x, y, z, w */\n",
        c_array(&a.center),
        c_array(&b.center),
        c_array(&a.half),
        c_array(&b.half),
        c_array(&a.rotation),
        c_array(&b.rotation),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_is_written_so_that_it_reads_back_to_the_same_double() {
        for x in [0.1f32 as f64, 1e-30, -2.5e17, 0.8833333253860474, 1.0 / 3.0] {
            assert_eq!(num(x).parse::<f64>().unwrap().to_bits(), x.to_bits());
        }
    }

    #[test]
    fn every_float_is_written_as_c_reads_it_back_to_the_same_float() {
        let xs = [
            0.1f32,
            1e-30,
            -2.5e17,
            0.883_333_3,
            1.0 / 3.0,
            0.0,
            -0.0,
            16_777_217.0,
        ];
        let text = c_floats(&xs);
        let inner = text
            .strip_prefix('{')
            .and_then(|t| t.strip_suffix('}'))
            .unwrap();
        let back: Vec<u32> = inner
            .split(", ")
            .map(|x| {
                x.strip_suffix('f')
                    .unwrap()
                    .parse::<f32>()
                    .unwrap()
                    .to_bits()
            })
            .collect();
        assert_eq!(back, xs.map(f32::to_bits));
        // C reads `1f` as an integer suffixed: every float has its point
        assert!(
            inner
                .split(", ")
                .all(|x| x.contains('.') || x.contains('e')),
            "{text}"
        );
    }

    #[test]
    fn a_moving_pair_is_written_at_rest_and_a_pair_the_engine_is_not_asked_is_refused_with_the_reason(
    ) {
        let pair = crate::scene::pair_from_json(
            r#"{"a":{"center":[0,0],"half_extents":[1,1]},"b":{"center":[1.5,0],"half_extents":[1,1]}}"#,
        )
        .unwrap();
        let e = program(EngineName::Jolt.into(), &Question::of(pair)).unwrap_err();
        assert!(e.contains("Jolt answers no 2D pairs"), "{e}");
        let mut moving = Question::of(pair);
        moving.motion = Some(crate::scene::motion::MotionSpec {
            a: Default::default(),
            b: Default::default(),
            dt: 1.0,
        });
        assert_eq!(
            program(EngineName::Parry.into(), &moving),
            program(EngineName::Parry.into(), &Question::of(pair))
        );
    }
}
