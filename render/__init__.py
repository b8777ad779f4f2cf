"""Pictures of the games: a game view in, PNG (or GIF) bytes out. Pure Pillow, no I/O."""
