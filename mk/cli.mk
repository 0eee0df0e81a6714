# End-to-end tests of the mnk command.
TEST_TARGETS += test-cli
.PHONY: test-cli
test-cli: $(B)/mnk
	bash tests/cli/run.sh $(B)/mnk
	bash tests/cli/hardening.sh $(B)/mnk
	bash tests/cli/split.sh $(B)/mnk
	python3 tests/cli/weak_blocks.py $(B)/mnk
	python3 tests/cli/weak_losses.py $(B)/mnk
