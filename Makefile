# OpenBench convention: `make EXE=<path>` builds the engine binary there, and
# `make EVALFILE=<net>` builds that network into it instead of the default
# (build.rs reads EVALFILE).
EXE ?= roque
export EVALFILE

.PHONY: all test clean
all:
	cargo build --release
	cp target/release/roque $(EXE)

test:
	cargo test --release

clean:
	cargo clean
