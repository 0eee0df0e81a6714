# install.mk - `make install` tested: staged with DESTDIR, then the installed
# header, libraries (static and shared, through pkg-config), binary and man
# page used as another program would (tests/install/run.sh).

TEST_TARGETS += test-install
.PHONY: test-install

test-install: all
	MAKE="$(MAKE)" CC="$(CC)" VERSION="$(VERSION)" SOVERSION="$(SOVERSION)" \
	    sh tests/install/run.sh
