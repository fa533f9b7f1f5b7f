// The buttons of both bots (Discord components, Telegram inline keyboards). What a button
// does travels in its data as `<action>:<id>` (Telegram allows 64 bytes; ids are 12 characters).

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
