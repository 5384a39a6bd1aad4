"""The OpenEnv server package of EmailBench: `server.app:app` (see ../README.md)."""
