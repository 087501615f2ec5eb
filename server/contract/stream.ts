import { z } from "zod";
import { order } from "./game";
import { position } from "./positions";
import { minorUnits } from "./units";

/**
 * The member stream, `GET /player/stream?listenKey=<key from listenKey>` (WebSocket): one JSON
 * event per message after each change of the member's orders or balances (a bet, a settlement, a position opened,
 * changed or closed).
 * The socket is closed (code 4001) when the member's session ends.
 */
export const memberStreamEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("order"), order }),
  // contract trading: a position opened, changed its TP/SL or closed (by the member or a trigger)
  z.object({ type: z.literal("position"), position }),
  z.object({
    type: z.literal("balance"),
    wallets: z.object({
      currency: z.string(),
      main: z.object({ balance: minorUnits, onHold: minorUnits }),
      games: z.array(z.object({ code: z.string(), name: z.string(), balance: minorUnits })),
    }),
  }),
]);
export type MemberStreamEvent = z.infer<typeof memberStreamEvent>;
