import { describe, expect, it } from 'vitest';
import type { MediaDto } from '@candeia/shared/schemas/media';
import { fitShared, sharedBody } from './shared-start.ts';

const media = (id: string, kind: MediaDto['kind']): MediaDto => ({
  id,
  kind,
  status: kind === 'video' ? 'processing' : 'ready',
  width: null,
  height: null,
  placeholder: null,
  urls: {},
  error: null,
});

describe('a share as the composer opens with it', () => {
  it('writes the title, text and link once each', () => {
    expect(sharedBody({ title: 'Salmo 119', text: 'Lâmpada para os meus pés', url: 'https://x.example/s' })).toBe(
      'Salmo 119\n\nLâmpada para os meus pés\n\nhttps://x.example/s',
    );
    // A link already in the text is not repeated; nor is a title the text starts with.
    expect(sharedBody({ title: 'Salmo', text: 'Salmo 119: https://x.example/s', url: 'https://x.example/s' })).toBe(
      'Salmo 119: https://x.example/s',
    );
    expect(sharedBody({ title: '', text: '  ', url: '' })).toBe('');
  });

  it('attaches a video alone when it comes first, else up to four photos', () => {
    const ids = (list: MediaDto[]) => list.map((m) => m.id);
    const video = fitShared([media('v', 'video'), media('p1', 'photo')]);
    expect([ids(video.taken), ids(video.left)]).toEqual([['v'], ['p1']]);
    const photos = fitShared([media('p1', 'photo'), media('v', 'video'), media('p2', 'photo')]);
    expect([ids(photos.taken), ids(photos.left)]).toEqual([['p1', 'p2'], ['v']]);
  });
});
