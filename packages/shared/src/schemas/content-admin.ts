import { z } from 'zod';

/** What the administration does to a sacred text (decision 028). */
export const CONTENT_ACTIONS = ['install', 'reimport'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

export const contentTextParamsSchema = z.strictObject({ textId: z.string().regex(/^[a-z0-9-]{1,64}$/) });
export const contentRunSchema = z.strictObject({ action: z.enum(CONTENT_ACTIONS) });
export type ContentRunInput = z.input<typeof contentRunSchema>;

export type ContentRunStatus = 'queued' | 'running' | 'done' | 'failed';
export type ContentRunPhase = 'installing' | 'reading' | 'importing';

export interface ContentRunDto {
  id: string;
  textId: string;
  action: ContentAction;
  status: ContentRunStatus;
  phase: ContentRunPhase | null;
  done: number;
  total: number | null;
  /** How a finished run ended: the text was new, replaced, or already the same. */
  outcome: 'imported' | 'replaced' | 'unchanged' | null;
  /** A failure's code (translated under `errors:`), and the installer's own words. */
  errorCode: string | null;
  errorDetail: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/**
 * One sacred text the server knows: from the content catalogue (`npm run content -- list`), or
 * found in the database only. `files`: where its source stands on this machine.
 */
export interface ContentTextDto {
  id: string;
  title: string;
  language: string;
  licence: string;
  /** 'installed': its source is here; 'available': it can be copied or downloaded; 'missing'. */
  files: 'installed' | 'available' | 'missing' | 'unknown';
  /** Where it is, or where it can come from. */
  where: string;
  /** In the database: books and verses, when, and whether the source changed since. */
  imported: { books: number; verses: number; importedAt: string; current: boolean } | null;
  /** The buttons that make sense: install (not here yet), re-import (its source is here). */
  canInstall: boolean;
  canReimport: boolean;
  /** The latest run asked from the administration. */
  lastRun: ContentRunDto | null;
}

export interface ContentTextsDto {
  texts: ContentTextDto[];
  /** Where packs go, and the mirror they are copied from (null: none, they are downloaded). */
  contentDir: string;
  mirror: string | null;
}
