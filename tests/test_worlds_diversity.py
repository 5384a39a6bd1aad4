"""Two worlds do not read alike, and none reads like the shipped persona's mail."""

from __future__ import annotations

import itertools
import statistics

import pytest

from emailbench_gym.corpus import load_corpus
from emailbench_gym.worlds import World, build_world
from emailbench_gym.worlds.diversity import (
    distinct_subject_ratio,
    ngram_overlap,
    ngrams,
    subject_overlap,
)


@pytest.fixture(scope="module")
def worlds() -> list[World]:
    return [build_world(seed, size=65) for seed in range(10)]


def test_worlds_share_almost_no_subjects_or_phrasing(worlds: list[World]) -> None:
    pairs = list(itertools.pairwise(worlds))
    subjects = [subject_overlap(a.corpus, b.corpus) for a, b in pairs]
    five_grams = [ngram_overlap(a.corpus, b.corpus, 5) for a, b in pairs]
    assert max(subjects) < 0.05, subjects
    assert statistics.median(five_grams) < 0.08, five_grams
    assert all(distinct_subject_ratio(w.corpus) >= 0.9 for w in worlds)


def test_no_world_shares_an_8_gram_with_the_shipped_mail(worlds: list[World]) -> None:
    shipped = ngrams(load_corpus(), 8)
    for world in worlds:
        assert not ngrams(world.corpus, 8) & shipped, world.seed


def test_the_measures_see_identical_corpora_as_identical(worlds: list[World]) -> None:
    corpus = worlds[0].corpus
    assert subject_overlap(corpus, corpus) == ngram_overlap(corpus, corpus) == 1.0
