"""pokercli: a command-line poker calculator (evaluator, equity, percentiles)."""

__version__ = "0.1.0"
