"""Deterministic randomness for world generation, from a text seed.

Every draw derives from `random.Random.getrandbits` (the Mersenne Twister, whose
output Python keeps stable), never from helpers whose algorithms may change between
Python versions, from `hash()` (randomised per process) or from the clock. `fork`
gives an independent stream per concern, so changing how one part of a world is
drawn does not reshuffle every other part.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A seeded stream of choices: the same seed text gives the same draws in any process."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        digest = hashlib.sha256(seed.encode("utf-8")).digest()
        self._random = random.Random(int.from_bytes(digest, "big"))

    def fork(self, name: str | int) -> Rng:
        """An independent stream for one concern (`rng.fork("calendar")`)."""
        return Rng(f"{self.seed}/{name}")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError(f"below() needs n >= 1, got {n}")
        bits = n.bit_length()
        while True:
            value = self._random.getrandbits(bits)
            if value < n:
                return value

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high]."""
        return low + self.below(high - low + 1)

    def unit(self) -> float:
        """A uniform float in [0, 1)."""
        return self._random.getrandbits(53) / 9007199254740992.0

    def chance(self, probability: float) -> bool:
        return self.unit() < probability

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def weighted(self, items: Sequence[T], weights: Sequence[float]) -> T:
        """One item, drawn with probability proportional to its weight."""
        total = sum(weights)
        point = self.unit() * total
        for item, weight in zip(items, weights, strict=True):
            point -= weight
            if point < 0:
                return item
        return items[-1]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in random order (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """`k` distinct items (by position), in draw order."""
        if k > len(items):
            raise ValueError(f"sample() of {k} from {len(items)} items")
        pool = list(items)
        out = []
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
            out.append(pool[i])
        return out
