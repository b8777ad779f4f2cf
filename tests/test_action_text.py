"""Only the engines take an action text apart: everywhere else an action is a value.

The engines (``bot/games``) give their actions as frozen values (``legal_moves()``, the
``actions`` modules), whose ``str`` is the notation of docs/rules.md. The scan below walks every
function outside the engines (and outside the computer players, which read positions of their
own) and follows action texts through it: what ``legal_actions()`` returns, a game's ``log``, a
logged entry's ``text``, and names that say they hold an action. Taking such a text apart with
a string method (``split``, ``partition``, ``startswith`` …) or a regular expression is
reported, and so is any string method asked about an action's verb (``startswith("play ")``)
whatever it is called on.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("bot", "render")
#: The engines own the notation; the computer players keep positions of their own.
EXEMPT = ("bot/games", "bot/ai")
#: String methods that read a text's parts.
TAKING_APART = {
    "split",
    "rsplit",
    "partition",
    "rpartition",
    "startswith",
    "endswith",
    "removeprefix",
    "removesuffix",
    "find",
    "rfind",
    "index",
    "rindex",
    "splitlines",
}
#: Regular-expression functions that read a text (the text is their second argument).
REGEX = {"match", "fullmatch", "search", "findall", "finditer", "split", "sub"}
#: Attributes that hold action texts: a game's log, a logged entry's text.
ACTION_ATTRIBUTES = {"log", "text"}
#: Calls that return action texts.
ACTION_CALLS = {"legal_actions"}
#: Names that say they hold an action text (or a list of them).
ACTION_NAMES = {"action", "actions", "action_text", "legal", "logged", "played"}
#: The first words of the notation (docs/rules.md) and of the bot's own action words.
VERBS = ("play ", "invite ", "skip", "perform ", "entertainer ", "resign ", "choose ")


@dataclass
class _Scope:
    """The names bound to action texts within one function (or module body)."""

    tainted: set[str] = field(default_factory=set)


class _Scan(ast.NodeVisitor):
    """Reports each place in one module where an action text is taken apart."""

    def __init__(self) -> None:
        self.found: list[tuple[int, str]] = []
        self.scopes = [_Scope()]

    # --- what holds action texts --------------------------------------------------------------

    def holds_action(self, node: ast.AST) -> bool:
        """Whether an expression is an action text or a collection of them."""
        if isinstance(node, ast.Name):
            return node.id in ACTION_NAMES or node.id in self.scopes[-1].tainted
        if isinstance(node, ast.Attribute):
            return node.attr in ACTION_ATTRIBUTES
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in ACTION_CALLS:
                return True
            if isinstance(func, ast.Name) and func.id in {"sorted", "list", "set", "tuple"}:
                return any(self.holds_action(a) for a in node.args)
            return False
        if isinstance(node, ast.Subscript):
            return self.holds_action(node.value)
        if isinstance(node, ast.IfExp):
            return self.holds_action(node.body) or self.holds_action(node.orelse)
        if isinstance(node, ast.BoolOp):
            return any(self.holds_action(v) for v in node.values)
        if isinstance(node, ast.Starred):
            return self.holds_action(node.value)
        return False

    def bind(self, target: ast.AST) -> None:
        """Mark every name a target binds as holding action texts."""
        for node in ast.walk(target):
            if isinstance(node, ast.Name):
                self.scopes[-1].tainted.add(node.id)

    # --- scopes ---------------------------------------------------------------------------------

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._function(node)

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._function(node)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        self.scopes.append(_Scope(set(self.scopes[-1].tainted)))
        self.generic_visit(node)
        self.scopes.pop()

    # --- where texts flow -------------------------------------------------------------------

    def visit_Assign(self, node: ast.Assign) -> None:
        if self.holds_action(node.value):
            for target in node.targets:
                self.bind(target)
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None and self.holds_action(node.value):
            self.bind(node.target)
        self.generic_visit(node)

    def visit_For(self, node: ast.For) -> None:
        if self.holds_action(node.iter):
            self.bind(node.target)
        self.generic_visit(node)

    def visit_AsyncFor(self, node: ast.AsyncFor) -> None:
        if self.holds_action(node.iter):
            self.bind(node.target)
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        if self.holds_action(node.iter):
            self.bind(node.target)
        self.generic_visit(node)

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp) -> None:
        # The generators bind first, then the element reads them.
        for generator in node.generators:
            self.visit(generator)
        self.visit(node.elt)

    def visit_ListComp(self, node: ast.ListComp) -> None:
        self._comprehension(node)

    def visit_SetComp(self, node: ast.SetComp) -> None:
        self._comprehension(node)

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> None:
        self._comprehension(node)

    def visit_DictComp(self, node: ast.DictComp) -> None:
        for generator in node.generators:
            self.visit(generator)
        self.visit(node.key)
        self.visit(node.value)

    # --- taking apart ---------------------------------------------------------------------------

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in TAKING_APART:
            if self.holds_action(func.value):
                self.found.append((node.lineno, f"{ast.unparse(func.value)}.{func.attr}(…)"))
            elif any(_says_verb(a) for a in node.args):
                self.found.append((node.lineno, ast.unparse(node)))
        if (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id == "re"
            and func.attr in REGEX
            and len(node.args) >= 2
            and self.holds_action(node.args[1])
        ):
            self.found.append((node.lineno, ast.unparse(node)))
        self.generic_visit(node)


def _says_verb(node: ast.AST) -> bool:
    """A string literal (or a tuple of them) that begins with an action's verb."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.lower().startswith(VERBS)
    if isinstance(node, ast.Tuple):
        return any(_says_verb(e) for e in node.elts)
    return False


def takes_apart(source: str) -> list[tuple[int, str]]:
    """Every place in a module's source where an action text is taken apart: (line, what)."""
    scan = _Scan()
    scan.visit(ast.parse(source))
    return scan.found


def _scanned_files() -> list[Path]:
    files = [p for folder in SCANNED for p in sorted((ROOT / folder).rglob("*.py"))]
    return [p for p in files if not p.relative_to(ROOT).as_posix().startswith(EXEMPT)]


def test_no_action_text_is_taken_apart_outside_the_engines() -> None:
    files = _scanned_files()
    assert len(files) > 100, "the scan reaches the bot's modules"
    found = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in files
        for line, what in takes_apart(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        # the penguins that can move, read off the move texts
        'starts = sorted({a.split("-")[0] for a in game.legal_actions()})',
        # a card read off the texts kept in a list first
        "legal = game.legal_actions()\nplayable = {a.split()[1] for a in legal}",
        "moves = sorted(g.legal_actions())\nfor m in moves:\n    cell = m.partition(' ')[2]",
        # a logged entry taken apart
        "def f(game):\n    return game.log[-1].split()[0]",
        "def f(entry):\n    return entry.text.split()",
        "def f(move):\n    word, _, rest = move.text.partition(' ')",
        # a click's action text
        "async def route(action):\n    _, version, step = action.split(' ', 2)",
        # a verb asked about, whatever the text is called
        'if text.startswith("play "):\n    pass',
        'waives = [w for w in found if w.startswith(("invite ", "skip"))]',
        # a regular expression over an action text
        "import re\nlegal = game.legal_actions()\nhits = [re.match(r'\\w+', a) for a in legal]",
    ],
)
def test_the_scan_finds_an_action_text_taken_apart(source: str) -> None:
    assert takes_apart(source), source


@pytest.mark.parametrize(
    "source",
    [
        # a message cut into lines, a language tag, a card id: no action texts
        'lines = text.split("\\n")',
        'base = code.split("-")[0]',
        "entertainer, _, flag = card.partition(' ')",
        # action values read by their fields
        "targets = [m.to for m in game.legal_moves() if m.penguin == start]",
        # an action text handed on whole
        "game.play(rng.choice(game.legal_actions()), seat)",
    ],
)
def test_the_scan_leaves_other_texts_alone(source: str) -> None:
    assert takes_apart(source) == [], source
