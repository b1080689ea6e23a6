//! `satbox engine-test NAME`: the conformance check an adapter's author runs. It drives one
//! process of the engine line by line ([`crate::engines::external::Session`]) through each rule
//! of the engine protocol (docs/engine-protocol.md), then sweeps a few hundred pairs through
//! satbox's own asking and holds the answers to satbox's, and says, rule by rule, what passed and
//! what to fix.
//!
//! A check that fails is a fault of the adapter (exit status 1); a warning is a rule it bends
//! that satbox copes with; the sweep's disagreements are the engine's findings, not faults,
//! unless so many verdicts disagree that the adapter must be reading the boxes wrong.

use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::engines::ask::{ask_batch, Asked};
use crate::engines::compare::{Kind, Truth};
use crate::engines::external::{self, ExternalSpec, Session};
use crate::engines::protocol::{self, Hello};
use crate::engines::{EngineAnswer, EngineId, Question, Reply};
use crate::sat::fmt_num;
use crate::scene::{check_line, Mode, Pair};

/// How a check came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Ok,
    Warn,
    Fail,
}

/// One check's line in the report, with what to fix when it did not pass.
struct Said {
    outcome: Outcome,
    what: String,
    fix: Option<String>,
}

/// The report as it is written.
struct Report<'a> {
    out: &'a mut dyn Write,
    said: Vec<Outcome>,
}

impl Report<'_> {
    fn say(&mut self, s: Said) {
        let tag = match s.outcome {
            Outcome::Ok => "ok  ",
            Outcome::Warn => "warn",
            Outcome::Fail => "FAIL",
        };
        let _ = writeln!(self.out, "  {tag}  {}", s.what);
        if let Some(fix) = s.fix {
            let _ = writeln!(self.out, "        fix: {fix}");
        }
        self.said.push(s.outcome);
    }

    fn count(&self, o: Outcome) -> usize {
        self.said.iter().filter(|x| **x == o).count()
    }
}

fn ok(what: impl Into<String>) -> Said {
    Said {
        outcome: Outcome::Ok,
        what: what.into(),
        fix: None,
    }
}

fn warn(what: impl Into<String>, fix: impl Into<String>) -> Said {
    Said {
        outcome: Outcome::Warn,
        what: what.into(),
        fix: Some(fix.into()),
    }
}

fn fail(what: impl Into<String>, fix: impl Into<String>) -> Said {
    Said {
        outcome: Outcome::Fail,
        what: what.into(),
        fix: Some(fix.into()),
    }
}

/// How to run `engine` as a process: an external engine's own command, or `satbox engine NAME`
/// for a built-in one.
fn spec_of(engine: EngineId) -> Result<ExternalSpec, String> {
    match engine {
        EngineId::External(e) => Ok(e.spec()),
        EngineId::Built(e) => {
            let exe = std::env::current_exe()
                .map_err(|err| format!("cannot find satbox's own program: {err}"))?;
            Ok(ExternalSpec {
                name: format!("{}-served", e.name()),
                command: vec![
                    exe.to_string_lossy().into_owned(),
                    "engine".into(),
                    e.name().into(),
                ],
                settings: serde_json::Map::new(),
                timeout: external::DEFAULT_TIMEOUT,
            })
        }
    }
}

/// Tests `engine` against the protocol with a sweep of `pairs` pairs; writes the report to `out`.
/// Exit status: 0 when it conforms, 1 when a check fails, 2 when it cannot be tested at all.
pub fn run(engine: EngineId, pairs: usize, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let spec = match spec_of(engine) {
        Ok(spec) => spec,
        Err(why) => {
            let _ = writeln!(err, "satbox engine-test: {why}");
            return 2;
        }
    };
    if !(1..=100_000).contains(&pairs) {
        let _ = writeln!(err, "satbox engine-test: --pairs {pairs}: 1 to 100000");
        return 2;
    }
    let _ = writeln!(
        out,
        "satbox engine-test {}: {} (timeout {} s)\n",
        spec.name,
        spec.command.join(" "),
        fmt_num(spec.timeout.as_secs_f32())
    );
    let mut report = Report {
        out,
        said: Vec::new(),
    };
    if let Some(session) = hello(&spec, &mut report) {
        let dims: Vec<Mode> = [Mode::Two, Mode::Three]
            .into_iter()
            .filter(|m| session.hello().answers(*m))
            .collect();
        let session = lines(session, &dims, &spec, &mut report);
        if let Some(session) = session {
            ends_with_its_input(session, &mut report);
        }
        sweep(&spec, engine, &dims, pairs, &mut report);
    }
    let (fails, warns) = (report.count(Outcome::Fail), report.count(Outcome::Warn));
    let checks = report.said.len();
    let _ = writeln!(report.out);
    if fails == 0 {
        let _ = writeln!(
            report.out,
            "{} speaks the engine protocol: {checks} checks, {warns} warning{}.",
            spec.name,
            if warns == 1 { "" } else { "s" }
        );
        0
    } else {
        let _ = writeln!(
            report.out,
            "{} does not speak the engine protocol yet: {fails} of {checks} checks fail (docs/engine-protocol.md).",
            spec.name
        );
        1
    }
}

/// Starts the engine and checks its hello; the session when it said one.
fn hello(spec: &ExternalSpec, report: &mut Report) -> Option<Session> {
    let start = Instant::now();
    let session = match Session::start(spec) {
        Ok(s) => s,
        Err(f) => {
            let stderr = if f.stderr.is_empty() {
                String::new()
            } else {
                format!(
                    "\n        its standard error:\n          {}",
                    f.stderr.replace('\n', "\n          ")
                )
            };
            report.say(fail(
                format!("hello: {}{stderr}", f.why),
                "read satbox's first line {\"satbox_engine\": 1, \"settings\": {…}}, then write one line {\"satbox_engine\": 1, \"name\": \"…\", \"version\": \"…\", \"dims\": [3], \"settings\": {…as applied…}} and flush it (Python: print(json.dumps(hello), flush=True))",
            ));
            return None;
        }
    };
    let h: &Hello = session.hello();
    report.say(ok(format!(
        "hello: {} {}, dims {:?}, settings {} ({})",
        h.name,
        h.version,
        h.dims,
        Value::Object(h.settings.clone()),
        duration(start.elapsed())
    )));
    if h.name.trim().is_empty() || h.version.trim().is_empty() {
        report.say(warn(
            "its hello's name or version is empty",
            "say the engine's name and the version it runs (mujoco.__version__): the answers are filed under it",
        ));
    }
    let left_out: Vec<&String> = spec
        .settings
        .keys()
        .filter(|k| !h.settings.contains_key(*k))
        .collect();
    if !left_out.is_empty() {
        report.say(warn(
            format!("its hello's settings leave out {left_out:?}, sent in satbox's hello"),
            "say every setting as applied, or refuse one it does not know by ending with a message on standard error",
        ));
    }
    Some(session)
}

/// A time as people read it: `2.3 ms`, `0.46 s`.
fn duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1.0 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

/// A probe: a pair whose answer is known, and what an adapter that gets it wrong is most likely
/// doing.
struct Probe {
    what: &'static str,
    line: &'static str,
    /// Checks the answer; the fix when it is wrong.
    judge: fn(&EngineAnswer) -> Result<(), &'static str>,
}

/// The probes of each dimension.
fn probes(mode: Mode) -> Vec<Probe> {
    match mode {
        Mode::Three => vec![
            Probe {
                what: "two unit cubes 0.5 deep along x: intersecting, depth 0.5, normal +x",
                line: r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[1.5,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#,
                judge: |a| {
                    if !a.intersect {
                        return Err("boxes 0.5 deep must intersect: read \"half_extents\" as half the box's size, and \"center\" as its centre");
                    }
                    if let Some(n) = a.normal {
                        if n.x < -0.9 {
                            return Err("the normal points from B to A: the protocol's normal points from A to B (negate it)");
                        }
                        if n.x < 0.9 {
                            return Err("the normal should be +x for boxes side by side along x");
                        }
                    }
                    if let Some(d) = a.depth {
                        if d < 0.0 {
                            return Err("the depth is negative: \"depth\" is the penetration, above 0 inside");
                        }
                        if (d - 0.5).abs() > 0.05 {
                            return Err("the depth should be 0.5: read \"half_extents\" as half the box's size");
                        }
                    }
                    if !a.points.is_empty() && a.points.iter().all(|p| p.separation > 0.0) {
                        return Err("every point's separation is above 0 for boxes 0.5 deep: \"separation\" is negative inside");
                    }
                    Ok(())
                },
            },
            Probe {
                what: "a cube and a bar turned 90° about z ([x, y, z, w] = [0, 0, 0.7071, 0.7071]) with 1.4 between them",
                line: r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[2.5,0,0],"half_extents":[2,0.1,0.1],"rotation":[0,0,0.70710677,0.70710677]}}"#,
                judge: |a| {
                    // (a wrong distance alone is the engine's finding, for the sweep to report)
                    if a.intersect {
                        return Err("turned, the bar lies along y, 1.4 from the cube: read \"rotation\" as a quaternion [x, y, z, w] (w last; MuJoCo's and Eigen's order is w first)");
                    }
                    Ok(())
                },
            },
        ],
        Mode::Two => vec![
            Probe {
                what: "two unit squares 0.5 deep along x: intersecting, depth 0.5, normal +x",
                line: r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0},"b":{"center":[1.5,0],"half_extents":[1,1],"angle":0}}"#,
                judge: |a| {
                    if !a.intersect {
                        return Err("squares 0.5 deep must intersect: read \"half_extents\" as half the box's size");
                    }
                    if a.normal.is_some_and(|n| n.x < -0.9) {
                        return Err("the normal points from B to A: the protocol's normal points from A to B (negate it)");
                    }
                    if a.depth.is_some_and(|d| d < 0.0) {
                        return Err("the depth is negative: \"depth\" is the penetration, above 0 inside");
                    }
                    Ok(())
                },
            },
            Probe {
                what: "a square and a bar turned π/2 (\"angle\" in radians) with 1.4 between them",
                line: r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0},"b":{"center":[2.5,0],"half_extents":[2,0.1],"angle":1.5707964}}"#,
                judge: |a| {
                    if a.intersect {
                        return Err("turned, the bar lies along y, 1.4 from the square: \"angle\" is in radians, counter-clockwise");
                    }
                    Ok(())
                },
            },
        ],
    }
}

/// The request line of a probe, numbered `id`, with `extra` fields added to it and to its boxes.
fn probe_request(line: &str, id: u64, extra: bool) -> String {
    let mut v: Value = serde_json::from_str(line).unwrap_or(Value::Null);
    v["id"] = Value::from(id);
    if extra {
        v["hint"] = serde_json::json!({ "from": "a later satbox" });
        v["a"]["label"] = Value::from("ground");
    }
    v.to_string()
}

/// Reads the next line as the answer to request `id` in `dim` dimensions.
fn read_answer(
    session: &mut Session,
    id: u64,
    mode: Mode,
    timeout: Duration,
) -> Result<protocol::Reply, String> {
    let line = session.line(timeout)?;
    let reply = protocol::Reply::read(&line, mode.dim())?;
    if reply.id() != id {
        return Err(format!(
            "it answered request {} where request {id} was next",
            reply.id()
        ));
    }
    Ok(reply)
}

/// The fix for a line that did not come or could not be read.
fn fix_for(why: &str) -> &'static str {
    if why.contains("no answer within") {
        "answer each request as soon as it is read, and flush standard output after each answer (Python: print(json.dumps(answer), flush=True)); never wait for the end of the input"
    } else if why.contains("not finite") || why.contains("NaN") || why.contains("Infinity") {
        "write null where there is no number: NaN and Infinity are not JSON (Python: json.dumps(answer, allow_nan=False) finds them)"
    } else if why.contains("ended") || why.contains("closed its output") {
        "keep reading requests until the input ends; a pair it cannot answer gets {\"id\": N, \"error\": \"why\"}, never an exit"
    } else if why.contains("answered request") {
        "answer with each request's own \"id\", in the order the requests came"
    } else {
        "write one answer a line: {\"id\", \"intersect\", \"depth\", \"normal\", \"points\", \"distance\", \"closest_points\", \"notes\"}, nothing else on standard output (logs go to standard error)"
    }
}

/// The line-by-line checks: the probes, ids as sent, pipelining, fields it does not know, boxes
/// with a radius. The session, when it is still alive.
fn lines(
    mut session: Session,
    dims: &[Mode],
    spec: &ExternalSpec,
    report: &mut Report,
) -> Option<Session> {
    let timeout = spec.timeout;
    // the probes, one at a time, ids as they come
    for &mode in dims {
        for (k, probe) in probes(mode).into_iter().enumerate() {
            let id = 7 + 1000 * k as u64;
            session.send(probe_request(probe.line, id, false));
            match read_answer(&mut session, id, mode, timeout) {
                Ok(protocol::Reply::Answer(_, a)) => match (probe.judge)(&a) {
                    Ok(()) => report.say(ok(format!("{mode}: {}", probe.what))),
                    Err(fix) => report.say(fail(format!("{mode}: {}", probe.what), fix)),
                },
                Ok(protocol::Reply::Error(_, why)) => report.say(fail(
                    format!("{mode}: {}: it refused (\"{why}\")", probe.what),
                    "answer every pair of a dimension its hello declares; refuse only what the engine cannot hold",
                )),
                Err(why) => {
                    report.say(fail(format!("{mode}: {}: {why}", probe.what), fix_for(&why)));
                    return None;
                }
            }
        }
    }
    let mode = *dims.last()?;
    let first = probes(mode).remove(0);
    // many in flight, ids not in order of size
    let ids: Vec<u64> = (0..200u64).map(|k| (k * 7919) % 1009 + 5000).collect();
    let start = Instant::now();
    for &id in &ids {
        session.send(probe_request(first.line, id, false));
    }
    for &id in &ids {
        if let Err(why) = read_answer(&mut session, id, mode, timeout) {
            report.say(fail(
                format!("200 requests written before reading, ids out of order: {why}"),
                fix_for(&why),
            ));
            return None;
        }
    }
    let rate = ids.len() as f32 / start.elapsed().as_secs_f32().max(1e-6);
    report.say(ok(format!(
        "200 requests written before reading, ids out of order: answered in order with their ids ({} pairs/s)",
        fmt_num(rate.round())
    )));
    // fields it does not know
    session.send(probe_request(first.line, 1, true));
    match read_answer(&mut session, 1, mode, timeout) {
        Ok(protocol::Reply::Answer(..)) => {
            report.say(ok("a request with fields it does not know: answered"))
        }
        Ok(protocol::Reply::Error(_, why)) => report.say(warn(
            format!("a request with fields it does not know: refused (\"{why}\")"),
            "ignore fields it does not know: a later satbox may send more",
        )),
        Err(why) => {
            report.say(fail(
                format!("a request with fields it does not know: {why}"),
                "ignore fields it does not know: a later satbox may send more",
            ));
            return None;
        }
    }
    rounded(&mut session, mode, timeout, report).then_some(session)
}

/// Boxes with a radius: answered as rounded boxes, or refused; never answered as sharp ones. False
/// when the session ended.
fn rounded(session: &mut Session, mode: Mode, timeout: Duration, report: &mut Report) -> bool {
    // cores 0.1 apart, each rounded by 0.1: the rounded boxes overlap by 0.1
    let line = match mode {
        Mode::Three => {
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1],"radius":0.1},"b":{"center":[2.1,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1],"radius":0.1}}"#
        }
        Mode::Two => {
            r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0,"radius":0.1},"b":{"center":[2.1,0],"half_extents":[1,1],"angle":0,"radius":0.1}}"#
        }
    };
    let what = "boxes with a \"radius\" (cores 0.1 apart, each rounded by 0.1)";
    session.send(probe_request(line, 2, false));
    match read_answer(session, 2, mode, timeout) {
        Ok(protocol::Reply::Answer(_, a)) if a.intersect => {
            report.say(ok(format!(
                "{what}: answered as rounded boxes, intersecting"
            )));
            true
        }
        Ok(protocol::Reply::Answer(..)) => {
            report.say(fail(
                format!("{what}: answered as if sharp (not intersecting)"),
                "grow each box by its \"radius\" (the engine's rounded box, or its margin), or refuse the pair with {\"id\": N, \"error\": \"no rounded boxes\"}",
            ));
            true
        }
        Ok(protocol::Reply::Error(_, why)) => {
            report.say(ok(format!("{what}: refused (\"{why}\"), so not asked")));
            true
        }
        Err(why) => {
            report.say(fail(format!("{what}: {why}"), fix_for(&why)));
            false
        }
    }
}

/// The engine ends when its input closes.
fn ends_with_its_input(session: Session, report: &mut Report) {
    let stderr = session.stderr();
    match session.close(Duration::from_secs(3)) {
        Some(t) => report.say(ok(format!(
            "it ends when its input closes ({})",
            duration(t)
        ))),
        None => report.say(warn(
            format!(
                "it did not end within 3 s of its input closing{}",
                if stderr.is_empty() {
                    String::new()
                } else {
                    format!(" (standard error: {})", stderr.lines().last().unwrap_or(""))
                }
            ),
            "end when standard input ends (satbox kills an engine that does not)",
        )),
    }
}

/// The sweep: `n` pairs of its dimensions through satbox's own asking, held to satbox's answer.
fn sweep(spec: &ExternalSpec, engine: EngineId, dims: &[Mode], n: usize, report: &mut Report) {
    let compare_name = engine.name();
    let engine = match engine {
        EngineId::External(_) => engine,
        EngineId::Built(_) => match external::register(spec.clone()) {
            Ok(id) => EngineId::External(id),
            Err(why) => {
                report.say(fail(format!("sweep: {why}"), "name the engine otherwise"));
                return;
            }
        },
    };
    let mut pairs: Vec<Pair> = Vec::new();
    for name in ["resting", "random", "scaled", "mirrors"] {
        pairs.extend(
            super::audit::set(name, n.div_ceil(4), 0x5a7b)
                .into_iter()
                .filter(|p| dims.contains(&p.mode())),
        );
    }
    let questions: Vec<Question> = pairs.iter().map(|p| Question::of(*p)).collect();
    let truths: Vec<Truth> = questions.iter().map(Truth::of_question).collect();
    let start = Instant::now();
    let asked = ask_batch(engine, &questions, &truths);
    let seconds = start.elapsed().as_secs_f32();
    let SweepTally {
        refused,
        failed,
        decided,
        verdicts_agree,
        wrong,
        kinds,
    } = SweepTally::of(&asked, &truths, &pairs);
    let total = pairs.len();
    say_failed_and_refused(report, total, &failed, &refused);
    let share = if decided == 0 {
        1.0
    } else {
        verdicts_agree as f32 / decided as f32
    };
    let findings: Vec<String> = kinds
        .iter()
        .map(|(k, (count, worst, _))| format!("{} {count} (worst {})", k.name(), fmt_num(*worst)))
        .collect();
    let summary = format!(
        "sweep of {total} pairs in {}: verdicts agree on {:.1} % of the pairs clear of touching; {wrong} pairs with a disagreement{}",
        duration(Duration::from_secs_f32(seconds)),
        100.0 * share,
        if findings.is_empty() { String::new() } else { format!(": {}", findings.join(", ")) }
    );
    if share < 0.9 {
        report.say(fail(
            summary,
            "so many verdicts differ that the boxes must be read wrong: \"center\", \"half_extents\" (half sizes), \"rotation\" [x, y, z, w] (2D: \"angle\" in radians), the normal from A to B",
        ));
    } else {
        report.say(ok(summary));
    }
    if let Some((kind, (_, _, Some(pair)))) = kinds.iter().max_by_key(|(_, (count, ..))| *count) {
        let _ = writeln!(
            report.out,
            "        its most common disagreement, {}, worst at (pipe to `satbox check --compare {} -`):\n        {}",
            kind.name(),
            compare_name,
            check_line(pair)
        );
    }
}

/// A sweep's answers counted: what was refused or failed, the verdicts on pairs clear of
/// touching, and the disagreements by kind (count, worst size, the worst pair).
struct SweepTally {
    refused: Vec<String>,
    failed: Vec<(String, String)>,
    decided: usize,
    verdicts_agree: usize,
    wrong: usize,
    kinds: std::collections::BTreeMap<Kind, (usize, f32, Option<Pair>)>,
}

impl SweepTally {
    fn of(asked: &[Asked], truths: &[Truth], pairs: &[Pair]) -> SweepTally {
        let mut t = SweepTally {
            refused: Vec::new(),
            failed: Vec::new(),
            decided: 0,
            verdicts_agree: 0,
            wrong: 0,
            kinds: Default::default(),
        };
        for ((a, truth), p) in asked.iter().zip(truths).zip(pairs) {
            match &a.reply {
                Reply::Answered(answer) => {
                    if truth.margin > truth.band && !truth.touching {
                        t.decided += 1;
                        t.verdicts_agree += usize::from(answer.intersect == truth.intersect);
                    }
                    let Some(c) = &a.comparison else { continue };
                    t.wrong += usize::from(!c.disagreements.is_empty());
                    for d in &c.disagreements {
                        let k = t.kinds.entry(d.kind).or_insert((0, 0.0, None));
                        k.0 += 1;
                        if d.size >= k.1 {
                            k.1 = d.size;
                            k.2 = Some(*p);
                        }
                    }
                }
                Reply::NotAsked(why) => t.refused.push(why.clone()),
                Reply::Failed { why, stderr } => t.failed.push((why.clone(), stderr.clone())),
                Reply::Missing(_) => {}
            }
        }
        t
    }
}

/// The sweep's failures (the first, with the engine's last line of standard error) and refusals.
fn say_failed_and_refused(
    report: &mut Report,
    total: usize,
    failed: &[(String, String)],
    refused: &[String],
) {
    if let Some((why, stderr)) = failed.first() {
        let tail = stderr.lines().last().unwrap_or("");
        report.say(fail(
            format!(
                "sweep of {total} pairs: it failed on {} ({why}{})",
                failed.len(),
                if tail.is_empty() {
                    String::new()
                } else {
                    format!("; standard error: {tail}")
                }
            ),
            fix_for(why),
        ));
    }
    if let Some(why) = refused.first() {
        report.say(ok(format!(
            "sweep: it refused {} of {total} pairs (first: \"{why}\")",
            refused.len()
        )));
    }
}
