// The buttons of both bots (Discord components, Telegram inline keyboards), under their answers
// and under turn notifications. What a button does travels in its data as `<action>:<id>`
// (Telegram allows 64 bytes; ids are 12 characters).
import { opposite, type Color } from '../../engine/types.ts';

export interface BotButton {
  readonly label: string;
  readonly data: string;
  readonly kind: 'primary' | 'secondary' | 'success' | 'danger';
}

const button =
  (label: string, action: string, kind: BotButton['kind']) =>
  (id: string): BotButton => ({ label, data: `${action}:${id}`, kind });

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
  board: button('Board picture', 'board', 'primary'),
};

/** What a game's buttons depend on: its status and the offers waiting (a game's public state has them all). */
export interface ButtonState {
  readonly id: string;
  readonly status: string;
  readonly drawOffer: Color | null;
  readonly takebackOffer?: Color | null;
  readonly pauseOffer?: { readonly by: Color } | null;
}

/**
 * The buttons under a game's answer: Offer draw and Resign, or Accept / Decline what the opponent
 * asks of you (a draw, a takeback, a pause: Discord takes no typed answer, tester 6 G7); the picture.
 */
export function gameButtons(state: ButtonState, you: Color | undefined): BotButton[] {
  if (state.status !== 'active') return [];
  const picture = BUTTON.board(state.id);
  const them = you && opposite(you);
  if (them && state.drawOffer === them) return [BUTTON.drawAccept(state.id), BUTTON.drawDecline(state.id), picture];
  if (them && state.takebackOffer === them) return [BUTTON.takebackAccept(state.id), BUTTON.takebackDecline(state.id), picture];
  if (them && state.pauseOffer?.by === them) return [BUTTON.pauseAccept(state.id), BUTTON.pauseDecline(state.id), picture];
  return [BUTTON.draw(state.id), BUTTON.resign(state.id), picture];
}

/** Discord's button styles. */
const STYLE = { primary: 1, secondary: 2, success: 3, danger: 4 } as const;

/** Buttons as Discord components take them (src/notify/chat/discord-api.ts). */
export const discordButtons = (buttons: readonly BotButton[] | undefined) =>
  (buttons ?? []).map((b) => ({ label: b.label, customId: b.data, style: STYLE[b.kind] }));

/** Buttons as a Telegram inline keyboard (one row). */
export const telegramKeyboard = (buttons: readonly BotButton[] | undefined) =>
  buttons?.length ? [buttons.map((b) => ({ text: b.label, callback_data: b.data }))] : [];
