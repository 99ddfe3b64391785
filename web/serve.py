#!/usr/bin/env python3
"""Serves web/ on http://localhost:8000 (or the port given) with the two
headers that make the page cross-origin isolated, so that it shares memory
with the engine's worker and `stop` reaches a running search (docs/web.md).
`python3 -m http.server` serves the page too, without them: then the
engine runs only searches with a limit."""

import functools
import http.server
import os
import sys


class IsolatedHandler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()


IsolatedHandler.extensions_map[".wasm"] = "application/wasm"

if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
    handler = functools.partial(IsolatedHandler, directory=os.path.dirname(os.path.abspath(__file__)))
    print(f"serving web/ on http://localhost:{port}/ (cross-origin isolated)")
    http.server.ThreadingHTTPServer(("", port), handler).serve_forever()
