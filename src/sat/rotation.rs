//! B's rotation in A's frame, the matrix every 3D test and the contact manifold start from:
//! `R = mat(A⁻¹B)`, one quaternion product and a matrix, in 4-lane registers with the `simd`
//! feature (the same numbers, to the bit, as glam's one at a time).

use glam::Quat;

/// The rotation of B in A's frame, `R = mat(A⁻¹B)`, as columns: column `j` is `B.u_j` in A's
/// frame, so `cols[j][i] = R_ij = A.u_i · B.u_j` (the fourth number is 0). The same numbers, to the
/// bit, as glam's `Mat3::from_quat(a.conjugate() * b)`.
#[inline(always)]
pub(crate) fn rotation_in_a(a: Quat, b: Quat) -> [[f32; 4]; 3] {
    lanes::matrix(lanes::conjugate_times(a, b))
}

/// glam's quaternion product and [`glam::Mat3::from_quat`] in 4-lane registers. macroquad turns on
/// glam's `scalar-math`, so glam does them one number at a time; here each lane does the same
/// operations in the same order as glam's, so the numbers are the same to the bit (`a − x·y` is
/// `a + x·(−y)` exactly).
#[cfg(feature = "simd")]
pub(crate) mod lanes {
    use glam::Quat;
    use wide::f32x4;

    /// `a.conjugate() * b`.
    #[inline(always)]
    pub(crate) fn conjugate_times(a: Quat, b: Quat) -> Quat {
        let s = f32x4::splat;
        let (x0, y0, z0, w0) = (-a.x, -a.y, -a.z, a.w);
        let (x1, y1, z1, w1) = (b.x, b.y, b.z, b.w);
        // each lane summed in glam's order: w0·b, then x0, y0, z0 against b turned and signed
        let q = s(w0) * f32x4::new([x1, y1, z1, w1])
            + s(x0) * f32x4::new([w1, -z1, y1, -x1])
            + s(y0) * f32x4::new([z1, w1, -x1, -y1])
            + s(z0) * f32x4::new([-y1, x1, w1, -z1]);
        let [x, y, z, w] = q.to_array();
        Quat::from_xyzw(x, y, z, w)
    }

    /// The columns of `Mat3::from_quat(q)`, each with a fourth number 0.
    #[inline(always)]
    pub(crate) fn matrix(q: Quat) -> [[f32; 4]; 3] {
        let s = f32x4::splat;
        let (x, y, z, w) = (q.x, q.y, q.z, q.w);
        let (x2, y2, z2) = (x + x, y + y, z + z);
        // 1 − (yy + zz), 1 − (xx + zz), 1 − (xx + yy)
        let diagonal = s(1.0)
            - (f32x4::new([y, x, x, 0.0]) * f32x4::new([y2, x2, x2, 0.0])
                + f32x4::new([z, z, y, 0.0]) * f32x4::new([z2, z2, y2, 0.0]));
        // xy, xz, yz and wz, wy, wx; their sums and differences
        let off = f32x4::new([x, x, y, 0.0]) * f32x4::new([y2, z2, z2, 0.0]);
        let turn = s(w) * f32x4::new([z2, y2, x2, 0.0]);
        let [d0, d1, d2, _] = diagonal.to_array();
        let [s0, s1, s2, _] = (off + turn).to_array();
        let [m0, m1, m2, _] = (off - turn).to_array();
        [[d0, s0, m1, 0.0], [m0, d1, s2, 0.0], [s1, m2, d2, 0.0]]
    }
}

/// The same as the 4-lane [`lanes`], one number at a time: glam's own product and matrix.
#[cfg_attr(feature = "simd", cfg(test))]
pub(crate) mod plain {
    use glam::{Mat3, Quat};

    #[inline(always)]
    pub(crate) fn conjugate_times(a: Quat, b: Quat) -> Quat {
        a.conjugate() * b
    }

    #[inline(always)]
    pub(crate) fn matrix(q: Quat) -> [[f32; 4]; 3] {
        let m = Mat3::from_quat(q);
        [m.x_axis, m.y_axis, m.z_axis].map(|c| c.extend(0.0).to_array())
    }
}
#[cfg(not(feature = "simd"))]
pub(crate) use plain as lanes;
