import { accessTokenVerify, signin, signout, signup } from "./authorize";
import * as operator from "./operator";
import { listenKey, playerInfo, updatePlayerInfo, wallets } from "./player";
import { campaign, chatbox, instruction, press, siteInfo } from "./site";
import type { Handlers } from "./types";

/** One handler per call of the contract; the type makes a missing one a compile error. */
export const handlers: Handlers = {
  accessTokenVerify,
  signup,
  signin,
  signout,
  playerInfo,
  updatePlayerInfo,
  listenKey,
  wallets,
  siteInfo,
  press,
  campaign,
  instruction,
  chatbox,
  ...operator,
};
