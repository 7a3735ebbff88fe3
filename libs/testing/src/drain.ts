import { randomUUID } from 'node:crypto';
import { Jobs, type StreamName } from '@app/contracts';
import { connectBus } from './billing.js';
import { waitForEmail } from './mailbox.js';
import type { StackInfo } from './test-stack.js';
import { uniqueEmail } from './users.js';

/*
 * Draining instead of sleeping: to show that something did NOT happen, wait until the pipeline that would have
 * done it has handled everything published so far, rather than for a time that a busy machine may outlast.
 */

/** What a stack service's durable consumer (named as in its `bus.consume`) stands at on the server. */
export async function consumerInfo(stack: StackInfo, stream: StreamName, durable: string) {
  const bus = await connectBus(stack, 'test-drain');
  try {
    const consumer = await bus.js.consumers.get(bus.streamName(stream), `${stack.natsPrefix}_${durable}`);
    return await consumer.info();
  } finally {
    await bus.drain();
  }
}

/** Polls until a stack service's durable has handled (acked) every message published to it so far. */
export async function waitUntilConsumed(
  stack: StackInfo,
  stream: StreamName,
  durable: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await consumerInfo(stack, stream, durable);
    if (info.num_pending === 0 && info.num_ack_pending === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `${durable} still has ${info.num_pending} pending and ${info.num_ack_pending} unacked after ${timeoutMs} ms`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits until every mail job published so far is handled (any SMTP send it made has then completed), then sends
 * a marker mail and waits for it: the inbox stores it after whatever those jobs sent.
 */
export async function drainMail(stack: StackInfo, timeoutMs = 60_000): Promise<void> {
  await waitUntilConsumed(stack, 'JOBS_MAIL', 'mail-send', timeoutMs);
  const to = uniqueEmail('marcador');
  const mailId = `test-marker:${randomUUID()}`;
  const bus = await connectBus(stack, 'test-drain');
  try {
    await bus.publish(Jobs.sendMail, { mailId, to, template: 'test', data: {} }, { msgID: mailId });
  } finally {
    await bus.drain();
  }
  await waitForEmail(stack.mailApiUrl, to, () => true, timeoutMs);
}
