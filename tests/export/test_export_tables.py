"""Every model of a club's data is exported (or left out on purpose), every reference
between exported rows can be followed, and docs/club-export.md names every column."""

from pathlib import Path

from django.apps import apps

from rookclub.clubs.export import LEFT_OUT, TABLES, describe, referenced_tables, tables

DOCS = Path(__file__).resolve().parents[2] / "docs" / "club-export.md"


def test_every_model_of_the_apps_is_exported_or_left_out_with_a_reason():
    for label in ("rookclub", "scoring", "tournaments"):
        for model in apps.get_app_config(label).get_models():
            exported = any(t.model is model for t in TABLES.values())
            assert exported or LEFT_OUT.get(model._meta.label), (
                f"{model._meta.label} is neither exported (register a Table in its app's "
                "exports) nor left out with leave_out(model, why)"
            )


def test_every_reference_points_to_an_exported_table():
    names = {"users", *TABLES}
    for table in tables():
        for column, target in referenced_tables(table):
            assert target in names, f"{table.name}.{column} points to an unexported model"


def test_a_table_comes_after_every_table_it_points_to():
    order = {t.name: t.order for t in tables()}
    for table in tables():
        for column, target in referenced_tables(table):
            if target not in ("users", table.name):
                assert order[target] < table.order, f"{table.name}.{column} -> {target}"


def test_the_docs_describe_every_table_and_column():
    text = DOCS.read_text()
    for table, columns in describe().items():
        section = text.split(f"### `{table}`")
        assert len(section) == 2, f"docs/club-export.md has no section for {table}"
        body = section[1].split("\n### ")[0]
        missing = [c for c in columns if f"`{c}`" not in body]
        assert not missing, f"docs/club-export.md, {table}: no word on {missing}"
