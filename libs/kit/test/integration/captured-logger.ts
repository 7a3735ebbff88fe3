import { Writable } from 'node:stream';
import { createLogger } from '../../src/index.js';

/** A debug-level JSON logger whose lines are kept, parsed, for a test to read. */
export function capturedLogger(name: string) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { logger: createLogger(name, 'debug', sink), lines };
}
