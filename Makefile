# Gallery — a terminal photo gallery. `make run` and `make test` work on a fresh Debian machine with Swift.
SWIFT       ?= swift
CONFIG      ?= release
# The Swift runtime and Foundation linked in: dynamic linking of them costs milliseconds at every
# start, which `gallery view` (benchmarked as whole processes) cannot afford.
BUILD_FLAGS ?= --static-swift-stdlib
BIN_DIR      = $(shell $(SWIFT) build -c $(CONFIG) $(BUILD_FLAGS) --show-bin-path 2>/dev/null)
# Debian packages the build and the tests need (dev headers, plus tmux for the end-to-end test).
DEB_PACKAGES = libncursesw5-dev libcurl4-openssl-dev libturbojpeg0-dev libsixel-dev libpng-dev pkg-config tmux

.PHONY: deps build run test bench clean

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG) $(BUILD_FLAGS)

run: build
	"$(BIN_DIR)/gallery" --source demo

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# gallery view against chafa, img2sixel and timg; writes BENCHMARKS.md. Never part of `make test`.
bench: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)
	python3 scripts/bench.py --gallery "$$($(SWIFT) build -c release $(BUILD_FLAGS) --show-bin-path)/gallery"

clean:
	rm -rf .build
