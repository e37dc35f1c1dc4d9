"""Generate the sync API (``src/browserkit/_sync/_generated.py``) from the async classes.

The async core is the only hand-written implementation. This script reads the
public members of each async class (signatures, annotations and docstrings)
and writes a blocking twin whose methods run the coroutine on the portal
thread. ``--check`` exits 1 when the committed file differs from what would be
generated, so a stale mirror fails CI.

    python scripts/generate_sync.py          # rewrite the file
    python scripts/generate_sync.py --check  # verify it is current
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import re
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "browserkit" / "_sync" / "_generated.py"

# async class -> (module, sync name). Order is the order in the output.
CLASSES = [
    ("browserkit._async.evidence.views", "AsyncDownloads", "Downloads"),
    ("browserkit._async.network.detail", "AsyncNetwork", "Network"),
    ("browserkit._async.session", "AsyncSession", "Session"),
    ("browserkit._async.browser", "AsyncBrowser", "Browser"),
]
PUBLIC_MODULES = [
    "browserkit.targets",
    "browserkit.results",
    "browserkit.config",
    "browserkit.types",
]
RENAMES = {async_name: sync_name for _, async_name, sync_name in CLASSES}
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
BUILTINS = {
    "None",
    "str",
    "int",
    "float",
    "bool",
    "bytes",
    "list",
    "dict",
    "tuple",
    "set",
    "object",
    "type",
}


def _rename(text: str) -> str:
    for old, new in RENAMES.items():
        text = re.sub(rf"\b{old}\b", new, text)
    return text


def _doc(doc: str | None, indent: str) -> list[str]:
    if not doc:
        return []
    text = inspect.cleandoc(doc)
    text = _rename(text).replace("async with ", "with ").replace("await ", "")
    text = text.replace('"""', '\\"\\"\\"')
    lines = text.splitlines()
    if len(lines) == 1:
        return [f'{indent}"""{lines[0]}"""']
    out = [f'{indent}"""{lines[0]}']
    out += [f"{indent}{line}" if line else "" for line in lines[1:]]
    out.append(f'{indent}"""')
    return out


def _param_text(param: inspect.Parameter) -> str:
    text = param.name
    if param.kind is inspect.Parameter.VAR_POSITIONAL:
        text = "*" + text
    elif param.kind is inspect.Parameter.VAR_KEYWORD:
        text = "**" + text
    if param.annotation is not inspect.Parameter.empty:
        text += f": {_rename(str(param.annotation))}"
        if param.default is not inspect.Parameter.empty:
            text += f" = {param.default!r}"
    elif param.default is not inspect.Parameter.empty:
        text += f"={param.default!r}"
    return text


def _signature(fn: object) -> tuple[str, str, str]:
    """(parameter list, call arguments, return annotation) for a function."""
    sig = inspect.signature(fn)  # type: ignore[arg-type]
    params: list[str] = []
    args: list[str] = []
    star_done = False
    for param in sig.parameters.values():
        if param.name == "self":
            params.append("self")
            continue
        if param.kind is inspect.Parameter.KEYWORD_ONLY and not star_done:
            params.append("*")
            star_done = True
        if param.kind is inspect.Parameter.VAR_POSITIONAL:
            star_done = True
        params.append(_param_text(param))
        if param.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD:
            args.append(param.name)
        elif param.kind is inspect.Parameter.KEYWORD_ONLY:
            args.append(f"{param.name}={param.name}")
        elif param.kind is inspect.Parameter.VAR_POSITIONAL:
            args.append(f"*{param.name}")
        else:
            args.append(f"**{param.name}")
    ret = sig.return_annotation
    ret_text = "None" if ret is inspect.Signature.empty else _rename(str(ret))
    return ", ".join(params), ", ".join(args), ret_text


def _wrap(expr: str, ret: str) -> str:
    """Wrap a returned async object in its sync twin."""
    for sync_name in RENAMES.values():
        if ret == sync_name:
            return f"_wrap_{sync_name.lower()}(self._portal, {expr})"
        if ret == f"list[{sync_name}]":
            return f"[_wrap_{sync_name.lower()}(self._portal, x) for x in {expr}]"
    return expr


def _public_members(cls: type) -> list[tuple[str, object]]:
    """Public members of ``cls``, then of its mixins, each in definition order (the
    class's own members come first, and win over a mixin's of the same name)."""
    members: dict[str, object] = {}
    for klass in cls.__mro__:
        if klass is object:
            continue
        for attr, value in vars(klass).items():
            if not attr.startswith("_"):
                members.setdefault(attr, value)
    return list(members.items())


def _collect_names(text: str, names: set[str]) -> None:
    for ident in IDENT.findall(text):
        names.add(ident)


def _stand_in_for_the_output() -> None:
    # Importing the async modules imports browserkit/__init__, which imports
    # the very module we are about to write; it may be stale or missing.
    stand_in = types.ModuleType("browserkit._sync._generated")
    for name in RENAMES.values():
        setattr(stand_in, name, None)
    sys.modules["browserkit._sync._generated"] = stand_in


def generate() -> str:
    _stand_in_for_the_output()
    names: set[str] = set()
    modules: dict[str, object] = {}
    body: list[str] = []
    for module_name, async_name, sync_name in CLASSES:
        module = importlib.import_module(module_name)
        modules[module_name] = module
        cls = getattr(module, async_name)
        for klass in cls.__mro__[1:]:
            # A base class annotates with names its own module imports.
            if klass.__module__.startswith("browserkit."):
                modules.setdefault(klass.__module__, sys.modules[klass.__module__])
        body.append("")
        body.append("")
        body.append(f"class {sync_name}:")
        body += _doc(cls.__doc__, "    ")
        body.append("")
        body.append(f"    _impl: {async_name}")
        body.append("    _portal: Portal")
        if sync_name == "Browser":
            body += _browser_init(cls, names)
        for attr, value in _public_members(cls):
            if isinstance(value, property):
                ret = _rename(str(inspect.signature(value.fget).return_annotation))  # type: ignore[arg-type]
                _collect_names(ret, names)
                body.append("")
                body.append("    @property")
                body.append(f"    def {attr}(self) -> {ret}:")
                body += _doc(value.__doc__, "        ")
                body.append(f"        return {_wrap(f'self._impl.{attr}', ret)}")
                continue
            if not inspect.isfunction(value):
                continue
            params, args, ret = _signature(value)
            _collect_names(params + " " + ret, names)
            body.append("")
            body.append(f"    def {attr}({params}) -> {ret}:")
            body += _doc(value.__doc__, "        ")
            call = f"self._impl.{attr}({args})"
            if inspect.iscoroutinefunction(value):
                call = f"self._portal.call({call})"
                # IPython and pytest leave the frame out of a traceback: the
                # caller's own line says what was called.
                body.append("        __tracebackhide__ = True")
            body.append(f"        return {_wrap(call, ret)}")
        if any("__len__" in vars(klass) for klass in cls.__mro__[:-1]):
            body += [
                "",
                "    def __len__(self) -> int:",
                "        return len(self._impl)",
            ]
        if sync_name == "Browser":
            body += [
                "",
                "    def __enter__(self) -> Browser:",
                "        return self",
                "",
                "    def __exit__(self, *exc_info: object) -> None:",
                "        self.close()",
            ]
        body += [
            "",
            "    def __repr__(self) -> str:",
            "        return repr(self._impl).replace('<Async', '<', 1)",
        ]
    for _, _, sync_name in CLASSES:
        names.discard(sync_name)
    imports = _imports(names, modules)
    head = [
        "# Generated by scripts/generate_sync.py from the async classes. Do not edit by hand:",
        "# change the async code, then run `python scripts/generate_sync.py`.",
        '"""The blocking API: the same classes as the async core, run on the portal thread."""',
        "",
        "from __future__ import annotations",
        "",
        *imports,
        *[f"from {module} import {async_name}" for module, async_name, _ in CLASSES],
        "from browserkit._portal import Portal, get_portal",
        "",
        f"__all__ = {sorted(sync for _, _, sync in CLASSES)!r}".replace("'", '"'),
    ]
    for _, async_name, sync_name in CLASSES:
        # One twin per async object, so `browser.session(id) is s` holds.
        head += [
            "",
            "",
            f"def _wrap_{sync_name.lower()}(portal: Portal, impl: {async_name}) -> {sync_name}:",
            f"    twin: {sync_name} | None = getattr(impl, '_sync_twin', None)",
            "    if twin is None:",
            f"        twin = {sync_name}.__new__({sync_name})",
            "        twin._impl = impl",
            "        twin._portal = portal",
            "        impl._sync_twin = twin  # type: ignore[attr-defined]",
            "    return twin",
        ]
    return "\n".join(head + body) + "\n"


def _browser_init(cls: type, names: set[str]) -> list[str]:
    params, args, _ = _signature(cls.__init__)
    _collect_names(params, names)
    return [
        "",
        f"    def __init__({params}) -> None:",
        "        self._portal = get_portal()",
        f"        self._impl = AsyncBrowser({args})",
        "        self._portal.register(self._impl)",
    ]


def _public_home(origin: str, name: str, obj: object) -> str:
    """The shortest outside package that exports ``obj`` (Python 3.13 defines Path in
    pathlib._local; the generated file must be the same on every Python)."""
    if origin.startswith("browserkit"):
        # browserkit itself imports this very module, so a name comes from the
        # public submodule that exports it (buffers, not _entries), where one does.
        if "._" in origin:
            public = _exporter(name, obj, public_only=True)
            return public or origin
        return origin
    parts = origin.split(".")
    for i in range(1, len(parts)):
        candidate = ".".join(parts[:i])
        if getattr(importlib.import_module(candidate), name, None) is obj:
            return candidate
    return origin


def _exporter(name: str, obj: object, *, public_only: bool = False) -> str | None:
    """The browserkit module whose ``__all__`` exports ``obj`` as ``name``, if any
    (with ``public_only``, one whose dotted path has no private part)."""
    for module_name, module in sorted(sys.modules.items()):
        if (
            module_name.startswith("browserkit.")
            and not (public_only and "._" in module_name)
            and name in getattr(module, "__all__", ())
            and getattr(module, name, None) is obj
        ):
            return module_name
    return None


def _imports(names: set[str], modules: dict[str, object]) -> list[str]:
    """Import lines for the names the annotations use, from where they are defined."""
    by_module: dict[str, set[str]] = {}
    for name in sorted(names - BUILTINS):
        for module in modules.values():
            if not hasattr(module, name):
                continue
            obj = getattr(module, name)
            origin = getattr(obj, "__module__", None)
            home = sys.modules.get(origin) if isinstance(origin, str) else None
            if home is None or getattr(home, name, None) is not obj:
                # An alias (Target = Union[...]) has no home of its own: take
                # the public module that defines it, else the browserkit
                # module that exports it, else the async module.
                origin = next(
                    (
                        m
                        for m in PUBLIC_MODULES
                        if getattr(importlib.import_module(m), name, None) is obj
                    ),
                    _exporter(name, obj) or module.__name__,  # type: ignore[attr-defined]
                )
            by_module.setdefault(_public_home(str(origin), name, obj), set()).add(name)
            break
    return [
        f"from {module_name} import {', '.join(sorted(found))}"
        for module_name, found in sorted(by_module.items())
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    text = generate()
    if args.check:
        current = OUT.read_text() if OUT.exists() else ""
        if current != text:
            print(
                f"{OUT.relative_to(ROOT)} is stale: run python scripts/generate_sync.py",
                file=sys.stderr,
            )
            return 1
        print(f"{OUT.relative_to(ROOT)} is current")
        return 0
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
