"""The standings tests share the fixtures of the games they read."""

from tests.play.conftest import api, director_api, game, players  # noqa: F401 - fixtures
