import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, Visitor, type Stack } from "../helpers/site";

/**
 * The site forwards the browser's address (CF-Connecting-IP) to the platform, which counts failed
 * sign-ins per address: the whole chain, site to platform, not only the platform's counter.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await createStack();
});
afterAll(() => stack?.dispose());

const ATTACKER = { "cf-connecting-ip": "203.0.113.7" };
const NEIGHBOUR = { "cf-connecting-ip": "198.51.100.9" };
const HOME = { "cf-connecting-ip": "198.51.100.77" };

describe("sign-in limit per client address through the site", () => {
  it("locks the address after 10 failures on different accounts, while another address still signs in", async () => {
    const victim = await stack.platform.signupMember("demo");
    const attacker = new Visitor(stack, "http://localhost", ATTACKER);
    // ten failures spread over ten accounts: no account reaches its own limit, the address does
    for (let i = 0; i < 10; i++) {
      const member = await stack.platform.signupMember("demo");
      const failed = await attacker.signIn(member.account, "not-the-password-1");
      expect(failed.status).toBe(400);
    }

    const locked = await attacker.signIn(victim.account, victim.password);
    // the right password from the locked address: too_many_requests as a form error, and still signed out
    expect(locked.status).toBe(400);
    expect(await locked.text()).toContain("Too many attempts. Please wait and try again.");
    expect((await attacker.get("/user")).headers.get("location")).toMatch(/^\/login/);

    const neighbour = new Visitor(stack, "http://localhost", NEIGHBOUR);
    const signedIn = await neighbour.signIn(victim.account, victim.password);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).not.toBe("/login");
  });

  it("does not let strangers lock a member out: ten failures from other addresses, and the member still signs in from home", async () => {
    const victim = await stack.platform.signupMember("demo");
    for (let i = 0; i < 12; i++) {
      const stranger = new Visitor(stack, "http://localhost", { "cf-connecting-ip": `203.0.113.${100 + i}` });
      const failed = await stranger.signIn(victim.account, "not-the-password-1");
      expect(failed.status).toBe(400);
      expect(await failed.text()).toContain("The account or the password is wrong.");
    }
    // a stranger that failed is held off, even with the right password
    const stranger = new Visitor(stack, "http://localhost", { "cf-connecting-ip": "203.0.113.100" });
    const held = await stranger.signIn(victim.account, victim.password);
    expect(held.status).toBe(400);
    expect(await held.text()).toContain("this account is locked for 15 minutes");

    const home = new Visitor(stack, "http://localhost", HOME);
    const signedIn = await home.signIn(victim.account, victim.password);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).not.toBe("/login");
  });
});
