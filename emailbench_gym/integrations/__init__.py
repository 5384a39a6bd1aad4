"""Thin adapters that put the one `EmailBenchEnv` where agent and RL frameworks live.

`session.ToolSession` drives an episode one tool call at a time; `mcp_server`
(MCP), `trl` (TRL's GRPOTrainer `environment_factory`) and `verifiers`
(a verifiers tool environment) wrap it in each framework's native shape. Tools,
argument checks, results and grading all come from the env: nothing is
implemented twice. Each framework is an optional extra, imported only by its
adapter.
"""
