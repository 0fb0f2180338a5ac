# Linnet: build, test and install.
#   make                                   build release binaries (swift build -c release $(RELEASE_FLAGS))
#   make test                              run the test suite (swift test)
#   make install [PREFIX=/usr/local] [DESTDIR=]
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
#   make deb                               build dist/linnet_VERSION_amd64.deb (debhelper, debian/) and lintian it
#   make test-deb                          install, play and purge that .deb on a bare Debian 12 (packaging/test-deb.sh)
#   make demo-media                        regenerate data/demo/ (committed; needs the tools in packaging/debian-deps.sh)
#   make check-demo                        check data/demo/ against data/README.md
#   make icons                             render data/icons/linnet-64.png from linnet.svg (rsvg-convert)

SWIFT ?= swift
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DBUSSERVICEDIR ?= $(DATADIR)/dbus-1/services
SYSTEMDUSERUNITDIR ?= $(PREFIX)/lib/systemd/user
APPLICATIONSDIR ?= $(DATADIR)/applications
ICONDIR ?= $(DATADIR)/icons/hicolor
# Snapcast's stream plug-ins (linnet-snapcast): snapserver 0.26 looks up a bare controlscript name in
# /usr/share/snapserver/plug-ins only, so with another PREFIX the stream URI gives the script's full path.
SNAPPLUGINDIR ?= $(DATADIR)/snapserver/plug-ins
BASHCOMPLETIONDIR ?= $(DATADIR)/bash-completion/completions
# zsh's own default for local installs (in Debian's fpath for /usr/local); debian/rules uses vendor-completions.
ZSHCOMPLETIONDIR ?= $(DATADIR)/zsh/site-functions
FISHCOMPLETIONDIR ?= $(DATADIR)/fish/vendor_completions.d
INSTALL ?= install

# Shipped binaries link the Swift runtime statically and drop unreferenced sections: idle linnetd RSS 15.2 MB
# instead of 17.4 MB with the shared runtime (bench/service/run). PSS is higher (8.9 vs 5.2 MB on a build machine,
# where other Swift processes share the runtime's pages), but on a desktop linnetd is usually the only Swift
# program, so nothing shares those pages there and the static build is the lighter one in both measures.
# lld with packed relative relocations (DT_RELR, glibc >= 2.36 as in Debian 12): the PIE's 570 KB of relocations
# shrink to 5 KB, so start-up no longer reads them (idle RSS -0.7 MB). Still position-independent: the binary holds
# every tag and playlist parser, so it keeps ASLR (-no-pie saved about the same and is not used).
# --disable-local-rpath: no RUNPATH $ORIGIN (nothing is loaded from beside the binary; the loader otherwise looked
# for every library in the binary's folder first, 25 failed opens at each start).
# --no-export-dynamic undoes the -export-dynamic of the static runtime's link arguments: nothing dlopen'ed by
# linnetd looks symbols up in the executable, and 7,500 exported symbols made every library's symbol lookups at
# start-up search the executable's table first (and kept its .dynsym/.dynstr pages resident).
RELEASE_FLAGS ?= --static-swift-stdlib --disable-local-rpath -Xlinker --gc-sections -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --no-export-dynamic -Xswiftc -Xfrontend -Xswiftc -function-sections $(ORDER_FLAGS) \
	-Xlinker -L$(CURDIR)/$(STATIC_CXX) -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
# -static-libgcc: the unwinder comes from libgcc_eh.a, not libgcc_s.so.1, which was mapped at every start for
# nothing (nothing in linnetd unwinds: see Threading/MainQueueLoop.swift).
# libstdc++ linked statically (the Swift runtime is its only user; librubberband, opened on demand, brings its own
# shared copy): -lstdc++ finds the archive first in STATIC_CXX, a folder that holds nothing else. The shared
# library's symbol tables and relocations cost 0.6–0.9 MB of idle RSS; the parts of it the runtime uses, 0.1 MB.
STATIC_CXX := .build/static-cxx
# Every function in its own section (-function-sections) and linked in the order a session runs them
# (packaging/linnetd.order, written by packaging/make-order.py): the code that runs sits together, so the kernel
# maps a few pages of text instead of most of it. Names the file lists that no longer exist are ignored.
ORDER_FLAGS ?= -Xlinker --symbol-ordering-file=$(CURDIR)/packaging/linnetd.order -Xlinker --no-warn-symbol-ordering
BUILDDIR := .build/release
PROGRAMS := linnetd linnet
MANPAGES := linnetd.1 linnet.1
DBUSSERVICE := org.mpris.MediaPlayer2.linnet.service
# Files that name other installed paths: @bindir@ and @prefix@ become the real ones (without DESTDIR).
SUBST = sed -e 's|@bindir@|$(BINDIR)|g' -e 's|@prefix@|$(PREFIX)|g'

# On a live system (no DESTDIR) refresh the desktop's MIME and icon caches when their tools are there; packagers'
# triggers do it otherwise.
REFRESH_CACHES = if [ -z "$(DESTDIR)" ]; then \
	if command -v update-desktop-database >/dev/null; then update-desktop-database -q $(APPLICATIONSDIR) || true; fi; \
	if command -v gtk-update-icon-cache >/dev/null; then gtk-update-icon-cache -q -t $(ICONDIR) || true; fi; \
	fi

# The package's version: the first entry of debian/changelog (BuildInfo reads the same line).
VERSION = $(shell dpkg-parsechangelog -S Version)
DEBDIR := dist

.PHONY: all build test install uninstall deb test-deb demo-media check-demo icons clean

all: build

build: $(STATIC_CXX)/libstdc++.a
	@# The package manager does not know the order file: relink when it changed.
	@for p in $(PROGRAMS); do [ ! packaging/linnetd.order -nt $(BUILDDIR)/$$p ] || rm -f $(BUILDDIR)/$$p; done
	$(SWIFT) build -c release $(RELEASE_FLAGS)

$(STATIC_CXX)/libstdc++.a:
	mkdir -p $(STATIC_CXX)
	ln -sf "$$(gcc -print-file-name=libstdc++.a)" $@
	@[ -f $@ ] || { echo "libstdc++.a not found: apt-get install libstdc++-12-dev" >&2; rm -f $@; exit 1; }

test:
	$(SWIFT) test

install: build
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DBUSSERVICEDIR) $(DESTDIR)$(SYSTEMDUSERUNITDIR) \
		$(DESTDIR)$(APPLICATIONSDIR) $(DESTDIR)$(ICONDIR)/scalable/apps $(DESTDIR)$(ICONDIR)/64x64/apps \
		$(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(SNAPPLUGINDIR) $(DESTDIR)$(BASHCOMPLETIONDIR) \
		$(DESTDIR)$(ZSHCOMPLETIONDIR) $(DESTDIR)$(FISHCOMPLETIONDIR)
	for p in $(PROGRAMS); do $(INSTALL) -m 755 $(BUILDDIR)/$$p $(DESTDIR)$(BINDIR)/$$p || exit 1; done
	$(SUBST) packaging/$(DBUSSERVICE) > $(DESTDIR)$(DBUSSERVICEDIR)/$(DBUSSERVICE)
	$(SUBST) packaging/linnet.service > $(DESTDIR)$(SYSTEMDUSERUNITDIR)/linnet.service
	chmod 644 $(DESTDIR)$(DBUSSERVICEDIR)/$(DBUSSERVICE) $(DESTDIR)$(SYSTEMDUSERUNITDIR)/linnet.service
	$(SUBST) packaging/linnet-snapcast > $(DESTDIR)$(SNAPPLUGINDIR)/linnet-snapcast
	chmod 755 $(DESTDIR)$(SNAPPLUGINDIR)/linnet-snapcast
	$(INSTALL) -m 644 packaging/linnet.desktop $(DESTDIR)$(APPLICATIONSDIR)/linnet.desktop
	$(INSTALL) -m 644 data/icons/linnet.svg $(DESTDIR)$(ICONDIR)/scalable/apps/linnet.svg
	$(INSTALL) -m 644 data/icons/linnet-64.png $(DESTDIR)$(ICONDIR)/64x64/apps/linnet.png
	for m in $(MANPAGES); do \
		$(SUBST) packaging/man/$$m > $(DESTDIR)$(MANDIR)/man1/$$m && chmod 644 $(DESTDIR)$(MANDIR)/man1/$$m || exit 1; \
	done
	$(INSTALL) -m 644 packaging/completions/linnet.bash $(DESTDIR)$(BASHCOMPLETIONDIR)/linnet
	$(INSTALL) -m 644 packaging/completions/_linnet $(DESTDIR)$(ZSHCOMPLETIONDIR)/_linnet
	$(INSTALL) -m 644 packaging/completions/linnet.fish $(DESTDIR)$(FISHCOMPLETIONDIR)/linnet.fish
	@$(REFRESH_CACHES)

uninstall:
	for p in $(PROGRAMS); do rm -f $(DESTDIR)$(BINDIR)/$$p; done
	rm -f $(DESTDIR)$(DBUSSERVICEDIR)/$(DBUSSERVICE) $(DESTDIR)$(SYSTEMDUSERUNITDIR)/linnet.service \
		$(DESTDIR)$(APPLICATIONSDIR)/linnet.desktop $(DESTDIR)$(ICONDIR)/scalable/apps/linnet.svg \
		$(DESTDIR)$(ICONDIR)/64x64/apps/linnet.png $(DESTDIR)$(SNAPPLUGINDIR)/linnet-snapcast
	for m in $(MANPAGES); do rm -f $(DESTDIR)$(MANDIR)/man1/$$m; done
	rm -f $(DESTDIR)$(BASHCOMPLETIONDIR)/linnet $(DESTDIR)$(ZSHCOMPLETIONDIR)/_linnet \
		$(DESTDIR)$(FISHCOMPLETIONDIR)/linnet.fish
	@$(REFRESH_CACHES)

# The Debian package, without dpkg-buildpackage (which writes into the parent directory): debian/rules clean (it
# keeps .build, so the release build is reused), then binary, with the .deb (and linnet-dbgsym's) put in dist/.
# lintian fails it on any error; its warnings are printed.
deb:
	dpkg-checkbuilddeps
	debian/rules clean
	mkdir -p $(DEBDIR)
	DEB_OUTPUT=$(CURDIR)/$(DEBDIR) debian/rules binary
	lintian --fail-on error --info $(DEBDIR)/linnet_$(VERSION)_amd64.deb
	@ls -l $(DEBDIR)/linnet_$(VERSION)_amd64.deb

test-deb:
	sh packaging/test-deb.sh $(DEBDIR)/linnet_$(VERSION)_amd64.deb

demo-media:
	sh data/make-demo.sh

check-demo:
	sh data/check-demo.sh

icons:
	rsvg-convert -w 64 -h 64 data/icons/linnet.svg -o data/icons/linnet-64.png

clean:
	$(SWIFT) package clean
