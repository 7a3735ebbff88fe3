export * from './backup.js';
export * from './bus-server.js';
export * from './infra.js';
export * from './net.js';
export * from './paths.js';
export * from './processes.js';
export * from './stack.js';
export * from './node-version.js';
