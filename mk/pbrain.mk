# pbrain.mk - `mnk pbrain` and `pbrain-mnk`: the Gomocup engine protocol
# (pbrain/: the session, one line at a time, and its two threads), and the
# scripted protocol sessions that test it (tests/pbrain/run.sh).
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

TEST_TARGETS += test-pbrain
.PHONY: test-pbrain

test-pbrain: $(B)/mnk $(B)/pbrain-mnk
	bash tests/pbrain/run.sh $(B)/mnk $(B)/pbrain-mnk
