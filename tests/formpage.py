"""A browser without JavaScript for view tests: read a page's forms, fill them, send them.

Tests then post exactly what the page offers (CSRF token, version, submission id,
hidden fields), so they fail when a template and its view drift apart.
"""
from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

# What app.js sends with a form it posts in the background.
BACKGROUND = {"X-Requested-With": "fetch"}


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._form: dict[str, Any] | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        if tag == "form":
            self._form = {"action": a.get("action", ""), "method": a.get("method", "get"),
                          "class": a.get("class", ""), "fields": [], "buttons": []}
            self.forms.append(self._form)
        if self._form is None:
            return
        if tag == "input" and "name" in a:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self._form["fields"].append((a["name"], a.get("value", "on")))
            elif kind not in ("submit", "file"):
                self._form["fields"].append((a["name"], a.get("value", "")))
        elif tag == "button" and "name" in a:
            self._form["buttons"].append((a["name"], a.get("value", "")))
        elif tag == "select":
            self._select = a.get("name")
            self._form["fields"].append((self._select, None))
        elif tag == "option" and self._select:
            fields = self._form["fields"]
            name, value = fields[-1]
            if value is None or "selected" in a:
                fields[-1] = (name, a.get("value", ""))
        elif tag == "textarea":
            self._textarea = a.get("name")
            self._form["fields"].append((self._textarea, ""))

    def handle_data(self, data: str) -> None:
        if self._textarea and self._form:
            name, value = self._form["fields"][-1]
            self._form["fields"][-1] = (name, value + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def forms_of(html: str) -> list[dict[str, Any]]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


class Browserless:
    def __init__(self, client: Any):
        self.client = client
        self.page = ""
        self.url = "/"
        self.response: Any = None

    def open(self, url: str) -> Any:
        self.url = url
        self.response = self.client.get(url)
        self.page = self.response.get_data(as_text=True)
        return self.response

    def form(self, action: str = "", with_field: str | None = None) -> dict[str, Any]:
        """The POST form whose action contains ``action`` ("" = the form posting to this page)
        and, if given, that has a field named ``with_field``."""
        found = []
        for form in forms_of(self.page):
            matches = action in form["action"] if action else form["action"] in ("", self.url)
            if with_field and with_field not in {name for name, _ in form["fields"]}:
                matches = False
            if matches and form["method"].lower() == "post":
                found.append(form)
        # Several forms may post entries (a standing correction form, say): the page's main
        # entry form is meant unless a field names another.
        found.sort(key=lambda f: "entry-form" not in f["class"].split())
        if found:
            return found[0]
        raise AssertionError(f"no form posting to {action!r} on {self.url}")

    def submit(self, action: str = "", values: dict[str, Any] | None = None,
               button: tuple[str, str] | None = None, follow: bool = True,
               with_field: str | None = None) -> Any:
        """Send the form whose action contains ``action`` with ``values`` filled in."""
        form = self.form(action, with_field)
        data: dict[str, list[str]] = {}
        for name, value in form["fields"]:
            data.setdefault(name, []).append(value)
        for name, value in (values or {}).items():
            data[name] = value if isinstance(value, list) else [str(value)]
        if button:
            data[button[0]] = [button[1]]
        target = form["action"] or self.url
        self.response = self.client.post(target, data=data, follow_redirects=follow)
        self.page = self.response.get_data(as_text=True)
        if follow and self.response.request:
            self.url = self.response.request.path
        return self.response
