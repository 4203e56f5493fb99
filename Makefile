# Two commands for a fresh machine: `make run` and `make test` (see README.md).
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint install

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Fonts for the display's five languages (Noto; CJK for Chinese), installed with apt when
# missing and this runs as root; otherwise a note says what to install (docs/display.md).
FONTS_STAMP := $(VENV)/.fonts
$(FONTS_STAMP): $(STAMP)
	@if fc-list 2>/dev/null | grep -q NotoSansCJK && fc-list | grep -q "NotoSans-Regular"; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends fontconfig fonts-noto-core fonts-noto-cjk >/dev/null; \
	else echo "note: install fonts-noto-core and fonts-noto-cjk for every display language"; fi
	touch $@

install: $(STAMP) $(FONTS_STAMP)

# The display on the simulated shoe; headless text where there is no screen.
run: install
	$(VENV)/bin/baccarat-table run

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

test: lint $(FONTS_STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

# A table PC (run as root; docs/deployment.md): `sudo make install-table SHOE=0403:6001:SERIAL`.
.PHONY: install-table uninstall-table
install-table:
	systemd/install.sh $(if $(SHOE),--shoe $(SHOE))

uninstall-table:
	systemd/install.sh --uninstall

# The display's label translations (docs/display.md): refresh the .ts files from the code and
# compile them to .qm with Qt's lrelease (Debian: qt6-l10n-tools).
LRELEASE ?= /usr/lib/qt6/bin/lrelease
DISPLAY_LANGUAGES := zh el ru ar
.PHONY: translations fonts
translations: $(STAMP)
	for lang in $(DISPLAY_LANGUAGES); do \
	  $(VENV)/bin/pylupdate6 --no-obsolete --ts ui/display/i18n/display_$$lang.ts ui/display && \
	  $(LRELEASE) ui/display/i18n/display_$$lang.ts || exit 1; \
	done

# The same fonts, on demand (run as root).
fonts:
	apt-get install -y --no-install-recommends fonts-noto-core fonts-noto-cjk
