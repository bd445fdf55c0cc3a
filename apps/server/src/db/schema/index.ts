export * from './auth.ts';
export * from './billing.ts';
export * from './mail.ts';
export * from './scripture.ts';
export * from './chat.ts';
export * from './limits.ts';
export * from './community.ts';
export * from './media.ts';
