// satbox's C++ shim over Bullet and ODE: plain extern "C" functions on plain structs of doubles,
// so that no C++ type crosses into Rust. Each engine's part is compiled when its cargo feature
// is on (build.rs defines SATBOX_BULLET, SATBOX_ODE). The answers are returned in the engines'
// own conventions; src/engines/bullet.rs and src/engines/ode.rs read them.

extern "C" {
// A box: its centre, half extents and rotation (a unit quaternion x, y, z, w).
struct SatboxBox {
    double center[3];
    double half[3];
    double rotation[4];
};

// One contact as the engine gives it: its normal, its point and its depth (each engine's sign).
struct SatboxContact {
    double normal[3];
    double point[3];
    double depth;
};
}

#ifdef SATBOX_BULLET
#include <btBulletCollisionCommon.h>
#include <BulletCollision/CollisionDispatch/btBoxBoxDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

static_assert(sizeof(btScalar) == sizeof(double), "satbox asks Bullet in double precision (bullet-float64)");

namespace {
// Keeps Bullet's contact points: normal on B (from B to A), point on B, signed distance.
struct Collector : public btDiscreteCollisionDetectorInterface::Result {
    SatboxContact* out;
    int capacity;
    int count = 0;
    Collector(SatboxContact* out, int capacity) : out(out), capacity(capacity) {}
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3& normalOnB, const btVector3& pointOnB, btScalar depth) override {
        if (count < capacity) {
            SatboxContact& c = out[count];
            for (int i = 0; i < 3; i++) {
                c.normal[i] = normalOnB[i];
                c.point[i] = pointOnB[i];
            }
            c.depth = depth;
        }
        count++;
    }
};

btTransform pose(const SatboxBox& b) {
    return btTransform(btQuaternion(b.rotation[0], b.rotation[1], b.rotation[2], b.rotation[3]),
                       btVector3(b.center[0], b.center[1], b.center[2]));
}

// A box shape at its sharpest: margin 0 (setMargin keeps the outer half extents).
btBoxShape shape(const SatboxBox& b) {
    btBoxShape s(btVector3(b.half[0], b.half[1], b.half[2]));
    s.setMargin(0);
    return s;
}

int closest(btDiscreteCollisionDetectorInterface& detector, const SatboxBox* a, const SatboxBox* b,
            SatboxContact* out, int capacity) {
    btDiscreteCollisionDetectorInterface::ClosestPointInput input;
    input.m_transformA = pose(*a);
    input.m_transformB = pose(*b);
    Collector collector(out, capacity);
    detector.getClosestPoints(input, collector, nullptr);
    return collector.count < capacity ? collector.count : capacity;
}
}  // namespace

extern "C" {
// Bullet's version (BT_BULLET_VERSION: 324 for 3.24).
int satbox_bullet_version(void) { return btGetVersion(); }

// btBoxBoxDetector (Bullet's port of ODE's dBoxBox): up to 4 points of an overlapping pair, none
// of a separated one. Returns the number written to out.
int satbox_bullet_box_box(const SatboxBox* a, const SatboxBox* b, SatboxContact* out, int capacity) {
    btBoxShape sa = shape(*a), sb = shape(*b);
    btBoxBoxDetector detector(&sa, &sb);
    return closest(detector, a, b, out, capacity);
}

// btGjkPairDetector with btGjkEpaPenetrationDepthSolver: the one closest (GJK) or deepest (EPA)
// point pair. Returns 1, or 0 when it gives none.
int satbox_bullet_gjk_epa(const SatboxBox* a, const SatboxBox* b, SatboxContact* out) {
    btBoxShape sa = shape(*a), sb = shape(*b);
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    btGjkPairDetector detector(&sa, &sb, &simplex, &epa);
    return closest(detector, a, b, out, 1);
}
}
#endif

#ifdef SATBOX_ODE
#include <ode/ode.h>

extern "C" {
// dInitODE2, once per process, before any other call.
void satbox_ode_init(void) { dInitODE2(0); }

// ODE's data for the calling thread (each thread that calls dCollide).
int satbox_ode_thread(void) { return dAllocateODEDataForThread(dAllocateMaskAll); }

// sizeof(dReal): 8 when ODE is built in double precision.
int satbox_ode_real_size(void) { return (int)sizeof(dReal); }

// dCollide on two dCreateBox geoms with no body and no space: up to `capacity` (at most 8)
// contacts, each with ODE's normal (from B into A), position and depth (positive inside).
int satbox_ode_collide(const SatboxBox* a, const SatboxBox* b, SatboxContact* out, int capacity) {
    dContactGeom contacts[8];
    if (capacity > 8) capacity = 8;
    if (capacity < 1) return 0;
    const SatboxBox* boxes[2] = {a, b};
    dGeomID geoms[2];
    for (int k = 0; k < 2; k++) {
        const SatboxBox& s = *boxes[k];
        // dCreateBox takes full side lengths
        geoms[k] = dCreateBox(0, 2 * s.half[0], 2 * s.half[1], 2 * s.half[2]);
        dGeomSetPosition(geoms[k], s.center[0], s.center[1], s.center[2]);
        // ODE's quaternion is w, x, y, z
        dQuaternion q = {s.rotation[3], s.rotation[0], s.rotation[1], s.rotation[2]};
        dGeomSetQuaternion(geoms[k], q);
    }
    int n = dCollide(geoms[0], geoms[1], capacity, contacts, sizeof(dContactGeom));
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < 3; j++) {
            out[i].normal[j] = contacts[i].normal[j];
            out[i].point[j] = contacts[i].pos[j];
        }
        out[i].depth = contacts[i].depth;
    }
    dGeomDestroy(geoms[0]);
    dGeomDestroy(geoms[1]);
    return n;
}
}
#endif
