import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvatarGalleryDto, AvatarId } from '@candeia/shared/schemas/avatar';
import { api } from '../../../lib/api.ts';
import { avatarKeys } from './keys.ts';

/** PUT or DELETE /api/avatar/counsellors/:id/favorite. */
export function setFavorite({ avatarId, favorite }: { avatarId: AvatarId; favorite: boolean }): Promise<void> {
  return api<void>(`/avatar/counsellors/${avatarId}/favorite`, { method: favorite ? 'PUT' : 'DELETE' });
}

/** Marks at once (the gallery is updated before the answer), and puts it back if the server refuses. */
export function useSetFavorite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setFavorite,
    onMutate: async ({ avatarId, favorite }) => {
      await qc.cancelQueries({ queryKey: avatarKeys.gallery });
      const before = qc.getQueryData<AvatarGalleryDto>(avatarKeys.gallery);
      if (before)
        qc.setQueryData<AvatarGalleryDto>(avatarKeys.gallery, {
          ...before,
          favorites: favorite
            ? [...before.favorites.filter((id) => id !== avatarId), avatarId]
            : before.favorites.filter((id) => id !== avatarId),
          counsellors: before.counsellors.map((c) => (c.id === avatarId ? { ...c, isFavorite: favorite } : c)),
        });
      return { before };
    },
    onError: (_err, _vars, ctx) => {
      if (ctx?.before) qc.setQueryData(avatarKeys.gallery, ctx.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: avatarKeys.gallery }),
  });
}
