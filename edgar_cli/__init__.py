"""edgar: SEC EDGAR financials with provenance, as a CLI and MCP tools."""

__version__ = "0.1.0"
