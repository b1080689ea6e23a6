// An engine adapter in C++: ODE's box-box collider (dBoxBox, through dCollide) over satbox's
// engine protocol. Build and check it:
//
//   g++ -O2 -std=c++17 ode_adapter.cpp -o ode_adapter $(pkg-config --cflags --libs ode) \
//       -DODE_VERSION="\"$(pkg-config --modversion ode)\""
//   satbox --engines-file engines.toml engine-test ode-adapter
//
// with engines.toml naming it: [engines.ode-adapter] command = ["/path/to/ode_adapter"].
// JSON through nlohmann/json (Debian: nlohmann-json3-dev).
#include <ode/ode.h>

#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

using json = nlohmann::json;

#ifndef ODE_VERSION
#define ODE_VERSION "unknown (build with -DODE_VERSION)"
#endif

// A box geom at a pose: satbox's rotation is [x, y, z, w], ODE's quaternion [w, x, y, z].
static dGeomID make_box(const json& box) {
    auto h = box.at("half_extents");
    auto c = box.at("center");
    auto q = box.at("rotation");
    dGeomID g = dCreateBox(nullptr, 2 * h[0].get<double>(), 2 * h[1].get<double>(),
                           2 * h[2].get<double>());
    dGeomSetPosition(g, c[0], c[1], c[2]);
    dQuaternion wxyz = {q[3], q[0], q[1], q[2]};
    dGeomSetQuaternion(g, wxyz);
    return g;
}

static json answer(const json& req) {
    const json &a = req.at("a"), &b = req.at("b");
    if (a.value("radius", 0.0) > 0 || b.value("radius", 0.0) > 0)
        return {{"error", "ODE's box has no radius"}};
    for (const json* box : {&a, &b})
        for (double h : box->at("half_extents"))
            if (!(h > 0)) return {{"error", "ODE takes positive half extents only"}};
    dGeomID ga = make_box(a), gb = make_box(b);
    dContactGeom contacts[8];
    int n = dCollide(ga, gb, 8, contacts, sizeof(dContactGeom));
    dGeomDestroy(ga);
    dGeomDestroy(gb);
    json points = json::array();
    double depth = 0;
    for (int i = 0; i < n; ++i) {
        const dContactGeom& c = contacts[i];
        points.push_back({{"position", {c.pos[0], c.pos[1], c.pos[2]}},
                          {"separation", -c.depth},
                          {"feature", nullptr}});
        depth = std::fmax(depth, c.depth);
    }
    // dCollide's normal points from the second geom into the first: from B to A
    json normal = nullptr;
    if (n > 0) normal = {-contacts[0].normal[0], -contacts[0].normal[1], -contacts[0].normal[2]};
    return {{"intersect", n > 0},
            {"depth", n > 0 ? json(depth) : json(nullptr)},
            {"normal", normal},
            {"points", points},
            {"distance", nullptr},
            {"closest_points", nullptr},
            {"notes", json::array()}};
}

int main() {
    dInitODE2(0);
    std::string line;
    if (!std::getline(std::cin, line)) return 0;
    json hello = json::parse(line, nullptr, false);
    if (hello.is_discarded() || hello.value("satbox_engine", 0) != 1) {
        std::cerr << "the first line is not satbox's hello\n";
        return 2;
    }
    std::cout << json{{"satbox_engine", 1},
                      {"name", "ODE (C++ adapter)"},
                      {"version", ODE_VERSION},
                      {"dims", {3}},
                      {"settings", json::object()}}
              << std::endl;
    while (std::getline(std::cin, line)) {
        if (line.empty()) continue;
        json req = json::parse(line);
        json out;
        try {
            out = answer(req);
        } catch (const std::exception& e) {  // a box without a field it needs
            out = {{"error", e.what()}};
        }
        out["id"] = req.at("id");
        std::cout << out.dump() << std::endl;  // endl flushes: one answer, one flush
    }
    dCloseODE();
    return 0;
}
