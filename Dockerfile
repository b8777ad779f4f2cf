# The bot in a container: `docker build -t penguin-bot .` then see compose.yaml.
# The project is installed editable from /app, so the bot finds data/ (fonts, cards, messages)
# beside its code as it does in a checkout.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY render ./render
COPY data ./data
# The search modules are compiled with mypyc (bot/native.py); the compiler and mypyc leave again
# in the same layer. The pictures' palettes are fitted once here (render/palette_store.py), so
# that the bot's drawing processes read them.
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && pip install -e '.[native]' \
    && python -m bot.build_native \
    && python -c "from render.draw import warm; warm()" \
    && pip uninstall -y mypy \
    && apt-get purge -y gcc libc6-dev && apt-get autoremove -y && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app penguin \
    && chown penguin /app/data

USER penguin
CMD ["python", "-m", "bot"]
