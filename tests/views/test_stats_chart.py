"""The statistics' players chart shows the players with the most games and says how many
more the table under it lists."""
from __future__ import annotations

import re

from tests.history.conftest import finished_game


def bars(page: str) -> list[str]:
    chart = page[page.index('<svg xmlns="http://www.w3.org/2000/svg" class="bars"'):]
    chart = chart[:chart.index("</svg>")]
    return re.findall(r'text-anchor="end" font-size="13" fill="currentColor">([^<]*)<', chart)


def test_a_group_of_few_is_charted_whole_with_no_word_about_others(client, store):
    finished_game(store, (50, 30, 0))
    page = client.get("/stats").get_data(as_text=True)
    assert sorted(bars(page)) == ["Anna", "Ben", "Cem"]
    assert "more player" not in page


def test_a_large_group_is_told_how_many_the_chart_leaves_out(client, store):
    names = [f"Player {i:02d}" for i in range(15)]
    for day, i in enumerate(range(0, 15, 3), start=1):
        finished_game(store, (50, 30, 0), players=tuple(names[i:i + 3]), day=day)
    page = client.get("/stats").get_data(as_text=True)
    assert len(bars(page)) == 12
    assert "the 12 players with the most games; 3 more players in the table below" in page
    assert all(f">{n}</a>" in page for n in names)  # the table lists everyone
