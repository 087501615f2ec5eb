import { describe, expect, it } from "vitest";
import {
  answerState,
  controlProps,
  fieldMeta,
  firstInvalidControl,
  formMeta,
  type ServerAnswer,
} from "../../app/components/server-form";

/**
 * The browser renders forms from the server's answer alone (conform's `submission.reply()`):
 * these are the rules that turn one answer into what each control shows.
 */

/** What `parseWithZod(...).reply({ formErrors, hideFields: ["password"] })` sends for a refused sign-in. */
const refusedSignIn: ServerAnswer = {
  status: "error",
  initialValue: { account: "alice01" },
  error: {
    "": ["messages:invalid_credentials"],
    account: ["validation.account_too_short", "validation.account_invalid"],
    password: null,
  },
  state: { validated: {} },
  fields: ["account", "password"],
};

describe("answerState: an answer read as conform's useForm read it", () => {
  it("with no answer, controls start from the defaults and nothing is in error", () => {
    const state = answerState(undefined, { areaCode: "+886" });
    expect(state.values).toEqual({ areaCode: "+886" });
    expect(state.errors).toEqual({});
  });

  it("a failed answer's submitted values replace the defaults, so a field the server left out (a secret) starts empty", () => {
    const state = answerState(refusedSignIn, { account: "default-account", password: "never-shown" });
    expect(state.values).toEqual({ account: "alice01" });
    expect(fieldMeta("f", "password", state, 1).initialValue).toBeUndefined();
    expect(fieldMeta("f", "account", state, 1).initialValue).toBe("alice01");
  });

  it('keeps every non-empty message list, the form\'s own under "", and drops null and empty ones', () => {
    const state = answerState({ ...refusedSignIn, error: { ...refusedSignIn!.error, mobile: [] } });
    expect(state.errors).toEqual({
      "": ["messages:invalid_credentials"],
      account: ["validation.account_too_short", "validation.account_invalid"],
    });
  });

  it("an answer that resets the form (initialValue null) brings back the defaults and no messages", () => {
    const state = answerState({ initialValue: null, error: { "": ["stale"] } }, { amount: "10" });
    expect(state.values).toEqual({ amount: "10" });
    expect(state.errors).toEqual({});
  });

  it("a value sent back as a list (a name posted twice) gives a text control no starting value", () => {
    const state = answerState({ status: "error", initialValue: { option: ["high", "low"] }, error: {} });
    expect(fieldMeta("f", "option", state, 1).initialValue).toBeUndefined();
  });
});

describe("fieldMeta and formMeta: ids, messages and keys of the markup", () => {
  const state = answerState(refusedSignIn);

  it("ids are conform's: <form>-<name> for the control and …-error for its message; the form's message is <form>-error", () => {
    const field = fieldMeta(":r1:", "account", state, 0);
    expect(field).toMatchObject({ id: ":r1:-account", name: "account", errorId: ":r1:-account-error" });
    expect(formMeta(":r1:", state).errorId).toBe(":r1:-error");
  });

  it("a field carries its own messages only; a field without any has errors undefined (not an empty list)", () => {
    expect(fieldMeta("f", "account", state, 0).errors).toEqual([
      "validation.account_too_short",
      "validation.account_invalid",
    ]);
    expect(fieldMeta("f", "password", state, 0).errors).toBeUndefined();
  });

  it("the key changes with the answer's version, so an uncontrolled control re-mounts with the submitted value", () => {
    expect(fieldMeta("f", "account", state, 1).key).not.toBe(fieldMeta("f", "account", state, 2).key);
    expect(fieldMeta("f", "account", state, 2).key).toBe(fieldMeta("f", "account", state, 2).key);
  });

  it("the form element turns off browser bubbles and, while it has its own message, is described by it", () => {
    expect(formMeta("f", state).props).toEqual({ id: "f", noValidate: true, "aria-describedby": "f-error" });
    expect(formMeta("f", answerState(undefined)).props).toEqual({
      id: "f",
      noValidate: true,
      "aria-describedby": undefined,
    });
    expect(formMeta("f", state).errors).toEqual(["messages:invalid_credentials"]);
  });

  it("the error summary lists each field in error once, with its first message and its control's id, in the answer's order; not the form's own message", () => {
    const several = answerState({
      status: "error",
      initialValue: {},
      error: {
        "": ["messages:account_exists"],
        account: ["validation.account_required"],
        mobile: ["validation.mobile_required", "x"],
        realName: [],
      },
    });
    const form = formMeta("f", several);
    expect(form.summaryId).toBe("f-summary");
    expect(form.fieldErrors).toEqual([
      { name: "account", controlId: "f-account", message: "validation.account_required" },
      { name: "mobile", controlId: "f-mobile", message: "validation.mobile_required" },
    ]);
    expect(formMeta("f", answerState(undefined)).fieldErrors).toEqual([]);
  });
});

describe("controlProps: what an invalid control tells assistive technology", () => {
  const state = answerState(refusedSignIn);

  it("an invalid control is aria-invalid and described by its message first, then its hint", () => {
    expect(controlProps(fieldMeta("f", "account", state, 0), "hint-1")).toEqual({
      id: "f-account",
      name: "account",
      "aria-invalid": true,
      "aria-describedby": "f-account-error hint-1",
    });
  });

  it("a valid control is not aria-invalid and is described by its hint only (or nothing)", () => {
    expect(controlProps(fieldMeta("f", "password", state, 0), "hint-2")).toMatchObject({
      "aria-invalid": undefined,
      "aria-describedby": "hint-2",
    });
    expect(controlProps(fieldMeta("f", "password", state, 0))).toMatchObject({
      "aria-invalid": undefined,
      "aria-describedby": undefined,
    });
  });
});

describe("firstInvalidControl: where focus goes after a failed submit", () => {
  /** A form's controls in document order, as `form.elements` lists them (the test runs without a DOM). */
  const formOf = (controls: { name: string; type?: string; disabled?: boolean }[]) =>
    ({ elements: controls.map((c) => ({ type: "text", disabled: false, ...c })) }) as unknown as HTMLFormElement;

  it("is the first control in document order named in the errors, skipping hidden and disabled ones", () => {
    const form = formOf([
      { name: "csrf", type: "hidden" },
      { name: "idempotencyKey", type: "hidden" },
      { name: "option", disabled: true },
      { name: "title" },
      { name: "amount" },
      { name: "content" },
    ]);
    const errors = { idempotencyKey: ["x"], option: ["x"], content: ["x"], amount: ["x"] };
    expect((firstInvalidControl(form, errors) as unknown as { name: string }).name).toBe("amount");
  });

  it('is none when only the form itself ("") or hidden fields are in error', () => {
    const form = formOf([{ name: "pair", type: "hidden" }, { name: "account" }]);
    expect(firstInvalidControl(form, { "": ["x"], pair: ["x"] })).toBeUndefined();
  });
});
