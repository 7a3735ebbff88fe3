import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storeUnderSpec, type OpenStore } from '@app/testing';
import type { MailStore } from '../../src/domain/ports.js';

/**
 * The one specification of mail's storage (src/domain/ports.ts), run in the unit tier against the in-memory fake
 * (test/unit/mail-store.spec.test.ts) and in the integration tier against Postgres
 * (test/integration/mail-store.spec.test.ts). `open` makes a store no one else writes to; the tests share it, each
 * with mail ids of its own.
 */
export function mailStoreSpec(open: OpenStore<MailStore>): void {
  const store = storeUnderSpec(open);

  const newMailId = () => `activation:${randomUUID()}`;

  /** What a delivery does: claims the mail, and marks it sent unless it was; answers whether it was. */
  const deliver = (mailId: string, send: () => Promise<void> = async () => {}) =>
    store.transaction(async (tx) => {
      const { alreadySent } = await tx.sentMails.claim(mailId, 'activation');
      if (!alreadySent) {
        await send();
        await tx.sentMails.markSent(mailId);
      }
      return alreadySent;
    });

  describe('sent mails: a mail id is sent once', () => {
    it('answers "already sent" for a mail marked sent, and not for one only claimed', async () => {
      const mailId = newMailId();
      expect(await store.sentMails.claim(mailId, 'activation')).toEqual({ alreadySent: false });
      expect(await store.sentMails.claim(mailId, 'activation')).toEqual({ alreadySent: false });
      expect(await deliver(mailId)).toBe(false);
      expect(await deliver(mailId)).toBe(true);
      expect(await store.sentMails.claim(mailId, 'recovery')).toEqual({ alreadySent: true });
      expect(await deliver(newMailId())).toBe(false);
    });

    it('makes a twin delivery of the same mail wait for the first, then see it sent', async () => {
      const mailId = newMailId();
      let sends = 0;
      const twins = await Promise.all(
        Array.from({ length: 3 }, () =>
          deliver(mailId, async () => {
            sends++;
            await new Promise((resolve) => setImmediate(resolve));
          }),
        ),
      );
      expect(twins.sort()).toEqual([false, true, true]);
      expect(sends).toBe(1);
    });

    it('keeps nothing of a delivery whose send failed: the retry sends it', async () => {
      const mailId = newMailId();
      const down = new Error('SMTP down');
      await expect(
        deliver(mailId, async () => {
          throw down;
        }),
      ).rejects.toBe(down);
      expect(await deliver(mailId)).toBe(false);
      expect(await deliver(mailId)).toBe(true);
    });
  });

  describe('email settings', () => {
    it('are off until saved; a save answers the settings as stored', async () => {
      expect(await store.emailSettings.read()).toEqual({ sendEmailAtRegistration: false });
      expect(await store.emailSettings.save({ sendEmailAtRegistration: true })).toEqual({
        sendEmailAtRegistration: true,
      });
      expect(await store.emailSettings.read()).toEqual({ sendEmailAtRegistration: true });
      expect(await store.emailSettings.save({ sendEmailAtRegistration: false })).toEqual({
        sendEmailAtRegistration: false,
      });
      expect(await store.emailSettings.read()).toEqual({ sendEmailAtRegistration: false });
    });
  });
}
