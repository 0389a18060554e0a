"""A correction's before and after, in the table's words (play/views/score_sheet.py,
``snapshot_words``), at a table where the declarer calls a partner."""

from play.views.score_sheet import snapshot_words
from scoring.engine import PRESETS
from scoring.engine.seat_names import names_for


def test_a_called_partner_tables_history_names_its_sides():
    names = names_for(PRESETS["call-your-partner"])
    snap = {
        "record": {
            "bidder": "seat1",
            "bid": 120,
            "trump": "red",
            "partner": "seat3",
            "counters": {"declarers": 180, "defenders": 0},
        },
        "score": {"sides": {"declarers": 120, "defenders": 0}},
    }

    words = snapshot_words(snap, names)

    assert words["hand"] == "Seat 1 bid 120 Red; counters Declarer's side 180, Defenders 0"
    assert words["after"] == "scored Declarer's side 120, Defenders 0"
