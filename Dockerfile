# The OpenEnv server (`emailbench serve`) in a container: docker build -t emailbench-env . &&
# docker run -p 8000:8000 emailbench-env. Settings: EMAILBENCH_PROFILE, EMAILBENCH_MAX_CALLS,
# EMAILBENCH_JUDGE (with the judge's API key variable), EMAILBENCH_MAX_SESSIONS,
# EMAILBENCH_SCENARIOS; HOST and PORT where it listens (the health check follows PORT).
# BASE_IMAGE: any image whose `pip` and `python` are a Python 3.11+ (docs/integrations.md,
# "The container", builds one from Debian's packages where Docker Hub cannot be reached).
ARG BASE_IMAGE=python:3.11-slim
FROM ${BASE_IMAGE}
ENV HOST=0.0.0.0 PORT=8000
WORKDIR /app
COPY . /app
RUN pip install --no-cache-dir ".[openenv]"
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/health' % os.environ['PORT'])"
CMD ["sh", "-c", "exec uvicorn emailbench_gym.integrations.openenv_env:app --host \"$HOST\" --port \"$PORT\""]
