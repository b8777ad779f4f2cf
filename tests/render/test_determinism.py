"""The same view gives the same bytes in another process too (cold caches, new hash seeds).

The bot draws in worker processes and may redraw a picture after a restart: a test that
renders twice in one process would pass even if a cache or a set's iteration order leaked into
the pixels.
"""

from __future__ import annotations

import hashlib

from tests.render.processes import in_a_new_process
from tests.render.reference_pictures import PICTURES

DIGESTS = """
import hashlib
from tests.render.reference_pictures import PICTURES
for name, make in PICTURES.items():
    print(name, hashlib.sha256(make()).hexdigest())
"""


def digests_in_a_new_process(hash_seed: str) -> dict[str, str]:
    """Each reference picture's SHA-256, drawn by a fresh interpreter."""
    output = in_a_new_process(DIGESTS, hash_seed)
    return dict(line.split() for line in output.splitlines())


def test_every_picture_has_the_same_bytes_in_other_processes() -> None:
    """Board, table, hand and replay: byte for byte what this process draws, whatever the hash
    seed of the process that draws them."""
    here = {name: hashlib.sha256(make()).hexdigest() for name, make in PICTURES.items()}
    assert digests_in_a_new_process("1") == here
    assert digests_in_a_new_process("2") == here
