// The player's other actions on the game page: draw, takeback, pause, leave, abort, claim, resign.
import { colorName, plural } from '../../engine/types.ts';
import type { PublicState } from '../../service/public-state.ts';
import { TAKEBACK_LEVELS } from '../../service/computer-sides.ts';
import { MAX_PAUSE_DAYS } from '../../service/schemas.ts';

export const Actions = (p: { state: PublicState; token: string; action: (what: string) => string }) => {
  const s = p.state;
  const you = s.you!;
  const other = you === 'white' ? 'black' : 'white';
  // Every action is a small form posting the player's token (works without JavaScript).
  const actionForm = (
    what: string,
    label: string,
    opts: { kind?: 'secondary' | 'danger'; drawAction?: string; confirm?: string; days?: number; ply?: number } = {},
  ) => (
    <form method="post" action={p.action(what)} data-action={opts.drawAction ? `${what}-${opts.drawAction}` : what}>
      <input type="hidden" name="token" value={p.token} />
      {opts.drawAction ? <input type="hidden" name="action" value={opts.drawAction} /> : null}
      {opts.days !== undefined ? <input type="hidden" name="days" value={String(opts.days)} /> : null}
      {opts.ply !== undefined ? <input type="hidden" name="ply" value={String(opts.ply)} /> : null}
      <button type="submit" class={opts.kind} data-confirm={opts.confirm}>
        {label}
      </button>
    </form>
  );
  // A form with a days field (1 to `max`) of its own id and label: a pause and leave days are
  // both counted in days, so each field says which it is.
  const daysForm = (what: string, field: { label: string; hint: string }, button: string, max: number, value: number, action?: string, deadline?: string) => (
    <form method="post" action={p.action(what)} data-action={action ? `${what}-${action}` : what} class="days">
      <input type="hidden" name="token" value={p.token} />
      {action ? <input type="hidden" name="action" value={action} /> : null}
      {/* Leave carries the deadline it was drawn at: a second press spends nothing more. */}
      {deadline ? <input type="hidden" name="deadline" value={deadline} /> : null}
      <label for={`${what}-days`}>
        {field.label} <span class="hint">({field.hint})</span>
      </label>
      <div class="row">
        <input type="number" id={`${what}-days`} name="days" min={1} max={max} value={String(value)} required />
        <button type="submit" class="secondary">
          {button}
        </button>
      </div>
    </form>
  );
  const leaveLeft = s.clock ? s.clock.leaveLeft[you] : 0;
  // Offers that can only be refused are not offered: the computer answers no draw, grants takebacks
  // only at levels 1-TAKEBACK_LEVELS, and a player who has not moved yet has no turn to take back.
  const computer = s.players[other].computer;
  const movedYet = s.ply >= 2 || (s.ply === 1 && s.sideToMove !== you);
  const mayAskTakeback = movedYet && (computer === undefined || computer <= TAKEBACK_LEVELS);
  const claimable = s.clock?.timeout === 'claim' && s.sideToMove === other && s.clock.deadline !== null && Date.parse(s.clock.deadline) < Date.now();
  // Three groups, each its own row on a phone: offers to the opponent, the clock, ending the game.
  return (
    <section class="actions" aria-labelledby="actions-h">
      <h2 id="actions-h">Other actions</h2>
      <div class="row">
        {s.drawOffer === other ? (
          <>
            {actionForm('draw', 'Accept the draw', { drawAction: 'accept' })}
            {actionForm('draw', 'Decline the draw', { drawAction: 'decline', kind: 'secondary' })}
          </>
        ) : s.drawOffer !== you && computer === undefined ? (
          actionForm('draw', 'Offer a draw', { drawAction: 'offer', kind: 'secondary' })
        ) : null}
        {s.takebackOffer === other ? (
          <>
            {actionForm('takeback', 'Accept the takeback', { drawAction: 'accept', ply: s.ply })}
            {actionForm('takeback', 'Decline the takeback', { drawAction: 'decline', kind: 'secondary', ply: s.ply })}
          </>
        ) : s.takebackOffer !== you && mayAskTakeback ? (
          actionForm('takeback', 'Ask to take back your last turn', { drawAction: 'offer', kind: 'secondary', ply: s.ply })
        ) : null}
      </div>
      {s.pauseOffer?.by === other ? (
        <div class="row">
          {/* The days asked: a request taken back and asked again for other days is not answered by this one's buttons. */}
          {actionForm('pause', `Accept the pause of ${plural(s.pauseOffer.days, 'day')}`, { drawAction: 'accept', days: s.pauseOffer.days })}
          {actionForm('pause', 'Decline the pause', { drawAction: 'decline', kind: 'secondary', days: s.pauseOffer.days })}
        </div>
      ) : s.pauseOffer?.by === you ? (
        <div class="row">{actionForm('pause', 'Cancel your request for a pause', { drawAction: 'cancel', kind: 'secondary' })}</div>
      ) : s.clock && !s.pause ? (
        daysForm(
          'pause',
          { label: 'Pause: days the clock stops', hint: `1 to ${MAX_PAUSE_DAYS}, if ${colorName(other)} agrees` },
          'Ask for a pause',
          MAX_PAUSE_DAYS,
          7,
          'offer',
        )
      ) : null}
      {s.clock && !s.pause && s.sideToMove === you && leaveLeft > 0
        ? daysForm(
            'leave',
            { label: 'Leave: days added to your deadline', hint: `you have ${plural(leaveLeft, 'day')} left` },
            'Take leave',
            leaveLeft,
            1,
            undefined,
            s.clock.deadline ?? undefined,
          )
        : null}
      <div class="row">
        {s.ply < 2 && !s.tournamentId ? actionForm('abort', 'Abort', { kind: 'secondary', confirm: 'Abort this game?' }) : null}
        {claimable ? actionForm('claim', 'Claim the win on time') : null}
        {actionForm('resign', 'Resign', { kind: 'danger', confirm: 'Resign this game?' })}
      </div>
    </section>
  );
};
