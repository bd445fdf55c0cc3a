import type { Readable } from 'node:stream';

/** A byte range of an object, both ends included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
}

export interface ObjectRead extends ObjectInfo {
  /** The bytes asked for: the whole object, or only `range`. */
  body: Readable;
  range?: ByteRange;
}

/**
 * Where uploaded media live (docs/decisions/019-media-storage.md). Keys are made by the server
 * (`assertKey`), never taken from a request; the two drivers behave the same, and one contract
 * test runs against both (apps/server/test/storage.test.ts).
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under `key`, replacing what was there; readers never see half a file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file from the local disk (a transcoded video) without reading it into memory. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  head(key: string): Promise<ObjectInfo | null>;
  /** The object, or the part `range` names (already checked against its size); null if missing. */
  get(key: string, range?: ByteRange): Promise<ObjectRead | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Server-made keys only: lower-case letters, digits, `-`, `_`, `.`, folders by `/`, no `..`. */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.[a-z0-9]{2,5}$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.length > 200) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
