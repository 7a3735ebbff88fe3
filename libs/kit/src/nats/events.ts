import type { MessageDef } from '@app/contracts';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { z } from 'zod';
import type { NatsLink } from './connection.js';
import { publish } from './streams.js';

/**
 * Events: the one way every service publishes one (Bus.publishEvent). Its `eventId`, which is also its JetStream
 * `msgID`, names the fact: `<subject>:<businessId>`.
 */

/**
 * An event's payload schema: a `z.object` with `eventId` and `at`, or one that also takes the old names of renamed
 * fields (a `z.preprocess` in front of the object: see @app/contracts' `withRenamedFields`).
 */
export type EventSchema = z.ZodType<object, object>;

/** An event's id (and JetStream msgID): its subject and the id of the fact it tells (Bus.publishEvent). */
export const eventIdOf = (def: { subject: string }, businessId: string): string =>
  `${def.subject}:${businessId}`;

/** What Bus.publishEvent sends: the payload with its eventId and time, and the JetStream msgID (the same id). */
export function eventMessage<P extends EventSchema>(
  def: MessageDef<P>,
  payload: Omit<z.input<P>, 'eventId' | 'at'>,
  businessId: string,
  at: Date = new Date(),
): { payload: z.input<P>; msgID: string } {
  const eventId = eventIdOf(def, businessId);
  return { payload: { ...payload, eventId, at: at.toISOString() } as z.input<P>, msgID: eventId };
}

/** Bus.publishEvent: publishes the event under its id (see the method's comment); answers the id. */
export async function publishEvent<P extends EventSchema>(
  link: NatsLink,
  js: JetStreamClient,
  def: MessageDef<P>,
  payload: Omit<z.input<P>, 'eventId' | 'at'>,
  businessId: string,
  at: Date,
): Promise<string> {
  const message = eventMessage(def, payload, businessId, at);
  await publish(link, js, def, message.payload, { msgID: message.msgID });
  return message.msgID;
}
