export * from './auth.ts';
export * from './billing.ts';
export * from './mail.ts';
