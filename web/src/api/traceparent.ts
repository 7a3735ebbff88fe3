/**
 * A W3C `traceparent` for one request of the browser: a new trace, so that what the request sets off in the gateway,
 * the services and the workers is one trace that starts here (the gateway keeps the share of traces its sampling
 * says). The ids are random and say nothing of the user.
 */
export function newTraceparent(): string {
  const hex = (bytes: number) =>
    Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join(
      '',
    );
  let traceId = hex(16);
  let spanId = hex(8);
  // An id of zeros is invalid (one in 2^128 and 2^64): drawn again.
  while (/^0+$/.test(traceId)) traceId = hex(16);
  while (/^0+$/.test(spanId)) spanId = hex(8);
  return `00-${traceId}-${spanId}-01`;
}
