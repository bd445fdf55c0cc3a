import { z } from 'zod';

/**
 * The spiritual chat's API contract (issue: AI spiritual chat). Routes live under /api/chat and
 * need a signed-in user whose plan carries the `chat` flag. Answers stream as Server-Sent
 * Events (see ChatEvent). Validation messages are i18n keys of the `validation` namespace.
 */

export const CV = {
  messageRequired: 'validation:chat.messageRequired',
  messageTooLong: 'validation:chat.messageTooLong',
  titleRequired: 'validation:chat.titleRequired',
  titleTooLong: 'validation:chat.titleTooLong',
} as const;

/** Longest message a user may send, in characters. */
export const CHAT_MESSAGE_MAX = 4000;
/** Longest conversation title. */
export const CHAT_TITLE_MAX = 120;
/** How many characters of the first message name a new conversation. */
export const CHAT_TITLE_FROM_MESSAGE = 60;
export const CHAT_PAGE_SIZE = 30;
/** Messages a user may send per minute (each answer counts), across conversations. */
export const CHAT_RATE_LIMIT = 10;
export const CHAT_RATE_WINDOW_MS = 60_000;
/** Words × this, rounded up, is the built-in engine's token count (PRODUCT.md "Credits"). */
export const TOKENS_PER_WORD = 1.3;

/** The themes the guide recognises (SPEC.md §3's eight, then PRODUCT.md's "AI" list). */
export const CHAT_THEMES = [
  'anxiety',
  'peace',
  'strength',
  'hope',
  'love',
  'comfort',
  'wisdom',
  'perseverance',
  'grief',
  'forgiveness',
  'gratitude',
  'fear',
  'loneliness',
  'purpose',
] as const;
export type ChatTheme = (typeof CHAT_THEMES)[number];

export const chatLanguages = ['pt', 'en', 'es'] as const;
export type ChatLanguage = (typeof chatLanguages)[number];

const messageText = z
  .string({ error: CV.messageRequired })
  .trim()
  .min(1, CV.messageRequired)
  .max(CHAT_MESSAGE_MAX, CV.messageTooLong);

/** POST /api/chat/messages: a message, in a conversation or (no id) in a new one. Answers an SSE stream. */
export const sendMessageSchema = z.strictObject({
  conversationId: z.uuid().optional(),
  content: messageText,
});
export type SendMessageInput = z.output<typeof sendMessageSchema>;

/** PATCH /api/chat/conversations/:id */
export const renameConversationSchema = z.strictObject({
  title: z.string({ error: CV.titleRequired }).trim().min(1, CV.titleRequired).max(CHAT_TITLE_MAX, CV.titleTooLong),
});
export type RenameConversationInput = z.output<typeof renameConversationSchema>;

/** GET /api/chat/conversations?page= */
export const listConversationsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const chatIdParamsSchema = z.strictObject({ id: z.uuid() });

// ---------- DTOs ----------

/**
 * A passage an answer cites. `valid` is false for a reference that is not in the installed
 * texts: it is never shown as a link (the text is marked as unverified instead).
 * `label` is the exact text of the reference inside the answer.
 */
export interface CitationDto {
  label: string;
  valid: boolean;
  /** Where it links (valid ones only). */
  textId: string | null;
  /** 'bible' or another sacred book key: which area of the app the reader is in. */
  bookKey: string | null;
  book: string | null;
  chapter: number | null;
  verse: number | null;
  verseEnd: number | null;
}

export type ChatRole = 'user' | 'assistant';
/** streaming: still being written; stopped: the user stopped it; failed: the engine failed (credits refunded). */
export type ChatMessageStatus = 'streaming' | 'done' | 'stopped' | 'failed';
/** message: the user's; answer: the guide's; crisis: the helpline answer to a message with signs of risk (never charged). */
export type ChatMessageKind = 'message' | 'answer' | 'crisis';

export interface ChatMessageDto {
  id: string;
  conversationId: string;
  role: ChatRole;
  kind: ChatMessageKind;
  content: string;
  status: ChatMessageStatus;
  citations: CitationDto[];
  /** Credits this answer cost (null for the user's own messages and while streaming). */
  cost: number | null;
  createdAt: string;
}

export interface ConversationDto {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  /** Last activity (a message sent or answered). */
  lastMessageAt: string;
  messageCount: number;
}

export interface ConversationPageDto {
  items: ConversationDto[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ConversationDetailDto extends ConversationDto {
  messages: ChatMessageDto[];
}

/**
 * The events of an answer's stream (`event: <type>` / `data: <json>`):
 * - start: the user's message was saved and an answer begun (the composer may be cleared);
 * - delta: more text of the answer;
 * - citations: the passages the answer cites, checked (may come more than once: the last wins);
 * - done: the answer is finished (done, stopped or failed), with its cost and the balance left;
 * - error: the answer could not be produced (its credits were refunded); the message says why.
 */
export type ChatEvent =
  | {
      type: 'start';
      conversation: ConversationDto;
      userMessage: ChatMessageDto;
      assistantMessage: ChatMessageDto;
      /** Credits held for this answer (0 for a crisis answer). */
      reserved: number;
    }
  | { type: 'delta'; text: string }
  | { type: 'citations'; citations: CitationDto[] }
  | { type: 'done'; message: ChatMessageDto; balance: number }
  | { type: 'error'; code: string; message: string; messageId?: string };

export const CHAT_EVENT_TYPES = ['start', 'delta', 'citations', 'done', 'error'] as const;
