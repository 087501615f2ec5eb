/**
 * The network a client address belongs to, for limits that count per client.
 *
 * One IPv4 address is one network: behind it may sit a whole office or a mobile carrier's NAT,
 * which is why no limit keyed on it may lock out everyone behind it. One IPv6 /64 is one network:
 * a home or phone gets a whole /64 and can pick any address in it, so counting exact IPv6
 * addresses would give one attacker 2^64 fresh tries. An IPv4 address written as IPv6
 * (`::ffff:192.0.2.1`) is that IPv4 address.
 *
 * Returns null for anything that is not an address (the caller then counts it as "no address").
 */
export function networkOf(address: string): string | null {
  const text = address.trim().toLowerCase();
  if (isIpv4(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return null;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi, lo] = [groups[6] ?? 0, groups[7] ?? 0];
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

function isIpv4(text: string): boolean {
  const parts = text.split(".");
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted IPv4 expanded), or null. */
function ipv6Groups(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/.test(text) || !text.includes(":")) return null;
  let body = text;
  const lastColon = body.lastIndexOf(":");
  const dotted = body.slice(lastColon + 1);
  if (dotted.includes(".")) {
    // a trailing dotted IPv4 stands for the last two groups
    if (!isIpv4(dotted)) return null;
    const [a, b, c, d] = dotted.split(".").map(Number) as [number, number, number, number];
    body = `${body.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0] ?? "");
  const rest = halves.length === 2 ? parse(halves[1] ?? "") : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const zeros = Array<string>(halves.length === 2 ? missing : 0).fill("0");
  return [...head, ...zeros, ...rest].map((g) => parseInt(g, 16));
}
