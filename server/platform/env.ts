import type { MarketObject } from "./market/market-object";
import type { MemberObject } from "./member/member-object";
import type { SiteObject } from "./site/site-object";

export interface Env {
  SITE: DurableObjectNamespace<SiteObject>;
  MEMBER: DurableObjectNamespace<MemberObject>;
  /** one per trading pair (idFromName(symbol)), plus the pair registry */
  MARKET: DurableObjectNamespace<MarketObject>;
  /** members' document images, under platform-generated keys; read only through the owner's member object */
  UPLOADS: R2Bucket;
  /** bearer key of the operator API; operator calls are refused while it is empty */
  OPERATOR_KEY?: string;
  /** "log" (default: codes go to the site's SMS log, read by operators in development) or "http" */
  SMS_PROVIDER?: string;
  /** the HTTP provider's endpoint: it receives POST {to, text} as JSON */
  SMS_PROVIDER_URL?: string;
  /** bearer key for SMS_PROVIDER_URL; set it with `wrangler secret put SMS_PROVIDER_KEY` */
  SMS_PROVIDER_KEY?: string;
}
