// Setting a webhook URL, for one side of a game (PATCH /api/games/:id/me) and for a
// player's own webhook (PATCH /api/me) alike: the URL policy judges it, a new URL gets
// a new secret (shown once), the same URL again keeps its secret and is enabled again.
import { newWebhookSecret } from './crypto.ts';
import type { WebhookPolicy } from './ports.ts';
import { done, fail, type ServiceResult } from './result.ts';

interface WebhookColumns {
  webhook: string | null;
  webhookSecret: string | null;
  webhookDisabledAt: null;
}

/**
 * The columns that change for this new URL (null removes the webhook), and the new secret if there
 * is one. The URL is written with its secret, the one read beside it when it is the same URL: of two
 * changes at once the last wins whole, and never leaves one's URL with the other's secret (tester 5 F9).
 */
export async function webhookChange(
  policy: WebhookPolicy,
  current: { readonly webhook: string | null; readonly webhookSecret: string | null },
  url: string | null,
): Promise<ServiceResult<{ changes: WebhookColumns; secret?: string }>> {
  if (url === null) return done({ changes: { webhook: null, webhookSecret: null, webhookDisabledAt: null } });
  const problem = await policy.problem(url);
  if (problem) return fail(400, 'refused_url', `webhook: ${problem}`);
  const secret = url !== current.webhook || !current.webhookSecret ? newWebhookSecret() : undefined;
  return done({ changes: { webhook: url, webhookDisabledAt: null, webhookSecret: secret ?? current.webhookSecret }, ...(secret ? { secret } : {}) });
}
