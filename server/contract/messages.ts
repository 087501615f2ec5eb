/**
 * The closed list of message codes a platform may put in an envelope's `message`.
 * Stable snake_case ids; the site maps each to translated text (locales/<lng>/messages.json).
 * The order: server/contract/README.md, "Message codes".
 */
export const MESSAGE_CODES = [
  "ok",
  // the product's server messages
  "invalid_parameters",
  "account_not_found",
  "wrong_password",
  "contact_customer_service",
  "invalid_site",
  "account_exists",
  "mobile_registered",
  "transaction_password_required",
  "invalid_area_code",
  "invalid_contact_option",
  "bank_name_error",
  "game_service_not_found",
  "game_not_found",
  "insufficient_balance",
  "insufficient_game_wallet_balance",
  "no_user_data_update",
  "update_mobile_first",
  "update_area_code_first",
  "sms_send_limit_reached",
  "sms_too_frequent",
  "sms_service_error",
  "wrong_verification_code",
  "otp_error",
  "old_password_wrong",
  "new_password_same_as_old",
  "new_transaction_password_same_as_old",
  "message_not_found",
  "bind_bank_card_first",
  "wrong_transaction_password",
  "login_error",
  "registration_error",
  "bank_upload_error",
  "withdrawal_record_error",
  "game_authorization_failure",
  "transfer_failed",
  "wallet_query_error",
  "member_data_error",
  "user_update_error",
  "kline_data_error",
  "order_read_error",
  "reply_error",
  "socket_key_error",
  "transfer_record_error",
  "password_change_error",
  "withdrawal_error",
  // the product's betting errors
  "order_in_progress",
  "invalid_bet_option",
  "conflicting_bet_options",
  "invalid_trading_pair",
  "betting_forbidden",
  "period_started",
  "bet_failed",
  "invalid_period",
  "check_connection",
  "price_unavailable",
  "player_order_error",
  // the product's session texts
  "invalid_permission",
  "login_required",
  "authorization_failed_refresh",
  // decided here (idempotency, limits, platform faults)
  "idempotency_conflict",
  "too_many_requests",
  "internal_error",
  // decided here (money and uploads)
  "amount_out_of_range",
  "already_decided",
  // four eyes: the operator who gave a withdrawal its first approval cannot give the second
  "second_approver_required",
  "deposit_option_invalid",
  "file_invalid_type",
  "file_too_large",
  "file_too_many_pixels",
  "file_not_found",
  // decided here (the password rules of app/README.md, "Validation rules", answered by the
  // platform too)
  "password_equals_account",
  "transaction_password_equals_login",
  "transaction_password_equals_account",
  // decided here (security: sign-in limits; too_many_requests above is the per-address answer)
  "account_locked",
  // decided here (security: sign-in answers an unknown account and a wrong password alike; the
  // product's account_not_found and wrong_password stay in the list for platforms that send them)
  "wrong_account_or_password",
  // decided here (security: wrong passwords typed in a session lock like sign-in failures, SECRET_CHECK_LIMITS)
  "transaction_password_locked",
  "password_change_locked",
  // decided here (security: uploads per member and UTC day, UPLOAD_LIMITS)
  "upload_limit_reached",
  // decided here (brands: a theme whose colours fail WCAG AA contrast is refused; the failure's
  // data lists each pair, server/contract/README.md, "The envelope")
  "theme_contrast_too_low",
  // decided here (campaigns: locked bonus funds; the failure's data.amount is the bet turnover
  // still needed to release them, in minor units)
  "bonus_locked",
  "campaign_not_found",
  "campaign_ended",
  // decided here (settings that act: a site with smsVerify pays withdrawals only to members who
  // verified their mobile)
  "verify_mobile_first",
  // decided here (sign-up asks only what signing in needs: a withdrawal needs the real name the
  // payout is made to, asked then, the way update_mobile_first asks for the mobile)
  "update_real_name_first",
  // decided here (deposits: an option's address pool has no free address left)
  "deposit_address_unavailable",
  // decided here (contract trading, positions.ts: each refusal of an open, a TP/SL change or a close)
  "margin_out_of_range",
  "leverage_not_offered",
  "too_many_open_positions",
  "member_exposure_limit",
  "pair_exposure_limit",
  "pair_close_only",
  "price_moved",
  "take_profit_wrong_side",
  "stop_loss_wrong_side",
  "position_not_found",
  "position_in_progress",
  // decided here (contract trading, positions.ts: an operator's settings with a leverage whose
  // opening and closing fees take more of the margin than maxFeeShareBp; data.feeShare names the
  // lowest such leverage, data.problems each one)
  "leverage_fees_too_high",
  // decided here (practice account, protection.ts: money calls refuse play money)
  "practice_mode_refused",
  // decided here (player protection, protection.ts): a limit's refusal names the remaining
  // amount (data.amount), a break's its end (data.until)
  "deposit_limit_day",
  "deposit_limit_week",
  "deposit_limit_month",
  "loss_limit_day",
  "loss_limit_week",
  "loss_limit_month",
  "timeout_in_force",
  "exclusion_in_force",
  "break_already_longer",
  "break_cannot_end_early",
  // decided here (player protection, decision 033): a self-exclusion past its minimum holds until
  // the member asks to return (exclusion_until_return), then 24 hours more (exclusion_returning,
  // data.until the return); asking before the minimum: return_not_yet (data.until); a raised limit
  // confirmed before its 24 hours: limit_not_ready (data.until); a bet or open while the session's
  // reality check waits for an answer: reality_check_due
  "exclusion_until_return",
  "exclusion_returning",
  "return_not_yet",
  "limit_not_ready",
  "reality_check_due",
  // decided here (return to player, returns.ts): odds that would let an option return 100 % or
  // more are refused (the failure's data.problems says which option, pair and odds limit), and so
  // are bets on an option that a later price or parameter change brought there
  "odds_return_too_high",
  "bet_option_suspended",
  // decided here (price sources, docs/decisions/032): a synthetic pair's name that reads as a
  // real asset pair; an exchange feed whose accepted staleness is not below the pair's cut-off;
  // a source changed on a pair that is not paused
  "pair_name_reads_as_asset",
  "feed_cutoff_too_short",
  "pair_not_paused",
  // security: deposit addresses from the operator's xpub (hd-address.ts). An extended private key
  // is refused and never stored; a key that is not a mainnet account-level xpub is refused; an
  // option's xpub cannot be replaced once it has given a member an address (their funds go there)
  "deposit_xprv_refused",
  "deposit_xpub_invalid",
  "deposit_xpub_in_use",
  // security: signin (server/contract/security.ts SIGNIN_LIMITS): past a few failures a sign-in
  // needs a Turnstile answer (missing: challenge_required; refused: challenge_failed), and it
  // waits between attempts (signin_too_fast, data.seconds the wait)
  "challenge_required",
  "challenge_failed",
  "signin_too_fast",
  // security: operators (server/platform/README.md, "Operators"): a call the operator's roles do
  // not cover; an operator id that is not in the registry; revoking the last admin of every site;
  // an Access email another operator already has
  "operator_role_missing",
  "operator_not_found",
  "operator_last_admin",
  "operator_email_taken",
  // security: client limits (CLIENT_LIMITS in security.ts), each a 429
  "signup_limit_reached",
  "pending_deposits_limit",
  "too_many_streams",
  "mobile_check_limit_reached",
  // security: modes (server/rules/account-mode.ts): a bet, open, close or TP/SL whose body names another mode
  // than the one the caller plays in (a page left open while another window switched)
  "account_mode_changed",
  // decided here (restore, data-ops.ts): the storage keeps no history to go back to (local
  // workerd), and a point outside the recovery window (in the future, or past 30 days)
  "restore_unavailable",
  "restore_point_invalid",
  // decided here (a member looked up by mobile, support.ts): a number typed without its area code
  // that is the same national number in two of the site's area codes
  "mobile_ambiguous",
] as const;

export type MessageCode = (typeof MESSAGE_CODES)[number];

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === "string" && (MESSAGE_CODES as readonly string[]).includes(value);
}

/**
 * Envelope statuses. Anything but 200 is a failure; 402, 404 and 409 end the member's session on
 * the site (server/contract/README.md, "Status codes").
 */
export const STATUS = {
  ok: 200,
  /** bad input or a business rule refused the request */
  badRequest: 400,
  /** token missing, invalid, expired or revoked */
  sessionInvalid: 402,
  /** the token is not allowed to do this (another site, an operator call) */
  forbidden: 403,
  /** the member of the token no longer exists */
  memberNotFound: 404,
  /** the session was replaced (signed in again elsewhere) */
  sessionConflict: 409,
  tooManyRequests: 429,
  internal: 500,
} as const;

export const RELOGIN_STATUSES: readonly number[] = [402, 404, 409];
