"""The package's layers point one way (docs/architecture.md), read from the imports with ``ast``.

- ``lawkit.corpus`` imports nothing else of lawkit; ``lawkit.rules`` only the corpus;
  ``lawkit.retrieval`` only the corpus and ``lawkit.cache``; ``lawkit.cache`` nothing of lawkit;
  the root (``lawkit/__init__.py``) composes corpus, rules and retrieval and imports neither the
  site nor the CLI; the site and the CLI sit on top; ``lawkit.testing`` (the pytest plugin) uses
  the root's public API only.
- No module imports another sub-package's private module (``lawkit.corpus._load``) or private
  name (``from lawkit.corpus.model import _x``): a sub-package's own modules may.
- A private attribute (``x._name``) is touched only in the module that defines that name
  (``semantic.encoder()._weights`` from the site was such a reach).
- ``from lawkit.x import name`` names something ``lawkit.x`` has (the lazy ``__init__`` files
  answer any name to mypy).

Every import counts, also those inside functions and under ``if TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
import functools
import shutil
import textwrap
from pathlib import Path

from conftest import REPO

PACKAGE = REPO / "lawkit"

# layer -> the layers it may import (its own always)
ALLOWED = {
    "corpus": set(),
    "rules": {"corpus"},
    "retrieval": {"corpus", "cache"},
    "cache": set(),
    "root": {"corpus", "rules", "retrieval"},
    "site": {"root", "corpus", "rules", "retrieval", "cache"},
    "mkdocs_plugin": {"site"},
    "cli": {"root", "corpus", "rules", "retrieval", "cache"},
    "testing": {"root"},
}


def layer(module: str) -> str | None:
    """``lawkit.corpus._load`` -> corpus, ``lawkit`` -> root, ``lawkit.cli`` -> cli (None: not lawkit)."""
    parts = module.split(".")
    if parts[0] != "lawkit":
        return None
    return parts[1] if len(parts) > 1 else "root"


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _modules(package: Path) -> dict[str, tuple[Path, bool]]:
    """Every module of the package: dotted name -> (file, is a package's __init__)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        is_init = parts[-1] == "__init__"
        if is_init:
            parts.pop()
        found[".".join(parts)] = (path, is_init)
    return found


def _imports(tree: ast.AST, module: str, is_init: bool, modules: dict) -> list[tuple[int, str, str | None]]:
    """(line, module imported, name taken from it or None) for every import in ``tree``."""
    found: list[tuple[int, str, str | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_init else module.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in modules:
                    found.append((node.lineno, submodule, None))
                else:
                    found.append((node.lineno, source, alias.name))
    return found


def _names(path: Path) -> frozenset[str]:
    """What a module defines or imports, at any depth (a lazy ``__init__`` imports its names under
    ``if TYPE_CHECKING``): ``from package import name`` needs one of them (mypy takes any name
    from a module with ``__getattr__``, so it would not say)."""
    return _names_in(path.read_text("utf-8"))


@functools.cache
def _names_in(text: str) -> frozenset[str]:
    """_names of a module's text: by its text, as a module is asked once for each name taken from
    it (434 times over lawkit/), and parsing and walking it again each time was most of the check."""
    names = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return frozenset(names)


def violations(package: Path) -> list[str]:
    """What breaks the layer rule in ``package`` (a copy of lawkit/ in the tests), one line each."""
    modules = _modules(package)
    problems = []
    for module, (path, is_init) in modules.items():
        where = path.relative_to(package.parent)
        own = layer(module)
        if own not in ALLOWED:
            problems.append(f"{where}: module {module} belongs to no layer (add it to tests/test_architecture.py)")
            continue
        tree = ast.parse(path.read_text("utf-8"), str(path))
        for line, target, name in _imports(tree, module, is_init, modules):
            theirs = layer(target)
            if theirs is None:
                continue
            if theirs != own and theirs not in ALLOWED[own]:
                problems.append(f"{where}:{line}: the {own} layer imports {target} (layer {theirs})")
            if name is not None and name != "*" and target in modules and name not in _names(modules[target][0]):
                problems.append(f"{where}:{line}: imports {name} from {target}, which has no such name")
            if theirs != own:
                private = [part for part in target.split(".")[1:] if _private(part)]
                if private:
                    problems.append(f"{where}:{line}: imports {target}, private to lawkit.{theirs}")
                if name is not None and _private(name):
                    problems.append(f"{where}:{line}: imports {name} from {target}, private to it")
        defined = {node.name for node in ast.walk(tree)
                   if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
        defined |= {target.id for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AnnAssign))
                    for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                    if isinstance(target, ast.Name)}
        defined |= {target.attr for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AnnAssign))
                    for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                    if isinstance(target, ast.Attribute)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in defined
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                problems.append(f"{where}:{node.lineno}: reads .{node.attr}, private to another module")
    return problems


def test_the_layers_point_one_way():
    assert violations(PACKAGE) == []


def test_every_sub_package_has_a_layer():
    layers = {layer(module) for module in _modules(PACKAGE)}
    assert layers == set(ALLOWED), layers ^ set(ALLOWED)


def test_the_check_finds_each_kind_of_violation(tmp_path):
    """The rule can fail: a copy of lawkit/ with one violation of each kind planted in it."""
    copy = tmp_path / "lawkit"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "assets", "*.json"))

    def plant(relative: str, code: str) -> None:
        path = copy / relative
        before = path.read_text("utf-8") if path.exists() else ""
        path.write_text(before + "\n" + textwrap.dedent(code), "utf-8")

    plant("corpus/model.py", "from ..rules import Engine\n")  # the corpus reaching up
    plant("corpus/printed.py", "def _late():\n    from lawkit.retrieval import fulltext\n")  # inside a function
    plant("rules/coverage.py", "from ..site import plugin\n")
    plant("retrieval/fulltext.py", "from .. import cli\n")
    plant("cache.py", "import lawkit\n")  # cache imports the root
    plant("rules/engine.py", "from ..corpus._load import read_corpus\n")  # another's private module
    plant("site/ask.py", "from ..retrieval.semantic import _digest\n")  # another's private name
    plant("site/api.py", "from .. import retrieval\n\nx = retrieval.semantic.encoder()._weights\n")
    plant("pages.py", "")  # a module outside every layer
    plant("cli.py", "def _stats():\n    from .rules import no_such_name\n")  # a name the package lacks

    found = "\n".join(violations(copy))
    for expected in [
        "lawkit/corpus/model.py:", "the corpus layer imports lawkit.rules (layer rules)",
        "the corpus layer imports lawkit.retrieval.fulltext (layer retrieval)",
        "lawkit/rules/coverage.py:", "the rules layer imports lawkit.site.plugin (layer site)",
        "the retrieval layer imports lawkit.cli (layer cli)",
        "the cache layer imports lawkit (layer root)",
        "imports lawkit.corpus._load, private to lawkit.corpus",
        "imports _digest from lawkit.retrieval.semantic, private to it",
        "lawkit/site/api.py:", "reads ._weights, private to another module",
        "module lawkit.pages belongs to no layer",
        "imports no_such_name from lawkit.rules, which has no such name",
    ]:
        assert expected in found, f"{expected!r} not in:\n{found}"
    assert len(violations(copy)) == 10, found


def test_import_lawkit_stays_light():
    """``import lawkit`` (and the CLI module) load no sub-package's heavy parts: the CEL library,
    jsonschema, the YAML parsers and NumPy come with the first name that needs them."""
    import subprocess
    import sys

    code = ("import sys, lawkit, lawkit.cli; "
            "print(sorted(m for m in ('cel', 'jsonschema', 'yaml', 'ruamel', 'numpy', 'mkdocs', 'sqlite3') "
            "if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
