"""The EmailBench OpenEnv app where OpenEnv's tools look for it (`server.app:app`, `main()`).

It is `emailbench serve`'s app, configured by environment variables (EMAILBENCH_PROFILE,
EMAILBENCH_MAX_CALLS, EMAILBENCH_JUDGE with the judge's key variable, EMAILBENCH_MAX_SESSIONS).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def __getattr__(name: str) -> Any:
    """`app`, built on first use so that importing this module stays cheap."""
    if name != "app":
        raise AttributeError(name)
    from emailbench_gym.integrations.openenv_env import app

    return app


def main(host: str | None = None, port: int | None = None) -> None:
    """Serve the app; `server --host H --port P` (the script) reads them from the command line."""
    import uvicorn

    from emailbench_gym.integrations.openenv_env import app

    if host is None or port is None:
        parser = argparse.ArgumentParser(description="EmailBench as an OpenEnv environment server")
        parser.add_argument("--host", default="127.0.0.1", help="0.0.0.0 in a container")
        parser.add_argument("--port", type=int, default=8000)
        args = parser.parse_args()
        host = args.host if host is None else host
        port = args.port if port is None else port
    print(f"EmailBench OpenEnv server at http://{host}:{port}", file=sys.stderr, flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")


if __name__ == "__main__":
    main()
