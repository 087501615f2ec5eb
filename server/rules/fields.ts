/**
 * What a member's fields may hold (app/README.md, "Validation rules"): the platform refuses
 * anything else (the contract's schemas), and the site's forms say so first, each problem with its
 * own message. Lengths are in characters, after trimming (a password is not trimmed by the
 * platform: the site trims it, at sign-up and sign-in alike).
 */

/** An account name: 4 to 32 letters, digits and `_ . @ -`. */
export const ACCOUNT = { minLength: 4, maxLength: 32, pattern: /^[A-Za-z0-9_.@-]+$/ } as const;

/** A password (login or transaction): 4 to 128 characters, none a control character (text.ts). */
export const PASSWORD = { minLength: 4, maxLength: 128 } as const;

export const REAL_NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 120;

// A mobile number depends on its area code: server/rules/mobile.ts.

/** A code sent by SMS: six digits. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

/** A referral code, optional at sign-up: up to 32 letters and digits. */
export const REFERRAL_CODE = { maxLength: 32, pattern: /^[A-Za-z0-9]*$/ } as const;

/** A bank account for withdrawals: its texts' longest lengths, its number (digits and dashes) and its currency. */
export const BANK_TEXT_MAX_LENGTH = { bank: 80, branch: 80, accountName: 80, address: 200 } as const;
export const BANK_ACCOUNT_NUMBER = /^[0-9-]{6,34}$/;

/** An ISO 4217 currency code: USD, TWD, JPY. */
export const CURRENCY_CODE = /^[A-Z]{3}$/;
