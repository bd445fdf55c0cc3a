/**
 * Every kind of security event the server writes (SPEC.md §3), once for both sides: the server
 * types its log calls with it, the admin's security log offers each as a filter, and each has a
 * label in the admin catalogue (`eventTypes.<type>`) of every language.
 */
export const SECURITY_EVENT_TYPES = [
  'signup',
  'login_success',
  'login_failure',
  'login_rate_limited',
  'login_locked',
  'login_blocked_payment',
  'account_locked',
  'logout',
  'session_expired',
  'password_reset_requested',
  'password_reset_completed',
  'password_changed',
  'email_verification_requested',
  'email_verified',
  'admin_access_denied',
  'admin_logs_cleared',
  'csrf_rejected',
  'admin_plan_saved',
  'admin_credits_granted',
  'webhook_rejected',
  'sessions_revoked',
  'account_export_requested',
  'account_deletion_requested',
  'account_deleted',
  'login_suspended',
  'admin_role_changed',
  'admin_lockout_cleared',
  'admin_verification_sent',
  'admin_password_reset_sent',
  'admin_account_suspended',
  'admin_account_unsuspended',
  'admin_account_deleted',
  'admin_contact_replied',
  'admin_contact_deleted',
  'admin_content_run',
  'social_sign_in_refused',
  'social_identity_linked',
  'social_identity_unlinked',
] as const;

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
