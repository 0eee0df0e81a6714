# web.mk - the game in the browser: the core compiled to WebAssembly with
# plain clang (no emscripten, no C library) and one self-contained page.
#
#   make web        build/web/mnk.html: the page with its CSS, JavaScript,
#                   worker and WebAssembly inlined (opens from file:// too)
#   make test-web   end-to-end tests in Debian's Chromium (tests/web/*.test.js,
#                   node --test, playwright-core from the lockfile)
#
# The page's sources stay readable in web/: index.html, style.css, app.js,
# worker.js and wasm_api.c (the exports); web/assemble.js puts them together.

TEST_TARGETS += test-web
.PHONY: web test-web

WEB := $(B)/web
# The solver recurses up to 400 plies deep on 20x20; --stack-first makes an
# overflow trap instead of overwriting the data behind it.
WEB_STACK_BYTES := 4194304
WEB_WASM_FLAGS := --target=wasm32 -O2 -ffreestanding -nostdlib -mbulk-memory \
    $(filter-out -Wmissing-prototypes,$(WARNINGS)) -Iinclude \
    -Wl,--no-entry -Wl,--stack-first -Wl,-z,stack-size=$(WEB_STACK_BYTES) -Wl,--strip-all
WEB_SOURCES := web/index.html web/style.css web/app.js web/worker.js web/store.js web/view.js web/client.js \
    web/board.js web/form.js web/actions.js web/controls.js web/assemble.js

web: $(WEB)/mnk.html

# The exports have no header of their own: export_name is their declaration,
# hence no -Wmissing-prototypes for them.
$(WEB)/mnk.wasm: web/wasm_api.c $(CORE_SRC) $(HEADERS)
	@mkdir -p $(WEB)
	clang $(WEB_WASM_FLAGS) -o $@ web/wasm_api.c $(CORE_SRC)

$(WEB)/mnk.html: $(WEB)/mnk.wasm $(WEB_SOURCES)
	node web/assemble.js $(WEB)/mnk.wasm $@

# playwright-core as package-lock.json pins it (make test installs it with
# scripts/deps.sh; a bare `make test-web` does it here).
test-web: $(WEB)/mnk.html $(B)/mnk
	@test -d node_modules/playwright-core || npm ci --no-audit --no-fund
	MNK_BUILD=$(B) node --test --test-concurrency=2 tests/web/*.test.js
