import { Events, Msg, type MessageDef } from '@app/contracts';
import type { Bus, Logger } from '@app/kit';
import type { z } from 'zod';
import { toAuditRecord, type AuditRecord } from '../domain/audit-record.js';
import type { AdminStatsDeps } from '../domain/deps.js';
import type { AuditRepository } from '../domain/ports.js';

type Projection = (bus: Bus, log: AuditRepository, logger: Logger) => Promise<void>;

function projection<P extends z.ZodType>(
  def: MessageDef<P>,
  toRecord: (event: z.infer<P>) => AuditRecord,
): Projection {
  return (bus, log, logger) =>
    bus.consume(
      def,
      // maxDeliver with the kit's back-off (up to 30 s) rides out a database outage of about half an hour.
      {
        durable: `admin-stats-audit-${def.subject.replaceAll('.', '-')}`,
        ackWaitMs: 30_000,
        maxDeliver: 60,
        concurrency: 4,
      },
      async (event) => {
        const entry = toRecord(event);
        const added = await log.record(entry);
        logger.debug({ type: entry.type, eventId: entry.eventId, added }, 'audit event projected');
      },
    );
}

const projections = [
  projection(Events.userRegistered, toAuditRecord.userRegistered),
  projection(Events.userActivated, toAuditRecord.userActivated),
  projection(Events.loginFailed, toAuditRecord.loginFailed),
  projection(Events.topupCredited, toAuditRecord.topupCredited),
  projection(Events.topupReversed, toAuditRecord.topupReversed),
  projection(Events.topupRefunded, toAuditRecord.topupRefunded),
  projection(Events.pageBought, toAuditRecord.pageBought),
];

/**
 * One durable pull consumer per audited subject of the EVENTS stream (NATS 2.9 filters a consumer on one
 * subject). A new durable starts from the first event kept, so an empty projection fills from history; after a
 * restart each durable resumes after its last ack. The projection's unique key absorbs redeliveries.
 */
export async function serveNats(bus: Bus, { store, logger }: AdminStatsDeps): Promise<void> {
  await Promise.all([
    ...projections.map((start) => start(bus, store.audit, logger)),
    forgetDeletedUsers(bus, store.audit, logger),
  ]);
}

/** A member deleted their account: their addresses leave the log (`AuditRepository.anonymiseUser`). */
function forgetDeletedUsers(bus: Bus, log: AuditRepository, logger: Logger): Promise<void> {
  return bus.consume(
    Events.userDeleted,
    { durable: 'admin-stats-user-deleted', ackWaitMs: 30_000, maxDeliver: 60 },
    async (event) => {
      const changed = await log.anonymiseUser(event.userId, Msg.deletedAccountName);
      logger.info({ userId: event.userId, changed }, 'deleted account anonymised in the audit log');
    },
  );
}
