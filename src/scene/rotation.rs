//! Rotations as files and engines write them: a rotation matrix (a basis), Euler angles in an
//! explicit order, a quaternion of any length. Computed in `f64`, handed to the boxes as `f32`.

use std::fmt;

use glam::{DMat3, DQuat, DVec2, DVec3, Quat};

use super::number::f64_text;

/// How far from 1 a basis column's length, a quaternion's length or a 2D direction's length may
/// be, and how far from 0 two basis columns' dot product, before satbox says so: engines print
/// their numbers rounded (Unity's quaternions to 5 decimals), which is rounding, not scale.
pub const UNIT_TOLERANCE: f64 = 1e-4;

/// The order in which the three turns of Euler angles are composed.
///
/// `"XYZ"` means the rotation matrix `R = R_X(x) · R_Y(y) · R_Z(z)`: the box turns about its own X
/// axis first, then about its (turned) Y axis, then about its (twice turned) Z axis. Read right to
/// left, the same matrix turns about the world's Z, then Y, then X. The angles are always listed
/// about X, Y and Z, in that order, whatever the order of the turns. Unity's `eulerAngles` and
/// Godot's default `rotation` are `"YXZ"`; glam's `EulerRot::XYZ` is `"XYZ"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EulerOrder {
    /// `R_X · R_Y · R_Z`.
    Xyz,
    /// `R_X · R_Z · R_Y`.
    Xzy,
    /// `R_Y · R_X · R_Z` (Unity, Godot).
    Yxz,
    /// `R_Y · R_Z · R_X`.
    Yzx,
    /// `R_Z · R_X · R_Y`.
    Zxy,
    /// `R_Z · R_Y · R_X`.
    Zyx,
}

impl EulerOrder {
    /// Every order, as written.
    pub const ALL: [EulerOrder; 6] = [
        EulerOrder::Xyz,
        EulerOrder::Xzy,
        EulerOrder::Yxz,
        EulerOrder::Yzx,
        EulerOrder::Zxy,
        EulerOrder::Zyx,
    ];

    /// `"XYZ"`, `"YXZ"`, …
    pub fn name(self) -> &'static str {
        match self {
            EulerOrder::Xyz => "XYZ",
            EulerOrder::Xzy => "XZY",
            EulerOrder::Yxz => "YXZ",
            EulerOrder::Yzx => "YZX",
            EulerOrder::Zxy => "ZXY",
            EulerOrder::Zyx => "ZYX",
        }
    }

    /// The order written as `"XYZ"` (upper case, as [`EulerOrder::name`] writes it).
    pub fn parse(text: &str) -> Option<EulerOrder> {
        EulerOrder::ALL.into_iter().find(|o| o.name() == text)
    }

    /// The rotation of angles `[about X, about Y, about Z]` in radians.
    pub fn quat(self, radians: [f64; 3]) -> DQuat {
        let [x, y, z] = radians;
        let (qx, qy, qz) = (
            DQuat::from_rotation_x(x),
            DQuat::from_rotation_y(y),
            DQuat::from_rotation_z(z),
        );
        match self {
            EulerOrder::Xyz => qx * qy * qz,
            EulerOrder::Xzy => qx * qz * qy,
            EulerOrder::Yxz => qy * qx * qz,
            EulerOrder::Yzx => qy * qz * qx,
            EulerOrder::Zxy => qz * qx * qy,
            EulerOrder::Zyx => qz * qy * qx,
        }
    }
}

/// Why a matrix is not a rotation.
#[derive(Clone, Debug, PartialEq)]
pub enum BasisError {
    /// The columns are perpendicular but not all of length 1: the matrix carries a scale.
    Scaled {
        /// The columns' lengths: the scale found.
        lengths: Vec<f64>,
    },
    /// Two columns are not perpendicular: a shear.
    NotPerpendicular {
        /// The two columns.
        columns: (usize, usize),
        /// The cosine of the angle between them.
        cosine: f64,
        /// The columns' lengths.
        lengths: Vec<f64>,
    },
    /// A column is zero: the matrix flattens space.
    ZeroColumn {
        /// The column.
        column: usize,
    },
}

impl BasisError {
    /// The scale found, when the matrix is a rotation times a scale.
    pub fn scale(&self) -> Option<&[f64]> {
        match self {
            BasisError::Scaled { lengths } => Some(lengths),
            _ => None,
        }
    }
}

impl fmt::Display for BasisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lengths = |l: &[f64]| {
            l.iter()
                .map(|x| f64_text(round6(*x)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            BasisError::Scaled { lengths: l } => write!(
                f,
                "is scaled: its columns (the box's axes) have lengths {}, not 1",
                lengths(l)
            ),
            BasisError::NotPerpendicular {
                columns: (i, j),
                cosine,
                lengths: l,
            } => write!(
                f,
                "is not a rotation: its columns u{i} and u{j} are not perpendicular (cosine {}, lengths {}), a shear",
                f64_text(round6(*cosine)),
                lengths(l)
            ),
            BasisError::ZeroColumn { column } => {
                write!(f, "is not a rotation: its column u{column} is zero")
            }
        }
    }
}

/// `x` to 6 significant digits, for messages.
fn round6(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let digits = 5 - x.abs().log10().floor() as i32;
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

/// A rotation read from the columns `u0, u1, u2` of a 3×3 matrix, which must be orthonormal
/// within [`UNIT_TOLERANCE`].
///
/// A left-handed frame (determinant −1) is accepted with a note: negating one axis of a box leaves
/// the same box (the box is symmetric about its centre), so `u2` is negated.
pub fn quat_from_columns(columns: [DVec3; 3]) -> Result<(Quat, Option<String>), BasisError> {
    let lengths = columns.map(|c| c.length());
    if let Some(column) = lengths.iter().position(|l| *l == 0.0) {
        return Err(BasisError::ZeroColumn { column });
    }
    for (i, j) in [(0, 1), (0, 2), (1, 2)] {
        let cosine = columns[i].dot(columns[j]) / (lengths[i] * lengths[j]);
        if cosine.abs() > UNIT_TOLERANCE {
            return Err(BasisError::NotPerpendicular {
                columns: (i, j),
                cosine,
                lengths: lengths.to_vec(),
            });
        }
    }
    if lengths.iter().any(|l| (l - 1.0).abs() > UNIT_TOLERANCE) {
        return Err(BasisError::Scaled {
            lengths: lengths.to_vec(),
        });
    }
    let [u0, u1, mut u2] = columns;
    let mut note = None;
    if u0.cross(u1).dot(u2) < 0.0 {
        u2 = -u2;
        note = Some(
            "is left-handed (determinant -1): its u2 was negated, which leaves the same box"
                .to_string(),
        );
    }
    let q = DQuat::from_mat3(&DMat3::from_cols(u0, u1, u2)).normalize();
    Ok((q.as_quat(), note))
}

/// The angle of a 2D frame whose columns are `x_axis` and `y_axis` (Godot's `Transform2D`),
/// orthonormal within [`UNIT_TOLERANCE`]; a mirrored frame is accepted with a note as in
/// [`quat_from_columns`].
pub fn angle_from_columns(
    x_axis: DVec2,
    y_axis: DVec2,
) -> Result<(f64, Option<String>), BasisError> {
    let lengths = vec![x_axis.length(), y_axis.length()];
    if let Some(column) = lengths.iter().position(|l| *l == 0.0) {
        return Err(BasisError::ZeroColumn { column });
    }
    let cosine = x_axis.dot(y_axis) / (lengths[0] * lengths[1]);
    if cosine.abs() > UNIT_TOLERANCE {
        return Err(BasisError::NotPerpendicular {
            columns: (0, 1),
            cosine,
            lengths,
        });
    }
    if lengths.iter().any(|l| (l - 1.0).abs() > UNIT_TOLERANCE) {
        return Err(BasisError::Scaled { lengths });
    }
    let note = (x_axis.perp_dot(y_axis) < 0.0).then(|| {
        "is mirrored (determinant -1): its y axis was negated, which leaves the same box"
            .to_string()
    });
    Ok((x_axis.y.atan2(x_axis.x), note))
}

/// The length of a quaternion or direction, without overflow for huge finite components.
pub fn robust_length(v: &[f64]) -> f64 {
    let largest = v.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    if largest == 0.0 || !largest.is_finite() {
        return largest;
    }
    largest * v.iter().map(|x| (x / largest).powi(2)).sum::<f64>().sqrt()
}

/// `components` are of length 1 to well within [`UNIT_TOLERANCE`] by their plain sum of squares:
/// [`length_note`] has nothing to say. `false` where that sum lies near the tolerance, or the
/// components are so large or small that squaring them loses them (then the careful length
/// decides).
#[inline]
pub fn plainly_unit(components: &[f64]) -> bool {
    let squares = sum_of_squares(components);
    (1e-100..1e100).contains(&squares) && ((squares.sqrt() - 1.0).abs() < 0.5 * UNIT_TOLERANCE)
}

/// [`plainly_unit`] without its square root, for the common case: the same sum of squares within
/// 9e-5 of 1. Its square root then lies within 4.6e-5 of 1 (rounding included), inside half the
/// tolerance: `true` only where [`plainly_unit`] is `true`.
#[inline]
pub fn squares_near_one(components: &[f64]) -> bool {
    (sum_of_squares(components) - 1.0).abs() < 9e-5
}

#[inline]
fn sum_of_squares(components: &[f64]) -> f64 {
    components.iter().map(|x| x * x).sum()
}

/// A note when a quaternion (or `(cos, sin)` pair) read from a file is not of length 1 within
/// [`UNIT_TOLERANCE`]: it is used normalised, and the note says so with its length.
pub fn length_note(components: &[f64]) -> Option<String> {
    if plainly_unit(components) {
        return None;
    }
    let length = robust_length(components);
    ((length - 1.0).abs() > UNIT_TOLERANCE && length > 0.0).then(|| {
        format!(
            "has length {}, not 1; it was normalised",
            f64_text(round6(length))
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{EulerRot, Vec3};

    #[test]
    fn squares_near_one_only_where_plainly_unit() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let (mut near, mut plain_only) = (0, 0);
        for _ in 0..1_000_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // lengths around the boundary of both tests
            let r = (state >> 11) as f64 / (1u64 << 53) as f64;
            let length = 1.0 + (2.0 * r - 1.0) * 8e-5;
            let k = (state % 4) as usize;
            let mut q = [0.5f64; 4];
            q[k] = (length * length - 0.75).sqrt();
            if squares_near_one(&q) {
                near += 1;
                assert!(plainly_unit(&q), "{q:?}");
            } else if plainly_unit(&q) {
                plain_only += 1;
            }
        }
        assert!(near > 100_000 && plain_only > 10_000, "{near} {plain_only}");
    }

    fn close(a: Quat, b: Quat) -> bool {
        // q and -q are the same rotation
        a.dot(b).abs() > 1.0 - 1e-6
    }

    #[test]
    fn order_xyz_is_glams_euler_rot_xyz_and_yxz_is_unitys_z_then_x_then_y() {
        let (x, y, z) = (0.3f64, -0.7, 1.1);
        let ours = EulerOrder::Xyz.quat([x, y, z]).as_quat();
        let glam = Quat::from_euler(EulerRot::XYZ, x as f32, y as f32, z as f32);
        assert!(close(ours, glam));
        // Unity: "rotates z degrees around the z axis, x degrees around the x axis, and y degrees
        // around the y axis", each about the world's axes: the matrix is R_Y · R_X · R_Z
        let yxz = EulerOrder::Yxz.quat([x, y, z]).as_quat();
        let world_z_then_x_then_y = Quat::from_rotation_y(y as f32)
            * Quat::from_rotation_x(x as f32)
            * Quat::from_rotation_z(z as f32);
        assert!(close(yxz, world_z_then_x_then_y));
        let v = Vec3::new(0.2, 0.5, -0.4);
        let by_steps = Quat::from_rotation_y(y as f32)
            * (Quat::from_rotation_x(x as f32) * (Quat::from_rotation_z(z as f32) * v));
        assert!((yxz * v - by_steps).length() < 1e-6);
    }

    #[test]
    fn every_order_parses_from_its_name_and_nothing_else_does() {
        for o in EulerOrder::ALL {
            assert_eq!(EulerOrder::parse(o.name()), Some(o));
        }
        assert_eq!(EulerOrder::parse("xyz"), None);
        assert_eq!(EulerOrder::parse("XYX"), None);
    }

    #[test]
    fn a_rotation_matrix_gives_back_its_quaternion() {
        let q = Quat::from_euler(EulerRot::ZXY, 0.4, -1.2, 2.5);
        let m = glam::Mat3::from_quat(q).as_dmat3();
        let (back, note) = quat_from_columns([m.x_axis, m.y_axis, m.z_axis]).unwrap();
        assert!(close(back, q) && note.is_none());
    }

    #[test]
    fn a_scaled_matrix_is_refused_with_the_scale_found() {
        let e = quat_from_columns([DVec3::X * 2.0, DVec3::Y, DVec3::Z * 0.5]).unwrap_err();
        assert_eq!(e.scale(), Some(&[2.0, 1.0, 0.5][..]));
        assert_eq!(
            e.to_string(),
            "is scaled: its columns (the box's axes) have lengths 2, 1, 0.5, not 1"
        );
    }

    #[test]
    fn a_sheared_matrix_is_refused_naming_the_columns() {
        let e = quat_from_columns([DVec3::X, DVec3::new(0.3, 1.0, 0.0), DVec3::Z]).unwrap_err();
        assert!(matches!(
            e,
            BasisError::NotPerpendicular {
                columns: (0, 1),
                ..
            }
        ));
        assert!(
            e.to_string().contains("u0 and u1 are not perpendicular"),
            "{e}"
        );
    }

    #[test]
    fn a_left_handed_frame_is_the_same_box_and_says_so() {
        let (q, note) = quat_from_columns([DVec3::X, DVec3::Y, -DVec3::Z]).unwrap();
        assert!(close(q, Quat::IDENTITY));
        assert!(note.unwrap().contains("left-handed"));
    }

    #[test]
    fn a_2d_frame_gives_its_angle() {
        let a = 0.7f64;
        let (angle, note) =
            angle_from_columns(DVec2::new(a.cos(), a.sin()), DVec2::new(-a.sin(), a.cos()))
                .unwrap();
        assert!((angle - a).abs() < 1e-12 && note.is_none());
        let e = angle_from_columns(DVec2::new(3.0, 0.0), DVec2::new(0.0, 3.0)).unwrap_err();
        assert_eq!(e.scale(), Some(&[3.0, 3.0][..]));
    }

    #[test]
    fn a_quaternion_of_length_2_gets_a_note_and_rounding_does_not() {
        assert_eq!(
            length_note(&[0.0, 0.0, 0.0, 2.0]).unwrap(),
            "has length 2, not 1; it was normalised"
        );
        // Unity prints quaternions to 5 decimals
        assert_eq!(length_note(&[0.0, 0.38268, 0.0, 0.92388]), None);
        assert_eq!(robust_length(&[1e200, 1e200]), 2f64.sqrt() * 1e200);
    }
}
