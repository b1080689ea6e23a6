"""Coal (the `coal` package, hpp-fcl's successor), as a satbox engine.

    python adapters/coal.py          (satbox starts it; it speaks satbox's engine protocol)

Each box is a coal.Box of full sizes (twice the half extents) placed by a coal.Transform3s
(rotation matrix, translation). Coal has no box-box function of its own: collide and distance
go through its GJK and EPA (the generic ShapeShapeDistance), in double precision.

* coal.collide with a CollisionRequest (contacts on, up to 16, security_margin = the margin
  setting) gives one contact: its normal points from box A (o1) to box B (o2), its
  penetration_depth is the signed distance (negative when penetrating) and its pos is already
  midway between the two nearest points.
* With the setting contact_patch = true, coal.computeContactPatch turns that contact into the
  patch (a polygon of up to 12 points by default): each point is midway between its two points on
  the shapes, its separation their distance along the normal.
* A pair apart: coal.distance gives the distance and the two closest points.
* Rounded boxes (a "radius"): the box's swept-sphere radius (Coal 3's setSweptSphereRadius),
  which rounds the box exactly as satbox does.

Settings:
  margin         CollisionRequest.security_margin (default 0): contacts up to margin apart come
                 too, each a point with a positive separation.
  contact_patch  false (default): collide's one contact; true: the contact patch's points.
"""

import engine_protocol as ep

ep.take_stdout()
ep.leave_folder(__file__)  # or this file would be imported as the coal package

import importlib.metadata  # noqa: E402

import coal  # noqa: E402
import numpy as np  # noqa: E402

NAME = "Coal"


def _bool(value):
    if not isinstance(value, bool):
        raise ValueError("it must be true or false")
    return value


read_settings = ep.settings_reader(NAME, {
    "margin": (0.0, ep.non_negative_number),
    "contact_patch": (False, _bool),
})


def configure(settings):
    return settings


def _shape(box):
    shape = coal.Box(*[2.0 * h for h in box.half_extents])
    if box.radius > 0:
        shape.setSweptSphereRadius(box.radius)
    transform = coal.Transform3s(np.array(box.matrix(), dtype=float),
                                 np.array(box.center, dtype=float))
    return shape, transform


def _vec(v):
    return [float(x) for x in np.asarray(v).reshape(3)]


def ask(settings, a, b):
    s1, t1 = _shape(a)
    s2, t2 = _shape(b)
    request = coal.CollisionRequest()
    request.enable_contact = True
    request.num_max_contacts = 16
    request.security_margin = settings["margin"]
    result = coal.CollisionResult()
    coal.collide(s1, t1, s2, t2, request, result)
    contacts = list(result.getContacts())
    points, normal, notes = [], None, []
    if contacts and settings["contact_patch"]:
        patch_request = coal.ContactPatchRequest()
        patches = coal.ContactPatchResult(patch_request)
        coal.computeContactPatch(s1, t1, s2, t2, result, patch_request, patches)
        for k in range(patches.numContactPatches()):
            patch = patches.getContactPatch(k)
            n = np.asarray(patch.getNormal(), dtype=float)
            if normal is None:
                normal = ep.unit(n)
            for i in range(patch.size()):
                p1 = np.asarray(patch.getPointShape1(i), dtype=float)
                p2 = np.asarray(patch.getPointShape2(i), dtype=float)
                points.append(ep.point((p1 + p2) / 2.0, float(np.dot(p2 - p1, n)),
                                       "patch %d point %d" % (k, i)))
    else:
        for i, c in enumerate(contacts):
            if normal is None:
                normal = ep.unit(_vec(c.normal))
            points.append(ep.point(_vec(c.pos), float(c.penetration_depth), "contact %d" % i))
    answer = ep.answer(points, normal if points else None, notes=notes)
    if not answer["intersect"]:
        d_request = coal.DistanceRequest()
        d_result = coal.DistanceResult()
        distance = coal.distance(s1, t1, s2, t2, d_request, d_result)
        if distance >= 0.0:
            on_a = _vec(d_result.getNearestPoint1())
            on_b = _vec(d_result.getNearestPoint2())
            answer["distance"] = float(distance)
            answer["closest_points"] = [on_a, on_b]
            if answer["normal"] is None:
                answer["normal"] = ep.unit(_vec(d_result.normal))
        else:
            answer["notes"].append("coal.distance found them %.9g apart (penetrating) while "
                                   "coal.collide made no contact at or below 0" % distance)
    return answer


def main():
    try:
        version = importlib.metadata.version("coal")
    except importlib.metadata.PackageNotFoundError:
        version = getattr(coal, "__version__", "unknown")
    ep.serve(NAME, version, [3], read_settings, configure, ask)


if __name__ == "__main__":
    main()
