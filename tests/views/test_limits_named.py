"""A refusal for a size names the limit and what to do: the 413 page says how large a game
record and a backup may be, in the page's language."""
from __future__ import annotations

import io

import pytest

from companion import create_app
from tests.formpage import Browserless
from tests.views.test_import import exported, post


@pytest.fixture
def small(tmp_path):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"),
                       "MAX_CONTENT_LENGTH": 200 * 1024, "BACKUP_MAX_BYTES": 3 * 1024 * 1024}).test_client()


@pytest.mark.parametrize("language, words", [
    ("en", "That was too large. A game record can be at most 200 KB, a group's backup at most 3 MB. "
           "Nothing was stored: choose a smaller file."),
    ("de", "Das war zu groß. Ein Partie-Protokoll darf höchstens 200 KB groß sein, eine Sicherung der Gruppe "
           "höchstens 3 MB. Es wurde nichts gespeichert: Wähle eine kleinere Datei."),
])
def test_an_upload_over_the_limit_names_the_limits(small, language, words):
    response = small.post("/import", data={"file": (io.BytesIO(b" " * 300 * 1024), "big.json")},
                          content_type="multipart/form-data", headers={"Accept-Language": language})
    assert response.status_code == 413
    assert words in response.get_data(as_text=True)


def test_a_record_with_too_many_entries_names_the_limit_and_its_count(client, store):
    data = exported(client, store)
    data["entries"] = [{}] * 2001   # small: the count is refused before any entry is read
    count = len(data["entries"])
    response, page = post(client, data, copy_it=True)
    assert response.status_code == 422
    assert f"Too many entries: a game record holds at most 2000, this one {count}." in page
    user = Browserless(client)
    user.open("/import")
    user.submit("/lang", button=("lang", "de"))
    response, page = post(client, data, copy_it=True)
    assert f"Zu viele Einträge: Ein Partie-Protokoll hat höchstens 2000, dieses {count}." in page
