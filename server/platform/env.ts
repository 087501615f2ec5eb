import type { MemberObject } from "./member/member-object";
import type { SiteObject } from "./site/site-object";

export interface Env {
  SITE: DurableObjectNamespace<SiteObject>;
  MEMBER: DurableObjectNamespace<MemberObject>;
  /** members' document images, under platform-generated keys; read only through the owner's member object */
  UPLOADS: R2Bucket;
  /** bearer key of the operator API; operator calls are refused while it is empty */
  OPERATOR_KEY?: string;
}
