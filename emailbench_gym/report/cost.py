"""Tokens and an estimated cost per run, from a price table users can replace.

The package's table (`prices.toml`, US dollars per million input and output tokens per
model) is read first, then a user's file with the same format, whose entries win. The
OpenAI Responses API is priced as the same model on Chat Completions. A model in neither
table has no cost: the report says "unknown" rather than guess.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from emailbench_gym.report.runs import RunMeta

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

#: Providers priced as another one's model of the same name.
SAME_PRICES = {"openai-responses": "openai"}


class Price(BaseModel):
    """US dollars per million tokens."""

    model_config = ConfigDict(extra="forbid")

    input: float = Field(ge=0)
    output: float = Field(ge=0)


class PriceTable(BaseModel):
    """A price table file: `[prices."provider:model"]` tables of `input` and `output`."""

    model_config = ConfigDict(extra="forbid")

    as_of: str | None = None
    prices: dict[str, Price] = {}


class Cost(BaseModel):
    """A run's estimated cost in US dollars, or why there is none (`usd` is None)."""

    usd: float | None
    note: str


class PriceError(ValueError):
    """A price file that cannot be used: which file and what is wrong."""


def _parse(text: str, where: str) -> PriceTable:
    try:
        return PriceTable.model_validate(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise PriceError(f"{where}: not TOML ({exc})") from None
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5]
        )
        raise PriceError(
            f'{where}: {problems} (accepted: as_of = "date" and [prices."provider:model"] '
            "tables with input = and output = in US dollars per million tokens)"
        ) from None


def load_prices(path: str | Path | None = None) -> PriceTable:
    """The package's price table, with the entries of the file at `path` (if any) on top."""
    shipped = _parse(
        resources.files("emailbench_gym.report").joinpath("prices.toml").read_text("utf-8"),
        "the package's prices.toml",
    )
    if path is None:
        return shipped
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise PriceError(f"{path}: not readable ({exc.strerror or exc})") from None
    user = _parse(text, str(path))
    return PriceTable(as_of=user.as_of or shipped.as_of, prices={**shipped.prices, **user.prices})


def price_of(model: str | None, table: PriceTable) -> Price | None:
    """The model's price: its exact name, or the same model under a provider priced alike."""
    if not model:
        return None
    if model in table.prices:
        return table.prices[model]
    provider, _, name = model.partition(":")
    alias = SAME_PRICES.get(provider)
    return table.prices.get(f"{alias}:{name}") if alias else None


def estimate(meta: RunMeta, table: PriceTable) -> Cost:
    """The run's cost from its summed tokens, or "unknown" with the reason."""
    if meta.offline:
        return Cost(usd=0.0, note="offline agent: no model calls")
    if not meta.tokens_known:
        return Cost(usd=None, note="unknown: tokens are not recorded for this agent")
    price = price_of(meta.model, table)
    if price is None:
        return Cost(
            usd=None,
            note=f"unknown: no price for {meta.model} (add it with --prices FILE)",
        )
    usd = (meta.input_tokens * price.input + meta.output_tokens * price.output) / 1e6
    as_of = f", prices as of {table.as_of}" if table.as_of else ""
    return Cost(
        usd=usd,
        note=f"${price.input:g} in / ${price.output:g} out per million tokens{as_of}",
    )


def tokens_text(meta: RunMeta) -> str:
    if not meta.tokens_known:
        return "not recorded (the agent's model is on the client side)"
    return f"{meta.input_tokens:,} in / {meta.output_tokens:,} out"


def cost_text(cost: Cost) -> str:
    if cost.usd is None:
        return cost.note
    return f"${cost.usd:,.4f} ({cost.note})"


def usage_rows(meta: RunMeta, table: PriceTable) -> list[tuple[str, str]]:
    """Tokens summed over the run's episodes and the estimated cost, as (field, text) pairs."""
    return [("Tokens", tokens_text(meta)), ("Est. cost", cost_text(estimate(meta, table)))]
