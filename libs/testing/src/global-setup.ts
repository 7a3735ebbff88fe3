import type { TestProject } from 'vitest/node';
import { startTestStack } from './test-stack.js';

/** Integration tier: one whole stack (throwaway database, own NATS prefix) shared by the tier's test files. */
export default async function setup(project: TestProject) {
  const stack = await startTestStack('it');
  project.provide('stack', stack.info);
  return async () => {
    await stack.stop();
  };
}
