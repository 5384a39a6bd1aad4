"""`python -m emailbench_gym.cli ...`: the `emailbench` command without the console script."""

from emailbench_gym.cli import main

raise SystemExit(main())
