//! `satbox audit`: every engine built in, swept over generated pairs and held to satbox's answer
//! by the one comparison that `check --compare` uses ([`crate::engines::ask::ask_all`]), in one
//! table: per engine the pairs it gets wrong by kind, the worst of each kind as a link and a check
//! line (which, piped to `check --compare ENGINE`, gives that disagreement again), and per set
//! where.
//!
//! The sets ([`crate::scene::sets`]): MuJoCo's canonical-orientation recipe of resting and
//! near-resting pairs, random pairs, pairs scaled by powers of ten from 1e-3 to 1e3, pairs carried
//! 1e4 from the origin, and the mirrors of the resting and random pairs (A and B swapped, the
//! whole scene turned). 2D pairs go to the 2D engines, a fifth as many as 3D. A disagreement is
//! what [`crate::engines::compare`] calls one (outside the rounding band of touching, beyond the
//! length tolerance); the verdict agreement is counted over the pairs outside that band.

use std::collections::BTreeMap;
use std::io::Write;

use crate::engines::ask::{ask_batch, Asked};
use crate::engines::compare::{Comparison, Kind, Truth};
use crate::engines::{EngineId, EngineName, EngineSet, Question, Reply};
use crate::sat::fmt_num;
use crate::scene::sets::{self, Rng};
use crate::scene::{check_line, link::link, Mode, Pair};

/// How the audit sweeps.
#[derive(Clone, Debug)]
pub struct Options {
    /// 3D pairs per set (2D: a fifth as many).
    pub pairs: usize,
    /// The engines swept (`all`: every engine built in).
    pub engines: EngineSet,
    /// The seed of every set.
    pub seed: u64,
    /// Where to write a repro folder for each worst case printed (`--repro DIR`): one folder
    /// per engine and kind, `DIR/ENGINE-KIND` ([`crate::cli::repro`]).
    pub repro: Option<std::path::PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            pairs: 2000,
            engines: EngineSet::ALL_BUILT,
            seed: 0x5a7b_a0d1,
            repro: None,
        }
    }
}

/// The sets, by name, in the table's order.
pub const SETS: [&str; 6] = ["resting", "random", "scaled", "far", "mirrors", FILED];

/// The set of filed bugs: the poses of [`FILED_BUGS`], whatever `--pairs`.
pub const FILED: &str = "filed";

/// Box–box poses from engines' own issue trackers and regression tests, each line a check line
/// whose `"filed"` names its source (the issue, or the test and its commit), its engine, what
/// went wrong and the version that fixed it.
pub const FILED_BUGS: &str = include_str!("../../assets/audit/filed-bugs.jsonl");

/// The pairs of set `name`: `n` 3D pairs and `n / 5` 2D ones.
pub fn set(name: &str, n: usize, seed: u64) -> Vec<Pair> {
    let mut rng = Rng(seed ^ fnv(name));
    let rotations = sets::cube_rotations();
    let resting = |rng: &mut Rng, k| {
        let (a, b) = sets::resting3(rng, k, &rotations);
        Pair::Three(a, b)
    };
    let random = |rng: &mut Rng| {
        let (a, b) = sets::random3(rng);
        Pair::Three(a, b)
    };
    let flat = |rng: &mut Rng, k| {
        if k % 2 == 0 {
            let (a, b) = sets::resting2(rng, k);
            Pair::Two(a, b)
        } else {
            let (a, b) = sets::random2(rng);
            Pair::Two(a, b)
        }
    };
    let mut out: Vec<Pair> = match name {
        "resting" => (0..n).map(|k| resting(&mut rng, k)).collect(),
        "random" => (0..n).map(|_| random(&mut rng)).collect(),
        "scaled" => (0..n)
            .map(|k| {
                let p = if k % 2 == 0 {
                    resting(&mut rng, k)
                } else {
                    random(&mut rng)
                };
                sets::scaled(&p, 10f32.powi((k % 7) as i32 - 3))
            })
            .collect(),
        "far" => (0..n)
            .map(|k| {
                let p = if k % 2 == 0 {
                    resting(&mut rng, k)
                } else {
                    random(&mut rng)
                };
                sets::far(&p, 1e4)
            })
            .collect(),
        "mirrors" => (0..n / 2)
            .flat_map(|k| {
                let p = if k % 2 == 0 {
                    resting(&mut rng, k)
                } else {
                    random(&mut rng)
                };
                sets::mirrors(&p)
            })
            .collect(),
        _ => Vec::new(),
    };
    // the 2D pairs, through the same changes
    for k in 0..n / 5 {
        let p = flat(&mut rng, k);
        match name {
            "scaled" => out.push(sets::scaled(&p, 10f32.powi((k % 7) as i32 - 3))),
            "far" => out.push(sets::far(&p, 1e4)),
            "mirrors" => out.extend(sets::mirrors(&p)),
            _ => out.push(p),
        }
    }
    out
}

/// A stable number for a set's name, to seed it.
fn fnv(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// How many pairs of a kind, the largest size and its pair with its set.
type Worst = (usize, f32, Option<(Pair, &'static str)>);

/// What one engine did over the sweep.
#[derive(Default)]
struct Tally {
    version: String,
    asked: usize,
    not_asked: usize,
    /// Pairs an external engine failed on, and why the first did.
    failed: usize,
    first_failure: Option<String>,
    /// Pairs outside the touching band, and of those the ones whose verdict agreed.
    decided: usize,
    verdict_agreed: usize,
    /// Per kind: how many pairs, and the worst one.
    kinds: BTreeMap<Kind, Worst>,
    /// Per set: pairs asked and pairs with a disagreement.
    sets: BTreeMap<&'static str, (usize, usize)>,
}

/// A row of the table: an engine, and the name of its other algorithm for an answer from one
/// (Bullet's `"gjk_epa"`; `""` for its main answer).
type Row = (EngineId, &'static str);

/// The most pairs a set may have.
pub const MOST_PAIRS: usize = 1_000_000;

/// Sweeps the engines of `options` and writes the table to `out`; returns the exit status: 0,
/// or 2 with a sentence on `err` when the options ask for nothing that can be done (no pairs, an
/// engine named that is not built in: its build command).
pub fn run(options: &Options, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if let Some(why) = refusal(options) {
        let _ = writeln!(err, "satbox audit: {why}");
        return 2;
    }
    let mut tallies: BTreeMap<Row, Tally> = BTreeMap::new();
    let mut overlap = Overlap::default();
    for name in SETS {
        let questions: Vec<Question> = match name {
            FILED => filed_bugs(),
            _ => set(name, options.pairs, options.seed)
                .into_iter()
                .map(Question::of)
                .collect(),
        };
        let truths: Vec<Truth> = questions.iter().map(Truth::of_question).collect();
        let asked = ask_engines(options.engines, &questions, &truths);
        for (k, question) in questions.iter().enumerate() {
            let mut wrong = Vec::new();
            let mut answered = false;
            for engine_asked in &asked {
                if let Some(a) = &engine_asked[k] {
                    answered |= a.answer().is_some();
                    wrong.extend(tally_asked(
                        &mut tallies,
                        a,
                        &question.pair,
                        &truths[k],
                        name,
                    ));
                }
            }
            // (a pair no engine answered is no one's to get right or wrong)
            if answered {
                overlap.add(question.pair.mode(), &wrong);
            }
        }
    }
    let _ = write_table(out, options, &tallies);
    let _ = overlap.write(out);
    0
}

/// Every engine of `engines` asked about each of `questions` of its dimension, all at once (an
/// external engine's requests pipelined): per engine, per question, what it was asked (`None`
/// where it answers no pairs of that dimension).
fn ask_engines(
    engines: EngineSet,
    questions: &[Question],
    truths: &[Truth],
) -> Vec<Vec<Option<Asked>>> {
    let mut named: Vec<EngineId> = engines.for_mode(Mode::Three);
    for e in engines.for_mode(Mode::Two) {
        if !named.contains(&e) {
            named.push(e);
        }
    }
    named
        .into_iter()
        .map(|engine| {
            let mut each: Vec<Option<Asked>> = vec![None; questions.len()];
            // 3D first: an external engine's hello then says whether it answers 2D
            for mode in [Mode::Three, Mode::Two] {
                if !engine.answers(mode) || !engines.for_mode(mode).contains(&engine) {
                    continue;
                }
                let ks: Vec<usize> = (0..questions.len())
                    .filter(|k| questions[*k].pair.mode() == mode)
                    .collect();
                let qs: Vec<Question> = ks.iter().map(|k| questions[*k]).collect();
                let ts: Vec<Truth> = ks.iter().map(|k| truths[*k].clone()).collect();
                for (k, a) in ks.into_iter().zip(ask_batch(engine, &qs, &ts)) {
                    let not_its_mode =
                        matches!(a.reply, Reply::NotAsked(_)) && !engine.answers(mode);
                    each[k] = (!not_its_mode).then_some(a);
                }
            }
            each
        })
        .collect()
}

/// The filed bugs' poses ([`FILED_BUGS`]), as questions.
pub fn filed_bugs() -> Vec<Question> {
    FILED_BUGS
        .lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).ok()?;
            let case = crate::scene::read_pair(&v, None).ok()?;
            Some(Question {
                pair: case.pair,
                radii: case.radii,
                motion: None,
            })
        })
        .collect()
}

/// How many answers get each pair wrong: whether a fault is one engine's or shared.
#[derive(Default)]
struct Overlap {
    /// Per dimension (index 0: 2D, 1: 3D), the pairs by how many answers got them wrong.
    by_count: [BTreeMap<usize, usize>; 2],
    /// The pairs only this answer got wrong.
    alone: BTreeMap<Row, usize>,
}

impl Overlap {
    /// One pair of `mode`, got wrong by the answers `wrong`.
    fn add(&mut self, mode: Mode, wrong: &[Row]) {
        *self.by_count[usize::from(mode == Mode::Three)]
            .entry(wrong.len())
            .or_default() += 1;
        if let [row] = wrong {
            *self.alone.entry(*row).or_default() += 1;
        }
    }

    fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(
            out,
            "\nPairs by how many of the answers above get them wrong (each engine's and its other algorithms'):\n"
        )?;
        for (dim, counts) in ["2D", "3D"].iter().zip(&self.by_count) {
            let total: usize = counts.values().sum();
            if total == 0 {
                continue;
            }
            let words: Vec<String> = counts
                .iter()
                .map(|(k, n)| match k {
                    0 => format!("{n} by none"),
                    1 => format!("{n} by one"),
                    k => format!("{n} by {k}"),
                })
                .collect();
            writeln!(out, "- {total} {dim} pairs: {}", words.join(", "))?;
        }
        let alone: Vec<String> = self
            .alone
            .iter()
            .map(|(row, n)| format!("{} {n}", row_name(row)))
            .collect();
        if !alone.is_empty() {
            writeln!(out, "- got wrong by one answer alone: {}", alone.join(", "))?;
        }
        Ok(())
    }
}

/// Why the audit would do nothing useful: no pairs, too many, an engine named but not built in.
fn refusal(options: &Options) -> Option<String> {
    if !(1..=MOST_PAIRS).contains(&options.pairs) {
        return Some(format!(
            "--pairs {}: a set has 1 to {MOST_PAIRS} pairs",
            options.pairs
        ));
    }
    let missing: Vec<String> = EngineName::ALL
        .into_iter()
        .filter(|e| options.engines.names(*e) && e.engine().is_none())
        .map(|e| format!("{e} is not built in: {}", e.how_to_build()))
        .collect();
    (!missing.is_empty()).then(|| missing.join("; "))
}

/// Tallies what asking an engine about `pair` gave: its main answer, and each of its other
/// algorithms' answers on a row of its own; returns the rows that got it wrong.
fn tally_asked(
    tallies: &mut BTreeMap<Row, Tally>,
    asked: &Asked,
    pair: &Pair,
    truth: &Truth,
    set: &'static str,
) -> Vec<Row> {
    let engine = asked.engine;
    let (answer, about, comparison) = match (&asked.reply, &asked.about, &asked.comparison) {
        (Reply::Answered(a), Some(about), Some(c)) => (a, about, c),
        (Reply::NotAsked(_), ..) => {
            tallies.entry((engine, "")).or_default().not_asked += 1;
            return Vec::new();
        }
        (Reply::Failed { why, .. }, ..) => {
            let tally = tallies.entry((engine, "")).or_default();
            tally.failed += 1;
            tally.first_failure.get_or_insert_with(|| why.clone());
            return Vec::new();
        }
        _ => return Vec::new(),
    };
    let answers = asked
        .also
        .iter()
        .map(|x| (x.name, &x.about, x.answer.intersect, &x.comparison))
        .chain([("", about, answer.intersect, comparison)]);
    let mut wrong = Vec::new();
    for (name, about, intersect, c) in answers {
        let tally = tallies.entry((engine, name)).or_default();
        tally_one(tally, &about.version, intersect, c, pair, truth, set);
        if !c.disagreements.is_empty() {
            wrong.push((engine, name));
        }
    }
    wrong
}

/// Tallies one answer (its verdict `intersect` and its comparison `c`) of an engine of version
/// `version`.
fn tally_one(
    tally: &mut Tally,
    version: &str,
    intersect: bool,
    c: &Comparison,
    pair: &Pair,
    truth: &Truth,
    set: &'static str,
) {
    tally.version = version.to_string();
    tally.asked += 1;
    if truth.margin > truth.band && !truth.touching {
        tally.decided += 1;
        tally.verdict_agreed += usize::from(intersect == truth.intersect);
    }
    let entry = tally.sets.entry(set).or_default();
    entry.0 += 1;
    entry.1 += usize::from(!c.disagreements.is_empty());
    // each pair counts once per kind, with its largest size
    let mut seen: BTreeMap<Kind, f32> = BTreeMap::new();
    for d in &c.disagreements {
        let size = seen.entry(d.kind).or_insert(0.0);
        *size = size.max(d.size);
    }
    for (kind, size) in seen {
        let k = tally.kinds.entry(kind).or_insert((0, 0.0, None));
        k.0 += 1;
        if size >= k.1 {
            k.1 = size;
            k.2 = Some((*pair, set));
        }
    }
}

/// What each column of the table counts, said under it.
const COLUMNS_SAID: &str = "pairs: the pairs of its dimension; not asked: refused before its code was called (a half extent of 0 for Box2D and Box3D, half extents 1e6 apart). verdicts agree: of the pairs that do not touch and whose answer is further from touching than the rounding band, the share where the engine's own verdict is satbox's, counting every difference, by design or not (a verdict within Box2D's or Box3D's linear slop, or within twice Jolt's convex radius, is a difference by design and not in the verdict column). Each kind: the pairs with that disagreement (by design excluded) and the worst size: a length, or degrees for the normal's kinds.";

/// The kinds the table has a column for: every kind but the time of impact (the sweep has no
/// motion).
const COLUMNS: [Kind; 8] = {
    let mut c = [Kind::Verdict; 8];
    let mut k = 0;
    while k < 8 {
        c[k] = Kind::ALL[k];
        k += 1;
    }
    c
};

fn write_table(
    out: &mut dyn Write,
    options: &Options,
    tallies: &BTreeMap<Row, Tally>,
) -> std::io::Result<()> {
    writeln!(
        out,
        "satbox audit: {} 3D and {} 2D pairs per set ({}), seed {:#x}, and the {} filed bugs (assets/audit/filed-bugs.jsonl); each engine against satbox's answer (as check --compare holds it)\n",
        options.pairs,
        options.pairs / 5,
        SETS[..SETS.len() - 1].join(", "),
        options.seed,
        filed_bugs().len()
    )?;
    let not_built: Vec<String> = EngineName::ALL
        .into_iter()
        .filter(|e| e.engine().is_none() && options.engines == EngineSet::ALL_BUILT)
        .map(|e| format!("- {e}: {}", e.how_to_build()))
        .collect();
    if !not_built.is_empty() {
        writeln!(
            out,
            "Not built in, so not asked:\n{}\n",
            not_built.join("\n")
        )?;
    }
    write!(
        out,
        "| engine | version | pairs | not asked | verdicts agree |"
    )?;
    for k in COLUMNS {
        write!(out, " {} |", k.name())?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "|---|---|---:|---:|---:|{}",
        "---:|".repeat(COLUMNS.len())
    )?;
    for (engine, t) in tallies {
        let agree = if t.decided == 0 {
            "–".to_string()
        } else {
            format!(
                "{:.2} %",
                100.0 * t.verdict_agreed as f64 / t.decided as f64
            )
        };
        write!(
            out,
            "| {} | {} | {} | {} | {agree} |",
            row_name(engine),
            t.version,
            t.asked,
            t.not_asked
        )?;
        for k in COLUMNS {
            match t.kinds.get(&k) {
                Some((n, worst, _)) => write!(out, " {n} (worst {}) |", fmt_num(*worst))?,
                None => write!(out, " 0 |")?,
            }
        }
        writeln!(out)?;
    }
    writeln!(out, "\n{COLUMNS_SAID}")?;
    write_failures_and_sets(out, tallies)?;
    write_worst_cases(out, tallies, options.repro.as_deref())
}

/// Which engines failed and how often, and the pairs with a disagreement by set.
fn write_failures_and_sets(
    out: &mut dyn Write,
    tallies: &BTreeMap<Row, Tally>,
) -> std::io::Result<()> {
    for ((engine, _), t) in tallies {
        if let Some(why) = &t.first_failure {
            writeln!(
                out,
                "\n{engine} failed on {} pairs (each in the table as neither asked nor answered); the first: {why}",
                t.failed
            )?;
        }
    }
    writeln!(
        out,
        "\nPairs with a disagreement, by set (of the pairs asked):\n"
    )?;
    write!(out, "| engine |")?;
    for s in SETS {
        write!(out, " {s} |")?;
    }
    writeln!(out)?;
    writeln!(out, "|---|{}", "---:|".repeat(SETS.len()))?;
    for (engine, t) in tallies {
        write!(out, "| {} |", row_name(engine))?;
        for s in SETS {
            match t.sets.get(s) {
                Some((asked, wrong)) => write!(out, " {wrong} of {asked} |")?,
                None => write!(out, " – |")?,
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

/// The worst case of each kind and engine, as a link and as a check line, and with `repro` its
/// repro folder in it.
fn write_worst_cases(
    out: &mut dyn Write,
    tallies: &BTreeMap<Row, Tally>,
    repro: Option<&std::path::Path>,
) -> std::io::Result<()> {
    writeln!(out, "\nThe worst case of each kind (open the link, or pipe the line to `satbox check --compare ENGINE -`):\n")?;
    for (engine, t) in tallies {
        for (kind, (_, worst, case)) in &t.kinds {
            let Some((pair, set)) = case else {
                continue;
            };
            writeln!(
                out,
                "- {} {} {} ({} set, {}): {}\n  `{}`",
                row_name(engine),
                kind.name(),
                fmt_num(*worst),
                set,
                mode_name(pair.mode()),
                link(pair, crate::scene::link::BASE_URL),
                check_line(pair)
            )?;
            if let Some(dir) = repro {
                let folder = dir.join(format!(
                    "{}-{}",
                    row_name(engine).replace(' ', "-"),
                    kind.name()
                ));
                writeln!(out, "  repro: {}", repro_of(engine.0, pair, &folder))?;
            }
        }
    }
    Ok(())
}

/// The repro folder of `engine` for `pair` written in `folder`: where, or why not.
fn repro_of(engine: EngineId, pair: &Pair, folder: &std::path::Path) -> String {
    #[cfg(not(target_arch = "wasm32"))]
    {
        match super::repro::write_case(engine, &check_line(pair), 1, folder, false) {
            Ok(_) => folder.display().to_string(),
            Err(e) => format!("not written: {e}"),
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (engine, pair, folder);
        "not written in the browser".into()
    }
}

/// A row's name: the engine's (`bullet`), and its other algorithm's after it (`bullet gjk_epa`).
fn row_name((engine, also): &Row) -> String {
    match *also {
        "" => engine.name().to_string(),
        also => format!("{} {also}", engine.name()),
    }
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Two => "2D",
        Mode::Three => "3D",
    }
}
