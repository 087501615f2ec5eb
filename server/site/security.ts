import { TURNSTILE_ORIGIN, type SiteInfo } from "../contract";

/**
 * The response headers of every answer of the site worker (server/site/README.md,
 * "Security headers and CSP").
 *
 * HTML documents get a Content-Security-Policy with a nonce made fresh for each response: only
 * scripts and style elements carrying it run, so markup injected into a page cannot run code.
 * `script-src` is `'self'` plus the nonce, not `'strict-dynamic'`: every script the site loads is
 * its own (Remix's modules and lazy chunks such as the chart, all under /build/), and
 * `'strict-dynamic'` would also trust any script that a trusted one creates, from any host. Here a
 * script runs only from this origin or with the nonce; the operator's script may load another by
 * giving it `document.currentScript.nonce`. Every response also carries `nosniff`, which keeps
 * `'self'` honest: nothing else the worker serves (JSON, uploaded images, text) runs as a script.
 */
export class ResponsePolicy {
  /** 16 random bytes, base64: the nonce of this response's document */
  readonly nonce = createNonce();
  private imageOrigins: string[] = [];

  constructor(private readonly url: URL) {}

  /** The site's own images (favicon, logos) may live on another HTTPS host: that host is allowed. */
  allowSiteImages(site: Pick<SiteInfo, "favicon" | "logo" | "logo2">) {
    this.imageOrigins = imageOrigins([site.favicon, site.logo, site.logo2], this.url);
  }

  /** The document policy for HTML; anything else is not meant to be a document and may load nothing. */
  contentSecurityPolicy(html: boolean): string {
    if (!html) return "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    // 'self' covers the game's same-origin WebSocket in CSP 3; the explicit ws(s): source is for
    // browsers that still read it as http(s) only
    const socket = `${this.url.protocol === "https:" ? "wss:" : "ws:"}//${this.url.host}`;
    // the sign-in challenge (Turnstile) loads its script and frame from Cloudflare, on /login only
    const challenge = this.url.pathname === "/login" ? ` ${TURNSTILE_ORIGIN}` : "";
    return [
      "default-src 'self'",
      `script-src 'self' 'nonce-${this.nonce}'${challenge}`,
      ...(challenge ? [`frame-src 'self'${challenge}`] : []),
      `style-src 'self' 'nonce-${this.nonce}'`,
      ["img-src 'self' data:", ...this.imageOrigins].join(" "),
      `connect-src 'self' ${socket}`,
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
      "form-action 'self'",
    ].join("; ");
  }

  /** The same response with the security headers; a WebSocket handshake (101) goes back untouched. */
  apply(response: Response): Response {
    if (response.status === 101) return response;
    const headers = new Headers(response.headers);
    const html = (headers.get("content-type") ?? "").startsWith("text/html");
    // a route with a stricter policy of its own (a member's uploaded file) keeps it
    if (!headers.has("content-security-policy"))
      headers.set("content-security-policy", this.contentSecurityPolicy(html));
    // a nonce is only worth something once: no shared cache may hand this document to someone else
    if (html && !headers.has("cache-control")) headers.set("cache-control", "private, no-cache");
    headers.set("strict-transport-security", "max-age=31536000; includeSubDomains");
    headers.set("x-content-type-options", "nosniff");
    headers.set("referrer-policy", "strict-origin-when-cross-origin");
    headers.set("cross-origin-opener-policy", "same-origin");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** A host as URL parsing leaves it that cannot carry anything else into the policy (";", ",", quotes). */
const PLAIN_HOST = /^[a-z0-9.-]+(:\d{1,5})?$/;

function imageOrigins(values: string[], page: URL): string[] {
  const origins = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value, page);
    } catch {
      continue;
    }
    if (url.protocol === "https:" && url.origin !== page.origin && PLAIN_HOST.test(url.host)) origins.add(url.origin);
  }
  return [...origins];
}
