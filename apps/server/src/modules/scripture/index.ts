/** The scripture module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { scriptureCache, type TextsSnapshot } from './cache.ts';
export { storedChecksum } from './content/importer.ts';
export { installPack, listPacks } from './content/installer.ts';
export { importAll, importInBackground, importPath, listInstalledTexts } from './content/service.ts';
export { contentSettings, discoverSources } from './content/sources.ts';
export { ContentError } from './content/types.ts';
export { findReferences, formatReference } from './references.ts';
export { type PassageKey, passagesText, type PassageText, type TextRow } from './repository.ts';
export { scriptureRoutes } from './routes.ts';
/** The administration's sacred texts and the job that installs them (decision 028). */
export { contentAdminRoutes } from './admin-routes.ts';
export { scriptureJobs } from './jobs.ts';
export { preferredBible } from './service.ts';
export { b, isTextRef, type Ref, sacred, THEME_REFS } from './themes.ts';
