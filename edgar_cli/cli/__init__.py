"""The command-line face: ``entry`` (the console script), ``app`` (the Typer commands), ``support`` (shared
options, running a capability, progress), ``output`` and the renderers. Importing this package loads nothing."""
