"""The play layer's tests run on a real SQLite store, as the store's own tests do."""

from tests.store.conftest import clock, db_path, store

__all__ = ["clock", "db_path", "store"]
