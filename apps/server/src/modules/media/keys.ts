/** Where a media item's files are stored: from its id and kind, never from the upload's name. */
export const photoKeys = (id: string) => ({ feed: `media/${id}-feed.webp`, full: `media/${id}-full.webp` });
export const videoKeys = (id: string) => ({ video: `media/${id}.mp4`, poster: `media/${id}-poster.webp` });

/** A video as it was uploaded, kept only until it is transcoded: never served. */
export const sourceKey = (id: string) => `media/${id}-source.bin`;

export type MediaVariant = 'feed' | 'full' | 'video' | 'poster';

export function mediaKeys(id: string, kind: 'photo' | 'video'): Partial<Record<MediaVariant, string>> {
  return kind === 'photo' ? photoKeys(id) : videoKeys(id);
}

export function keyOf(id: string, kind: 'photo' | 'video', variant: MediaVariant): string | null {
  return mediaKeys(id, kind)[variant] ?? null;
}
