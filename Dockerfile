# The OpenEnv server (`emailbench serve`) in a container: docker build -t emailbench-env . &&
# docker run -p 8000:8000 emailbench-env. Settings: EMAILBENCH_PROFILE, EMAILBENCH_MAX_CALLS,
# EMAILBENCH_JUDGE (with the judge's API key variable), EMAILBENCH_MAX_SESSIONS.
FROM python:3.11-slim
WORKDIR /app
COPY . /app
RUN pip install --no-cache-dir ".[openenv]"
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/health')"
CMD ["uvicorn", "emailbench_gym.integrations.openenv_env:app", "--host", "0.0.0.0", "--port", "8000"]
