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

# System packages the display needs (Debian names): fonts for its five languages, and the X11
# libraries Qt's xcb platform loads on a desktop. Installed with apt when missing and this runs
# as root; otherwise a note names them (docs/display.md).
SYSTEM_PACKAGES := fontconfig fonts-noto-core fonts-noto-cjk \
	libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxkbcommon-x11-0
# The tests also run the display on a real X server, and the floor feed against a real MQTT
# broker they start on a loopback port (docs/feed.md) and a three-node NATS cluster (docs/feed.md, "A
# floor on a broker cluster"), and the pit in headless Chromium (docs/pit.md).
TEST_SYSTEM_PACKAGES := $(SYSTEM_PACKAGES) xvfb mosquitto nats-server chromium chromium-driver
SYSTEM_STAMP := $(VENV)/.system-packages
TEST_SYSTEM_STAMP := $(VENV)/.test-system-packages
$(SYSTEM_STAMP): PACKAGES := $(SYSTEM_PACKAGES)
$(TEST_SYSTEM_STAMP): PACKAGES := $(TEST_SYSTEM_PACKAGES)
$(SYSTEM_STAMP) $(TEST_SYSTEM_STAMP): $(STAMP)
	@if command -v dpkg-query >/dev/null; then \
	  missing=$$(for p in $(PACKAGES); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	  if [ -z "$$missing" ]; then :; \
	  elif [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      --no-install-recommends $$missing >/dev/null; \
	  else echo "note: install these packages (docs/display.md, docs/feed.md):" $$missing; fi; \
	fi
	touch $@

install: $(STAMP) $(SYSTEM_STAMP)

# The display on the simulated shoe; headless text where there is no screen.
run: install
	$(VENV)/bin/baccarat-table run

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

test: lint $(TEST_SYSTEM_STAMP)
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
.PHONY: translations
translations: $(STAMP)
	for lang in $(DISPLAY_LANGUAGES); do \
	  $(VENV)/bin/pylupdate6 --no-obsolete --ts ui/display/i18n/display_$$lang.ts ui/display && \
	  $(LRELEASE) ui/display/i18n/display_$$lang.ts || exit 1; \
	done

# The display's pictures (docs/display.md, "Screenshots"): every scenario in each orientation,
# the README's picture, colour-vision simulations, and the image tests/test_display_shoe.py
# compares against. Look at them before committing.
.PHONY: screenshots
screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m ui.display.gallery docs/images
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/baccarat-table screenshot \
	  tests/data/display-round-1280x800.png --scenario round --size laptop

# The pit's pictures (docs/pit.md): the floor with 20 tables, a table's page and one opened at an
# alert's event, in headless Chromium against a real broker and pit, and the alert queue made by
# its browser test. Look at them before committing.
.PHONY: pit-screenshots
pit-screenshots: $(STAMP) $(TEST_SYSTEM_STAMP)
	$(PY) -m tests.pit_gallery docs/images
	PIT_SCREENSHOTS=docs/images $(PY) -m pytest -q tests/test_pit_alerts.py -k picture
