import type { AuditEntry } from '@app/contracts';
import type { AuditRecord } from '../../src/domain/audit-record.js';
import type { AdminStatsRepositories, AdminStatsStore } from '../../src/domain/ports.js';

/**
 * admin-stats' storage in memory (src/domain/ports.ts), keeping what the Postgres one promises (the specification
 * test/spec/admin-stats-store.spec-suite.ts runs against both): a line per (type, event id); a top-up's or a
 * purchase's line shows the email of the same user's sign-up line; a deleted account's addresses leave every line.
 * Transactions run one at a time, and one that rejects leaves nothing behind.
 */
export function memoryAdminStatsStore() {
  /** `${type} ${eventId}` → the line. */
  let lines = new Map<string, AuditRecord>();
  let queue: Promise<unknown> = Promise.resolve();

  const registeredEmail = (userId: string) =>
    [...lines.values()].find((l) => l.type === 'user.registered' && l.userId === userId)?.email ?? null;

  const repositories: AdminStatsRepositories = {
    audit: {
      async record(entry) {
        const key = `${entry.type} ${entry.eventId}`;
        if (lines.has(key)) return false;
        lines.set(key, { ...entry });
        return true;
      },
      async anonymiseUser(userId, replacement) {
        const addresses = new Set(
          [...lines.values()].filter((l) => l.userId === userId && l.email !== null).map((l) => l.email!),
        );
        let changed = 0;
        for (const line of lines.values()) {
          if (line.email === null || !addresses.has(line.email)) continue;
          line.summary = line.summary.replaceAll(line.email, replacement);
          line.email = null;
          changed++;
        }
        return changed;
      },
      async latest({ type, limit }) {
        return [...lines.values()]
          .filter((l) => type === undefined || l.type === type)
          .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.eventId < b.eventId ? 1 : -1))
          .slice(0, limit)
          .map((l): AuditEntry => ({
            id: l.eventId,
            type: l.type,
            at: l.at.toISOString(),
            summary: l.summary,
            userId: l.userId,
            email: l.email ?? (l.userId === null ? null : registeredEmail(l.userId)),
          }));
      },
    },
  };

  function transaction<T>(work: (tx: AdminStatsRepositories) => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const before = new Map([...lines].map(([k, l]) => [k, { ...l }]));
      try {
        return await work(repositories);
      } catch (err) {
        lines = before;
        throw err;
      }
    });
    queue = run.catch(() => undefined);
    return run;
  }

  const store: AdminStatsStore = { ...repositories, transaction };
  return store;
}
