//! Bullet's repro: `repro.cpp` on Bullet in double precision (pkg-config `bullet-float64`, as
//! satbox links it), written as the shim (`src/engines/shim/shim.cpp`) asks it: two `btBoxShape`s
//! with margin 0, `btBoxBoxDetector` (the answer) and `btGjkPairDetector` with
//! `btGjkEpaPenetrationDepthSolver` (printed under `also.gjk_epa`, as `check` prints it), each
//! point read as `src/engines/bullet.rs` reads it.

use super::{c_boxes, sharp_boxes3, Program, C_NUM, C_PRINT, RUN_HEADER};
use crate::engines::Question;

/// The program: `repro.cpp` and `run.sh`.
pub fn program(question: &Question) -> Result<Program, String> {
    let boxes = sharp_boxes3(question, "Bullet")?;
    let source = format!(
        "// Bullet (double precision) asked about one pair of boxes, as satbox asks it: two btBoxShapes\n// with margin 0, btBoxBoxDetector, then btGjkPairDetector with btGjkEpaPenetrationDepthSolver.\n// The last line printed is Bullet's answer as satbox reads it: each point midway between its\n// point on B and its point on A, the normal from A to B.\n#include <cmath>\n#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n#include <btBulletCollisionCommon.h>\n#include <BulletCollision/CollisionDispatch/btBoxBoxDetector.h>\n#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>\n#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>\n#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>\n\nstatic_assert(sizeof(btScalar) == sizeof(double), \"Bullet in double precision (bullet-float64), as satbox asks it\");\n\n{}\n{C_NUM}\n{C_PRINT}\n{REST}",
        c_boxes(&boxes)
    );
    Ok(Program {
        files: vec![
            ("repro.cpp", source),
            ("run.sh", format!("{RUN_HEADER}{RUN}")),
        ],
        install: "Bullet in double precision with pkg-config (Debian and Ubuntu: `apt-get install libbullet-dev pkg-config g++`, whose `bullet-float64` is the one satbox links); `CXX` picks the compiler.".into(),
        asks: "`btBoxBoxDetector` on two `btBoxShape`s with margin 0 (the answer), and `btGjkPairDetector` with `btGjkEpaPenetrationDepthSolver` (under `also.gjk_epa`), both through `getClosestPoints`.".into(),
    })
}

const RUN: &str = r#"${CXX:-c++} -std=c++17 -O2 -ffp-contract=off -o repro repro.cpp $(pkg-config --cflags --libs bullet-float64) -lm
./repro
"#;

/// The rest of `repro.cpp`: Bullet asked as the shim asks it, its points read as
/// `src/engines/bullet.rs` reads them.
const REST: &str = r#"// Keeps Bullet's points: normal on B (from B to A), point on B, signed distance.
struct Collector : public btDiscreteCollisionDetectorInterface::Result {
    double normal[4][3], point[4][3], depth[4];
    int capacity, count = 0;
    explicit Collector(int capacity) : capacity(capacity) {}
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3& normalOnB, const btVector3& pointOnB, btScalar d) override {
        if (count < capacity) {
            for (int i = 0; i < 3; i++) {
                normal[count][i] = normalOnB[i];
                point[count][i] = pointOnB[i];
            }
            depth[count] = d;
        }
        count++;
    }
};

static btTransform pose(int k) {
    return btTransform(btQuaternion(ROTATION[k][0], ROTATION[k][1], ROTATION[k][2], ROTATION[k][3]),
                       btVector3(CENTER[k][0], CENTER[k][1], CENTER[k][2]));
}

static btBoxShape shape(int k) {
    btBoxShape s(btVector3(HALF[k][0], HALF[k][1], HALF[k][2]));
    s.setMargin(0);
    return s;
}

static int closest(btDiscreteCollisionDetectorInterface& detector, Collector& collector) {
    btDiscreteCollisionDetectorInterface::ClosestPointInput input;
    input.m_transformA = pose(0);
    input.m_transformB = pose(1);
    detector.getClosestPoints(input, collector, nullptr);
    int n = collector.count < collector.capacity ? collector.count : collector.capacity;
    for (int i = 0; i < n; i++)
        printf("point %d: on B %.17g %.17g %.17g normal on B %.17g %.17g %.17g distance %.17g\n", i,
               collector.point[i][0], collector.point[i][1], collector.point[i][2], collector.normal[i][0],
               collector.normal[i][1], collector.normal[i][2], collector.depth[i]);
    return n;
}

static const char* NOTE_MIDWAY = "Bullet gives each point on B with its normal from B to A: moved midway, the normal turned to run from A to B";

// Bullet's points as satbox reads them: midway between the point on B and the point on A, the
// normal from A to B.
static Answer read(const Collector& c, int n) {
    Answer a = {};
    a.n = n;
    a.note = NOTE_MIDWAY;
    for (int i = 0; i < n; i++) {
        double unit[3];
        normalize_or_zero(c.normal[i], unit);
        if (i == 0)
            for (int k = 0; k < 3; k++) a.normal[k] = (float)-unit[k];
        for (int k = 0; k < 3; k++) {
            double on_a = c.point[i][k] + c.normal[i][k] * c.depth[i];
            a.position[i][k] = (float)((on_a + c.point[i][k]) * 0.5);
        }
        a.separation[i] = (float)c.depth[i];
    }
    return a;
}

// GJK/EPA's one point pair: the deepest point when they overlap, the distance when apart.
static void print_gjk_epa(const Collector& c, int n) {
    if (n >= 1 && c.depth[0] <= 0) {
        Answer deepest = read(c, 1);
        print_answer(&deepest, "deepest point pair (EPA)", 0);
        printf("}");
        return;
    }
    if (n < 1) {
        printf("{\"intersect\":false,\"depth\":null,\"normal\":null,\"points\":[],\"distance\":null,\"closest_points\":null,\"notes\":[]}");
        return;
    }
    double unit[3], on_a[3];
    normalize_or_zero(c.normal[0], unit);
    float normal[3], a[3], b[3];
    for (int k = 0; k < 3; k++) {
        normal[k] = (float)-unit[k];
        on_a[k] = c.point[0][k] + c.normal[0][k] * c.depth[0];
        a[k] = (float)on_a[k];
        b[k] = (float)c.point[0][k];
    }
    printf("{\"intersect\":false,\"depth\":null,\"normal\":");
    if (normal[0] != 0 || normal[1] != 0 || normal[2] != 0) vec3(normal); else printf("null");
    printf(",\"points\":[],\"distance\":");
    num((float)c.depth[0]);
    printf(",\"closest_points\":[");
    vec3(a);
    printf(",");
    vec3(b);
    printf("],\"notes\":[\"Bullet gives the closest point on B with its normal from B to A: the point on A is that point plus the normal times the distance\"]}");
}

int main() {
    printf("Bullet %d, btScalar %d bytes\n", btGetVersion(), (int)sizeof(btScalar));
    btBoxShape sa = shape(0), sb = shape(1);
    printf("btBoxBoxDetector:\n");
    btBoxBoxDetector box_box(&sa, &sb);
    Collector points(4);
    int n = closest(box_box, points);
    printf("btGjkPairDetector with btGjkEpaPenetrationDepthSolver:\n");
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    btGjkPairDetector gjk(&sa, &sb, &simplex, &epa);
    Collector pair(1);
    int m = closest(gjk, pair);
    // the answer, with GJK/EPA's under "also" as satbox's check prints it
    Answer answer = read(points, n);
    print_answer(&answer, "btBoxBoxDetector point", 1);
    printf(",\"also\":{\"gjk_epa\":");
    print_gjk_epa(pair, m);
    printf("}}\n");
    return 0;
}
"#;
