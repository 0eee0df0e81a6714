# mk/docs.mk - tests of the documentation and of `make test`'s own set-up.
#
#   make test-docs   scripts/deps.sh as a user without root meets it (with
#                    stand-ins for id, sudo and apt-get: nothing is installed)
TEST_TARGETS += test-docs
.PHONY: test-docs
test-docs:
	bash tests/docs/deps.sh
