# `make` builds for this machine (`-C target-cpu=native`) and copies the
# binary to $(EXE): the OpenBench convention, `make EXE=<path>`, and `make
# EVALFILE=<net>` builds that network into it (build.rs reads EVALFILE).
# A plain `cargo build --release` builds the portable x86-64-v2 binary.
# `make release` builds every artefact into dist/ and tests each where it
# can run (scripts/release.sh).
EXE ?= roque
export EVALFILE

.PHONY: all native release test clean
all: native

native:
	RUSTFLAGS="-C target-cpu=native" cargo build --release --target-dir target/native
	cp target/native/release/roque $(EXE)

release:
	scripts/release.sh

test:
	cargo test --release

clean:
	cargo clean
	rm -rf dist
