"""A user's mistake, through the real command line: one line naming what was wrong and where
(the option or key, the path, the URL as typed), exit 2, never a traceback (README, "Exit status
and errors"). Each command runs in its own process, as a technician runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.journal import play

ROOT = Path(__file__).resolve().parent.parent
FAST = "sim://?seed=7&rate=0"


def command(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "ui.cli", *args], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(),
                                       done.stderr.decode(errors="replace"))


def one_line_error(done: subprocess.CompletedProcess[str], name: str, *shown: str) -> str:
    """The error line of a refused command, checked: exit 2, one line, no traceback."""
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    lines = [line for line in done.stderr.splitlines() if " INFO " not in line]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"baccarat-table {name}: error: "), lines[0]
    for text in shown:
        assert text in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Path]:
    """A folder on a read-only file system (a tmpfs mounted read-only: writing gives EROFS)."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro", "tmpfs", str(folder)],
                             capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a read-only tmpfs (needs root): {mounted.stderr!r}")
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    path = tmp_path / "table.db"
    play(path).journal.close()
    return path


@pytest.mark.parametrize(("args", "option"), [
    (("run", "--headless", "--shoes", "1", "--driver", FAST, "--events", "{ro}/events.jsonl"),
     "events file"),
    (("journal", "export", "{journal}", "--output", "{ro}/rows.jsonl"), "--output"),
    (("state-diagram", "--output", "{ro}/diagram.md"), "--output"),
    (("shoe-report", "--journal", "{journal}", "--out", "{ro}/report.png"), "--out"),
    (("shoe-report", "--journal", "{journal}", "--out", "{ro}/report.html"), "--out"),
    (("emulate-shoe", "--script", "AS,KD", "--link", "{ro}/shoe"), "--link"),
    (("emulate-shoe", "--script", "AS,KD", "--log", "{ro}/bytes.log"), "--log"),
    (("screenshot", "{ro}/display.png", "--scenario", "round"), "image"),
])
def test_an_output_path_on_a_read_only_file_system_is_one_line_naming_option_and_path(
        read_only: Path, journal: Path, args: tuple[str, ...], option: str) -> None:
    args = tuple(arg.format(ro=read_only, journal=journal) for arg in args)
    path = next(arg for arg in args if arg.startswith(str(read_only)))
    one_line_error(command(*args), args[0], f"{option} {path}: cannot write it: ",
                   "Read-only file system")


@pytest.mark.parametrize(("args", "option"), [
    (("journal", "export", "{journal}", "--output", "{tmp}/no-folder/rows.jsonl"), "--output"),
    (("state-diagram", "--output", "{tmp}"), "--output"),
    (("shoe-report", "--journal", "{journal}", "--out", "{tmp}/no-folder/r.png"), "--out"),
])
def test_an_output_path_that_is_missing_or_a_folder_is_named_with_its_option(
        tmp_path: Path, journal: Path, args: tuple[str, ...], option: str) -> None:
    args = tuple(arg.format(tmp=tmp_path, journal=journal) for arg in args)
    line = one_line_error(command(*args), args[0], f"{option} ")
    assert "[Errno" not in line and ("No such file or directory" in line
                                     or "Is a directory" in line)


def run_with(tmp_path: Path, *args: str, config: str | None = None
             ) -> subprocess.CompletedProcess[str]:
    if config is not None:
        (tmp_path / "table.toml").write_text(config, encoding="utf-8")
        args = ("--config", str(tmp_path / "table.toml"), *args)
    return command("run", "--headless", "--shoes", "1", *args)


@pytest.mark.parametrize("url", ["sim://[::1", "mqtt://[::1", "serial://[::1]:x/dev/tty",
                                 "sim://?rate=x", "sim://?bogus=1", "sim://h:99999"])
def test_a_bad_driver_url_is_quoted_as_typed(tmp_path: Path, url: str) -> None:
    line = one_line_error(run_with(tmp_path, "--driver", url), "run", f"driver URL {url!r}")
    assert "decks=" not in line  # not the URL with the profile's decks added


@pytest.mark.parametrize(("url", "reason"), [
    ("mqtt://[::1", "IPv6"), ("mqtt://[::1]:x", "port"), ("mqtt://broker:70000", "port")])
def test_a_bad_feed_url_names_the_config_file_and_key(tmp_path: Path, url: str,
                                                      reason: str) -> None:
    done = run_with(tmp_path, "--journal", str(tmp_path / "j.db"),
                    config=f'[feed]\nurl = "{url}"\n')
    one_line_error(done, "run", f"{tmp_path / 'table.toml'}: feed.url = {url!r}", reason)


@pytest.mark.parametrize("url", ["mqtt://table:s3cret@[::1", "mqtt://table:s3cret@broker:0"])
def test_a_bad_feed_url_with_a_password_in_it_is_not_echoed(tmp_path: Path, url: str) -> None:
    done = run_with(tmp_path, "--journal", str(tmp_path / "j.db"),
                    config=f'[feed]\nurl = "{url}"\n')
    line = one_line_error(done, "run", f"{tmp_path / 'table.toml'}: feed.url")
    assert "s3cret" not in done.stderr, line


@pytest.mark.parametrize("where", ["option", "config"])
@pytest.mark.parametrize("folder", [".", "/", "{tmp}"])
def test_a_folder_named_as_the_journal_is_one_line(tmp_path: Path, where: str, folder: str) -> None:
    folder = folder.format(tmp=tmp_path)
    if where == "option":
        done = run_with(tmp_path, "--driver", FAST, "--journal", folder)
    else:
        done = run_with(tmp_path, "--driver", FAST, config=f'[journal]\npath = "{folder}"\n')
    # Named as the folder it is: "." is the current folder's, or the config's.
    named = (ROOT if where == "option" else tmp_path) if folder == "." else folder
    one_line_error(done, "run", f"journal {named}: ", "is a folder")


@pytest.mark.parametrize("key", ["journal.path", "events.path", "table.profile",
                                 "feed.ca_file"])
def test_a_nul_byte_in_a_config_path_names_the_file_and_key(tmp_path: Path, key: str) -> None:
    section, name = key.split(".")
    extra = 'url = "mqtts://broker"\n' if section == "feed" else ""
    done = run_with(tmp_path, "--driver", FAST,
                    config=f'[{section}]\n{extra}{name} = "a\\u0000b"\n')
    one_line_error(done, "run", f"{tmp_path / 'table.toml'}: {key}", "NUL")


def test_history_of_a_file_that_is_not_a_journal_is_one_line(tmp_path: Path) -> None:
    events = tmp_path / "events.jsonl"
    events.write_text('{"type":"card","seq":1}\n', encoding="utf-8")
    for name, args in (("history", ("--journal", str(events))),
                       ("shoe-report", ("--journal", str(events))),
                       ("journal", ("export", str(events))),
                       ("feed", ("status", str(events)))):
        done = command(name, *args)
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
        assert f"{events}: not a journal" in done.stderr.splitlines()[-1]


@pytest.mark.parametrize("table", ["a+b", "#", "a/b", "a#", ""])
def test_feed_tail_refuses_a_table_that_is_no_topic_level(tmp_path: Path, table: str) -> None:
    config = tmp_path / "table.toml"
    config.write_text('[feed]\nurl = "mqtt://127.0.0.1:9"\n', encoding="utf-8")
    done = command("feed", "tail", "--config", str(config), "--table", table)
    one_line_error(done, "feed", f"--table {table!r}")


def test_a_misspelt_profile_in_a_config_names_the_file_and_key(tmp_path: Path) -> None:
    done = run_with(tmp_path, "--driver", FAST, config='[table]\nprofile = "clasic"\n')
    one_line_error(done, "run", f"{tmp_path / 'table.toml'}: table.profile = 'clasic': ",
                   "unknown profile 'clasic'")


def test_roads_names_a_byte_that_is_not_utf8_on_stdin_as_from_a_file(tmp_path: Path) -> None:
    hands = b'[{"winner": "banker"}, \xff]'
    (tmp_path / "hands.json").write_bytes(hands)
    from_file = one_line_error(command("roads", str(tmp_path / "hands.json")), "roads")
    from_stdin = one_line_error(command("roads", stdin=hands), "roads")
    assert from_file.endswith(f"{tmp_path / 'hands.json'}: not UTF-8 text (byte b'\\xff' at "
                              "offset 23)")
    assert from_stdin.endswith("stdin: not UTF-8 text (byte b'\\xff' at offset 23)")


@pytest.mark.parametrize(("args", "what"), [
    (("roads", "{tmp}/hands.json"), "hands file"),
    (("run", "--headless", "--config", "{tmp}/table.toml"), "config"),
    (("run", "--headless", "--profile", "{tmp}/site.toml"), "profile"),
    (("run", "--headless", "--driver", "replay://{tmp}/shoe.txt"), "recording"),
    (("odds", "--profile", "{tmp}/site.toml"), "profile"),
])
def test_a_missing_file_is_named_with_what_it_is_for_not_a_bare_errno(tmp_path: Path,
                                                                      args: tuple[str, ...],
                                                                      what: str) -> None:
    args = tuple(arg.format(tmp=tmp_path) for arg in args)
    path = next(arg for arg in args if str(tmp_path) in arg).removeprefix("replay://")
    line = one_line_error(command(*args), args[0],
                          f"{what} {path}: cannot read it: No such file or directory")
    assert "[Errno" not in line
