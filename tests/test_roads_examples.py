"""The worked examples of the roads interchange format, run through the model and the CLI."""

import json
from pathlib import Path
from typing import Any

import pytest

from controller.roads import Hand, Roads
from ui.cli import main

EXAMPLES = Path(__file__).parent / "data" / "roads-examples.json"
CASES = json.loads(EXAMPLES.read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_model_output_equals_the_worked_example(case: dict[str, Any]) -> None:
    roads = Roads.from_hands((Hand.from_json(hand) for hand in case["hands"]), rows=case["rows"])
    assert roads.to_json() == case["expected"]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_cli_json_equals_the_worked_example(case: dict[str, Any], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    hands = tmp_path / "hands.json"
    hands.write_text(json.dumps(case["hands"]), encoding="utf-8")
    assert main(["roads", str(hands), "--json", "--rows", str(case["rows"])]) == 0
    assert json.loads(capsys.readouterr().out) == case["expected"]
