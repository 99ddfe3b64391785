#!/usr/bin/env python3
"""The WebAssembly engine's speed in headless Chromium beside the native
binary's, in the same run: `bench <depth>` in each, alternated, ROUNDS
times; prints each run and the ratio of the median nps. The node counts
must be equal (the same search).

    python3 web/test/speed.py [NATIVE_BINARY] [DEPTH] [ROUNDS]

Defaults: target/release/roque, 8, 3. `make web` must have built
web/pkg/roque.wasm.
"""

import os
import re
import statistics
import subprocess
import sys

from page_test import Page, browser, serve

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def native(binary, depth):
    out = subprocess.run([binary, "bench", str(depth)], capture_output=True, text=True, check=True).stdout
    nodes, nps = re.search(r"(\d+) nodes (\d+) nps", out.strip().splitlines()[-1]).groups()
    return int(nodes), int(nps)


def in_browser(driver, depth):
    last = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const engine = new RoqueEngine({ workerUrl: 'engine-worker.js', wasmUrl: 'pkg/roque.wasm' });
        engine.started.then(() => engine.bench(arguments[0])).then((line) => { engine.terminate(); done(line); },
                                                                      (error) => done('error: ' + error.message));
        """,
        depth,
    )
    m = re.search(r"(\d+) nodes (\d+) nps", last)
    if not m:
        raise RuntimeError(f"the browser's bench said {last!r}")
    return int(m.group(1)), int(m.group(2))


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "roque")
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    server = serve()
    driver = browser()
    driver.set_script_timeout(600)
    try:
        Page(driver, f"http://127.0.0.1:{server.server_address[1]}/index.html")
        runs = {"native": [], "chromium": []}
        for _ in range(rounds):
            for name, run in (("native", lambda: native(binary, depth)), ("chromium", lambda: in_browser(driver, depth))):
                nodes, nps = run()
                runs[name].append((nodes, nps))
                print(f"{name:8} bench {depth}: {nodes} nodes {nps} nps", flush=True)
    finally:
        driver.quit()
        server.shutdown()
    counts = {nodes for name in runs for nodes, _ in runs[name]}
    medians = {name: statistics.median(nps for _, nps in runs[name]) for name in runs}
    print(f"median nps: native {medians['native']:.0f}, chromium {medians['chromium']:.0f}, "
          f"ratio {medians['chromium'] / medians['native']:.2f}")
    if len(counts) != 1:
        print(f"FAILED: the node counts differ: {sorted(counts)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
