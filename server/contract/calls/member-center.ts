import { z } from "zod";
import { playerInfo } from "../schemas";
import { page, pageQuery } from "../money";
import { forgotResetBody, forgotSendBody, messageBody, messageSummary, messageThread, passwordChangeBody, replyBody, smsSent, smsVerifyBody, transactionPasswordChangeBody } from "../member-center";
import { none, call } from "./spec";

/** Passwords, SMS codes, the forgotten password and messages to customer service. */
export const MEMBER_CENTER_CALLS = {
  changePassword: call({
    method: "PUT",
    path: "/player/password",
    auth: "member",
    summary: "Change the login password; every session of the member ends",
    body: passwordChangeBody,
    data: none,
  }),
  changeTransactionPassword: call({
    method: "PUT",
    path: "/player/password/transaction",
    auth: "member",
    summary: "Set or change the transaction password",
    idempotent: true,
    body: transactionPasswordChangeBody,
    data: none,
  }),
  smsSend: call({
    method: "POST",
    path: "/player/sms/send",
    auth: "member",
    summary: "Send a code to the member's mobile (one a minute, five a day)",
    idempotent: true,
    body: z.object({ purpose: z.literal("verify_mobile") }).strict(),
    data: smsSent,
  }),
  smsVerify: call({
    method: "POST",
    path: "/player/sms/verify",
    auth: "member",
    summary: "Verify the member's mobile with the code sent to it",
    body: smsVerifyBody,
    data: playerInfo,
  }),
  forgotSend: call({
    method: "POST",
    path: "/player/authorize/forgot/send",
    auth: "public",
    summary: "Send a reset code to the mobile of an account, if account and mobile match",
    body: forgotSendBody,
    data: none,
  }),
  forgotReset: call({
    method: "POST",
    path: "/player/authorize/forgot/reset",
    auth: "public",
    summary: "Set a new login password with a reset code; every session of the member ends",
    idempotent: true,
    body: forgotResetBody,
    data: none,
  }),
  messages: call({
    method: "GET",
    path: "/player/message",
    auth: "member",
    summary: "The member's messages to customer service, newest activity first",
    query: pageQuery,
    data: page(messageSummary),
  }),
  sendMessage: call({
    method: "POST",
    path: "/player/message",
    auth: "member",
    summary: "Write to customer service",
    idempotent: true,
    body: messageBody,
    data: messageThread,
  }),
  message: call({
    method: "GET",
    path: "/player/message/:id",
    auth: "member",
    summary: "One message with its replies; reading it marks it read",
    params: z.object({ id: z.string().min(1).max(64) }),
    data: messageThread,
  }),
  replyMessage: call({
    method: "POST",
    path: "/player/message/:id/reply",
    auth: "member",
    summary: "Reply in a message's thread",
    idempotent: true,
    params: z.object({ id: z.string().min(1).max(64) }),
    body: replyBody,
    data: messageThread,
  }),
} as const;
