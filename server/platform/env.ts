import type { MemberObject } from "./member/member-object";
import type { SiteObject } from "./site/site-object";

export interface Env {
  SITE: DurableObjectNamespace<SiteObject>;
  MEMBER: DurableObjectNamespace<MemberObject>;
  /** bearer key of the operator API; operator calls are refused while it is empty */
  OPERATOR_KEY?: string;
}
