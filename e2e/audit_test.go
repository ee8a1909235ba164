package e2e

// auditJS lists what on the screen breaks the phone rules (issue: 48 px everywhere): every
// visible control (button, link, field, anything focusable or with a button role) smaller
// than 48×48 CSS px (a field inside a label is measured by its label, the whole target a
// finger can tap) or without an accessible name; and every element that sticks out of the
// viewport or out of its own box sideways (text cut or spilling), outside the boxes that
// scroll sideways on purpose (and the fields, whose text scrolls inside them).
const auditJS = `(() => {
  const out = [], W = document.documentElement.clientWidth;
  const shown = e => {
    if (e.closest('[hidden], [inert], [aria-hidden="true"]')) return false;
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden';
  };
  const say = e => {
    const id = e.id ? '#' + e.id : '', cls = typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\s+/).join('.') : '';
    return e.tagName.toLowerCase() + id + cls + ' "' + (e.getAttribute('aria-label') || e.textContent || e.value || '').trim().slice(0, 30) + '"';
  };
  const named = e => {
    if ((e.getAttribute('aria-label') || '').trim()) return true;
    const by = e.getAttribute('aria-labelledby');
    if (by && by.split(/\s+/).some(id => (document.getElementById(id)?.textContent || '').trim())) return true;
    if (e.labels && [...e.labels].some(l => l.textContent.trim())) return true;
    if (e.closest('label') && e.closest('label').textContent.trim()) return true;
    if (e.matches('button, a, summary, [role=button]') && (e.textContent.trim() || e.querySelector('img[alt]:not([alt=""]), svg title'))) return true;
    if (e.matches('input[type=button], input[type=submit]') && e.value.trim()) return true;
    return !!(e.getAttribute('title') || '').trim();
  };
  for (const e of document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex="-1"])')) {
    const target = e.matches('input') && e.closest('label') ? e.closest('label') : e;
    if (!shown(target)) continue;
    const r = target.getBoundingClientRect();
    if (r.width < 47.5 || r.height < 47.5) out.push('under 48 px (' + Math.round(r.width) + '×' + Math.round(r.height) + '): ' + say(e));
    if (!named(e)) out.push('no accessible name: ' + say(e));
  }
  if (document.documentElement.scrollWidth > W + 1) out.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' px wide');
  const scrolls = e => { for (let a = e.parentElement; a; a = a.parentElement) { const x = getComputedStyle(a).overflowX; if (x === 'auto' || x === 'scroll') return true; } return false; };
  for (const e of document.body.querySelectorAll('*')) {
    if (e.closest('svg') || !shown(e) || scrolls(e)) continue;
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    if (s.position === 'fixed' && r.right <= 0) continue;
    if (r.right > W + 1 || r.left < -1) out.push('outside the screen (' + Math.round(r.left) + '..' + Math.round(r.right) + '): ' + say(e));
    else if (s.display !== 'inline' && !e.matches('input, textarea, select') && !['auto', 'scroll'].includes(s.overflowX) && e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
      out.push('wider than its box (' + e.scrollWidth + ' > ' + e.clientWidth + '): ' + say(e));
  }
  return out;
})()`

// audit fails the test with what breaks the phone rules on the screen shown (auditJS).
func (p *tab) audit(where string) {
	p.t.Helper()
	for _, problem := range eval[[]string](p, auditJS) {
		p.t.Errorf("%s: %s", where, problem)
	}
}
