# mk/docs.mk - tests of the documentation and of `make test`'s own set-up.
#
#   make test-docs   every relative link and image in README.md and
#                    docs/*.md resolves (anchors too); docs/commands.md and
#                    man/mnk.1 list exactly the options of each
#                    `mnk CMD --help`; scripts/deps.sh as a user without
#                    root meets it (stand-ins for id, sudo and apt-get:
#                    nothing is installed)
TEST_TARGETS += test-docs
.PHONY: test-docs
test-docs: $(B)/mnk
	python3 tests/docs/links.py README.md docs/*.md
	python3 tests/docs/commands.py $(B)/mnk
	bash tests/docs/deps.sh
