"""GRPO fine-tuning on EmailBench with TRL: the environment factory supplies tools and reward.

    python examples/trl_grpo.py --dry-run                      # check the wiring; no GPU, no download
    python examples/trl_grpo.py --model Qwen/Qwen3-0.6B --scenarios OB-N520 OB-H312

Each dataset row names a scenario; TRL makes one `EmailBenchToolEnv` per rollout,
appends the task prompt returned by `reset` to the (empty) user message, exposes the
profile's tools plus `submit_answer`, and takes the reward from `get_reward()` (the
grade's score). Needs `pip install 'emailbench-gym[trl]'` (TRL, transformers, datasets).
"""

from __future__ import annotations

import argparse
import inspect
import json

from emailbench_gym.integrations.trl import environment_class, scenario_dataset
from emailbench_gym.scenarios import scenario_ids


def build_config(args: argparse.Namespace) -> object:
    from trl import GRPOConfig

    return GRPOConfig(
        output_dir=args.output_dir,
        learning_rate=1e-6,
        per_device_train_batch_size=args.num_generations,
        num_generations=args.num_generations,
        max_completion_length=4096,
        max_tool_calling_iterations=args.max_calls,
        chat_template_kwargs={"enable_thinking": False},
        log_completions=True,
        max_steps=args.max_steps,
        report_to="none",
        use_cpu=args.dry_run,
    )


def dry_run(args: argparse.Namespace, factory: type, rows: list[dict]) -> dict:
    """Everything but the model: dataset rows, one environment, its tool schemas, the config."""
    from transformers.utils import get_json_schema

    env = factory()
    prompt = env.reset(**rows[0])
    # TRL's rule: every public function of the class but reset/get_reward is a tool.
    schemas = [
        get_json_schema(getattr(env, name))
        for name, _ in inspect.getmembers(type(env), inspect.isfunction)
        if not name.startswith("_") and name not in ("reset", "get_reward")
    ]
    report = {
        "rows": len(rows),
        "first_scenario": rows[0]["scenario_id"],
        "prompt_chars": len(prompt),
        "tools": len(schemas),
        "reward_before_any_call": env.get_reward(),
    }
    try:
        config = build_config(args)
    except ImportError as exc:
        report["grpo_config"] = f"skipped: TRL not installed ({exc})"
    else:
        report["grpo_config"] = {
            "num_generations": config.num_generations,
            "max_tool_calling_iterations": config.max_tool_calling_iterations,
        }
    return report


def main(argv: list[str] | None = None) -> dict | None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="Qwen/Qwen3-0.6B")
    parser.add_argument("--scenarios", nargs="*", help="scenario ids (default: the whole suite)")
    parser.add_argument("--profile", default="adapter", help="tool profile: adapter or full")
    parser.add_argument("--num-generations", type=int, default=4)
    parser.add_argument("--max-calls", type=int, default=30, help="tool calls per rollout")
    parser.add_argument("--max-steps", type=int, default=100)
    parser.add_argument("--output-dir", default="emailbench-grpo")
    parser.add_argument("--dry-run", action="store_true", help="check the wiring and stop")
    args = parser.parse_args(argv)

    factory = environment_class(args.profile, max_calls=args.max_calls)
    rows = scenario_dataset(args.scenarios or scenario_ids())
    if args.dry_run:
        report = dry_run(args, factory, rows)
        print(json.dumps(report))
        return report

    from datasets import Dataset
    from trl import GRPOTrainer

    trainer = GRPOTrainer(
        model=args.model,
        train_dataset=Dataset.from_list(rows),
        environment_factory=factory,
        args=build_config(args),
    )
    trainer.train()
    return None


if __name__ == "__main__":
    main()
