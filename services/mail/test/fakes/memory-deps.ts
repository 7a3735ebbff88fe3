import { vi } from 'vitest';
import { createLogger } from '@app/kit';
import type { MailDeps } from '../../src/domain/deps.js';
import type { Mailer } from '../../src/domain/mailer.js';
import type { RenderedMail } from '../../src/domain/templates.js';
import { memoryMailStore } from './memory-store.js';

/** A mailer that keeps what it was asked to send; `failing` makes the next sends reject (SMTP down). */
export function recordingMailer() {
  const sent: Array<{ to: string; mail: RenderedMail }> = [];
  const mailer = {
    sent,
    failing: null as Error | null,
    async send(to: string, mail: RenderedMail) {
      if (mailer.failing) throw mailer.failing;
      sent.push({ to, mail });
    },
    close() {},
  };
  return mailer satisfies Mailer;
}

/** mail's dependencies over the in-memory repositories, a recording mailer and a bus that records publishes. */
export function memoryMailDeps() {
  const memory = memoryMailStore();
  const mailer = recordingMailer();
  const publish = vi.fn(async (..._args: unknown[]) => {});
  const request = vi.fn(async (..._args: unknown[]): Promise<unknown> => {
    throw new Error('no request expected');
  });
  const deps: MailDeps = {
    store: memory.store,
    bus: { publish, request } as unknown as MailDeps['bus'],
    mailer,
    publicUrl: 'https://exercicios.example.com.br',
    adminEmail: 'admin@exemplo.com',
    logger: createLogger('mail', 'silent'),
  };
  return { deps, state: memory.state, mailer, publish, request };
}
