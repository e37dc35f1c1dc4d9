"""Tool arguments: one attrs class per tool gives both its JSON Schema and its parser.

A tool's arguments are a frozen attrs class whose fields use :func:`arg`. From
that one definition :func:`json_schema` writes a draft 2020-12 schema and
:func:`parse` turns a model's JSON into an instance, strictly: no coercion
(``"3"`` is not an int, ``1`` is not a bool), unknown fields refused, and every
failure an :class:`~browserkit.InvalidArgumentError` that names the field.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, Union, cast, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError

from browserkit.errors import InvalidArgumentError

__all__ = ["arg", "json_schema", "parse"]

_A = TypeVar("_A")

_NOTHING: Any = attrs.NOTHING


def arg(
    description: str = "",
    *,
    default: Any = _NOTHING,
    minimum: float | None = None,
    maximum: float | None = None,
    listed: bool = True,
) -> Any:
    """An argument field: its model-facing description, default and numeric bounds.

    Args:
        description: What the model is told about the argument. Leave it out when
            the name says it all (``session_id``, ``timeout_ms``): the list of
            tools is resent to the model on every turn.
        default: The value when the model leaves the argument out; default:
            none, which makes the argument required.
        minimum: The smallest number accepted (JSON Schema ``minimum``);
            default: no bound.
        maximum: The largest number accepted (JSON Schema ``maximum``);
            default: no bound.
        listed: False keeps an argument that is still accepted out of the
            schema (an older spelling of another); default True.
    """
    metadata: dict[str, Any] = {"description": description, "listed": listed}
    if minimum is not None:
        metadata["minimum"] = minimum
    if maximum is not None:
        metadata["maximum"] = maximum
    return attrs.field(default=default, metadata=metadata)


# ------------------------------------------------------------------ schema


def _type_schema(tp: Any) -> dict[str, Any]:
    origin = get_origin(tp)
    if tp is str:
        return {"type": "string"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is float:
        return {"type": "number"}
    if origin is Literal:
        values = list(get_args(tp))
        return {"type": "string", "enum": values}
    if origin in (tuple, list):
        inner = get_args(tp)[0]
        return {"type": "array", "items": _type_schema(inner)}
    if attrs.has(tp):
        return _build_schema(tp)
    if origin in (Union, types.UnionType):
        members = [a for a in get_args(tp) if a is not type(None)]
        if len(members) > 1 and _mixed(members):
            # A value of one of several JSON types (a field's text or a tick, or
            # an object such as {"secret": NAME}, whose shape the description gives:
            # the list is resent to the model on every turn).
            kinds = ["object" if attrs.has(m) else _type_schema(m)["type"] for m in members]
            return {"type": kinds}
        if len(members) != 1:
            raise TypeError(f"unsupported union {tp!r}")
        # An optional argument is one that is not required; null is still
        # accepted for "not given" (parse drops it), but not advertised: the
        # list is resent to the model on every turn, and short is cheaper.
        return _type_schema(members[0])
    raise TypeError(f"unsupported argument type {tp!r}")


_SCALARS = (str, bool, int, float)


def _mixed(members: list[Any]) -> bool:
    """Scalars, and at most one attrs class (told apart from them as a JSON object)."""
    classes = [m for m in members if attrs.has(m)]
    return len(classes) <= 1 and all(m in _SCALARS or attrs.has(m) for m in members)


_SCHEMAS: dict[type[Any], dict[str, Any]] = {}


def json_schema(cls: type[Any]) -> dict[str, Any]:
    """The draft 2020-12 JSON Schema of an argument class (cached; do not mutate)."""
    if cls not in _SCHEMAS:
        _SCHEMAS[cls] = _build_schema(cls)
    return _SCHEMAS[cls]


def _build_schema(cls: type[Any]) -> dict[str, Any]:
    attrs.resolve_types(cls)
    properties: dict[str, Any] = {}
    required: list[str] = []
    for field in attrs.fields(cls):
        if not field.metadata["listed"]:
            continue
        schema = _type_schema(field.type)
        if field.metadata["description"]:
            schema["description"] = field.metadata["description"]
        # Numeric bounds are checked by parse(), whose error says them; listing
        # them for every count and timeout would cost more than it helps.
        # Defaults are not listed either: an optional argument left out does the
        # usual thing, and a description says so where it matters.
        if field.default is attrs.NOTHING:
            required.append(field.name)
        properties[field.name] = schema
    # No "additionalProperties": false: parse() refuses unknown arguments and
    # names the known ones, which tells a model more than a schema error.
    out: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        out["required"] = required
    return out


# ------------------------------------------------------------------ parsing


def _kind(tp: type) -> str:
    return {str: "a string", bool: "a boolean", int: "an integer", float: "a number"}[tp]


def _strict(tp: type) -> Any:
    def structure(value: Any, _: Any) -> Any:
        ok = isinstance(value, tp) and not (isinstance(value, bool) and tp is not bool)
        if tp is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if not ok:
            raise TypeError(f"must be {_kind(tp)}, got {_json_type(value)}")
        return value

    return structure


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _is_tuple(tp: Any) -> bool:
    return get_origin(tp) is tuple


def _structure_tuple(value: Any, tp: Any) -> tuple[Any, ...]:
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"must be an array, got {_json_type(value)}")
    inner = get_args(tp)[0]
    return tuple(_converter.structure(v, inner) for v in value)


def _is_literal(tp: Any) -> bool:
    return get_origin(tp) is Literal


def _structure_literal(value: Any, tp: Any) -> Any:
    allowed = get_args(tp)
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"must be one of {', '.join(allowed)}, got {value!r}")
    return value


def _is_scalar_union(tp: Any) -> bool:
    members = [a for a in get_args(tp) if a is not type(None)]
    return get_origin(tp) in (Union, types.UnionType) and len(members) > 1 and _mixed(members)


def _structure_scalar_union(value: Any, tp: Any) -> Any:
    members = [a for a in get_args(tp) if a is not type(None)]
    for member in members:
        if attrs.has(member):
            if isinstance(value, Mapping):
                return _converter.structure(value, member)
        elif isinstance(value, member) and not (isinstance(value, bool) and member is not bool):
            return value
    kinds = " or ".join("an object" if attrs.has(m) else _kind(m) for m in members)
    raise TypeError(f"must be {kinds}, got {_json_type(value)}")


_converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
for _tp in (str, bool, int, float):
    _converter.register_structure_hook(_tp, _strict(_tp))
_converter.register_structure_hook_func(_is_tuple, _structure_tuple)
_converter.register_structure_hook_func(_is_literal, _structure_literal)
_converter.register_structure_hook_func(_is_scalar_union, _structure_scalar_union)


def _first_problem(exc: BaseException, path: str = "") -> tuple[str, str]:
    """The field path and message of the first leaf error cattrs collected."""
    if isinstance(exc, ForbiddenExtraKeysError):
        names = ", ".join(sorted(exc.extra_fields))
        return path, f"unknown argument(s): {names}"
    if isinstance(exc, (ClassValidationError, IterableValidationError)):
        # An unknown argument is the likeliest mistake to explain; report it first.
        subs = sorted(exc.exceptions, key=lambda e: not isinstance(e, ForbiddenExtraKeysError))
        for sub in subs:
            note = next(iter(getattr(sub, "__notes__", [])), "")
            if isinstance(exc, ClassValidationError):
                name = note.rsplit("@ attribute ", 1)[-1] if "@ attribute" in note else ""
                sub_path = f"{path}.{name}" if path and name else name or path
            else:
                index = note.rsplit("@ index ", 1)[-1] if "@ index" in note else "?"
                sub_path = f"{path}[{index}]"
            return _first_problem(sub, sub_path)
    if isinstance(exc, KeyError):
        return path, "is required"
    return path, str(exc)


def parse(cls: type[_A], arguments: Any) -> _A:
    """Build ``cls`` from a model's JSON arguments, or raise ``InvalidArgumentError``.

    >>> from browserkit.tools._schema import parse
    >>> @attrs.frozen
    ... class Args:
    ...     n: int = arg("a count", minimum=1)
    >>> parse(Args, {"n": "3"})
    Traceback (most recent call last):
    ...
    browserkit.errors.InvalidArgumentError: n: must be an integer, got a string ...
    """
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, Mapping):
        raise InvalidArgumentError(
            f"arguments must be a JSON object, got {_json_type(arguments)}",
            hint="pass the arguments as an object keyed by name",
        )
    # None stands for "not given": models often send null for optional arguments.
    given = {k: v for k, v in arguments.items() if v is not None}
    try:
        value = _converter.structure(given, cls)
    except ClassValidationError as exc:
        field, problem = _first_problem(exc)
        known = ", ".join(f.name for f in attrs.fields(cast(Any, cls))) or "none"
        hint = (
            f"this tool takes: {known}"
            if problem.startswith("unknown")
            else "fix the argument and call again"
        )
        message = f"{field}: {problem}" if field else problem
        raise InvalidArgumentError(message, hint=hint) from None
    for field in attrs.fields(cast(Any, cls)):
        number = getattr(value, field.name)
        if isinstance(number, (int, float)) and not isinstance(number, bool):
            low = field.metadata.get("minimum")
            high = field.metadata.get("maximum")
            if (low is not None and number < low) or (high is not None and number > high):
                bounds = " and ".join(
                    s
                    for s in (
                        f">= {low}" if low is not None else "",
                        f"<= {high}" if high is not None else "",
                    )
                    if s
                )
                raise InvalidArgumentError(f"{field.name}: must be {bounds}, got {number!r}")
    return value
