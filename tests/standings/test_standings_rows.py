"""The standings tables' rows, put together in Python (standings/templatetags/
standings_rows.py): what the templates' loops wrote, names escaped, links for members."""

from django.template.loader import render_to_string

from rookclub.clubs.models import Player
from standings.standings import StandingRow, Standings
from standings.templatetags.standings_rows import projector_rows, standings_rows


def rows():
    ann, bo, cy = (
        Player(pk=1, name="Ann <b>"),
        Player(pk=2, name="Bo & Co"),
        Player(pk=3, name="Cy"),
    )
    first = StandingRow((ann,), games=3, won=2, points=-40, hands_declared=2, made=1, sets=1)
    pair = StandingRow((bo, cy), games=1, unfinished=1, points=120)
    first.rank, first.nights, first.rating, pair.rating = 1, {4, 5}, 1012, None
    return [first, pair]


def test_a_row_says_each_figure_and_escapes_the_names():
    html = standings_rows(rows())

    assert html.count("<tr>") == 2
    assert '<th scope="row">Ann &lt;b&gt;</th>' in html
    assert '<th scope="row">Bo &amp; Co &amp; Cy</th>' in html
    assert '<td class="num">-40</td><td class="num">2</td>' in html  # points, bids
    assert '<td class="num">50%</td>' in html and '<td class="num">—</td>' in html
    # An unranked row takes its place in the list.
    assert '<td class="num">2</td>\n          <th scope="row">Bo' in html
    assert "<a " not in html and "1012" not in html


def test_members_get_links_and_the_season_its_nights_and_ratings():
    html = standings_rows(rows(), linked=True, nights=True, rated=True)

    assert '<a href="/players/2/">Bo &amp; Co</a> &amp; <a href="/players/3/">Cy</a>' in html
    assert '<td class="num">1012</td>' in html
    # Ann's two nights, then her three games.
    assert '</a></th>\n          <td class="num">2</td>\n          <td class="num">3</td>' in html


def test_no_rows_says_so():
    assert "No games yet." in standings_rows([])
    assert "No games yet tonight." in projector_rows([])
    assert projector_rows([], partnerships=True) == ""


def test_the_projector_shows_players_and_partnerships_in_one_table():
    players, pairs = rows(), rows()[1:]
    html = render_to_string(
        "projector/_night_standings_rows.html",
        {"standings": Standings(players, pairs, 3), "live_url": "/x?live=1", "poll_seconds": 10},
    )

    assert html.startswith('<div id="projector-rows"')
    assert html.count('<td class="name">Bo &amp; Co &amp; Cy</td>') == 2
    assert 'id="projector-partnerships"' in html
    assert '<td class="num">-40</td>\n          <td class="num">50%</td>' in html
