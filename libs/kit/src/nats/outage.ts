import { errors as natsErrors } from '@nats-io/nats-core';
import { JetStreamApiError } from '@nats-io/jetstream';
import { BrokerError } from '../errors.js';
import { RpcError } from './request-reply.js';

/**
 * Whether an error from the NATS client says the broker is out of reach (closed or reconnecting connection, a request
 * or direct get that timed out, JetStream answering 503) rather than that a message is wrong: a request that meets it
 * is answered 503, like a failed RpcError or BrokerError. The FileStore's gets and any JetStream call can throw these.
 */
export function isBrokerOutage(err: unknown): boolean {
  return (
    err instanceof BrokerError ||
    err instanceof RpcError ||
    err instanceof natsErrors.TimeoutError ||
    err instanceof natsErrors.ClosedConnectionError ||
    err instanceof natsErrors.ConnectionError ||
    err instanceof natsErrors.DrainingConnectionError ||
    err instanceof natsErrors.NoRespondersError ||
    err instanceof natsErrors.RequestError ||
    (err instanceof JetStreamApiError && err.status === 503)
  );
}
