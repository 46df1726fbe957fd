"""WeasyPrint is imported only by the render workers: not by the app, a page, a command
that makes no PDF, nor by the server asking a worker for one (each would pay 1.5 s and
more for it otherwise)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import sys
from companion import create_app
app = create_app({"TESTING": True, "INSTANCE_PATH": sys.argv[1]})
client = app.test_client()
for url in ("/", "/printables", "/history"):
    assert client.get(url).status_code == 200, url
runner = app.test_cli_runner()
for args in (["reindex"], ["backup", sys.argv[1] + "/backup.json"]):
    result = runner.invoke(args=args)
    assert result.exit_code == 0, result.output
# A PDF is made (by a worker), and still the server process has not imported WeasyPrint.
assert client.get("/printables/beutezug/sheet.pdf?players=2").mimetype == "application/pdf"
print(sorted(m for m in sys.modules if m.split(".")[0] in ("weasyprint", "pydyf", "tinycss2", "cssselect2")))
"""


def test_the_app_its_pages_its_commands_and_its_pdfs_never_import_weasyprint(tmp_path):
    result = subprocess.run([sys.executable, "-c", CHECK, str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
