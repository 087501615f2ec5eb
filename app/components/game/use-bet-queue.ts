import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { BetOption } from "#rules/bet-options";

/** What the bet action answers a queued bet (app/utils/game.server.ts, `reply=json`). */
interface BetReply {
  result?: { error?: Record<string, string[] | null> | null } | null;
  placed?: { periodNo: string; option: BetOption; amount: number; moved: number | null } | null;
  idempotencyKey?: string;
}

export interface BetEntry {
  id: number;
  /** the intent: the form's key and the bet; a second tap of the same intent adds nothing */
  intent: string;
  periodNo: string;
  option: BetOption;
  amount: number;
  move: number | null;
  state: "waiting" | "sending" | "placed" | "refused";
  /** the refusal's message key, as the action answered it */
  error?: string;
  /** times sent back to the queue because another order of the member's was still being taken */
  retries?: number;
}

/** Another order of the member's (another tab, the contract page) was still being taken: nothing was decided. */
const BUSY = "messages:order_in_progress";
const BUSY_RETRIES = 3;

/**
 * The bet bar's queue (app/README.md, "The game page"): with JavaScript each tap of Place bet is
 * an entry, shown at once as pending, sent one after another by one fetcher (the platform takes
 * one order per member at a time and refuses a second concurrent one), then shown placed or
 * refused with the reason. A refusal changes only its own entry: earlier confirmations stay.
 *
 * Each tap is sent with the form's key: the page's, then the one each answer brings (a tap after
 * an answer is a new intent; a tap while the same bet is pending is that bet again). The action
 * derives each bet's own key from it (utils/idempotency.server.ts, `intentKey`).
 */
export function useBetQueue(pageKey: string) {
  const fetcher = useFetcher<BetReply>();
  const location = useLocation();
  // the key this page's next tap is sent with: the page's, then the one each answer brings
  const formKey = useRef(pageKey);
  useEffect(() => {
    formKey.current = pageKey;
  }, [pageKey]);
  // the entries live in a ref, so a second tap in the same frame sees the first; a render follows each change
  const list = useRef<BetEntry[]>([]);
  const [version, setVersion] = useState(0);
  const update = useCallback((next: BetEntry[]) => {
    list.current = next;
    setVersion((v) => v + 1);
  }, []);
  const bodies = useRef(new Map<number, FormData>());
  const inFlight = useRef<{ id: number; busy: boolean; before: unknown } | null>(null);
  const lastId = useRef(0);

  useEffect(() => {
    const sent = inFlight.current;
    if (sent) {
      if (fetcher.state === "submitting") sent.busy = true;
      // answered once the action is done: the page's data may still be re-read ("loading"), which
      // the next submission may cut short (the last one's re-read completes)
      const answered = fetcher.state !== "submitting" && (sent.busy || fetcher.data !== sent.before);
      if (!answered) return;
      inFlight.current = null;
      const reply = fetcher.data;
      const entry = list.current.find((e) => e.id === sent.id);
      if (entry && reply?.result && refusalOf(reply) === BUSY && (entry.retries ?? 0) < BUSY_RETRIES) {
        // the platform kept no answer for this key: the same request a moment later, still pending
        const again = { ...entry, state: "waiting" as const, retries: (entry.retries ?? 0) + 1 };
        setTimeout(() => update(list.current.map((e) => (e.id === sent.id ? again : e))), 500);
        return;
      }
      bodies.current.delete(sent.id);
      update(
        reply?.placed || reply?.result
          ? list.current.map((e) => (e.id === sent.id ? settled(e, reply) : e))
          : // no answer of ours (a redirect: signed out, the mode changed): nothing known to show
            list.current.filter((e) => e.id !== sent.id),
      );
      if (reply?.idempotencyKey) formKey.current = reply.idempotencyKey;
      return;
    }
    const waiting = list.current.find((e) => e.state === "waiting");
    const body = waiting && bodies.current.get(waiting.id);
    if (!waiting || !body) return;
    inFlight.current = { id: waiting.id, busy: false, before: fetcher.data };
    update(list.current.map((e) => (e.id === waiting.id ? { ...e, state: "sending" } : e)));
    fetcher.submit(body, { method: "post", action: location.pathname + location.search, preventScrollReset: true });
  }, [fetcher, version, update, location.pathname, location.search]);

  /** A tap: queued unless the same intent is already there (a double tap). False when it was. */
  const add = useCallback(
    (body: FormData, bet: Omit<BetEntry, "id" | "state" | "intent">) => {
      body.set("idempotencyKey", formKey.current);
      const intent = [formKey.current, bet.periodNo, bet.option, bet.amount, bet.move ?? ""].join("|");
      if (list.current.some((e) => e.intent === intent)) return false;
      const id = ++lastId.current;
      body.set("reply", "json");
      bodies.current.set(id, body);
      update([...list.current, { ...bet, id, intent, state: "waiting" }]);
      return true;
    },
    [update],
  );

  /** Entries of rounds no longer Next are the Live card's now; the ones still to be answered stay. */
  const forRound = useCallback(
    (periodNo: string) =>
      list.current.filter((e) => e.periodNo === periodNo || e.state === "waiting" || e.state === "sending"),
    // the list is a ref: it changes with `version`
    [version],
  );

  return { add, forRound };
}

function settled(entry: BetEntry, reply: BetReply): BetEntry {
  if (reply.placed) return { ...entry, state: "placed", periodNo: reply.placed.periodNo };
  return { ...entry, state: "refused", error: refusalOf(reply) };
}

/** The refusal's first message: the form's, else the first field's. */
function refusalOf(reply: BetReply): string | undefined {
  const errors = reply.result?.error ?? {};
  return [errors[""], ...Object.values(errors)].flatMap((e) => e ?? []).find(Boolean);
}
