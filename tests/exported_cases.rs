//! The exports of `src/scene/testcase.rs` compiled and run: a few presets as "copy as test" (a
//! satbox `#[test]`) and as parry3d / parry2d tests, generated into `tests/exported/cases.rs`.
//! Each satbox test asserts satbox's own answer; each parry test asserts that parry gives
//! satbox's verdict and depth for the same cuboids and poses (for a touching pair it prints
//! parry's answer, since either verdict is right there). A unit test in `src/scene/testcase.rs`
//! checks that the file is what the exports generate, so a change to either shows up here.

include!("exported/cases.rs");
