import type { Store } from '@app/kit';
/**
 * What mail's use cases need from storage, as interfaces (the port): the SQL lives in src/persistence/store.ts, the
 * in-memory fake in test/fakes/memory-store.ts, and one specification (test/spec/mail-store.spec-suite.ts) runs
 * against both.
 */

export interface EmailSettings {
  sendEmailAtRegistration: boolean;
}

/** One row per mail job ever sent: its mailId is the dedup key, so a redelivered job is not sent again. */
export interface SentMailsRepository {
  /**
   * Records the mail id (once: a known id is left as it is) and holds its row until the transaction ends, so that a
   * twin delivery of the same job waits for this one. Answers whether the mail was sent already.
   */
  claim(mailId: string, template: string): Promise<{ alreadySent: boolean }>;
  /** Marks the mail sent (committed with the transaction that claimed it). */
  markSent(mailId: string): Promise<void>;
}

/** The admin's email settings (a single row; off until the admin turns them on). */
export interface EmailSettingsRepository {
  read(): Promise<EmailSettings>;
  /** Stores the settings and answers them as stored. */
  save(settings: EmailSettings): Promise<EmailSettings>;
}

export interface MailRepositories {
  sentMails: SentMailsRepository;
  emailSettings: EmailSettingsRepository;
}

/** The repositories, each statement on its own, and `transaction` (kit `Store`). */
export type MailStore = Store<MailRepositories>;
