/** Photos and videos members upload (decision 019): checked, re-encoded, stored, served. */
export { mediaJobs } from './jobs.ts';
export { mediaRoutes } from './routes.ts';
export { shareApiRoutes, shareRoutes } from './share-routes.ts';
export { sweepShares } from './share.ts';
export {
  attachAsProfilePhoto,
  attachToPost,
  dropProfilePhoto,
  findProfilePhoto,
  deleteFiles,
  findPosted,
  mediaOfPosts,
  send as sendMedia,
  sweepStrays,
  toMediaDto,
  type MediaRow,
} from './service.ts';
export { mediaKeys, type MediaVariant } from './keys.ts';
