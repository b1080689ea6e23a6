//! `check`'s answers written straight into a byte buffer: the same bytes as `serde_json` writes
//! for their `Serialize` form (pinned by a test over thousands of answers), without serde's
//! per-field machinery. Numbers are written by the formatters serde_json itself uses (`zmij` for
//! floats, `itoa` for integers), keys as literal bytes, strings with serde_json's escapes.

use super::answer::{
    AxisOut, CaseOut, Coords, GjkOut, ManifoldOut, PointOut, RoundedOut, SinceOut, ToiOut,
};

/// An answer that writes itself as compact JSON.
pub trait WriteJson {
    /// Appends the JSON text to `out`.
    fn write_json(&self, out: &mut Vec<u8>);
}

/// A float as serde_json writes an `f32`: its shortest text, `null` when not finite.
fn f32_json(out: &mut Vec<u8>, x: f32) {
    if x.is_finite() {
        out.extend_from_slice(zmij::Buffer::new().format_finite(x).as_bytes());
    } else {
        out.extend_from_slice(b"null");
    }
}

fn usize_json(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

fn bool_json(out: &mut Vec<u8>, b: bool) {
    out.extend_from_slice(if b { b"true" } else { b"false" });
}

/// A string with serde_json's escapes.
fn str_json(out: &mut Vec<u8>, s: &str) {
    // writing into a Vec cannot fail
    let _ = serde_json::to_writer(&mut *out, s);
}

/// One of satbox's own names (`face_a`, `converged`): quoted, with nothing to escape.
fn name_json(out: &mut Vec<u8>, s: &'static str) {
    debug_assert!(s.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_'));
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
}

/// `null`, or the value.
fn option_json<T>(out: &mut Vec<u8>, v: &Option<T>, write: impl FnOnce(&mut Vec<u8>, &T)) {
    match v {
        Some(v) => write(out, v),
        None => out.extend_from_slice(b"null"),
    }
}

/// `[a,b,…]` of the items, each written by `write`.
fn list_json<T>(out: &mut Vec<u8>, items: &[T], mut write: impl FnMut(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (k, item) in items.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        write(out, item);
    }
    out.push(b']');
}

fn coords_json(out: &mut Vec<u8>, c: &Coords) {
    list_json(out, c, |out, x| f32_json(out, *x));
}

impl WriteJson for CaseOut {
    fn write_json(&self, out: &mut Vec<u8>) {
        // every field named: a field added to the answer does not compile until it is written
        let CaseOut {
            line,
            intersect,
            touching,
            first_separating_axis,
            separating_axes,
            depth,
            normal,
            min_axis,
            manifold,
            separation_distance,
            closest_points,
            gjk,
            time_of_impact,
            rounded,
            bands,
            since_previous,
            notes,
            axes,
            engines,
        } = self;
        out.extend_from_slice(b"{\"line\":");
        usize_json(out, *line);
        out.extend_from_slice(b",\"intersect\":");
        bool_json(out, *intersect);
        out.extend_from_slice(b",\"touching\":");
        bool_json(out, *touching);
        out.extend_from_slice(b",\"first_separating_axis\":");
        option_json(out, first_separating_axis, |out, k| usize_json(out, *k));
        out.extend_from_slice(b",\"separating_axes\":");
        list_json(out, separating_axes, |out, k| usize_json(out, *k as usize));
        out.extend_from_slice(b",\"depth\":");
        option_json(out, depth, |out, d| f32_json(out, *d));
        out.extend_from_slice(b",\"normal\":");
        option_json(out, normal, coords_json);
        out.extend_from_slice(b",\"min_axis\":");
        option_json(out, min_axis, |out, k| usize_json(out, *k));
        out.extend_from_slice(b",\"manifold\":");
        option_json(out, manifold, |out, m| m.write_json(out));
        out.extend_from_slice(b",\"separation_distance\":");
        f32_json(out, *separation_distance);
        out.extend_from_slice(b",\"closest_points\":");
        option_json(out, closest_points, |out, [p, q]| {
            list_json(out, &[p, q], |out, c| coords_json(out, c))
        });
        out.extend_from_slice(b",\"gjk\":");
        gjk.write_json(out);
        if let Some(toi) = time_of_impact {
            out.extend_from_slice(b",\"time_of_impact\":");
            option_json(out, toi, |out, t| t.write_json(out));
        }
        if let Some(rounded) = rounded {
            out.extend_from_slice(b",\"rounded\":");
            rounded.write_json(out);
        }
        if let Some(bands) = bands {
            out.extend_from_slice(b",\"bands\":");
            let _ = serde_json::to_writer(&mut *out, bands);
        }
        if let Some(since) = since_previous {
            out.extend_from_slice(b",\"since_previous\":");
            option_json(out, since, |out, s| s.write_json(out));
        }
        if !notes.is_empty() {
            out.extend_from_slice(b",\"notes\":");
            list_json(out, notes, |out, s| str_json(out, s));
        }
        if let Some(axes) = axes {
            out.extend_from_slice(b",\"axes\":");
            list_json(out, axes, |out, a| a.write_json(out));
        }
        for (name, engine) in &engines.0 {
            out.extend_from_slice(b",\"");
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(b"\":");
            let _ = serde_json::to_writer(&mut *out, engine);
        }
        out.push(b'}');
    }
}

impl WriteJson for ManifoldOut {
    fn write_json(&self, out: &mut Vec<u8>) {
        let ManifoldOut {
            normal,
            kind,
            axis,
            strict_axis,
            points,
        } = self;
        out.extend_from_slice(b"{\"normal\":");
        coords_json(out, normal);
        out.extend_from_slice(b",\"kind\":");
        name_json(out, kind);
        out.extend_from_slice(b",\"axis\":");
        usize_json(out, *axis);
        out.extend_from_slice(b",\"strict_axis\":");
        usize_json(out, *strict_axis);
        out.extend_from_slice(b",\"points\":");
        list_json(out, points, |out, p| p.write_json(out));
        out.push(b'}');
    }
}

impl WriteJson for PointOut {
    fn write_json(&self, out: &mut Vec<u8>) {
        let PointOut {
            point,
            separation,
            id,
            feature,
        } = self;
        out.extend_from_slice(b"{\"point\":");
        coords_json(out, point);
        out.extend_from_slice(b",\"separation\":");
        f32_json(out, *separation);
        out.extend_from_slice(b",\"id\":");
        usize_json(out, *id as usize);
        out.extend_from_slice(b",\"feature\":\"A ");
        // feature names are letters, digits, signs and spaces: nothing to escape
        out.extend_from_slice(feature.0.a.text().as_bytes());
        out.extend_from_slice(" × B ".as_bytes());
        out.extend_from_slice(feature.0.b.text().as_bytes());
        out.extend_from_slice(b"\"}");
    }
}

impl WriteJson for GjkOut {
    fn write_json(&self, out: &mut Vec<u8>) {
        let GjkOut {
            distance,
            depth,
            normal,
            iterations,
            epa_iterations,
            stopped,
            support_evaluations,
        } = self;
        out.extend_from_slice(b"{\"distance\":");
        option_json(out, distance, |out, d| f32_json(out, *d));
        out.extend_from_slice(b",\"depth\":");
        option_json(out, depth, |out, d| f32_json(out, *d));
        out.extend_from_slice(b",\"normal\":");
        option_json(out, normal, coords_json);
        out.extend_from_slice(b",\"iterations\":");
        usize_json(out, *iterations);
        out.extend_from_slice(b",\"epa_iterations\":");
        option_json(out, epa_iterations, |out, k| usize_json(out, *k));
        out.extend_from_slice(b",\"stopped\":");
        name_json(out, stopped);
        out.extend_from_slice(b",\"support_evaluations\":");
        usize_json(out, *support_evaluations);
        out.push(b'}');
    }
}

impl WriteJson for RoundedOut {
    fn write_json(&self, out: &mut Vec<u8>) {
        let RoundedOut {
            radius,
            cores_overlap,
            cores_distance,
            cores_depth,
            candidate_gap,
        } = self;
        out.extend_from_slice(b"{\"radius\":");
        list_json(out, radius, |out, r| f32_json(out, *r));
        out.extend_from_slice(b",\"cores_overlap\":");
        bool_json(out, *cores_overlap);
        out.extend_from_slice(b",\"cores_distance\":");
        f32_json(out, *cores_distance);
        out.extend_from_slice(b",\"cores_depth\":");
        option_json(out, cores_depth, |out, d| f32_json(out, *d));
        out.extend_from_slice(b",\"candidate_gap\":");
        f32_json(out, *candidate_gap);
        out.push(b'}');
    }
}

impl WriteJson for SinceOut {
    fn write_json(&self, out: &mut Vec<u8>) {
        let SinceOut {
            persisted_by_id,
            persisted_by_position,
            new,
            lost,
            flipped,
            drift,
            boxes_moved,
        } = self;
        out.extend_from_slice(b"{\"persisted_by_id\":");
        usize_json(out, *persisted_by_id);
        out.extend_from_slice(b",\"persisted_by_position\":");
        usize_json(out, *persisted_by_position);
        out.extend_from_slice(b",\"new\":");
        usize_json(out, *new);
        out.extend_from_slice(b",\"lost\":");
        usize_json(out, *lost);
        out.extend_from_slice(b",\"flipped\":");
        bool_json(out, *flipped);
        out.extend_from_slice(b",\"drift\":");
        f32_json(out, *drift);
        out.extend_from_slice(b",\"boxes_moved\":");
        f32_json(out, *boxes_moved);
        out.push(b'}');
    }
}

impl WriteJson for ToiOut {
    fn write_json(&self, out: &mut Vec<u8>) {
        let ToiOut {
            t,
            normal,
            axis,
            points,
            method,
        } = self;
        out.extend_from_slice(b"{\"t\":");
        f32_json(out, *t);
        out.extend_from_slice(b",\"normal\":");
        coords_json(out, normal);
        out.extend_from_slice(b",\"axis\":");
        option_json(out, axis, |out, k| usize_json(out, *k));
        out.extend_from_slice(b",\"points\":");
        list_json(out, points, |out, p| p.write_json(out));
        out.extend_from_slice(b",\"method\":");
        name_json(out, method);
        out.push(b'}');
    }
}

impl WriteJson for AxisOut {
    fn write_json(&self, out: &mut Vec<u8>) {
        let AxisOut {
            index,
            kind,
            axis,
            degenerate,
            ra,
            rb,
            distance,
            gap,
        } = self;
        out.extend_from_slice(b"{\"index\":");
        usize_json(out, *index);
        out.extend_from_slice(b",\"kind\":");
        name_json(out, kind);
        out.extend_from_slice(b",\"axis\":");
        coords_json(out, axis);
        out.extend_from_slice(b",\"degenerate\":");
        bool_json(out, *degenerate);
        out.extend_from_slice(b",\"ra\":");
        f32_json(out, *ra);
        out.extend_from_slice(b",\"rb\":");
        f32_json(out, *rb);
        out.extend_from_slice(b",\"distance\":");
        f32_json(out, *distance);
        out.extend_from_slice(b",\"gap\":");
        f32_json(out, *gap);
        out.push(b'}');
    }
}
