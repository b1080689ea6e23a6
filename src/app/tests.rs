//! Tests of the window's generic code over both modes: they need the concrete `Two` and `Three`,
//! which the generic modules themselves never import.

mod analysis {
    use crate::app::analysis::*;
    use crate::app::dim::Dim;
    use crate::app::three::Three;
    use crate::app::two::Two;
    use crate::sat::agreement::Agreement;
    use crate::sat::{dim2, dim3, Obb, SatParams};
    use crate::sat::{Obb2, Obb3};
    use glam::Quat;
    use glam::{Vec2, Vec3};

    /// The cross-check the frame computes, for a pair of sharp boxes.
    fn cross_check<D: Dim>(a: &D::Obb, b: &D::Obb, params: &SatParams) -> Agreement {
        let answer = crate::sat::Answer::of(a, b, [0.0; 2], &Default::default());
        crate::app::frame::cross_check::<D>(a, b, &answer, params)
    }

    /// The answer for a pair of sharp boxes.
    fn sharp<B: Obb>(a: &B, b: &B) -> crate::sat::Answer<B::Vec> {
        crate::sat::Answer::of(a, b, [0.0; 2], &Default::default())
    }

    fn overlapping3() -> (Obb3, Obb3) {
        let a = Obb3::default();
        let b = Obb3 {
            center: Vec3::new(1.6, 0.3, 0.1),
            rotation: Quat::from_rotation_z(0.3),
            ..Default::default()
        };
        (a, b)
    }

    #[test]
    fn resolving_half_each_way_leaves_the_boxes_touching() {
        let (mut a, mut b) = overlapping3();
        let pen = dim3::report(&a, &b).penetration.unwrap();
        let (a0, b0) = (a.center, b.center);
        (a, b) = resolve::<Three>(&a, &b, pen.normal * pen.depth, ResolveMode::Split);
        let r = dim3::report(&a, &b);
        assert!(
            r.penetration.is_none_or(|p| p.depth < 1e-4),
            "{:?}",
            r.penetration
        );
        assert!(((a0 - a.center).length() - (b.center - b0).length()).abs() < 1e-6);
    }

    #[test]
    fn a_cube_resting_flat_touches_face_to_face_and_one_on_its_corner_with_a_corner() {
        let a = Obb3::default();
        let flat = Obb3::axis_aligned(Vec3::new(0.3, 1.4, 0.0), Vec3::splat(0.5));
        assert_eq!(
            contact_features(&a, &flat, &sharp(&a, &flat)).unwrap(),
            "face of A against a face of B"
        );
        // a cube standing on a corner: its diagonal along y
        let tilt = Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)
            * Quat::from_rotation_x((1.0f32 / 2f32.sqrt()).atan());
        let corner = Obb3 {
            center: Vec3::new(0.0, 1.0 + 0.5 * 3f32.sqrt() - 0.05, 0.0),
            half_extents: Vec3::splat(0.5),
            rotation: tilt,
        };
        let r = dim3::report(&a, &corner);
        assert_eq!(r.penetration.unwrap().axis_index, 1);
        assert_eq!(
            contact_features(&a, &corner, &sharp(&a, &corner)).unwrap(),
            "face of A against a corner of B"
        );
        // turned 45° about z only: an edge down
        let edge = Obb3 {
            center: Vec3::new(0.0, 1.0 + 0.5 * 2f32.sqrt() - 0.05, 0.0),
            half_extents: Vec3::splat(0.5),
            rotation: Quat::from_rotation_z(std::f32::consts::FRAC_PI_4),
        };
        assert_eq!(
            contact_features(&a, &edge, &sharp(&a, &edge)).unwrap(),
            "face of A against an edge of B"
        );
    }

    #[test]
    fn a_turned_rectangle_pokes_a_corner_into_an_edge() {
        let a = Obb2::default();
        let b = Obb2 {
            center: Vec2::new(0.0, 1.0 + 0.5 * 2f32.sqrt() - 0.1),
            half_extents: Vec2::splat(0.5),
            angle: std::f32::consts::FRAC_PI_4,
        };
        assert_eq!(
            contact_features(&a, &b, &sharp(&a, &b)).unwrap(),
            "edge of A against a corner of B"
        );
    }

    #[test]
    fn resolving_by_moving_b_leaves_a_in_place() {
        let (mut a, mut b) = overlapping3();
        let pen = dim3::report(&a, &b).penetration.unwrap();
        let a0 = a;
        (a, b) = resolve::<Three>(&a, &b, pen.normal * pen.depth, ResolveMode::MoveB);
        assert_eq!(a, a0);
        assert!(dim3::report(&a, &b)
            .penetration
            .is_none_or(|p| p.depth < 1e-4));
    }

    #[test]
    fn resolving_rectangles_leaves_them_touching() {
        let mut a = Obb2::default();
        let mut b = Obb2 {
            center: Vec2::new(1.5, 0.4),
            angle: 0.5,
            ..Default::default()
        };
        let pen = dim2::report(&a, &b).penetration.unwrap();
        (a, b) = resolve::<Two>(&a, &b, pen.normal * pen.depth, ResolveMode::Split);
        assert!(dim2::report(&a, &b)
            .penetration
            .is_none_or(|p| p.depth < 1e-4));
    }

    #[test]
    fn stepping_stops_at_the_first_separating_axis_like_an_early_out_test() {
        let mut s = StepThrough::default();
        s.start();
        let separating = |i: usize| i == 4 || i == 9;
        while s.step(separating, 15) {}
        assert_eq!(s.current, 4);
        assert_eq!(s.state(separating, 15), StepState::EarlyOut(4));
        // going on through all of them reaches the last axis
        s.through_all = true;
        while s.step(separating, 15) {}
        assert_eq!(s.state(separating, 15), StepState::Done(14));
    }

    #[test]
    fn the_step_words_name_the_early_out_at_the_separating_axis() {
        let a = Obb2::default();
        let b = Obb2 {
            center: Vec2::new(0.0, 3.0),
            ..Default::default()
        };
        let report = dim2::report(&a, &b);
        let mut s = StepThrough::default();
        s.start();
        let w = step_words(
            &s,
            &report,
            &sharp(&a, &b),
            &crate::sat::dim2::manifold_trace(&a, &b, &Default::default()),
        );
        assert_eq!(w.tone, StepVerdict::Neutral, "{}", w.verdict);
        s.step(|i| report.axes[i].is_separating(), 4);
        let w = step_words(
            &s,
            &report,
            &sharp(&a, &b),
            &crate::sat::dim2::manifold_trace(&a, &b, &Default::default()),
        );
        assert_eq!(w.tone, StepVerdict::Separates);
        assert!(
            w.title.contains("axis 1: A.u1")
                && w.numbers.contains("gap = 1")
                && w.verdict.contains("early-out")
        );
    }

    #[test]
    fn playing_advances_at_the_chosen_speed() {
        let mut s = StepThrough {
            speed: 2.0,
            playing: true,
            ..Default::default()
        };
        s.start();
        s.tick(1.25, |_| false, 4);
        assert_eq!(s.current, 2);
        s.tick(10.0, |_| false, 4);
        assert_eq!(s.state(|_| false, 4), StepState::Done(3));
        assert!(!s.playing, "playing stops at the end");
    }

    #[test]
    fn only_tested_axes_count_as_tested_while_stepping() {
        let mut s = StepThrough::default();
        assert!(s.tested(14), "not stepping: everything shows");
        s.start();
        s.step(|_| false, 15);
        assert!(s.tested(1) && !s.tested(2));
    }

    #[test]
    fn the_three_tests_agree_on_an_ordinary_pair() {
        let (a, b) = overlapping3();
        let c = cross_check::<Three>(&a, &b, &SatParams::default());
        assert!(c.fast == Some(true) && c.answer && c.reference);
        assert_eq!(c.disagreement(), None);
    }

    #[test]
    fn a_huge_padding_on_r_shows_up_as_a_disagreement() {
        // separated by B's diagonal face normal; padding |R| by 0.5 inflates the projected radii
        // so much that the fast test misses the separation
        let a = Obb3::default();
        let b = Obb3 {
            center: Vec3::new(1.9, 1.9, 0.0),
            rotation: Quat::from_rotation_z(std::f32::consts::FRAC_PI_4),
            ..Default::default()
        };
        let params = SatParams {
            parallel_epsilon: 0.5,
            ..Default::default()
        };
        let c = cross_check::<Three>(&a, &b, &params);
        assert!(!c.reference);
        assert_eq!(c.fast, Some(true), "the padded test misses the separation");
        assert!(c
            .disagreement()
            .unwrap()
            .contains("fast test says intersecting"));
    }

    #[test]
    fn verdicts_within_the_rounding_band_of_touching_are_not_flagged() {
        let a = Obb2::default();
        let b = Obb2 {
            center: Vec2::new(2.0, 0.0),
            ..Default::default()
        };
        let c = cross_check::<Two>(&a, &b, &SatParams::default());
        assert!(c.margin.abs() <= c.band);
        assert_eq!(c.disagreement(), None);
    }

    #[test]
    fn the_step_caption_prints_a_zero_of_the_geometry_as_0_not_rounding_noise() {
        // A turned a quarter about z: its u0 is y up to rounding, so T = (3, 0, 0) projects on it
        // to |T·L| = 3 · 6e-8 ≈ 1.8e-7 where the geometry says 0
        let a = Obb3 {
            rotation: Quat::from_rotation_z(std::f32::consts::FRAC_PI_2),
            ..Default::default()
        };
        let b = Obb3::axis_aligned(Vec3::new(3.0, 0.0, 0.0), Vec3::ONE);
        let report = dim3::report(&a, &b);
        assert!(report.axes[0].distance() > 1e-7, "the noise this is about");
        let s = StepThrough {
            active: true,
            ..Default::default()
        };
        let w = step_words(
            &s,
            &report,
            &sharp(&a, &b),
            &crate::sat::dim3::manifold_trace(&a, &b, &Default::default()),
        );
        assert!(w.numbers.starts_with("|T·L| = 0 "), "{}", w.numbers);
        assert_eq!(fmt_at(1.788e-7, 2.4), "0");
        assert_eq!(fmt_at(0.12, 2.4), "0.12");
    }
}

mod view {
    use crate::app::three::Three;
    use crate::app::two::Two;
    use crate::app::view::*;

    #[test]
    fn selected_only_filter_shows_just_the_selected_axis() {
        assert!(AxisFilter::Selected.shows(3, false, Some(3)));
        assert!(!AxisFilter::Selected.shows(4, true, Some(3)));
        assert!(AxisFilter::Separating.shows(4, true, None));
        assert!(!AxisFilter::Separating.shows(5, false, None));
    }

    #[test]
    fn a_view_round_trips_with_its_camera_under_its_own_key() {
        let mut v = View::<Two>::default();
        v.camera.zoom = 123.0;
        v.selected_axis = Some(2);
        v.filter = AxisFilter::Separating;
        let json = v.to_json();
        assert!(json.get("camera2").is_some() && json.get("camera3").is_none());
        assert_eq!(View::<Two>::from_json(&json), (v, Some(v.camera)));
        // the 3D mode finds no camera of its own in it
        assert_eq!(View::<Three>::from_json(&json).1, None);
    }

    #[test]
    fn an_unreadable_view_falls_back_to_the_default() {
        let (v, camera) = View::<Three>::from_json(&serde_json::json!({"filter": 7}));
        assert_eq!(v, View::<Three>::default());
        assert_eq!(camera, None);
    }
}

mod mode {
    use crate::app::camera::Viewport;
    use crate::app::command::{ModeCommand, StepCommand};
    use crate::app::dim::{Field, Reset};
    use crate::app::mode::*;
    use crate::app::settings::Settings;
    use crate::app::three::Three;
    use crate::app::two::Two;
    use crate::sat::Which;
    use glam::{Vec2, Vec3};

    const VP: Viewport = Viewport::sized(1200.0, 800.0);

    #[test]
    fn a_refused_field_value_leaves_the_box_exactly_where_it_was() {
        let mut m = ModeState::<Three>::new(&VP);
        let before = m.b;
        let settings = Settings::default();
        for (field, value) in [
            (Field { row: 0, col: 0 }, 1e30),
            (Field { row: 1, col: 1 }, -5.0),
            (Field { row: 0, col: 2 }, f64::NAN),
        ] {
            let edit = ModeCommand::Edit {
                which: Which::B,
                field,
                value,
            };
            let msg = m.apply(&edit, &settings, &VP);
            assert!(msg.as_ref().is_some_and(|(_, error)| *error), "{msg:?}");
            assert_eq!(m.b, before);
        }
        let msg = m.apply(
            &ModeCommand::Edit {
                which: Which::B,
                field: Field { row: 1, col: 1 },
                value: -5.0,
            },
            &settings,
            &VP,
        );
        assert!(msg.unwrap().0.contains("half extent"));
    }

    #[test]
    fn an_accepted_field_value_changes_that_number_only() {
        let mut m = ModeState::<Two>::new(&VP);
        let before = m.a;
        m.apply(
            &ModeCommand::Edit {
                which: Which::A,
                field: Field { row: 0, col: 1 },
                value: 11.2659,
            },
            &Settings::default(),
            &VP,
        );
        assert_eq!(m.a.center, Vec2::new(before.center.x, 11.2659));
        assert_eq!(
            (m.a.half_extents, m.a.angle),
            (before.half_extents, before.angle)
        );
    }

    #[test]
    fn resolve_leaves_overlapping_boxes_touching() {
        let mut m = ModeState::<Three>::new(&VP);
        m.b.center = m.a.center + Vec3::new(0.5, 0.3, 0.0);
        let settings = Settings::default();
        assert!(m.report(&settings).intersect);
        m.apply(&ModeCommand::Resolve, &settings, &VP);
        let r = m.report(&settings);
        assert!(r.penetration.is_none_or(|p| p.depth < 1e-4), "{r:?}");
    }

    #[test]
    fn a_scene_of_the_other_mode_is_not_taken() {
        let mut two = ModeState::<Two>::new(&VP);
        let three = ModeState::<Three>::new(&VP);
        let scene = three.scene("x");
        let pair = scene.pair().unwrap();
        let before = two.boxes();
        assert!(!two.load(&scene, &pair, &VP, Default::default()));
        assert_eq!(two.boxes(), before);
    }

    #[test]
    fn a_scene_round_trips_through_a_mode_with_its_view() {
        let mut m = ModeState::<Three>::new(&VP);
        m.view.selected_axis = Some(7);
        m.b.center.x += 0.5;
        let scene = m.scene("d");
        let pair = scene.pair().unwrap();
        let mut fresh = ModeState::<Three>::new(&VP);
        assert!(fresh.load(&scene, &pair, &VP, Default::default()));
        assert_eq!(fresh.view, m.view);
        assert_eq!(fresh.b.center, m.b.center);
    }

    #[test]
    fn undo_takes_back_a_committed_move_of_this_mode_only() {
        let settings = Settings::default();
        let (mut three, two) = (ModeState::<Three>::new(&VP), ModeState::<Two>::new(&VP));
        let (start3, start2) = (three.boxes(), two.boxes());
        three.b.center.x += 1.0;
        three.commit();
        assert!(three.can_undo() && !two.can_undo());
        assert_eq!(three.apply(&ModeCommand::Undo, &settings, &VP), None);
        assert_eq!(three.boxes(), start3);
        assert_eq!(two.boxes(), start2);
        assert_eq!(three.apply(&ModeCommand::Redo, &settings, &VP), None);
        assert_eq!(three.b.center.x, start3.1.center.x + 1.0);
        let said = three.apply(&ModeCommand::Redo, &settings, &VP);
        assert_eq!(said, Some(("nothing to redo".into(), false)));
    }

    #[test]
    fn undoing_an_open_returns_to_the_scene_before_it_with_its_source() {
        let settings = Settings::default();
        let mut m = ModeState::<Three>::new(&VP);
        let before = m.boxes();
        let mut other = ModeState::<Three>::new(&VP);
        other.a.center.y += 2.0;
        let scene = other.scene("other");
        let source = crate::app::source::Source {
            preset: Some("other".into()),
            saved: scene.pair().ok(),
            ..Default::default()
        };
        assert!(m.load(&scene, &scene.pair().unwrap(), &VP, source));
        assert!(!m.modified());
        m.apply(&ModeCommand::Undo, &settings, &VP);
        assert_eq!(m.boxes(), before);
        assert_eq!(m.source.preset, None);
        m.apply(&ModeCommand::Redo, &settings, &VP);
        assert_eq!(m.source.preset.as_deref(), Some("other"));
    }

    #[test]
    fn saving_makes_the_scene_unmodified_without_an_undo_step() {
        let mut m = ModeState::<Two>::new(&VP);
        m.a.center.x += 0.5;
        assert!(m.modified());
        m.saved(std::path::Path::new("/tmp/x.json"), "d");
        assert!(!m.modified());
        assert_eq!(m.source.description, "d");
        // the move before the save is still one step back, and the file stays the source
        m.apply(&ModeCommand::Undo, &Settings::default(), &VP);
        assert!(m.modified(), "undo goes back to the boxes before the move");
        assert_eq!(
            m.source.path.as_deref(),
            Some(std::path::Path::new("/tmp/x.json"))
        );
        m.apply(&ModeCommand::Redo, &Settings::default(), &VP);
        assert!(!m.modified());
    }

    #[test]
    fn resetting_a_box_puts_back_only_that_part() {
        let mut m = ModeState::<Three>::new(&VP);
        let before = m.a;
        m.apply(
            &ModeCommand::ResetBox(Which::A, Reset::Turn),
            &Settings::default(),
            &VP,
        );
        assert_eq!(m.a.rotation, glam::Quat::IDENTITY);
        assert_eq!(
            (m.a.center, m.a.half_extents),
            (before.center, before.half_extents)
        );
    }

    #[test]
    fn stepping_keys_do_nothing_until_the_step_through_starts() {
        let mut m = ModeState::<Two>::new(&VP);
        m.b = m.a; // overlapping: no axis stops the test early
        let s = Settings::default();
        m.apply(&ModeCommand::Step(StepCommand::Next), &s, &VP);
        assert!(!m.step.active && m.step.current == 0);
        m.apply(&ModeCommand::Step(StepCommand::Toggle), &s, &VP);
        m.apply(&ModeCommand::Step(StepCommand::Next), &s, &VP);
        assert!(m.step.active && m.step.current == 1);
    }
}

mod frame {
    use crate::app::camera::Viewport;
    use crate::app::command::{ModeCommand, StepCommand};
    use crate::app::dim::Dim;
    use crate::app::frame::*;
    use crate::app::mode::ModeState;
    use crate::app::settings::Settings;
    use crate::app::three::Three;
    use crate::app::two::Two;

    const VP: Viewport = Viewport::sized(1200.0, 800.0);

    /// The colour key's sizes in one, two and three columns, a little wider than the scene's font
    /// makes them: its seven colours and one line of words under them (an axis of parallel
    /// edges adds two lines).
    fn key_shapes_without_parallel_edges() -> crate::app::layout::KeyShapes {
        [
            glam::Vec2::new(290.0, 148.0),
            glam::Vec2::new(440.0, 97.0),
            glam::Vec2::new(660.0, 80.0),
        ]
    }

    /// [`key_shapes_without_parallel_edges`] with two more lines.
    fn key_shapes() -> crate::app::layout::KeyShapes {
        [
            glam::Vec2::new(330.0, 182.0),
            glam::Vec2::new(500.0, 131.0),
            glam::Vec2::new(700.0, 114.0),
        ]
    }

    /// The plate preset at t = dt, in the scene of a 1600 × 1000 window beside its panel: axis 0's
    /// line runs through the colour key's usual place at the top right, so the key goes to the
    /// bottom right, where no axis line runs.
    #[test]
    fn the_colour_key_goes_where_no_axis_line_runs_through_it() {
        use crate::app::layout::{key_places, least_covered, length_inside};
        let vp = Viewport::sized(1040.0, 1000.0);
        let settings = Settings::default();
        let plate = crate::app::library::Library::new(None, false)
            .preset("3d-motion-plate-through-wall")
            .unwrap();
        let mut m = ModeState::<Three>::new(&vp);
        assert!(m.load(&plate.scene, &plate.pair, &vp, plate.source));
        m.apply(&ModeCommand::SetTime(0.1), &settings, &vp);
        let frame = Shown::compute(
            &m,
            m.analysis(&settings),
            Pointing::default(),
            &settings,
            vp,
        );
        let axis_lines: Vec<_> = frame
            .lines
            .iter()
            .filter_map(|l| frame.projector.segment(l.point(l.lo), l.point(l.hi)))
            .collect();
        let crossed = |r| axis_lines.iter().map(|s| length_inside(*s, r)).sum::<f32>();
        let places: Vec<_> = key_places(&vp, key_shapes(), 62.0)
            .iter()
            .map(|p| p.rect)
            .collect();
        assert!(crossed(places[0]) > 50.0, "the usual place is crossed");
        let chosen = places[least_covered(&places, &drawn_segments(&frame, (&m.a, &m.b)))];
        assert_eq!(crossed(chosen), 0.0, "{chosen:?}");
    }

    /// The scene of a 1280 × 720 window beside its panel (at its default width), over the
    /// default scene and the rounded preset: the colour key takes a place where no axis line
    /// runs within its shadows' reach (it had covered lines 9 and 12, and 3 and 13).
    #[test]
    fn the_colour_key_covers_no_axis_line_s_shadows_at_1280_by_720() {
        // the panel at its default width, and as wide as its views make it at 1280
        for panel in [crate::app::ui::default_panel_width(1280.0), 535.0] {
            key_covers_no_line_s_shadows(Viewport::sized(1280.0 - panel, 720.0));
        }
    }

    fn key_covers_no_line_s_shadows(vp: Viewport) {
        use crate::app::layout::{key_places, least_covered, length_inside, BARS_PX};
        let settings = Settings::default();
        let default = ModeState::<Three>::new(&vp);
        let rounded = showing::<Three>("3d-rounded-corner-to-corner");
        for (name, mut m) in [
            ("the default scene", default),
            ("the rounded preset", rounded),
        ] {
            m.apply(&ModeCommand::ResetView, &settings, &vp);
            let frame = Shown::compute(
                &m,
                m.analysis(&settings),
                Pointing::default(),
                &settings,
                vp,
            );
            let axis_lines: Vec<_> = frame
                .lines
                .iter()
                .filter_map(|l| frame.projector.segment(l.point(l.lo), l.point(l.hi)))
                .collect();
            let places: Vec<_> = key_places(&vp, key_shapes_without_parallel_edges(), 62.0)
                .iter()
                .map(|p| p.rect)
                .collect();
            let chosen = places[least_covered(&places, &drawn_segments(&frame, (&m.a, &m.b)))];
            let reach = (
                chosen.0 - glam::Vec2::splat(BARS_PX),
                chosen.1 + glam::Vec2::splat(BARS_PX),
            );
            let covered: f32 = axis_lines.iter().map(|s| length_inside(*s, reach)).sum();
            assert_eq!(covered, 0.0, "{name} in {vp:?}: the key at {chosen:?}");
        }
    }

    /// A mode showing the preset `name`.
    fn showing<D: Dim>(name: &str) -> ModeState<D> {
        let loaded = crate::app::library::Library::new(None, false)
            .preset(name)
            .unwrap_or_else(|| panic!("{name} is a preset"));
        let mut mode = ModeState::<D>::new(&VP);
        assert!(mode.load(&loaded.scene, &loaded.pair, &VP, loaded.source));
        mode
    }

    /// Rounded cubes corner to corner: every axis's shadows grow by the radii, none separates
    /// them, and the verdict is still "Separated" with the true distance, the closest points on
    /// the rounded surfaces and the sphere's largest gap that distance.
    #[test]
    fn rounded_cubes_corner_to_corner_are_separated_though_no_grown_shadow_separates_them() {
        let settings = Settings {
            sphere: true,
            ..Settings::default()
        };
        let mode = showing::<Three>("3d-rounded-corner-to-corner");
        assert_eq!(mode.radii, [0.6, 0.6]);
        let frame = frame_of(&mode, &settings);
        for k in 0..15 {
            let (grown, core) = (frame.axis(k).unwrap(), frame.report.axes[k]);
            assert_eq!(grown.ra(), core.ra() + 0.6);
            assert!(!grown.is_separating(), "axis {k} separates");
        }
        let answer = frame.answer;
        assert!(!answer.intersect && answer.first_separating.is_none());
        let distance = 3f32.sqrt() - 1.2;
        assert!((answer.distance - distance).abs() < 1e-5);
        let [p, q] = answer.closest_points.expect("closest points");
        assert!(((q - p).length() - distance).abs() < 1e-5);
        let sphere = frame.directions.as_ref().expect("the sphere's values");
        assert!((sphere.max.1 - distance).abs() < 2e-3, "{:?}", sphere.max);
        let (heading, detail, intersect) = frame.verdict();
        assert!(!intersect);
        assert_eq!(heading, "Separated, distance 0.5321");
        assert!(detail.contains("best gap -0.2"), "{detail}");
        // the cross-check is of the rounded boxes, which agree
        assert_eq!(frame.check.disagreement(), None);
        assert!(!frame.check.reference);
    }

    /// Frame 88 of Box3D's settle recording: intersecting 0.0001204 deep, not touching; the
    /// cross-check says the three agree, never "touching" (its band is the answer's).
    #[test]
    fn the_settle_recordings_frame_88_is_intersecting_in_the_headline_and_the_cross_check() {
        use crate::app::ui::analysis::{cross_check_words, CrossCheck};
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/recordings/box3d-settle.jsonl"
        ))
        .unwrap();
        let line = text.lines().nth(87).unwrap();
        let crate::scene::Pair::Three(a, b) = crate::scene::pair_from_json(line).unwrap() else {
            panic!("a 3D frame")
        };
        let mut mode = ModeState::<Three>::new(&VP);
        (mode.a, mode.b) = (a, b);
        let frame = frame_of(&mode, &Settings::default());
        let (heading, _, intersect) = frame.verdict();
        assert!(intersect && !frame.touching(), "{heading}");
        assert!(
            heading.starts_with("Intersecting, depth 0.0001204"),
            "{heading}"
        );
        assert!(!frame.check.touching);
        match cross_check_words(&frame.check) {
            CrossCheck::Agree(words) => assert!(words.contains("intersecting"), "{words}"),
            other => panic!("{other:?}"),
        }
    }

    /// Cubes whose cores are 0.1 apart with radii 0.1 each overlap by 0.1, and the verdict says
    /// how far apart the cores are.
    #[test]
    fn rounded_cubes_whose_cores_are_0_1_apart_with_radii_0_1_overlap_by_0_1() {
        use crate::app::command::ModeCommand;
        use crate::sat::{Obb3, Which};
        use glam::{Quat, Vec3};
        let settings = Settings::default();
        let mut mode = ModeState::<Three>::new(&VP);
        mode.a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY).unwrap();
        mode.b = Obb3::new(Vec3::new(2.1, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY).unwrap();
        for which in [Which::A, Which::B] {
            mode.apply(&ModeCommand::SetRadius(which, 0.1), &settings, &VP);
        }
        let frame = frame_of(&mode, &settings);
        let (heading, detail, intersect) = frame.verdict();
        assert!(intersect);
        assert_eq!(heading, "Intersecting, depth 0.1");
        assert!(
            detail.starts_with("the cores are 0.1 apart, within both radii 0.2"),
            "{detail}"
        );
    }

    /// A Jolt pair as pasted: boxes of radius 0.05 whose cores are 0.08 apart overlap by 0.02.
    /// Every section tells that one story: the headline, the penetration, the points on every
    /// feature, the contact manifold against its f64 reference, the cross-check and the engines.
    #[test]
    fn pasted_rounded_boxes_whose_cores_are_apart_tell_one_story_in_every_section() {
        use crate::sat::{Obb3, Which};
        use glam::{Quat, Vec3};
        let settings = Settings::default();
        let mut mode = ModeState::<Three>::new(&VP);
        mode.a = Obb3::new(Vec3::ZERO, Vec3::new(2.0, 0.1, 2.0), Quat::IDENTITY).unwrap();
        mode.b = Obb3::new(Vec3::new(0.3, 0.68, -0.2), Vec3::splat(0.5), Quat::IDENTITY).unwrap();
        for which in [Which::A, Which::B] {
            mode.apply(
                &crate::app::command::ModeCommand::SetRadius(which, 0.05),
                &settings,
                &VP,
            );
        }
        let frame = frame_of(&mode, &settings);
        let (heading, _, intersect) = frame.verdict();
        assert!(
            intersect && heading.starts_with("Intersecting, depth 0.02"),
            "{heading}"
        );
        let depth = frame.answer.depth.unwrap();
        assert!((depth - 0.02).abs() < 1e-5);
        // the points on every feature are the rounded boxes'
        for (feature, m) in &frame.alternatives {
            let m = m
                .as_ref()
                .unwrap_or_else(|| panic!("{feature:?}: no contact"));
            assert!(m
                .points()
                .iter()
                .all(|p| (p.separation + 0.02).abs() < 1e-4));
        }
        assert_eq!(
            frame.contact_check,
            crate::sat::reference::ManifoldAgreement::Agree
        );
        assert_eq!(frame.check.disagreement(), None);
        assert!(frame.check.answer && frame.check.reference && frame.check.fast.is_none());
        // parry answers the round cuboids, and agrees
        let parry = frame
            .engines
            .iter()
            .find(|e| e.engine == crate::engines::EngineName::Parry)
            .unwrap();
        assert!(parry.answer().unwrap().intersect, "{parry:?}");
        assert!(!parry.disagrees(), "{parry:?}");
    }

    /// Jolt's bands on boxes 0.013 apart: the verdict's sentence says Jolt makes a speculative
    /// contact, and each of the four points is speculative.
    #[test]
    fn jolt_bands_make_four_speculative_points_on_boxes_0_013_apart() {
        use crate::sat::bands::{Fate, Profile};
        let mode = showing::<Three>("3d-bands-jolt-near-pair");
        assert_eq!(mode.view.profile, Some(Profile::Jolt.defaults()));
        let frame = frame_of(&mode, &Settings::default());
        let bands = frame.bands.expect("Jolt's bands");
        assert!((bands.separation - 0.013).abs() < 1e-5);
        assert!(
            bands
                .sentence
                .starts_with("Jolt would make a speculative contact here, 0.013 apart"),
            "{}",
            bands.sentence
        );
        assert_eq!(bands.points, vec![Fate::Speculative; 4]);
        // the choice goes back into the scene as check reads it
        let scene = mode.scene("x");
        assert_eq!(scene.view["profile"], serde_json::json!("jolt"));
    }

    /// The frame of a mode's boxes with the pointer on `hovered_axis`.
    fn frame_hovering<D: Dim>(
        mode: &ModeState<D>,
        settings: &Settings,
        hovered_axis: Option<usize>,
    ) -> Shown<D> {
        let pointing = Pointing {
            hovered_axis,
            probe: None,
        };
        Shown::compute(mode, mode.analysis(settings), pointing, settings, VP)
    }

    /// The frame of a mode's boxes with the pointer on nothing.
    fn frame_of<D: Dim>(mode: &ModeState<D>, settings: &Settings) -> Shown<D> {
        frame_hovering(mode, settings, None)
    }

    /// Starts the step-through, steps once, and checks the frame: the spotlight on the axis under
    /// test, and only the axes tested so far drawn. The same in both modes.
    fn stepping_shows_only_tested_axes_and_spotlights_the_current_one<D: Dim>() {
        let mut mode = ModeState::<D>::new(&VP);
        let settings = Settings::default();
        // an overlapping pair, so that no axis stops the test early
        let (a, _) = D::default_pair();
        mode.a = a;
        mode.b = a;
        mode.view.selected_axis = Some(0);
        mode.apply(&ModeCommand::Step(StepCommand::Toggle), &settings, &VP);
        mode.apply(&ModeCommand::Step(StepCommand::Next), &settings, &VP);
        let frame = frame_hovering(&mode, &settings, Some(0));
        assert_eq!(
            frame.focus,
            Some(1),
            "the axis under test is in the spotlight"
        );
        let drawn: Vec<usize> = frame.lines.iter().map(|l| l.index).collect();
        assert!(drawn.iter().all(|&i| i <= 1), "{drawn:?}");
        assert!(drawn.contains(&1));
        assert!(frame.step.unwrap().title.contains("axis 1"));
    }

    #[test]
    fn the_step_through_goes_on_past_the_axes_into_the_contact_stages() {
        use crate::sat::manifold::Stage;
        let mut mode = ModeState::<crate::app::three::Three>::new(&VP);
        let settings = Settings::default();
        // B rests on A, sunk 0.1: a face contact, four points
        mode.a = crate::sat::Obb3::axis_aligned(glam::Vec3::ZERO, glam::Vec3::new(2.0, 0.5, 2.0));
        mode.b =
            crate::sat::Obb3::axis_aligned(glam::Vec3::new(0.2, 0.9, 0.1), glam::Vec3::splat(0.5));
        mode.apply(&ModeCommand::Step(StepCommand::Toggle), &settings, &VP);
        let mut stages = Vec::new();
        for _ in 0..40 {
            mode.apply(&ModeCommand::Step(StepCommand::Next), &settings, &VP);
            let frame = frame_of(&mode, &settings);
            if let Some(stage) = frame.stage {
                if stages.last() != Some(&stage) {
                    stages.push(stage);
                }
                // past the axes, the spotlight is on the contact's axis (A.u1)
                assert_eq!(frame.focus, Some(1));
                assert!(frame.step.as_ref().unwrap().title.contains("contact"));
            }
        }
        assert_eq!(stages.first(), Some(&Stage::Axis));
        assert!(stages.contains(&Stage::ReferenceFace) && stages.contains(&Stage::Clip(3)));
        assert_eq!(stages.last(), Some(&Stage::Points));
        let frame = frame_of(&mode, &settings);
        assert_eq!(frame.contact.manifold.as_ref().unwrap().len(), 4);
        assert_eq!(
            frame.contact_check,
            crate::sat::reference::ManifoldAgreement::Agree
        );
    }

    #[test]
    fn parry_beside_a_resting_cube_agrees_with_four_points_and_a_speculative_margin_is_not_held_against_it(
    ) {
        let mut mode = ModeState::<crate::app::three::Three>::new(&VP);
        let settings = Settings::default();
        mode.a = crate::sat::Obb3::axis_aligned(glam::Vec3::ZERO, glam::Vec3::new(2.0, 0.5, 2.0));
        mode.b =
            crate::sat::Obb3::axis_aligned(glam::Vec3::new(0.2, 0.9, 0.1), glam::Vec3::splat(0.5));
        let parry = |frame: &Shown<crate::app::three::Three>| {
            frame
                .engines
                .iter()
                .find(|e| e.engine == crate::engines::EngineName::Parry)
                .cloned()
                .unwrap()
        };
        let frame = frame_of(&mode, &settings);
        let p = parry(&frame);
        let answer = p.answer().unwrap();
        assert!(answer.intersect);
        assert!((answer.depth.unwrap() - 0.1).abs() < 1e-4);
        assert_eq!(answer.points.len(), 4);
        assert!(!p.disagrees(), "{p:?}");
        // 0.01 apart with a margin of 0.05: satbox gives speculative points, parry (asked with no
        // prediction) none, and that is not a disagreement
        mode.b.center.y = 1.01;
        mode.view.manifold.margin = 0.05;
        let frame = frame_of(&mode, &settings);
        assert_eq!(frame.contact.manifold.as_ref().unwrap().len(), 4);
        let p = parry(&frame);
        assert!(p.answer().unwrap().points.is_empty());
        assert!(!p.disagrees(), "{p:?}");
    }

    #[test]
    fn separated_boxes_have_no_contact_stages_to_step_into() {
        let mode = ModeState::<crate::app::three::Three>::new(&VP);
        let settings = Settings::default();
        let frame = frame_of(&mode, &settings);
        assert!(frame.contact.manifold.is_none());
        assert!(crate::app::analysis::contact_stages(&frame.contact).is_empty());
    }

    #[test]
    fn the_2d_step_through_hides_untested_axes_and_spotlights_the_axis_under_test() {
        stepping_shows_only_tested_axes_and_spotlights_the_current_one::<Two>();
    }

    #[test]
    fn the_3d_step_through_hides_untested_axes_and_spotlights_the_axis_under_test() {
        stepping_shows_only_tested_axes_and_spotlights_the_current_one::<Three>();
    }

    #[test]
    fn without_stepping_the_hovered_axis_wins_the_spotlight_but_does_not_move_the_lines() {
        let mode = ModeState::<Three>::new(&VP);
        let settings = Settings::default();
        let still = frame_of(&mode, &settings);
        let hovered = frame_hovering(&mode, &settings, Some(3));
        assert_eq!(hovered.focus, Some(3));
        assert_eq!(still.lines, hovered.lines);
    }
}

/// What becomes of the user's files as scenes are opened, scrubbed and saved, through the app's
/// own commands: a scene never carries another file's name.
mod files {
    use std::path::{Path, PathBuf};

    use crate::app::camera::Viewport;
    use crate::app::command::{AppCommand, Command, OpenCommand, SceneCommand, TimelineCommand};
    use crate::app::library::{scenes_dir, Library};
    use crate::app::App;
    use crate::sat::Obb3;
    use crate::scene::{Mode, Pair};
    use glam::{Quat, Vec3};

    const VP: Viewport = Viewport::sized(1200.0, 800.0);

    fn folder(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("satbox-files-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(scenes_dir(&d)).unwrap();
        d
    }

    impl App {
        /// A command as the frame applies it: the app's part, then the mode's.
        fn run(&mut self, command: impl Into<Command>) {
            let Some(c) = self.apply(command.into(), &VP) else {
                return;
            };
            match self.mode {
                Mode::Three => self.shared.apply_in(&mut self.three, &c, &VP),
                Mode::Two => self.shared.apply_in(&mut self.two, &c, &VP),
            }
        }

        /// The frame's hand-over of the open recording's frame.
        fn follow(&mut self) {
            self.shared.follow_timeline(&mut self.three, 0.0);
            self.shared.follow_timeline(&mut self.two, 0.0);
        }
    }

    fn pasted() -> AppCommand {
        let a = Obb3::axis_aligned(Vec3::ZERO, Vec3::ONE);
        let b = Obb3 {
            center: Vec3::new(0.3, 1.9, 0.0),
            half_extents: Vec3::splat(0.5),
            rotation: Quat::from_rotation_y(0.4),
        };
        AppCommand::Open(OpenCommand::Pasted {
            description: "pasted from Godot".into(),
            pair: Pair::Three(a, b),
            radii: [0.0; 2],
        })
    }

    /// A Jolt printout with a convex radius opens as Jolt's rounded boxes: the core smaller by the
    /// radius, the radius on each box.
    #[test]
    fn a_jolt_paste_with_a_convex_radius_opens_as_its_rounded_boxes() {
        use crate::scene::paste::{paste, Engine};
        let text = "BoxShape(Vec3(1, 1, 1), 0.05f) RVec3(0,0,0) Quat(0,0,0,1)\n\
                    BoxShape(Vec3(1, 1, 1), 0.1f) RVec3(2.1,0,0) Quat(0,0,0,1)";
        let read = paste(Engine::Jolt, Mode::Three, text).unwrap();
        let mut app = App::with_library(Library::new(None, false), &VP);
        app.run(AppCommand::Open(OpenCommand::Pasted {
            description: "pasted from Jolt".into(),
            pair: read.pair,
            radii: read.radii,
        }));
        assert_eq!(app.three.radii, [0.05, 0.1]);
        assert_eq!(app.three.a.half_extents, Vec3::splat(0.95));
        assert_eq!(app.three.b.half_extents, Vec3::splat(0.9));
    }

    fn recording() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/recordings/box-settling.jsonl")
    }

    #[test]
    fn a_recording_opened_after_a_saved_scene_never_writes_over_that_scene() {
        let data = folder("recording");
        let mut app = App::with_library(Library::new(Some(data.clone()), true), &VP);
        app.run(pasted());
        let crate_json = scenes_dir(&data).join("crate.json");
        app.run(SceneCommand::SaveAs {
            path: crate_json.clone(),
            description: "a crate".into(),
        });
        let written = std::fs::read_to_string(&crate_json).unwrap();
        assert_eq!(app.three.source.path.as_deref(), Some(crate_json.as_path()));

        app.run(AppCommand::Open(OpenCommand::File(recording())));
        app.follow();
        app.run(AppCommand::Timeline(TimelineCommand::Go(23)));
        app.follow();
        let source = &app.three.source;
        assert_eq!(source.path, None, "a recording's frame is no file's scene");
        assert_eq!(source.origin.as_deref(), Some("box-settling.jsonl"));
        assert!(
            source.title().contains("box-settling.jsonl"),
            "{}",
            source.title()
        );
        assert!(
            source.description.starts_with("frame 24 of "),
            "{}",
            source.description
        );
        assert!(!source.title().contains("crate"), "{}", source.title());

        // Save asks where, and the file saved before is as it was
        app.run(SceneCommand::Save);
        assert!(app.shared.ui.windows.save_as.open, "Save asks where");
        assert_eq!(app.shared.ui.windows.save_as.path, "box-settling");
        assert_eq!(std::fs::read_to_string(&crate_json).unwrap(), written);
        // the last state keeps the frame as an unsaved scene, and the crate is an undo away
        let last =
            app.shared
                .library
                .last_state(app.mode, &app.three, &app.two, &app.shared.settings);
        assert_eq!(last.sources[0].path, None);
        app.run(AppCommand::Timeline(TimelineCommand::Close));
        app.run(crate::app::command::ModeCommand::Undo);
        assert_eq!(app.three.source.path.as_deref(), Some(crate_json.as_path()));
        assert!(!app.three.modified());
        let _ = std::fs::remove_dir_all(&data);
    }

    /// A timeline belongs to its recording: a preset or a paste put in its mode closes it, while
    /// a scene of the other mode leaves it open.
    #[test]
    fn the_timeline_closes_when_its_mode_shows_a_scene_that_is_none_of_its_frames() {
        let mut app = App::with_library(Library::new(None, false), &VP);
        app.run(AppCommand::Open(OpenCommand::File(recording())));
        app.follow();
        app.run(AppCommand::Timeline(TimelineCommand::Go(43)));
        app.follow();
        app.run(AppCommand::Open(OpenCommand::Preset("2d-separated".into())));
        assert!(
            app.shared.timeline.is_some(),
            "a 2D scene: the 3D frame is still shown"
        );
        app.run(AppCommand::Open(OpenCommand::Preset("3d-touching".into())));
        app.follow();
        assert!(
            app.shared.timeline.is_none(),
            "a preset in its mode closes it"
        );
        app.run(AppCommand::Open(OpenCommand::File(recording())));
        app.follow();
        app.run(pasted());
        app.follow();
        assert!(app.shared.timeline.is_none(), "a paste closes it");
    }

    /// The plate preset shows only its axis 0: the recording opened next shows every axis again
    /// (a preset's view settings last while its scene is shown), and so does the last state.
    #[test]
    fn a_preset_s_axis_filter_stays_with_the_preset() {
        use crate::app::view::AxisFilter;
        let mut app = App::with_library(Library::new(None, false), &VP);
        let plate = "3d-motion-plate-through-wall";
        app.run(AppCommand::Open(OpenCommand::Preset(plate.into())));
        assert_eq!(app.three.view.filter, AxisFilter::Selected);
        assert_eq!(app.three.view.selected_axis, Some(0));
        app.run(AppCommand::Open(OpenCommand::File(recording())));
        app.follow();
        assert_eq!(app.three.view.filter, AxisFilter::All);
        assert_eq!(app.three.view.selected_axis, None);
        let last =
            app.shared
                .library
                .last_state(app.mode, &app.three, &app.two, &app.shared.settings);
        assert_eq!(
            last.three.view.get("filter").and_then(|f| f.as_str()),
            Some("All")
        );
        // a filter chosen while the recording plays stays from frame to frame
        app.run(crate::app::command::ModeCommand::CycleFilter);
        app.run(AppCommand::Timeline(TimelineCommand::Go(5)));
        app.follow();
        assert_eq!(app.three.view.filter, AxisFilter::Separating);
    }

    #[test]
    fn g_shows_the_gjk_window_and_the_last_state_keeps_it() {
        let mut app = App::with_library(Library::new(None, false), &VP);
        assert!(!app.shared.settings.gjk);
        app.run(AppCommand::ToggleGjk);
        assert!(app.shared.settings.gjk);
        let kept = app.shared.settings.kept();
        assert!(
            crate::app::settings::Settings::default()
                .with_kept(kept)
                .gjk
        );
        app.run(AppCommand::ToggleGjk);
        assert!(!app.shared.settings.gjk);
    }

    #[test]
    fn export_repro_writes_a_new_folder_under_the_data_folder_and_says_where_or_why_not() {
        use crate::engines::EngineName;
        let data = std::env::temp_dir().join(format!("satbox-export-repro-{}", std::process::id()));
        let mut app = App::with_library(Library::new(Some(data.clone()), false), &VP);
        for n in 1..=2 {
            app.run(SceneCommand::ExportRepro(EngineName::Parry.into()));
            let message = app.shared.message.clone().unwrap();
            let dir = data.join(format!("repros/parry-{n}"));
            assert!(!message.error, "{}", message.text);
            assert!(
                message.text.contains(&dir.display().to_string()),
                "{}",
                message.text
            );
            assert!(dir.join("README.md").exists() && dir.join("src/main.rs").exists());
        }
        // Box2D answers no 3D pair: nothing written, and why
        app.run(SceneCommand::ExportRepro(EngineName::Box2d.into()));
        let message = app.shared.message.clone().unwrap();
        assert!(
            message.error && message.text.contains("answers no 3D pairs"),
            "{}",
            message.text
        );
        assert!(!data.join("repros/box2d-1").exists());
        std::fs::remove_dir_all(data).unwrap();
    }

    #[test]
    fn a_link_made_from_an_edited_preset_opens_as_that_preset_modified() {
        use crate::scene::link::{encode, preset_of, with_preset};
        let mut app = App::with_library(Library::new(None, false), &VP);
        let name = "3d-contact-face-face";
        app.run(AppCommand::Open(OpenCommand::Preset(name.into())));
        let description = app.three.source.description.clone();
        assert!(!description.is_empty());
        // B moved a little: the link written for it names the preset
        app.three.b.center.x += 0.25;
        app.run(SceneCommand::CopyLink);
        let copied = app.shared.ui.clipboard.take().unwrap();
        assert_eq!(preset_of(&copied).as_deref(), Some(name));
        // opened elsewhere: the preset's name and description, modified, with the link's boxes
        let mut other = App::with_library(Library::new(None, false), &VP);
        other.run(AppCommand::Open(OpenCommand::Link(copied)));
        assert_eq!(other.three.source.preset.as_deref(), Some(name));
        assert_eq!(other.three.source.description, description);
        assert_eq!(other.three.b.center, app.three.b.center);
        assert!(other.three.modified());
        // the preset's own boxes: not modified
        let own = other.shared.library.preset(name).unwrap().pair;
        other.run(AppCommand::Open(OpenCommand::Link(with_preset(
            encode(&own),
            Some(name),
        ))));
        assert!(!other.three.modified());
        // a preset this satbox does not have: the boxes, and a word on the name
        other.run(AppCommand::Open(OpenCommand::Link(with_preset(
            encode(&own),
            Some("3d-from-the-future"),
        ))));
        assert_eq!(other.three.source.preset, None);
        assert!(other
            .three
            .source
            .description
            .contains("3d-from-the-future"));
    }

    #[test]
    fn a_file_of_check_lines_opens_as_its_own_unsaved_scene() {
        let data = folder("lines");
        let mut app = App::with_library(Library::new(Some(data.clone()), true), &VP);
        let lines = scenes_dir(&data).join("cases.jsonl");
        let line = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[1.5,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#;
        std::fs::write(&lines, format!("{line}\n")).unwrap();
        app.run(AppCommand::Open(OpenCommand::File(lines.clone())));
        let source = &app.three.source;
        assert_eq!(source.path, None);
        assert_eq!(source.origin.as_deref(), Some("cases.jsonl"));
        app.run(SceneCommand::Save);
        assert!(app.shared.ui.windows.save_as.open);
        assert_eq!(
            std::fs::read_to_string(&lines).unwrap(),
            format!("{line}\n")
        );
        let _ = std::fs::remove_dir_all(&data);
    }

    /// One pass of the Open dialog over the default 3D scene, with the events typed in it;
    /// returns the text it shows.
    fn open_dialog_pass(
        ctx: &egui_macroquad::egui::Context,
        w: &mut crate::app::ui::scenes::Windows,
        events: Vec<egui_macroquad::egui::Event>,
    ) -> Vec<String> {
        use crate::app::frame::{Pointing, Shown};
        use crate::app::mode::ModeState;
        use crate::app::settings::Settings;
        use crate::app::three::Three;
        use crate::app::ui::{FrameTimes, PanelModel};
        use egui_macroquad::egui;
        let mode = ModeState::<Three>::new(&VP);
        let settings = Settings::default();
        let frame = Shown::compute(
            &mode,
            mode.analysis(&settings),
            Pointing::default(),
            &settings,
            VP,
        );
        let library = Library::new(None, false);
        let model = PanelModel {
            mode: &mode,
            frame: &frame,
            settings: &settings,
            library: &library,
            modified: false,
            can_undo: false,
            can_redo: false,
            frame_ms: FrameTimes::default(),
            timeline: None,
        };
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 720.0),
            )),
            events,
            ..Default::default()
        };
        let mut commands = Vec::new();
        let out = ctx.run(raw, |ctx| {
            crate::app::ui::scenes::windows(ctx, &model, w, &mut commands)
        });
        super::panel_text::texts(&out)
            .into_iter()
            .map(|(t, _)| t)
            .collect()
    }

    /// The Open dialog shown again after a file was opened: its field takes the keyboard with
    /// the old path selected, so that a new path typed replaces it (typing had gone on after the
    /// old one, "box3d-settle.jsonl/home/me/new.jsonl").
    #[test]
    fn the_open_dialog_selects_the_old_path_so_that_typing_replaces_it() {
        use egui_macroquad::egui;
        let ctx = egui::Context::default();
        let mut w = crate::app::ui::scenes::Windows::default();
        w.open.open = true;
        w.open.path = "assets/recordings/box3d-settle.jsonl".into();
        w.open.focus = true;
        for _ in 0..2 {
            open_dialog_pass(&ctx, &mut w, Vec::new());
        }
        open_dialog_pass(
            &ctx,
            &mut w,
            vec![egui::Event::Text("/home/me/new.jsonl".into())],
        );
        assert_eq!(w.open.path, "/home/me/new.jsonl");
    }

    /// The Open dialog says what each kind of file opens as, and says it truly: a recording (a
    /// .jsonl of two or more cases) opens as a timeline, a single check line as an unsaved scene.
    #[test]
    fn the_open_dialog_says_a_recording_opens_as_a_timeline_and_one_case_as_a_scene() {
        use crate::app::ui::scenes::OPENS_AS;
        let ctx = egui_macroquad::egui::Context::default();
        let mut w = crate::app::ui::scenes::Windows::default();
        w.open.open = true;
        let mut shown = Vec::new();
        for _ in 0..2 {
            shown = open_dialog_pass(&ctx, &mut w, Vec::new());
        }
        let shown = shown.join("\n").replace('\n', " ");
        assert!(!shown.contains("the first case"), "{shown}");
        for line in OPENS_AS {
            assert!(shown.contains(line), "{line:?} not in {shown}");
        }
        assert!(OPENS_AS[1].contains("two or more cases open as a timeline"));
        assert!(OPENS_AS[1].contains("a single case opens as a new unsaved scene"));
        // as the app opens them
        let data = folder("opens-as");
        let mut app = App::with_library(Library::new(Some(data.clone()), true), &VP);
        app.run(AppCommand::Open(OpenCommand::File(recording())));
        assert!(app.shared.timeline.is_some(), "a recording: a timeline");
        let one = scenes_dir(&data).join("one.jsonl");
        let first = std::fs::read_to_string(recording()).unwrap();
        std::fs::write(&one, first.lines().next().unwrap()).unwrap();
        let mut app = App::with_library(Library::new(Some(data.clone()), true), &VP);
        app.run(AppCommand::Open(OpenCommand::File(one)));
        assert!(app.shared.timeline.is_none(), "one case: no timeline");
        assert_eq!(app.three.source.path, None, "one case: an unsaved scene");
        assert_eq!(app.three.source.origin.as_deref(), Some("one.jsonl"));
        let _ = std::fs::remove_dir_all(&data);
    }
}

mod gjk_window {
    use crate::app::camera::Viewport;
    use crate::app::command::Command;
    use crate::app::dim::{Dim, Vector};
    use crate::app::frame::{Pointing, Shown};
    use crate::app::gjk::Step;
    use crate::app::library::Library;
    use crate::app::mode::ModeState;
    use crate::app::settings::Settings;
    use crate::app::three::Three;
    use crate::app::two::Two;
    use crate::app::ui::gjk::{window, GjkState};
    use crate::app::ui::{FrameTimes, PanelModel, WindowLayout};
    use crate::sat::Obb;
    use egui_macroquad::egui;

    const VP: Viewport = Viewport::sized(1200.0, 800.0);

    /// The window's picture (the Minkowski difference and GJK/EPA's trace) is computed when the
    /// boxes change, not every frame: a frame of the same boxes keeps the last one's.
    fn the_gjk_picture_is_kept_while_the_boxes_stay<D: Dim>() {
        let mut mode = ModeState::<D>::new(&VP);
        let settings = Settings {
            gjk: true,
            ..Settings::default()
        };
        let frame = |mode: &ModeState<D>, kept| {
            let analysis = mode.analysis(&settings);
            Shown::compute_keeping(mode, analysis, Pointing::default(), &settings, VP, kept)
        };
        let mut first = frame(&mode, Default::default());
        let fresh = first.gjk.clone().expect("the window is open");
        // mark the kept picture, so that a frame that reuses it shows the mark
        let mut kept = first.kept(&mode);
        let marked = kept.mark_gjk_for_test();
        let mut second = frame(&mode, kept);
        assert_eq!(second.gjk.as_ref(), Some(&marked), "same boxes: kept");
        let kept = second.kept(&mode);
        mode.b = mode.b.moved(D::Vec::unit(0) * 0.25);
        let third = frame(&mode, kept);
        let moved = third.gjk.expect("the window is open");
        assert_ne!(moved, marked, "the boxes moved: computed again");
        assert_ne!(moved.trace, fresh.trace);
    }

    #[test]
    fn the_gjk_picture_is_kept_while_the_boxes_stay_in_2d() {
        the_gjk_picture_is_kept_while_the_boxes_stay::<Two>();
    }

    #[test]
    fn the_gjk_picture_is_kept_while_the_boxes_stay_in_3d() {
        the_gjk_picture_is_kept_while_the_boxes_stay::<Three>();
    }

    /// What one pass of the window over a mode's pair shows: its rectangle, the commands it sent,
    /// and the frame's stepper length and the step shown.
    struct Pass {
        rect: Option<egui::Rect>,
        commands: Vec<Command>,
        layout: WindowLayout,
        steps: usize,
        last: Option<Step>,
    }

    /// One egui pass of the window, 1600 × 1000 with a 560-wide panel, over the mode's default
    /// pair (B on A when `overlap`), with the window shown when `open`.
    fn pass<D: Dim>(open: bool, overlap: bool, state: &mut GjkState) -> Pass {
        let mut mode = ModeState::<D>::new(&VP);
        if overlap {
            mode.b = mode.a;
        }
        let settings = Settings {
            gjk: open,
            ..Settings::default()
        };
        let frame = Shown::compute(
            &mode,
            mode.analysis(&settings),
            Pointing::default(),
            &settings,
            VP,
        );
        let library = Library::new(None, false);
        let model = PanelModel {
            mode: &mode,
            frame: &frame,
            settings: &settings,
            library: &library,
            modified: false,
            can_undo: false,
            can_redo: false,
            frame_ms: FrameTimes::default(),
            timeline: None,
        };
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1600.0, 1000.0));
        let layout = WindowLayout::of(screen, egui::vec2(560.0, 0.0), false);
        let ctx = egui::Context::default();
        let raw = egui::RawInput {
            screen_rect: Some(screen),
            ..Default::default()
        };
        let (mut rect, mut commands) = (None, Vec::new());
        let _ = ctx.run(raw, |ctx| {
            rect = window(ctx, &model, &layout, None, state, &mut commands);
        });
        let g = frame.gjk.as_ref();
        Pass {
            rect,
            commands,
            layout,
            steps: g.map_or(0, |g| g.steps()),
            last: g.and_then(|g| g.step(usize::MAX)),
        }
    }

    fn the_window_shows_beside_the_panel_only_when_open<D: Dim>() {
        let mut state = GjkState::default();
        let shut = pass::<D>(false, false, &mut state);
        assert!(shut.rect.is_none() && shut.steps == 0);
        let shown = pass::<D>(true, false, &mut state);
        let rect = shown.rect.expect("the window is shown");
        assert!(rect.right() <= shown.layout.scene.right(), "{rect:?}");
        assert!(shown.commands.is_empty());
        // separated: GJK's steps only, the answer shown
        assert!(matches!(shown.last, Some(Step::Gjk(_))));
    }

    fn intersecting_boxes_step_from_gjk_into_epa<D: Dim>() {
        let mut state = GjkState::default();
        let last = pass::<D>(true, true, &mut state);
        assert!(matches!(last.last, Some(Step::Epa(_))), "{:?}", last.last);
        // every step draws, the first and the last
        for k in 0..last.steps {
            state.step = Some(k);
            assert!(pass::<D>(true, true, &mut state).rect.is_some());
        }
    }

    #[test]
    fn the_2d_gjk_window_shows_beside_the_panel_only_when_open() {
        the_window_shows_beside_the_panel_only_when_open::<Two>();
    }

    #[test]
    fn the_3d_gjk_window_shows_beside_the_panel_only_when_open() {
        the_window_shows_beside_the_panel_only_when_open::<Three>();
    }

    #[test]
    fn intersecting_rectangles_step_from_gjk_into_epa() {
        intersecting_boxes_step_from_gjk_into_epa::<Two>();
    }

    #[test]
    fn intersecting_boxes_step_from_gjk_into_epa_in_3d() {
        intersecting_boxes_step_from_gjk_into_epa::<Three>();
    }
}

mod motion {
    use crate::app::camera::Viewport;
    use crate::app::command::ModeCommand;
    use crate::app::command::{Command, ShownCommand};
    use crate::app::dim::{Dim, Project, Vector};
    use crate::app::frame::{Pointing, Shown};
    use crate::app::input::InputFrame;
    use crate::app::library::Library;
    use crate::app::mode::{Gestures, ModeState};
    use crate::app::motion::{default_spec, MotionField, MotionFrame};
    use crate::app::settings::Settings;
    use crate::app::three::Three;
    use crate::app::two::Two;
    use crate::app::ui::{FrameTimes, PanelModel};
    use crate::sat::{Obb, Report, Which};
    use egui_macroquad::egui;

    const VP: Viewport = Viewport::sized(1200.0, 800.0);

    /// Motion on, a velocity typed, the slider moved, an edit at t carried back to the start,
    /// Go to impact, undo, and the scene's file: the same in both modes.
    fn boxes_move_and_the_scene_keeps_their_start<D: Dim>() {
        let settings = Settings::default();
        let mut m = ModeState::<D>::new(&VP);
        let (a0, b0) = m.boxes();
        assert!(
            m.scene("d").motion.is_none(),
            "no motion: the scene as before"
        );
        let spec = default_spec(a0.center().to_coords(), b0.center().to_coords());
        m.apply(&ModeCommand::SetMotion(Some(spec)), &settings, &VP);
        m.commit();
        // a refused dt leaves the motion as it was, with a message naming the field
        let said = m.apply(
            &ModeCommand::EditMotion(MotionField::Dt, -1.0),
            &settings,
            &VP,
        );
        assert!(said.is_some_and(|(s, error)| error && s.contains("dt")));
        assert_eq!(m.motion, Some(spec));
        // the slider shows both boxes at t, and the report is theirs
        m.apply(&ModeCommand::SetTime(0.05), &settings, &VP);
        let motion = spec.for_boxes::<D::Vec>();
        assert_eq!(m.b, crate::sat::motion::pose_at(&b0, &motion.b, 0.05));
        assert_eq!(m.starts(), (a0, b0));
        // moving B where it is shown moves its start by as much
        let shift = D::Vec::unit(1) * 0.5;
        m.b = m.b.moved(shift);
        m.carry_edits_back();
        let (_, b_start) = m.starts();
        assert!((b_start.center() - (b0.center() + shift)).length() < 1e-5);
        // the scene saved is the start, with its motion and the time shown
        let scene = m.scene("moving");
        let mut fresh = ModeState::<D>::new(&VP);
        assert!(fresh.load(&scene, &scene.pair().unwrap(), &VP, Default::default()));
        assert_eq!(fresh.motion, Some(spec));
        assert!((fresh.time - 0.05).abs() < 1e-7);
        // Go to impact: the boxes touch there
        let frame = MotionFrame::<D>::of(&spec, fresh.starts(), fresh.time);
        let toi = frame.toi.expect("B thrown at A hits it");
        fresh.apply(&ModeCommand::SetTime(toi.t as f32), &settings, &VP);
        let r = fresh.report(&settings);
        assert!(
            r.meets(crate::sat::motion::toi_margin(&fresh.a, &fresh.b)),
            "{}",
            r.verdict()
        );
        // undo takes the motion back with the edit
        m.commit();
        m.apply(&ModeCommand::Undo, &settings, &VP);
        assert_eq!(m.starts().1, b0);
        m.apply(&ModeCommand::Undo, &settings, &VP);
        assert_eq!(m.motion, None);
        assert_eq!(m.boxes(), (a0, b0));
    }

    #[test]
    fn boxes_move_and_the_scene_keeps_their_start_in_2d() {
        boxes_move_and_the_scene_keeps_their_start::<Two>();
    }

    #[test]
    fn boxes_move_and_the_scene_keeps_their_start_in_3d() {
        boxes_move_and_the_scene_keeps_their_start::<Three>();
    }

    /// One egui pass of the panel's Motion section over the mode as it is; the commands it sends.
    fn motion_panel_pass<D: Dim>(mode: &ModeState<D>, settings: &Settings) -> Vec<Command> {
        let frame = Shown::compute(
            mode,
            mode.analysis(settings),
            Pointing::default(),
            settings,
            VP,
        );
        let library = Library::new(None, false);
        let model = PanelModel {
            mode,
            frame: &frame,
            settings,
            library: &library,
            modified: false,
            can_undo: false,
            can_redo: false,
            frame_ms: FrameTimes::default(),
            timeline: None,
        };
        let ctx = egui::Context::default();
        let mut commands = Vec::new();
        // two passes: egui lays a new panel out before it draws it
        for _ in 0..2 {
            let _ = ctx.run(egui::RawInput::default(), |ctx| {
                egui::CentralPanel::default().show(ctx, |ui| {
                    crate::app::ui::motion::section(ui, &model, &mut commands)
                });
            });
        }
        commands
    }

    /// Go to impact, then the panel's next frames: the time stays the impact's own (the slider
    /// only shows it rounded), and the boxes there read touching.
    fn going_to_impact_lands_on_the_impact<D: Dim>(m: &mut ModeState<D>) {
        let settings = Settings::default();
        let spec = m.motion.expect("the boxes move");
        let frame = MotionFrame::<D>::of(&spec, m.starts(), m.time);
        let toi = frame.toi.expect("B thrown at A hits it");
        let t = toi.t as f32;
        m.apply(&ModeCommand::SetTime(t), &settings, &VP);
        for c in motion_panel_pass(m, &settings) {
            if let Command::Shown(ShownCommand::Mode(c)) = c {
                m.apply(&c, &settings, &VP);
            }
        }
        assert_eq!(m.time, t, "the panel kept the impact's time");
        let r = m.report(&settings);
        assert!(r.touching(), "at t = {t}: {}", r.verdict());
    }

    fn go_to_impact_in_the_start_up_scene_and_in_a_saved_moving_scene<D: Dim>() {
        let settings = Settings::default();
        let mut m = ModeState::<D>::new(&VP);
        let (a0, b0) = m.boxes();
        let spec = default_spec(a0.center().to_coords(), b0.center().to_coords());
        m.apply(&ModeCommand::SetMotion(Some(spec)), &settings, &VP);
        going_to_impact_lands_on_the_impact(&mut m);
        // saved (at some other time) and opened again
        m.apply(&ModeCommand::SetTime(0.0321), &settings, &VP);
        let text = m.scene("moving").to_json();
        let (scene, pair) = crate::scene::Scene::from_json(&text).unwrap();
        let mut opened = ModeState::<D>::new(&VP);
        assert!(opened.load(&scene, &pair, &VP, Default::default()));
        going_to_impact_lands_on_the_impact(&mut opened);
    }

    #[test]
    fn go_to_impact_lands_on_the_impact_in_2d() {
        go_to_impact_in_the_start_up_scene_and_in_a_saved_moving_scene::<Two>();
    }

    #[test]
    fn go_to_impact_lands_on_the_impact_in_3d() {
        go_to_impact_in_the_start_up_scene_and_in_a_saved_moving_scene::<Three>();
    }

    /// Undo after opening a preset shows the scene as it was seen: its time, unmodified, its view.
    fn undoing_an_opened_preset_restores_what_was_seen<D: Dim>(preset: &str) {
        let settings = Settings::default();
        let mut m = ModeState::<D>::new(&VP);
        let (a0, b0) = m.boxes();
        let spec = default_spec(a0.center().to_coords(), b0.center().to_coords());
        m.apply(&ModeCommand::SetMotion(Some(spec)), &settings, &VP);
        m.apply(&ModeCommand::SetTime(0.05), &settings, &VP);
        let scene = m.scene("moving");
        let pair = scene.pair().unwrap();
        let mut shown = ModeState::<D>::new(&VP);
        let source = crate::app::source::Source {
            description: "pasted from Jolt".into(),
            saved: Some(pair),
            ..Default::default()
        };
        assert!(shown.load(&scene, &pair, &VP, source));
        shown.commit();
        let seen = (shown.boxes(), shown.time, shown.view, shown.source.clone());
        assert!(!shown.modified());
        let loaded = Library::new(None, false).preset(preset).unwrap();
        assert!(shown.load(&loaded.scene, &loaded.pair, &VP, loaded.source));
        shown.commit();
        shown.apply(&ModeCommand::Undo, &settings, &VP);
        assert_eq!(shown.boxes(), seen.0);
        assert_eq!(shown.time, seen.1, "the time shown");
        assert!(!shown.modified(), "unmodified, as it was");
        assert_eq!(shown.view, seen.2, "its view");
        assert_eq!(shown.source, seen.3);
        // and redo shows the preset as it was opened
        shown.apply(&ModeCommand::Redo, &settings, &VP);
        assert_eq!(shown.source.preset.as_deref(), Some(preset));
        assert!(!shown.modified());
    }

    #[test]
    fn undoing_an_opened_preset_restores_what_was_seen_in_2d() {
        undoing_an_opened_preset_restores_what_was_seen::<Two>("2d-motion-sliding-apart");
    }

    #[test]
    fn undoing_an_opened_preset_restores_what_was_seen_in_3d() {
        undoing_an_opened_preset_restores_what_was_seen::<Three>("3d-motion-plate-through-wall");
    }

    /// Dragging the velocity handle sets the velocity so that the handle follows the pointer.
    fn the_velocity_handle_follows_the_pointer<D: Gestures>() {
        let settings = Settings::default();
        let mut m = ModeState::<D>::new(&VP);
        let (a0, b0) = m.boxes();
        let spec = default_spec(a0.center().to_coords(), b0.center().to_coords());
        m.apply(&ModeCommand::SetMotion(Some(spec)), &settings, &VP);
        let projector = D::projector(&m.view.camera, VP);
        let tip = |m: &ModeState<D>| {
            let s = m.motion.unwrap();
            let v = D::Vec::from_coords(s.b.velocity);
            projector.px(m.b.center() + v * s.dt).unwrap()
        };
        let grab = tip(&m);
        let frame = |mouse, pressed, down| InputFrame {
            mouse,
            left_pressed: pressed,
            left_down: down,
            left_released: !down,
            pointer_in_scene: true,
            ..InputFrame::default()
        };
        m.pointer(&settings, &frame(grab, true, true), &VP, &[]);
        assert_eq!(m.velocity_drag, Some(Which::B));
        let to = grab + glam::Vec2::new(60.0, -25.0);
        for _ in 0..4 {
            m.pointer(&settings, &frame(to, false, true), &VP, &[]);
        }
        assert!((tip(&m) - to).length() < 2.0, "{} vs {to}", tip(&m));
        assert_eq!(m.boxes(), (a0, b0), "the boxes stay where they are");
        let out = m.pointer(&settings, &frame(to, false, false), &VP, &[]);
        assert!(out.drag_ended && m.velocity_drag.is_none());
    }

    #[test]
    fn the_velocity_handle_follows_the_pointer_in_2d() {
        the_velocity_handle_follows_the_pointer::<Two>();
    }

    #[test]
    fn the_velocity_handle_follows_the_pointer_in_3d() {
        the_velocity_handle_follows_the_pointer::<Three>();
    }
}

/// The panel's text as egui lays it out, read from the shapes of its passes.
mod panel_text {
    use crate::app::camera::Viewport;
    use crate::app::dim::Dim;
    use crate::app::frame::{Pointing, Shown};
    use crate::app::library::Library;
    use crate::app::mode::ModeState;
    use crate::app::settings::Settings;
    use crate::app::three::Three;
    use crate::app::two::Two;
    use crate::app::ui::{FrameTimes, PanelModel, UiOut};
    use crate::sat::{Obb2, Obb3};
    use egui_macroquad::egui;
    use glam::{Quat, Vec2, Vec3};

    const VP: Viewport = Viewport::sized(1200.0, 800.0);

    /// Every text shape of an egui output, with where it was drawn.
    pub(super) fn texts(output: &egui::FullOutput) -> Vec<(String, egui::Rect)> {
        fn walk(shape: &egui::Shape, out: &mut Vec<(String, egui::Rect)>) {
            match shape {
                egui::Shape::Text(t) => {
                    out.push((t.galley.text().to_string(), t.visual_bounding_rect()))
                }
                egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, out)),
                _ => {}
            }
        }
        let mut out = Vec::new();
        for clipped in &output.shapes {
            walk(&clipped.shape, &mut out);
        }
        out
    }

    /// The text of the whole panel, `width` points wide, over the mode's boxes: its last pass of
    /// three (egui lays a new panel out before it draws it).
    fn panel<D: Dim>(mode: &ModeState<D>, width: f32) -> Vec<(String, egui::Rect)> {
        let settings = Settings::default();
        let frame = Shown::compute(
            mode,
            mode.analysis(&settings),
            Pointing::default(),
            &settings,
            VP,
        );
        let library = Library::new(None, false);
        let model = PanelModel {
            mode,
            frame: &frame,
            settings: &settings,
            library: &library,
            modified: false,
            can_undo: false,
            can_redo: false,
            frame_ms: FrameTimes::default(),
            timeline: None,
        };
        let ctx = egui::Context::default();
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(width, 4000.0));
        let mut last = None;
        for _ in 0..3 {
            let raw = egui::RawInput {
                screen_rect: Some(screen),
                ..Default::default()
            };
            last = Some(ctx.run(raw, |ctx| {
                egui::CentralPanel::default().show(ctx, |ui| {
                    crate::app::ui::contents(ui, &model, &mut UiOut::default(), true)
                });
            }));
        }
        texts(&last.expect("three passes"))
    }

    /// A number written as a negative zero in `text`: a minus sign (`-` or `−`) followed by
    /// digits and points that are all zeros ("-0.0000", "−0°").
    fn negative_zero(text: &str) -> Option<String> {
        let chars: Vec<char> = text.chars().collect();
        for (k, c) in chars.iter().enumerate() {
            if *c != '-' && *c != '−' {
                continue;
            }
            let number: String = chars[k + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit() || **c == '.')
                .collect();
            let exponent = chars.get(k + 1 + number.len()) == Some(&'e');
            if number.contains('0') && !exponent && number.chars().all(|c| c == '0' || c == '.') {
                return Some(format!("{c}{number} in {text:?}"));
            }
        }
        None
    }

    #[test]
    fn the_finder_finds_a_negative_zero_and_nothing_else() {
        assert!(negative_zero("normal (-0.0000, 1.0000)").is_some());
        assert!(negative_zero("-0.0°").is_some());
        assert!(negative_zero("−0").is_some());
        assert!(negative_zero("-0.01 and -3.5e-7, (−u0 +u1) -10").is_none());
        assert!(negative_zero("-0.000e0").is_none());
    }

    fn no_negative_zero_anywhere<D: Dim>(a: D::Obb, b: D::Obb) {
        let mut mode = ModeState::<D>::new(&VP);
        (mode.a, mode.b) = (a, b);
        for width in [340.0, 560.0] {
            let found: Vec<String> = panel(&mode, width)
                .iter()
                .filter_map(|(t, _)| negative_zero(t))
                .collect();
            assert!(found.is_empty(), "{found:?}");
        }
    }

    /// Boxes whose numbers are all a hair below zero where they are zero (a centre at −1e-6,
    /// a turn of −1e-5 rad, a face contact whose normal is (−4e-8, 1, −4e-8)): the panel writes
    /// 0, as `check` does, never "-0.000" or "-0.0°".
    #[test]
    fn the_3d_panel_never_writes_a_negative_zero() {
        let a = Obb3 {
            center: Vec3::new(-1e-6, -1e-7, -1e-6),
            rotation: Quat::from_rotation_x(-1e-5) * Quat::from_rotation_z(-1e-5),
            ..Default::default()
        };
        let b = Obb3 {
            center: Vec3::new(-1e-6, 1.9, -2e-6),
            rotation: Quat::from_rotation_y(-1e-5) * Quat::from_rotation_x(-2e-5),
            ..Default::default()
        };
        no_negative_zero_anywhere::<Three>(a, b);
    }

    #[test]
    fn the_2d_panel_never_writes_a_negative_zero() {
        let a = Obb2 {
            center: Vec2::new(-1e-6, -1e-7),
            angle: -1e-5,
            ..Default::default()
        };
        let b = Obb2 {
            center: Vec2::new(-1e-6, 1.9),
            angle: -2e-5,
            ..Default::default()
        };
        no_negative_zero_anywhere::<Two>(a, b);
    }

    /// The scene section alone, `width` points wide, over the preset `name` opened in its mode,
    /// with `events`; its text.
    fn scene_section(
        ctx: &egui::Context,
        name: &str,
        width: f32,
        events: Vec<egui::Event>,
    ) -> Vec<(String, egui::Rect)> {
        fn pass<D: Dim>(
            ctx: &egui::Context,
            name: &str,
            width: f32,
            events: Vec<egui::Event>,
        ) -> egui::FullOutput {
            let library = Library::new(None, false);
            let loaded = library.preset(name).expect("a preset");
            let mut mode = ModeState::<D>::new(&VP);
            assert!(mode.load(&loaded.scene, &loaded.pair, &VP, loaded.source));
            let settings = Settings::default();
            let frame = Shown::compute(
                &mode,
                mode.analysis(&settings),
                Pointing::default(),
                &settings,
                VP,
            );
            let model = PanelModel {
                mode: &mode,
                frame: &frame,
                settings: &settings,
                library: &library,
                modified: false,
                can_undo: false,
                can_redo: false,
                frame_ms: FrameTimes::default(),
                timeline: None,
            };
            let raw = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(width, 3000.0),
                )),
                events,
                ..Default::default()
            };
            ctx.run(raw, |ctx| {
                egui::CentralPanel::default().show(ctx, |ui| {
                    crate::app::ui::scenes::section(ui, &model, &mut Vec::new())
                });
            })
        }
        let out = if name.starts_with("2d") {
            pass::<Two>(ctx, name, width, events)
        } else {
            pass::<Three>(ctx, name, width, events)
        };
        texts(&out)
    }

    /// Where the text `text` was drawn.
    fn place_of(shown: &[(String, egui::Rect)], text: &str) -> Option<egui::Rect> {
        shown.iter().find(|(t, _)| t == text).map(|(_, r)| *r)
    }

    /// The presets list open under the scene's description, then every preset opened in turn
    /// (its description one line or several, in 2D or 3D): the list's rows never move, so that
    /// a second click at the same place opens the preset under it, not another (one had opened
    /// `2d-contact-corner-edge` and switched to 2D).
    #[test]
    fn the_presets_list_stays_under_the_pointer_whatever_the_description_above_it() {
        let names: Vec<String> = Library::new(None, false)
            .presets
            .iter()
            .map(|p| p.name.clone())
            .collect();
        for width in [340.0, 560.0] {
            let ctx = egui::Context::default();
            ctx.style_mut(|s| s.animation_time = 0.0);
            let shown = scene_section(&ctx, &names[0], width, Vec::new());
            let header = place_of(&shown, &format!("Presets ({})", names.len()))
                .expect("the presets' header")
                .center();
            let press = |pressed| egui::Event::PointerButton {
                pos: header,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            };
            scene_section(
                &ctx,
                &names[0],
                width,
                vec![egui::Event::PointerMoved(header), press(true)],
            );
            scene_section(&ctx, &names[0], width, vec![press(false)]);
            let mut first = None;
            for name in &names {
                let mut shown = Vec::new();
                for _ in 0..3 {
                    shown = scene_section(&ctx, name, width, Vec::new());
                }
                let rows = (
                    place_of(&shown, &names[0]).expect("the list is open"),
                    place_of(&shown, names.last().unwrap()).expect("the list is open"),
                );
                let first = *first.get_or_insert(rows);
                assert_eq!(rows, first, "{name} at {width}: the list moved");
            }
        }
    }

    /// Two texts drawn over each other: their rectangles share more than a sliver.
    fn overprinted(shown: &[(String, egui::Rect)]) -> Option<String> {
        for (k, (t, r)) in shown.iter().enumerate() {
            for (u, q) in &shown[k + 1..] {
                let both = r.intersect(*q);
                if both.width() > 1.0 && both.height() > 1.0 {
                    return Some(format!("{t:?} at {r:?} over {u:?} at {q:?}"));
                }
            }
        }
        None
    }

    /// The Contact manifold section over the settle recording, each frame shown after its first
    /// (separated: no points, its columns narrow), as a timeline jumps: no number of the "Build
    /// the points on" rows prints over its neighbour, though their widths change from frame to
    /// frame (egui places a grid's columns at the widths of the frame before).
    #[test]
    fn the_build_the_points_on_rows_never_print_over_each_other_while_a_recording_plays() {
        use crate::scene::recording::Recording;
        use crate::scene::Pair;
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/recordings/box3d-settle.jsonl");
        let recording = Recording::load(&path).unwrap();
        let library = Library::new(None, false);
        let settings = Settings::default();
        let ctx = egui::Context::default();
        let mut mode = ModeState::<Three>::new(&VP);
        let frames: Vec<_> = recording.good_frames().map(|(k, _, n)| (k, n)).collect();
        let mut gridded = 0;
        for &(k, noted) in frames.iter().step_by(5) {
            for (k, noted) in [frames[0], (k, noted)] {
                let Pair::Three(a, b) = noted.pair else {
                    panic!("a 3D recording")
                };
                (mode.a, mode.b) = (a, b);
                let frame = Shown::compute(
                    &mode,
                    mode.analysis(&settings),
                    Pointing::default(),
                    &settings,
                    VP,
                );
                let model = PanelModel {
                    mode: &mode,
                    frame: &frame,
                    settings: &settings,
                    library: &library,
                    modified: false,
                    can_undo: false,
                    can_redo: false,
                    frame_ms: FrameTimes::default(),
                    timeline: None,
                };
                let raw = egui::RawInput {
                    screen_rect: Some(egui::Rect::from_min_size(
                        egui::Pos2::ZERO,
                        egui::vec2(486.0, 2000.0),
                    )),
                    ..Default::default()
                };
                let out = ctx.run(raw, |ctx| {
                    egui::CentralPanel::default().show(ctx, |ui| {
                        crate::app::ui::contact::section(ui, &model, &mut Vec::new())
                    });
                });
                let shown = texts(&out);
                gridded += usize::from(shown.iter().any(|(t, _)| t == "deepest"));
                if let Some(what) = overprinted(&shown) {
                    panic!("frame {}: {what}", k + 1);
                }
            }
        }
        assert!(gridded > 10, "the rows were shown {gridded} times");
    }
}
