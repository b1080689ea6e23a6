#!/usr/bin/env python3
"""Writes assets/recordings/stack-jitter.jsonl: two equal unit cubes stacked 0.01 deep, both turned
by fresh 1e-4 rad noise every frame (about a random axis), 200 frames at 60 Hz. Not a simulation:
the noise a resting stack's solver leaves, the scene the contacts-over-time figures are measured
on (docs/contacts.md). Deterministic (seed 41)."""
import json
import math
import random
import sys

random.seed(41)


def noise(angle=1e-4):
    while True:
        axis = [random.uniform(-1.0, 1.0) for _ in range(3)]
        n = math.sqrt(sum(x * x for x in axis))
        if 0.1 < n <= 1.0:
            break
    s = math.sin(angle / 2.0) / n
    return [round(axis[0] * s, 12), round(axis[1] * s, 12), round(axis[2] * s, 12),
            round(math.cos(angle / 2.0), 12)]


out = open(sys.argv[1], "w") if len(sys.argv) > 1 else sys.stdout
for k in range(200):
    frame = {
        "t": round(k / 60.0, 4),
        "label": "resting, jittered",
        "a": {"center": [0, 0, 0], "half_extents": [0.5, 0.5, 0.5], "rotation": noise()},
        "b": {"center": [0, 0, 0.99], "half_extents": [0.5, 0.5, 0.5], "rotation": noise()},
    }
    out.write(json.dumps(frame, separators=(",", ":")) + "\n")
