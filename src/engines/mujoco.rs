//! MuJoCo beside satbox, through the `mujoco-rs` crate and libmujoco 3.17.0 (from the `mujoco`
//! wheel: scripts/mujoco.sh).
//!
//! * Contact: a minimal model of two free bodies, each with one box geom, no gravity; the pair's
//!   poses go into `qpos` (quaternions w first) and its half sizes into `geom_size`, with the
//!   broadphase's bounding sphere and box (`geom_rbound`, `geom_aabb`) made to follow, or large
//!   boxes would never be tested; `mj_forward` runs MuJoCo's collision. Each contact has its
//!   `dist` (negative when penetrating), its position (already midway between the surfaces) and
//!   its frame, whose first row is the normal from geom 1 to geom 2.
//! * Distance of a separated pair: `mj_geomDistance` with the centres' distance as its cap: the
//!   distance and the segment between the closest points.
//! * No time of impact: MuJoCo has no such query ([`super::ImpactQuery::None`]).
//!
//! The model is built once per thread and kept (parsing it takes far longer than a query).
//! mujoco-rs panics when the library loaded is not the version its bindings were made for: that
//! is checked before any other call, and such a library is "not asked" with both versions.

use std::cell::RefCell;

use glam::{DVec3, Vec3};
use mujoco_rs::mujoco_c;
use mujoco_rs::prelude::{MjData, MjModel};
use mujoco_rs::wrappers::mj_model::MjtObjBase;

use super::{
    refuse_flat, refuse_invalid, About, Engine, EngineAnswer, EngineName, Point, Question,
};
use crate::sat::Obb3;
use crate::scene::Pair;

/// Two free boxes, A and B, without gravity (sizes and poses are set per pair).
const MODEL: &str = r#"<mujoco model="satbox pair">
  <option gravity="0 0 0"/>
  <worldbody>
    <body name="A"><freejoint/><geom name="A" type="box" size="1 1 1"/></body>
    <body name="B"><freejoint/><geom name="B" type="box" size="1 1 1"/></body>
  </worldbody>
</mujoco>"#;

/// MuJoCo.
pub(super) struct Mujoco;

/// The library's version number (`3017000` for 3.17.0).
fn linked_version() -> u32 {
    // SAFETY: mj_version takes no arguments and only returns a constant of the loaded library
    unsafe { mujoco_c::mj_version() as u32 }
}

/// `3017000` as `"3.17.0"`.
fn version_text(v: u32) -> String {
    format!("{}.{}.{}", v / 1_000_000, v / 1000 % 1000, v % 1000)
}

/// The model and its data, kept per thread.
struct Scene {
    data: MjData<Box<MjModel>>,
    a: usize,
    b: usize,
}

impl Scene {
    fn new() -> Result<Self, String> {
        let model = MjModel::from_xml_string(MODEL).map_err(|e| e.to_string())?;
        let geom = |name| {
            model
                .name_to_id(MjtObjBase::mjOBJ_GEOM, name)
                .ok_or_else(|| format!("no geom {name}"))
        };
        let (a, b) = (geom("A")?, geom("B")?);
        Ok(Self {
            data: MjData::new(Box::new(model)),
            a,
            b,
        })
    }

    /// Sets both boxes' sizes, bounds and poses, then `mj_forward`.
    fn set(&mut self, a: &Obb3, b: &Obb3) {
        for (geom, o) in [(self.a, a), (self.b, b)] {
            let half = o.half_extents.as_dvec3();
            // SAFETY: only the values of three per-geom arrays change, never a size, count or
            // address of the model, as model_mut asks
            let model = unsafe { self.data.model_mut() };
            model.geom_size_mut()[geom] = half.to_array();
            // the broadphase's bounding sphere and box (centre offset, then half sizes)
            model.geom_rbound_mut()[geom] = half.length();
            model.geom_aabb_mut()[geom] = [0.0, 0.0, 0.0, half.x, half.y, half.z];
        }
        let qpos = self.data.qpos_mut();
        for (k, o) in [a, b].into_iter().enumerate() {
            let c = o.center.as_dvec3();
            let q = o.rotation.as_dquat().normalize();
            qpos[7 * k..7 * k + 7].copy_from_slice(&[c.x, c.y, c.z, q.w, q.x, q.y, q.z]);
        }
        self.data.forward();
    }
}

thread_local! {
    static SCENE: RefCell<Option<Result<Scene, String>>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread's scene, made on first use.
fn with_scene<T>(f: impl FnOnce(&mut Scene) -> T) -> Result<T, String> {
    SCENE.with(|cell| {
        let mut scene = cell.borrow_mut();
        match scene.get_or_insert_with(Scene::new) {
            Ok(s) => Ok(f(s)),
            Err(e) => Err(e.clone()),
        }
    })
}

impl Engine for Mujoco {
    fn name(&self) -> EngineName {
        EngineName::Mujoco
    }

    fn about(&self) -> About {
        About::manifold_of_sharp_boxes(
            version_text(linked_version()),
            vec![
                (
                    "model".into(),
                    "two free bodies with one box geom each, gravity 0, margin 0".into(),
                ),
                (
                    "contact".into(),
                    "mj_forward's contacts (MuJoCo's box-box collider), geom_rbound and geom_aabb set to each size".into(),
                ),
                (
                    "distance".into(),
                    "mj_geomDistance, capped at the centres' distance".into(),
                ),
            ],
        )
    }

    fn refuse(&self, question: &Question) -> Option<String> {
        let pair = &question.pair;
        let linked = linked_version();
        if linked != mujoco_c::mjVERSION_HEADER {
            return Some(format!(
                "the libmujoco loaded is {}, and this satbox was built for MuJoCo {}: run scripts/mujoco.sh and build again",
                version_text(linked),
                version_text(mujoco_c::mjVERSION_HEADER)
            ));
        }
        refuse_invalid(EngineName::Mujoco, pair).or_else(|| {
            // what MuJoCo's users cannot make, it is not asked about
            refuse_flat(
                EngineName::Mujoco,
                pair,
                "MuJoCo's compiler refuses a box geom of size 0 (\"size 0 must be positive in geom\")",
            )
        })
    }

    fn answer(&self, question: &Question) -> EngineAnswer {
        let pair = &question.pair;
        let Pair::Three(a, b) = pair else {
            unreachable!("MuJoCo is asked 3D pairs only");
        };
        let asked = with_scene(|scene| {
            scene.set(a, b);
            let mut answer = contact(scene);
            if !answer.intersect {
                distance(scene, a, b, &mut answer);
            }
            answer
        });
        asked.unwrap_or_else(|e| EngineAnswer {
            notes: vec![format!("MuJoCo's model did not load: {e}")],
            ..EngineAnswer::default()
        })
    }
}

/// The contacts of `mj_forward`, each turned to run from A to B.
fn contact(scene: &Scene) -> EngineAnswer {
    let contacts = scene.data.contact();
    let mut normal = None;
    let points = contacts
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let n = DVec3::new(c.frame[0], c.frame[1], c.frame[2]);
            let n = if c.geom1 as usize == scene.a { n } else { -n };
            normal.get_or_insert(n.normalize_or_zero().as_vec3());
            Point {
                point: DVec3::from_array(c.pos).as_vec3(),
                separation: c.dist as f32,
                feature: format!("contact {i}"),
            }
        })
        .collect();
    EngineAnswer::from_points(points, normal)
}

/// `mj_geomDistance`: the distance and closest points of a separated pair.
fn distance(scene: &mut Scene, a: &Obb3, b: &Obb3, answer: &mut EngineAnswer) {
    // no two points of the boxes are further apart than their centres (a little more, so that
    // the cap is never the answer)
    let cap = (b.center - a.center).as_dvec3().length() * (1.0 + 1e-6) + 1e-9;
    let mut fromto = [0.0; 6];
    let (ga, gb) = (scene.a, scene.b);
    let d = scene.data.geom_distance(ga, gb, cap, Some(&mut fromto));
    if d >= cap || d < 0.0 {
        return;
    }
    let on_a = DVec3::new(fromto[0], fromto[1], fromto[2]).as_vec3();
    let on_b = DVec3::new(fromto[3], fromto[4], fromto[5]).as_vec3();
    answer.distance = Some(d as f32);
    answer.closest = Some([on_a, on_b]);
    if answer.normal.is_none() && d > 0.0 {
        answer.normal = Some((on_b - on_a).normalize_or_zero()).filter(|n| *n != Vec3::ZERO);
    }
}
