"""Every benchmark still runs: each is run briefly, as its own process, and must exit 0 and print
its figures. What the figures are is for docs/performance.md, never asserted here (the machine
is shared and noisy); a benchmark that no longer runs is a failing test."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
NUMBER = r"[\d,]+(\.\d+)?"

# script: (arguments for a brief run, lines the output must have, each with its figures);
# {tmp} in an argument is the test's own temporary folder.
BRIEF = {
    "card_latency.py": (["--cards", "20", "--runs", "1"], [
        rf"real table .* p50 {NUMBER} ms  p99 {NUMBER} ms",
        rf"anchor: minimal table .* p50 {NUMBER} ms",
        rf"p50 real / minimal, run by run: {NUMBER}x; median {NUMBER}x "
        r"\(goal <= 1.5x: (met|NOT met)\)",
        rf"{NUMBER} ms  handed to the controller -> events built, commit begun"]),
    "cli_startup.py": (["--runs", "1"], [
        rf"odds +{NUMBER} ms; anchor +{NUMBER} ms: {NUMBER}x \(goal <= 1.5x",
        rf"--help +{NUMBER} ms; anchor +{NUMBER} ms: {NUMBER}x \(goal <= 1.5x"]),
    "controller_hands.py": (["--shoes", "1", "--repeats", "1", "--triggers", "1000"], [
        rf"^journal off +best +{NUMBER} hands/s",
        rf"^anchor: plain loop, no journal +best +{NUMBER} hands/s",
        rf"median {NUMBER}x; before the redesign {NUMBER}x: [+-]\d+%, "
        r"(REGRESSED more than 20%|no regression over 20%)",
        rf"^journal on +best +{NUMBER} hands/s",
        rf"^anchor: minimal journaled loop +best +{NUMBER} hands/s",
        rf"best {NUMBER} µs a hand against the plain loop's {NUMBER}",
        rf"median {NUMBER}x: the floor the controller itself sets",
        rf"the table +{NUMBER} µs a hand straight on, +{NUMBER} µs a hand between waits",
        rf"the plain loop +{NUMBER} µs a hand straight on, +{NUMBER} µs a hand between waits",
        rf"one transitions trigger: {NUMBER} µs bare",
        rf"{NUMBER} µs  the whole card path"]),
    "display_lag.py": (["--shoes", "1"], [
        rf"event published -> felt painted: p50 {NUMBER} ms  p99 {NUMBER} ms"]),
    "display_latency.py": (["--cards", "40", "--interval", "0.04"], [
        rf"consumers: events file {NUMBER} events, {NUMBER} of them surveillance's exposure; "
        r"one core kept busy",
        rf"card line written -> frame painted: p50 {NUMBER} ms  p99 {NUMBER} ms  "
        rf"max {NUMBER} ms \(goal p99 <= 16.7 ms: (met|NOT met)\)",
        rf"last quarter of the shoe .* p50 {NUMBER} ms",
        rf"the machine: load average {NUMBER} {NUMBER} {NUMBER} before",
        rf"journal commit +{NUMBER} +{NUMBER} +{NUMBER}",
        rf"of which header fitting +{NUMBER} +{NUMBER} +{NUMBER}",
        rf"each bus subscriber \(mean ms\): .*display bridge {NUMBER}",
        rf"CPU per card read over the shoe \(ms\): .*GUI thread {NUMBER}"]),
    "display_memory.py": (["--shoes", "2"], [
        rf"resident after {NUMBER} rounds: {NUMBER} MB; growth .*: [+-]{NUMBER} MB"]),
    "display_startup.py": (["--rounds", "20", "--runs", "1"], [
        rf"process start -> first painted frame: best {NUMBER} ms, median {NUMBER} ms"]),
    "feed.py": (["--tables", "2", "--workers", "1", "--rate", "20", "--seconds", "3",
                 "--burst", "1000", "--shoes", "1"], [
        rf"feed off: p50 {NUMBER} ms, p99 {NUMBER} ms",
        rf"feed on, broker down: p50 {NUMBER} ms, p99 {NUMBER} ms",
        rf"draining a {NUMBER}-event backlog meanwhile: p50 {NUMBER} ms",
        rf"events \({NUMBER} shoes\) in {NUMBER} s: {NUMBER} events/s",
        rf"card to subscriber: p50 {NUMBER} ms, p99 {NUMBER} ms",
        rf"CPU of one core: broker {NUMBER} %, the 2 tables {NUMBER} %"]),
    "journal_age.py": (["--days", "0.05,0.2", "--runs", "1"], [
        rf"0.2 days: {NUMBER} rows; verify {NUMBER} rows/s, bare hashing loop {NUMBER} rows/s",
        rf"restart to ready +{NUMBER} ms +{NUMBER} ms +{NUMBER}x",
        rf"history --last 10 +{NUMBER} ms +{NUMBER} ms +{NUMBER}x",
        rf"feed's first publish +{NUMBER} ms +{NUMBER} ms +{NUMBER}x"]),
    "journal_archive.py": (["--days", "4", "--first", "3"], [
        rf"anchor: copying the journal file and syncing it: {NUMBER} s",
        rf"first archive \(VACUUM\): {NUMBER} s for {NUMBER} rows moved, {NUMBER} MB left "
        rf"live: {NUMBER}x the anchor",
        rf"next day's archive \(VACUUM\): {NUMBER} s for {NUMBER} rows moved, {NUMBER} MB "
        rf"left live: {NUMBER}x the anchor",
        rf"a day's more at a start \(no VACUUM\): {NUMBER} s for {NUMBER} rows moved, "
        rf"{NUMBER} MB left live: {NUMBER}x the anchor"]),
    "journal_generator.py": (["{tmp}/journal.sqlite3", "--days", "0.2"], [
        rf"journal.sqlite3: {NUMBER} rows \(0.2 days of dealing\) in {NUMBER} s"]),
    "pit.py": (["--tables", "20", "--seconds", "2"], [
        rf"20 tables, {NUMBER} events: published -> visible on the floor page: p50 {NUMBER} ms  "
        rf"p99 {NUMBER} ms",
        rf"published -> in the page's event stream: p50 {NUMBER} ms  p99 {NUMBER} ms",
        rf"anchor, published -> plain subscriber: p50 {NUMBER} ms .* ratio {NUMBER}x",
        rf"the pit: CPU {NUMBER} % of one core .* RSS {NUMBER} MB"]),
    "journal.py": (["--writes", "100", "--shoes", "1"], [
        rf"durable card write: p50 {NUMBER} ms, p99 {NUMBER} ms",
        rf"simulated shoes, journal on: .* = {NUMBER} hands/s; {NUMBER} KB written per round",
        rf"self-test at start: {NUMBER} rows",
        rf"floor, one durable 1 KB write in place: {NUMBER} KB"]),
    "misread_flood.py": (["--lines", "2000", "--commits", "20"], [
        rf"card written -> its event in the events file: {NUMBER} ms \(goal <= 2 s",
        rf"misread events journaled: {NUMBER} \(counting 2,000 misreads\); "
        rf"rescan triggers written back: {NUMBER}",
        rf"anchor, one hash-chained WAL FULL commit on the same disk: {NUMBER} ms"]),
    "odds.py": (["--runs", "3"], [
        rf"fresh 8-deck shoe, classic: median {NUMBER} ms over 3 runs",
        *(rf"fresh 8-deck shoe, {profile}: median {NUMBER} ms; {NUMBER}x classic "
          r"\(goal <= 1.5x: (met|NOT met)\)" for profile in ("ez-baccarat", "dragon-bonus"))]),
    "roads.py": (["--hands", "5000", "--repeats", "1"], [
        rf"add: {NUMBER} µs per hand", rf"ask\(\) \+ stats\(\) after 5000 hands: {NUMBER} µs"]),
    "surveillance_latency.py": (["--shoes", "1", "--cards", "20"], [
        rf"per card: exposure {NUMBER} µs, integrity check {NUMBER} µs",
        rf"back to back +integrity +{NUMBER} +{NUMBER}",
        rf"exposure/off +{NUMBER} +{NUMBER}", rf"integrity/exposure +{NUMBER} +{NUMBER}"]),
    "serial_latency.py": (["--cards", "50", "--work", "20000"], [
        rf"main thread idle +p50 {NUMBER} ms  p99 {NUMBER} ms",
        rf"floor: bare thread reading a pty, main busy +p50 {NUMBER} ms",
        rf"two threads computing flat out, by switch interval: 5000 µs {NUMBER} s"]),
}


def test_every_benchmark_has_a_brief_run() -> None:
    scripts = {path.name for path in BENCHMARKS.glob("*.py")
               if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8")}
    assert scripts == set(BRIEF)


@pytest.mark.parametrize("script", sorted(BRIEF))
def test_a_benchmark_runs_briefly_and_prints_its_figures(script: str, tmp_path: Path) -> None:
    arguments, figures = BRIEF[script]
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TMPDIR": str(tmp_path)}
    arguments = [argument.format(tmp=tmp_path) for argument in arguments]  # a file of its own
    finished = subprocess.run([sys.executable, str(BENCHMARKS / script), *arguments],
                              capture_output=True, text=True, env=environment, timeout=120)
    assert finished.returncode == 0, finished.stderr[-2000:]
    for figure in figures:
        assert re.search(figure, finished.stdout, re.MULTILINE), (figure, finished.stdout)
