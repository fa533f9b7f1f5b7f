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
  resign: button('Resign', 'resign', 'danger'),
  resignYes: button('Yes, resign', 'resign-yes', 'danger'),
  board: button('Board picture', 'board', 'primary'),
};

/** The buttons under a game's answer: Offer draw and Resign, or Accept / Decline a draw offered to you; the picture. */
export function gameButtons(state: { readonly id: string; readonly status: string; readonly drawOffer: Color | null }, you: Color | undefined): BotButton[] {
  if (state.status !== 'active') return [];
  const picture = BUTTON.board(state.id);
  if (you && state.drawOffer === opposite(you)) return [BUTTON.drawAccept(state.id), BUTTON.drawDecline(state.id), picture];
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
