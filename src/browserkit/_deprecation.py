"""Old argument forms that keep working for one release, with a DeprecationWarning.

Each decorator here is declared once on the async method and records its own
source form; the sync generator repeats it on the blocking twin, so both APIs
accept the old form, warn at the caller's line (not on the portal thread),
and pass the value on in its new form.
"""

from __future__ import annotations

import functools
import inspect
import sys
import warnings
from collections.abc import Callable
from typing import Any, TypeVar

from browserkit.errors import InvalidArgumentError

__all__ = ["adapting", "renamed", "renamed_fields", "renamed_property", "warn_renamed"]

F = TypeVar("F", bound=Callable[..., Any])
C = TypeVar("C", bound=type)
Adapt = Callable[[dict[str, Any]], None]


def warn_renamed(old: str, new: str, *, adapter_file: str = __file__) -> None:
    """Warn that ``old`` is now ``new``, at the first caller outside browserkit's adapters.

    Decorators stack (``renamed`` over ``css_strings``) and the sync twin adds
    its own, so the caller is found by walking out of this file (and of the
    adapter's own, ``adapter_file``), not counted.
    """
    ours = {__file__, adapter_file}
    frame = sys._getframe(0)
    level = 1
    while frame.f_back is not None and frame.f_code.co_filename in ours:
        frame = frame.f_back
        level += 1
    warnings.warn(
        f"{old} is deprecated and goes in the next release: use {new}",
        DeprecationWarning,
        stacklevel=level,
    )


def adapting(fn: F, adapt: Adapt, source: str, home: str = __name__) -> F:
    """``fn`` with its keyword arguments adapted first.

    ``source`` is the decorator's own form (``renamed(a="b")``) and ``home``
    the module it is imported from: the sync generator repeats it on the twin.
    """
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
            __tracebackhide__ = True
            adapt(kwargs)
            return await fn(*args, **kwargs)

        wrapper: Any = async_wrapper
    else:

        @functools.wraps(fn)
        def sync_wrapper(*args: Any, **kwargs: Any) -> Any:
            __tracebackhide__ = True
            adapt(kwargs)
            return fn(*args, **kwargs)

        wrapper = sync_wrapper
    wrapper.__twin_decorators__ = [*getattr(fn, "__twin_decorators__", ()), (home, source)]
    return wrapper  # type: ignore[no-any-return]


def renamed(**aliases: str) -> Callable[[F], F]:
    """Accept each old keyword for one release: warn, then pass it on under its new name.

    ``old="new"`` passes the value as is; ``old="not new"`` passes its negation
    (``headful=True`` is ``headless=False``; None stays None).
    """

    def adapt(kwargs: dict[str, Any]) -> None:
        for old, spec in aliases.items():
            if old not in kwargs:
                continue
            negated = spec.startswith("not ")
            new = spec.removeprefix("not ")
            if new in kwargs:
                raise InvalidArgumentError(
                    f"both {old!r} and {new!r} given",
                    hint=f"pass {new!r} only ({old!r} is its old name)",
                )
            warn_renamed(f"{old}=", f"{new}=not {old}" if negated else f"{new}=")
            value = kwargs.pop(old)
            kwargs[new] = (not value) if negated and value is not None else value

    pairs = ", ".join(f'{old}="{new}"' for old, new in aliases.items())
    return lambda fn: adapting(fn, adapt, f"renamed({pairs})")


def renamed_property(new: str) -> Any:
    """A read-only attribute under its old name: warns, then reads ``new``.

    Typed ``Any`` so a class body can declare ``page_id = renamed_property("tab_id")``
    beside attrs fields and other properties.
    """

    def fget(self: object) -> Any:
        warn_renamed(getattr(fget, "__renamed_from__", "?"), new)
        return getattr(self, new)

    fget.__renamed_to__ = new  # type: ignore[attr-defined]
    return _RenamedProperty(fget)


class _RenamedProperty(property):
    """Learns its own (old) name when the class is made, for the warning."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.fget.__renamed_from__ = name  # type: ignore[union-attr]


def renamed_fields(**aliases: str) -> Callable[[C], C]:
    """A result class's renamed fields under their old names, for one release.

    Put above ``@attrs.frozen``: reading ``obj.old`` warns and reads ``obj.new``,
    and building one with ``old=`` warns and passes ``new=``.
    """

    def decorate(cls: C) -> C:
        for old, new in aliases.items():
            alias = renamed_property(new)
            alias.__set_name__(cls, old)
            setattr(cls, old, alias)
        setattr(cls, "__init__", renamed(**aliases)(vars(cls)["__init__"]))  # noqa: B010
        return cls

    return decorate
