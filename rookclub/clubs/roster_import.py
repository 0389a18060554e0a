"""Importing a club's roster from a CSV file, in three steps so a preview stores nothing:

1. :func:`parse_roster` reads bytes into :class:`RosterRow` or raises
   :class:`RosterFileError` (no database).
2. :func:`roster_plan` marks each row ``add``, ``duplicate`` or ``problem`` (one query).
3. :func:`roster_import` plans again in one transaction and creates the ``add`` rows.

Between 2 and 3 the rows travel in a signed token (:func:`rows_token`), never in form
fields a browser could change."""

from __future__ import annotations

import codecs
import csv
import io
from dataclasses import dataclass, field
from typing import Any

import charset_normalizer
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone

from rookclub.clubs.models import Club, Player
from rookclub.core.csv_out import FORMULA_START, CsvTable, filename
from rookclub.core.errors import Invalid
from rookclub.core.limits import NAME_MAX, name_key, name_problem, normal_name
from rookclub.core.roles import Actor, require_director

#: The largest file accepted, and the most rows in it (a club, not a city).
FILE_MAX_BYTES = 1_000_000
ROWS_MAX = 2_000
EMAIL_MAX = 254
#: How long a preview may wait for its "Import" (seconds).
TOKEN_MAX_AGE = 3600
#: A token travels in a form, under DATA_UPLOAD_MAX_MEMORY_SIZE (1 MiB) with room to spare.
TOKEN_MAX_CHARS = 900_000

NAME_HEADERS = {"name", "player", "player name", "full name", "fullname", "names", "players"}
FIRST_HEADERS = {"first name", "firstname", "first", "given name", "forename"}
LAST_HEADERS = {"last name", "lastname", "last", "surname", "family name"}
EMAIL_HEADERS = {"email", "e-mail", "email address", "e-mail address", "mail"}


class RosterFileError(Invalid):
    """The file cannot be read as a roster at all (not one row's problem)."""

    code = "roster_file"


@dataclass(frozen=True)
class RosterRow:
    line: int  # the row's line in the file, as a spreadsheet numbers it (header = 1)
    name: str
    email: str = ""


@dataclass
class PlannedRow:
    row: RosterRow
    action: str  # "add", "duplicate" or "problem"
    problems: list[str] = field(default_factory=list)
    duplicate_of: str = ""  # the existing player's name
    duplicate_line: int | None = None  # the earlier row of the file

    @property
    def note(self) -> str:
        """What will happen to the row, in a sentence."""
        if self.action == "add":
            return "Will be added."
        if self.action == "problem":
            return " ".join(self.problems)
        if self.duplicate_line is not None:
            return f"Duplicate of row {self.duplicate_line} of the file: skipped."
        return f"Already plays here as {self.duplicate_of}: skipped."


@dataclass
class RosterPlan:
    rows: list[PlannedRow]
    notes: list[str] = field(default_factory=list)  # about the file (its encoding...)

    def count(self, action: str) -> int:
        return sum(1 for r in self.rows if r.action == action)

    @property
    def to_add(self) -> list[PlannedRow]:
        return [r for r in self.rows if r.action == "add"]


def _file_error(message: str) -> RosterFileError:
    return RosterFileError(message, errors={"file": [message]})


#: Byte-order marks of the Unicode files a spreadsheet saves ("Unicode text" is UTF-16).
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
#: The encodings charset-normalizer's guess is taken for: multi-byte ones, which it tells
#: apart reliably; single-byte files are read as Windows-1252 (Excel's "CSV").
_MULTI_BYTE = (
    {"cp932", "shift_jis", "euc_jp", "iso2022_jp"}  # Japanese
    | {"gb2312", "gbk", "gb18030", "big5", "big5hkscs", "cp950"}  # Chinese
    | {"euc_kr", "cp949", "johab"}  # Korean
)


def decode(data: bytes) -> tuple[str, list[str]]:
    """The file's text (BOM, UTF-8, a multi-byte guess, or Windows-1252) and a note naming it."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data[len(bom) :].decode(encoding), _read_as(encoding, bom=True)
            except UnicodeDecodeError:
                raise _file_error(
                    f"The file says it is {encoding.upper()} but is not: save it as "
                    '"CSV UTF-8" and try again.'
                ) from None
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError:
        pass
    best = charset_normalizer.from_bytes(data).best()
    if best is not None and best.encoding in _MULTI_BYTE:
        return str(best), _read_as(best.encoding)
    try:
        return data.decode("cp1252"), _read_as("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1"), _read_as("latin_1")


def _read_as(encoding: str, *, bom: bool = False) -> list[str]:
    if encoding == "utf-8":
        return []
    name = _ENCODING_NAMES.get(encoding) or encoding.replace("_", "-").upper()
    if bom:
        return [f"The file is {name}; it was read as such."]
    return [
        f"The file is not UTF-8; it was read as {name}. Check that accented names look "
        'right; if not, save the file as "CSV UTF-8" and try again.'
    ]


_ENCODING_NAMES = {
    "cp1252": "Windows-1252 (Western European)",
    "latin_1": "Latin-1",
    "utf-16-le": "UTF-16",
    "utf-16-be": "UTF-16",
    "shift_jis": "Shift-JIS",
    "cp932": "Shift-JIS",
    "cp1251": "Windows-1251 (Cyrillic)",
    "euc_jp": "EUC-JP",
    "gb18030": "GB18030 (Chinese)",
    "big5": "Big5 (Chinese)",
}


def _dialect(text: str) -> Any:
    sample = "\n".join(text.splitlines()[:20])
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        return csv.excel  # one column, or nothing to tell the delimiter by


def _key(header: str) -> str:
    return " ".join(header.replace("_", " ").strip().lower().split())


def _columns(header: list[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for index, cell in enumerate(header):
        key = _key(cell)
        for kind, names in (
            ("name", NAME_HEADERS),
            ("first", FIRST_HEADERS),
            ("last", LAST_HEADERS),
            ("email", EMAIL_HEADERS),
        ):
            if key in names:
                if kind in found:  # two "name" columns: which one is meant?
                    first = header[found[kind]].strip()[:30]
                    raise _file_error(
                        f"The first row names the same column twice ({first!r} and "
                        f"{cell.strip()[:30]!r}); keep one of them and upload the file again."
                    )
                found[kind] = index
    if "name" not in found and "first" not in found and "last" not in found:
        shown = ", ".join(repr(c.strip()[:30]) for c in header[:8]) or "nothing"
        raise _file_error(
            f'The first row must name the columns, with one called "name" (or "first '
            f'name" and "last name"), and "email" if you have them; it holds {shown}.'
        )
    return found


def parse_roster(data: bytes | None) -> tuple[list[RosterRow], list[str]]:
    """The rows of a roster file and notes about it; :class:`RosterFileError` if unreadable."""
    if not isinstance(data, bytes | bytearray):
        raise _file_error("Choose a CSV file to upload.")
    if len(data) > FILE_MAX_BYTES:
        raise _file_error(
            f"The file is larger than 1 MB ({FILE_MAX_BYTES:,} bytes); split it into "
            "smaller files and import them one by one."
        )
    text, notes = decode(bytes(data))
    if "\x00" in text:
        raise _file_error(
            "This is not a CSV file (it holds binary data). In your spreadsheet, choose "
            '"Save as" or "Download" as CSV, and upload that.'
        )
    if not text.strip():
        raise _file_error("The file is empty.")
    try:
        lines = list(csv.reader(io.StringIO(text, newline=""), _dialect(text)))
    except csv.Error as error:
        raise _file_error(f"The file cannot be read as CSV: {error}.") from None
    header = lines[0] if lines else []
    columns = _columns(header)
    rows: list[RosterRow] = []
    for line, cells in enumerate(lines[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue
        if len(rows) >= ROWS_MAX:
            raise _file_error(
                f"The file has more than {ROWS_MAX:,} players; import at most {ROWS_MAX:,} "
                "at a time (split the file)."
            )

        def cell(kind: str, cells: list[str] = cells) -> str:
            index = columns.get(kind)
            return cells[index].strip() if index is not None and index < len(cells) else ""

        name = cell("name") or " ".join(p for p in (cell("first"), cell("last")) if p)
        name = unescape_formula(name)
        # Normalised as player_create; a tab or line break stays, for the plan to refuse.
        rows.append(RosterRow(line=line, name=normal_name(name).strip(" "), email=cell("email")))
    if not rows:
        raise _file_error("The file has a header row but no players under it.")
    return rows, notes


def unescape_formula(text: str) -> str:
    """Undo ``csv_out.safe_cell``'s "'=x", so a roster comes back with the same names."""
    if text.startswith("'") and text[1:2] in FORMULA_START:
        return text[1:]
    return text


#: Names that differ only in case, spacing or full-width letters are the same player.
match_key = name_key


def _problems(row: RosterRow) -> list[str]:
    problems = []
    if not row.name:
        problems.append("The name is empty.")
    elif len(row.name) > NAME_MAX:
        problems.append(f"The name has {len(row.name)} characters; {NAME_MAX} at most.")
    elif name_problem(row.name):
        problems.append(name_problem(row.name) or "")
    if row.email:
        try:
            if len(row.email) > EMAIL_MAX:
                raise ValidationError("too long")
            validate_email(row.email)
        except ValidationError:
            problems.append(f"{row.email[:60]!r} is not an email address.")
    return problems


def roster_plan(*, club: Club, rows: list[RosterRow], notes: list[str] | None = None) -> RosterPlan:
    """What importing ``rows`` into ``club`` would do, row by row (one query)."""
    by_name: dict[str, str] = {}
    by_email: dict[str, str] = {}
    for name, email in Player.objects.filter(club=club).values_list("name", "email"):
        by_name.setdefault(match_key(name), name)
        if email:
            by_email.setdefault(email.casefold(), name)
    seen_name: dict[str, int] = {}
    seen_email: dict[str, int] = {}
    planned = []
    for row in rows:
        problems = _problems(row)
        key, email = match_key(row.name), row.email.casefold()
        if problems:
            planned.append(PlannedRow(row, "problem", problems))
        elif key in by_name or (email and email in by_email):
            existing = by_name.get(key) or by_email[email]
            planned.append(PlannedRow(row, "duplicate", duplicate_of=existing))
        elif key in seen_name or (email and email in seen_email):
            earlier = seen_name.get(key) or seen_email[email]
            planned.append(PlannedRow(row, "duplicate", duplicate_line=earlier))
        else:
            planned.append(PlannedRow(row, "add"))
            seen_name[key] = row.line
            if email:
                seen_email[email] = row.line
    return RosterPlan(planned, list(notes or []))


# ---- the rows between the preview and the import ------------------------------------


def _salt(club: Club, by: Actor) -> str:
    return f"rookclub.roster-import:{club.pk}:{getattr(by, 'pk', None)}"


def rows_token(*, club: Club, rows: list[RosterRow], notes: list[str], by: Actor) -> str:
    """The parsed rows, signed for this club and director: the import stores what was shown."""
    payload = {"rows": [[r.line, r.name, r.email] for r in rows], "notes": notes}
    token = signing.dumps(payload, salt=_salt(club, by), compress=True)
    if len(token) > TOKEN_MAX_CHARS:  # only a file of long, random names gets here
        raise _file_error("This file holds too much text to import at once; split it in two.")
    return token


def rows_from_token(*, club: Club, token: Any, by: Actor) -> tuple[list[RosterRow], list[str]]:
    """The rows of a preview's token, or ``Invalid`` if changed, someone else's or expired."""
    message = "This preview has expired or was changed; upload the file again."
    if not isinstance(token, str) or not token or len(token) > 4 * FILE_MAX_BYTES:
        raise Invalid(message, errors={"token": [message]}, code="roster_token")
    try:
        payload = signing.loads(token, salt=_salt(club, by), max_age=TOKEN_MAX_AGE)
        rows = [RosterRow(int(n), str(name), str(email)) for n, name, email in payload["rows"]]
        notes = [str(n) for n in payload.get("notes", [])]
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise Invalid(message, errors={"token": [message]}, code="roster_token") from None
    return rows, notes


# ---- the service ----------------------------------------------------------------------


@transaction.atomic
def roster_import(*, club: Club, rows: list[RosterRow], by: Actor) -> RosterPlan:
    """Create the players of ``rows`` new to ``club`` (planned again now); the plan returned."""
    require_director(by, club)
    # Two directors importing at once plan one after the other: the second sees duplicates.
    Club.objects.select_for_update().filter(pk=club.pk).first()
    plan = roster_plan(club=club, rows=rows)
    try:
        Player.objects.bulk_create(
            [Player(club=club, name=r.row.name, email=r.row.email) for r in plan.to_add]
        )
    except IntegrityError:  # a player added by hand at this very moment
        raise Invalid(
            "A player was added while you imported; upload the file again to see it.",
            code="roster_changed",
        ) from None
    return plan


# ---- the roster out ---------------------------------------------------------------------

ROSTER_HEADER = ("name", "email", "active")


def roster_table(club: Club) -> CsvTable:
    """The club's players as a file :func:`parse_roster` reads back (one query)."""
    players = Player.objects.filter(club=club).order_by("name", "id")
    rows = [(p.name, p.email, p.active) for p in players.only("name", "email", "active")]
    return CsvTable(ROSTER_HEADER, rows, filename(club.slug, "players", day=timezone.localdate()))
