import { z } from 'zod';
import { currentPasswordSchema } from './common.ts';

/**
 * Settings and privacy (PRODUCT.md "Privacy"; decision 026): the member's sessions on other
 * devices, the export of their data, and the deletion of their account.
 *
 * Every instant on the wire is an ISO-8601 UTC string.
 */

/** Days a prepared export can be downloaded before it is removed. */
export const EXPORT_TTL_DAYS = 7;
/** Export requests per member in an hour (each one builds a zip). */
export const EXPORT_REQUEST_LIMIT = { max: 5, windowMs: 3_600_000 } as const;
/** Export requests per address in an hour (several members may share one). */
export const EXPORT_IP_LIMIT = { max: 30, windowMs: 3_600_000 } as const;
/** Deletion requests per address in 15 minutes (each one checks a password). */
export const DELETE_REQUEST_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;

export const accountSessionParamsSchema = z.strictObject({ sessionId: z.uuid() });
export const accountExportParamsSchema = z.strictObject({ exportId: z.uuid() });

/** Deleting the account: confirmed by the current password. */
export const deleteAccountSchema = z.strictObject({ password: currentPasswordSchema });
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const BROWSERS = ['edge', 'opera', 'samsung', 'firefox', 'chrome', 'safari'] as const;
export const SYSTEMS = ['android', 'ios', 'windows', 'macos', 'chromeos', 'linux'] as const;

/** A signed-in session of the member, as the settings list shows it. */
export interface DeviceSessionDto {
  id: string;
  /** Read from the browser's user agent; null when it names none we know. */
  browser: (typeof BROWSERS)[number] | null;
  os: (typeof SYSTEMS)[number] | null;
  /** A phone or a tablet. */
  mobile: boolean;
  createdAt: string;
  lastActiveAt: string;
  /** The session of this request. */
  current: boolean;
}

export interface DeviceSessionsDto {
  sessions: DeviceSessionDto[];
}

/** Sessions ended by a "sign out" of the settings. */
export interface SessionsRevokedDto {
  revoked: number;
}

export type ExportStatus = 'preparing' | 'ready' | 'failed' | 'expired';

export interface AccountExportDto {
  id: string;
  status: ExportStatus;
  createdAt: string;
  readyAt: string | null;
  /** When a ready export stops being downloadable. */
  expiresAt: string | null;
  /** The zip's size in bytes, once ready. */
  sizeBytes: number | null;
}

/** The member's latest export, if any. */
export interface AccountExportStateDto {
  export: AccountExportDto | null;
}

/** The answer to a deletion request: the account is closed and its data is being removed. */
export interface AccountDeletionDto {
  deleted: true;
}
