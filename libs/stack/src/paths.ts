import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, wherever the launcher is imported from. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const fromRoot = (...parts: string[]) => path.join(repoRoot, ...parts);
