"""What a page must hold at any text size on a phone, measured in the page itself: nothing
wider than the screen, every score readable (inside the screen and not clipped by a box it
sits in), no tap target under 24 px, no field past its fieldset, no word broken where it fits
whole. ``problems(page)`` returns what fails, by kind (empty lists when all holds)."""
from __future__ import annotations

from typing import Any

# Scores: the numbers of the standings and of the grids (rounds, turns, final scoring,
# statistics), Beutezug's points, Treasure's coins, Loot and Scoot's gold. (The printed
# reference's tables on the rules pages scroll in their own box, a swipe away.)
SCORES = ".standings td.n, table.grid td.n, .bz-pts, .tside .coins, .scoot-party .gp"

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
  // A word over two lines although it fits its box whole: broken at an arbitrary letter. Its
  // width is that of its pieces as laid out; a break right after a hyphen, dash or slash is a
  // place a line may break, and an address breaks anywhere. (A word wider than its line must
  // break: a phone that knows the page's language hyphenates it, this Chromium cannot.)
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    const p = t.parentElement;
    if (!p || p.closest('script, style, svg, option, select, textarea, [hidden]') || !seen(p)) continue;
    for (const m of t.data.matchAll(/\S{2,}/g)) {
      if (m[0].includes('://')) continue;
      const range = document.createRange(); range.setStart(t, m.index); range.setEnd(t, m.index + m[0].length);
      const pieces = [...range.getClientRects()].filter(r => r.width > 0);
      if (new Set(pieces.map(r => Math.round(r.top))).size < 2) continue;
      const first = Math.round(pieces[0].top);
      let at = 1;
      for (; at < m[0].length; at++) {
        const c = document.createRange(); c.setStart(t, m.index + at); c.setEnd(t, m.index + at + 1);
        const r = [...c.getClientRects()].filter(r => r.width > 0)[0];
        if (r && Math.round(r.top) !== first) break;
      }
      if ('-/\u2010\u2013\u2014\u00ad'.includes(m[0][at - 1])) continue;
      let box = p;
      while (box.parentElement && getComputedStyle(box).display.startsWith('inline')) box = box.parentElement;
      const s = getComputedStyle(box);
      let room = box.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      if (s.display.endsWith('flex') && s.flexDirection.startsWith('row')) {  // beside a tick, a marker
        for (const c of box.children) if (getComputedStyle(c).position !== 'absolute') room -= c.getBoundingClientRect().width + (parseFloat(s.columnGap) || 0);
      }
      const width = pieces.reduce((sum, r) => sum + r.width, 0);
      // A page's title is sized to hold its longest word ("Beutelschneider" at 200 %): never broken.
      if (width <= room - 2 || p.closest('h1')) out.words.push('"' + m[0] + '" (' + Math.round(width) + ' px) broken after "' + m[0].slice(0, at) + '" in ' + name(box) + ' of ' + Math.round(room) + ' px');
    }
  }
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
