# Gallery — a terminal photo gallery. `make run` and `make test` work on a fresh Debian machine with Swift.
SWIFT       ?= swift
CONFIG      ?= release
# The Swift runtime and Foundation linked in: dynamic linking of them costs milliseconds at every
# start, which `gallery view` (benchmarked as whole processes) cannot afford.
BUILD_FLAGS ?= --static-swift-stdlib
BIN_DIR      = $(shell $(SWIFT) build -c $(CONFIG) $(BUILD_FLAGS) --show-bin-path 2>/dev/null)
# Debian packages the build and the tests need (dev headers; tmux, and Xvfb + xterm + xdotool +
# ImageMagick for the end-to-end tests in a real sixel terminal; cjpeg and djpeg for `make fuzz`'s seeds).
DEB_PACKAGES = libncursesw5-dev libcurl4-openssl-dev libjpeg62-turbo-dev libturbojpeg0-dev libsixel-dev libpng-dev libexif-dev libwebp-dev libgif-dev libtiff-dev libheif-dev libavformat-dev libavcodec-dev libswscale-dev libavutil-dev libraw-dev libjxl-dev libjxl-tools pkg-config tmux xvfb xterm xdotool x11-xserver-utils imagemagick libjpeg-turbo-progs libimage-exiftool-perl procps

.PHONY: deps build run test install uninstall sanitize bench mutate fuzz man man-check clean

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

# The build's output without glibc's warnings about a static executable that may call dlopen or
# mktemp (the launcher, and the static Swift runtime's Foundation): they name nothing a user can act
# on, and read as errors. Every other line is shown, and the build's own status is the target's.
SHELL := /bin/bash
WITHOUT_STATIC_LINK_WARNINGS = 2>&1 | { grep -vE "Using 'dlopen' in statically linked|the use of .mktemp. is dangerous" || true; }

build: deps
	set -o pipefail; $(SWIFT) build -c $(CONFIG) $(BUILD_FLAGS) $(WITHOUT_STATIC_LINK_WARNINGS)

run: build
	"$(BIN_DIR)/gallery" --source demo

# `make install PREFIX=~/.local` (default /usr/local; DESTDIR for packaging): the release
# binaries, the man page (docs/gallery.1, as `make man` made it) and the shell completions, which
# swift-argument-parser writes from gallery-app's parser (`gallery` hands every option to it).
# NO_BUILD=1 installs what BIN_DIR holds without building first (the install test uses the debug build).
PREFIX      ?= /usr/local
# PREFIX=~/.local as zsh passes it on, with the ~ unexpanded: the home folder.
override PREFIX := $(patsubst ~/%,$(HOME)/%,$(PREFIX))
DESTDIR     ?=
INSTALL_BIN  = $(DESTDIR)$(PREFIX)/bin
INSTALL_MAN  = $(DESTDIR)$(PREFIX)/share/man/man1
INSTALL_BASH = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
INSTALL_ZSH  = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
INSTALL_FISH = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
INSTALLED    = $(INSTALL_BIN)/gallery $(INSTALL_BIN)/gallery-app $(INSTALL_MAN)/gallery.1 \
               $(INSTALL_BASH)/gallery $(INSTALL_ZSH)/_gallery $(INSTALL_FISH)/gallery.fish

install: $(if $(NO_BUILD),,build)
	install -d "$(INSTALL_BIN)" "$(INSTALL_MAN)" "$(INSTALL_BASH)" "$(INSTALL_ZSH)" "$(INSTALL_FISH)"
	install -m 755 "$(BIN_DIR)/gallery" "$(BIN_DIR)/gallery-app" "$(INSTALL_BIN)/"
	install -m 644 docs/gallery.1 "$(INSTALL_MAN)/gallery.1"
	"$(BIN_DIR)/gallery-app" --generate-completion-script bash > "$(INSTALL_BASH)/gallery"
	"$(BIN_DIR)/gallery-app" --generate-completion-script zsh > "$(INSTALL_ZSH)/_gallery"
	"$(BIN_DIR)/gallery-app" --generate-completion-script fish > "$(INSTALL_FISH)/gallery.fish"
	@echo "installed gallery in $(INSTALL_BIN) (man gallery; completions for bash, zsh and fish)"

# Exactly what `make install` wrote, with the same PREFIX and DESTDIR; folders stay.
uninstall:
	rm -f $(INSTALLED)

# Serial: many tests bound the time of a cancel or a timeout, and the end-to-end ones drive tmux and
# xterm; on 2 cores, running them all at once made those bounds fail for load alone. The suite
# still takes well under a minute.
# The build fails on a module imported but not declared in Package.swift; the shipped binaries
# must not link libsixel (the tests' sixel decoder), nor gallery-app the libraries it loads at the
# first file that needs them.
test: deps
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	@bin="$$($(SWIFT) build --show-bin-path)"; if nm "$$bin/gallery" "$$bin/gallery-app" | grep -q ' sixel_'; then \
	  echo "gallery or gallery-app links libsixel"; exit 1; fi
	@bin="$$($(SWIFT) build --show-bin-path)"; if ldd "$$bin/gallery-app" | grep -qE 'libraw|libjxl|libheif|libavformat'; then \
	  echo "gallery-app links a library it must load with dlopen at its first file (LibRaw, libjxl, libheif, FFmpeg)"; exit 1; fi
	$(SWIFT) test --skip-build --no-parallel
	python3 -m unittest discover -s scripts -q

# The whole suite under AddressSanitizer, then the tests of the code that runs on several threads
# (decoders, Net, view models, Locked) under ThreadSanitizer. Swift on Linux has no
# UndefinedBehaviorSanitizer (swiftc refuses -sanitize=undefined). Each in a build directory of its
# own, so `make test`'s build is untouched; GALLERY_SANITIZE links the launcher dynamically.
# LineMoveEndToEndTests is left out under ASan: it resizes the app, and the SIGWINCH can land on
# the main thread, which dispatchMain() keeps alive in libdispatch's signal loop after ASan has
# finished its record of the thread; ASan then flags libdispatch's own sigset on that stack and
# aborts on a CHECK of its own while describing it (asan_thread.cpp:369), not a fault of ours.
# TmuxSixelEndToEndTests is left out too: it compares screenshots of xterm in and out of tmux, and
# under ASan it measured 8 to 15 dB on screenshots that look alike (issue 26's notes: not yet
# understood); it runs in `make test`.
SANITIZE = GALLERY_SANITIZE=1 $(SWIFT)
sanitize: deps
	$(SANITIZE) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 $(SANITIZE) test --skip-build --no-parallel --sanitize=address --scratch-path .build-asan \
	  --skip 'LineMoveEndToEndTests|TmuxSixelEndToEndTests'
	$(SANITIZE) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1 $(SANITIZE) test --skip-build --no-parallel --sanitize=thread --scratch-path .build-tsan \
	  --filter 'ImagingTests|JPEGDCDecoderTests|NetTests|GalleryTests|OperatingSystemTests'

# gallery view against chafa, img2sixel and timg, the bytes of scroll frames in the app, the time
# key presses take over a slow link, a folder's first screen against chafa's and timg's grids,
# gallery view per format against CHAFA, video posters against ffmpegthumbnailer and timg (a peer
# not installed is named and left out), video playback, and RAW previews against dcraw and
# exiftool; writes BENCHMARKS.md. Never part of `make test` (the
# script's own unit tests are). CHAFA: a chafa with --grid (≥ 1.14; Debian's 1.12 has none), e.g.
# 1.18 built from its source release.
CHAFA ?= chafa
bench: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)
	python3 scripts/bench.py --gallery "$$($(SWIFT) build -c release $(BUILD_FLAGS) --show-bin-path)/gallery" --chafa "$(CHAFA)"

# Seeded mutants of ../shared/photos through `gallery view`: no crash, no hang, and a picture as
# libjpeg-turbo's djpeg decodes it, or one error line.
mutate: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)
	python3 scripts/mutate_view.py --gallery "$$($(SWIFT) build -c release $(BUILD_FLAGS) --show-bin-path)/gallery"

# Every fuzz target (Fuzz/FuzzTargets) under libFuzzer for FUZZ_SECONDS each, from seeds made
# afresh (scripts/fuzz_corpus.py) and the corpus earlier runs grew in .fuzz/; fails, naming the
# files in .fuzz/findings/, when a target crashed or failed a check. FUZZ_TARGETS picks some
# ("png encoders"), FUZZ_JOBS runs that many at once. Its own scratch path, so `.build` is not
# disturbed. Release, not debug: several times as many inputs a second, for a longer build
# (BENCHMARKS.md, "Figures behind the code's comments").
FUZZ_SECONDS ?= 60
FUZZ_JOBS    ?= 1
FUZZ_TARGETS ?=
FUZZ_BUILD    = $(SWIFT) build -c release --product GalleryFuzz --scratch-path .build-fuzz \
                -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -DFUZZING -Xswiftc -DTESTABLE_IMPORTS
fuzz: deps
	$(FUZZ_BUILD)
	python3 scripts/fuzz_corpus.py
	python3 scripts/fuzz_run.py --binary "$$($(FUZZ_BUILD) --show-bin-path)/GalleryFuzz" \
	  --seconds $(FUZZ_SECONDS) --jobs $(FUZZ_JOBS) $(FUZZ_TARGETS)

# The man page, generated from the argument parser (swift-argument-parser's generate-manual plugin;
# works offline). Debug build: it only asks the binary for its help. The plugin writes it under
# .build (MAN_MADE); `make man` copies it to docs/gallery.1.
MAN_MADE = .build/plugins/GenerateManual/outputs/GalleryApp/gallery.1
man:
	$(SWIFT) package plugin generate-manual --configuration debug
	mkdir -p docs
	cp $(MAN_MADE) docs/gallery.1
	@echo "docs/gallery.1 written (view it with: man ./docs/gallery.1)"

# Fails, naming docs/gallery.1, when the committed page is not what `make man` makes now (a flag,
# its help or the discussion changed without `make man`). The .Dd line is left out of the
# comparison: it is the day the page was made.
man-check:
	$(SWIFT) package plugin generate-manual --configuration debug
	@made="$$(mktemp)"; sed '/^\.Dd /d' $(MAN_MADE) > "$$made"; \
	if sed '/^\.Dd /d' docs/gallery.1 | diff -u --label "docs/gallery.1 (committed)" --label "docs/gallery.1 (make man)" - "$$made"; \
	then rm -f "$$made"; echo "docs/gallery.1 is up to date"; \
	else rm -f "$$made"; echo "docs/gallery.1 differs from what make man makes: run make man and commit it"; exit 1; fi

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan .fuzz
