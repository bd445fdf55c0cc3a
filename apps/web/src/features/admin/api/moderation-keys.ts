/** Query keys of the Moderação tab; an action refreshes the queue, the suspensions and the log. */
export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  queue: ['admin', 'moderation', 'queue'] as const,
  suspensions: ['admin', 'moderation', 'suspensions'] as const,
  log: ['admin', 'moderation', 'log'] as const,
  settings: ['admin', 'moderation', 'settings'] as const,
  messageReports: ['admin', 'moderation', 'message-reports'] as const,
};
