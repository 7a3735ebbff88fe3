// The NATS part of @app/kit: what other packages import (the parts' helpers stay inside the kit).
export { Bus } from './bus.js';
export { natsServers, type BusOptions, type ConnectionChange } from './connection.js';
export { RetryLater, type ConsumeContext, type ConsumeOptions } from './consume.js';
export { eventIdOf, eventMessage } from './events.js';
export { isBrokerOutage } from './outage.js';
export { RpcError } from './request-reply.js';
