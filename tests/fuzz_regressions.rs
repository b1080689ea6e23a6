//! Every input the `boxes` fuzz target (`fuzz/fuzz_targets/boxes.rs`) found failing, as a named
//! test: the numbers are the failing input's bits, exactly, and `audit` must find
//! nothing wrong with them now. See the README's "Fuzzing" section.

use glam::{Quat, Vec2, Vec3};
use satbox::sat::agreement::audit;
use satbox::sat::{Obb2, Obb3};

/// Runs both audits on the target's reading of `bits` (10 f32s per 3D box, 5 per 2D box).
fn audit_bits(bits: &[u32]) {
    let v: Vec<f32> = bits.iter().map(|&b| f32::from_bits(b)).collect();
    if v.len() >= 20 {
        let box3 = |v: &[f32]| {
            Obb3::new(
                Vec3::new(v[0], v[1], v[2]),
                Vec3::new(v[3], v[4], v[5]),
                Quat::from_xyzw(v[6], v[7], v[8], v[9]),
            )
        };
        if let (Ok(a), Ok(b)) = (box3(&v[..10]), box3(&v[10..20])) {
            let problems = audit(&a, &b);
            assert!(problems.is_empty(), "{a:?} {b:?}: {problems:?}");
        }
    }
    let box2 = |v: &[f32]| Obb2::new(Vec2::new(v[0], v[1]), Vec2::new(v[2], v[3]), v[4]);
    if let (Ok(a), Ok(b)) = (box2(&v[..5]), box2(&v[5..10])) {
        let problems = audit(&a, &b);
        assert!(problems.is_empty(), "{a:?} {b:?}: {problems:?}");
    }
}

/// A box turned by a quaternion whose components are subnormal (about 2e-41) beside a flat box.
#[test]
fn a_flat_box_and_a_box_turned_by_a_subnormal_quaternion_agree_everywhere() {
    audit_bits(&[
        0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f000000, 0x3f800000, 0x00000000,
        0x00000000, 0x00003f80, 0x00003f00, 0x00003f80, 0x00000000, 0x00000000, 0x00000000,
        0x003f8000, 0x3f800000, 0x00000000, 0x3ec3ef16, 0x00000000, 0x3f6c835e,
    ]);
}

/// Two boxes 20,000 units from the origin: the distance is computed relative to A's centre, so it carries the rounding of the boxes' size, not of the coordinates' (it was off by 1e-3).
#[test]
fn far_from_the_origin_the_distance_is_as_accurate_as_near_it() {
    audit_bits(&[
        0x469c4000, 0xc66a6000, 0x45fa0000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3dc63f9e,
        0x3e9a45ef, 0xbddcb3d9, 0x3f7144e2, 0x469c42b6, 0xc66a5b3c, 0x45fa0c4e, 0x3f000000,
        0x3f000000, 0x3f000000, 0x00000389, 0x3df6d200, 0xbd3fdf1f, 0xbf01af69,
    ]);
}

/// A segment centred 4e-42 from a box's centre: `T·L` underflows in f32, so the manifold normal's sign is a tie the reference must call near (it was reported as a disagreement).
#[test]
fn a_segment_centred_in_a_box_may_take_either_normal_sign() {
    audit_bits(&[
        0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0xfd000000,
        0x3f800000, 0x3f800000, 0x3f800000, 0x00000a00, 0x00000000, 0x00000000, 0x3f800000,
        0x40dfa3d7, 0x3e99999a, 0x00008000, 0x0000003f, 0x3f800000, 0x3f7ffffa,
    ]);
}

/// Boxes with subnormal extents: rounding pruned every feature of the distance search, which gave an infinite distance; it now falls back to every feature.
#[test]
fn boxes_too_thin_for_the_pruned_search_still_get_their_distance() {
    audit_bits(&[
        0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00800000, 0x00000000, 0x00000000,
        0x00000000, 0x003f8000, 0x003f0000, 0x003f8000, 0x00000000, 0x00000000, 0x00000000,
        0x003f8000, 0x33000000, 0x003f7333, 0x00000000, 0x3f3f8000, 0x3f800000, 0x00000a00,
        0x00000000, 0x00000000, 0x3f800000, 0x40dfa3d7, 0x3e99999a, 0x00005600, 0x00003f00,
        0x00003f80, 0xef160000, 0x00003ec3, 0x835e0000, 0x00013f6c, 0x0000003f, 0x00000000,
        0xfa3a6486, 0x3f7fffff,
    ]);
}

/// Two segments 3e-4 rad from parallel crossing at the origin: the fast test pads their edge axis and the reference skips it, so the verdict turns on the degenerate-axis rule and may go either way.
#[test]
fn nearly_parallel_segments_crossing_turn_on_the_degenerate_axis_rule() {
    audit_bits(&[
        0x00800000, 0x00002700, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000,
        0x3f800000, 0x113fdc00, 0x003fdc83, 0x00000000, 0x003f8000, 0x003f8000, 0x003f8000,
        0x00008000, 0x3f800000, 0x3f800000, 0x3f800000, 0x8000003f, 0xc5dc003f, 0x3f237cee,
        0x3f6c786c,
    ]);
}

/// Nearly parallel segments: the closest points of two segments solved with `a·e − b²` cancelled to noise in f32 (distance 3.4e-4 for touching segments); the cross-product form does not.
#[test]
fn nearly_parallel_edges_get_their_distance_without_cancellation() {
    audit_bits(&[
        0x00800000, 0x00000000, 0x00000400, 0x00000000, 0x00000000, 0x3f880000, 0x00800000,
        0x3f020000, 0x113fdc00, 0x003fdc83, 0x00000000, 0x003f8000, 0x003f8000, 0x003f8000,
        0x00008000, 0x3f800000, 0x3f800000, 0x3f260000, 0x8000003f, 0xc5dc003f, 0x3f237cee,
        0x3f6c786c,
    ]);
}

/// Found by the `scene_file` target: a scene read, written and read again came back with a
/// rotation one unit in the last place away, because normalising a unit quaternion again moved
/// it. A quaternion already unit to within rounding is now kept as it is.
#[test]
fn a_scene_written_and_read_back_keeps_the_very_same_rotation_bits() {
    use satbox::scene::file::Scene;
    let text = r#"{"mode": "3d", "description": "",
        "a": {"center": [0.2, 0.1, -0.3], "half_extents": [1.0, 0.8, 1.2],
              "rotation": [0.052206397, 0.09843439, 0.029829461, 0.9933254]},
        "b": {"center": [1.7775297, 1.9084227, -1.5417485], "half_extents": [0.9, 0.9, 0.6],
              "rotation": [0.20059346, 0.33633095, 0.30816418, 0.866994]}}"#;
    let (scene, pair) = Scene::from_json(text).unwrap();
    let again = Scene::new(&pair, scene.description.clone(), scene.view.clone());
    let (_, pair_again) = Scene::from_json(&again.to_json()).unwrap();
    assert_eq!(pair_again, pair);
}

/// Found by the `scene_link` target: the same for a scene link, whose rotation `0,0.24740305,09,
/// .96891236` (a leading zero and no leading digit) is far from unit and is normalised on
/// reading; its link then opens the very same pair.
#[test]
fn a_scene_link_encoded_and_decoded_again_opens_the_very_same_pair() {
    use satbox::scene::link::{decode, encode};
    let text = "satbox=1&mode=3d&a.center=0,0,0&a.half_extents=1,0.7,0.9\
                &a.rotation=0,0.24740305,09,.96891236&b.center=1.7673554,0.4,-0.6236625\
                &b.half_extents=0.6,0.5,0.8&b.rotation=0,0.24740395,0,0.96891236";
    let pair = decode(text).unwrap().pair;
    assert_eq!(decode(&encode(&pair)).unwrap().pair, pair);
}

/// A rectangle (a box whose thickness, 9e-44, is within rounding of zero) lying on a parallel face
/// of a cube: the faces tie, f32 clipped against A's face and f64 against B's, and the reduction
/// of the same contact polygon kept other corners. Both are right; the comparison now says so,
/// and a thickness within rounding of zero counts as flat for the contact ids.
#[test]
fn a_rectangle_on_a_parallel_face_may_be_clipped_from_either_face() {
    audit_bits(&[
        0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x3f800000, 0x00000000,
        0x043f8000, 0x00000000, 0x00000000, 0x3f000080, 0x00000000, 0x003f0000, 0x0000003f,
        0x3f000000, 0x3f800000, 0x00000000, 0x3f000000, 0x3f800000, 0x00002c00,
    ]);
}

/// Two segments 1.6e-3 rad from parallel crossing at the origin, touching to within rounding: the
/// boolean test called them apart (its sums underflow), and the distance search, pruned as for
/// disjoint boxes, returned 1.6e-3. The pruning's slack is now rounding at the pair's size.
#[test]
fn segments_touching_within_rounding_are_no_distance_apart() {
    audit_bits(&[
        0x00000000, 0x00001f00, 0x00200000, 0x00000000, 0x3f800000, 0x02680000, 0x00000000,
        0x073f8000, 0x00000000, 0x02ffffff, 0x00000000, 0x00000000, 0x23000000, 0x09000000,
        0x0054aa00, 0x3f800000, 0x00000000, 0x55550000, 0x55555555, 0x001f0155, 0x20000000,
        0x00000000, 0x80000000, 0x6800003f, 0x00000002, 0x3f800000, 0x00000007, 0x3f800000,
        0x00000007, 0x3f80ff00, 0xa2800000, 0xef00023f,
    ]);
}

/// An edge contact between edges 0.3 degrees from parallel: their crossing is ill-conditioned, and
/// f32 placed it 9e-4 along the edges from f64's. That is rounding over the sine of the angle, the
/// tolerance an edge contact is now compared with.
#[test]
fn nearly_parallel_crossing_edges_place_their_contact_to_rounding_over_the_sine_of_their_angle() {
    audit_bits(&[
        0x00000600, 0x00050000, 0x3f800000, 0x3f800000, 0x3f800000, 0x00000000, 0x003c0000,
        0x00000000, 0x00000000, 0x3f000000, 0x40000000, 0x00000000, 0x00000000, 0x3f80a600,
        0x3f800000, 0x3f800000, 0x00000040, 0x00000000, 0x00003f80, 0x00004000, 0x00000000,
        0xa6000000, 0x00003f80, 0x00003f80, 0x00403f80, 0x00000000, 0x9abf0000,
    ]);
}

/// A 1,024-long segment beside a box 1,570 wide, nearly parallel to one of its edges: the
/// reference separates them on that edge axis, the fast test's padding of nearly parallel edges
/// (`PARALLEL_EPSILON`, widening the shadows by ε·Σe / sin θ) calls them intersecting. That is
/// the padding's documented trade-off, not a disagreement.
#[test]
fn the_fast_tests_padding_may_join_a_segment_nearly_parallel_to_a_big_boxs_edge() {
    audit_bits(&[
        0x00000000, 0x00000100, 0x0000b500, 0x00000000, 0x0000007f, 0x44000000, 0x44444444,
        0x44444444, 0x44444444, 0x44447d44, 0x44444444, 0x44444444, 0x44444444, 0x44444444,
        0x44444444, 0x44444444, 0x013f8000, 0x00005200, 0x07000000, 0x00000200, 0x00000000,
        0xffff0000,
    ]);
}

/// A contact point exactly on a box's edge end (y = −1.0 of a half extent 1): f32 names it on A's
/// edge, f64 at A's corner; the points are the same. A point on a feature's boundary is named by
/// rounding, and the comparison now says so.
#[test]
fn a_contact_point_at_an_edges_end_may_be_named_on_the_edge_or_the_corner() {
    audit_bits(&[
        0x00000004, 0x00000000, 0x00000000, 0x3fa30000, 0x3f800000, 0x3f800000, 0x00000000,
        0x00000600, 0x80000000, 0x8000003f, 0x40000000, 0x00000000, 0x00080000, 0x3f800000,
        0x3f800000, 0x3f800000, 0x8f000000, 0x8f8f8f8f, 0x8f8f8f8f, 0x8f8f8f8f, 0x8f8f8f8f,
        0x8f8f8f8f, 0x00000000, 0x00005d00, 0x80000000,
    ]);
}

/// A 6.6e6-long segment beside a box 6.6e6 wide, nearly along one of its edges: the fast test
/// says intersecting, the reference separated by more than the band, on a face axis and an edge
/// axis both within what the padding widens (see the test above).
#[test]
fn a_segment_at_the_coordinate_limit_along_a_huge_boxs_edge() {
    audit_bits(&[
        0x3f000000, 0x003fc000, 0x00024000, 0x00000000, 0x00000000, 0x4a4a4a00, 0x4a4a4a4a,
        0x4a4a834a, 0x4a4a4a4e, 0x4a4a264a, 0x4a4ab44a, 0x4a4a4a4a, 0x4a4a4a4a, 0x4a4a4a4a,
        0x4a4a4a4a, 0x4a4a4a4a, 0x4a4a4a4a, 0x4a4a264a, 0x0000804a, 0x3f001009, 0x62ff8000,
    ]);
}

/// A 1.6e6-long segment 0.14° from parallel to an edge of a box as wide, separated from it by 0.56
/// on a face axis and 419 on that edge pair's axis: the fast test's padding widens both (by
/// ε·Σe = 3.3 on the face axis, over sin θ on the edge axis) and joins them. Explained by the
/// padding, within the band.
#[test]
fn the_padding_may_join_a_huge_segment_to_a_huge_box_on_a_face_and_an_edge_axis() {
    audit_bits(&[
        0x31314000, 0x31313131, 0x31313131, 0x00000131, 0x00000000, 0x49494949, 0x49494949,
        0x4949c949, 0x49494949, 0x49492b49, 0x49494949, 0x49494949, 0x49494949, 0x49492449,
        0x49494949, 0x49494949, 0x49494949, 0x49494949, 0x49494949, 0x49494949, 0x49494949,
        0x49494949, 0x003b4949, 0xc9490000, 0xf6d28b49, 0xbf1fbddf,
    ]);
}

/// A flat box turned half a turn, its face clipping a cube's face: two of its corners lie exactly
/// on the cube's face edges (0.5·u1 + u2 = (0, 0.5, 1)). In f64 the corner is on the edge and
/// left out; in f32, a hair inside, it is a point, and the reduction keeps other corners. The f64
/// reference now counts a corner left out this close as a decision within rounding.
#[test]
fn a_flat_box_s_corner_exactly_on_a_cube_s_face_edge_may_be_kept_or_left_out() {
    audit_bits(&[
        0x00000000, 0x00000000, 0x01000000, 0x00000000, 0x3f000000, 0x3f800000, 0x00000000,
        0x3f000000, 0x3f800000, 0x00000000, 0x3e000000, 0x997a0099, 0x00000000, 0x3f800000,
        0x3f800000, 0x3f800000, 0x00000000, 0x00010000, 0x00000000, 0x80000000, 0x8000003f,
        0x0000003f, 0x000000f6, 0x64c38600, 0x00fffa3a, 0x0000f600, 0xc3860000, 0xfffa3a64,
    ]);
}

/// A point and a segment 1e-40 long, touching, all their numbers subnormal: the manifold's own
/// gaps were off by a subnormal unit, which its rounding (relative to the pair's size, 0 here)
/// did not cover, so it called the pair apart where the report calls it touching.
#[test]
fn a_subnormal_point_on_a_subnormal_segment_touches_and_has_its_point() {
    audit_bits(&[
        0x00002e00, 0x00000000, 0x00000000, 0x00000000, 0x3f000000, 0x00000000, 0x00000000,
        0x0000fb00, 0x00000000, 0x80000000, 0x0000001f, 0x003f003f, 0x00800000, 0x00000000,
        0x00000000, 0x80000000, 0x003f00cb, 0x00007033, 0x003ec333, 0x835e0000,
    ]);
}

/// A needle 1.6 million long and 4 thick against a cube as large, 800,000 units out: the
/// tolerance of the comparison (1e-4 of the pair's size, about 300) is far wider than the needle,
/// so its two faces are one place to f32 and how many points are welded is rounding.
#[test]
fn a_needle_thinner_than_the_tolerance_may_weld_its_corners_either_way() {
    audit_bits(&[
        0x00000000, 0x00000000, 0x49490000, 0x49494949, 0x40004949, 0x40000000, 0x00000000,
        0x00000000, 0x49490000, 0x49494949, 0x49494949, 0x49494949, 0x49494949, 0x49494949,
        0x49494949, 0x49494949, 0x00000049, 0x00a50000, 0x00000000, 0x003f80d8,
    ]);
}

/// Two segments crossing about 1e-9 from the origin, one 2e-42 thick: whether they meet is the
/// report's call within rounding of a zero gap, and moving both by A's centre rounds it the
/// other way (the world's report separated, the centred one touching).
#[test]
fn two_crossing_segments_may_meet_or_not_once_moved_to_a_s_centre() {
    audit_bits(&[
        0x320d0000, 0x00010601, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000,
        0x09000000, 0x00048500, 0x00006b00, 0x00000000, 0x23000000, 0x00000100, 0x0000063b,
        0x3f800000, 0x00000000, 0x00000000, 0x02f50000, 0x003b0000, 0x0000a1ef,
    ]);
}
