"""Generated worlds: new personas in new organisations, from a seed (issue 13, part 1).

>>> from emailbench_gym.worlds import build_world
>>> world = build_world(7, size=65)
>>> ws = world.workspace()          # a Workspace over the world's corpus, like the shipped one
>>> world.facts.projects[0].codename in ws.call("messages_search", query=world.facts.projects[0].codename)[0]["subject"] + ws.call("messages_search", query=world.facts.projects[0].codename)[0]["body"]["content"]
True
"""

from emailbench_gym.worlds.builder import (
    DEFAULT_SIZE,
    GENERATOR,
    GENERATOR_VERSION,
    MAX_SIZE,
    MIN_SIZE,
    World,
    build_world,
    generate_world,
    load_world,
)
from emailbench_gym.worlds.facts import WorldFacts

__all__ = [
    "DEFAULT_SIZE",
    "GENERATOR",
    "GENERATOR_VERSION",
    "MAX_SIZE",
    "MIN_SIZE",
    "World",
    "WorldFacts",
    "build_world",
    "generate_world",
    "load_world",
]
