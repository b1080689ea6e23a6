//! satbox: see and test how two oriented bounding boxes collide under the Separating Axis Theorem.
//!
//! [`sat`] holds the math and knows nothing of drawing; [`scene`] reads and writes boxes as JSON.
//! With the default `app` feature, `cli` runs the headless commands and `app` is the window,
//! which only reads `sat`'s reports.

#[cfg(feature = "parry")]
pub mod engines;
pub mod sat;
pub mod scene;

#[cfg(feature = "app")]
pub mod app;
#[cfg(feature = "app")]
pub mod cli;
