import { SUPPORTED_LOCALES, type Locale } from '../constants.ts';

/** Namespaces of the catalogues. Each is one JSON file per locale in this folder. */
export const NAMESPACES = ['common', 'validation', 'errors', 'landing', 'auth', 'profile', 'admin', 'legal', 'mail'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export { SUPPORTED_LOCALES, type Locale };
