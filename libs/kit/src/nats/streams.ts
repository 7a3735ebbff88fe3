import { Streams, type MessageDef, type StreamName } from '@app/contracts';
import type { z } from 'zod';
import { BrokerError } from '../errors.js';
import { publishWithRetries } from '../publish-retry.js';
import { streamSettings } from '../storage-limits.js';
import { encodeJson, messagingAttributes, type NatsLink } from './connection.js';
import type { JetStreamClient } from '@nats-io/jetstream';
import { SpanKind } from '@opentelemetry/api';

/** JetStream streams: their setup from the contracts, and publishing a job or event to them. */

/** Bus.ensureStreams: creates or updates the named streams (idempotent). */
export async function ensureStreams(link: NatsLink, names: StreamName[]): Promise<void> {
  const jsm = await link.adminManager();
  for (const name of names) {
    const def = Streams[name];
    const config = {
      name: link.streamName(name),
      subjects: def.subjects.map((s) => link.subject(s)),
      ...streamSettings(name, link.settings.storage[name]),
      num_replicas: link.settings.streamReplicas,
    };
    let exists = true;
    try {
      await jsm.streams.info(config.name);
    } catch {
      exists = false;
    }
    // The retention of an existing stream cannot change (the server refuses it): everything else follows the config.
    if (exists) {
      const { retention: _retention, ...update } = config;
      void _retention;
      await jsm.streams.update(config.name, update);
    } else await jsm.streams.add(config);
    // Labelled by the contracts' name, as the consumers' series are (a test stack's prefix is not in it).
    link.settings.metrics?.watchStream(name, async () => {
      const info = await jsm.streams.info(config.name);
      return { bytes: info.state.bytes, max_bytes: info.config.max_bytes };
    });
  }
}

/** Bus.publish: a job or event with its `msgID`, retried while the stream is between leaders. */
export async function publish<P extends z.ZodType>(
  link: NatsLink,
  js: JetStreamClient,
  def: MessageDef<P>,
  payload: z.input<P>,
  opts: { msgID: string },
): Promise<void> {
  const { settings } = link;
  const body = def.payload.parse(payload);
  const data = encodeJson(body);
  const span = link.outgoingSpan(`send ${def.subject}`, SpanKind.PRODUCER, messagingAttributes(def.subject));
  const headers = link.outgoingHeaders(undefined, span.context);
  try {
    // Retried while the stream is between leaders; the msgID makes a retry of a stored message a no-op.
    await publishWithRetries(
      (timeout) => js.publish(link.subject(def.subject), data, { msgID: opts.msgID, headers, timeout }),
      settings.publishRetry,
      (err, attempt, delayMs) => {
        settings.metrics?.publishRetried(def.stream);
        settings.logger.warn(
          { subject: def.subject, attempt, delayMs, err: (err as Error).message },
          'publish not acknowledged: trying again',
        );
      },
    );
    span.end();
  } catch (err) {
    span.end({ error: err });
    throw new BrokerError(`${def.subject}: not published (${(err as Error).message})`, { cause: err });
  }
}
