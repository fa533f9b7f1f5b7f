// Where webhooks may go. Production: https only, and never to an IP literal in a
// private, loopback or link-local range, nor to localhost. ALLOW_LOCAL_WEBHOOKS
// (npm start, tests) additionally allows http(s) to 127.0.0.1, [::1] and localhost.
// Workers cannot resolve DNS before fetch: names that resolve to private addresses
// are left to Cloudflare's egress, which does not route to them; only literals are checked here.

function ipv4Private(host: string): boolean | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return undefined;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224 // multicast, reserved, broadcast
  );
}

function ipv6Private(host: string): boolean | undefined {
  if (!host.startsWith('[')) return undefined;
  const h = host.slice(1, -1).toLowerCase();
  if (h === '::' || h === '::1') return true;
  // IPv4-mapped (::ffff:a.b.c.d, which URL normalises to ::ffff:xxxx:xxxx): judge the IPv4 part.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16);
    const lo = parseInt(mapped[2]!, 16);
    return ipv4Private(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`) ?? true;
  }
  const first = parseInt(h.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 /* fc00::/7 */ || (first & 0xffc0) === 0xfe80 /* fe80::/10 */ || (first & 0xff00) === 0xff00; /* multicast */
}

const isLoopbackHost = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** undefined when the URL may receive webhooks, else why not. */
export function webhookUrlProblem(url: string, allowLocal: boolean): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'must be a URL';
  }
  if (u.username || u.password) return 'must not contain a user name or password';
  const host = u.hostname.toLowerCase();
  if (allowLocal && isLoopbackHost(host) && (u.protocol === 'http:' || u.protocol === 'https:')) return undefined;
  if (u.protocol !== 'https:') return 'must be an https:// URL';
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal'))
    return 'must not point to a local host name';
  if (ipv4Private(host) || ipv6Private(host)) return 'must not point to a private, loopback or link-local address';
  return undefined;
}

export const allowLocalWebhooks = (env: { ALLOW_LOCAL_WEBHOOKS?: string }) => env.ALLOW_LOCAL_WEBHOOKS === 'true';
