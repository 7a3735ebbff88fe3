import {
  DiscardPolicy,
  RetentionPolicy,
  type StreamConfig,
  type StreamUpdateConfig,
} from '@nats-io/jetstream';
import { Streams, type BucketName, type StreamName } from '@app/contracts';
import type { z } from 'zod';
import type { storageEnv } from './config.js';

const ns = 1_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How much one stream (or an Object Store bucket's stream) may hold: bytes, and an age in ms (0: no age limit). */
export interface StreamLimit {
  maxBytes: number;
  maxAgeMs: number;
}
export type StorageLimits = Record<StreamName | BucketName, StreamLimit>;

/** The limits the storage variables (config.ts `storageEnv`) set. */
export function storageLimits(env: z.infer<typeof storageEnv>): StorageLimits {
  return {
    RENDERS: { maxBytes: env.RENDERS_MAX_BYTES, maxAgeMs: Math.round(env.RENDERS_MAX_AGE_DAYS * DAY_MS) },
    EVENTS: { maxBytes: env.EVENTS_MAX_BYTES, maxAgeMs: Math.round(env.EVENTS_MAX_AGE_DAYS * DAY_MS) },
    JOBS_PDF: { maxBytes: env.JOBS_PDF_MAX_BYTES, maxAgeMs: 0 },
    JOBS_PAGES: { maxBytes: env.JOBS_PAGES_MAX_BYTES, maxAgeMs: 0 },
    JOBS_MAIL: {
      maxBytes: env.JOBS_MAIL_MAX_BYTES,
      maxAgeMs: Math.round(env.JOBS_MAIL_MAX_AGE_DAYS * DAY_MS),
    },
  };
}

/** JetStream's duplicate window (publishes with the same msgID within it are stored once), never past the age. */
const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * The settings of a stream of the contracts: its subjects and retention, its own cap in bytes and age, and what
 * happens when full. A work queue refuses a new job when its own room is used up (discard new: never drop a job
 * that was taken); the events drop their oldest (discard old).
 */
export function streamSettings(
  name: StreamName,
  limit: StreamLimit,
): Pick<StreamConfig, 'retention' | 'discard' | 'max_bytes' | 'max_age' | 'duplicate_window'> {
  const workQueue = Streams[name].retention === 'workqueue';
  return {
    retention: workQueue ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
    discard: workQueue ? DiscardPolicy.New : DiscardPolicy.Old,
    max_bytes: limit.maxBytes,
    max_age: limit.maxAgeMs * ns,
    duplicate_window:
      (limit.maxAgeMs ? Math.min(DUPLICATE_WINDOW_MS, limit.maxAgeMs) : DUPLICATE_WINDOW_MS) * ns,
  };
}

/**
 * An Object Store bucket's stream as a bounded cache: the client creates it refusing writes when full (discard new,
 * no age); this makes it drop its oldest messages instead, past `maxBytes` or `maxAgeMs`. A file's chunk goes no
 * later than its description (it was written first), and a reader treats a description without its chunk as no
 * file (file-store.ts), so an evicted file is simply absent and is written again.
 */
export function bucketSettings(limit: StreamLimit): Partial<StreamUpdateConfig> {
  return {
    discard: DiscardPolicy.Old,
    max_bytes: limit.maxBytes,
    max_age: limit.maxAgeMs * ns,
    duplicate_window: Math.min(2 * 60 * 1000, limit.maxAgeMs || 2 * 60 * 1000) * ns,
  };
}
