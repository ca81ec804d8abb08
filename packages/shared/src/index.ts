export * from './messages.js';
export * from './password.js';
export * from './input-rules.js';
export * from './limits.js';
export * from './onboarding.js';
export * from './shell.js';
export * from './bug-report.js';
export * from './generation.js';
