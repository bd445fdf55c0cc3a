import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounsellorSelfDto } from '@candeia/shared/schemas/consultation';
import { Button } from '../../../components/ui/button.tsx';
import { api, ApiError } from '../../../lib/api.ts';
import { uploadMedia } from '../../../lib/upload-media.ts';
import type { MyCounsellorDto } from '../api/get-my-counsellor.ts';
import { consultationKeys } from '../api/keys.ts';
import { CounsellorAvatar } from './counsellor-avatar.tsx';

/** PUT /api/consultations/me/photo: one of the counsellor's uploads becomes the photo (null: none). */
function savePhoto(mediaId: string | null): Promise<CounsellorSelfDto> {
  return api<CounsellorSelfDto>('/consultations/me/photo', { method: 'PUT', body: { mediaId } });
}

/**
 * The counsellor's photo: chosen from the device, uploaded (the server re-encodes it without its
 * metadata), then made the profile's; or removed, back to initials.
 */
export function PhotoField({ profile }: { profile: CounsellorSelfDto }) {
  const { t } = useTranslation('consultation');
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (file: File | null) => {
      setError(null);
      if (!file) return savePhoto(null);
      setProgress(0);
      const media = await uploadMedia(file, { onProgress: setProgress });
      return savePhoto(media.id);
    },
    onSuccess: (saved) => {
      qc.setQueryData<MyCounsellorDto>(consultationKeys.me, (me) => (me ? { ...me, profile: saved } : me));
      return qc.invalidateQueries({ queryKey: consultationKeys.counsellors });
    },
    onError: (err) => setError(err instanceof ApiError && err.message ? err.message : t('photo.failed')),
    onSettled: () => setProgress(null),
  });
  return (
    <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4">
      <CounsellorAvatar name={profile.displayName} photoUrl={profile.photoUrl} size="lg" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">{t('photo.title')}</p>
        <p className="text-sm text-stone-600">{t('photo.hint')}</p>
        {progress !== null && (
          <p role="status" className="mt-1 text-sm text-stone-700">
            {t('photo.uploading', { percent: Math.round(progress * 100) })}
          </p>
        )}
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          id="counsellor-photo"
          // Reached through the button beside it (one control for keyboards and screen readers).
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) save.mutate(file);
          }}
        />
        <Button variant="outline" size="sm" disabled={save.isPending} onClick={() => input.current?.click()}>
          {profile.photoUrl ? t('photo.change') : t('photo.choose')}
        </Button>
        {profile.photoUrl && (
          <Button variant="ghost" size="sm" disabled={save.isPending} onClick={() => save.mutate(null)}>
            {t('photo.remove')}
          </Button>
        )}
      </div>
    </div>
  );
}
