"""The `kb` command line: each command is a thin face over a documented library call."""
