// Copy buttons beside links to hand on (the created-game page, the game page's invitations) and a new player key.

function copyText(text: string, button: HTMLButtonElement): void {
  const done = () => {
    button.textContent = 'Copied';
    setTimeout(() => {
      button.textContent = 'Copy';
    }, 2000);
  };
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, () => {});
  else {
    // Plain http (a local server on another machine): the old way.
    const t = document.createElement('textarea');
    t.value = text;
    document.body.appendChild(t);
    t.select();
    try {
      document.execCommand('copy');
      done();
    } catch {}
    t.remove();
  }
}

/** A Copy button after each copyable link that has none yet. */
export function addCopyButtons(): void {
  document.querySelectorAll('input[data-link], input[data-copy-source], [data-copy]').forEach((el) => {
    if (el.nextElementSibling?.hasAttribute('data-copy-button')) return;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'secondary copy';
    b.textContent = 'Copy';
    b.setAttribute('data-copy-button', '');
    const what = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
    b.setAttribute('aria-label', 'Copy ' + (what ? what.textContent : el.getAttribute('data-copy-what') || el.getAttribute('data-copy') || 'the link'));
    b.addEventListener('click', () => copyText(el.getAttribute('data-copy') || (el as HTMLInputElement).value, b));
    el.insertAdjacentElement('afterend', b);
  });
}
