//! The plain structs that cross into the C++ shim over Bullet and ODE (`shim.cpp` beside this
//! file, built by build.rs): a box and a contact as the engine gives it, all in `f64`. Each
//! engine's functions are declared in its own file (`bullet.rs`, `ode.rs`).

use glam::DVec3;

use crate::sat::Obb3;

/// A box for the shim: `SatboxBox` in shim.cpp.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ShimBox {
    /// Its centre.
    pub center: [f64; 3],
    /// Its half extents.
    pub half: [f64; 3],
    /// Its rotation, a unit quaternion `x, y, z, w`.
    pub rotation: [f64; 4],
}

impl ShimBox {
    /// satbox's box, widened to `f64`.
    pub fn of(o: &Obb3) -> Self {
        let q = o.rotation.as_dquat();
        Self {
            center: o.center.as_dvec3().to_array(),
            half: o.half_extents.as_dvec3().to_array(),
            rotation: [q.x, q.y, q.z, q.w],
        }
    }
}

/// One contact as the engine gives it: `SatboxContact` in shim.cpp.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ShimContact {
    /// The engine's normal.
    pub normal: [f64; 3],
    /// The engine's point.
    pub point: [f64; 3],
    /// The engine's depth or signed distance.
    pub depth: f64,
}

impl ShimContact {
    /// The normal.
    pub fn normal(&self) -> DVec3 {
        DVec3::from_array(self.normal)
    }

    /// The point.
    pub fn point(&self) -> DVec3 {
        DVec3::from_array(self.point)
    }
}
