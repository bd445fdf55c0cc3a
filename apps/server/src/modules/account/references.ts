/**
 * Every column that points at a member (decision 026), and what export and deletion do with it.
 * The foreign keys to `users` are all here; a test compares this list with the database's own
 * (information_schema), so a new table that references a member cannot be forgotten. Columns that
 * hold a member's id without a foreign key (the append-only ledger, the security log, the room's
 * events) are listed too.
 *
 * export: 'owner' rows are the member's and go into data.json (minus `redact` columns: secrets,
 * and what another person wrote about them); 'skip' rows are another member's choice or a secret.
 * erase: what the deletion job does (repository.ts `eraseUserRows` carries it out):
 *   'delete'   the rows are removed;
 *   'keep'     kept for accounting, with no personal data in them (ids, amounts, states);
 *   'scrub'    kept, personal columns cleared;
 *   'refuse'   an account with such rows is not deleted by its member (a counsellor's).
 */
export interface UserReference {
  table: string;
  column: string;
  foreignKey: boolean;
  export: 'owner' | 'skip';
  redact?: readonly string[];
  erase: 'delete' | 'keep' | 'scrub' | 'refuse';
}

const fk = (
  table: string,
  column: string,
  exp: UserReference['export'],
  erase: UserReference['erase'],
  redact?: readonly string[],
): UserReference => ({ table, column, foreignKey: true, export: exp, erase, ...(redact ? { redact } : {}) });
const plain = (
  table: string,
  column: string,
  exp: UserReference['export'],
  erase: UserReference['erase'],
  redact?: readonly string[],
): UserReference => ({ table, column, foreignKey: false, export: exp, erase, ...(redact ? { redact } : {}) });

export const USER_REFERENCES: readonly UserReference[] = [
  fk('account_exports', 'user_id', 'skip', 'delete'),
  fk('alert_dismissals', 'user_id', 'owner', 'delete'),
  fk('avatar_allowances', 'user_id', 'owner', 'delete'),
  fk('avatar_favorites', 'user_id', 'owner', 'delete'),
  fk('avatar_messages', 'user_id', 'owner', 'delete'),
  fk('avatar_sessions', 'user_id', 'owner', 'delete'),
  fk('chat_conversations', 'user_id', 'owner', 'delete'),
  fk('chat_messages', 'user_id', 'owner', 'delete'),
  fk('checkout_sessions', 'user_id', 'owner', 'keep', ['payer_token_hash']),
  fk('contact_messages', 'user_id', 'owner', 'delete'),
  fk('contact_replies', 'admin_id', 'skip', 'scrub'),
  fk('community_blocks', 'blocker_id', 'owner', 'delete'),
  fk('community_blocks', 'blocked_id', 'skip', 'delete'),
  fk('community_comments', 'author_id', 'owner', 'delete'),
  fk('community_follows', 'follower_id', 'owner', 'delete'),
  fk('community_follows', 'followee_id', 'skip', 'delete'),
  fk('community_members', 'user_id', 'owner', 'delete'),
  fk('community_moderation_log', 'target_user_id', 'owner', 'scrub', ['admin_id']),
  fk('community_moderation_log', 'admin_id', 'skip', 'scrub'),
  fk('community_mutes', 'user_id', 'owner', 'delete'),
  fk('community_mutes', 'muted_id', 'skip', 'delete'),
  fk('community_posts', 'author_id', 'owner', 'delete'),
  fk('community_prayers', 'user_id', 'owner', 'delete'),
  fk('community_reactions', 'user_id', 'owner', 'delete'),
  fk('community_reports', 'reporter_id', 'owner', 'delete'),
  fk('consultations', 'member_id', 'owner', 'scrub', ['private_notes']),
  fk('consultations', 'counsellor_id', 'skip', 'refuse'),
  fk('counsellors', 'user_id', 'owner', 'refuse'),
  fk('credit_accounts', 'user_id', 'owner', 'keep'),
  fk('credit_reservations', 'user_id', 'owner', 'keep'),
  fk('donations', 'user_id', 'owner', 'scrub'),
  fk('email_verification_tokens', 'user_id', 'skip', 'delete'),
  fk('local_provider_subscriptions', 'user_id', 'owner', 'keep'),
  fk('media', 'owner_id', 'owner', 'delete'),
  fk('media', 'profile_of', 'skip', 'delete'),
  // Messages (decision 029): the member's own messages go with the account; the conversation
  // stays for the other side (ids, times and read marks only), read-only, with the other's
  // messages. The export holds the member's conversations without the other's id, and the
  // messages the member wrote (not those written to them: another member's words).
  fk('message_conversations', 'user_a', 'owner', 'keep', ['user_a', 'user_b']),
  fk('message_conversations', 'user_b', 'owner', 'keep', ['user_a', 'user_b']),
  fk('message_reports', 'reporter_id', 'owner', 'delete', ['resolved_by']),
  fk('message_reports', 'resolved_by', 'skip', 'scrub'),
  fk('messages', 'sender_id', 'owner', 'delete'),
  fk('notifications', 'user_id', 'owner', 'delete', ['actor_id', 'key']),
  fk('notifications', 'actor_id', 'skip', 'delete'),
  fk('notification_deliveries', 'user_id', 'skip', 'delete'),
  fk('notification_deliveries', 'actor_id', 'skip', 'delete'),
  fk('notification_preferences', 'user_id', 'owner', 'delete'),
  fk('password_reset_tokens', 'user_id', 'skip', 'delete'),
  fk('profiles', 'id', 'owner', 'delete'),
  fk('provider_subscriptions', 'user_id', 'owner', 'keep'),
  fk('push_subscriptions', 'user_id', 'owner', 'delete', ['endpoint', 'p256dh', 'auth']),
  fk('reading_positions', 'user_id', 'owner', 'delete'),
  fk('referral_rewards', 'beneficiary_user_id', 'owner', 'keep'),
  fk('referral_rewards', 'referred_user_id', 'skip', 'keep'),
  fk('scripture_favourites', 'user_id', 'owner', 'delete'),
  fk('scripture_notes', 'user_id', 'owner', 'delete'),
  fk('sessions', 'user_id', 'owner', 'delete', ['token_hash']),
  fk('site_alerts', 'created_by', 'skip', 'scrub'),
  // A social sign-in in progress holds its PKCE verifier and nonce: secrets, not the member's data.
  fk('social_sign_ins', 'user_id', 'skip', 'delete'),
  fk('user_identities', 'user_id', 'owner', 'delete'),
  fk('user_subscriptions', 'user_id', 'owner', 'keep'),
  plain('credit_ledger', 'user_id', 'owner', 'keep'),
  plain('security_events', 'user_id', 'owner', 'scrub'),
  plain('consultation_room_events', 'from_user', 'owner', 'delete'),
  plain('users', 'referred_by', 'skip', 'keep'),
];

/** Columns of the member's own `users` row left out of the export. */
export const USER_ROW_REDACT = ['password_hash'] as const;
