//! satbox: see and test how two oriented bounding boxes collide under the Separating Axis Theorem.
//!
//! [`sat`] holds the math and knows nothing of drawing; [`scene`] reads and writes boxes as JSON;
//! [`cli`] runs the headless commands. The window only reads `sat`'s reports.

pub mod app;
pub mod cli;
pub mod sat;
pub mod scene;
