"""The MCP face: ``server`` (the capabilities as tools), ``instructions`` (what a model is told), ``stdio`` and
``http`` (the transports). Importing this package loads nothing (the SDK is imported by ``server``)."""
