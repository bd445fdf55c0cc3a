/** Query keys of the chat; everything under 'chat' is the user's own and is cleared at sign-out. */
export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
};

/** Path segment, escaped. */
export const seg = (s: string) => encodeURIComponent(s);
