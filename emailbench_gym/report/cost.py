"""Tokens and an estimated cost per run, from a price table users can replace.

The package's table (`prices.toml`, US dollars per million input and output tokens per
model) is read first, then a user's file with the same format, whose entries win. The
OpenAI Responses API is priced as the same model on Chat Completions. A price is for the
endpoints its entry lists in `hosts` (by default the provider's own API: api.openai.com,
api.anthropic.com): a run whose recorded base URL is elsewhere (a local server serving a
model under a vendor's name, a router) is not priced from it. A model in neither table, or
served elsewhere, has no cost: the report says "unknown" rather than guess.
"""

from __future__ import annotations

import ipaddress
import sys
from importlib import resources
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from emailbench_gym.report.runs import RunMeta

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

#: Providers priced as another one's model of the same name.
SAME_PRICES = {"openai-responses": "openai"}
#: Where each provider's list prices are charged: the default `hosts` of a price.
VENDOR_HOSTS = {
    "openai": "api.openai.com",
    "openai-responses": "api.openai.com",
    "anthropic": "api.anthropic.com",
}
#: A `hosts` entry that matches every endpoint.
ANY_HOST = "*"


class Price(BaseModel):
    """US dollars per million tokens, at the endpoints named in `hosts` (host or host:port of
    the run's base URL, or "*" for any); None: the provider's own API (`VENDOR_HOSTS`)."""

    model_config = ConfigDict(extra="forbid")

    input: float = Field(ge=0)
    output: float = Field(ge=0)
    hosts: list[str] | None = Field(default=None, min_length=1)


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
            "tables with input = and output = in US dollars per million tokens and optional "
            'hosts = ["host:port", ...] where the price applies)'
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


def price_hosts(model: str, price: Price) -> list[str]:
    """Where the price applies: its `hosts`, else the provider's API (anywhere for a provider
    with no vendor API of its own)."""
    if price.hosts is not None:
        return price.hosts
    vendor = VENDOR_HOSTS.get(model.partition(":")[0])
    return [vendor] if vendor else [ANY_HOST]


def endpoint(base_url: str) -> tuple[str, bool]:
    """The base URL's host (with its port when it has one) and whether it is on this machine
    or a private network (a local server)."""
    parts = urlsplit(base_url)
    host = (parts.hostname or "").lower()
    try:
        port = parts.port
    except ValueError:  # a port that is not a number: the host alone
        port = None
    try:
        local = host == "localhost" or not ipaddress.ip_address(host).is_global
    except ValueError:  # a host name
        local = host.endswith(".local") or host.endswith(".localhost")
    return (f"{host}:{port}" if port else host), local


def _served_at(base_url: str, hosts: list[str]) -> bool:
    where = endpoint(base_url)[0]
    return any(h == ANY_HOST or h.lower() in (where, where.partition(":")[0]) for h in hosts)


def estimate(meta: RunMeta, table: PriceTable) -> Cost:
    """The run's cost from its summed tokens, or "unknown" with the reason (no price for the
    model, or the run was served somewhere the price is not for)."""
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
    hosts = price_hosts(meta.model or "", price)
    if meta.base_url and not _served_at(meta.base_url, hosts):
        where, local = endpoint(meta.base_url)
        return Cost(
            usd=None,
            note=f"unknown: served by {'a local server' if local else 'another endpoint'} "
            f"({meta.base_url}), not {', '.join(hosts)}, which the price of {meta.model} is "
            f'for (price it with --prices FILE: hosts = ["{where}"])',
        )
    usd = (meta.input_tokens * price.input + meta.output_tokens * price.output) / 1e6
    as_of = f", prices as of {table.as_of}" if table.as_of else ""
    unrecorded = "" if meta.base_url else "; endpoint not recorded, taken as the price's"
    return Cost(
        usd=usd,
        note=f"${price.input:g} in / ${price.output:g} out per million tokens{as_of}{unrecorded}",
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
