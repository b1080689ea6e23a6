//! `satbox check FILE|-`: JSON Lines in, one JSON answer per case out (the contract in docs/check.md).
//!
//! Input is read one case at a time ([`crate::scene::cases`]): memory stays constant however long
//! the file, and a pretty scene over several lines (a line that is just `{` opens it) is one case.
//! Every answer carries `"line": N`, the input line it answers. A bad case is answered with
//! `{"line": N, "error": "…"}` in its place and the other cases are still answered. Exit status: 0
//! when every case was answered, 1 when any case was an error, 2 when the input cannot be read.
//!
//! Every answer carries the contact manifold (`"manifold"`: `null` when separated); a case whose
//! `"view"` has `"manifold": {"margin": …}` (as a scene keeps it) gets that speculative margin.
//!
//! `--compact` leaves out `axes`; `--compare ENGINES` adds each engine's answer beside satbox's,
//! compared by the one comparison ([`crate::engines::compare`]).
//! Every number printed is positive zero rather than `-0.0`, and is the shortest text of its `f32`.

use std::io::{BufRead, BufReader, Write};

use super::answer::{case_out, engine_out, toi_out, vector_out, BandPointOut, BandsOut};
pub use super::answer::{
    AxisOut, CaseOut, Coords, DisagreementOut, ErrorOut, FeatureText, GjkOut, ManifoldOut,
    PointOut, SinceOut, ToiOut,
};
use super::json::WriteJson;
use super::pipeline::{self, Answerer, Ended};
use crate::engines::ask::ask_all;
use crate::engines::compare::Truth;
use crate::engines::Question;
use crate::sat::bands::Bands;
use crate::sat::lifecycle::{between, Lifecycle, Snapshot, Summary, DEFAULT_MATCH_DISTANCE};
use crate::sat::manifold::FeatureChoice;
use crate::sat::motion::time_of_impact;
use crate::sat::{Answer, Manifold, ManifoldParams, Report, SatParams, Vector};
use crate::scene::boxes::Note;
use crate::scene::cases::{Case, Cases, HasBuffer};
use crate::scene::motion::MotionSpec;
use crate::scene::number::unsigned_zero;
use crate::scene::{NotedPair, Pair, PairBox, PairQuestion, ReadCase};

/// Every case was answered.
pub const EXIT_OK: i32 = 0;
/// At least one case was an error.
pub const EXIT_BAD_LINE: i32 = 1;
/// The input could not be read.
pub const EXIT_UNREADABLE: i32 = 2;

/// How `check` answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Leave out `axes`: the verdict, the first separating axis, the depth and the normal only.
    pub compact: bool,
    /// The engines to compare with (`--compare parry,box3d` or `all`), each in the layer's one
    /// form (see [`crate::engines`]).
    pub compare: crate::engines::EngineSet,
    /// Workers answering (`--threads`): 0 for every core this process may use. The answers do
    /// not depend on it.
    pub threads: usize,
    /// Print the whole input's `since_previous` figures on the error stream (`--summary`).
    pub summary: bool,
    /// Build every line's manifold on this feature (`--feature`), whatever its `"view"` says.
    pub feature: Option<FeatureChoice>,
    /// Add what this engine's default bands make of every line (`--profile`); a line's
    /// `"view": {"profile": …}` takes precedence.
    pub profile: Option<crate::sat::bands::Profile>,
}

/// A line's boxes and manifold, kept for the next line's `since_previous` (a 2D manifold in three
/// coordinates, `z = 0`).
#[derive(Clone, Debug)]
pub struct Before {
    pair: Pair,
    manifold: Option<Manifold<glam::Vec3>>,
}

impl Before {
    /// Boxes `a`, `b` and their manifold `m`.
    fn of<B: PairBox>(a: &B, b: &B, m: Option<&Manifold<B::Vec>>) -> Self {
        Before {
            pair: B::pair(*a, *b),
            manifold: m.map(|m| m.map(|v| glam::Vec3::from(v.to_coords()))),
        }
    }

    /// The lifecycle from this line to boxes `a`, `b` with manifold `m`; `None` when this line
    /// was of the other dimension.
    fn to<B: PairBox>(&self, a: &B, b: &B, m: Option<&Manifold<B::Vec>>) -> Option<Lifecycle> {
        let (a0, b0) = B::of_pair(&self.pair)?;
        let m0 = self
            .manifold
            .as_ref()
            .map(|m| m.map(|v| B::Vec::from_coords(v.to_array())));
        Some(between(
            Snapshot {
                a: &a0,
                b: &b0,
                manifold: m0.as_ref(),
            },
            Snapshot { a, b, manifold: m },
            DEFAULT_MATCH_DISTANCE,
        ))
    }
}

/// What a line asks of its boxes, whichever their dimension: the answer for the boxes as given,
/// the axes that explain it, its time of impact, its bands, the engines named; against the line
/// before in `carry` when there is one (which then holds this line).
struct LineQuestion<'a> {
    line: usize,
    radii: [f32; 2],
    params: &'a ManifoldParams,
    options: &'a Options,
    motion: Option<&'a MotionSpec>,
    bands: Option<&'a Bands>,
    carry: Option<&'a mut Carry>,
}

impl PairQuestion for LineQuestion<'_> {
    type Answer = CaseOut;
    #[inline(always)]
    fn ask<B: PairBox>(self, a: &B, b: &B) -> CaseOut {
        let report = (!self.options.compact).then(|| B::report(a, b, &SatParams::default()));
        let answer = answer_of(a, b, self.radii, self.params, report.as_ref());
        let gjk = crate::sat::gjk::query(&a.to_box64(), &b.to_box64());
        let mut out = case_out(self.line, &answer, report.as_ref().map(|r| r.axes()), &gjk);
        let toi = self
            .motion
            .map(|m| time_of_impact(a, b, &m.for_boxes::<B::Vec>()));
        out.time_of_impact = toi
            .as_ref()
            .map(|t| t.as_ref().map(|t| Box::new(toi_out(t))));
        out.bands = self
            .bands
            .map(|bands| Box::new(bands_out(a, b, &answer, bands, self.params)));
        if let Some(carry) = self.carry {
            carry.follow(self.line, &mut out, a, b, answer.manifold.as_ref());
        }
        if !self.options.compare.is_empty() {
            let mut truth = Truth::of(a, b, &answer);
            truth.impact = toi.flatten().map(|t| t.t as f32);
            let question = Question {
                pair: B::pair(*a, *b),
                radii: self.radii,
                motion: self.motion.copied(),
            };
            let engines = self.options.compare.for_mode(B::MODE);
            for asked in ask_all(&question, &truth, &engines) {
                let o = engine_out(&asked, B::Vec::DIM, self.motion.is_some());
                out.engines.0.push((asked.engine.name(), o));
            }
        }
        out
    }
}

/// A line's question with its reading's `notes`, its answer written as JSON to `out` where it is
/// computed (the answer is large: it is not moved on the way).
struct WriteLine<'a> {
    question: LineQuestion<'a>,
    notes: &'a [Note],
    out: &'a mut Vec<u8>,
}

impl PairQuestion for WriteLine<'_> {
    type Answer = ();
    fn ask<B: PairBox>(self, a: &B, b: &B) {
        let mut answer = self.question.ask(a, b);
        answer.notes = notes_out(self.notes);
        answer.write_json(self.out);
    }
}

/// The notes of a line's reading, in words.
fn notes_out(notes: &[Note]) -> Vec<String> {
    notes.iter().map(ToString::to_string).collect()
}

/// satbox's answer for `a` and `b` with `radii` under `params`, from the cores' full `report`
/// when there is one (else only the conclusions are computed: the report's records are most of
/// its cost).
#[inline(always)]
fn answer_of<B: PairBox>(
    a: &B,
    b: &B,
    radii: [f32; 2],
    params: &ManifoldParams,
    report: Option<&B::Report>,
) -> Answer<B::Vec> {
    if radii != [0.0; 2] {
        return Answer::rounded(a, b, radii, params);
    }
    let verdicts = match report {
        Some(r) => r.to_verdicts(),
        None => B::verdicts(a, b, &SatParams::default()),
    };
    Answer::of_verdicts(a, b, &verdicts, params)
}

/// What an engine's bands make of a case: the answer's signed distance, and each point of the
/// manifold built with a margin of the bands' contact distance (the points the engine would
/// make).
fn bands_out<B: PairBox>(
    a: &B,
    b: &B,
    answer: &Answer<B::Vec>,
    bands: &Bands,
    params: &ManifoldParams,
) -> BandsOut {
    let separation = answer.separation();
    let wide = params.with_margin(params.margin.max(bands.detect));
    let points = crate::sat::answer::manifold(a, b, answer.radii, &wide)
        .map(|m| {
            m.points()
                .iter()
                .map(|p| BandPointOut {
                    point: vector_out(p.point),
                    separation: unsigned_zero(p.separation),
                    fate: bands.fate(p.separation).name(),
                })
                .collect()
        })
        .unwrap_or_default();
    BandsOut {
        engine: bands.profile.title(),
        detect: bands.detect,
        active: bands.active,
        slop: bands.slop,
        separation: unsigned_zero(separation),
        fate: bands.fate(separation).name(),
        verdict: bands.verdict(separation),
        points,
    }
}

/// A case's boxes and manifold only, for the line after it.
struct ManifoldOnly<'a>(&'a ManifoldParams, [f32; 2]);

impl PairQuestion for ManifoldOnly<'_> {
    type Answer = Before;
    fn ask<B: PairBox>(self, a: &B, b: &B) -> Before {
        Before::of(
            a,
            b,
            crate::sat::answer::manifold(a, b, self.1, self.0).as_ref(),
        )
    }
}

/// The answer to a validated case on input line `line`, its manifold built with `params`.
pub fn answer(
    line: usize,
    case: &NotedPair,
    params: &ManifoldParams,
    options: &Options,
) -> CaseOut {
    answer_moving(line, case, None, params, options)
}

/// The answer to a validated case that may carry a motion (then with its time of impact).
pub fn answer_moving(
    line: usize,
    case: &NotedPair,
    motion: Option<&MotionSpec>,
    params: &ManifoldParams,
    options: &Options,
) -> CaseOut {
    let mut out = case.pair.ask(LineQuestion {
        line,
        radii: case.radii,
        params,
        options,
        motion,
        bands: None,
        carry: None,
    });
    out.notes = notes_out(&case.notes);
    out
}

/// Answers one case's JSON text: the answer line, or the error line.
pub fn answer_text(line: usize, text: &str, options: &Options) -> Result<String, String> {
    let mut out = Vec::new();
    let ok = answer_into(line, Ok(text), options, &mut Carry::default(), &mut out);
    // serde_json writes UTF-8
    let text = String::from_utf8(out).unwrap_or_default();
    if ok {
        Ok(text)
    } else {
        Err(text)
    }
}

/// What `check` carries from a line to the next: whether there was a line before, that line's
/// boxes and manifold when it was answered, and the `since_previous` figures so far.
#[derive(Debug, Default)]
pub struct Carry {
    seen: bool,
    before: Option<Before>,
    summary: Summary,
}

impl Carry {
    /// Gives `out` (line `line`: boxes `a`, `b` with manifold `m`) its `since_previous` against
    /// the line before, when there was one, adds its lifecycle to the figures, and keeps this
    /// line for the next.
    fn follow<B: PairBox>(
        &mut self,
        line: usize,
        out: &mut CaseOut,
        a: &B,
        b: &B,
        m: Option<&Manifold<B::Vec>>,
    ) {
        let lifecycle = self.before.as_ref().and_then(|before| before.to(a, b, m));
        if std::mem::replace(&mut self.seen, true) {
            out.since_previous = Some(lifecycle.as_ref().map(SinceOut::of));
        }
        if let Some(l) = &lifecycle {
            self.summary.add(line, l);
        }
        self.before = Some(Before::of(a, b, m));
    }
}

/// Reads one case's JSON text (or what is wrong with its bytes): the validated case, its motion,
/// its manifold parameters and its engine bands, or what is wrong with it; `feature`, when given,
/// is the feature its manifold is built on.
fn read_case(
    line: usize,
    text: Result<&str, &str>,
    feature: Option<FeatureChoice>,
) -> Result<ReadCase, String> {
    let mut read = crate::scene::read_case(text?, line).map_err(|e| e.to_string())?;
    if let Some(feature) = feature {
        read.params = read.params.with_feature(feature);
    }
    Ok(read)
}

/// Appends the answer to one case (its JSON text, or what is wrong with its bytes) to `out`, without
/// the line ending, against the line before in `carry` (which it then holds this line); returns
/// whether it was answered rather than an error.
fn answer_into(
    line: usize,
    text: Result<&str, &str>,
    options: &Options,
    carry: &mut Carry,
    out: &mut Vec<u8>,
) -> bool {
    // Serialising these plain structs into a Vec cannot fail (serde_json writes a non-finite
    // float as `null`, and validation keeps them out anyway).
    match read_case(line, text, options.feature) {
        Ok(ReadCase {
            case,
            motion,
            params,
            bands,
        }) => {
            let bands = bands.or(options.profile.map(|p| p.defaults()));
            // against the line before in `carry`: `since_previous` on every line but the first,
            // the lifecycle added to the figures there, and this line's boxes and manifold left
            // there for the next
            case.pair.ask(WriteLine {
                question: LineQuestion {
                    line,
                    radii: case.radii,
                    params: &params,
                    options,
                    motion: motion.as_ref(),
                    bands: bands.as_ref(),
                    carry: Some(carry),
                },
                notes: &case.notes,
                out,
            });
            true
        }
        Err(error) => {
            let _ = serde_json::to_writer(out, &ErrorOut { line, error });
            carry.seen = true;
            carry.before = None;
            false
        }
    }
}

/// `check`'s answerer for the pipeline: each line against the line before.
struct Check(Options);

impl Answerer for Check {
    type Carry = Carry;
    fn answer(&self, case: &Case, carry: &mut Carry, out: &mut Vec<u8>) -> bool {
        let text = case.text.as_deref().map_err(String::as_str);
        answer_into(case.line, text, &self.0, carry, out)
    }
    fn prime(&self, before: &Case) -> Carry {
        let text = before.text.as_deref().map_err(String::as_str);
        Carry {
            seen: true,
            before: read_case(before.line, text, self.0.feature)
                .ok()
                .map(|r| r.case.pair.ask(ManifoldOnly(&r.params, r.case.radii))),
            summary: Summary::default(),
        }
    }
    fn prepare(&self, chunk: &[Case]) {
        if !self.0.compare.has_external() {
            return;
        }
        // the external engines are asked about the whole chunk at once, pipelined
        let questions: Vec<Question> = chunk
            .iter()
            .filter_map(|case| {
                let text = case.text.as_deref().map_err(String::as_str);
                let read = read_case(case.line, text, None).ok()?;
                Some(Question {
                    pair: read.case.pair,
                    radii: read.case.radii,
                    motion: read.motion,
                })
            })
            .collect();
        // (an external engine is named for both dimensions: its hello says which it answers)
        crate::engines::prefetch(
            &self.0.compare.for_mode(crate::scene::Mode::Three),
            &questions,
        );
    }
}

/// Answers every case of `input`, in order, writing one line each to `out`; returns the exit
/// status. Cases are answered on [`Options::threads`] workers while more are read and earlier
/// answers written ([`super::pipeline`]): memory stays bounded however long the input, and when
/// the input has nothing more buffered, every answer so far is written and flushed before reading
/// on, so a program feeding `check` line by line gets each answer as soon as it is computed. With
/// [`Options::summary`], the whole input's `since_previous` figures go to `err` at the end.
pub fn run_on<R: BufRead + HasBuffer>(
    input: R,
    name: &str,
    options: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    let mut cases = Cases::new(input);
    let options = *options;
    let workers = pipeline::workers(options.threads);
    let status = |bad| if bad { EXIT_BAD_LINE } else { EXIT_OK };
    let mut summary = Summary::default();
    let ended = pipeline::run_carrying(
        &mut cases,
        workers,
        Check(options),
        &mut out,
        &mut |carry: Carry| summary.merge(&carry.summary),
    );
    let status = match ended {
        Ended::Answered(bad) => {
            let _ = out.flush();
            status(bad)
        }
        // stdout closed (e.g. piped into `head`): stop quietly
        Ended::OutputClosed(bad) => return status(bad),
        Ended::Unreadable(e, _) => {
            let _ = out.flush();
            let _ = writeln!(err, "satbox check: cannot read {name}: {e}");
            EXIT_UNREADABLE
        }
    };
    if options.summary {
        let _ = writeln!(err, "satbox check: since_previous, {}", summary.line());
    }
    status
}

/// A regular file: reading it never waits for a writer, so a batch never ends early for an empty buffer.
struct FileReader(BufReader<std::fs::File>);

impl std::io::Read for FileReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.read(buf)
    }
}

impl BufRead for FileReader {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.0.fill_buf()
    }
    fn consume(&mut self, amount: usize) {
        self.0.consume(amount)
    }
}

impl HasBuffer for FileReader {
    fn buffered_is_empty(&self) -> bool {
        false
    }
}

/// Runs `check` on `path` (`-` for stdin), writing answers to `out`; returns the exit status.
pub fn run(path: &str, options: &Options, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if path == "-" {
        let stdin = std::io::stdin();
        let input = BufReader::with_capacity(1 << 16, stdin.lock());
        return run_on(input, "standard input", options, out, err);
    }
    match std::fs::File::open(path) {
        Ok(file) if file.metadata().is_ok_and(|m| m.is_file()) => run_on(
            FileReader(BufReader::with_capacity(1 << 16, file)),
            path,
            options,
            out,
            err,
        ),
        // a pipe or a device: answers are flushed whenever it has nothing more to give
        Ok(file) => run_on(
            BufReader::with_capacity(1 << 16, file),
            path,
            options,
            out,
            err,
        ),
        Err(e) => {
            let _ = writeln!(err, "satbox check: cannot read {path}: {e}");
            EXIT_UNREADABLE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn the_numbers_an_exported_test_asserts_are_checks_answers() {
        for pair in crate::scene::testcase::tests::cases() {
            let text = crate::scene::testcase::rust_test(&pair, "case");
            let from_line =
                crate::scene::noted_pair_from_json(&crate::scene::check_line(&pair)).unwrap();
            let out = answer(1, &from_line, &Default::default(), &Default::default());
            if out.intersect {
                assert!(text.contains("assert!(r.intersect"), "{text}");
                let axis =
                    crate::scene::testcase::tests::number_after(&text, "assert_eq!(p.axis_index, ")
                        .unwrap();
                assert_eq!(Some(axis as usize), out.min_axis);
                let depth =
                    crate::scene::testcase::tests::number_after(&text, "assert!((p.depth - ")
                        .unwrap();
                assert_eq!(Some(depth), out.depth);
            } else {
                assert!(text.contains("assert!(!r.intersect"), "{text}");
                let first =
                    crate::scene::testcase::tests::number_after(&text, "r.first_separating, Some(")
                        .unwrap();
                assert_eq!(Some(first as usize), out.first_separating_axis);
                let k = first as usize;
                let gap = crate::scene::testcase::tests::number_after(
                    &text,
                    &format!("assert!((r.axes[{k}].gap - "),
                )
                .unwrap();
                assert_eq!(gap, out.axes.as_ref().unwrap()[k].gap);
            }
        }
    }

    fn run_on_bytes(bytes: &[u8], options: &Options) -> (i32, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = run_on(bytes, "input", options, &mut out, &mut err);
        assert!(err.is_empty());
        (status, String::from_utf8(out).unwrap())
    }

    /// A JSON number `-0` or `-0.0` anywhere in `text`.
    fn has_negative_zero(text: &str) -> bool {
        text.match_indices("-0").any(|(at, _)| {
            let rest = &text[at + 2..];
            let rest = rest.strip_prefix(".0").unwrap_or(rest);
            rest.starts_with([',', ']', '}'])
        })
    }

    const TOUCH3: &str = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[2,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#;

    #[test]
    fn compact_lines_are_the_full_lines_without_their_axes_in_2d_and_3d() {
        let mut unit = crate::sat::splitmix_units(0xc0_4ac7);
        let mut n = |lo: f32, hi: f32| lo + (hi - lo) * unit();
        let (full, compact) = (
            Options::default(),
            Options {
                compact: true,
                compare: crate::engines::EngineSet::NONE,
                ..Default::default()
            },
        );
        let mut kinds = std::collections::BTreeSet::new();
        for k in 0..600 {
            let text = if k % 3 == 0 {
                format!(
                    r#"{{"a":{{"center":[0,0],"half_extents":[1,0.5],"angle":{}}},"b":{{"center":[{},{}],"half_extents":[{},{}],"angle":{}}}}}"#,
                    n(-3.0, 3.0),
                    n(-3.0, 3.0),
                    n(-3.0, 3.0),
                    n(0.1, 2.0),
                    n(0.1, 2.0),
                    n(-3.0, 3.0)
                )
            } else {
                // every fourth 3D pair aligned (degenerate edge axes), B on a unit grid so that
                // some pairs touch exactly
                let q = [n(-1.0, 1.0), n(-1.0, 1.0), n(-1.0, 1.0), n(0.2, 1.0)];
                let (c, e) = if k % 4 == 1 {
                    // exactly touching, or 2.4e-7 apart (separated, touching within rounding)
                    let x = if k % 8 == 1 { 2.0 } else { 2.000_000_2 };
                    ([x, n(-2.0, 2.0).round(), 0.0], [1.0, 1.0, 1.0])
                } else {
                    (
                        [n(-3.0, 3.0), n(-3.0, 3.0), n(-3.0, 3.0)],
                        [n(0.1, 2.0), n(0.1, 2.0), n(0.1, 2.0)],
                    )
                };
                let qb = if k % 4 == 1 {
                    [0.0, 0.0, 0.0, 1.0]
                } else {
                    [n(-1.0, 1.0), n(-1.0, 1.0), n(-1.0, 1.0), n(0.2, 1.0)]
                };
                let qa = if k % 4 == 1 { qb } else { q };
                format!(
                    r#"{{"a":{{"center":[0,0,0],"half_extents":[1,1,1],"rotation":{qa:?}}},"b":{{"center":{c:?},"half_extents":{e:?},"rotation":{qb:?}}}}}"#
                )
            };
            let f: Value = serde_json::from_str(&answer_text(1, &text, &full).unwrap()).unwrap();
            let c: Value = serde_json::from_str(&answer_text(1, &text, &compact).unwrap()).unwrap();
            let mut f = f.as_object().unwrap().clone();
            assert!(f.remove("axes").is_some(), "{text}");
            assert_eq!(Value::Object(f.clone()), c, "{text}");
            kinds.insert((f["intersect"].as_bool(), f["touching"].as_bool()));
        }
        assert_eq!(
            kinds.len(),
            4,
            "separated, touching either side, intersecting: {kinds:?}"
        );
    }

    #[test]
    fn a_touching_pair_prints_depth_0_and_no_negative_zero_anywhere() {
        let (status, text) = run_on_bytes(TOUCH3.as_bytes(), &Options::default());
        assert_eq!(status, 0, "{text}");
        assert!(text.contains("\"touching\":true"), "{text}");
        assert!(text.contains("\"depth\":0.0,"), "{text}");
        assert!(!has_negative_zero(&text), "{text}");
        assert!(has_negative_zero("[1,-0.0]") && has_negative_zero("{\"d\":-0}"));
        assert!(!has_negative_zero("[-0.01,-0.05]"));
    }

    #[test]
    fn no_answer_to_any_preset_prints_negative_zero() {
        let options = Options {
            compact: false,
            compare: crate::engines::EngineSet::NONE.with(crate::engines::EngineName::Parry),
            ..Default::default()
        };
        for p in crate::scene::presets::presets() {
            let line = crate::scene::check_line(&p.pair);
            let answer = answer_text(1, &line, &options).unwrap();
            assert!(!has_negative_zero(&answer), "{}: {answer}", p.name);
        }
    }

    #[test]
    fn no_answer_to_the_recorded_timeline_prints_negative_zero() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/recordings/box-settling.jsonl");
        let input = std::fs::read(path).unwrap();
        let options = Options {
            compact: false,
            compare: crate::engines::EngineSet::NONE.with(crate::engines::EngineName::Parry),
            ..Default::default()
        };
        let (status, text) = run_on_bytes(&input, &options);
        assert_eq!(status, 0);
        assert!(text.contains("\"touching\":true"));
        assert!(!has_negative_zero(&text));
    }

    #[test]
    fn compact_leaves_out_the_axes_and_keeps_the_verdict() {
        let options = Options {
            compact: true,
            compare: crate::engines::EngineSet::NONE,
            ..Default::default()
        };
        let line = answer_text(7, TOUCH3, &options).unwrap();
        assert!(
            line.starts_with(
                r#"{"line":7,"intersect":true,"touching":true,"first_separating_axis":null,"separating_axes":[],"depth":0.0,"normal":[1.0,0.0,0.0],"min_axis":0,"manifold":{"#
            ),
            "{line}"
        );
        assert!(!line.contains("\"axes\""), "{line}");
    }

    #[test]
    fn notes_are_printed_on_the_line_and_left_out_when_there_are_none() {
        let text = r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0,"mass":3},"b":{"center":[3,0],"half_extents":[1,1],"angle":0}}"#;
        let line = answer_text(1, text, &Options::default()).unwrap();
        let v: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(
            v["notes"],
            serde_json::json!(["box a: field \"mass\" is not a box field; ignored"])
        );
        let line = answer_text(1, TOUCH3, &Options::default()).unwrap();
        assert!(!line.contains("notes"));
    }

    #[test]
    fn compare_parry_adds_parrys_answer_and_an_empty_list_when_they_agree() {
        let options = Options {
            compact: true,
            compare: crate::engines::EngineSet::NONE.with(crate::engines::EngineName::Parry),
            ..Default::default()
        };
        let text = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[0.2,1.9,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#;
        let v: Value = serde_json::from_str(&answer_text(1, text, &options).unwrap()).unwrap();
        let p = &v["parry"];
        assert_eq!(p["intersect"], true);
        assert!((p["depth"].as_f64().unwrap() - 0.1).abs() < 1e-5);
        assert_eq!(p["manifold"]["points"].as_array().unwrap().len(), 4);
        assert_eq!(p["disagreements"], serde_json::json!([]));
    }
}

#[cfg(test)]
mod written_answers {
    use super::{answer_moving, Options, WriteJson};
    use crate::scene::motion::motion_of_case;

    /// Random cases of every kind an answer can take: 2D and 3D, apart, touching and
    /// intersecting, with and without motion, with notes, full and compact, beside parry.
    fn cases() -> Vec<String> {
        let mut unit = crate::sat::splitmix_units(0x15_0a7);
        let mut n = |lo: f32, hi: f32| lo + (hi - lo) * unit();
        (0..1500)
            .map(|k| {
                let motion3 = r#","motion":{"b":{"velocity":[-2,0.5,0],"angular_velocity":[0,0,1]},"dt":1}"#;
                let motion2 = r#","motion":{"b":{"velocity":[-2,0.5],"angular_velocity":0.5},"dt":1}"#;
                if k % 3 == 0 {
                    let note = if k % 7 == 0 { r#","mass":"heavy \"box\"""# } else { "" };
                    format!(
                        r#"{{"a":{{"center":[0,0],"half_extents":[1,0.5],"angle":{}{note}}},"b":{{"center":[{},{}],"half_extents":[{},{}],"angle":{}}}{}}}"#,
                        n(-3.0, 3.0),
                        n(-3.0, 3.0),
                        n(-3.0, 3.0),
                        n(0.0, 2.0),
                        n(0.1, 2.0),
                        n(-3.0, 3.0),
                        if k % 2 == 0 { motion2 } else { "" }
                    )
                } else {
                    let x = if k % 5 == 1 { 2.0 } else { n(-3.0, 3.0) };
                    // (rounded boxes on every thirteenth case)
                    let radius = if k % 13 == 2 { r#","radius":0.125"# } else { "" };
                    format!(
                        r#"{{"a":{{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,{}]{radius}}},"b":{{"center":[{x},{},{}],"half_extents":[{},{},{}],"rotation":[{},{},{},{}]{radius}}}{}}}"#,
                        if k % 11 == 0 { 2.0 } else { 1.0 },
                        n(-3.0, 3.0),
                        n(-3.0, 3.0),
                        n(0.1, 2.0),
                        n(0.1, 2.0),
                        n(0.0, 2.0),
                        n(-1.0, 1.0),
                        n(-1.0, 1.0),
                        n(-1.0, 1.0),
                        n(0.2, 1.0),
                        if k % 2 == 0 { motion3 } else { "" }
                    )
                }
            })
            .collect()
    }

    #[test]
    fn every_answer_is_written_as_serde_json_writes_it() {
        let mut kinds = std::collections::BTreeSet::new();
        for (k, text) in cases().iter().enumerate() {
            let v: serde_json::Value = serde_json::from_str(text).unwrap();
            let case = crate::scene::read_pair(&v, None).unwrap();
            let motion = motion_of_case(&v, case.pair.mode()).unwrap();
            let options = Options {
                compact: k % 2 == 0,
                compare: if k % 4 < 2 {
                    crate::engines::EngineSet::NONE.with(crate::engines::EngineName::Parry)
                } else {
                    crate::engines::EngineSet::NONE
                },
                ..Default::default()
            };
            let answer =
                answer_moving(k + 1, &case, motion.as_ref(), &Default::default(), &options);
            let mut fast = Vec::new();
            answer.write_json(&mut fast);
            let reference = serde_json::to_vec(&answer).unwrap();
            assert_eq!(
                String::from_utf8(fast).unwrap(),
                String::from_utf8(reference).unwrap(),
                "{text}"
            );
            kinds.insert((
                answer.intersect,
                answer.touching,
                answer.time_of_impact.is_some(),
                answer.notes.is_empty(),
                answer.rounded.is_some(),
            ));
        }
        assert!(kinds.len() >= 8, "{kinds:?}");
        assert!(
            kinds.iter().any(|kind| kind.4),
            "no rounded boxes: {kinds:?}"
        );
    }
}
