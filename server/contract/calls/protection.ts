import { z } from "zod";
import {
  confirmLimitBody,
  practiceAccount,
  protectionState,
  realityCheck,
  setLimitBody,
  setRealityCheckBody,
  startBreakBody,
} from "../protection";
import { call } from "./spec";

/** The practice account and player protection (protection.ts; server/contract/README.md, "Practice account", "Player protection"). */
export const PROTECTION_CALLS = {
  practice: call({
    method: "GET",
    path: "/player/practice",
    auth: "member",
    summary: "The member's practice balance (play money), opened at the site's practiceBalance on first use",
    data: practiceAccount,
  }),
  resetPractice: call({
    method: "POST",
    path: "/player/practice/reset",
    auth: "member",
    summary: "Bring the practice balance back to the site's practiceBalance (open practice bets and positions run on)",
    idempotent: true,
    body: z.object({}).strict(),
    data: practiceAccount,
  }),

  // player protection (protection.ts; server/contract/README.md, "Player protection")
  protection: call({
    method: "GET",
    path: "/player/protection",
    auth: "member",
    summary:
      "The member's deposit and loss limits with what remains, pending changes, reality-check interval, break in force and history",
    data: protectionState,
  }),
  setLimit: call({
    method: "PUT",
    path: "/player/protection/limit",
    auth: "member",
    summary:
      "Set, lower, raise or remove a deposit or loss limit: a decrease applies at once, an increase or removal waits 24 hours and then for the member's confirmation",
    body: setLimitBody,
    data: protectionState,
  }),
  confirmLimit: call({
    method: "POST",
    path: "/player/protection/limit/confirm",
    auth: "member",
    summary:
      "Confirm an increase or removal whose 24 hours have passed: it applies now (limit_not_ready before, with data.until; nothing waiting changes nothing)",
    body: confirmLimitBody,
    data: protectionState,
  }),
  setRealityCheck: call({
    method: "PUT",
    path: "/player/protection/reality-check",
    auth: "member",
    summary: "Choose how often the reality check shows: every 15, 30 or 60 minutes of play",
    body: setRealityCheckBody,
    data: protectionState,
  }),
  startBreak: call({
    method: "POST",
    path: "/player/protection/break",
    auth: "member",
    summary:
      "Start a time-out or a self-exclusion: no bets, positions, deposits or transfers into a game until it ends; it cannot be ended early",
    idempotent: true,
    body: startBreakBody,
    data: protectionState,
  }),
  askToReturn: call({
    method: "POST",
    path: "/player/protection/return",
    auth: "member",
    summary:
      "Ask to end a self-exclusion past its minimum: it ends 24 hours later (return_not_yet before the minimum, with data.until); asking again changes nothing",
    body: z.object({}).strict(),
    data: protectionState,
  }),
  realityCheck: call({
    method: "GET",
    path: "/player/reality-check",
    auth: "member",
    summary: "The session's reality check: time since sign-in, net result, and whether it is due",
    data: realityCheck,
  }),
  continueRealityCheck: call({
    method: "POST",
    path: "/player/reality-check/continue",
    auth: "member",
    summary:
      "The member chose to continue: a due check is answered and the next is one interval from now; a check not yet due is left as it is, so a retry changes nothing",
    body: z.object({}).strict(),
    data: realityCheck,
  }),
} as const;
