# pbrain.mk - `mnk pbrain` and `pbrain-mnk`: the Gomocup engine protocol
# (pbrain/: the session, one line at a time, and its two threads), and the
# scripted protocol sessions that test it (tests/pbrain/run.sh), with the
# normal build (test-pbrain) and with mnk rebuilt under AddressSanitizer and
# UndefinedBehaviorSanitizer in $(B)/asan-cli (test-pbrain-sanitize:
# the threads, the session and the engine together, leaks included).
#
# pbrain-mnk is a copy of mnk: run under a name that starts with "pbrain-"
# (what Gomoku managers look for), mnk is `mnk pbrain` (cli/main.c).

CLI_SRC += $(wildcard pbrain/*.c)
HEADERS += $(wildcard pbrain/*.h)
CLI_CPPFLAGS += -Ipbrain
CLI_LIBS += -pthread

all: $(B)/pbrain-mnk

$(B)/pbrain-mnk: $(B)/mnk
	cp $< $@

TEST_TARGETS += test-pbrain test-pbrain-sanitize
.PHONY: test-pbrain test-pbrain-sanitize

test-pbrain: $(B)/mnk $(B)/pbrain-mnk
	bash tests/pbrain/run.sh $(B)/mnk $(B)/pbrain-mnk

# The sanitized mnk is test-cli-sanitize's (mk/cli.mk). The resident set is
# not checked there: the sanitizers' shadow memory is not the program's.
test-pbrain-sanitize:
	$(ASAN_CLI_BUILD) $(ASAN_CLI)/pbrain-mnk
	PBRAIN_SANITIZED=1 $(SANITIZE_ENV) \
	    bash tests/pbrain/run.sh $(ASAN_CLI)/mnk $(ASAN_CLI)/pbrain-mnk
	$(ASAN_CLI_CHECK)
