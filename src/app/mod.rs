//! The window.
pub mod camera;
pub mod gizmo;
