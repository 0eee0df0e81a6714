# valgrind.mk - the CLI's end-to-end tests with every mnk run under
# valgrind (memcheck): any invalid read or write, use of uninitialised
# memory or definite leak makes that run exit 99, which the tests see as a
# wrong exit code. Not part of `make test` (it takes several minutes: 12
# of the clock under nice -n 10 with the machine's load near 20, the whole
# of tests/cli/run.sh, 248 checks); run it with `make test-valgrind`. The
# build is the ordinary one (-O2 -g).

.PHONY: test-valgrind
VALGRIND_LOG := $(B)/valgrind

test-valgrind: $(B)/mnk
	@mkdir -p $(VALGRIND_LOG)
	@rm -f $(VALGRIND_LOG)/mnk.*.log
	@printf '#!/bin/sh\nexec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --log-file=%s/mnk.%%p.log %s "$$@"\n' \
	    "$(abspath $(VALGRIND_LOG))" "$(abspath $(B)/mnk)" >$(VALGRIND_LOG)/mnk
	@chmod +x $(VALGRIND_LOG)/mnk
	bash tests/cli/run.sh $(VALGRIND_LOG)/mnk
	@if grep -l . $(VALGRIND_LOG)/mnk.*.log 2>/dev/null; then \
	    echo "valgrind reported errors (above: their logs)"; cat $$(grep -l . $(VALGRIND_LOG)/mnk.*.log) | head -80; exit 1; fi
	@echo "valgrind: no errors"
