/**
 * DNS-rebinding guard for our node:http servers (`gf01 serve`, `gf01 view`, `geb view`).
 * A page on evil.example can re-point its own name at 127.0.0.1 and then talk to a loopback
 * server as a same-origin page: the browser sends `Host: evil.example:<port>` and an Origin
 * that matches it, so origin checks pass. Only the Host header tells, so every request whose
 * Host names something other than this server is refused (403) before any route runs.
 *
 * Allowed by default: `localhost` (and `*.localhost`, which resolves to loopback by RFC 6761),
 * the loopback addresses 127.0.0.0/8 and ::1, and the bound address itself. Bound to a wildcard
 * (0.0.0.0 / ::), the server is meant to be reached over the network, so the machine's own
 * interface addresses and its host name are allowed too; any other name it is reached by (a DNS
 * name, a reverse proxy's public name) must be given with `--allowed-host`. A port in the Host
 * header is ignored (port forwarding and proxies change it; rebinding is about the name). A
 * request without Host (HTTP/1.0) cannot come from a browser page and passes.
 */
import { isIP } from "node:net";
import { hostname, networkInterfaces } from "node:os";

export interface HostCheckOptions {
  /** The address the server listens on (`--host`). */
  host: string;
  /** Extra names (`--allowed-host`, repeatable); `*` turns the check off. */
  allowedHosts?: readonly string[];
}

/** Lower-case, no brackets, no trailing dot: how a Host name and an allowed name are compared. */
const norm = (h: string): string =>
  h
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");

/** The name part of a Host header value (`[::1]:8017` → `::1`, `a.b:80` → `a.b`), or undefined if malformed. */
export function hostName(header: string): string | undefined {
  const h = header.trim();
  const m = h.startsWith("[")
    ? /^\[([0-9A-Fa-f:.]+)\](?::\d{1,5})?$/.exec(h)
    : /^([^:\s/@]+)(?::\d{1,5})?$/.exec(h);
  return m ? norm(m[1]) : undefined;
}

const WILDCARD = new Set(["0.0.0.0", "::", ""]);

/** Returns a predicate on the Host header: true when the request may be served. */
export function hostChecker(o: HostCheckOptions): (header: string | undefined) => boolean {
  const extra = (o.allowedHosts ?? []).map(norm);
  if (extra.includes("*")) return () => true;
  const allowed = new Set<string>(["localhost", "::1", ...extra]);
  const bound = norm(o.host);
  if (!WILDCARD.has(bound)) allowed.add(bound);
  else {
    for (const list of Object.values(networkInterfaces()))
      for (const a of list ?? []) allowed.add(norm(a.address.replace(/%.*$/, "")));
    const me = norm(hostname());
    if (me) allowed.add(me);
  }
  return (header) => {
    if (header === undefined) return true;
    const name = hostName(header);
    if (name === undefined) return false;
    if (allowed.has(name) || name.endsWith(".localhost")) return true;
    // 127.0.0.0/8 is all loopback.
    return isIP(name) === 4 && name.startsWith("127.");
  };
}

/** The refusal's message (servers wrap it in their own error shape). */
export const hostRefusedMessage = (header: string | undefined): string =>
  `Host ${JSON.stringify(header ?? "")} is not this server's name (DNS rebinding guard); start the server with --allowed-host <name> to allow it`;
