"""The local index of filing text: chunking, the store (SQLite FTS5 behind a Protocol), ranking, embeddings."""

from pathlib import Path

DATA = Path(__file__).with_name("data")
ALIASES_FILE = DATA / "company_aliases.yaml"  # CIK -> short names (index.query.company_aliases reads it)
