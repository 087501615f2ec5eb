import { describe, expect, it } from "vitest";
import { loginSchema, registerSchema } from "../../app/utils/auth-schemas.server";

const valid = {
  account: "alice01",
  password: "pass1234",
  confirmPassword: "pass1234",
  transactionPassword: "trade999",
  confirmTransactionPassword: "trade999",
  realName: "Alice Wang",
  areaCode: "+886",
  mobile: "0912345678",
  agreeTerms: "on",
  legalAge: "on",
};
const schema = registerSchema(["+886", "+81"]);

function errorsOf(input: Record<string, unknown>): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return result.error.flatten().fieldErrors as Record<string, string[]>;
}

// the rules of app/README.md, "Validation rules"
describe("sign-up rules", () => {
  it("accepts a complete, consistent form and trims its inputs", () => {
    const result = schema.safeParse({ ...valid, account: "  alice01 ", realName: " Alice Wang " });
    expect(result.success).toBe(true);
    expect(result.data?.account).toBe("alice01");
    expect(result.data?.realName).toBe("Alice Wang");
  });

  it.each([
    ["account", "", "validation.account_required"],
    ["account", "   ", "validation.account_required"],
    ["account", "abc", "validation.account_too_short"],
    ["password", "abc", "validation.password_too_short"],
    ["transactionPassword", "abc", "validation.tx_password_too_short"],
    ["mobile", "0812345678", "validation.mobile_invalid"],
    ["mobile", "091234567", "validation.mobile_invalid"],
    ["mobile", "09123456789", "validation.mobile_invalid"],
    ["areaCode", "+1", "validation.area_code_invalid"],
    ["realName", "", "validation.real_name_required"],
  ])("refuses %s = %j with %s", (field, value, key) => {
    expect(errorsOf({ ...valid, [field]: value })[field]?.[0]).toBe(key);
  });

  it("needs the terms agreed and the legal age confirmed", () => {
    const { agreeTerms: _a, legalAge: _l, ...rest } = valid;
    const errors = errorsOf(rest);
    expect(errors.agreeTerms).toEqual(["validation.terms_required"]);
    expect(errors.legalAge).toEqual(["validation.legal_age_required"]);
  });

  it("refuses a login password equal to the account and a confirmation that differs", () => {
    expect(errorsOf({ ...valid, password: "alice01", confirmPassword: "alice01" }).password).toEqual([
      "validation.password_equals_account",
    ]);
    expect(errorsOf({ ...valid, confirmPassword: "pass12345" }).confirmPassword).toEqual([
      "validation.confirm_mismatch",
    ]);
  });

  it("refuses a transaction password equal to the login password or the account, or unconfirmed", () => {
    expect(
      errorsOf({ ...valid, transactionPassword: "pass1234", confirmTransactionPassword: "pass1234" })
        .transactionPassword,
    ).toEqual(["validation.tx_password_equals_password"]);
    expect(
      errorsOf({ ...valid, transactionPassword: "alice01", confirmTransactionPassword: "alice01" }).transactionPassword,
    ).toEqual(["validation.tx_password_equals_account"]);
    expect(errorsOf({ ...valid, confirmTransactionPassword: "trade998" }).confirmTransactionPassword).toEqual([
      "validation.tx_confirm_mismatch",
    ]);
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
