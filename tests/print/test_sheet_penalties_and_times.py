"""Completed sheets print penalties as costs and times in the club's time zone."""

import datetime
import zoneinfo

import pytest

from play.hands import hand_record
from play.models import HandCorrection
from play.print_docs import game_sheet_doc
from rookclub.printing.builders import sheet_date
from tests.factories import game_for, hand_in

pytestmark = pytest.mark.django_db


def test_a_penalty_prints_as_what_it_cost_with_a_real_minus_sign(game, director):
    record = hand_in(bid=80, ns=85) | {"penalties": [{"seat": "south", "kind": "table_talk"}]}
    hand_record(game=game, data=record, entered_by=director)

    line = game_sheet_doc(game).lines[0]

    assert "Table talk S \N{MINUS SIGN}" in line.penalties
    assert "+" not in line.penalties
    cost = int(line.penalties.rsplit("\N{MINUS SIGN}", 1)[1])
    assert cost > 0


def test_a_correction_prints_its_time_in_the_club_time_zone(played, settings):
    settings.TIME_ZONE = "America/Chicago"
    moment = datetime.datetime(2025, 3, 7, 2, 30, tzinfo=datetime.UTC)  # 20:30 on the 6th
    HandCorrection.objects.filter(hand__game=played).update(corrected_at=moment)

    note = game_sheet_doc(played).corrections[0]

    assert note.when == "6 Mar 2025 20:30"


def test_a_sheet_date_from_a_moment_is_the_local_day(settings):
    settings.TIME_ZONE = "America/Chicago"
    late_evening = datetime.datetime(2025, 3, 7, 3, 0, tzinfo=datetime.UTC)
    assert sheet_date(late_evening) == "Thu 6 March 2025"
    tokyo = late_evening.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
    assert sheet_date(tokyo) == "Thu 6 March 2025"
    assert sheet_date(datetime.date(2025, 3, 6)) == "Thu 6 March 2025"


def test_a_completed_sheet_names_the_renege_house_rule_beside_the_target(club):
    game = game_for(club, options={"renege_points": 100})

    header = game_sheet_doc(game).header

    assert header.house_rules == "renege found later: reneging side \N{MINUS SIGN}100, others +100"
    assert game_sheet_doc(game_for(club)).header.house_rules == ""
