import { z } from "zod";
import { playerInfo, signinBody, signinData, signupBody, updateInfoBody, walletsData } from "../schemas";
import { none, call } from "./spec";

/** Sign-up, sign-in and the session; the member's own information and balances. */
export const SESSION_CALLS = {
  accessTokenVerify: call({
    method: "POST",
    path: "/accessTokenVerify",
    auth: "member",
    summary: "Check that a token is a live session of this site",
    data: none,
  }),
  signup: call({
    method: "POST",
    path: "/player/authorize/signup",
    auth: "public",
    summary: "Create a member account",
    body: signupBody,
    data: none,
  }),
  signin: call({
    method: "POST",
    path: "/player/authorize/signin",
    auth: "public",
    summary: "Start a session; returns its token",
    body: signinBody,
    data: signinData,
  }),
  signout: call({
    method: "POST",
    path: "/player/authorize/signout",
    auth: "member",
    summary: "Revoke the token's session",
    data: none,
  }),
  playerInfo: call({
    method: "GET",
    path: "/player/info",
    auth: "member",
    summary: "The member's information",
    data: playerInfo,
  }),
  updatePlayerInfo: call({
    method: "PUT",
    path: "/player/info",
    auth: "member",
    summary: "Update the member's information",
    body: updateInfoBody,
    data: playerInfo,
  }),
  listenKey: call({
    method: "POST",
    path: "/player/token/listenkey",
    auth: "member",
    summary: "A short-lived key for the member's live stream",
    data: z.string().min(16),
  }),
  wallets: call({
    method: "GET",
    path: "/player/wallets",
    auth: "member",
    summary: "Main account and game wallet balances in minor units",
    data: walletsData,
  }),
} as const;
