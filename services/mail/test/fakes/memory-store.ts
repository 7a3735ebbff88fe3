import type { EmailSettings, MailRepositories, MailStore } from '../../src/domain/ports.js';

/**
 * In-memory implementations of mail's repositories (src/domain/ports.ts), keeping to what the Postgres ones promise
 * (the specification test/spec/mail-store.spec-suite.ts runs against both):
 * transactions take turns on a claimed mail (here: all of them run one at a time), and one that rejects leaves
 * nothing behind.
 */
export function memoryMailStore() {
  const state = {
    /** mailId → the row of sent_mails. */
    sentMails: new Map<string, { template: string; sentAt: Date | null }>(),
    emailSettings: { sendEmailAtRegistration: false } as EmailSettings,
  };
  let queue: Promise<unknown> = Promise.resolve();

  const repositories: MailRepositories = {
    sentMails: {
      async claim(mailId, template) {
        if (!state.sentMails.has(mailId)) state.sentMails.set(mailId, { template, sentAt: null });
        return { alreadySent: state.sentMails.get(mailId)!.sentAt !== null };
      },
      async markSent(mailId) {
        const row = state.sentMails.get(mailId);
        if (row) row.sentAt = new Date();
      },
    },
    emailSettings: {
      read: async () => ({ ...state.emailSettings }),
      async save(settings) {
        state.emailSettings = { sendEmailAtRegistration: settings.sendEmailAtRegistration };
        return { ...state.emailSettings };
      },
    },
  };

  /** One at a time; a rejected one puts back everything as it was when it began. */
  function transaction<T>(work: (tx: MailRepositories) => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const sentMails = new Map([...state.sentMails].map(([id, row]) => [id, { ...row }]));
      const emailSettings = { ...state.emailSettings };
      try {
        return await work(repositories);
      } catch (err) {
        state.sentMails = sentMails;
        state.emailSettings = emailSettings;
        throw err;
      }
    });
    queue = run.catch(() => undefined);
    return run;
  }

  const store: MailStore = { ...repositories, transaction };
  return { store, state };
}
