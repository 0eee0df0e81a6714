# The core must build without a C library (the web page runs it as
# WebAssembly): compile and link it for wasm32 with no libc at all; any call
# into the C library fails the link.
TEST_TARGETS += test-freestanding
.PHONY: test-freestanding
WASM_CFLAGS := --target=wasm32 -std=c11 -O2 -ffreestanding -nostdlib -mbulk-memory \
               -Wall -Wextra -Wpedantic -Werror
test-freestanding:
	@mkdir -p $(B)/freestanding
	clang $(WASM_CFLAGS) -Iinclude -Wl,--no-entry -Wl,--export-all \
	    -o $(B)/freestanding/core.wasm $(CORE_SRC)
	@echo "core builds for wasm32 without a C library: $$(wc -c < $(B)/freestanding/core.wasm) bytes"
