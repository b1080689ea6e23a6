//! The window's own work in one frame, with the GJK/EPA window open and without it: the frame
//! computed from the one before, the panel and its windows laid out by egui and tessellated
//! (`satbox::app::bench::PanelFrame`; the scene's drawing, which needs a screen and no window
//! changes, is left out). The window keeps GJK/EPA's trace while the boxes stay, so opening it
//! should cost only its drawing: `docs/benchmarks.md` holds the difference.
//!
//! `cargo bench --bench window`

use criterion::{criterion_group, criterion_main, Criterion};
use satbox::app::bench::PanelFrame;
use std::hint::black_box;

fn window(c: &mut Criterion) {
    let mut g = c.benchmark_group("window_frame");
    for (name, gjk) in [("panel", false), ("panel_and_gjk_window", true)] {
        let mut frame = PanelFrame::new(gjk);
        // a few frames first: egui lays a new window out before it draws it
        for _ in 0..3 {
            frame.run();
        }
        g.bench_function(name, |b| b.iter(|| black_box(frame.run())));
    }
    g.finish();
}

criterion_group!(benches, window);
criterion_main!(benches);
