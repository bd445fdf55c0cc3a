import { useQuery } from '@tanstack/react-query';
import type { PostDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

/** GET /api/community/posts/:id: one post (a shared link opens it signed out too). */
export function getPost(id: string): Promise<PostDto> {
  return api<PostDto>(`/community/posts/${seg(id)}`);
}

export function usePost(id: string) {
  return useQuery({ queryKey: communityKeys.post(id), queryFn: () => getPost(id), retry: false });
}
