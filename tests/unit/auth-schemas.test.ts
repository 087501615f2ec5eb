import { describe, expect, it } from "vitest";
import { loginSchema, registerSchema, withdrawDetailsSchema } from "../../app/utils/auth-schemas.server";

const valid = { account: "alice01", password: "pass1234", agreeTerms: "on" };

function errorsOf(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, input: unknown) {
  const result = schema.safeParse(input) as { success: boolean; error?: { flatten(): { fieldErrors: unknown } } };
  if (result.success) return {};
  return result.error!.flatten().fieldErrors as Record<string, string[]>;
}

// the rules of app/README.md, "Validation rules"
describe("sign-up rules: only what signing in needs", () => {
  it("accepts account, password and the box alone, and trims the inputs", () => {
    const result = registerSchema.safeParse({ ...valid, account: "  alice01 " });
    expect(result.success).toBe(true);
    expect(result.data?.account).toBe("alice01");
  });

  it.each([
    ["account", "", "validation.account_required"],
    ["account", "   ", "validation.account_required"],
    ["account", "abc", "validation.account_too_short"],
    ["account", "bad name", "validation.account_invalid"],
    ["password", "", "validation.password_required"],
    ["password", "abc", "validation.password_too_short"],
    ["password", "alice01", "validation.password_equals_account"],
    ["referralCode", "not-a-code!", "validation.referral_invalid"],
  ])("refuses %s = %j with %s", (field, value, key) => {
    expect(errorsOf(registerSchema, { ...valid, [field]: value })[field]?.[0]).toBe(key);
  });

  it("needs the one box, which confirms the terms and the legal age together", () => {
    const { agreeTerms: _a, ...rest } = valid;
    expect(errorsOf(registerSchema, rest).agreeTerms).toEqual(["validation.terms_and_age_required"]);
  });

  it("names the unticked box beside an empty account's message, not only once the account is given", () => {
    // an empty field reaches the schema as missing (conform drops it), as from the page
    const errors = errorsOf(registerSchema, { password: "abc" });
    expect(errors.account?.[0]).toBe("validation.account_required");
    expect(errors.agreeTerms).toEqual(["validation.terms_and_age_required"]);
  });
});

describe("what a first withdrawal asks for", () => {
  const all = { realName: true, mobile: true, transactionPassword: true };
  const details = {
    realName: "Alice Wang",
    areaCode: "+886",
    mobile: "0912345678",
    transactionPassword: "trade999",
    confirmTransactionPassword: "trade999",
  };
  const schema = withdrawDetailsSchema(["+886", "+81"], "alice01", all, "+886");

  it("accepts the missing details with the sign-up's former rules", () => {
    expect(schema.safeParse(details).success).toBe(true);
  });

  it.each([
    ["realName", "", "validation.real_name_required"],
    ["mobile", "", "validation.mobile_required"],
    ["mobile", "0812345678", "validation.mobile_invalid"],
    ["mobile", "091234567", "validation.mobile_invalid"],
    ["mobile", "090-1234-5678", "validation.mobile_invalid"],
    ["areaCode", "+1", "validation.area_code_invalid"],
    ["transactionPassword", "abc", "validation.tx_password_too_short"],
  ])("refuses %s = %j with %s", (field, value, key) => {
    expect(errorsOf(schema, { ...details, [field]: value })[field]?.[0]).toBe(key);
  });

  it("checks the mobile by the area code posted with it, and passes on its stored form", () => {
    const japan = withdrawDetailsSchema(["+886", "+81"], "alice01", all, "+81");
    const parsed = japan.safeParse({ ...details, areaCode: "+81", mobile: "090-1234-5678" });
    expect(parsed.success && parsed.data.mobile).toBe("09012345678");
    expect(errorsOf(japan, { ...details, areaCode: "+81" }).mobile).toEqual(["validation.mobile_invalid_jp"]);
  });

  it("refuses a transaction password equal to the account, or unconfirmed", () => {
    expect(
      errorsOf(schema, { ...details, transactionPassword: "alice01", confirmTransactionPassword: "alice01" })
        .transactionPassword,
    ).toEqual(["validation.tx_password_equals_account"]);
    expect(errorsOf(schema, { ...details, confirmTransactionPassword: "trade998" }).confirmTransactionPassword).toEqual(
      ["validation.tx_confirm_mismatch"],
    );
  });

  it("asks nothing the member has already given", () => {
    const onlyName = withdrawDetailsSchema(
      ["+886"],
      "alice01",
      { ...all, mobile: false, transactionPassword: false },
      undefined,
    );
    const parsed = onlyName.safeParse({ realName: "Alice Wang", mobile: "whatever" });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ realName: "Alice Wang" });
  });
});

describe("sign-in rules", () => {
  it("needs an account and a password of more than 3 characters", () => {
    expect(loginSchema.safeParse({ account: "abcd", password: "abcd" }).success).toBe(true);
    const result = loginSchema.safeParse({ account: "abc", password: "" });
    const errors = result.error?.flatten().fieldErrors;
    expect(errors?.account?.[0]).toBe("validation.account_too_short");
    expect(errors?.password?.[0]).toBe("validation.password_required");
  });
});
