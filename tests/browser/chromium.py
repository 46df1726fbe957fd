"""Debian's Chromium at phone size, as the browser tests and bench/phone.py drive it.

Never `playwright install` (no downloads here): Playwright is pointed at the Chromium that
apt installed; headless in a container, without the sandbox, GPU or /dev/shm it lacks, and
without the background traffic (updates, sync) that has no network to reach.
"""
from __future__ import annotations

import os
import shutil

CHROMIUM = next((p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium")
                 if os.path.exists(p)), shutil.which("chromium"))
LAUNCH = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
          "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 3}
