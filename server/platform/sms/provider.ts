import type { SmsPurpose } from "./code";
import type { Env } from "../env";
import { fail, ok, type Result } from "../result";
import { siteStub } from "../stubs";
import { errorFields, log } from "../../log/log";

/** One text to one phone. `code` and `purpose` are for the log provider; a real provider sends `text`. */
export interface SmsMessage {
  siteId: string;
  /** international form, e.g. +886912345678 */
  to: string;
  /** the number as the member entered it (09…), which operators search the log by */
  mobile: string;
  text: string;
  purpose: SmsPurpose;
  code: string;
  account: string;
}

/** Sends a text; a failure is `sms_service_error` and the caller gives the member's quota back. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<Result<null>>;
}

/**
 * Development and tests: nothing leaves the platform; the site's SMS log keeps what would have
 * been sent, for operators to read (`npm run operator -- sms <siteId>`).
 */
export function logProvider(env: Env): SmsProvider {
  return {
    async send(m) {
      await siteStub(env, m.siteId).logSms({
        to: m.to,
        mobile: m.mobile,
        purpose: m.purpose,
        code: m.code,
        account: m.account,
        sentAt: new Date().toISOString(),
      });
      return ok(null);
    },
  };
}

/** A provider answering slower than this is treated as down: the member may try again. */
const HTTP_TIMEOUT_MS = 10_000;

/** A gateway that takes `POST {to, text}` as JSON with a bearer key and answers 2xx when it accepted. */
export function httpProvider(url: string, key: string): SmsProvider {
  return {
    async send(m) {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
          body: JSON.stringify({ to: m.to, text: m.text }),
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
        // The body is not needed; read it so the connection can be reused.
        await response.body?.cancel();
        if (response.ok) return ok(null);
        log("error", "sms: provider refused", { status: response.status });
      } catch (error) {
        log("error", "sms: provider unreachable", errorFields(error));
      }
      return fail(400, "sms_service_error");
    },
  };
}

/**
 * The provider the environment names. "http" without a URL is a configuration error, reported
 * on every send rather than silently falling back to the log (which would swallow real codes).
 */
export function smsProvider(env: Env): SmsProvider {
  if (env.SMS_PROVIDER === "http") {
    const url = env.SMS_PROVIDER_URL ?? "";
    if (url === "") {
      return {
        send: async () => (
          log("error", "sms: SMS_PROVIDER=http needs SMS_PROVIDER_URL"),
          fail(400, "sms_service_error")
        ),
      };
    }
    return httpProvider(url, env.SMS_PROVIDER_KEY ?? "");
  }
  return logProvider(env);
}
