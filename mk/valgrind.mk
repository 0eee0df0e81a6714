# valgrind.mk - the CLI's end-to-end tests (tests/cli/run.sh, hardening.sh,
# split.sh and the weak solver's two scripts) with every mnk run under
# valgrind (memcheck): any invalid read or write, use of uninitialised
# memory or definite leak makes that run exit 99, which the tests see as a
# wrong exit code, and leaves its report in the run's log file, which fails
# the target even where a test does not look at the exit code. Part of
# `make test`: 364 s of the clock on this 2-core machine, with the
# sanitized CLI tests running beside it. The build is the ordinary one
# (-O2 -g). MNK_INSTRUMENTED=valgrind leaves out the
# checks valgrind itself would fail (resident memory; a closed stdout,
# which valgrind's log file takes).

TEST_TARGETS += test-valgrind
.PHONY: test-valgrind
VALGRIND_LOG := $(B)/valgrind

test-valgrind: $(B)/mnk
	@mkdir -p $(VALGRIND_LOG)
	@rm -f $(VALGRIND_LOG)/mnk.*.log
	@printf '#!/bin/sh\nexec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --log-file=%s/mnk.%%p.log %s "$$@"\n' \
	    "$(abspath $(VALGRIND_LOG))" "$(abspath $(B)/mnk)" >$(VALGRIND_LOG)/mnk
	@chmod +x $(VALGRIND_LOG)/mnk
	bash tests/cli/run.sh $(VALGRIND_LOG)/mnk
	MNK_INSTRUMENTED=valgrind bash tests/cli/hardening.sh $(VALGRIND_LOG)/mnk
	MNK_INSTRUMENTED=valgrind bash tests/cli/split.sh $(VALGRIND_LOG)/mnk
	python3 tests/cli/weak_blocks.py $(VALGRIND_LOG)/mnk
	python3 tests/cli/weak_losses.py $(VALGRIND_LOG)/mnk
	@if grep -l . $(VALGRIND_LOG)/mnk.*.log 2>/dev/null; then \
	    echo "valgrind reported errors (above: their logs)"; cat $$(grep -l . $(VALGRIND_LOG)/mnk.*.log) | head -80; exit 1; fi
	@echo "valgrind: no errors"
