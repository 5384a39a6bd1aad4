"""Text from templates: inline alternatives, slots, and the small helpers mail text needs.

A template is plain text with `[one|two|three]` alternatives (nestable; `[word|]`
makes a word optional) and `{slot}` fields filled from a mapping (`{slot^}`
capitalises the first letter). Templates are parsed once and cached, and every
choice comes from the caller's `Rng`, so the same seed renders the same text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from emailbench_gym.worlds.rng import Rng

PREVIEW_CHARS = 100  # as messages_* build bodyPreview: the first 100 characters, spaces collapsed


@dataclass(frozen=True)
class _Slot:
    name: str
    capitalise: bool


_Node = str | _Slot | tuple  # a tuple holds alternatives, each a list of nodes
_CACHE: dict[str, list[_Node]] = {}


def _parse(template: str) -> list[_Node]:
    nodes, end = _parse_sequence(template, 0, top=True)
    if end != len(template):
        raise ValueError(f"unbalanced ']' in template {template!r}")
    return nodes


def _parse_sequence(text: str, pos: int, top: bool) -> tuple[list[_Node], int]:
    """Nodes up to the end (top level) or up to the '|' or ']' that closes a choice."""
    nodes: list[_Node] = []
    buffer: list[str] = []
    while pos < len(text):
        char = text[pos]
        if char == "[":
            if buffer:
                nodes.append("".join(buffer))
                buffer = []
            options: list[list[_Node]] = []
            pos += 1
            while True:
                option, pos = _parse_sequence(text, pos, top=False)
                options.append(option)
                if pos >= len(text):
                    raise ValueError(f"unclosed '[' in template {text!r}")
                if text[pos] == "]":
                    pos += 1
                    break
                pos += 1  # '|'
            nodes.append(tuple(options))
        elif char in "|]" and not top:
            break
        elif char == "{":
            close = text.index("}", pos)
            if buffer:
                nodes.append("".join(buffer))
                buffer = []
            name = text[pos + 1 : close]
            nodes.append(_Slot(name.rstrip("^"), name.endswith("^")))
            pos = close + 1
        else:
            buffer.append(char)
            pos += 1
    if buffer:
        nodes.append("".join(buffer))
    return nodes, pos


def render(template: str, rng: Rng, slots: Mapping[str, str] | None = None) -> str:
    """The template with one alternative drawn per choice and every slot filled."""
    nodes = _CACHE.get(template)
    if nodes is None:
        nodes = _CACHE[template] = _parse(template)
    out: list[str] = []
    _emit(nodes, rng, slots or {}, out)
    return tidy("".join(out))


def _emit(nodes: list[_Node], rng: Rng, slots: Mapping[str, str], out: list[str]) -> None:
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        elif isinstance(node, _Slot):
            value = slots[node.name]
            out.append(value[:1].upper() + value[1:] if node.capitalise else value)
        else:
            _emit(rng.choice(node), rng, slots, out)


def renderings(template: str, slots: Mapping[str, str | Sequence[str]]) -> Iterator[str]:
    """Every text `render` can make of a template: each alternative, each slot in each of its
    forms (for checks over all phrasings of a request, such as test-suite contamination)."""
    nodes = _CACHE.get(template)
    if nodes is None:
        nodes = _CACHE[template] = _parse(template)
    for parts in _expand(nodes, slots):
        yield tidy("".join(parts))


def _expand(nodes: list[_Node], slots: Mapping[str, str | Sequence[str]]) -> Iterator[list[str]]:
    if not nodes:
        yield []
        return
    head, rest = nodes[0], nodes[1:]
    if isinstance(head, str):
        firsts: list[list[str]] = [[head]]
    elif isinstance(head, _Slot):
        forms = slots[head.name]
        forms = [forms] if isinstance(forms, str) else list(forms)
        firsts = [[f[:1].upper() + f[1:] if head.capitalise else f] for f in forms]
    else:
        firsts = [parts for option in head for parts in _expand(option, slots)]
    for first in firsts:
        for tail in _expand(rest, slots):
            yield first + tail


_SPACES = re.compile(r"[ \t]{2,}")
_SPACE_BEFORE_PUNCT = re.compile(r" +([,.;:?!])")
_PUNCTUATION_AFTER_SPACE = (" ,", " .", " ;", " :", " ?", " !")


def tidy(text: str) -> str:
    """Collapse the doubled spaces an empty alternative leaves, and spaces before punctuation."""
    if "  " in text or "\t" in text:
        text = _SPACES.sub(" ", text)
    if any(mark in text for mark in _PUNCTUATION_AFTER_SPACE):
        text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    if " \n" in text or "\n " in text:
        text = "\n".join(line.strip() for line in text.split("\n"))
    return text.strip()


def preview(content: str) -> str:
    """A message's bodyPreview, exactly as the API computes it for mail it creates."""
    return " ".join(content.split())[:PREVIEW_CHARS]


def slug(text: str) -> str:
    """`Rollout plan v2` -> `rollout_plan_v2` (for attachment names)."""
    return re.sub(r"[^a-z0-9]+", "_", text.casefold()).strip("_")


def ascii_fold(text: str) -> str:
    """Latin letters without accents, for email addresses (`José Núñez` -> `Jose Nunez`)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))
