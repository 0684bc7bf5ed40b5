"""The local index of filing text: chunking, the store (SQLite FTS5 behind a Protocol), ranking, embeddings."""
