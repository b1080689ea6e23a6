//! Runs the window's own work for N frames without a screen (`satbox::app::bench::PanelFrame`,
//! as `benches/window.rs` times it), the GJK/EPA window open or not, for counting instructions:
//! `scripts/window-instructions.sh`. Usage: `window_frames N [gjk]`.

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let gjk = args.next().as_deref() == Some("gjk");
    let mut frame = satbox::app::bench::PanelFrame::new(gjk);
    let vertices: usize = (0..n).map(|_| frame.run()).sum();
    println!("{n} frames, {vertices} vertices");
}
