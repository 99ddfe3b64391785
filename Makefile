# `make` builds for this machine (`-C target-cpu=native`) and copies the
# binary to $(EXE): the OpenBench convention, `make EXE=<path>`, and `make
# EVALFILE=<net>` builds that network into it (build.rs reads EVALFILE).
# A plain `cargo build --release` builds the portable x86-64-v2 binary.
# `make release` builds every artefact into dist/ and tests each where it
# can run (scripts/release.sh). `make web` builds the WebAssembly engine
# into web/pkg/ (docs/web.md), `make web-test` tests it in Node against
# the native binary and the page in headless Chromium.
EXE ?= roque
export EVALFILE

.PHONY: all native release test web web-test web-test-engine clean
all: native

native:
	RUSTFLAGS="-C target-cpu=native" cargo build --release --target-dir target/native
	cp target/native/release/roque $(EXE)

release:
	scripts/release.sh

test:
	cargo test --release

# The library as a WebAssembly module with its exports (src/web/), without
# the tools (the `tools` feature); the target's flags (simd128, the stack)
# are in .cargo/config.toml.
web:
	cargo rustc --release --lib --no-default-features --crate-type cdylib --target wasm32-unknown-unknown
	mkdir -p web/pkg
	cp target/wasm32-unknown-unknown/release/roque.wasm web/pkg/roque.wasm

# The engine in Node against the native binary, then the page in headless
# Chromium (Debian's chromium and chromium-driver, Selenium from PyPI).
web-test: web-test-engine
	python3 web/test/page_test.py

web-test-engine: web
	cargo build --release
	node web/test/engine.test.js target/release/roque web/pkg/roque.wasm
	node web/test/notation.test.js

clean:
	cargo clean
	rm -rf dist web/pkg
