import { describe, expect, it } from 'vitest';
import { fitMedia } from './composer.tsx';

const file = (name: string, type: string) => new File(['x'], name, { type });
const photo = (n: number) => file(`p${n}.jpg`, 'image/jpeg');
const video = (n: number) => file(`v${n}.mp4`, 'video/mp4');

/** The names of the files taken, and whether some were left out. */
function fit(attached: { kind: 'photo' | 'video' }[], files: File[]) {
  const { taken, leftOut } = fitMedia(attached, files);
  return { taken: taken.map((f) => f.name), leftOut };
}

describe('what of the chosen files fits a post', () => {
  it('takes up to four photos, counting those already there', () => {
    expect(fit([], [photo(1), photo(2)])).toEqual({ taken: ['p1.jpg', 'p2.jpg'], leftOut: false });
    expect(fit([], [1, 2, 3, 4, 5].map(photo))).toEqual({
      taken: ['p1.jpg', 'p2.jpg', 'p3.jpg', 'p4.jpg'],
      leftOut: true,
    });
    expect(fit([{ kind: 'photo' }, { kind: 'photo' }, { kind: 'photo' }], [photo(4), photo(5)])).toEqual({
      taken: ['p4.jpg'],
      leftOut: true,
    });
  });

  it('takes a video alone into an empty post, when it is the first file chosen', () => {
    expect(fit([], [video(1)])).toEqual({ taken: ['v1.mp4'], leftOut: false });
    expect(fit([], [video(1), photo(2), video(3)])).toEqual({ taken: ['v1.mp4'], leftOut: true });
  });

  it('takes the photos when a photo comes first or photos are there already; nothing after a video', () => {
    expect(fit([], [photo(1), video(2)])).toEqual({ taken: ['p1.jpg'], leftOut: true });
    expect(fit([{ kind: 'photo' }], [video(2)])).toEqual({ taken: [], leftOut: true });
    expect(fit([{ kind: 'video' }], [photo(1)])).toEqual({ taken: [], leftOut: true });
  });
});
