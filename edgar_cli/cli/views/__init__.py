"""The CLI views: one module per capability, holding its commands, tables, rows and notes."""
