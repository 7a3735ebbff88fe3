import type { Msg } from '@nats-io/nats-core';
import type { MessageDef } from '@app/contracts';
import type { z } from 'zod';
import { decodeJson, type NatsLink } from './connection.js';

/**
 * Bus.listen: hears every message of an event subject in this process, through a plain subscription (no queue group,
 * no durable consumer): see the method's comment.
 */
export function listen<P extends z.ZodType>(
  link: NatsLink,
  def: MessageDef<P>,
  handler: (payload: z.infer<P>) => void | Promise<void>,
): void {
  const sub = link.nc.subscribe(link.subject(def.subject));
  link.subs.push(sub);
  const log = link.settings.logger;
  const handle = async (msg: Msg) => {
    const reqId = link.contextOf(msg.headers).requestId;
    let payload: unknown;
    try {
      payload = decodeJson(msg.data);
    } catch {
      payload = undefined;
    }
    const parsed = def.payload.safeParse(payload);
    if (!parsed.success) {
      log.warn({ subject: def.subject, reqId }, 'invalid event dropped');
      return;
    }
    try {
      await handler(parsed.data);
    } catch (err) {
      log.error({ err, subject: def.subject, reqId }, 'event listener failed');
    }
  };
  void (async () => {
    for await (const msg of sub) link.track(handle(msg));
  })();
}
