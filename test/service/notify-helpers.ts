// Helpers of the notification tests: capture what the Worker queues, run the queue
// consumers, an independent Standard Webhooks verifier, raw inbound emails.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import { isChatFanoutJob } from '../../src/notify/types.ts';
import type { NotifyJob, QueueJob } from '../../src/notify/types.ts';
import worker from '../../src/worker/index.ts';

/** Replace the producer: queued messages are collected, nothing is delivered by itself (a game's jobs unless T says more). */
/**
 * Addresses whose owners confirmed them (the link of the confirmation mail; tested in
 * address-confirmation.test.ts): tests of what the mail says start from there.
 */
export async function confirmAddresses(...emails: string[]): Promise<void> {
  for (const email of emails)
    await env.DB.prepare('insert into mail_addresses (email, confirmed_at) values (?, 1) on conflict (email) do update set confirmed_at = 1').bind(email).run();
}

export function captureQueue<T extends QueueJob = NotifyJob>() {
  const jobs: T[] = [];
  const spy = vi.spyOn(env.NOTIFY_QUEUE!, 'sendBatch').mockImplementation(async (messages) => {
    for (const m of messages) jobs.push(m.body as T);
    return undefined as never;
  });
  return { jobs, spy, take: () => jobs.splice(0, jobs.length) };
}

let seq = 0;
/** Run the consumer of `queue` on these jobs (attempts = how many deliveries so far, 1-based). */
export async function runQueue(jobs: QueueJob[], attempts = 1, queue = 'subspace-notify', useEnv: Cloudflare.Env = env) {
  const batch = createMessageBatch<QueueJob>(
    queue,
    jobs.map((body) => ({ id: `q${++seq}`, timestamp: new Date(), attempts, body })),
  );
  // getQueueResult does not report retry delays: record them on the way through.
  const delays: (number | undefined)[] = [];
  for (const msg of batch.messages) {
    const retry = msg.retry.bind(msg);
    vi.spyOn(msg, 'retry').mockImplementation((options?: QueueRetryOptions) => {
      delays.push(options?.delaySeconds);
      retry(options);
    });
  }
  const ctx = createExecutionContext();
  await worker.queue(batch, useEnv, ctx);
  return { ...(await getQueueResult(batch, ctx)), delays };
}

/**
 * What requests queued, with a game's chat fan-out messages run through the queue consumer, which
 * turns each into one message per linked chat (queued again, so caught here too, in their place).
 */
export async function takeWithChats(queue: { take(): QueueJob[] }): Promise<QueueJob[]> {
  const jobs = queue.take();
  const fanouts = jobs.filter(isChatFanoutJob);
  if (fanouts.length) expect((await runQueue(fanouts)).explicitAcks).toHaveLength(fanouts.length);
  return [...jobs.filter((j) => !isChatFanoutJob(j)), ...queue.take()];
}

/** Standard Webhooks verification, written from the spec, independent of src/notify/signing.ts. */
export async function verifyWebhook(secret: string, headers: Headers, body: string, toleranceSeconds = 300): Promise<boolean> {
  const id = headers.get('webhook-id');
  const timestamp = headers.get('webhook-timestamp');
  const signatures = headers.get('webhook-signature');
  if (!id || !timestamp || !signatures) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const keyBytes = Uint8Array.from(atob(secret.slice('whsec_'.length)), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  for (const sig of signatures.split(' ')) {
    const [version, value] = sig.split(',');
    if (version !== 'v1' || !value) continue;
    const mac = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    if (await crypto.subtle.verify('HMAC', key, mac, new TextEncoder().encode(`${id}.${timestamp}.${body}`))) return true;
  }
  return false;
}

/** A test receiver behind a mocked fetch: checks signatures, de-duplicates on webhook-id, answers from a script. */
export function webhookReceiver(secrets: () => Record<string, string>, answers: number[] = []) {
  const seen = new Set<string>();
  const calls: { url: string; id: string; verified: boolean; duplicate: boolean; body: any; status: number }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const body = await request.text();
    const secret = secrets()[request.url];
    const verified = secret ? await verifyWebhook(secret, request.headers, body) : false;
    const id = request.headers.get('webhook-id') ?? '';
    const status = answers.length ? answers.shift()! : 200;
    const duplicate = status < 300 && seen.has(id);
    if (status < 300) seen.add(id);
    calls.push({ url: request.url, id, verified, duplicate, body: JSON.parse(body), status });
    return new Response(null, { status });
  });
  return { calls, seen, spy, answers };
}

export interface FakeEmail {
  message: ForwardableEmailMessage;
  replies: { from: string; subject: string; text?: string; html?: string; headers?: Record<string, string> }[];
  rejected: string[];
}

/** A ForwardableEmailMessage around a raw RFC 5322 text, recording reply() and setReject(). */
export function inboundEmail(raw: string, from: string, to: string): FakeEmail {
  const bytes = new TextEncoder().encode(raw.replace(/\r?\n/g, '\r\n'));
  const replies: FakeEmail['replies'] = [];
  const rejected: string[] = [];
  const headerBlock = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Headers();
  for (const line of headerBlock.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.append(line.slice(0, i), line.slice(i + 1).trim());
  }
  const message = {
    from,
    to,
    headers,
    raw: new Response(bytes).body!,
    rawSize: bytes.byteLength,
    canBeForwarded: true,
    setReject: (reason: string) => void rejected.push(reason),
    forward: async () => ({ messageId: 'x' }),
    reply: async (m: FakeEmail['replies'][number]) => {
      replies.push(m);
      return { messageId: 'r' };
    },
  } as unknown as ForwardableEmailMessage;
  return { message, replies, rejected };
}
