"""Agents that play EmailBench episodes: reference, random, OpenAI and Anthropic.

Provider SDKs are imported only when a model agent is built, so importing this
package (or `emailbench_gym`) stays light.
"""

from __future__ import annotations

from emailbench_gym.agents.base import Agent, AgentError, TurnRecord, make_agent_factory

__all__ = ["Agent", "AgentError", "TurnRecord", "make_agent_factory"]
