//! ODE beside satbox (Debian's `libode-dev`, double precision), through the C++ shim
//! (`shim/shim.cpp`).
//!
//! * Contact: `dCollide` on two `dCreateBox` geoms (full side lengths) with no body and no space,
//!   up to 8 contacts: ODE's `dBoxBox`, the separating-axis test and clipping that Bullet's
//!   `btBoxBoxDetector` ports. Each contact has its position on the incident face (B's when A
//!   holds the reference face, A's when B does, and midway between the edges for an edge pair),
//!   its normal pointing into A (from B to A: moving A along it by the depth separates them) and
//!   its depth (positive when penetrating). ODE does not say which case it took, so satbox finds
//!   the surface the point lies on and reads the point midway between the surfaces, and the
//!   normal from A to B.
//! * No distance: ODE has no distance query for boxes, and gives no contact for a separated
//!   pair.
//! * No time of impact ([`super::ImpactQuery::None`]).
//!
//! ODE is started once per process (`dInitODE2`) and once per thread that asks it
//! (`dAllocateODEDataForThread`).

use std::cell::Cell;
use std::sync::OnceLock;

use glam::DVec3;

use super::shim::{ShimBox, ShimContact};
use super::{refuse_invalid, About, Engine, EngineAnswer, EngineName, Point, Question};
use crate::sat::Obb3;
use crate::scene::Pair;

unsafe extern "C" {
    fn satbox_ode_init();
    fn satbox_ode_thread() -> i32;
    fn satbox_ode_real_size() -> i32;
    fn satbox_ode_collide(
        a: *const ShimBox,
        b: *const ShimBox,
        out: *mut ShimContact,
        capacity: i32,
    ) -> i32;
}

/// The most contacts asked of `dCollide`.
const CONTACTS: usize = 8;

/// ODE's version, from pkg-config when the shim was built.
const VERSION: &str = env!("SATBOX_ODE_VERSION");

/// ODE.
pub(super) struct Ode;

/// `dInitODE2` once per process, then ODE's data for the calling thread.
fn ready() -> bool {
    static INIT: OnceLock<()> = OnceLock::new();
    // SAFETY: dInitODE2 is called once, before any other ODE call
    INIT.get_or_init(|| unsafe { satbox_ode_init() });
    thread_local! {
        static THREAD: Cell<Option<bool>> = const { Cell::new(None) };
    }
    THREAD.with(|t| {
        if let Some(ok) = t.get() {
            return ok;
        }
        // SAFETY: ODE is initialised (above); called once per thread
        let ok = unsafe { satbox_ode_thread() } != 0;
        t.set(Some(ok));
        ok
    })
}

impl Engine for Ode {
    fn name(&self) -> EngineName {
        EngineName::Ode
    }

    fn about(&self) -> About {
        // SAFETY: returns sizeof(dReal), a constant
        let real = unsafe { satbox_ode_real_size() };
        About::manifold_of_sharp_boxes(
            VERSION.into(),
            vec![
                (
                    "precision".into(),
                    if real == 8 { "double (dReal)" } else { "single (dReal)" }.into(),
                ),
                (
                    "contact".into(),
                    format!("dCollide on two dCreateBox geoms, no space, at most {CONTACTS} contacts (dBoxBox)"),
                ),
            ],
        )
    }

    fn refuse(&self, question: &Question) -> Option<String> {
        let pair = &question.pair;
        // a negative length aborts the process ("Bad argument(s) in dxBox")
        refuse_invalid(EngineName::Ode, pair)
            .or_else(|| (!ready()).then(|| "ODE could not set up its data for this thread".into()))
    }

    fn answer(&self, question: &Question) -> EngineAnswer {
        let pair = &question.pair;
        let Pair::Three(a, b) = pair else {
            unreachable!("ODE is asked 3D pairs only");
        };
        if !ready() {
            return EngineAnswer::default();
        }
        let (boxes, a, b) = ((a, b), ShimBox::of(a), ShimBox::of(b));
        let mut out = [ShimContact::default(); CONTACTS];
        // SAFETY: ODE is ready for this thread; the boxes are valid (refuse: finite, half
        // extents ≥ 0, unit rotation); `out` has room for the capacity passed
        let n = unsafe { satbox_ode_collide(&a, &b, out.as_mut_ptr(), CONTACTS as i32) };
        let count = (n.max(0) as usize).min(CONTACTS);
        let mut normal = None;
        let points = out[..count]
            .iter()
            .enumerate()
            .map(|(i, c)| {
                // ODE's normal points from B into A
                let into_a = c.normal().normalize_or_zero();
                normal.get_or_insert((-into_a).as_vec3());
                let towards = match surface(boxes.0, boxes.1, c.point()) {
                    Surface::B => -0.5,
                    Surface::A => 0.5,
                    Surface::Midway => 0.0,
                };
                Point {
                    point: (c.point() + into_a * (towards * c.depth)).as_vec3(),
                    separation: -c.depth as f32,
                    feature: format!("dBoxBox contact {i}"),
                }
            })
            .collect();
        let mut answer = EngineAnswer::from_points(points, normal);
        if count > 0 {
            answer.notes.push(
                "ODE gives each contact on the incident face (B's when A holds the reference face, A's when B does; midway for an edge pair) with its normal from B into A and a positive depth: moved midway, the normal turned to run from A to B".into(),
            );
        }
        answer
    }
}

/// Which surface an ODE contact position lies on.
#[derive(Debug, PartialEq)]
enum Surface {
    /// A's: B holds the reference face, and the point is A's, inside B.
    A,
    /// B's: A holds the reference face, and the point is B's, inside A.
    B,
    /// Neither: the midpoint of an edge pair.
    Midway,
}

/// The surface `p` lies on, by how far it is from each box's surface (a box's signed distance,
/// negative inside): the nearer one, unless both are about as far (an edge pair's midpoint).
fn surface(a: &Obb3, b: &Obb3, p: DVec3) -> Surface {
    let (da, db) = (box_distance(a, p).abs(), box_distance(b, p).abs());
    let scale = 1e-6 * (1.0 + p.abs().max_element());
    if (da - db).abs() <= scale.max(1e-3 * da.max(db)) {
        Surface::Midway
    } else if db < da {
        Surface::B
    } else {
        Surface::A
    }
}

/// The signed distance from `p` to the surface of `o` (negative inside), in `f64`.
fn box_distance(o: &Obb3, p: DVec3) -> f64 {
    let local = o.rotation.as_dquat().inverse() * (p - o.center.as_dvec3());
    let q = local.abs() - o.half_extents.as_dvec3();
    q.max(DVec3::ZERO).length() + q.max_element().min(0.0)
}
