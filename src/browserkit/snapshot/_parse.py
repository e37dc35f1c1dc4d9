"""Parse Playwright's ai-mode accessibility outline into a tree, and render it back exactly.

The outline is the YAML-like text of ``page.aria_snapshot(mode="ai")``::

    - generic [active] [ref=e1]:
      - heading "Hi" [level=1] [ref=e2]
      - link "Docs" [ref=e5] [cursor=pointer]:
        - /url: /docs
      - listitem [ref=e8]: a
      - text: plain text

Every node keeps its exact line, so :func:`render` gives back the input byte
for byte; the other fields are what the line means. Nothing here imports
Playwright.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator

import attrs

__all__ = ["Node", "Outline", "count_nodes", "parse", "render"]

# role, then an optional JSON-quoted name, then bracket attributes:
#   heading "Hi \"there\"" [level=1] [ref=e2]
_KEY_RE = re.compile(
    r'(?P<role>[A-Za-z][\w-]*)(?: (?P<name>"(?:[^"\\]|\\.)*"))?(?P<attrs>(?: \[[^\[\]]*\])*)',
    re.DOTALL,
)
_LINE_RE = re.compile(
    r'- (?P<role>[A-Za-z][\w-]*)(?: (?P<name>"(?:[^"\\]|\\.)*"))?(?P<attrs>(?: \[[^\[\]]*\])*)'
    r"(?::|: (?P<text>.*))?",
    re.DOTALL,
)
_ATTR_RE = re.compile(r" \[([^\[\]=]*)(?:=([^\[\]]*))?\]")
_ESCAPE_RE = re.compile(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)", re.DOTALL)
_SIMPLE_ESCAPES = {
    "0": "\0",
    "a": "\a",
    "b": "\b",
    "t": "\t",
    "\t": "\t",
    "n": "\n",
    "v": "\v",
    "f": "\f",
    "r": "\r",
    "e": "\x1b",
    " ": " ",
    '"': '"',
    "/": "/",
    "\\": "\\",
    "N": "\x85",
    "_": "\xa0",
    "L": "\u2028",
    "P": "\u2029",
}


@attrs.frozen(repr=False)
class Node:
    """One line of the outline and everything nested under it.

    Build nodes with :func:`parse`, :meth:`from_line` or :meth:`create`; the
    reading fields (``role``, ``name``, ...) are derived from ``line`` and
    ``prop_lines``, which are kept verbatim so rendering is exact.

    Attributes:
        role: ARIA role (``button``, ``listitem``), ``text`` for a text line,
            ``""`` for a line that could not be interpreted.
        name: accessible name, unquoted; None when the line shows none.
        attributes: bracket attributes in printed order except the ref, e.g.
            ``(("level", "1"),)`` or ``(("checked", None),)``.
        ref: the element ref (``e3``, ``f1e2``), or None.
        props: ``/url``, ``/placeholder`` ... lines as ``(key, value)`` pairs,
            key without the slash, value unquoted.
        text: inline text after the colon on the same line (for a text line, the
            text itself), unquoted; None when there is none.
        children: nested nodes in order.
        line: the exact line without its indentation (``- button "OK" [ref=e3]``).
            A line the parser could not place (odd indentation, no leading dash) is
            kept whole, indentation included, and is rendered as is.
        prop_lines: the exact property lines without indentation (``- /url: /x``).
        opaque: True when the line could not be fully interpreted; it is then
            kept verbatim and only ``line`` and ``children`` are meaningful.
    """

    role: str
    name: str | None = None
    attributes: tuple[tuple[str, str | None], ...] = ()
    ref: str | None = None
    props: tuple[tuple[str, str], ...] = ()
    text: str | None = None
    children: tuple[Node, ...] = ()
    line: str = ""
    prop_lines: tuple[str, ...] = ()
    opaque: bool = False

    @classmethod
    def from_line(
        cls,
        line: str,
        *,
        prop_lines: Iterable[str] = (),
        children: Iterable[Node] = (),
    ) -> Node:
        """Interpret one outline line (without indentation) as a node.

        Never raises: a line that cannot be interpreted becomes an opaque node
        that still renders exactly.

        >>> Node.from_line('- button "OK" [ref=e3]').ref
        'e3'
        """
        return _node_from_line(line, tuple(prop_lines), tuple(children))

    @classmethod
    def create(
        cls,
        role: str,
        name: str | None = None,
        *,
        attributes: Iterable[tuple[str, str | None]] = (),
        ref: str | None = None,
        props: Iterable[tuple[str, str]] = (),
        text: str | None = None,
        children: Iterable[Node] = (),
    ) -> Node:
        """Build a node printed the way Playwright prints it (quoting included).

        Useful for synthetic outlines and tests. ``text`` is inline text and
        cannot be combined with ``props`` or ``children`` (Playwright prints
        such text as a child ``text`` node; pass one instead). An empty name
        is not printed, as in Playwright.

        >>> Node.create("button", "OK", ref="e3").line
        '- button "OK" [ref=e3]'
        """
        props = tuple(props)
        kids = tuple(children)
        if text is not None and (props or kids):
            raise ValueError("inline text cannot be combined with props or children")
        if role == "text":
            if name or props or kids or ref is not None or tuple(attributes):
                raise ValueError("a text node has only text")
            return _node_from_line("- text: " + _yaml_value(text or ""), (), ())
        key = role
        if name:
            key += " " + json.dumps(name, ensure_ascii=False)
        tail = ""
        for attr_key, value in attributes:
            part = f" [{attr_key}]" if value is None else f" [{attr_key}={value}]"
            # Playwright prints the cursor hint right after the ref.
            if attr_key == "cursor" and ref is not None:
                tail += part
            else:
                key += part
        if ref is not None:
            key += f" [ref={ref}]"
        key += tail
        line = "- " + _yaml_key(key)
        if props or kids:
            line += ":"
        elif text is not None:
            line += ": " + _yaml_value(text)
        prop_lines = tuple(f"- /{k}: {_yaml_value(v)}" for k, v in props)
        return _node_from_line(line, prop_lines, kids)

    def walk(self) -> Iterator[Node]:
        """Yield this node and every node under it, in document order."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def __repr__(self) -> str:
        extra = f", children={len(self.children)}" if self.children else ""
        return f"Node({self.line!r}{extra})"


@attrs.frozen(repr=False)
class Outline:
    """A parsed outline: the top-level nodes in order.

    ``str(outline)`` renders it back to the exact text it was parsed from.
    """

    children: tuple[Node, ...] = ()

    def walk(self) -> Iterator[Node]:
        """Yield every node in document order."""
        stack = list(reversed(self.children))
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def find(self, ref: str) -> Node | None:
        """The node printed with ``[ref=<ref>]``, or None."""
        for node in self.walk():
            if node.ref == ref:
                return node
        return None

    def __str__(self) -> str:
        return render(self)

    def __repr__(self) -> str:
        return f"Outline({count_nodes(self)} nodes)"


def parse(text: str) -> Outline:
    """Parse an ai-mode outline into an :class:`Outline`.

    Linear in the text's size and never raises: lines it cannot interpret are
    kept verbatim as opaque nodes, so ``render(parse(text)) == text`` always.

    >>> outline = parse('- list [ref=e7]:\\n  - listitem [ref=e8]: a')
    >>> outline.children[0].children[0].text
    'a'
    """
    if not text:
        return Outline(())
    roots: list[Node] = []
    # Open nodes along the current path: [line, prop lines, children].
    stack: list[tuple[str, list[str], list[Node]]] = []

    def close() -> None:
        line, props, kids = stack.pop()
        if props:
            node = _node_from_line(line, tuple(props), tuple(kids))
        else:
            node = _LINES.node(line, tuple(kids))
        (stack[-1][2] if stack else roots).append(node)

    for raw in text.split("\n"):
        body = raw.lstrip(" ")
        indent = len(raw) - len(body)
        depth = indent >> 1
        if body.startswith("- ") and not indent & 1 and depth <= len(stack):
            if depth == len(stack) and stack and body.startswith("- /") and not stack[-1][2]:
                stack[-1][1].append(body)
                continue
            while len(stack) > depth:
                close()
            stack.append((body, [], []))
        else:
            # Not a line of the format at this place: keep it whole where it is.
            (stack[-1][2] if stack else roots).append(_opaque(raw))
    while stack:
        close()
    return Outline(tuple(roots))


def render(outline: Outline | Node) -> str:
    """Render an outline (or one node's subtree, from depth 0) back to text.

    For anything :func:`parse` returned, ``render(parse(text)) == text``.
    """
    top = outline.children if isinstance(outline, Outline) else (outline,)
    out: list[str] = []
    stack: list[tuple[Node, str]] = [(node, "") for node in reversed(top)]
    while stack:
        node, indent = stack.pop()
        line = node.line
        if line.startswith("- "):
            out.append(indent + line)
            if node.prop_lines:
                inner = indent + "  "
                out.extend(inner + prop for prop in node.prop_lines)
        else:
            out.append(line)
        if node.children:
            inner = indent + "  "
            stack.extend((child, inner) for child in reversed(node.children))
    return "\n".join(out)


def count_nodes(tree: Outline | Node) -> int:
    """Number of nodes in an outline, or in a node's subtree (the node included)."""
    stack = list(tree.children) if isinstance(tree, Outline) else [tree]
    count = 0
    while stack:
        node = stack.pop()
        count += 1
        if node.children:
            stack.extend(node.children)
    return count


class _LineCache:
    """Nodes already parsed from a line, so an outline read again costs little.

    An action reads the page before and after; most lines are the same both
    times, and parsing each again (a regex, JSON names, YAML text) was most
    of the cost of the second read. A line alone decides its node when it
    has no property lines; a childless one is shared as it is (nodes are
    frozen), one with children gets its own with the fields copied. Bounded:
    cleared when full, so a stream of ever-new lines cannot grow it.
    """

    LIMIT = 50_000

    def __init__(self) -> None:
        self._nodes: dict[str, Node] = {}

    def node(self, line: str, children: tuple[Node, ...]) -> Node:
        head = self._nodes.get(line)
        if head is None:
            head = _node_from_line(line, (), ())
            if len(self._nodes) >= self.LIMIT:
                self._nodes.clear()
            self._nodes[line] = head
        if not children:
            return head
        if head.opaque:
            return _opaque(line, children)
        return Node(
            role=head.role,
            name=head.name,
            attributes=head.attributes,
            ref=head.ref,
            text=head.text,
            children=children,
            line=line,
        )


_LINES = _LineCache()


def _opaque(line: str, children: tuple[Node, ...] = (), prop_lines: tuple[str, ...] = ()) -> Node:
    return Node(role="", children=children, line=line, prop_lines=prop_lines, opaque=True)


def _node_from_line(line: str, prop_lines: tuple[str, ...], children: tuple[Node, ...]) -> Node:
    match = _LINE_RE.fullmatch(line)
    if match is not None:
        # The common shape, in one regex: - role "name" [attr]...[: text]
        role, quoted_name, attrs, text = match.group("role", "name", "attrs", "text")
    else:
        parts = _split_line(line)
        if parts is None:
            return _opaque(line, children, prop_lines)
        key, text = parts
        found = _KEY_RE.fullmatch(key)
        if found is None:
            return _opaque(line, children, prop_lines)
        role, quoted_name, attrs = found.group("role", "name", "attrs")
    if text is not None:
        text = _yaml_unquote(text)
    name: str | None = None
    if quoted_name is not None:
        try:
            name = json.loads(quoted_name)
        except ValueError:
            return _opaque(line, children, prop_lines)
    ref: str | None = None
    attributes: tuple[tuple[str, str | None], ...] = ()
    if attrs.startswith(" [ref=") and attrs.find("[", 2) < 0:
        ref = attrs[6:-1]  # the usual case: the ref alone
    elif attrs:
        found_attrs: list[tuple[str, str | None]] = []
        for attr in _ATTR_RE.finditer(attrs):
            attr_key, value = attr[1], attr[2]
            if attr_key == "ref" and ref is None and value is not None:
                ref = value
            else:
                found_attrs.append((attr_key, value))
        attributes = tuple(found_attrs)
    return Node(
        role=role,
        name=name,
        attributes=attributes,
        ref=ref,
        props=tuple(_prop(prop) for prop in prop_lines) if prop_lines else (),
        text=text,
        children=children,
        line=line,
        prop_lines=prop_lines,
    )


def _split_line(line: str) -> tuple[str, str | None] | None:
    """Split ``- key``, ``- key:`` or ``- key: text`` into the unquoted key and raw text."""
    if not line.startswith("- "):
        return None
    body = line[2:]
    if body.startswith("'"):
        # A YAML single-quoted key: '' stands for one quote.
        end = 1
        while True:
            end = body.find("'", end)
            if end < 0:
                return None
            if body.startswith("'", end + 1):
                end += 2
                continue
            break
        key = body[1:end].replace("''", "'")
        rest = body[end + 1 :]
    else:
        # An unquoted key never contains ": " or ends with ":" (Playwright quotes it then).
        cut = body.find(": ")
        if cut >= 0:
            key, rest = body[:cut], body[cut:]
        elif body.endswith(":"):
            key, rest = body[:-1], ":"
        else:
            key, rest = body, ""
    if rest.startswith(": "):
        return key, rest[2:]
    if rest in ("", ":"):
        return key, None
    return None


def _prop(line: str) -> tuple[str, str]:
    body = line[3:] if line.startswith("- /") else line
    cut = body.find(": ")
    if cut >= 0:
        return body[:cut], _yaml_unquote(body[cut + 2 :])
    return body.removesuffix(":"), ""


def _yaml_unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
        return _ESCAPE_RE.sub(_unescape, value[1:-1])
    if len(value) >= 2 and value[0] == "'" and value[-1] == "'":
        return value[1:-1].replace("''", "'")
    return value


def _unescape(match: re.Match[str]) -> str:
    code = match[1]
    if len(code) > 1:
        return chr(int(code[1:], 16))
    return _SIMPLE_ESCAPES.get(code, match[0])


# Quoting, ported from Playwright's yaml.ts, so Node.create prints what Playwright prints.
_NUMBER_RE = re.compile(
    r"\s*(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|Infinity)"
    r"|0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO][0-7]+)\s*"
)
_NEEDS_QUOTES_RE = re.compile(
    r"^\s|\s$|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|^-|[\n:](?:\s|$)|\s#|[\n\r]"
    r"|^[&*\],?!>|@\"'#%]|[{}`]|^\[|^[-+]?\.(?:inf|nan)$",
    re.IGNORECASE,
)
_YAML_WORDS = frozenset({"y", "n", "yes", "no", "true", "false", "on", "off", "null", "~"})
_VALUE_ESCAPE_RE = re.compile(r'[\\"\x00-\x1f\x7f-\x9f]')
_VALUE_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r"}
_VALUE_ESCAPES["\t"] = "\\t"


def _needs_quotes(value: str) -> bool:
    return (
        not value
        or _NEEDS_QUOTES_RE.search(value) is not None
        or _NUMBER_RE.fullmatch(value) is not None
        or value.lower() in _YAML_WORDS
    )


def _yaml_key(key: str) -> str:
    if not _needs_quotes(key):
        return key
    return "'" + key.replace("'", "''") + "'"


def _yaml_value(value: str) -> str:
    if not _needs_quotes(value):
        return value
    return (
        '"'
        + _VALUE_ESCAPE_RE.sub(
            lambda m: _VALUE_ESCAPES.get(m[0], f"\\x{ord(m[0]):02x}"),
            value,
        )
        + '"'
    )
