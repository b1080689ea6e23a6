//! What asking an engine out of process costs: parry asked in process, against parry served over
//! the engine protocol by `satbox engine parry` (the same answers, to the bit), pipelined as
//! `check` asks an external engine (every request of a batch written before the first answer is
//! read).
//!
//! * `parry_in_process` — `satbox::engines::ask(parry, …)` for each pair;
//! * `parry_served` — the batch's request lines written to one `satbox engine parry` process by a
//!   writer thread while this thread reads and parses each answer line: the whole round trip.
//!
//! Before timing, the served process's own CPU time per pair is measured over one batch (from
//! `/proc`), the figure for "pairs a second on one core". `cargo bench --bench engine_protocol`.

use std::hint::black_box;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, Throughput};
use satbox::engines::protocol::{self, Reply};
use satbox::engines::{ask, EngineName, Question};

/// Pairs per batch.
const N: usize = 20_000;

/// The batch: random 3D pairs of the audit's random set (mixed overlapping and apart).
fn questions() -> Vec<Question> {
    satbox::cli::audit::set("random", N, 7)
        .into_iter()
        .filter(|p| p.mode() == satbox::scene::Mode::Three)
        .take(N)
        .map(Question::of)
        .collect()
}

/// A `satbox engine parry` process past its hello.
struct Served {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Served {
    fn start() -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_satbox"))
            .args(["engine", "parry"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("satbox engine parry starts");
        let mut input = child.stdin.take().unwrap();
        let mut output = BufReader::new(child.stdout.take().unwrap());
        writeln!(input, "{}", protocol::hello(&serde_json::Map::new())).unwrap();
        input.flush().unwrap();
        let mut hello = String::new();
        output.read_line(&mut hello).unwrap();
        protocol::Hello::read(&hello).expect("its hello");
        Served {
            child,
            input: Some(input),
            output,
        }
    }

    /// Asks about every line of `requests` (pipelined) and reads each answer: how many intersect.
    fn ask(&mut self, requests: &std::sync::Arc<Vec<String>>) -> usize {
        let mut input = self.input.take().unwrap();
        let lines = requests.clone();
        let writer = std::thread::spawn(move || {
            let mut w = std::io::BufWriter::with_capacity(1 << 16, &mut input);
            for l in lines.iter() {
                w.write_all(l.as_bytes()).unwrap();
                w.write_all(b"\n").unwrap();
            }
            w.flush().unwrap();
            drop(w);
            input
        });
        let mut line = String::new();
        let mut hits = 0;
        for _ in 0..requests.len() {
            line.clear();
            self.output.read_line(&mut line).unwrap();
            if let Reply::Answer(_, a) = Reply::read(&line, 3).unwrap() {
                hits += usize::from(a.intersect);
            }
        }
        self.input = Some(writer.join().unwrap());
        hits
    }

    /// The process's CPU time so far (user and system), from `/proc`.
    fn cpu(&self) -> Option<Duration> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        let after = stat.rsplit_once(')')?.1;
        let fields: Vec<&str> = after.split_whitespace().collect();
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        Some(Duration::from_secs_f64(ticks as f64 / 100.0))
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        self.input = None;
        let _ = self.child.wait();
    }
}

fn main() {
    let questions = questions();
    let requests: std::sync::Arc<Vec<String>> = std::sync::Arc::new(
        questions
            .iter()
            .enumerate()
            .map(|(k, q)| protocol::request(k as u64, q))
            .collect(),
    );
    let mut served = Served::start();
    // the served process's own CPU time per pair, over a few batches
    let before = served.cpu();
    let batches = 5;
    for _ in 0..batches {
        served.ask(&requests);
    }
    if let (Some(a), Some(b)) = (before, served.cpu()) {
        let per_pair = (b - a).as_secs_f64() / (batches * requests.len()) as f64;
        println!(
            "satbox engine parry: {:.2} µs of its own CPU a pair, {:.0} pairs a second on one core",
            per_pair * 1e6,
            1.0 / per_pair
        );
    }

    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let mut g = c.benchmark_group("engine_protocol");
    g.throughput(Throughput::Elements(questions.len() as u64));
    g.bench_function("parry_in_process", |b| {
        b.iter(|| {
            questions
                .iter()
                .filter(|q| matches!(ask(EngineName::Parry, black_box(q)), satbox::engines::Reply::Answered(a) if a.intersect))
                .count()
        })
    });
    g.bench_function("parry_served", |b| {
        b.iter(|| served.ask(black_box(&requests)))
    });
    g.finish();
    c.final_summary();
}
