import './zod-locale.js';
export * from './envelope.js';
export * from './messages.js';
export * from './messaging.js';
export * from './custom-options.js';
export * from './site-paths.js';
export * from './processes.js';
export * from './bus-permissions.js';
export * from './api/index.js';
