export * from './constants.ts';
export * from './credential.ts';
export * from './signup.ts';
export * from './procedures.ts';
export * from './roleProfile.ts';
