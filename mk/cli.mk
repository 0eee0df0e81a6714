# End-to-end tests of the mnk command: with the normal build (test-cli), and
# with mnk rebuilt under AddressSanitizer and UndefinedBehaviorSanitizer in
# $(B)/asan-cli (test-cli-sanitize, leaks included; SANITIZE_FLAGS comes
# from mk/tests.mk). The sanitized run leaves out only the resident-memory
# checks (MNK_INSTRUMENTED): the sanitizers' shadow memory is not the
# program's.
TEST_TARGETS += test-cli test-cli-sanitize
.PHONY: test-cli test-cli-sanitize
test-cli: $(B)/mnk
	bash tests/cli/run.sh $(B)/mnk
	bash tests/cli/hardening.sh $(B)/mnk
	bash tests/cli/split.sh $(B)/mnk
	python3 tests/cli/weak_blocks.py $(B)/mnk
	python3 tests/cli/weak_losses.py $(B)/mnk

# What the sanitized runs (here, test-pbrain-sanitize, test-play-sanitize)
# run with, and how they build mnk there. A sanitizer's report goes to a
# file of its own in $(ASAN_CLI)/log (exit code 99), so that a run whose
# exit code a test does not look at cannot hide one: any such file fails
# the run.
ASAN_CLI := $(B)/asan-cli
ASAN_CLI_LOG := $(abspath $(ASAN_CLI)/log)
SANITIZE_ENV := ASAN_OPTIONS=detect_leaks=1:exitcode=99:log_path=$(ASAN_CLI_LOG)/asan \
	    UBSAN_OPTIONS=print_stacktrace=1:exitcode=99:log_path=$(ASAN_CLI_LOG)/ubsan
# ASAN_CLI_BUILD TARGETS builds them there and empties the logs;
# ASAN_CLI_CHECK, after the run: none may be left.
ASAN_CLI_BUILD = rm -rf $(ASAN_CLI_LOG) && mkdir -p $(ASAN_CLI_LOG) && \
	    $(MAKE) --no-print-directory B=$(ASAN_CLI) CFLAGS='$(CFLAGS) $(SANITIZE_FLAGS)' \
	    LDFLAGS='$(LDFLAGS) $(SANITIZE_FLAGS)'
ASAN_CLI_CHECK = @if ls $(ASAN_CLI_LOG)/* >/dev/null 2>&1; then \
	    echo "sanitizer reports:"; head -60 $(ASAN_CLI_LOG)/*; exit 1; fi; echo "sanitizers: no reports"

test-cli-sanitize:
	$(ASAN_CLI_BUILD) $(ASAN_CLI)/mnk
	MNK_INSTRUMENTED=sanitizers $(SANITIZE_ENV) bash tests/cli/run.sh $(ASAN_CLI)/mnk
	MNK_INSTRUMENTED=sanitizers $(SANITIZE_ENV) bash tests/cli/hardening.sh $(ASAN_CLI)/mnk
	MNK_INSTRUMENTED=sanitizers $(SANITIZE_ENV) bash tests/cli/split.sh $(ASAN_CLI)/mnk
	$(SANITIZE_ENV) python3 tests/cli/weak_blocks.py $(ASAN_CLI)/mnk
	$(SANITIZE_ENV) python3 tests/cli/weak_losses.py $(ASAN_CLI)/mnk
	$(ASAN_CLI_CHECK)
