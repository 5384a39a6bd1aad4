"""A fresh workspace per API test."""

from __future__ import annotations

import pytest

from emailbench_gym.workspace import Workspace


@pytest.fixture
def ws() -> Workspace:
    return Workspace()
