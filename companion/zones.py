"""The time zones a group chooses from, in the table's words: its own region's places first
("Berlin (Deutschland)"), a search for the rest. Only the zones ``periods.zones`` offers
(they load, and none is an alias of the machine such as "Factory" or "localtime")."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.core import get_global
from babel.dates import get_timezone_location

from . import periods
from .markers import N_

REGION_NAMES = {
    "Africa": N_("Africa"), "America": N_("America"), "Antarctica": N_("Antarctica"),
    "Arctic": N_("Arctic"), "Asia": N_("Asia"), "Atlantic": N_("Atlantic"),
    "Australia": N_("Australia"), "Europe": N_("Europe"), "Indian": N_("Indian Ocean"),
    "Pacific": N_("Pacific"),
}
MAX_FOUND = 30


@lru_cache(maxsize=1)
def listed() -> tuple[str, ...]:
    """The zones the lists offer: those with a country in Unicode's data. The others are old
    names of the same places ("Europe/Kiev", "Asia/Calcutta"): still accepted, never listed
    twice."""
    territories = get_global("zone_territories")
    return tuple(z for z in periods.zones() if z in territories)


def region(name: str) -> str:
    """The part of the world a zone is in ("Europe" for "Europe/Berlin"), "" for UTC."""
    first = name.split("/")[0]
    return first if "/" in name and first in REGION_NAMES else ""


def host_zone() -> str:
    """The zone of the computer that runs the app (``TZ``, else /etc/localtime's target),
    "" when it names none a group could choose (a server on UTC)."""
    candidates = [os.environ.get("TZ", "").lstrip(":")]
    try:
        target = str(Path("/etc/localtime").resolve())
        candidates.append(target.split("zoneinfo/", 1)[1] if "zoneinfo/" in target else "")
    except OSError:
        pass
    return next((c for c in candidates if periods.is_zone(c) and region(c)), "")


@lru_cache(maxsize=4)
def labels(locale: str) -> dict[str, str]:
    """Zone -> its place and country in the page's language: "Berlin (Deutschland)"."""
    where = Locale.parse(locale)
    territories = get_global("zone_territories")
    out = {}
    for name in periods.zones():
        if not region(name):
            out[name] = name
            continue
        city = get_timezone_location(name, locale=where, return_city=True).replace("/", " / ")
        country = where.territories.get(territories.get(name, ""), "")
        out[name] = f"{city} ({country})" if country and country != city else city
    return out


def _sorted(names: list[str], locale: str) -> list[tuple[str, str]]:
    """(zone, label), by label in the page's language."""
    said = labels(locale)
    return sorted(((z, said[z]) for z in names), key=lambda p: p[1].casefold())


def short_list(current: str, locale: str) -> tuple[str, list[tuple[str, str]]]:
    """The region the list starts with (the current zone's, else the host's) and its zones."""
    home = region(current) or region(host_zone())
    if not home:
        return "", []
    return home, _sorted([z for z in listed() if region(z) == home], locale)


def search(query: str, locale: str) -> list[tuple[str, str]]:
    """The zones whose name or place (in the page's language) contains ``query``."""
    wanted = " ".join(query.casefold().replace("_", " ").split())
    if not wanted:
        return []
    said = labels(locale)
    found = [z for z in listed()
             if wanted in z.casefold().replace("_", " ") or wanted in said[z].casefold()]
    return _sorted(found, locale)[:MAX_FOUND]
