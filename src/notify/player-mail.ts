// Emails to a player rather than to a side of one game: the sign-in link, and a
// challenge sent to them. Sent at once through the send_email binding (there is no
// game to log deliveries against); a failure is logged, never shown to the sender.
import type { LinkBase } from '../service/links.ts';
import type { PublicChallenge } from '../service/challenges.ts';
import type { SignInMailer } from '../service/players.ts';
import { CONFIRM_HOURS, SIGN_IN_MINUTES } from '../service/players.ts';
import type { AddressStore } from '../db/address-store.ts';
import { AUTO_GENERATED, type MailConfig } from './addresses.ts';
import { challengeLines, challengeSubject, tournamentLines } from './messages.ts';
import type { TournamentSummary } from '../service/tournament-views.ts';
import type { PushStore } from './push-store.ts';
import { parseNotify, whyUnwanted } from './recipients.ts';

/** Where a player's mail says how to have less of it: their page's choices (they hold a key: these go to players). */
const choicesLine = (link: string) =>
  `Fewer emails (no challenges, or none at all): "What you are told" on your page, ${/^https?:\/\/[^/]+/.exec(link)?.[0] ?? ''}/me#notify-form`;

export class PlayerMail implements SignInMailer {
  constructor(
    private readonly binding: SendEmail | undefined,
    private readonly config: MailConfig,
    /** An address its owner closed to all mail (the unsubscribe page) gets no challenge or tournament news; sign-in and confirmation mails, asked for by its owner, still go. */
    private readonly addresses?: Pick<AddressStore, 'standing'>,
    /** The players' own notification choices (email off, or no challenge emails): challenge and tournament mails follow them (tester 12 E19). */
    private readonly choices?: Pick<PushStore, 'playerChoices'>,
  ) {}

  /** Whether the player's choices let this news go by email (a tournament's end goes wherever email goes). */
  private async wanted(playerId: string, event: 'challenge' | 'tournament-finish'): Promise<boolean> {
    if (!this.choices) return true;
    const notify = parseNotify(null, (await this.choices.playerChoices([playerId])).get(playerId));
    return notify.email && (event === 'tournament-finish' || !whyUnwanted(notify, 'email', 'challenge'));
  }

  private async closed(to: string): Promise<boolean> {
    return (await this.addresses?.standing(to.toLowerCase())) === 'blocked';
  }

  private async mail(to: string, subject: string, text: string, event: string): Promise<void> {
    if (!this.binding) return;
    await this.binding.send({
      from: this.config.from,
      to,
      subject: `[Subspace] ${subject}`,
      text,
      headers: { 'X-Subspace-Event': event, ...AUTO_GENERATED },
    });
  }

  async send(to: string, links: readonly { name: string | null; url: string }[], base: LinkBase): Promise<void> {
    const lines = links.map((l) => (links.length > 1 ? `${l.name ?? 'Player'}: ${l.url}` : l.url));
    await this.mail(
      to,
      'Your sign-in link',
      [
        'Open this link to sign in to Subspace on this device:',
        '',
        ...lines,
        '',
        `It works once, for ${SIGN_IN_MINUTES} minutes. If you did not ask for it, ignore this email.`,
        '',
        `Your games on Subspace: ${base.origin}/me`,
      ].join('\n'),
      'sign-in',
    );
  }

  async confirm(to: string, url: string, base: LinkBase): Promise<void> {
    await this.mail(
      to,
      'Confirm your email address',
      [
        'Someone, we hope you, gave this address to a player on Subspace. Open this link to confirm it:',
        '',
        url,
        '',
        `It works once, for ${CONFIRM_HOURS} hours. Until it is opened, Subspace sends this address nothing else (no sign-in links, no challenges).`,
        'If it was not you, ignore this email.',
        '',
        `Your games on Subspace: ${base.origin}/me`,
      ].join('\n'),
      'confirm-email',
    );
  }

  async challenge(to: string, challenge: PublicChallenge, playerId: string): Promise<void> {
    if ((await this.closed(to)) || !(await this.wanted(playerId, 'challenge'))) return;
    await this.mail(to, challengeSubject(challenge), [...challengeLines(challenge), '', choicesLine(challenge.link)].join('\n'), 'challenge');
  }

  async tournamentFinish(to: string, tournament: TournamentSummary, playerId: string): Promise<void> {
    if ((await this.closed(to)) || !(await this.wanted(playerId, 'tournament-finish'))) return;
    await this.mail(to, `${tournament.name} is over`, [...tournamentLines(tournament), '', choicesLine(tournament.link)].join('\n'), 'tournament-finish');
  }
}
