"""The pit's settings: a bad option or [pit] key is one line naming it, exit 2."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from pit.settings import load_settings
from tests.support.feed import CLI
from tests.support.feed_messages import Chain
from tests.support.journal import ROOT


@pytest.mark.parametrize(("args", "config", "shown"), [
    (["--broker", "http://broker:80"], None, "--broker = 'http://broker:80': expected mqtt://HOST[:PORT]"),
    (["--listen", "nowhere"], None, "--listen = 'nowhere': expected HOST:PORT"),
    ([], "[pit]\nbrokr = 'mqtt://x'\n", "pit.toml: pit.brokr: unknown key (valid: broker, ca_file"),
    ([], "[pit]\ntarget_hands_per_hour = {default = 0}\n",
     "pit.toml: pit.target_hands_per_hour.default = 0: expected"),
    ([], "[pit]\ntarget_hands_per_hour = {t7 = 100000}\n",
     "pit.toml: pit.target_hands_per_hour.t7 = 100000: expected a whole number from 1 to 1000, "
     "or a table of them: default = N, TABLE = N"),
    ([], "[pit]\nsilent_after_seconds = 86401\n",
     "pit.toml: pit.silent_after_seconds = 86401: expected a whole number of seconds from 1 to "
     "86400"),
    ([], "[pit]\nusername = 'pit'\n", "username and password_file go together"),
    (["--protocol", "4"], None, "--protocol = '4': expected the MQTT version"),
    ([], "[pit]\nprotocol = '3'\n", "pit.toml: pit.protocol = '3': expected the MQTT version: "
     "\"5\" or \"3.1.1\""),
    ([], "[pit]\noffline_after_seconds = 5\n", "pit.toml: pit.offline_after_seconds = 5: "
     "expected a whole number of seconds from 15 to 86400 (the heartbeat comes every 10 s)"),
    ([], "[pit]\noffline_alert_after_seconds = -1\n", "pit.toml: "
     "pit.offline_alert_after_seconds = -1: expected a whole number of seconds from 0 to 3600 "
     "(0: the alert with the will)"),
    (["--broker", "mqtt://a:1883,b:0"], None, "--broker = 'mqtt://a:1883,b:0': node 2 ('b:0'): "
     "expected a port"),
    (["--topic-prefix", "casino.floor"], None, "--topic-prefix = 'casino.floor': expected topic "
     "levels without +, #, ., spaces"),
])
def test_a_bad_setting_is_one_line_naming_it_with_exit_2(tmp_path: Path, args: list[str],
                                                         config: str | None, shown: str) -> None:
    if config is not None:
        (tmp_path / "pit.toml").write_text(config, encoding="utf-8")
        args = [*args, "--config", str(tmp_path / "pit.toml")]
    result = subprocess.run([*CLI, "pit", *args], cwd=ROOT, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and shown in result.stderr, result.stderr


def test_the_config_sets_targets_per_table_and_options_override_it(tmp_path: Path) -> None:
    config = tmp_path / "pit.toml"
    config.write_text("[pit]\nbroker = 'mqtts://floor:8884'\nstore = 'pit.db'\n"
                      "target_hands_per_hour = {default = 60, t7 = 90}\n", encoding="utf-8")
    settings = load_settings(str(config), {"listen": "0.0.0.0:9000", "broker": None})
    broker = settings.broker
    assert (broker.tls, broker.host, broker.port) == (True, "floor", 8884)
    assert settings.store == tmp_path / "pit.db"
    assert (settings.target("t7"), settings.target("t1")) == (90, 60)
    assert (settings.listen_host, settings.listen_port) == ("0.0.0.0", 9000)


def test_an_integrity_alert_on_the_feed_is_an_alert_on_the_floor(tmp_path: Path) -> None:
    from pit.floor import Floor
    from pit.store import Store

    fields = {"kind": "carried_run", "earlier_shoe": 1, "first_card": 5,
              "earlier_first_card": 200, "cards": 16, "card": None, "reversed": False}
    message = Chain("t7").message("integrity_alert", fields, ts="2026-12-01T00:00:00.000000Z",
                                  shoe=2, round_=3)
    floor = Floor(load_settings(None, {}), Store(tmp_path / "pit.sqlite3"))
    floor.on_message("baccarat/t7/events", message)
    (alert,) = floor.store.alerts("t7")
    assert alert.kind == "integrity" and "carried_run, 16 cards of shoe 1" in alert.message


@pytest.mark.parametrize(("costs", "shown"), [
    ("1073741824:8:1", "N=1073741824"),  # a terabyte of memory at the first login
    ("1000:8:1", "N=1000"),  # not a power of 2: every login a ValueError
    ("16384:8:0", "N=16384, r=8, p=0"),
])
def test_a_users_file_line_with_scrypt_costs_out_of_range_is_one_line(tmp_path: Path, costs: str,
                                                                      shown: str) -> None:
    users = tmp_path / "users"
    users.write_text(f"anna:scrypt:{costs}:{'00' * 16}:{'00' * 32}\n", encoding="utf-8")
    result = subprocess.run([*CLI, "pit-user", "list", "--users", str(users)], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert f"{users}: line 1: scrypt costs {shown}" in result.stderr, result.stderr
    assert "expected N a power of 2 from 1024 to 131072, r 1 to 8, p 1 to 4" in result.stderr


def test_a_password_file_that_is_not_utf_8_is_named_and_no_byte_of_it_shown(tmp_path: Path) -> None:
    """Refused when the pit starts, as the table's feed does; it was read only on connecting,
    and the line then quoted the byte and where it was ("can't decode byte 0xe4 in position
    1"): a piece of the password in the log."""
    from common.settings import SettingsError
    from common.user_paths import PathError

    password = tmp_path / "password"
    password.write_bytes("pässwörd".encode("latin-1") + b"\n")  # ä and ö alone: not UTF-8
    with pytest.raises(SettingsError) as refused:
        load_settings(None, {"username": "pit", "password_file": str(password)})
    line = str(refused.value)
    assert line == (f"--password-file = '{password}': not UTF-8 text (its content is the "
                    "password: not shown)")
    # Read again when the pit connects: the same line, without the option's name.
    broker = replace(load_settings(None, {}).broker, username="pit", password_file=str(password))
    with pytest.raises(PathError) as on_connecting:
        broker.password()
    assert str(on_connecting.value) == (f"password_file {password}: not UTF-8 text (its "
                                        "content is the password: not shown)")


def test_a_clusters_nodes_the_mqtt_version_and_the_offline_time_are_read(tmp_path: Path) -> None:
    config = tmp_path / "pit.toml"
    config.write_text("[pit]\nbroker = 'mqtt://n1,n2:1884,n3'\noffline_after_seconds = 45\n"
                      "protocol = '3.1.1'\noffline_alert_after_seconds = 0\n", encoding="utf-8")
    settings = load_settings(str(config), {})
    assert settings.broker.nodes == (("n1", 1883), ("n2", 1884), ("n3", 1883))
    assert settings.broker.url == "mqtt://n1:1883,n2:1884,n3:1883"
    assert (settings.broker.protocol, settings.offline_after_seconds) == ("3.1.1", 45)
    assert settings.offline_alert_after_seconds == 0
    assert load_settings(None, {}).offline_after_seconds == 30
    assert load_settings(None, {}).offline_alert_after_seconds == 15
