"""Words that help a reader: the code points at files that exist, keeps history out of itself,
says what a rule does rather than only naming it, and leaves shortening messages to ``fit``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CODE = [
    path
    for folder in ("bot", "render", "tests")
    for path in sorted((ROOT / folder).rglob("*.py"))
    if path != Path(__file__).resolve()
]

#: A file outside the repository (the rules live in docs/rules.md).
OUTSIDE = re.compile(r"\b(RULES|DESIGN)\.md\b")
#: History in the code: "issue 19", "issues 14-20".
HISTORY = re.compile(r"\bissues?\s+\d+", re.IGNORECASE)
#: A docstring that is only a rule id, such as "F-6." or "U-14".
RULE_ID_ONLY = re.compile(r"^\s*[FU]-\d+[a-z]?\.?\s*$")
#: A message cut to Discord's limit by hand instead of by bot.ui.fit.
RAW_CUT = re.compile(r"\[:\s*(2000|4000|6000)\s*\]")


def relative(path: Path) -> str:
    """The path as the reader knows it."""
    return str(path.relative_to(ROOT))


def offenders(pattern: re.Pattern[str], paths: list[Path]) -> list[str]:
    """Every line of ``paths`` that ``pattern`` finds, as ``file:line: text``."""
    found = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{relative(path)}:{number}: {line.strip()}")
    return found


def test_the_code_points_at_files_in_the_repository() -> None:
    assert offenders(OUTSIDE, [p for p in CODE if not relative(p).startswith("tests")]) == []


def test_no_issue_numbers_in_code_comments_docstrings_or_test_names() -> None:
    assert offenders(HISTORY, CODE) == []


def test_a_rule_id_follows_a_sentence_and_never_stands_alone() -> None:
    alone = []
    for path in CODE:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                doc = ast.get_docstring(node)
                if doc is not None and RULE_ID_ONLY.match(doc):
                    alone.append(f"{relative(path)}:{node.lineno} {node.name}: {doc!r}")
    assert alone == []


def test_messages_are_shortened_by_fit_only() -> None:
    code = [p for p in CODE if relative(p).startswith("bot")]
    assert offenders(RAW_CUT, code) == []


@pytest.mark.parametrize(
    ("pattern", "line"),
    [
        (OUTSIDE, "see RULES.md for the scoring"),
        (HISTORY, "# kept since issue 19"),
        (HISTORY, '"""Ratings (issues 14-20)."""'),
        (RULE_ID_ONLY, "F-6."),
        (RAW_CUT, "content=text[:2000],"),
    ],
)
def test_each_check_finds_what_it_looks_for(pattern: re.Pattern[str], line: str) -> None:
    assert pattern.search(line)


@pytest.mark.parametrize(
    ("pattern", "line"),
    [
        (OUTSIDE, "the rules are docs/rules.md"),
        (HISTORY, "game #19 is over"),
        (RULE_ID_ONLY, "Place a penguin on a free 1-fish floe (F-6)."),
        (RAW_CUT, "label[:100]"),
    ],
)
def test_each_check_lets_good_words_be(pattern: re.Pattern[str], line: str) -> None:
    assert not pattern.search(line)
