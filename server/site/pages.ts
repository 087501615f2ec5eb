/**
 * Plain pages the worker answers before Remix: no tenant's branding or content in them. Their one
 * style element carries the response's CSP nonce (server/site/security.ts).
 */
function page(status: number, lang: string, title: string, body: string, nonce: string): Response {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style nonce="${escapeHtml(nonce)}">body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:32rem;padding:0 1rem;color:#1a1a1a}</style></head><body><h1>${title}</h1><p>${body}</p></body></html>`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function unknownSitePage(hostname: string, nonce: string): Response {
  return page(404, "en", "Unknown site", `No site is served at ${escapeHtml(hostname)}.`, nonce);
}

export function refusedPage(lang: string, title: string, body: string, nonce: string): Response {
  return page(403, lang, escapeHtml(title), escapeHtml(body), nonce);
}

/** A form body over the size limit, refused before it was read (server/site/guards.ts). */
export function tooLargePage(lang: string, title: string, body: string, nonce: string): Response {
  return page(413, lang, escapeHtml(title), escapeHtml(body), nonce);
}

export function unavailablePage(lang: string, title: string, body: string, nonce: string): Response {
  return page(503, lang, escapeHtml(title), escapeHtml(body), nonce);
}

/**
 * An unexpected failure in production: the member sees a plain page, never the error itself, and
 * the reference (the request id) that finds the log line for support (server/log/README.md).
 */
export function errorPage(lang: string, title: string, body: string, nonce: string, reference?: string): Response {
  const shown = reference ? `${escapeHtml(body)}</p><p><small>${escapeHtml(reference)}</small>` : escapeHtml(body);
  return page(500, lang, escapeHtml(title), shown, nonce);
}
