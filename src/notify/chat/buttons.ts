// The buttons of both bots (Discord components, Telegram inline keyboards), under their answers
// and under turn notifications. What a button does travels in its data as `<action>:<id>`
// (Telegram allows 64 bytes; ids are 12 characters).
import { opposite, type Color } from '../../engine/types.ts';

export interface BotButton {
  readonly label: string;
  readonly data: string;
  readonly kind: 'primary' | 'secondary' | 'success' | 'danger';
  /** Begins a row of its own (each offer's answers are a row). */
  readonly newRow?: boolean;
}

/** `pinned`: what the button answers, when a later request could differ (a takeback's ply, a pause's days). */
const button =
  (label: string, action: string, kind: BotButton['kind']) =>
  (id: string, pinned?: number): BotButton => ({ label, data: `${action}:${id}${pinned === undefined ? '' : `:${pinned}`}`, kind });

export const BUTTON = {
  accept: button('Accept', 'accept', 'success'),
  decline: button('Decline', 'decline', 'secondary'),
  draw: button('Offer draw', 'draw', 'secondary'),
  drawAccept: button('Accept draw', 'draw-accept', 'success'),
  drawDecline: button('Decline draw', 'draw-decline', 'secondary'),
  takebackAccept: button('Accept takeback', 'takeback-accept', 'success'),
  takebackDecline: button('Decline takeback', 'takeback-decline', 'secondary'),
  pauseAccept: button('Accept pause', 'pause-accept', 'success'),
  pauseDecline: button('Decline pause', 'pause-decline', 'secondary'),
  resign: button('Resign', 'resign', 'danger'),
  resignYes: button('Yes, resign', 'resign-yes', 'danger'),
  claim: button('Claim the win on time', 'claim', 'success'),
  board: button('Board picture', 'board', 'primary'),
};

/** What a game's buttons depend on: its status and the offers waiting (a game's public state has them all). */
export interface ButtonState {
  readonly id: string;
  readonly status: string;
  readonly drawOffer: Color | null;
  readonly takebackOffer?: Color | null;
  readonly pauseOffer?: { readonly by: Color; readonly days?: number } | null;
  /** The game's ply: a takeback's answers are pinned to it. */
  readonly ply?: number;
  /** With the clock: whether the waiting player may claim the win (its deadline passed, timeout mode 'claim'). */
  readonly sideToMove?: Color;
  readonly clock?: { readonly timeout: 'auto' | 'claim'; readonly deadline: string | null } | null;
  /** Said outright (a notification that the deadline passed), in place of reading it from the clock. */
  readonly claimable?: boolean;
}

/** Whether `you` may claim the win on time now: the opponent, to move, let the deadline pass in timeout mode 'claim'. */
const mayClaim = (state: ButtonState, you: Color | undefined) =>
  state.claimable ??
  (you !== undefined &&
    state.sideToMove === opposite(you) &&
    state.clock?.timeout === 'claim' &&
    state.clock.deadline !== null &&
    Date.parse(state.clock.deadline) < Date.now());

/** What an opponent may ask of you, each answered with its own pair of buttons. */
export type Offer = 'draw' | 'takeback' | 'pause';
const ANSWERS: Record<Offer, readonly [ReturnType<typeof button>, ReturnType<typeof button>]> = {
  draw: [BUTTON.drawAccept, BUTTON.drawDecline],
  takeback: [BUTTON.takebackAccept, BUTTON.takebackDecline],
  pause: [BUTTON.pauseAccept, BUTTON.pauseDecline],
};

/**
 * The buttons under a game's answer: Offer draw and Resign, or Accept / Decline for each thing the
 * opponent asks of you (a draw, a takeback, a pause: Discord takes no typed answer, tester 6 G7),
 * a row each, `first` (the offer a notification is about) first (tester 7 H3); then the picture.
 */
export function gameButtons(state: ButtonState, you: Color | undefined, first?: Offer): BotButton[] {
  if (state.status !== 'active') return [];
  const them = you && opposite(you);
  const waiting = { draw: state.drawOffer === them, takeback: state.takebackOffer === them, pause: state.pauseOffer?.by === them };
  const asked = them ? (['draw', 'takeback', 'pause'] as const).filter((o) => waiting[o]) : [];
  asked.sort((a, b) => Number(b === first) - Number(a === first));
  // A takeback's and a pause's answers carry the request they answer: under a request since taken
  // back, they must not answer the one asked after it (tester 7 H11: a 1-day button granted 14 days).
  const pinned: Record<Offer, number | undefined> = { draw: undefined, takeback: state.ply, pause: state.pauseOffer?.days };
  const answers = asked.flatMap((o, i) => ANSWERS[o].map((make, k) => ({ ...make(state.id, pinned[o]), ...(i > 0 && k === 0 ? { newRow: true } : {}) })));
  const claim = mayClaim(state, you) ? [{ ...BUTTON.claim(state.id), ...(answers.length ? { newRow: true } : {}) }] : [];
  return [...(answers.length ? answers : [BUTTON.draw(state.id), BUTTON.resign(state.id)]), ...claim, BUTTON.board(state.id)];
}

/** Buttons cut into rows where a button begins one. */
function rows<T>(buttons: readonly BotButton[] | undefined, each: (b: BotButton) => T): T[][] {
  const out: T[][] = [];
  for (const b of buttons ?? []) {
    if (b.newRow || !out.length) out.push([]);
    out.at(-1)!.push(each(b));
  }
  return out;
}

/** Discord's button styles. */
const STYLE = { primary: 1, secondary: 2, success: 3, danger: 4 } as const;

/** Buttons as Discord components take them, in rows (src/notify/chat/discord-api.ts). */
export const discordButtons = (buttons: readonly BotButton[] | undefined) => rows(buttons, (b) => ({ label: b.label, customId: b.data, style: STYLE[b.kind] }));

/** Buttons as a Telegram inline keyboard, in rows. */
export const telegramKeyboard = (buttons: readonly BotButton[] | undefined) => rows(buttons, (b) => ({ text: b.label, callback_data: b.data }));

/**
 * Words that ask for a typed answer, as Discord's buttons answer instead (it takes no typed replies):
 * a notification's "Reply "accept" to agree", a board's ("takeback accept" or "takeback decline").
 */
export const pressNotReply = (text: string) =>
  text
    .replace('Reply "accept" to agree', 'Press Accept draw to agree')
    .replace('reply "decline"', 'press Decline draw')
    .replace('reply "claim", or claim it', 'press Claim the win on time, or claim it')
    .replace(/Reply "(takeback|pause) accept" or "\1 decline"/, (_, what: string) => `Press Accept ${what} or Decline ${what}`)
    .replace(
      /\("(?:(takeback|pause) )?accept" or "(?:\1 )?decline"\)/g,
      (_, what: string | undefined) => `(press Accept ${what ?? 'draw'} or Decline ${what ?? 'draw'})`,
    );
