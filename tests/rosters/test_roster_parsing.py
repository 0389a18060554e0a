"""Reading a roster file: encodings, delimiters, header names, bounds, and that any
file whatever is either rows or one clear sentence (never another exception)."""

import codecs

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rookclub.clubs.roster_import import (
    FILE_MAX_BYTES,
    ROWS_MAX,
    RosterFileError,
    RosterRow,
    parse_roster,
)


def names(data: bytes) -> list[str]:
    return [r.name for r in parse_roster(data)[0]]


def test_a_plain_utf8_file_with_name_and_email():
    rows, notes = parse_roster(b"name,email\nAnn Lee,ann@example.org\nBo,\n")

    assert rows == [RosterRow(2, "Ann Lee", "ann@example.org"), RosterRow(3, "Bo", "")]
    assert notes == []


def test_a_byte_order_mark_is_not_part_of_the_first_header():
    assert names("\ufeffName;E-mail\nZoë;z@example.org\n".encode()) == ["Zoë"]


@pytest.mark.parametrize("sep", [",", ";", "\t"])
def test_the_delimiter_is_sniffed(sep):
    text = f"Full Name{sep}Email\nAnn Lee{sep}ann@example.org\nBo Diaz{sep}bo@example.org\n"

    rows, _ = parse_roster(text.encode())

    assert [(r.name, r.email) for r in rows] == [
        ("Ann Lee", "ann@example.org"),
        ("Bo Diaz", "bo@example.org"),
    ]


def test_first_and_last_name_columns_are_joined():
    data = b"First Name,Last Name,E-mail\nAnn,Lee,\n,Solo,\nCher,,\n"

    assert names(data) == ["Ann Lee", "Solo", "Cher"]


def test_windows_1252_is_read_with_a_note():
    rows, notes = parse_roster("player\nJosé Núñez\n".encode("cp1252"))

    assert rows[0].name == "José Núñez"
    assert "Windows-1252" in notes[0]


def test_a_shift_jis_roster_is_read_as_shift_jis_with_a_note():
    rows, notes = parse_roster("name\n山田 太郎\n佐藤 花子\n".encode("shift_jis"))

    assert [r.name for r in rows] == ["山田 太郎", "佐藤 花子"]
    assert "Shift-JIS" in notes[0]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-8-sig"])
def test_a_unicode_roster_with_a_byte_order_mark_is_read(encoding):
    data = "name,email\nZoë Brontë,zoe@example.org\n".encode(encoding)
    if encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data

    rows, _ = parse_roster(data)

    assert [(r.name, r.email) for r in rows] == [("Zoë Brontë", "zoe@example.org")]


def test_quoted_names_keep_their_commas_and_runs_of_spaces_become_one():
    assert names(b'name\n"Lee,  Ann"\n  Bo   Diaz  \n') == ["Lee, Ann", "Bo Diaz"]


def test_our_own_formula_escape_is_undone_on_the_way_back_in():
    assert names(b"name\n'=SUM(A1)\n'+1\n'Neill\n") == ["=SUM(A1)", "+1", "'Neill"]


def test_blank_lines_are_skipped_and_line_numbers_stay_the_files():
    rows, _ = parse_roster(b"name\n\nAnn\n,\nBo\n")

    assert [(r.line, r.name) for r in rows] == [(3, "Ann"), (5, "Bo")]


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"", "empty"),
        (b"   \n\n", "empty"),
        (b"name\n", "no players"),
        (b"colour,score\nred,3\n", 'called "name"'),
        (b"name\x00\x01\x02", "binary"),
        (b"name\n" + b"a" * FILE_MAX_BYTES, "larger than 1 MB"),
        (b"name\n" + b"x\n" * (ROWS_MAX + 1), f"more than {ROWS_MAX:,}"),
    ],
)
def test_a_file_that_is_no_roster_is_refused_with_a_sentence(data, says):
    with pytest.raises(RosterFileError) as refused:
        parse_roster(data)

    assert says in refused.value.message
    assert refused.value.errors == {"file": [refused.value.message]}


def test_exactly_the_most_rows_is_fine():
    rows, _ = parse_roster(b"name\n" + b"".join(b"p%d\n" % i for i in range(ROWS_MAX)))

    assert len(rows) == ROWS_MAX


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        st.binary(max_size=400),
        st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass")),
        st.lists(st.text(alphabet=st.characters(), max_size=12), max_size=8).map(
            lambda cells: ("name,email\n" + "\n".join(",".join((c, c)) for c in cells)).encode(
                "utf-8", "surrogatepass"
            )
        ),
    )
)
def test_any_file_is_rows_or_a_clear_refusal(data):
    try:
        rows, notes = parse_roster(data)
    except RosterFileError as error:
        assert error.message.endswith(".")
        return
    assert rows and all(isinstance(r.name, str) and r.line >= 2 for r in rows)
    assert all(isinstance(n, str) for n in notes)


@pytest.mark.parametrize(
    "header", [b"name,email,name", b"Name,Full name,email", b"first name,last,first_name"]
)
def test_a_column_named_twice_is_refused_not_guessed(header):
    """a roster with two name columns took the first one silently."""
    with pytest.raises(RosterFileError) as refused:
        parse_roster(header + b"\nAnn Lee,ann@example.org,Ann Other\n")

    assert "names the same column twice" in refused.value.message
