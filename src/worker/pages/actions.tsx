// The player's other actions on the game page: draw, takeback, abort, claim, resign.
import type { PublicState } from '../../service/public-state.ts';

export const Actions = (p: { state: PublicState; token: string; action: (what: string) => string }) => {
  const s = p.state;
  const you = s.you!;
  const other = you === 'white' ? 'black' : 'white';
  // Every action is a small form posting the player's token (works without JavaScript).
  const actionForm = (what: string, label: string, opts: { kind?: 'secondary' | 'danger'; drawAction?: string; confirm?: string } = {}) => (
    <form method="post" action={p.action(what)} data-action={opts.drawAction ? `${what}-${opts.drawAction}` : what}>
      <input type="hidden" name="token" value={p.token} />
      {opts.drawAction ? <input type="hidden" name="action" value={opts.drawAction} /> : null}
      <button type="submit" class={opts.kind} data-confirm={opts.confirm}>
        {label}
      </button>
    </form>
  );
  const claimable = s.clock?.timeout === 'claim' && s.sideToMove === other && s.clock.deadline !== null && Date.parse(s.clock.deadline) < Date.now();
  return (
    <section class="actions" aria-labelledby="actions-h">
      <h2 id="actions-h">Other actions</h2>
      <div class="row">
        {s.drawOffer === other ? (
          <>
            {actionForm('draw', 'Accept the draw', { drawAction: 'accept' })}
            {actionForm('draw', 'Decline the draw', { drawAction: 'decline', kind: 'secondary' })}
          </>
        ) : s.drawOffer !== you ? (
          actionForm('draw', 'Offer a draw', { drawAction: 'offer', kind: 'secondary' })
        ) : null}
        {s.takebackOffer === other ? (
          <>
            {actionForm('takeback', 'Accept the takeback', { drawAction: 'accept' })}
            {actionForm('takeback', 'Decline the takeback', { drawAction: 'decline', kind: 'secondary' })}
          </>
        ) : s.takebackOffer !== you && s.ply > 0 ? (
          actionForm('takeback', 'Ask to take back your last turn', { drawAction: 'offer', kind: 'secondary' })
        ) : null}
        {s.ply < 2 ? actionForm('abort', 'Abort', { kind: 'secondary', confirm: 'Abort this game?' }) : null}
        {claimable ? actionForm('claim', 'Claim the win on time') : null}
        {actionForm('resign', 'Resign', { kind: 'danger', confirm: 'Resign this game?' })}
      </div>
    </section>
  );
};
