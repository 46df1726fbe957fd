"""What a page must hold at any text size on a phone, measured in the page itself: nothing
wider than the screen, every score readable (inside the screen and not clipped by a box it
sits in), no tap target under 24 px, no field past its fieldset, no word broken where it fits
whole. ``problems(page)`` returns what fails, by kind (empty lists when all holds)."""
from __future__ import annotations

from typing import Any

# Scores: the numbers of the standings and of the grids, Beutezug's points, Treasure's coins,
# Loot and Scoot's gold.
SCORES = "table td.n, .bz-pts, .tside .coins, .scoot-party .gp"

PROBLEMS = r"""(scores) => {
  const vw = document.documentElement.clientWidth;
  const out = {wide: [], scores: [], targets: [], fields: [], words: []};
  const seen = e => e.checkVisibility({opacityProperty: false, visibilityProperty: true});
  const name = e => (e.id ? '#' + e.id : '') + '<' + e.tagName.toLowerCase() + (e.className && typeof e.className == 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '') + '> "' + (e.textContent || e.value || '').trim().slice(0, 30) + '"';
  if (document.documentElement.scrollWidth > vw) {
    out.wide.push(document.documentElement.scrollWidth + ' > ' + vw + ': ' +
      [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > vw + 1).slice(-3).map(name).join(' | '));
  }
  // Every score's text in the screen and in every box that could clip it.
  for (const el of document.querySelectorAll(scores)) {
    if (!seen(el)) continue;
    const range = document.createRange(); range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
    if (!rects.length) { out.scores.push(name(el) + ': no text box'); continue; }
    for (const r of rects) {
      if (r.left < -0.5 || r.right > vw + 0.5) { out.scores.push(name(el) + ' at x ' + Math.round(r.left) + '-' + Math.round(r.right)); break; }
      let clipped = null;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const b = a.getBoundingClientRect();
        if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) { clipped = a; break; }
      }
      if (clipped) { out.scores.push(name(el) + ' clipped by ' + name(clipped)); break; }
    }
  }
  // Tap targets: links that are not words in running text, buttons, fields, the visible
  // chip of a hidden radio.
  const targets = document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary');
  for (let el of targets) {
    if (el.matches('input') && getComputedStyle(el).opacity === '0') el = el.closest('label') || el.nextElementSibling || el.parentElement;
    if (!seen(el)) continue;
    if (el.matches('a') && getComputedStyle(el).display === 'inline') continue;  // a word in a sentence (WCAG 2.5.8's inline exception)
    const r = el.getBoundingClientRect();
    if (r.width < 24 || r.height < 24) out.targets.push(name(el) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
  }
  for (const f of document.querySelectorAll('fieldset')) {
    if (!seen(f)) continue;
    const b = f.getBoundingClientRect();
    for (const el of f.querySelectorAll('input:not([type=hidden]), select, textarea, button, .bz-chip span')) {
      if (!seen(el) || getComputedStyle(el).opacity === '0') continue;
      const r = el.getBoundingClientRect();
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5) out.fields.push(name(el) + ' x ' + Math.round(r.left) + '-' + Math.round(r.right) + ' in ' + name(f) + ' x ' + Math.round(b.left) + '-' + Math.round(b.right));
    }
  }
  // A word over two lines although it fits its box whole: broken at an arbitrary letter.
  const ruler = document.createElement('span');
  ruler.style.cssText = 'position:absolute;left:0;top:0;white-space:nowrap;visibility:hidden';
  document.body.appendChild(ruler);
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    const p = t.parentElement;
    if (!p || p === ruler || p.closest('script, style, svg, option, select, textarea, [hidden]') || !seen(p)) continue;
    for (const m of t.data.matchAll(/[^\s\-\u2010\u2011\u2013\u2014\/·,:;()]{2,}/g)) {
      const range = document.createRange(); range.setStart(t, m.index); range.setEnd(t, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size < 2) continue;
      let box = p;
      while (box.parentElement && getComputedStyle(box).display.startsWith('inline')) box = box.parentElement;
      const s = getComputedStyle(box);
      const room = box.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      const ps = getComputedStyle(p);
      ruler.style.font = ps.font; ruler.style.letterSpacing = ps.letterSpacing; ruler.textContent = m[0];
      const width = ruler.getBoundingClientRect().width;
      if (width <= room + 0.5) out.words.push('"' + m[0] + '" (' + Math.round(width) + ' px) broken in ' + name(box) + ' of ' + Math.round(room) + ' px');
    }
  }
  ruler.remove();
  return out;
}"""


def problems(page, scores: str = SCORES) -> dict[str, list[Any]]:
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    found = page.evaluate(PROBLEMS, scores)
    return {kind: items for kind, items in found.items() if items}


def large_text(page) -> Any:
    """The phone's own text size at 200 % (TESTING.md) on the pages loaded next, for as long
    as the returned session is kept."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    return cdp
