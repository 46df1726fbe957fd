"""The shape of a game's entry data and settings, as docs/games/<game>.md describes it.

The rules check what the values mean (a seat that exists, a card that is one); a shape
checks what they are: which fields an entry kind has, which of them it needs, and their
types -- a whole number is a JSON number, never "10"; yes/no is true or false. An import,
a restore and every stored entry are checked against it, so a record never holds a field
the rules would ignore (Beutelschneider ``events: {"juggler": 1}``) or a number as text.

A shape is plain data: ``int``, ``bool``, ``str`` (text), ``Choice(...)`` (one of some
words), ``[shape]`` (a list of it), ``{"field": shape, "field?": shape}`` (an object; a
``?`` marks an optional field), ``Either(shape, ...)`` (the first that fits), ``Tagged``
(an object whose fields depend on one of them: Loot and Scoot's ``action``).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from .base import N_, Msg, msg

MAX_DEPTH = 12  # the deepest shape (a Treasure turn's card object) is 6 levels down


@dataclass(frozen=True)
class Choice:
    words: tuple[str, ...]

    def __init__(self, words: Iterable[str]):
        object.__setattr__(self, "words", tuple(words))


@dataclass(frozen=True)
class Either:
    shapes: tuple[Shape, ...]

    def __init__(self, *shapes: Shape):
        object.__setattr__(self, "shapes", shapes)


@dataclass(frozen=True)
class Tagged:
    """An object whose ``tag`` field picks the rest of its fields: ``common`` plus
    ``variants[tag]``."""

    tag: str
    common: Mapping[str, Shape]
    variants: Mapping[str, Mapping[str, Shape]] = field(default_factory=dict)


# A shape, as the module's docstring tells it.
Shape: TypeAlias = "type | Choice | Either | Tagged | list[Shape] | dict[str, Shape]"


_TYPE_NAMES = {int: N_("a whole number"), bool: N_("true or false"), str: N_("a text"),
               list: N_("a list"), dict: N_("an object"), type(None): N_("empty (null)")}


def _is(value: Any, kind: type) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is dict:
        return isinstance(value, Mapping)
    return isinstance(value, kind)


def _join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def problem(value: Any, shape: Shape, path: str = "") -> tuple[str, Msg] | None:
    """The first place where ``value`` does not have ``shape``: (dotted path, what is wrong)."""
    if path.count(".") >= MAX_DEPTH:
        return path, msg(N_("nested too deeply"))
    if isinstance(shape, type):
        if _is(value, shape):
            return None
        return path, msg(N_("must be %(what)s"), what=msg(_TYPE_NAMES[shape]))
    if isinstance(shape, Choice):
        if isinstance(value, str) and value in shape.words:
            return None
        return path, msg(N_("must be one of %(words)s"), words=", ".join(shape.words))
    if isinstance(shape, list):
        if not isinstance(value, list):
            return path, msg(N_("must be %(what)s"), what=msg(_TYPE_NAMES[list]))
        for i, item in enumerate(value):
            if (found := problem(item, shape[0], _join(path, i))) is not None:
                return found
        return None
    if isinstance(shape, Either):
        for option in shape.shapes:
            if problem(value, option, path) is None:
                return None
        # Name the problem with the option of the same JSON type, if there is one.
        for option in shape.shapes:
            kind = dict if isinstance(option, (dict, Tagged)) else list if isinstance(option, list) \
                else str if isinstance(option, Choice) else option
            if isinstance(kind, type) and _is(value, kind):
                return problem(value, option, path)
        return problem(value, shape.shapes[0], path)
    if isinstance(shape, Tagged):
        if not isinstance(value, Mapping):
            return path, msg(N_("must be %(what)s"), what=msg(_TYPE_NAMES[dict]))
        tag = value.get(shape.tag)
        if not isinstance(tag, str) or tag not in shape.variants:
            return _join(path, shape.tag), msg(N_("must be one of %(words)s"),
                                                words=", ".join(shape.variants))
        return problem(value, {shape.tag: str, **shape.common, **shape.variants[tag]}, path)
    if isinstance(shape, dict):
        if not isinstance(value, Mapping):
            return path, msg(N_("must be %(what)s"), what=msg(_TYPE_NAMES[dict]))
        fields = {name.rstrip("?"): (sub, name.endswith("?")) for name, sub in shape.items()}
        for key in value:
            if key not in fields:
                return _join(path, key), msg(N_("is not a field this app knows"))
        for name, (sub, optional) in fields.items():
            if name not in value:
                if not optional:
                    return _join(path, name), msg(N_("is missing"))
                continue
            if (found := problem(value[name], sub, _join(path, name))) is not None:
                return found
        return None
    raise TypeError(f"not a shape: {shape!r}")


_SCALARS = frozenset({str, int, float, bool, type(None)})  # what JSON holds besides dict and list


def _nests(item: Any) -> bool:
    kind = type(item)
    return kind is dict or kind is list or (kind not in _SCALARS and isinstance(item, (Mapping, list)))


def depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (counted level by level without
    recursion, so a file nested a thousand deep is measured, not a crash; a file's
    numbers and strings are only looked at once, by their type: a 5,000-play export's
    million values took most of a second through ``isinstance`` of ``Mapping`` each)."""
    deepest, level = 0, [value] if _nests(value) else []
    while level:
        inside = [v for item in level for v in (item.values() if isinstance(item, Mapping) else item)]
        if not inside:
            break
        deepest += 1
        level = [v for v in inside if _nests(v)]
    return deepest
