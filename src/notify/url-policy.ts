// Where webhooks may go. Production: https only, and never to an IP literal in a
// private, loopback, link-local or otherwise non-public range, nor to localhost.
// ALLOW_LOCAL_WEBHOOKS (npm start, tests) additionally allows exactly what the docs say:
// http://127.0.0.1[:port] and http://localhost[:port], written so (LOCAL_RECEIVER).
// The host is normalised before it is judged (normalHost): lower case, no trailing dot
// (`localhost.` is localhost), IPv4 in any form the URL parser or a resolver accepts
// (`2130706433`, `0x7f.1`, `0177.0.0.1`) as dotted decimal, IPv6 expanded so that
// IPv4-mapped, -compatible, NAT64 and 6to4 forms are judged by their IPv4 part.
// Workers cannot resolve DNS before fetch: names that resolve to private addresses
// are left to Cloudflare's egress, which does not route to them; only literals are checked here.

import type { WebhookPolicy } from '../service/ports.ts';

type NormalHost =
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'ipv4'; readonly octets: readonly number[] }
  | { readonly kind: 'ipv6'; readonly groups: readonly number[] };

/** An IPv4 address the way the WHATWG URL parser and inet_aton read it: 1-4 parts, each decimal, 0-octal or 0x-hex. */
function parseIpv4(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length > 4 || parts.some((p) => p === '')) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(part)) n = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) n = parseInt(part.slice(1), 8);
    else if (/^\d+$/.test(part)) n = Number(part);
    else return undefined;
    numbers.push(n);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return undefined;
  let value = last;
  numbers.forEach((n, i) => (value += n * 256 ** (3 - i)));
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
}

/** An IPv6 address (without brackets, no zone) as 8 groups; a trailing dotted IPv4 part is allowed. */
export function parseIpv6(text: string): number[] | undefined {
  let h = text.toLowerCase();
  const v4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (v4) {
    const octets = v4[2]!.split('.').map(Number);
    if (octets.some((o) => o > 255)) return undefined;
    h = `${v4[1]}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = h.split('::');
  if (halves.length > 2) return undefined;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return all.map((g) => parseInt(g, 16));
}

/** The URL's host as the policy judges it. */
export function normalHost(hostname: string): NormalHost {
  const h = hostname.toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) {
    const groups = parseIpv6(h.slice(1, -1).replace(/%.*$/, ''));
    if (groups) return { kind: 'ipv6', groups };
  }
  const name = h.replace(/\.+$/, '');
  const octets = parseIpv4(name);
  return octets ? { kind: 'ipv4', octets } : { kind: 'name', name };
}

function ipv4Private([a, b, c]: readonly number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 0 && c === 0) || // IETF protocol assignments
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a! >= 224 // multicast, reserved, broadcast
  );
}

const v4Of = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];

function ipv6Private(g: readonly number[]): boolean {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 6)) return zeros(6, 7) && g[7]! <= 1 ? true : ipv4Private(v4Of(g[6]!, g[7]!)); // ::, ::1, ::a.b.c.d
  if (zeros(0, 5) && g[5] === 0xffff) return ipv4Private(v4Of(g[6]!, g[7]!)); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return ipv4Private(v4Of(g[6]!, g[7]!)); // ::ffff:0:a.b.c.d (translated)
  if (g[0] === 0x64 && g[1] === 0xff9b) return zeros(2, 6) ? ipv4Private(v4Of(g[6]!, g[7]!)) : true; // NAT64, local-use NAT64
  if (g[0] === 0x2002) return ipv4Private(v4Of(g[1]!, g[2]!)); // 6to4
  if (g[0] === 0x2001 && g[1] === 0) return ipv4Private(v4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff)); // Teredo client
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true; // documentation
  if (g[0] === 0x100 && zeros(1, 4)) return true; // discard-only
  const first = g[0]!;
  return (
    (first & 0xfe00) === 0xfc00 || // fc00::/7 unique local
    (first & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (first & 0xffc0) === 0xfec0 || // fec0::/10 site-local (deprecated)
    (first & 0xff00) === 0xff00 // multicast
  );
}

/** The development allowance, judged on the URL as written: other spellings of loopback (0x7f.1, [::1], localhost.) are not it. */
const LOCAL_RECEIVER = /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?([/?#]|$)/i;

/** undefined when the URL may receive webhooks, else why not. */
export function webhookUrlProblem(url: string, allowLocal: boolean): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'must be a URL';
  }
  if (u.username || u.password) return 'must not contain a user name or password';
  const host = normalHost(u.hostname);
  if (allowLocal && LOCAL_RECEIVER.test(url)) return undefined;
  if (u.protocol !== 'https:') return 'must be an https:// URL';
  if (host.kind === 'name') {
    const { name } = host;
    if (name === '' || name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.local') || name.endsWith('.internal') || !name.includes('.'))
      return 'must not point to a local host name';
    // A name whose last label is a number is not a name (the URL parser treats it as an IPv4 address or refuses it).
    if (/^(\d+|0x[0-9a-f]*)$/.test(name.slice(name.lastIndexOf('.') + 1))) return 'must not point to a private, loopback or link-local address';
    return undefined;
  }
  if (host.kind === 'ipv4' ? ipv4Private(host.octets) : ipv6Private(host.groups)) return 'must not point to a private, loopback or link-local address';
  return undefined;
}

/** A host name's addresses (A and AAAA records), or undefined when they cannot be found out now. */
type HostResolver = (name: string) => Promise<string[] | undefined>;

export const DOH_URL = 'https://cloudflare-dns.com/dns-query';

/**
 * Resolves through DNS over HTTPS (Cloudflare's public resolver, JSON API): a Worker has no
 * resolver of its own, but it can ask one. CNAME chains are followed by the resolver.
 */
function dohResolver(fetcher: typeof fetch = (input, init) => fetch(input, init), timeoutMs = 3000): HostResolver {
  const ask = async (name: string, type: 'A' | 'AAAA'): Promise<string[]> => {
    const res = await fetcher(`${DOH_URL}?name=${encodeURIComponent(name)}&type=${type}`, {
      headers: { accept: 'application/dns-json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`the resolver answered ${res.status}`);
    const answer = (await res.json()) as { Status?: number; Answer?: { type?: number; data?: string }[] };
    if (answer.Status !== 0 && answer.Status !== 3) throw new Error(`DNS status ${answer.Status}`); // 3 = no such name
    return (answer.Answer ?? []).filter((a) => (a.type === 1 || a.type === 28) && typeof a.data === 'string').map((a) => a.data!);
  };
  return async (name) => {
    try {
      const [v4, v6] = await Promise.all([ask(name, 'A'), ask(name, 'AAAA')]);
      return [...v4, ...v6];
    } catch {
      return undefined;
    }
  };
}

const privateAddress = (address: string): boolean => {
  const host = normalHost(address.includes(':') ? `[${address}]` : address);
  return host.kind === 'ipv4' ? ipv4Private(host.octets) : host.kind === 'ipv6' ? ipv6Private(host.groups) : false;
};

/**
 * Where webhooks may go, for one deployment. In production a host name is also resolved (when
 * a URL is set and before each delivery), so a name that points to a private address is
 * refused as its literal would be. When the resolver cannot answer, the URL is let through:
 * Cloudflare's egress does not route to private ranges either.
 */
class WebhookUrlPolicy implements WebhookPolicy {
  constructor(private readonly options: { allowLocal: boolean; resolve?: HostResolver }) {}

  /** undefined when the URL may receive webhooks now, else why not. */
  async problem(url: string): Promise<string | undefined> {
    const problem = webhookUrlProblem(url, this.options.allowLocal);
    if (problem || this.options.allowLocal || !this.options.resolve) return problem;
    const host = normalHost(new URL(url).hostname);
    if (host.kind !== 'name') return undefined;
    const addresses = await this.options.resolve(host.name);
    if (addresses === undefined) return undefined;
    if (!addresses.length) return `must point to a host that exists (${host.name} has no address)`;
    const inside = addresses.find(privateAddress);
    if (inside) return `must not point to a private, loopback or link-local address (${host.name} resolves to ${inside})`;
    return undefined;
  }
}

/** Production rules on the URL alone (no local receivers, names not resolved). */
export const STRICT_WEBHOOKS = new WebhookUrlPolicy({ allowLocal: false });

/** The policy of a Worker (its config: local receivers allowed by npm start; names resolved unless WEBHOOK_DNS="off"). */
export const webhookPolicy = (config: { allowLocal: boolean; resolveNames: boolean }) =>
  new WebhookUrlPolicy({ allowLocal: config.allowLocal, ...(config.resolveNames ? { resolve: dohResolver() } : {}) });
