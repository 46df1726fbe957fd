"""Statistics over a history that mixes the four games and games of the table's own, read from a
real store: every statistic counts the own games too, per name (two spellings, one game), and a
nemesis is found across all of them."""
from __future__ import annotations

from companion.history import groups, stats
from companion.record.entries import add_entry, new_record
from companion.record.shape import DEFAULT_GROUP

THREE = ["Anna", "Ben", "Cem"]


def own(store, name, points, **settings):
    record = new_record("own-game", THREE, {"name": name, **settings})
    # Started a day apart, so "first typed" does not rest on games started in the same second.
    record["created"] = f"2026-11-{10 + len(store.index.games()):02d}T20:00:00+00:00"
    record = add_entry(record, "round", {"players": [{"score": p} for p in points]})
    return store.create(add_entry(record, "end", {}))


def history(store):
    beutelschneider = new_record("beutelschneider", THREE, {"limit": 10})
    beutelschneider = add_entry(beutelschneider, "hand", {"players": [{"gold": g} for g in (40, 30, 10)]})
    store.create(beutelschneider)                      # Anna wins
    own(store, "Skat", (10, 30, 5))                    # Ben wins
    own(store, "  skat", (12, 31, 5))                  # Ben again: the same game
    own(store, "Hearts", (20, 3, 9), wins="low")       # Ben, lowest
    return stats.plays(groups.group_games(store, DEFAULT_GROUP), groups.names_now(store, DEFAULT_GROUP))


def test_counts_are_per_game_and_per_name(store):
    plays = history(store)
    assert len(plays) == 4
    anna = stats.player_stats(plays, "Anna")
    assert (anna.played, anna.wins) == (4, 1)
    assert {key: r.played for key, r in anna.by_game.items()} == {
        "beutelschneider": 1, "own-game:skat": 2, "own-game:hearts": 1}
    assert stats.game_stats(plays, "own-game:skat").played == 2
    assert stats.games_of(plays, {})["own-game:skat"].title == "Skat"   # as first typed
    assert sorted(p.game for p in stats.history(plays, game="own-game")) == [
        "own-game:hearts", "own-game:skat", "own-game:skat"]


def test_a_nemesis_is_found_across_the_four_games_and_the_own_ones(store):
    plays = history(store)
    nemesis, victim = stats.rivals(plays, "Anna")
    assert nemesis is not None and (nemesis.name, nemesis.beaten, nemesis.together) == ("Ben", 3, 4)
    assert victim is not None and (victim.name, victim.beaten) == ("Ben", 1)   # the Beutelschneider game
    _, ben_victim = stats.rivals(plays, "Ben")
    assert ben_victim is not None and ben_victim.beaten == 3


def test_a_best_score_is_the_lowest_where_the_lowest_wins(store):
    ben = stats.player_stats(history(store), "Ben")
    assert ben.by_game["own-game:hearts"].best == 3
    assert ben.by_game["own-game:skat"].best == 31
