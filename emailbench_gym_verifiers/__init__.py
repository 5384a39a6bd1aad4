"""The verifiers taskset id `emailbench_gym_verifiers`: verifiers imports a taskset id as a module.

    vf-eval emailbench_gym_verifiers --client.base-url http://127.0.0.1:8000/v1 --no-push
    vf-validate emailbench_gym_verifiers

Everything lives in `emailbench_gym.integrations.verifiers`; this package only names it.
"""

from emailbench_gym.integrations.verifiers import (
    EmailBenchHarness,
    EmailBenchTaskset,
    load_environment,
)

__all__ = ["EmailBenchHarness", "EmailBenchTaskset", "load_environment"]
