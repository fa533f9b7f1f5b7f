// The page's times in the reader's own time zone: the deadline counted down, and every other
// <time data-local> (the end of a pause, the deadline after it). The server writes them in UTC
// for readers without JavaScript; the datetime attribute keeps the exact time.
import { plural } from '../engine/types.ts';

/** A time as the page shows it: the reader's own weekday, date and time. */
function localTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }) + ' your time';
}

/** Fills #deadline (from the live region's data-deadline, an ISO time) with a countdown, and the other times of the page. */
export function showTimes(live: Element): void {
  // Words written only when they change: the times sit in the status line, a live region, where each
  // rewrite is read aloud (tester 13 W13: the countdown was spoken twice a minute).
  const write = (el: Element, text: string) => {
    if (el.textContent !== text) el.textContent = text;
  };
  for (const t of live.querySelectorAll('time[data-local]')) {
    const at = t.getAttribute('datetime');
    if (at) write(t, localTime(at));
  }
  const d = live.getAttribute('data-deadline');
  const el = document.getElementById('deadline');
  if (!d || !el) return;
  const left = new Date(d).getTime() - Date.now();
  let words: string;
  if (left <= 0) words = 'the deadline has passed';
  // Minutes are counted down whole, as /me counts them: the last one is not "0 min" (tester 3 F6).
  else if (left < 60000) words = 'in under a minute';
  else {
    const m = Math.floor(left / 60000);
    const days = Math.floor(m / 1440);
    const h = Math.floor((m % 1440) / 60);
    const mins = m % 60;
    words = 'in ' + (days ? plural(days, 'day') + ' ' : '') + (days || h ? h + ' h ' : '') + (days ? '' : mins + ' min');
  }
  write(el, localTime(d) + ' (' + words.trim() + ')');
}
