"""The deployment files: systemd unit, udev rule, config example and install script."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SYSTEMD = ROOT / "systemd"
UNIT = SYSTEMD / "baccarat-table.service"
RULE = SYSTEMD / "99-baccarat-shoe.rules"
INSTALL = SYSTEMD / "install.sh"
INSTALLED_PROGRAM = "/opt/baccarat-table/venv/bin/baccarat-table"
SHOE_DEVICE_UNIT = r"dev-baccarat\x2dshoe.device"

needs_systemd_analyze = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed"
)


def unit_for_analysis(tmp_path: Path, unit: Path = UNIT, command: str = "run") -> Path:
    """The unit as shipped, except ExecStart names a program that exists on this machine.

    verify refuses a unit whose program is missing, and the test machine has no
    /opt/baccarat-table; only the binary's path changes, the arguments and every other line
    are checked as they ship.
    """
    stand_in = tmp_path / "baccarat-table"
    stand_in.write_text("#!/bin/sh\nexit 0\n")
    stand_in.chmod(0o755)
    text = unit.read_text()
    assert f"ExecStart={INSTALLED_PROGRAM} {command} " in text
    copy = tmp_path / unit.name
    copy.write_text(text.replace(f"ExecStart={INSTALLED_PROGRAM} ", f"ExecStart={stand_in} "))
    return copy


def analyze(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["systemd-analyze", *args], capture_output=True, text=True, timeout=60, check=False
    )


@needs_systemd_analyze
def test_systemd_analyze_verify_finds_nothing_wrong(tmp_path: Path) -> None:
    result = analyze("verify", "--recursive-errors=no", str(unit_for_analysis(tmp_path)))
    # verify exits 0 on some complaints (an unknown key, a bad value): any line is a failure.
    assert result.returncode == 0, result.stderr
    assert result.stdout + result.stderr == ""


@needs_systemd_analyze
def test_verify_would_catch_a_broken_unit(tmp_path: Path) -> None:
    unit = unit_for_analysis(tmp_path)
    unit.write_text(unit.read_text().replace("WatchdogSec=10s", "WatchdogSecs=10s"))
    result = analyze("verify", "--recursive-errors=no", str(unit))
    assert "Unknown key 'WatchdogSecs'" in result.stdout + result.stderr


@needs_systemd_analyze
def test_security_exposure_score_is_at_most_4(tmp_path: Path) -> None:
    result = analyze("security", "--offline=yes", "--no-pager", str(unit_for_analysis(tmp_path)))
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert match, result.stdout + result.stderr
    score = float(match[1])
    print(f"systemd-analyze security exposure: {score}")
    assert score <= 4.0


def test_the_table_may_lower_its_journal_checks_priority_and_nothing_else() -> None:
    """The daily check runs in the table's own child at nice 19: the one system call of
    @resources the table's filter gives back is setpriority."""
    filters = unit_settings()["SystemCallFilter"]
    assert filters == ["@system-service", "~@privileged @resources", "setpriority"]


def test_install_removes_the_daily_check_units_of_earlier_versions() -> None:
    """Their result file could be forged: an update and an uninstall take them away."""
    assert not list(SYSTEMD.glob("baccarat-journal-verify.*"))
    script = INSTALL.read_text()
    listed = re.search(r"^RETIRED_UNITS=\((.*)\)$", script, re.MULTILINE)
    assert listed, "install.sh lists the units it retires"
    assert set(listed[1].split()) == {"baccarat-journal-verify.service",
                                      "baccarat-journal-verify.timer"}
    for function in ("install_unit", "uninstall"):
        body = re.search(rf"^{function}\(\) {{\n(.*?)^}}", script, re.MULTILINE | re.DOTALL)
        assert body and "    retire_units\n" in body[1], function


def unit_settings(unit: Path = UNIT) -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in unit.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            settings.setdefault(key, []).append(value)
    return settings


def test_unit_is_a_watched_notify_service_that_waits_for_the_shoe() -> None:
    settings = unit_settings()
    assert settings["Type"] == ["notify"]
    assert settings["WatchdogSec"] == ["10s"]
    assert settings["Restart"] == ["on-failure"]
    assert settings["ExecStart"] == [
        f"{INSTALLED_PROGRAM} run --config /etc/baccarat-table/table.toml"
    ]
    assert SHOE_DEVICE_UNIT in settings["Wants"][0]
    assert SHOE_DEVICE_UNIT in settings["After"][0].split()
    groups = set(settings["SupplementaryGroups"][0].split())
    assert groups == {"dialout", "video", "render", "input"}
    # No PrivateDevices: the serial port would vanish from the sandbox.
    assert "PrivateDevices" not in settings
    assert {"char-ttyUSB rw", "char-ttyACM rw", "char-drm rw"} <= set(settings["DeviceAllow"])


@pytest.mark.skipif(shutil.which("systemd-escape") is None, reason="no systemd-escape")
def test_the_awaited_device_unit_is_the_shoe_symlink() -> None:
    # The udev rule's TAG+="systemd" makes /dev/baccarat-shoe a unit by this escaped name.
    escaped = subprocess.run(
        ["systemd-escape", "--path", "--suffix=device", "/dev/baccarat-shoe"],
        capture_output=True, text=True, check=True, timeout=30,
    ).stdout.strip()
    assert escaped == SHOE_DEVICE_UNIT


def test_udev_rule_names_the_shoe_by_vendor_product_and_serial() -> None:
    rules = [line for line in RULE.read_text().splitlines() if line and not line.startswith("#")]
    tty = next(rule for rule in rules if 'SUBSYSTEM=="tty"' in rule)
    for match in ("ATTRS{idVendor}==", "ATTRS{idProduct}==", "ATTRS{serial}=="):
        assert match in tty
    assert 'SYMLINK+="baccarat-shoe"' in tty
    assert 'TAG+="systemd"' in tty
    latency = next(rule for rule in rules if "latency_timer" in rule)
    assert 'DRIVERS=="ftdi_sio"' in latency and 'ATTR{latency_timer}="1"' in latency


def test_install_writes_the_rule_for_a_given_shoe() -> None:
    result = subprocess.run(
        [str(INSTALL), "--shoe-rule", "0403:6015:DN0ABC12"],
        capture_output=True, text=True, timeout=30, check=True,
    )
    rules = [line for line in result.stdout.splitlines() if line and not line.startswith("#")]
    assert len(rules) == 2
    for rule in rules:
        assert 'ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6015"' in rule
        assert 'ATTRS{serial}=="DN0ABC12"' in rule
    assert "CHANGE-ME" not in result.stdout


@pytest.mark.parametrize(
    ("shoe", "complaint"),
    [
        ("04x3:6015:A1", "vendor id '04x3' is not 4 hex digits"),
        ("0403:60150:A1", "product id '60150' is not 4 hex digits"),
        ('0403:6015:A"1', "serial number 'A\"1' must be letters"),
    ],
)
def test_install_refuses_a_bad_shoe_id(shoe: str, complaint: str) -> None:
    result = subprocess.run(
        [str(INSTALL), "--shoe-rule", shoe], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 1
    assert complaint in result.stderr


def test_install_script_parses() -> None:
    subprocess.run(["bash", "-n", str(INSTALL)], check=True, timeout=30)


def as_nobody(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the install script without root: as nobody when we are root, else as ourselves."""
    command = [str(INSTALL), *args]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("setpriv is needed to drop root")
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
    return subprocess.run(command, capture_output=True, text=True, timeout=30)


@pytest.mark.parametrize("args", [(), ("--uninstall",), ("--shoe", "0403:6001:A1")])
def test_install_refuses_to_run_without_root(args: tuple[str, ...]) -> None:
    result = as_nobody(*args)
    assert result.returncode == 1
    assert "must be run as root" in result.stderr
    assert "try: sudo" in result.stderr
    assert result.stdout == ""  # nothing was attempted


def test_config_example_is_a_valid_table_config() -> None:
    config = pytest.importorskip("controller.table.config")
    loaded = config.load_config(SYSTEMD / "table.toml.example")
    assert loaded.driver_url.startswith("serial:///dev/baccarat-shoe?")
    assert loaded.journal_path == "/var/lib/baccarat-table/journal.sqlite3"
