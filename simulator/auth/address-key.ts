import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key under which the login throttle counts a client address. One machine must not be many
 * addresses: every loopback address (all of 127.0.0.0/8, `::1`, and IPv4-mapped forms such as
 * `::ffff:127.0.0.5`) is one key, since any local program can send from any of them; an IPv6 client
 * is counted by its /64, the smallest block a network hands one site, within which it can pick
 * addresses at will. Any other IPv4 address is its own key.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ipv4Key(ip);
  const groups = isIPv6(ip) ? ipv6Groups(ip) : null;
  if (groups === null) return ip;
  const [a, b, c, d, e, f, g, h] = groups as [number, number, number, number, number, number, number, number];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0) {
    // ::ffff:a.b.c.d is an IPv4 client on a dual-stack socket.
    if (f === 0xffff) return ipv4Key(`${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`);
    if (f === 0 && g === 0 && h === 1) return LOOPBACK;
  }
  return `${[a, b, c, d].map((n) => n.toString(16)).join(':')}::/64`;
}

const LOOPBACK = 'loopback';

function ipv4Key(ip: string): string {
  return ip.startsWith('127.') ? LOOPBACK : ip;
}

/** The eight 16-bit groups of a valid IPv6 address (a zone id is dropped). */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.split('%')[0] ?? '';
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted !== null) {
    const [, o1, o2, o3, o4] = dotted.map(Number) as [number, number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((o1 << 8) | o2).toString(16)}:${((o3 << 8) | o4).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) =>
    part === undefined || part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16));
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<number>(Math.max(0, fill)).fill(0), ...tail];
  return groups.length === 8 && groups.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff)
    ? groups
    : null;
}
