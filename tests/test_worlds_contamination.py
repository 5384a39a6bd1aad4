"""No generated world names the shipped persona's people, addresses, companies or projects;
and codenames are words nothing else in the vocabularies starts with (exact keyword search)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from emailbench_gym.corpus import load_corpus
from emailbench_gym.worlds import build_world
from emailbench_gym.worlds.vocab import holidays, industries, names, orgs, phrases, places

VOCABULARIES = (names, places, holidays, industries, orgs, phrases)
#: The shipped corpus's projects, systems and organisations, by the words that name them.
SHIPPED_KEYWORDS = (
    "Enron",
    "EnronOnline",
    "GasBank",
    "Raptor",
    "Dynegy",
    "FERC",
    "Andersen",
    "Vinson",
    "Elkins",
    "velaw",
    "CERA",
)


def strings(value: Any) -> Iterator[str]:
    """Every string inside a vocabulary value (tuples, dicts, dataclasses)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from strings(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from strings(getattr(value, field.name))


def module_strings(module: ModuleType, skip: tuple[str, ...] = ()) -> list[str]:
    return [
        s
        for name, value in vars(module).items()
        if name.isupper() and name not in skip
        for s in strings(value)
    ]


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.casefold()))


@pytest.fixture(scope="module")
def shipped() -> dict[str, set[str]]:
    corpus = load_corpus()
    people = [*corpus.items("users"), *corpus.items("contacts")]
    full_names = {p.displayName for p in people}  # type: ignore[attr-defined]
    addresses = {u.mail for u in corpus.items("users")} | {  # type: ignore[attr-defined]
        e.address
        for c in corpus.items("contacts")
        for e in c.emailAddresses  # type: ignore[attr-defined]
    }
    companies = {p.companyName for p in people if p.companyName}  # type: ignore[attr-defined]
    human = [p for p in people if getattr(p, "userType", "member") != "system"]
    parts = {w for p in human for w in p.displayName.split()}  # type: ignore[attr-defined]
    parts |= {"Rick"}  # how Richard Shapiro signs
    return {
        "names": full_names,
        "addresses": addresses,
        "companies": companies,
        "name_parts": parts,
    }


def test_vocabularies_hold_no_shipped_name_or_keyword(shipped: dict[str, set[str]]) -> None:
    given = {n for pool in names.GIVEN.values() for n in pool}
    surnames = {n for pool in names.SURNAMES.values() for n in pool}
    assert not (given | surnames) & shipped["name_parts"]
    vocabulary_words = set().union(*(words(s) for m in VOCABULARIES for s in module_strings(m)))
    for keyword in SHIPPED_KEYWORDS:
        assert keyword.casefold() not in vocabulary_words, keyword
    for company in shipped["companies"]:
        assert not any(company in s for m in VOCABULARIES for s in module_strings(m)), company


@pytest.mark.parametrize(
    ("seed", "size"), [(0, 65), (1, 65), (2, 65), (3, 65), (4, 300), (5, 1000)]
)
def test_generated_worlds_name_nothing_of_the_shipped_persona(
    seed: int, size: int, shipped: dict[str, set[str]]
) -> None:
    world = build_world(seed, size)
    text = "\n".join(world.documents().values())
    folded = text.casefold()
    found = words(text)
    for name in shipped["names"]:
        assert name.casefold() not in folded, name
    for address in shipped["addresses"]:
        assert address.casefold() not in folded, address
    for company in shipped["companies"]:
        assert company.casefold() not in folded, company
    for keyword in SHIPPED_KEYWORDS:
        assert keyword.casefold() not in found, keyword
    people = [*world.corpus.items("users"), *world.corpus.items("contacts")]
    parts = {w for p in people for w in p.displayName.split()}  # type: ignore[attr-defined]
    assert not parts & shipped["name_parts"]


def test_codenames_are_words_nothing_else_starts_with() -> None:
    codenames = [c.casefold() for c in orgs.CODENAMES]
    assert len(set(codenames)) == len(codenames)
    for a in codenames:
        for b in codenames:
            assert a == b or not b.startswith(a), (a, b)
    others = set()
    for module in VOCABULARIES:
        for s in module_strings(module, skip=("CODENAMES",)):
            others |= words(s)
    for codename in codenames:
        clashes = sorted(w for w in others if w.startswith(codename))
        assert not clashes, (codename, clashes)
