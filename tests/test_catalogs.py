"""The German catalogs are compiled at start-up only when they changed since the last start."""
from __future__ import annotations

import shutil
from pathlib import Path

from babel.messages.mofile import read_mo

from companion import i18n


def german(target: Path) -> dict[str, str]:
    with (target / "de" / "LC_MESSAGES" / "messages.mo").open("rb") as f:
        return {m.id: m.string for m in read_mo(f) if m.id and isinstance(m.id, str)}


def test_a_changed_added_or_removed_catalog_is_compiled_again(tmp_path, monkeypatch):
    source = tmp_path / "translations"
    shutil.copytree(i18n.SOURCE, source)
    monkeypatch.setattr(i18n, "SOURCE", source)
    target = tmp_path / "compiled"
    i18n.compile_catalogs(target)
    assert german(target)["Share the win"] == "Sieg teilen"
    mo = target / "de" / "LC_MESSAGES" / "messages.mo"
    compiled_at = mo.stat().st_mtime_ns

    i18n.compile_catalogs(target)  # nothing changed: nothing written
    assert mo.stat().st_mtime_ns == compiled_at

    po = source / "de" / "beutelschneider.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Sieg teilen"', 'msgstr "Den Sieg teilen"'),
                  encoding="utf-8")
    i18n.compile_catalogs(target)
    assert german(target)["Share the win"] == "Den Sieg teilen"

    (source / "de" / "extra.po").write_text('msgid "Loot"\nmsgstr "Beute"\n', encoding="utf-8")
    i18n.compile_catalogs(target)
    assert german(target)["Loot"] == "Beute"

    po.unlink()
    i18n.compile_catalogs(target)
    assert "Share the win" not in german(target) and german(target)["Loot"] == "Beute"
