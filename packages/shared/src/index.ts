export * from './messages.js';
export * from './password.js';
export * from './input-rules.js';
export * from './limits.js';
export * from './catalogue.js';
export * from './file-names.js';
