"""`emailbench report` and `emailbench view`: what a researcher reads after a run.

- `runs`: run folders read and validated (records, run.json), the run's metadata;
- `tables`: the paper's tables as pure functions of the runs;
- `episodes`: the per-scenario view (scenario x run outcomes, each episode's checks);
- `cost`: tokens and the estimated cost from a price table (`prices.toml`, overridable);
- `render`: Markdown, JSON and the self-contained HTML page;
- `plots`: the paper's figures (the "plots" extra);
- `terminal`: the terminal view of one run or one scenario.
"""
