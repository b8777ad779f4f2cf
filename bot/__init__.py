"""The penguin games bot."""

from bot import native

# Before any search module is imported: the compiled ones are served while they match the source.
native.install()
