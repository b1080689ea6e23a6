//! The engine protocol, version 1: how satbox asks an engine in another process, and how an
//! engine answers (docs/engine-protocol.md).
//!
//! JSON Lines over the engine's standard input and output, one object a line. satbox writes first,
//! `{"satbox_engine": 1, "settings": {…}}`; the engine answers `{"satbox_engine": 1, "name",
//! "version", "dims", "settings"}`. Then satbox writes requests `{"id": N, "a": BOX, "b": BOX}`,
//! many before reading, and the engine answers each in the order asked: its answer, or `{"id":
//! N, "error": "why"}` when it will not answer that pair. BOX is satbox's own form (`center`,
//! `half_extents`, `rotation` x y z w or `angle`, `radius` when above 0), each number written so
//! that it reads back to the same `f32`.
//!
//! This module is the protocol's data: the lines satbox writes ([`hello`], [`request`]) and reads
//! ([`Hello`], [`Reply`]), and the same from the engine's side ([`hello_answer`],
//! [`answer_line`]), so that the client ([`super::external`]) and satbox's own server (`satbox
//! engine NAME`) speak it from one source.

use glam::Vec3;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{EngineAnswer, Point, Question};
use crate::scene::{BoxSpec2, BoxSpec3, Mode, Pair};

/// The protocol's version.
pub const VERSION: u32 = 1;

/// The first line satbox writes: the protocol's version and the engine's settings.
pub fn hello(settings: &Map<String, Value>) -> String {
    serde_json::json!({ "satbox_engine": VERSION, "settings": settings }).to_string()
}

/// The engine's first line: who it is, what it answers, its settings as applied.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    /// The protocol's version (1).
    pub satbox_engine: u32,
    /// The engine's name for people (`"MuJoCo"`).
    pub name: String,
    /// The engine's own version (`"3.11.0"`).
    pub version: String,
    /// The dimensions it answers: `[3]`, `[2]` or `[2, 3]`.
    pub dims: Vec<u8>,
    /// Its settings, as applied.
    #[serde(default)]
    pub settings: Map<String, Value>,
}

impl Hello {
    /// Reads the engine's hello line, or says what is wrong with it.
    pub fn read(line: &str) -> Result<Hello, String> {
        let hello: Hello = serde_json::from_str(line).map_err(|e| {
            format!(
                "its first line is not the protocol's hello ({e}): {}",
                shorten(line)
            )
        })?;
        if hello.satbox_engine != VERSION {
            return Err(format!(
                "it speaks version {} of the protocol; satbox speaks {VERSION}",
                hello.satbox_engine
            ));
        }
        if hello.dims.is_empty() || hello.dims.iter().any(|d| !matches!(d, 2 | 3)) {
            return Err(format!(
                "its hello's \"dims\" is {:?}: [2], [3] or [2, 3]",
                hello.dims
            ));
        }
        Ok(hello)
    }

    /// Whether it answers pairs of `mode`.
    pub fn answers(&self, mode: Mode) -> bool {
        self.dims.contains(&(mode.dim() as u8))
    }
}

/// A box on the wire: satbox's own form, with its radius when above 0.
#[derive(Serialize)]
struct WireBox<S> {
    #[serde(flatten)]
    spec: S,
    #[serde(skip_serializing_if = "is_zero")]
    radius: f32,
}

fn is_zero(r: &f32) -> bool {
    *r == 0.0
}

/// A request on the wire.
#[derive(Serialize)]
struct WireRequest<S> {
    id: u64,
    a: WireBox<S>,
    b: WireBox<S>,
}

/// The request line for `question`, numbered `id`: both boxes in satbox's own form, each radius
/// above 0 with its box, every number the shortest text that reads back to the same `f32`.
pub fn request(id: u64, question: &Question) -> String {
    let [ra, rb] = question.radii;
    let line = match question.pair {
        Pair::Three(a, b) => serde_json::to_string(&WireRequest {
            id,
            a: WireBox {
                spec: BoxSpec3::from(&a),
                radius: ra,
            },
            b: WireBox {
                spec: BoxSpec3::from(&b),
                radius: rb,
            },
        }),
        Pair::Two(a, b) => serde_json::to_string(&WireRequest {
            id,
            a: WireBox {
                spec: BoxSpec2::from(&a),
                radius: ra,
            },
            b: WireBox {
                spec: BoxSpec2::from(&b),
                radius: rb,
            },
        }),
    };
    // plain structs of finite numbers (validated boxes) always serialise
    line.unwrap_or_default()
}

/// An engine's line for one request, as read.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// Its answer for request `id`.
    Answer(u64, Box<EngineAnswer>),
    /// It will not answer request `id`: why.
    Error(u64, String),
}

impl Reply {
    /// The request it answers.
    pub fn id(&self) -> u64 {
        match self {
            Reply::Answer(id, _) | Reply::Error(id, _) => *id,
        }
    }
}

/// An answer line as the protocol writes it.
#[derive(Debug, Deserialize)]
struct AnswerLine {
    id: u64,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    intersect: Option<bool>,
    #[serde(default)]
    depth: Option<f64>,
    #[serde(default)]
    normal: Option<Vec<f64>>,
    #[serde(default)]
    points: Vec<PointLine>,
    #[serde(default)]
    distance: Option<f64>,
    #[serde(default)]
    closest_points: Option<[Vec<f64>; 2]>,
    #[serde(default)]
    notes: Vec<String>,
    /// Every field the protocol does not name, kept.
    #[serde(flatten)]
    extra: Map<String, Value>,
}

/// A contact point as the protocol writes it.
#[derive(Debug, Deserialize)]
struct PointLine {
    position: Vec<f64>,
    separation: f64,
    #[serde(default)]
    feature: Option<String>,
}

impl Reply {
    /// Reads an engine's answer line in `dim` dimensions, or says what is wrong with it (not
    /// JSON, no id, a missing verdict, a vector of the wrong length, a number that is not
    /// finite).
    pub fn read(line: &str, dim: usize) -> Result<Reply, String> {
        // a NaN or an infinity is not JSON: serde_json says so with its position
        let a: AnswerLine = serde_json::from_str(line).map_err(|e| {
            let nan = ["NaN", "Infinity"].iter().any(|w| line.contains(w));
            if nan {
                format!(
                    "a number that is not finite (NaN and Infinity are not JSON): {}",
                    shorten(line)
                )
            } else {
                format!("a line that is not an answer ({e}): {}", shorten(line))
            }
        })?;
        if let Some(why) = a.error {
            return Ok(Reply::Error(a.id, why));
        }
        let intersect = a.intersect.ok_or_else(|| {
            format!(
                "answer {} has no \"intersect\" (nor \"error\"): {}",
                a.id,
                shorten(line)
            )
        })?;
        let vector = |v: &[f64], what: &str| -> Result<Vec3, String> {
            if v.len() != dim {
                return Err(format!(
                    "answer {}: {what} has {} numbers, not {dim}",
                    a.id,
                    v.len()
                ));
            }
            let x = |k: usize| v.get(k).copied().unwrap_or(0.0) as f32;
            let out = Vec3::new(x(0), x(1), x(2));
            out.is_finite()
                .then_some(out)
                .ok_or_else(|| format!("answer {}: {what} is not finite", a.id))
        };
        let length = |x: Option<f64>, what: &str| -> Result<Option<f32>, String> {
            match x {
                Some(x) if !(x as f32).is_finite() => {
                    Err(format!("answer {}: {what} {x} is not finite", a.id))
                }
                x => Ok(x.map(|x| x as f32)),
            }
        };
        let mut points = Vec::with_capacity(a.points.len());
        for (k, p) in a.points.iter().enumerate() {
            points.push(Point {
                point: vector(&p.position, &format!("point {k}'s position"))?,
                separation: length(Some(p.separation), &format!("point {k}'s separation"))?
                    .unwrap_or(0.0),
                feature: p.feature.clone().unwrap_or_default(),
            });
        }
        let normal = match &a.normal {
            Some(n) => Some(vector(n, "the normal")?),
            None => None,
        };
        let closest = match &a.closest_points {
            Some([p, q]) => Some([
                vector(p, "the closest point on A")?,
                vector(q, "the closest point on B")?,
            ]),
            None => None,
        };
        Ok(Reply::Answer(
            a.id,
            Box::new(EngineAnswer {
                intersect,
                depth: length(a.depth, "the depth")?,
                normal,
                points,
                distance: length(a.distance, "the distance")?,
                closest,
                notes: a.notes,
                extra: a.extra,
                ..EngineAnswer::default()
            }),
        ))
    }
}

/// The engine's hello line (satbox's own server).
pub fn hello_answer(
    name: &str,
    version: &str,
    dims: &[u8],
    settings: &Map<String, Value>,
) -> String {
    serde_json::to_string(&Hello {
        satbox_engine: VERSION,
        name: name.to_string(),
        version: version.to_string(),
        dims: dims.to_vec(),
        settings: settings.clone(),
    })
    .unwrap_or_default()
}

/// A contact point on the wire.
#[derive(Serialize)]
struct WirePoint<'a> {
    position: &'a [f32],
    separation: f32,
    feature: Option<&'a str>,
}

/// An answer on the wire.
#[derive(Serialize)]
struct WireAnswer<'a> {
    id: u64,
    intersect: bool,
    depth: Option<f32>,
    normal: Option<&'a [f32]>,
    points: Vec<WirePoint<'a>>,
    distance: Option<f32>,
    closest_points: Option<[&'a [f32]; 2]>,
    notes: &'a [String],
}

/// The engine's line for request `id` (satbox's own server): its answer in `dim` dimensions,
/// every number the shortest text that reads back to the same `f32`.
pub fn answer_line(id: u64, answer: &EngineAnswer, dim: usize) -> String {
    let normal = answer.normal.map(|n| n.to_array());
    let positions: Vec<[f32; 3]> = answer.points.iter().map(|p| p.point.to_array()).collect();
    let closest = answer.closest.map(|[p, q]| [p.to_array(), q.to_array()]);
    let line = WireAnswer {
        id,
        intersect: answer.intersect,
        depth: answer.depth,
        normal: normal.as_ref().map(|n| &n[..dim]),
        points: answer
            .points
            .iter()
            .zip(&positions)
            .map(|(p, at)| WirePoint {
                position: &at[..dim],
                separation: p.separation,
                feature: (!p.feature.is_empty()).then_some(p.feature.as_str()),
            })
            .collect(),
        distance: answer.distance,
        closest_points: closest.as_ref().map(|[p, q]| [&p[..dim], &q[..dim]]),
        notes: &answer.notes,
    };
    serde_json::to_string(&line).unwrap_or_default()
}

/// The engine's line for a request it will not answer (satbox's own server).
pub fn error_line(id: u64, why: &str) -> String {
    serde_json::json!({ "id": id, "error": why }).to_string()
}

/// A line cut to 200 characters for a message.
fn shorten(line: &str) -> String {
    let line = line.trim_end();
    match line.char_indices().nth(200) {
        Some((k, _)) => format!("{}…", &line[..k]),
        None => line.to_string(),
    }
}
