"""The OpenAPI schema is part of the API's promise to clients: it must generate cleanly."""

from django.core.management import call_command


def test_the_openapi_schema_generates_without_warnings(tmp_path):
    out = tmp_path / "schema.yml"

    # --fail-on-warn turns any unresolved serializer, path parameter or enum clash into an error.
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))

    schema = out.read_text()
    for path in (
        "/api/v1/games/{id}/hands/",
        "/api/v1/tournaments/{id}/standings/",
        "/api/v1/tournaments/{id}/bracket/",
        "/api/v1/matches/{id}/result/",
        "/api/v1/rulesets/",
    ):
        assert f"{path}:" in schema, path
    # A hand as the sheet gives it says whether it was corrected and who confirmed it.
    hand_out = schema.split("    HandOut:")[1].split("\n    HandRecorded:")[0]
    for field in ("corrected:", "confirmed_by_name:"):
        assert field in hand_out, field
