import { randomUUID } from 'node:crypto';

/**
 * Each child's id after a save: the draft's when it is one of the turma's current children (`current`) and not given
 * twice, else a new one.
 */
export function keptIds(current: ReadonlySet<string>, given: readonly (string | undefined)[]): string[] {
  const used = new Set<string>();
  return given.map((id) => {
    const kept = id !== undefined && current.has(id) && !used.has(id) ? id : randomUUID();
    used.add(kept);
    return kept;
  });
}
