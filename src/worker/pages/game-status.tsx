// The game page's status: whose turn or the result, the phase, check, the clock, a pause and the
// leave days, the open offers, and what became of the player's planned replies. Inside the live
// region (game.tsx), so a live update brings it up to date.
import { colorName, opposite, plural } from '../../engine/types.ts';
import { resultWords } from '../../service/outcome-words.ts';
import { planOutcomeWords } from '../../service/plan-outcome.ts';
import type { PublicState } from '../../service/public-state.ts';
import type { GamePageProps } from './game-page-props.ts';

function formatDeadline(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** What a placement phase asks for, said before the first turns (First Contact, Curved Space, Planar's kings). */
/** The set-up phases in words; how to do it by clicking only where scripts run (the clicks are theirs). */
function phaseWords(s: PublicState, yourTurn: boolean) {
  const who = yourTurn ? 'You' : colorName(s.sideToMove);
  // How to do it by clicking: only on the page of the player whose turn it is (tester 13 W5: spectators were told to click).
  const clicks = (how: string) => (yourTurn ? <span class="js-only"> ({how})</span> : null);
  if (s.phase === 'platforms')
    return s.variant === 'curved-space' ? (
      <>
        Placing platforms: {who === 'You' ? 'place' : `${who} places`} the next numbered platform on a dashed pin
        {clicks('click a dashed pin, then pick its number')}. Kings come next, then play.
      </>
    ) : (
      <>
        Placing platforms: {who === 'You' ? 'place' : `${who} places`} a platform on a dashed pin{clicks('click one; it goes upright or inverted')}. Then each
        side drops its king, then play starts.
      </>
    );
  if (s.phase === 'kings')
    return (
      <>
        Placing kings: {who === 'You' ? 'drop your' : `${who} drops their`} king first
        {clicks(`click the king in hand, then an empty cell${s.variant === 'planar' ? ', then a plane' : ''}`)}.
      </>
    );
  return `Phase: ${s.phase}.`;
}

export const GameStatus = (p: GamePageProps & { yourTurn: boolean }) => {
  const s = p.state;
  const you = s.you;
  const active = s.status === 'active';
  const yourTurn = p.yourTurn;
  return (
    <div class="status" id="status" aria-live="polite">
      {active ? (
        <p>
          {yourTurn ? <strong>Your turn</strong> : <strong>{colorName(s.sideToMove)} to move</strong>}
          {s.phase ? <> · phase: {s.phase}</> : null} · ply {s.ply}
          {s.lastMove ? (
            <>
              {' '}
              · last turn: {colorName(s.lastMove.side)} <code>{s.lastMove.text}</code>
            </>
          ) : null}
        </p>
      ) : (
        <>
          <p class="result">{resultWords(s)}</p>
          <p>
            <a class="button" href="/">
              Start a new game
            </a>
          </p>
        </>
      )}
      {active && s.phase && s.phase !== 'play' ? (
        <p class="msg info" id="phase-help">
          {phaseWords(s, yourTurn)}
        </p>
      ) : null}
      {s.check && active ? <p class="check">{colorName(s.sideToMove)} is in check.</p> : null}
      {s.check && !active && s.reason === 'check' ? <p class="check">{colorName(s.sideToMove)}'s king is attacked.</p> : null}
      {active && s.clock?.deadline ? (
        <p>
          {colorName(s.sideToMove)} must move by {/* Its countdown ticks: not read aloud each minute (tester 13 W13); the status line's news still is. */}
          <time datetime={s.clock.deadline} id="deadline" aria-live="off">
            {formatDeadline(s.clock.deadline)}
          </time>{' '}
          ({plural(s.clock.daysPerMove, 'day')} per move{s.clock.timeout === 'claim' ? '; the win on time must be claimed' : ''}).
        </p>
      ) : null}
      {active && s.pause ? (
        <p class="msg info" id="pause">
          Paused by agreement ({colorName(s.pause.by)} asked): the clock is stopped until{' '}
          <time datetime={s.pause.until} data-local="">
            {formatDeadline(s.pause.until)}
          </time>
          ; then {colorName(s.sideToMove)} must move by{' '}
          <time datetime={s.pause.deadline} data-local="">
            {formatDeadline(s.pause.deadline)}
          </time>
          .
        </p>
      ) : null}
      {active && s.pauseOffer ? (
        <p class="msg info" data-own-offer={s.pauseOffer.by === you ? 'pause' : undefined}>
          {s.pauseOffer.by === you ? 'You asked' : `${colorName(s.pauseOffer.by)} asks`} for a pause of {plural(s.pauseOffer.days, 'day')}.
        </p>
      ) : null}
      {active && s.clock?.leaveDays ? (
        <p class="small" id="leave-left">
          Leave days left: White {s.clock.leaveLeft.white}, Black {s.clock.leaveLeft.black} (of {s.clock.leaveDays} each).
        </p>
      ) : null}
      {active && s.drawOffer ? (
        <p class="msg info" data-own-offer={s.drawOffer === you ? 'draw' : undefined}>
          {s.drawOffer === you ? 'You offered a draw.' : `${colorName(s.drawOffer)} offers a draw.`}
        </p>
      ) : null}
      {you && p.conditional?.outcome ? (
        <p class="msg info" id="plan-outcome">
          {planOutcomeWords(p.conditional.outcome, opposite(you))}
        </p>
      ) : null}
      {active && s.takebackOffer ? (
        <p class="msg info" data-own-offer={s.takebackOffer === you ? 'takeback' : undefined}>
          {s.takebackOffer === you ? 'You asked to take back your last turn.' : `${colorName(s.takebackOffer)} asks to take back their last turn.`}
          {/* The asker to move: a reply was played since, and goes too (tester 13 W12). */}
          {s.sideToMove === s.takebackOffer ? (s.takebackOffer === you ? " Your opponent's reply goes too." : ' Accepting also takes back your reply.') : null}
        </p>
      ) : null}
    </div>
  );
};
