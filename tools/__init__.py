"""Developer tools that work on the repository itself (tests, sources); not installed with the
packages. `python -m tools.mutate` is the mutation-testing harness."""
