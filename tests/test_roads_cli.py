"""``baccarat-table roads``: text and JSON output, stdin, and clean errors."""

import io
import json
from pathlib import Path

import pytest

from ui.cli import main


def run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str, *args: str
) -> tuple[int, str, str]:
    # Standard input as the process has it: text over a byte buffer.
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8"))))
    status = main(["roads", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_text_output_draws_each_road(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = [{"winner": w} for w in ["tie", "banker", "banker", "player", "tie", "banker"]]
    status, out, _ = run(capsys, monkeypatch, json.dumps(hands), "--rows", "3")
    assert status == 0
    lines = out.splitlines()
    big_road = lines[lines.index("Big Road") + 1 :][:3]
    assert big_road == ["B1 P1 B", "B  .  .", ".  .  ."]
    big_eye_boy = lines[lines.index("Big Eye Boy") + 1 :][:3]
    assert big_eye_boy == ["B", ".", "."]  # third column: columns 1 and 2 differ, blue
    assert lines[lines.index("Small Road") + 1] == "(empty)"
    assert "Ask banker: Big Eye Boy blue, Small Road red, Cockroach Pig -" in lines
    assert "  tie                2   33.33%" in lines


def test_json_from_stdin_with_optional_flags(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, monkeypatch, '[{"winner": "player", "natural": true}]', "--json")
    assert status == 0
    result = json.loads(out)
    assert result["rows"] == 6
    assert result["big_road"] == [
        {
            "col": 0,
            "row": 0,
            "winner": "player",
            "ties": 0,
            "player_pair": False,
            "banker_pair": False,
            "natural": True,
        }
    ]
    assert result["stats"]["player_natural"] == {"count": 1, "percent": 100.0}


def test_only_ties_give_one_cell_with_no_winner(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = run(capsys, monkeypatch, '[{"winner": "tie"}, {"winner": "tie"}]', "--json")
    (cell,) = json.loads(out)["big_road"]
    assert (cell["winner"], cell["ties"]) == (None, 2)


def test_bad_hand_is_one_error_line_naming_the_hand_and_key(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    hands = tmp_path / "shoe.json"
    hands.write_text('[{"winner": "banker"}, {"winner": "banker", "player_pair": "yes"}]')
    status = main(["roads", str(hands)])
    err = capsys.readouterr().err
    assert status == 2
    assert err == (
        f"baccarat-table roads: error: {hands}: hand 1: 'player_pair' must be true or false,"
        " got 'yes'\n"
    )


def test_other_bad_input_is_refused_clearly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cases = {
        '{"winner": "tie"}': "stdin: expected an array of hands, got an object",
        '[{"winner": "B"}]': "stdin: hand 0: 'winner' must be",
        '[{"player_pair": true}]': "stdin: hand 0: missing key 'winner'",
        '[{"winner": "tie", "pairs": 1}]': "stdin: hand 0: unknown key 'pairs'",
        "[1]": "stdin: hand 0: expected an object, got a number",
        "[": "stdin: not JSON",
    }
    for stdin, message in cases.items():
        status, _, err = run(capsys, monkeypatch, stdin, "--json")
        assert status == 2
        assert message in err


@pytest.mark.parametrize("rows", ["0", "-3", "51", "1e9", "six"])
def test_rows_outside_1_to_50_are_refused_before_reading(
    capsys: pytest.CaptureFixture[str], rows: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["roads", "--rows", rows])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"baccarat-table roads: error: argument --rows: expected a whole number from 1 to 50, "
        f"got '{rows}'")


def test_the_tallest_grid_is_drawn(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, monkeypatch, '[{"winner": "banker"}]', "--rows", "50")
    lines = out.splitlines()
    assert status == 0 and lines[lines.index("Big Road") + 1 :][:51] == ["B", *["."] * 49, ""]


def test_deeply_nested_json_is_one_error_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert main(["roads", str(deep)]) == 2
    assert capsys.readouterr().err == (
        f"baccarat-table roads: error: {deep}: JSON nested too deeply (an array of hands is 2 "
        "levels deep)\n")


def test_a_file_that_is_not_utf8_names_the_byte(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'[{"winner": "banker\xe9"}]')
    assert main(["roads", str(latin)]) == 2
    assert capsys.readouterr().err == (
        f"baccarat-table roads: error: {latin}: not UTF-8 text (byte b'\\xe9' at offset 19)\n")
