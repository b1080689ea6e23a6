//! `satbox engine NAME`: a built-in engine served over the engine protocol
//! ([`crate::engines::protocol`]) on standard input and output: the protocol's reference
//! implementation, and the way to run an engine's C or C++ code out of satbox's process (name it
//! in an engines file with `command = ["satbox", "engine", "ode"]`).
//!
//! It reads the hello (a built-in engine takes no settings: any is refused on standard error,
//! exit status 2), answers with the engine's name, version and dimensions, then answers each
//! request in order: the engine's answer, or `{"id": N, "error": "why"}` where it would not be
//! asked (a dimension it does not answer, a box it does not accept). Answers are flushed whenever
//! the input has nothing more waiting, so a client may write many requests before reading.

use std::io::{BufRead, Write};

use serde_json::{Map, Value};

use crate::engines::protocol::{self, VERSION};
use crate::engines::{ask, EngineName, Question, Reply};
use crate::scene::cases::HasBuffer;
use crate::scene::{read_case_fast, NotedPair};

/// Serves `engine` on `input` and `out`; returns the exit status: 0 at the end of the input, 2
/// when the engine is not built in or the input is not the protocol (said on `err`).
pub fn serve<R: BufRead + HasBuffer>(
    engine: EngineName,
    mut input: R,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let Some(built) = engine.engine() else {
        let _ = writeln!(
            err,
            "satbox engine: {engine} is not built in: {}",
            engine.how_to_build()
        );
        return 2;
    };
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    let mut line = String::new();
    if let Err(why) = read_hello(&mut input, &mut line) {
        let _ = writeln!(err, "satbox engine: {why}");
        return 2;
    }
    let about = built.about();
    let dims: Vec<u8> = [2u8, 3]
        .into_iter()
        .filter(|d| {
            engine.answers(if *d == 2 {
                crate::scene::Mode::Two
            } else {
                crate::scene::Mode::Three
            })
        })
        .collect();
    let settings: Map<String, Value> = Map::new();
    let hello = protocol::hello_answer(engine.title(), &about.version, &dims, &settings);
    if writeln!(out, "{hello}").and_then(|_| out.flush()).is_err() {
        return 0;
    }
    loop {
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                let _ = writeln!(err, "satbox engine: cannot read the input: {e}");
                return 2;
            }
        }
        if line.trim().is_empty() {
            continue;
        }
        let answer = match answer_request(engine, &line) {
            Ok(answer) => answer,
            Err(why) => {
                let _ = out.flush();
                let _ = writeln!(err, "satbox engine: {why}");
                return 2;
            }
        };
        if writeln!(out, "{answer}").is_err() {
            return 0;
        }
        if input.buffered_is_empty() && out.flush().is_err() {
            return 0;
        }
    }
    let _ = out.flush();
    0
}

/// Reads the hello; a built-in engine takes no settings.
fn read_hello(input: &mut impl BufRead, line: &mut String) -> Result<(), String> {
    input
        .read_line(line)
        .map_err(|e| format!("cannot read the hello: {e}"))?;
    let v: Value = serde_json::from_str(line)
        .map_err(|e| format!("the first line is not the protocol's hello ({e})"))?;
    if v.get("satbox_engine").and_then(Value::as_u64) != Some(VERSION as u64) {
        return Err(format!(
            "the first line is not the protocol's hello {{\"satbox_engine\": {VERSION}, \"settings\": {{}}}}"
        ));
    }
    if let Some(name) = v
        .get("settings")
        .and_then(Value::as_object)
        .and_then(|s| s.keys().next())
    {
        return Err(format!(
            "unknown setting \"{name}\": satbox's built-in engines take no settings"
        ));
    }
    Ok(())
}

/// A request as satbox's client writes it, `{"id":N,` and then a case in the plain shape `check`
/// reads fastest ([`read_case_fast`]), read without building a JSON value: the same boxes to the
/// bit. `None` for any other request (the general reader then reads it, and words its errors).
fn read_plain_request(line: &str) -> Option<(u64, NotedPair)> {
    let rest = line.trim_start().strip_prefix("{\"id\":")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || (digits > 1 && rest.starts_with('0')) {
        return None;
    }
    let id = rest[..digits].parse().ok()?;
    let rest = rest[digits..].strip_prefix(',')?;
    let mut case = String::with_capacity(rest.len() + 1);
    case.push('{');
    case.push_str(rest.trim_end());
    Some((id, read_case_fast(&case)?.case))
}

/// The answer line to one request, or why the request cannot be read at all (no id).
fn answer_request(engine: EngineName, line: &str) -> Result<String, String> {
    let (id, case) = match read_plain_request(line) {
        Some(request) => request,
        None => {
            let v: Value = serde_json::from_str(line)
                .map_err(|e| format!("a request that is not JSON ({e})"))?;
            let id = v
                .get("id")
                .and_then(Value::as_u64)
                .ok_or_else(|| "a request without an \"id\"".to_string())?;
            match crate::scene::read_pair(&v, None) {
                Ok(case) => (id, case),
                Err(e) => return Ok(protocol::error_line(id, &e.to_string())),
            }
        }
    };
    let question = Question {
        pair: case.pair,
        radii: case.radii,
        motion: None,
    };
    Ok(match ask(engine, &question) {
        Reply::Answered(answer) => protocol::answer_line(id, &answer, question.pair.mode().dim()),
        Reply::NotAsked(why) => protocol::error_line(id, &why),
        Reply::Missing(how) => protocol::error_line(id, how),
        Reply::Failed { why, .. } => protocol::error_line(id, &why),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::protocol;

    /// Random pairs of both dimensions, some with a radius, written as satbox's client writes
    /// its requests.
    fn requests() -> Vec<(Question, String)> {
        crate::cli::audit::set("random", 400, 3)
            .into_iter()
            .enumerate()
            .map(|(i, pair)| {
                let r = if i % 5 == 0 { 0.05 } else { 0.0 };
                let question = Question {
                    pair,
                    radii: [r, r],
                    motion: None,
                };
                (question, protocol::request(i as u64, &question))
            })
            .collect()
    }

    #[test]
    fn a_request_read_fast_holds_the_boxes_the_general_reader_reads_to_the_bit() {
        let mut fast = 0;
        for (question, line) in requests() {
            let general: Value = serde_json::from_str(&line).unwrap();
            let general = crate::scene::read_pair(&general, None).unwrap();
            assert_eq!(general.pair, question.pair, "{line}");
            if let Some((id, case)) = read_plain_request(&line) {
                fast += 1;
                assert_eq!(
                    Some(id),
                    serde_json::from_str::<Value>(&line).unwrap()["id"].as_u64()
                );
                assert_eq!(case.pair, general.pair, "{line}");
                assert_eq!(case.radii, general.radii, "{line}");
            } else {
                assert!(question.radii[0] > 0.0, "a sharp pair read slowly: {line}");
            }
        }
        assert!(fast >= 300, "{fast} of 400 read fast");
    }

    #[test]
    fn a_request_not_in_satbox_s_own_form_is_left_to_the_general_reader() {
        for line in [
            r#"{"id":01,"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"id":1,"b":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#,
            r#"{"id":,"a":{}}"#,
        ] {
            assert!(read_plain_request(line).is_none(), "{line}");
        }
    }
}
