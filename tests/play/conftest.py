"""The play layer's tests run on a real store, on both backends, as the store's own tests do."""

from tests.store.conftest import clock, db_path, store, target

__all__ = ["clock", "db_path", "store", "target"]
