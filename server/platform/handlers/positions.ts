import { badRequest } from "../result";
import type { Handler } from "./types";

// TEMPORARY (replaced by the member and market objects' positions before this session ends)
export const openPosition: Handler<"openPosition"> = async () => badRequest("invalid_parameters");
export const positions: Handler<"positions"> = async () => badRequest("invalid_parameters");
export const setPositionTriggers: Handler<"setPositionTriggers"> = async () => badRequest("invalid_parameters");
export const closePosition: Handler<"closePosition"> = async () => badRequest("invalid_parameters");
export const operatorOpenInterest: Handler<"operatorOpenInterest"> = async () => badRequest("invalid_parameters");
