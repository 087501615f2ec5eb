/**
 * Close codes of the live streams (WebSocket), shared by the site's proxy and the browser. Zod-free:
 * the game page's socket hook imports it.
 *
 * - `sessionEnded`: the member's session ended (sign-out, password change or reset, expiry);
 *   reconnecting would only be refused.
 * - `tooManyStreams`: the platform refused the stream (429 `too_many_streams`: too many member
 *   streams of the member, or market streams of the network, CLIENT_LIMITS). A browser cannot
 *   read a refused handshake's status, so the site opens the socket and closes it at once with
 *   this code, and the page can say why it is not live.
 */
export const STREAM_CLOSE = { sessionEnded: 4001, tooManyStreams: 4029 } as const;
