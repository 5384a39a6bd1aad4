"""`emailbench run`: the argparse wiring (light: the runner and agents load only when it runs)."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import threading
from pathlib import Path
from typing import Any

OFFLINE_AGENTS = ("reference", "random")


def saved_episodes(out: str | Path) -> int:
    """How many episodes a run folder holds (0 if it cannot be read)."""
    from emailbench_gym.runfolder import RunFolder

    try:
        return len(RunFolder(out).records())
    except OSError:
        return 0


def _json_object(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not JSON ({exc}); accepted a JSON object") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("accepted a JSON object, e.g. '{\"top_k\": 20}'")
    return value


#: A header name (RFC 9110 token).
_HEADER_NAME = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
#: Headers the SDK client writes itself for every request.
CLIENT_HEADERS = frozenset({"content-type", "content-length", "host", "transfer-encoding"})


def _header(text: str) -> tuple[str, str]:
    """`--header NAME:VALUE` as (name, value), the value stripped of surrounding spaces."""
    name, colon, value = text.partition(":")
    name, value = name.strip(), value.strip()
    if not colon or not _HEADER_NAME.match(name):
        raise argparse.ArgumentTypeError(
            f"{text!r}: accepted NAME:VALUE with a header name of letters, digits and "
            "-_.!#$%&'*+^`|~, e.g. 'HTTP-Referer:https://example.org'"
        )
    if name.lower() in CLIENT_HEADERS:
        raise argparse.ArgumentTypeError(f"{name}: set by the client itself, not accepted")
    if any((ord(c) < 32 and c != "\t") or ord(c) == 127 for c in value):
        raise argparse.ArgumentTypeError(f"{name}: the value has a control character")
    return name, value


def header_options(pairs: list[tuple[str, str]] | None) -> dict[str, str]:
    """The `--header` options as a dict; a name given twice (in any case) is refused."""
    headers: dict[str, str] = {}
    for name, value in pairs or []:
        if name.lower() in {h.lower() for h in headers}:
            raise ValueError(f"--header {name} is given twice; accepted once per header name")
        headers[name] = value
    return headers


def apply_config(args: argparse.Namespace) -> None:
    """Fill the options not given on the command line from `--config` (a run.json).

    Raises ValueError naming the file and what is wrong; with neither --model/--agent nor
    --config, says that one is needed.
    """
    if args.config is None:
        if not (args.model or args.agent):
            raise ValueError("one of --model, --agent or --config RUN_JSON is required")
        args.judge = args.judge or "none"
        return
    from pydantic import ValidationError

    from emailbench_gym.redact import REDACTED, holds_redacted
    from emailbench_gym.submission import RunConfig

    try:
        config = RunConfig.model_validate_json(Path(args.config).read_bytes())
    except OSError as exc:
        raise ValueError(f"--config {args.config}: {exc.strerror or exc}") from None
    except ValidationError as exc:
        wrong = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or '(the file)'}: {e['msg']}" for e in exc.errors()
        )
        raise ValueError(f"--config {args.config} is not a run.json ({wrong})") from None
    if not (args.model or args.agent):
        if config.model in OFFLINE_AGENTS:
            args.agent = config.model
        else:
            args.model = config.model
    request = dict(config.request)
    for name in ("temperature", "top_p", "max_tokens", "seed", "extra_body"):
        key = "max_output_tokens" if name == "max_tokens" and name not in request else name
        if getattr(args, name) is None and key in request:
            setattr(args, name, request[key])
    args.profile = args.profile or config.profile
    args.tools = args.tools or config.tools
    args.judge = args.judge or config.judge or "none"
    args.judge_base_url = args.judge_base_url or config.judge_base_url
    args.base_url = args.base_url or config.base_url
    given = {name.lower() for name in args.headers}
    args.headers = {
        **{k: v for k, v in config.headers.items() if k.lower() not in given},
        **args.headers,
    }
    for name in ("timeout", "max_retries", "concurrency"):
        if getattr(args, name) is None:
            setattr(args, name, getattr(config, name))
    redacted = [
        (option, f"{field}.{path}".rstrip("."))
        for option, field, value in (
            ("--extra-body", "request", {"extra_body": args.extra_body}),
            ("--base-url", "base_url", args.base_url),
            ("--header", "headers", args.headers),
            ("--judge-base-url", "judge_base_url", args.judge_base_url),
        )
        for path in holds_redacted(value)
    ]
    if redacted:
        options = sorted({option for option, _ in redacted})
        raise ValueError(
            f"--config {args.config}: {', '.join(path for _, path in redacted)} held a secret, "
            f"stored as {REDACTED}; pass {' and '.join(options)} again with it"
        )
    args.max_turns = args.max_turns or config.max_turns
    args.repeats = args.repeats or config.repeats
    args.scenarios = args.scenarios or ",".join(config.scenarios)
    args.out = args.out or str(Path(args.config).parent)


def cmd_run(args: argparse.Namespace) -> int:
    from emailbench_gym.agents import make_agent_factory
    from emailbench_gym.agents.base import request_fields, sampling_request
    from emailbench_gym.grading.judge import make_judge
    from emailbench_gym.runner import (
        RESULTS,
        SUMMARY,
        RunInterrupted,
        run,
        select_scenarios,
        table3_row,
    )

    try:
        args.headers = header_options(args.headers)
        apply_config(args)
        spec = args.model or args.agent
        offline = spec in OFFLINE_AGENTS
        if offline and args.headers:
            raise ValueError(f"--header is for model agents, not {spec!r}")
        # The reference solutions of board scenarios call board tools, which only `full` offers.
        profile = args.profile or ("full" if spec == "reference" else "adapter")
        out = args.out or f"runs/{re.sub(r'[^A-Za-z0-9._-]+', '_', spec)}"
        ids = select_scenarios(args.scenarios)
        if args.timeout is not None and not args.timeout > 0:
            raise ValueError(f"--timeout {args.timeout}: accepted a positive number of seconds")
        if args.max_retries is not None and args.max_retries < 0:
            raise ValueError(f"--max-retries {args.max_retries}: accepted 0 or more")
        if args.max_turns is not None and args.max_turns < 1:
            raise ValueError(f"--max-turns {args.max_turns}: accepted 1 or more turns")
        request = sampling_request(
            spec,
            temperature=args.temperature,
            top_p=args.top_p,
            max_tokens=args.max_tokens,
            seed=None if offline else args.seed,
            extra_body=args.extra_body,
        )
        factory = make_agent_factory(
            spec,
            base_url=args.base_url,
            max_retries=2 if args.max_retries is None else args.max_retries,
            timeout=120.0 if args.timeout is None else args.timeout,
            **({"seed": args.seed} if offline else {"headers": args.headers}),
            **request_fields(request),
        )
        judge_options = {"base_url": args.judge_base_url} if args.judge_base_url else {}
        judge = make_judge(args.judge, **judge_options)
        summary = run(
            factory,
            ids,
            out,
            repeats=args.repeats or 1,
            concurrency=args.concurrency or (1 if offline else 8),
            judge=judge,
            profile=profile,
            tools=args.tools or "profile",
            max_turns=args.max_turns,
            progress=False if args.quiet else None,
            **({} if args.progress_every is None else {"progress_every": args.progress_every}),
            ray=args.ray,
            ray_workers=args.ray_workers,
            processes=args.processes,
            request=request,
        )
    except ValueError as exc:
        print(f"emailbench run: {exc}", file=sys.stderr)
        return 2
    except RunInterrupted as stop:
        print(table3_row(stop.summary))
        print(f"Interrupted: {stop}.", file=sys.stderr)
        if any(t.name.startswith("emailbench") and t.is_alive() for t in threading.enumerate()):
            # Episodes still in flight wait on model requests: leave without waiting for them.
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(130)
        return 130
    except OSError as exc:
        where = exc.filename or out
        print(
            f"emailbench run: cannot write to {where}: {exc.strerror or exc}. "
            f"{saved_episodes(out)} episodes saved; fix that (free space, permissions, another "
            "--out) and rerun the same command to resume.",
            file=sys.stderr,
        )
        return 1
    print(table3_row(summary))
    narrowed = " (each episode its domains' tools)" if args.tools == "domains" else ""
    print(f"profile {profile}{narrowed}; traces in {out}/{RESULTS}, summary in {out}/{SUMMARY}")
    return 0


def register(sub: Any) -> None:
    """Register `emailbench run` on the CLI's subparsers."""
    p = sub.add_parser(
        "run",
        help="run an agent or a model over scenarios (resumable) and print the Table 3 row",
        description="Play scenarios with a model or an offline agent; append traces to "
        "OUT/results.jsonl (a rerun skips finished episodes, plays errors again and "
        "re-grades judge errors), write OUT/summary.json and print the paper's Table 3 row. "
        "OUT/run.json keeps the run's configuration: a rerun must repeat it. API keys are "
        "read from OPENAI_API_KEY / ANTHROPIC_API_KEY only.",
    )
    who = p.add_mutually_exclusive_group()
    who.add_argument(
        "--model",
        help="provider:name: openai:NAME (Chat Completions), openai-responses:NAME "
        "(Responses API) or anthropic:NAME",
    )
    who.add_argument("--agent", choices=OFFLINE_AGENTS, help="an offline agent")
    p.add_argument("--base-url", help="an OpenAI-compatible or Anthropic base URL")
    p.add_argument(
        "--header",
        dest="headers",
        action="append",
        type=_header,
        metavar="NAME:VALUE",
        help="an HTTP header sent with every model request (repeatable), e.g. OpenRouter's "
        "'HTTP-Referer:https://example.org' and 'X-Title:EmailBench'; credential-like values "
        "are stored in run.json as [redacted]",
    )
    p.add_argument(
        "--scenarios",
        help="comma-separated ids and categories (added), D1/D2/D3 and retained/removed "
        "(narrowing), split:NAME (choose from a split: train, dev, heldout, test); default: "
        "the whole suite",
    )
    p.add_argument("--judge", help="none (default) or provider:name")
    p.add_argument("--judge-base-url", help="base URL for an OpenAI-compatible judge")
    p.add_argument(
        "--concurrency",
        type=int,
        help="episodes in parallel (default 8 for models, 1 for offline agents)",
    )
    p.add_argument("--repeats", type=int, help="episodes per scenario (default 1)")
    p.add_argument(
        "--ray",
        nargs="?",
        const="local",
        metavar="ADDRESS",
        help="play episodes on a Ray cluster (needs the ray extra): a running cluster's "
        "address (host:port, or auto), or none to start one on this machine for the run; "
        "--concurrency is then per worker; this process still writes --out",
    )
    p.add_argument(
        "--processes",
        type=int,
        metavar="N",
        help="play episodes on N local worker processes (one per core: `--processes "
        "$(nproc)`), no Ray needed; --concurrency is then per process; this process still "
        "writes --out",
    )
    p.add_argument(
        "--ray-workers",
        type=int,
        help="env actors (worker processes) with --ray (default: one per CPU of the cluster)",
    )
    p.add_argument("--out", help="output folder (default runs/<model-or-agent>)")
    p.add_argument(
        "--profile",
        choices=("adapter", "full"),
        help="tool profile (default adapter; full for the reference agent, whose board "
        "solutions need board tools)",
    )
    p.add_argument(
        "--tools",
        choices=("profile", "domains"),
        help="profile (default): every tool of the profile; domains: each episode only its "
        "scenario's declared domains' tools (plus identity and mail reading), shorter prompts",
    )
    p.add_argument("--max-retries", type=int, help="SDK retries on 429/5xx/timeouts (default 2)")
    p.add_argument("--timeout", type=float, help="seconds per model request (default 120)")
    p.add_argument(
        "--seed",
        type=int,
        help="seed of the random agent (default 0), or the sampling seed sent to a Chat "
        "Completions model (openai:MODEL; other APIs have none)",
    )
    p.add_argument("--temperature", type=float, help="sampling temperature sent to the model")
    p.add_argument("--top-p", type=float, help="nucleus sampling top_p sent to the model")
    p.add_argument(
        "--max-tokens",
        type=int,
        help="output tokens per model turn (max_output_tokens on Responses; Anthropic's "
        "default 4096)",
    )
    p.add_argument(
        "--extra-body",
        type=_json_object,
        help="a JSON object merged into every request body, e.g. "
        '\'{"chat_template_kwargs": {"enable_thinking": false}}\' for Qwen3 on vLLM',
    )
    p.add_argument(
        "--max-turns", type=int, help="model turns per episode (default: the profile's, 15)"
    )
    p.add_argument(
        "--config",
        metavar="RUN_JSON",
        help="take every option not given from a run folder's run.json (and --out its folder): "
        "rerun or resume a run exactly as it was started",
    )
    p.add_argument(
        "--progress-every",
        type=float,
        metavar="SECONDS",
        help="when stdout is not a terminal (CI, SLURM, | tee): a plain progress line on "
        "stderr with done/total, pass rate and ETA every SECONDS (default 30; 0: after every "
        "episode)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar or progress lines")
    p.set_defaults(func=cmd_run)
