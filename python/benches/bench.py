"""The Python package's speed, measured side by side in one run (docs/benchmarks.md, Python):

- ``satbox.intersects`` on 1,000,000 pairs from numpy (the boxes read from their numbers as
  ``check`` reads them, then the batch test) against the Rust batch alone (``intersects_many`` on
  the same pairs, its batches built beforehand), time per pair;
- ``satbox.check``, the full answer (depth, normal, manifold, exact distance), pairs a second;
- a Python loop over Coal's ``collide`` on the same pairs (when ``coal`` is installed), time per
  pair.

    python python/benches/bench.py [--pairs N] [--threads T] [--coal-pairs K]

``--threads 1`` (the default) keeps satbox on one core (RAYON_NUM_THREADS), ``--threads 0`` uses
every core.
"""

import argparse
import os
import platform
import sys
import time


def pairs(n, seed=1):
    """N pairs about half of which intersect: half extents 0.2-2, random rotations, B's centre a
    random direction away from A's at 0.4-1.2 times the sum of their half extents' lengths."""
    import numpy as np

    rng = np.random.default_rng(seed)
    ah = rng.uniform(0.2, 2.0, size=(n, 3))
    bh = rng.uniform(0.2, 2.0, size=(n, 3))

    def quats():
        q = rng.normal(size=(n, 4))
        return q / np.linalg.norm(q, axis=1, keepdims=True)

    ac = rng.uniform(-10, 10, size=(n, 3))
    d = rng.normal(size=(n, 3))
    d /= np.linalg.norm(d, axis=1, keepdims=True)
    reach = np.linalg.norm(ah, axis=1) + np.linalg.norm(bh, axis=1)
    bc = ac + d * (reach * rng.uniform(0.4, 1.2, size=n))[:, None]
    return ac, ah, quats(), bc, bh, quats()


def best(f, repeats):
    t = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        f()
        t = min(t, time.perf_counter() - start)
    return t


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--pairs", type=int, default=1_000_000)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--coal-pairs", type=int, default=20_000)
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args()
    if args.threads > 0:
        os.environ["RAYON_NUM_THREADS"] = str(args.threads)

    import numpy as np

    import satbox
    from satbox import _satbox

    n = args.pairs
    ac, ah, ar, bc, bh, br = pairs(n)
    flat = [np.ascontiguousarray(x).reshape(-1) for x in (ac, ah, ar, bc, bh, br)]
    rust, rust_built = (t / n for t in _satbox.bench_batch3(n, *flat, args.repeats))
    inter = best(lambda: satbox.intersects(ac, ah, ar, bc, bh, br), args.repeats) / n
    hits = satbox.intersects(ac, ah, ar, bc, bh, br).mean()
    checked = best(lambda: satbox.check(ac, ah, ar, bc, bh, br), max(1, args.repeats // 2)) / n

    coal_pair = None
    try:
        import coal

        k = min(args.coal_pairs, n)
        shapes = []
        for i in range(k):
            out = []
            for c, h, q in ((ac, ah, ar), (bc, bh, br)):
                x, y, z, w = q[i]
                m = np.array(
                    [
                        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
                    ]
                )
                out += [coal.Box(*(2 * h[i])), coal.Transform3s(m, c[i].copy())]
            shapes.append(out)
        request = coal.CollisionRequest()

        def loop():
            for s1, t1, s2, t2 in shapes:
                result = coal.CollisionResult()
                coal.collide(s1, t1, s2, t2, request, result)

        coal_pair = best(loop, 3) / k
    except ImportError:
        pass

    threads = "every core" if args.threads == 0 else f"{args.threads} thread(s)"
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs; "
          f"Python {platform.python_version()}, numpy {np.__version__}; satbox on {threads}")
    print(f"{n:,} pairs, {hits:.0%} intersecting")
    print("| what | ns a pair | pairs a second | vs |")
    print("|---|---:|---:|---|")
    print(f"| Rust batch `intersects_many` alone (batches built beforehand, one thread) | {rust * 1e9:.1f} | {1 / rust:,.0f} | |")
    print(f"| Rust: each box read from the arrays as `check` reads it, then `intersects_many`, 4,096 pairs at a time (one thread) | {rust_built * 1e9:.1f} | {1 / rust_built:,.0f} | |")
    print(f"| `satbox.intersects` from numpy | {inter * 1e9:.1f} | {1 / inter:,.0f} | {inter / rust:.1f}× the batch alone, {inter / rust_built:.2f}× read and batch |")
    print(f"| `satbox.check` from numpy | {checked * 1e9:.1f} | {1 / checked:,.0f} | |")
    if coal_pair is not None:
        print(f"| Python loop over `coal.collide` ({min(args.coal_pairs, n):,} pairs) | {coal_pair * 1e9:.0f} | {1 / coal_pair:,.0f} | |")
        print(f"\nintersects: {coal_pair / inter:,.0f}× the pairs a second of the Coal loop; "
              f"check: {coal_pair / checked:,.0f}×")
    else:
        print("\n(coal not installed: pip install coal)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
