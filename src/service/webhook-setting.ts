// Setting a webhook URL, for one side of a game (PATCH /api/games/:id/me) and for a
// player's own webhook (PATCH /api/me) alike: the URL policy judges it, a new URL gets
// a new secret (shown once), the same URL again keeps its secret and is enabled again.
import { newWebhookSecret } from './crypto.ts';
import type { WebhookPolicy } from './ports.ts';
import { done, fail, type ServiceResult } from './result.ts';

interface WebhookColumns {
  webhook: string | null;
  webhookSecret?: string | null;
  webhookDisabledAt: null;
}

/** The columns that change for this new URL (null removes the webhook), and the new secret if there is one. */
export async function webhookChange(
  policy: WebhookPolicy,
  current: { readonly webhook: string | null; readonly webhookSecret: string | null },
  url: string | null,
): Promise<ServiceResult<{ changes: WebhookColumns; secret?: string }>> {
  if (url === null) return done({ changes: { webhook: null, webhookSecret: null, webhookDisabledAt: null } });
  const problem = await policy.problem(url);
  if (problem) return fail(400, 'refused_url', `webhook: ${problem}`);
  const secret = url !== current.webhook || !current.webhookSecret ? newWebhookSecret() : undefined;
  return done({ changes: { webhook: url, webhookDisabledAt: null, ...(secret ? { webhookSecret: secret } : {}) }, ...(secret ? { secret } : {}) });
}
