// The deadline in the reader's own time, counted down.

/** Fills #deadline from the live region's data-deadline (an ISO time). */
export function showDeadline(live: Element): void {
  const d = live.getAttribute('data-deadline');
  const el = document.getElementById('deadline');
  if (!d || !el) return;
  const at = new Date(d);
  const left = at.getTime() - Date.now();
  const when = at.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  let words: string;
  if (left <= 0) words = 'the deadline has passed';
  else {
    const m = Math.floor(left / 60000);
    const days = Math.floor(m / 1440);
    const h = Math.floor((m % 1440) / 60);
    const mins = m % 60;
    words = 'in ' + (days ? days + ' day' + (days === 1 ? '' : 's') + ' ' : '') + (days || h ? h + ' h ' : '') + (days ? '' : mins + ' min');
  }
  el.textContent = when + ' your time (' + words.trim() + ')';
}
