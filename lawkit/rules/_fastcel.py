"""The corpus's CEL compiled into Python: one function of the environment per expression.

The CEL library (a Rust extension) converts every value into CEL at each context update and runs
its programs through an interpreter; a full hand's views and rulings then take more than a frame.
This module parses the subset of CEL the corpus writes and builds, with Python's ``ast`` module,
one function ``f(env)`` per expression, in which a macro is a Python comprehension over the
environment's own values (nothing is converted).

The generated code gives a value only where CEL's result is certain: every operation whose operand
types it does not handle (or that would overflow, divide by zero, miss a key or an index, read an
unbound name) raises, and the caller runs the expression in the library instead, so every error and
CEL's absorption of errors by ``&&``, ``||`` and the macros are the library's own.

No name the corpus chose reaches Python as code: identifiers are looked up in the environment by
string, a macro's variable becomes a local named ``_v_<name>``, fields and indexes go through the
helpers below (dictionary and list lookups, never attributes), and the code runs with empty
``__builtins__``. An expression outside the subset gets no function (``compile_fast`` returns None).
"""

from __future__ import annotations

import ast
import re
from typing import Any, Callable

from . import celnames

INT_MIN, INT_MAX = -(2 ** 63), 2 ** 63 - 1
MAX_DEPTH = 60  # the library refuses far less deep nesting; Python's compiler must not recurse far
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
# CEL's reserved words, which the library refuses or treats apart: no fast program reads them.
_RESERVED = frozenset({"as", "break", "const", "continue", "else", "for", "function", "if", "import", "let", "loop",
                       "package", "namespace", "return", "var", "void", "while", "in", "true", "false", "null"})


class Unsupported(Exception):
    """The expression is outside the subset compiled into Python: the library alone runs it."""


class Fallback(Exception):
    """The generated code met something it does not decide: the library runs the expression."""


# -- tokens ---------------------------------------------------------------------------------------

_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\", "?": "?",
            '"': '"', "'": "'", "`": "`"}


def _tokens(source: str) -> list[tuple[str, Any, int]]:
    """celnames' tokens with strings decoded and integers read (anything else is outside the subset)."""
    try:
        read = celnames.tokens(source)
    except ValueError as exc:
        raise Unsupported(str(exc)) from None
    found: list[tuple[str, Any, int]] = []
    for kind, text, at in read:
        if kind == "string":
            if text[0] in "bB" or text[:2].lower() in ("rb", "br"):
                raise Unsupported("bytes")
            found.append(("string", _string(text), at))
        elif kind == "number":
            if not text.isdigit():
                raise Unsupported("a number other than a decimal integer")
            value = int(text)
            if value > INT_MAX + 1:  # INT_MAX + 1 is allowed only under a minus sign
                raise Unsupported("an integer out of range")
            found.append(("number", value, at))
        else:
            found.append((kind, text, at))
    found.append(("end", "", len(source)))
    return found


def _string(text: str) -> str:
    raw = text[0] in "rR"
    if raw:
        text = text[1:]
    quote = 3 if text[:3] in ("'''", '"""') else 1
    body = text[quote:-quote]
    if raw:
        return body
    out: list[str] = []
    at = 0
    while at < len(body):
        char = body[at]
        if char != "\\":
            out.append(char)
            at += 1
            continue
        code = body[at + 1] if at + 1 < len(body) else ""
        if code in _ESCAPES:
            out.append(_ESCAPES[code])
            at += 2
        elif code in "xX" and re.fullmatch(r"[0-9a-fA-F]{2}", body[at + 2:at + 4]):
            out.append(chr(int(body[at + 2:at + 4], 16)))
            at += 4
        elif code == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", body[at + 2:at + 6]):
            point = int(body[at + 2:at + 6], 16)
            if 0xD800 <= point <= 0xDFFF:
                raise Unsupported("a surrogate in a string")
            out.append(chr(point))
            at += 6
        elif code in "01234567" and re.fullmatch(r"[0-3][0-7]{2}", body[at + 1:at + 4]):
            out.append(chr(int(body[at + 1:at + 4], 8)))
            at += 4
        else:
            raise Unsupported("an escape the subset does not read")
    return "".join(out)


# -- parser: tuples (kind, offset, ...) -------------------------------------------------------------

_RELATIONS = ("==", "!=", "<", "<=", ">", ">=", "in")
_MACROS = {"all": (2,), "exists": (2,), "exists_one": (2,), "filter": (2,), "map": (2, 3)}
_METHODS = {"size": 0, "startsWith": 1, "endsWith": 1, "contains": 1}
_FUNCTIONS = {"size": 1, "string": 1, "int": 1}


class _Parser:
    def __init__(self, source: str):
        self.tokens = _tokens(source)
        self.at = 0
        self.depth = 0

    def peek(self) -> tuple[str, Any, int]:
        return self.tokens[self.at]

    def take(self, text: str | None = None) -> tuple[str, Any, int]:
        token = self.tokens[self.at]
        if text is not None and (token[0] not in ("punct", "name") or token[1] != text):
            raise Unsupported(f"expected {text!r} at offset {token[2]}")
        self.at += 1
        return token

    def is_punct(self, *texts: str) -> bool:
        kind, text, _ = self.tokens[self.at]
        return kind == "punct" and text in texts

    def parse(self) -> tuple:
        node = self.expr()
        if self.peek()[0] != "end":
            raise Unsupported(f"unexpected text at offset {self.peek()[2]}")
        return node

    def expr(self) -> tuple:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise Unsupported("nested too deep")
        node = self.or_()
        if self.is_punct("?"):
            at = self.take()[2]
            then = self.or_()
            self.take(":")
            node = ("cond", at, node, then, self.expr())
        self.depth -= 1
        return node

    def or_(self) -> tuple:
        node = self.and_()
        while self.is_punct("||"):
            node = ("or", self.take()[2], node, self.and_())
        return node

    def and_(self) -> tuple:
        node = self.relation()
        while self.is_punct("&&"):
            node = ("and", self.take()[2], node, self.relation())
        return node

    def relation(self) -> tuple:
        node = self.addition()
        while self.is_punct("==", "!=", "<", "<=", ">", ">=") or self.peek()[:2] == ("name", "in"):
            op, at = self.take()[1:]
            node = ("bin", at, op, node, self.addition())
        return node

    def addition(self) -> tuple:
        node = self.multiplication()
        while self.is_punct("+", "-"):
            op, at = self.take()[1:]
            node = ("bin", at, op, node, self.multiplication())
        return node

    def multiplication(self) -> tuple:
        node = self.unary()
        while self.is_punct("*", "/", "%"):
            op, at = self.take()[1:]
            node = ("bin", at, op, node, self.unary())
        return node

    def unary(self) -> tuple:
        if self.is_punct("!", "-"):
            op, at = self.take()[1:]
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise Unsupported("nested too deep")
            operand = self.unary()
            self.depth -= 1
            if op == "-" and operand[0] == "int" and operand[3]:  # a negative literal, as CEL reads it
                return ("int", at, -operand[2], False)
            return ("not" if op == "!" else "neg", at, operand)
        return self.member()

    def member(self) -> tuple:
        node = self.primary()
        while True:
            if self.is_punct("."):
                self.take()
                kind, name, at = self.take()
                if kind != "name":  # a field may have a reserved word's name (void): it is only a key
                    raise Unsupported(f"a field name expected at offset {at}")
                if self.is_punct("("):
                    node = self.call_on(node, name, at)
                else:
                    node = ("field", at, node, name)
            elif self.is_punct("["):
                at = self.take()[2]
                index = self.expr()
                self.take("]")
                node = ("index", at, node, index)
            else:
                return node

    def arguments(self) -> list[tuple]:
        self.take("(")
        return self.items(")")

    def items(self, close: str) -> list[tuple]:
        """Expressions separated by commas up to ``close`` (taken): a call's arguments, a list's items."""
        found: list[tuple] = []
        while not self.is_punct(close):
            found.append(self.expr())
            if not self.is_punct(close):
                self.take(",")
        self.take(close)
        return found

    def call_on(self, target: tuple, name: str, at: int) -> tuple:
        if name in _MACROS:
            self.take("(")
            kind, variable, _ = self.take()
            if kind != "name" or not _IDENT.match(variable) or variable in _RESERVED:
                raise Unsupported(f"a macro variable expected at offset {at}")
            rest: list[tuple] = []
            while self.is_punct(","):
                self.take()
                rest.append(self.expr())
            self.take(")")
            if len(rest) + 1 not in _MACROS[name]:
                raise Unsupported(f"{name} with {len(rest) + 1} arguments")
            return ("macro", at, name, target, variable, rest)
        args = self.arguments()
        if _METHODS.get(name) != len(args):
            raise Unsupported(f"the method {name}")
        return ("method", at, name, target, args)

    def primary(self) -> tuple:
        kind, value, at = self.take()
        if kind == "number":
            # INT_MAX + 1 stands only under a minus sign (the flag: a bare literal that may be negated)
            return ("int", at, value, True)
        if kind == "string":
            return ("str", at, value)
        if kind == "name":
            if value in ("true", "false"):
                return ("bool", at, value == "true")
            if value == "null":
                return ("null", at)
            if value in _RESERVED:
                raise Unsupported(f"the reserved word {value}")
            if self.is_punct("("):
                if value == "has":
                    args = self.arguments()
                    if len(args) != 1 or args[0][0] != "field":
                        raise Unsupported("has() of something other than a field")
                    return ("has", at, args[0][2], args[0][3])
                args = self.arguments()
                if _FUNCTIONS.get(value) != len(args):
                    raise Unsupported(f"the function {value}")
                return ("call", at, value, args)
            return ("ident", at, value)
        if kind == "punct":
            if value == "(":
                node = self.expr()
                self.take(")")
                # a literal in parentheses is no longer one a minus sign makes negative
                return ("int", node[1], node[2], False) if node[0] == "int" else node
            if value == "[":
                return ("list", at, self.items("]"))
            if value == "{":
                pairs: list[tuple[tuple, tuple]] = []
                while not self.is_punct("}"):
                    key = self.expr()
                    self.take(":")
                    pairs.append((key, self.expr()))
                    if not self.is_punct("}"):
                        self.take(",")
                self.take("}")
                return ("map", at, pairs)
            if value == ".":
                raise Unsupported("a leading dot")
        raise Unsupported(f"unexpected {value!r} at offset {at}")


# -- runtime helpers: each gives CEL's value or raises Fallback -------------------------------------

def _is_int(value: Any) -> bool:
    return type(value) is int


def h_bool(value: Any) -> bool:
    if value is True or value is False:
        return value
    raise Fallback


def h_not(value: Any) -> bool:
    if value is True:
        return False
    if value is False:
        return True
    raise Fallback


def h_neg(value: Any) -> int:
    if type(value) is int and value != INT_MIN:
        return -value
    raise Fallback


def _checked(value: int) -> int:
    if INT_MIN <= value <= INT_MAX:
        return value
    raise Fallback


def h_add(left: Any, right: Any) -> Any:
    kind = type(left)
    if kind is type(right):
        if kind is int:
            return _checked(left + right)
        if kind is str or kind is list:
            return left + right
    if isinstance(left, list) and isinstance(right, list):
        return [*left, *right]
    raise Fallback


def h_sub(left: Any, right: Any) -> int:
    if type(left) is int and type(right) is int:
        return _checked(left - right)
    raise Fallback


def h_mul(left: Any, right: Any) -> int:
    if type(left) is int and type(right) is int:
        return _checked(left * right)
    raise Fallback


def h_div(left: Any, right: Any) -> int:
    if type(left) is int and type(right) is int and right != 0 and not (left == INT_MIN and right == -1):
        quotient = abs(left) // abs(right)  # CEL truncates toward zero
        return quotient if (left < 0) == (right < 0) else -quotient
    raise Fallback


def h_mod(left: Any, right: Any) -> int:
    if type(left) is int and type(right) is int and right != 0 and not (left == INT_MIN and right == -1):
        remainder = abs(left) % abs(right)  # the sign of the dividend, as CEL's
        return -remainder if left < 0 else remainder
    raise Fallback


_PLAIN = (str, int, bool, type(None))


def h_eq(left: Any, right: Any) -> bool:
    """CEL's equality: values of two kinds are unequal (true is not 1); lists and maps item by item."""
    kind = type(left)
    if kind is type(right) and kind in _PLAIN:
        return left == right
    if isinstance(left, list):
        if isinstance(right, list):
            return len(left) == len(right) and all(map(h_eq, left, right))
        if type(right) in _PLAIN or isinstance(right, dict):
            return False
    elif isinstance(left, dict):
        if isinstance(right, dict):
            if len(left) != len(right):
                return False
            for key, value in left.items():
                if type(key) is not str:
                    raise Fallback  # 1 and true are one key to Python, two to CEL
                if key not in right or not h_eq(value, right[key]):
                    return False
            return True
        if type(right) in _PLAIN or isinstance(right, list):
            return False
    elif kind in _PLAIN and (type(right) in _PLAIN or isinstance(right, (list, dict))):
        return False  # two kinds (a float or anything else unusual is the library's to decide)
    raise Fallback


def h_ne(left: Any, right: Any) -> bool:
    return not h_eq(left, right)


def _ordered(left: Any, right: Any) -> None:
    kind = type(left)
    if kind is not type(right) or (kind is not int and kind is not str):
        raise Fallback


def h_lt(left: Any, right: Any) -> bool:
    _ordered(left, right)
    return left < right


def h_le(left: Any, right: Any) -> bool:
    _ordered(left, right)
    return left <= right


def h_gt(left: Any, right: Any) -> bool:
    _ordered(left, right)
    return left > right


def h_ge(left: Any, right: Any) -> bool:
    _ordered(left, right)
    return left >= right


def h_in(item: Any, container: Any) -> bool:
    if isinstance(container, list):
        kind = type(item)
        if kind is str:
            return item in container  # a text equals only a text
        return any(h_eq(item, other) for other in container)
    if isinstance(container, dict) and type(item) is str:
        return item in container
    raise Fallback


def h_field(value: Any, name: str) -> Any:
    if isinstance(value, dict):
        return value[name]  # a missing field: KeyError, and the library decides
    raise Fallback


def h_has(value: Any, name: str) -> bool:
    if isinstance(value, dict):
        return name in value
    raise Fallback


def h_index(value: Any, key: Any) -> Any:
    if isinstance(value, list):
        if type(key) is int and 0 <= key < len(value):
            return value[key]
    elif isinstance(value, dict) and type(key) is str:
        return value[key]
    raise Fallback


def h_size(value: Any) -> int:
    if isinstance(value, (list, dict)):
        return len(value)
    if type(value) is str and value.isascii():  # the library counts a text's bytes
        return len(value)
    raise Fallback


def h_string(value: Any) -> str:
    if type(value) is str:
        return value
    if type(value) is int:
        return str(value)
    raise Fallback


_DIGITS = re.compile(r"[+-]?[0-9]+\Z")


def h_int(value: Any) -> int:
    if type(value) is int:
        return value
    if type(value) is str and value.isascii() and _DIGITS.match(value):
        return _checked(int(value))
    raise Fallback


def h_starts(value: Any, prefix: Any) -> bool:
    if type(value) is str and type(prefix) is str:
        return value.startswith(prefix)
    raise Fallback


def h_ends(value: Any, suffix: Any) -> bool:
    if type(value) is str and type(suffix) is str:
        return value.endswith(suffix)
    raise Fallback


def h_contains(value: Any, part: Any) -> bool:
    if type(value) is str and type(part) is str:
        return part in value
    raise Fallback


def h_list(value: Any) -> list[Any]:
    """What a macro ranges over: a list (a map's keys come in the library's order, so it decides)."""
    if isinstance(value, list):
        return value
    raise Fallback


def h_map(*items: Any) -> dict[str, Any]:
    """A map literal whose keys are not all texts written out: each key must be a text."""
    out: dict[str, Any] = {}
    for at in range(0, len(items), 2):
        if type(items[at]) is not str:
            raise Fallback
        out[items[at]] = items[at + 1]
    return out


def h_count(found: list[Any]) -> int:
    return len(found)


HELPERS: dict[str, Any] = {name: value for name, value in globals().items() if name.startswith("h_")}
HELPERS.update(h_any=any, h_all=all)


# -- code generation ------------------------------------------------------------------------------

# Every node's place, given as it is made: ast.fix_missing_locations walking each tree cost more than
# all the rest of compiling the corpus into Python.
_AT: dict[str, Any] = {"lineno": 1, "col_offset": 0, "end_lineno": 1, "end_col_offset": 0}

_BOOL_NODES = frozenset({"and", "or", "not", "has"})
_LITERALS = frozenset({"int", "str", "bool", "null", "list", "map"})
_BINARY = {"==": "h_eq", "!=": "h_ne", "<": "h_lt", "<=": "h_le", ">": "h_gt", ">=": "h_ge", "in": "h_in",
           "+": "h_add", "-": "h_sub", "*": "h_mul", "/": "h_div", "%": "h_mod"}
_METHOD_HELPERS = {"size": "h_size", "startsWith": "h_starts", "endsWith": "h_ends", "contains": "h_contains"}


def _call(helper: str, *args: ast.expr) -> ast.expr:
    return ast.Call(ast.Name(helper, ast.Load(), **_AT), list(args), [], **_AT)


def _is_bool(node: tuple) -> bool:
    kind = node[0]
    if kind in _BOOL_NODES or kind == "bool":
        return True
    if kind == "bin":
        return node[2] in _RELATIONS
    if kind == "macro":
        return node[2] in ("all", "exists", "exists_one")
    if kind == "method":
        return node[2] != "size"
    return False


class _Generator:
    def __init__(self) -> None:
        self.scopes: list[str] = []

    def condition(self, node: tuple) -> ast.expr:
        """``node`` as a Python bool: CEL's value when it is one, else Fallback."""
        code = self.expr(node)
        return code if _is_bool(node) else _call("h_bool", code)

    def expr(self, node: tuple) -> ast.expr:
        kind = node[0]
        if kind == "int":
            if not INT_MIN <= node[2] <= INT_MAX:
                raise Unsupported("an integer out of range")
            return ast.Constant(node[2], **_AT)
        if kind in ("str", "bool"):
            return ast.Constant(node[2], **_AT)
        if kind == "null":
            return ast.Constant(None, **_AT)
        if kind == "ident":
            name = node[2]
            if not _IDENT.match(name):
                raise Unsupported("a name CEL does not allow")
            if name in self.scopes:
                return ast.Name(f"_v_{name}", ast.Load(), **_AT)
            # read by its text: an unbound name is a KeyError, and the library decides
            return ast.Subscript(ast.Name("env", ast.Load(), **_AT), ast.Constant(name, **_AT), ast.Load(), **_AT)
        if kind == "list":
            return ast.List([self.expr(item) for item in node[2]], ast.Load(), **_AT)
        if kind == "map":
            keys = [key for key, _ in node[2]]
            if all(key[0] == "str" for key in keys) and len({key[2] for key in keys}) == len(keys):
                return ast.Dict([ast.Constant(key[2], **_AT) for key in keys], [self.expr(v) for _, v in node[2]], **_AT)
            return _call("h_map", *[self.expr(part) for pair in node[2] for part in pair])
        if kind == "field":
            return _call("h_field", self.expr(node[2]), ast.Constant(node[3], **_AT))
        if kind == "has":
            return _call("h_has", self.expr(node[2]), ast.Constant(node[3], **_AT))
        if kind == "index":
            return _call("h_index", self.expr(node[2]), self.expr(node[3]))
        if kind == "not":
            operand = node[2]
            if _is_bool(operand):
                return ast.UnaryOp(ast.Not(), self.expr(operand), **_AT)
            return _call("h_not", self.expr(operand))
        if kind == "neg":
            return _call("h_neg", self.expr(node[2]))
        if kind in ("and", "or"):
            # Left to right, as Python does: a left side that decides gives CEL's value; a left side that
            # fails falls back to the library, which absorbs the error if the right side decides.
            return ast.BoolOp(ast.And() if kind == "and" else ast.Or(),
                              [self.condition(node[2]), self.condition(node[3])], **_AT)
        if kind == "cond":
            return ast.IfExp(self.condition(node[2]), self.expr(node[3]), self.expr(node[4]), **_AT)
        if kind == "bin":
            op, left, right = node[2], node[3], node[4]
            if op in ("==", "!=") and (left[0] in ("str", "null") and right[0] not in _LITERALS
                                       or right[0] in ("str", "null") and left[0] not in _LITERALS):
                # A text equals only a text, null only null: Python's == and `is` say the same.
                if right[0] not in ("str", "null"):
                    left, right = right, left
                compare: ast.cmpop
                if right[0] == "null":
                    compare = ast.Is() if op == "==" else ast.IsNot()
                else:
                    compare = ast.Eq() if op == "==" else ast.NotEq()
                return ast.Compare(self.expr(left), [compare], [self.expr(right)], **_AT)
            return _call(_BINARY[op], self.expr(left), self.expr(right))
        if kind == "call":
            return _call(f"h_{node[2]}", *[self.expr(arg) for arg in node[3]])
        if kind == "method":
            return _call(_METHOD_HELPERS[node[2]], self.expr(node[3]), *[self.expr(arg) for arg in node[4]])
        if kind == "macro":
            return self.macro(node)
        raise Unsupported(kind)

    def macro(self, node: tuple) -> ast.expr:
        _, _, name, target, variable, rest = node
        iterable = _call("h_list", self.expr(target))  # evaluated outside the macro's scope
        self.scopes.append(variable)
        try:
            local = ast.Name(f"_v_{variable}", ast.Store(), **_AT)
            if name == "map":
                conditions = [self.condition(rest[0])] if len(rest) == 2 else []
                return ast.ListComp(self.expr(rest[-1]), [ast.comprehension(local, iterable, conditions, 0)], **_AT)
            test = self.condition(rest[0])
            if name == "filter":
                return ast.ListComp(ast.Name(f"_v_{variable}", ast.Load(), **_AT),
                                    [ast.comprehension(local, iterable, [test], 0)], **_AT)
            if name == "exists_one":
                found = ast.ListComp(ast.Constant(1, **_AT), [ast.comprehension(local, iterable, [test], 0)], **_AT)
                return ast.Compare(_call("h_count", found), [ast.Eq()], [ast.Constant(1, **_AT)], **_AT)
            # all / exists: a generator, so the first false / true ends it as it ends CEL's
            generator = ast.GeneratorExp(test, [ast.comprehension(local, iterable, [], 0)], **_AT)
            return _call("h_all" if name == "all" else "h_any", generator)
        finally:
            self.scopes.pop()


def compile_fast(source: str) -> Callable[[dict[str, Any]], Any]:
    """``source`` as a Python function of the environment (Unsupported if outside the subset)."""
    try:
        tree = _Parser(source).parse()
        body = _Generator().expr(tree)
    except RecursionError:
        raise Unsupported("nested too deep") from None
    function = ast.FunctionDef(
        name="cel_expression", args=ast.arguments([], [ast.arg("env", **_AT)], None, [], [], None, []),
        body=[ast.Return(body, **_AT)], decorator_list=[], returns=None, **_AT)
    module = ast.Module([function], [])
    try:
        code = compile(module, "<cel>", "exec")
    except (RecursionError, MemoryError, ValueError, SyntaxError):
        raise Unsupported("too large for Python's compiler") from None
    namespace: dict[str, Any] = {"__builtins__": {}, **HELPERS}
    exec(code, namespace)  # noqa: S102 - code built from ast nodes above, no source text
    return namespace["cel_expression"]
