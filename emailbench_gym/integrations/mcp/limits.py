"""The HTTP server's default limits (light, so the CLI can show them without importing the SDK)."""

#: Open Streamable HTTP sessions at most; a new session is refused with 503 while full.
DEFAULT_MAX_SESSIONS = 128
#: Seconds without a request before a session and its episode are closed.
DEFAULT_IDLE_TIMEOUT = 1800.0
