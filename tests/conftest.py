"""Make tests/fakellm.py importable as `fakellm` from every test module; Ray on loopback only."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
# Every Ray cluster a test starts (here or in a subprocess) listens on 127.0.0.1 only: see
# emailbench_gym.ray_pool.LOOPBACK_ONLY (ray reads it when it is first imported).
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
