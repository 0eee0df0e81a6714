# mk/tests.mk - the library's unit tests (cmocka), plain and sanitized.
#
#   make test-unit       builds tests/unit/test_*.c against $(B)/libmnk.a and
#                        runs every one of them
#   make test-sanitize   the same in $(B)/asan with the library rebuilt under
#                        AddressSanitizer and UndefinedBehaviorSanitizer
#
# Each tests/unit/test_*.c is its own executable (one topic each, whoever
# wrote it), so a crash in one does not hide the others' results; a
# program's argument is a cmocka filter ("build/tests/unit/test_search
# 'test_node*'"). The tests include src/internal.h to check the board's
# invariants, hence -Isrc. They run from the top of the tree.
#
# test-sanitize is this makefile again with B pointing at $(B)/asan and the
# sanitizer flags added to CFLAGS: the library objects, libmnk.a and the
# tests are all rebuilt there by the ordinary rules, and the normal build is
# left alone. Leaks count as failures (detect_leaks=1).

UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/unit/%)
UNIT_HEADERS := $(wildcard tests/unit/*.h)
CMOCKA_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

SANITIZE_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# What the test binaries run with; test-sanitize sets it for the sanitizers.
UNIT_ENV :=

TEST_TARGETS += test-unit test-sanitize

.PHONY: test-unit test-sanitize

$(B)/tests/unit/%: tests/unit/%.c $(UNIT_HEADERS) $(HEADERS) $(B)/libmnk.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) -Isrc $(CMOCKA_CFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< \
	    $(B)/libmnk.a $(CMOCKA_LIBS) -lm

# Runs every test program even after one fails, then fails if any did.
test-unit: $(UNIT_BIN)
	@failed=""; \
	for t in $(UNIT_BIN); do \
	    echo "== $$t"; \
	    $(UNIT_ENV) $$t 2>&1 || failed="$$failed $${t##*/}"; \
	done; \
	if [ -n "$$failed" ]; then echo "unit tests failed:$$failed"; exit 1; fi; \
	echo "unit tests passed ($(words $(UNIT_BIN)) programs)"

# The flags go in CFLAGS only: the test programs are linked by the same
# command that compiles them, with CFLAGS.
test-sanitize:
	$(MAKE) --no-print-directory B=$(B)/asan CFLAGS='$(CFLAGS) $(SANITIZE_FLAGS)' \
	    UNIT_ENV='ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1' \
	    test-unit
