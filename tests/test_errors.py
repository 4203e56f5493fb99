"""The tree of errors in common/errors.py's docstring is the tree of the classes: one root,
every error the program raises on purpose under it, each defined where the docstring says."""

from __future__ import annotations

import importlib
import re

import common.errors
from common.errors import BaccaratError, DataError, Fault, Refused, UserError

BRANCH = re.compile(r"^    (?P<indent>[ │]*)(?:[├└]── )?(?P<name>[A-Z]\w+)\s")
MODULE = re.compile(r"\((?:[^()]*; )?(?P<module>[a-z_]+(?:\.[a-z_]+)+)[;)]")


def documented() -> dict[str, tuple[str | None, str | None]]:
    """Each class the docstring lists -> (its parent there, the module it names)."""
    text = (common.errors.__doc__ or "").split("::", 1)[1]
    parents: list[tuple[int, str]] = []
    tree: dict[str, tuple[str | None, str | None]] = {}
    for line in text.splitlines():
        match, module = BRANCH.match(line), MODULE.search(line)
        if match is None:  # a line carried over: it may name the last class's module
            if module and parents:
                tree[parents[-1][1]] = (tree[parents[-1][1]][0], module["module"])
            continue
        depth = len(match["indent"])
        while parents and parents[-1][0] >= depth:
            parents.pop()
        tree[match["name"]] = (parents[-1][1] if parents else None,
                               module["module"] if module else None)
        parents.append((depth, match["name"]))
    return tree


def descendants(root: type) -> dict[str, type]:
    found: dict[str, type] = {}
    child: type
    for child in root.__subclasses__():
        found |= {child.__name__: child, **descendants(child)}
    return found


def test_the_docstring_tree_is_the_tree_of_the_classes() -> None:
    tree = documented()
    for named in {module for _, module in tree.values() if module is not None}:
        importlib.import_module(named)  # each class is defined beside the code raising it
    classes = {name: cls for name, cls in descendants(BaccaratError).items()
               if not cls.__module__.startswith("tests")}
    classes[BaccaratError.__name__] = BaccaratError
    assert set(classes) == set(tree)
    for name, (parent, module) in tree.items():
        if parent is not None:
            assert classes[name].__bases__[0] is classes[parent], name
        if module is not None:
            assert classes[name].__module__ == module, name


def test_code_catching_value_error_or_runtime_error_still_catches_what_it_did() -> None:
    for name in documented():
        cls = descendants(BaccaratError).get(name)
        if cls is None:  # the root
            continue
        assert issubclass(cls, ValueError) == issubclass(cls, UserError | DataError), name
        assert issubclass(cls, RuntimeError) == issubclass(cls, Fault), name
        assert sum(issubclass(cls, branch) for branch in (UserError, DataError, Refused,
                                                          Fault)) == 1, name
