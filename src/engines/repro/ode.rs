//! ODE's repro: `repro.c` on ODE's C API (pkg-config `ode`), as `src/engines/ode.rs` and the
//! shim ask it: `dCollide` on two `dCreateBox` geoms (full side lengths), no body, no space, at
//! most 8 contacts; each contact read as satbox reads it (moved midway from the surface it lies
//! on, the normal turned to run from A to B).

use super::{c_boxes, sharp_boxes3, Program, C_NUM, C_PRINT, RUN_HEADER};
use crate::engines::Question;

/// The program: `repro.c` and `run.sh`.
pub fn program(question: &Question) -> Result<Program, String> {
    let boxes = sharp_boxes3(question, "ODE")?;
    let source = format!(
        "/* ODE asked about one pair of boxes, as satbox asks it: dCollide on two dCreateBox geoms\n   (no body, no space), at most 8 contacts. The last line printed is ODE's answer as satbox\n   reads it: each contact moved midway between the two surfaces, the normal from A to B. */\n#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <ode/ode.h>\n\n{}\n{C_NUM}\n{C_PRINT}\n{REST}",
        c_boxes(&boxes)
    );
    Ok(Program {
        files: vec![
            ("repro.c", source),
            ("run.sh", format!("{RUN_HEADER}{RUN}")),
        ],
        install: "ODE's C library and headers with pkg-config (Debian and Ubuntu: `apt-get install libode-dev pkg-config gcc`); `CC` picks the compiler.".into(),
        asks: "`dCollide` on two `dCreateBox` geoms (full side lengths, the quaternion given `w` first), no body and no space, at most 8 contacts.".into(),
    })
}

const RUN: &str = r#"${CC:-cc} -std=c99 -O2 -ffp-contract=off -o repro repro.c $(pkg-config --cflags --libs ode) -lm
./repro
"#;

/// The rest of `repro.c`: ODE asked, and its contacts read as `src/engines/ode.rs` reads them.
const REST: &str = r#"/* The signed distance from p to box k's surface (negative inside), in double, the box's
   rotation undone as glam turns a vector by a quaternion. */
static double box_distance(int k, const double p[3]) {
    double b[3] = {-ROTATION[k][0], -ROTATION[k][1], -ROTATION[k][2]}, w = ROTATION[k][3];
    double r[3] = {p[0] - CENTER[k][0], p[1] - CENTER[k][1], p[2] - CENTER[k][2]};
    double b2 = b[0] * b[0] + b[1] * b[1] + b[2] * b[2];
    double rb = r[0] * b[0] + r[1] * b[1] + r[2] * b[2];
    double cross[3] = {b[1] * r[2] - r[1] * b[2], b[2] * r[0] - r[2] * b[0], b[0] * r[1] - r[0] * b[1]};
    double outside = 0, inside = -INFINITY;
    for (int i = 0; i < 3; i++) {
        double local = r[i] * (w * w - b2) + b[i] * (rb * 2.0) + cross[i] * (w * 2.0);
        double q = fabs(local) - HALF[k][i];
        outside += fmax(q, 0) * fmax(q, 0);
        inside = fmax(inside, q);
    }
    return sqrt(outside) + fmin(inside, 0);
}

/* Which way to move a contact to the midway point: +0.5 (A's surface), -0.5 (B's), 0 (an edge
   pair's midpoint), by which box's surface it lies nearer. */
static double towards(const double p[3]) {
    double da = fabs(box_distance(0, p)), db = fabs(box_distance(1, p));
    double reach = fmax(fabs(p[0]), fmax(fabs(p[1]), fabs(p[2])));
    double scale = 1e-6 * (1.0 + reach);
    if (fabs(da - db) <= fmax(scale, 1e-3 * fmax(da, db))) return 0.0;
    return db < da ? -0.5 : 0.5;
}

int main(void) {
    dInitODE2(0);
    dAllocateODEDataForThread(dAllocateMaskAll);
    dGeomID geoms[2];
    for (int k = 0; k < 2; k++) {
        geoms[k] = dCreateBox(0, 2 * HALF[k][0], 2 * HALF[k][1], 2 * HALF[k][2]);
        dGeomSetPosition(geoms[k], CENTER[k][0], CENTER[k][1], CENTER[k][2]);
        dQuaternion q = {ROTATION[k][3], ROTATION[k][0], ROTATION[k][1], ROTATION[k][2]};
        dGeomSetQuaternion(geoms[k], q);
    }
    dContactGeom contacts[8];
    int n = dCollide(geoms[0], geoms[1], 8, contacts, sizeof(dContactGeom));
    printf("ODE %s (dReal %d bytes): %d contacts\n", dGetConfiguration(), (int)sizeof(dReal), n);
    struct Answer answer = {.n = n, .note = "ODE gives each contact on the incident face (B's when A holds the reference face, A's when B does; midway for an edge pair) with its normal from B into A and a positive depth: moved midway, the normal turned to run from A to B"};
    for (int i = 0; i < n; i++) {
        const dContactGeom* c = &contacts[i];
        printf("contact %d: pos %.17g %.17g %.17g normal %.17g %.17g %.17g depth %.17g\n", i,
               c->pos[0], c->pos[1], c->pos[2], c->normal[0], c->normal[1], c->normal[2], c->depth);
        double pos[3] = {c->pos[0], c->pos[1], c->pos[2]}, normal[3] = {c->normal[0], c->normal[1], c->normal[2]};
        double into_a[3];
        normalize_or_zero(normal, into_a);
        if (i == 0)
            for (int k = 0; k < 3; k++) answer.normal[k] = (float)-into_a[k];
        double t = towards(pos);
        for (int k = 0; k < 3; k++) answer.position[i][k] = (float)(pos[k] + into_a[k] * (t * c->depth));
        answer.separation[i] = (float)-c->depth;
    }
    print_answer(&answer, "dBoxBox contact", 1);
    printf("}\n");
    dGeomDestroy(geoms[0]);
    dGeomDestroy(geoms[1]);
    dCloseODE();
    return 0;
}
"#;
