"""Players' colours: a palette that stays apart for colour-blind eyes with 4.5:1 contrast as
text in light and dark, the group's choices at a table, and the charts on screen and in
the PDF sheet drawing with them."""
from __future__ import annotations

import io
import itertools
import math
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.history import colours, groups
from companion.pages.chart import DEFAULT_COLOURS, PALETTE, totals_chart
from companion.views.printables import game_sheet
from tests.playing import playing_game

CSS = (Path(__file__).resolve().parents[1] / "static/css/app.css").read_text()
LIGHT_GROUNDS = ("#fbf7f0", "#ffffff")  # the page, a card (and paper)
DARK_GROUNDS = ("#15130f", "#211e19")


def linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def rgb(colour: str) -> list[float]:
    return [linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5)]


def luminance(colour: str) -> float:
    r, g, b = rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("key", PALETTE)
def test_every_colour_reads_as_text_at_aa_contrast_in_light_and_dark(key):
    light, dark = PALETTE[key]
    assert all(contrast(light, ground) >= 4.5 for ground in LIGHT_GROUNDS)
    assert all(contrast(dark, ground) >= 4.5 for ground in DARK_GROUNDS)
    # The page's stylesheet has the same shades under the same names.
    assert f".pc-{key} {{ color: {light}; }}" in CSS and f".pc-{key} {{ color: {dark}; }}" in CSS


# Machado, Oliveira and Fernandes (2009): full protanopia, deuteranopia and tritanopia.
SIMULATIONS = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def lab(linear_rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = linear_rgb
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour: str, kind: str) -> tuple[float, float, float]:
    c = rgb(colour)
    return lab([min(1.0, max(0.0, sum(m * v for m, v in zip(row, c, strict=True)))) for row in SIMULATIONS[kind]])


@pytest.mark.parametrize("kind", SIMULATIONS)
@pytest.mark.parametrize("shade", [0, 1], ids=["light", "dark"])
def test_a_tables_default_colours_stay_apart_for_colour_blind_eyes(kind, shade):
    # A distance of 10 in CIELAB is clearly two colours side by side; the old palette had 5.
    shades = [PALETTE[k][shade] for k in DEFAULT_COLOURS]
    assert min(math.dist(seen(a, kind), seen(b, kind)) for a, b in itertools.combinations(shades, 2)) > 10


def test_a_table_gets_the_players_own_colours_and_defaults_for_the_rest(store):
    groups.add_player(store, "household", "Anna")
    groups.add_player(store, "household", "Ben")
    assert colours.seat_colours(store, "household", ["Anna", "Ben", "Cem"]) == DEFAULT_COLOURS[:3]
    colours.choose(store, "household", "ben", "blue")  # the first default: Anna gets another
    colours.choose(store, "household", "Anna", "brown")
    assert colours.seat_colours(store, "household", ["Anna", "Ben", "Cem"]) == ("brown", "blue", "orange")
    colours.choose(store, "household", "Anna", "blue")  # two chose blue: the first seat has it
    assert colours.seat_colours(store, "household", ["Ben", "Anna"]) == ("blue", "orange")
    with pytest.raises(groups.GroupError):
        colours.choose(store, "household", "Anna", "gold")
    with pytest.raises(groups.GroupError):
        colours.choose(store, "household", "Zed", "blue")


def test_the_chart_draws_each_seat_in_its_colour_with_its_own_dash_and_marker():
    svg = str(totals_chart(["Anna", "Ben"], [[3, 5], [8, 6]], colours=("pink", "olive")))
    groups_drawn = re.findall(r'<g class="pc-(\w+)" color="(#\w+)"><title>(\w+)</title>'
                              r'<polyline [^>]*stroke-dasharray="([^"]*)"', svg)
    assert groups_drawn == [("pink", PALETTE["pink"][0], "Anna", ""), ("olive", PALETTE["olive"][0], "Ben", "6 3")]


def test_the_group_page_sets_a_colour_and_the_game_page_uses_it(store, user):
    game_id = playing_game(store, hands=((20, 10, 0), (0, 10, 20)))
    user.open("/groups/household")
    user.submit("/colours", {"pick-player": "Ben", "pick-colour": "olive"})
    assert "The colour is saved." in user.page and store.index.table("groups")["household"]["colours"] == {"ben": "olive"}
    page = user.open(f"/games/{game_id}").get_data(as_text=True)
    assert f'class="pc-olive" color="{PALETTE["olive"][0]}"><title>Ben</title>' in page
    assert '<span class="pc-olive" aria-hidden="true">■</span> <bdi>Ben</bdi>' in page  # the legend: marker + name
    user.open("/groups/household")
    response = user.submit("/colours", {"pick-player": "Ben", "pick-colour": "gold"})  # no such colour
    assert response.status_code == 422 and "Choose one of the colours offered." in user.page
    assert store.index.table("groups")["household"]["colours"] == {"ben": "olive"}


def test_the_pdf_sheet_draws_with_the_groups_colours(app, store):
    game_id = playing_game(store, hands=((20, 10, 0), (0, 10, 20)))
    colours.choose(store, "household", "Ben", "olive")
    with app.test_request_context():
        pdf = game_sheet(store.load(game_id), "a4", "en")
    streams = b"".join(page.get_contents().get_data() for page in PdfReader(io.BytesIO(pdf)).pages)
    # The stroke colours the page draws with ("r g b RG"), against the olive and the blue.
    strokes = {tuple(float(v) for v in m) for m in re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) RG", streams)}

    def drawn(key: str) -> bool:
        wanted = [int(PALETTE[key][0][i:i + 2], 16) / 255 for i in (1, 3, 5)]
        return any(max(abs(a - b) for a, b in zip(s, wanted, strict=True)) < 0.002 for s in strokes)
    assert drawn("olive") and drawn("blue")  # Ben chose olive; Anna has seat 0's blue


def test_a_new_colour_draws_the_sheet_anew(client, store):
    game_id = playing_game(store, hands=((20, 10, 0), (0, 10, 20)))
    first = client.get(f"/games/{game_id}/sheet.pdf").data
    assert client.get(f"/games/{game_id}/sheet.pdf").data == first  # cached
    colours.choose(store, "household", "Cem", "pink")
    assert client.get(f"/games/{game_id}/sheet.pdf").data != first


def test_a_renamed_player_keeps_their_colour_and_a_later_player_of_the_old_name_has_none(store):
    for name in ("Anna", "Ben", "Cem"):
        groups.add_player(store, "household", name)
    colours.choose(store, "household", "Ben", "olive")
    groups.rename(store, "household", "Ben", "Benjamin")
    assert colours.chosen(store, "household") == {"benjamin": "olive"}
    assert colours.seat_colours(store, "household", ["Benjamin", "Anna"])[0] == "olive"
    assert colours.seat_colours(store, "household", ["Ben", "Anna"])[0] == "olive"  # typed as Ben: the same person
    # Taken back: the player is called Ben again, and so is the colour.
    groups.undo_alias(store, "household", groups.aliases(store, "household")[0]["id"])
    assert colours.chosen(store, "household") == {"ben": "olive"}


def test_a_merged_player_gives_their_colour_to_the_player_merged_into_unless_they_have_one(store):
    for name in ("Anna", "Ben", "Benni", "Cem"):
        groups.add_player(store, "household", name)
    colours.choose(store, "household", "Benni", "pink")
    groups.merge(store, "household", "Benni", "Ben")
    assert colours.chosen(store, "household") == {"ben": "pink"}
    colours.choose(store, "household", "Cem", "olive")
    colours.choose(store, "household", "Anna", "brown")
    groups.merge(store, "household", "Cem", "Anna")  # Anna keeps her own; Cem's goes with the name
    assert colours.chosen(store, "household") == {"ben": "pink", "anna": "brown"}
