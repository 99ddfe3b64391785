# OpenBench convention: `make EXE=<path>` builds the engine binary there.
EXE ?= roque

.PHONY: all test clean
all:
	cargo build --release
	cp target/release/roque $(EXE)

test:
	cargo test --release

clean:
	cargo clean
