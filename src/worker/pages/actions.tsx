// The player's other actions on the game page: draw, takeback, pause, leave, abort, claim, resign.
import type { PublicState } from '../../service/public-state.ts';
import { MAX_PAUSE_DAYS } from '../../service/schemas.ts';

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
  // A form with a days field (1 to `max`), for a pause or leave days.
  const daysForm = (what: string, label: string, max: number, value: number, action?: string) => (
    <form method="post" action={p.action(what)} data-action={action ? `${what}-${action}` : what} class="days">
      <input type="hidden" name="token" value={p.token} />
      {action ? <input type="hidden" name="action" value={action} /> : null}
      <label>
        <input type="number" name="days" min={1} max={max} value={String(value)} required /> days
      </label>
      <button type="submit" class="secondary">
        {label}
      </button>
    </form>
  );
  const leaveLeft = s.clock ? s.clock.leaveLeft[you] : 0;
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
        {s.pauseOffer?.by === other ? (
          <>
            {actionForm('pause', `Accept the pause of ${s.pauseOffer.days} day${s.pauseOffer.days === 1 ? '' : 's'}`, { drawAction: 'accept' })}
            {actionForm('pause', 'Decline the pause', { drawAction: 'decline', kind: 'secondary' })}
          </>
        ) : s.pauseOffer?.by === you ? (
          actionForm('pause', 'Cancel your request for a pause', { drawAction: 'cancel', kind: 'secondary' })
        ) : s.clock && !s.pause ? (
          daysForm('pause', 'Ask for a pause', MAX_PAUSE_DAYS, 7, 'offer')
        ) : null}
        {s.clock && !s.pause && s.sideToMove === you && leaveLeft > 0 ? daysForm('leave', `Take leave (${leaveLeft} left)`, leaveLeft, 1) : null}
        {s.ply < 2 ? actionForm('abort', 'Abort', { kind: 'secondary', confirm: 'Abort this game?' }) : null}
        {claimable ? actionForm('claim', 'Claim the win on time') : null}
        {actionForm('resign', 'Resign', { kind: 'danger', confirm: 'Resign this game?' })}
      </div>
    </section>
  );
};
