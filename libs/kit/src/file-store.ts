import { createHash } from 'node:crypto';
import { errors as natsErrors, headers, nuid, type MsgHdrs, type NatsConnection } from '@nats-io/nats-core';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { Objm, StorageType, type ObjectStore } from '@nats-io/obj';
import type { Logger } from './logger.js';
import {
  isTransientPublishError,
  publishWithRetries,
  requestWithRetries,
  type PublishRetryPolicy,
} from './publish-retry.js';
import { bucketSettings, type StreamLimit } from './storage-limits.js';

/**
 * Files that every replica of every service can read: written once by one process, read by any, with a fan-out
 * notice to every watcher when a new file is stored. The system's implementation is NATS JetStream's Object Store
 * (`NatsFileStore`); an S3 bucket with its own notifications would fit behind the same interface.
 */
export interface FileStore {
  /** Stores `data` under `name` unless a file of that name is already there (writing twice keeps the first). */
  put(name: string, data: Uint8Array): Promise<void>;
  /** The whole file, or null if none is stored under `name`. */
  get(name: string): Promise<Buffer | null>;
  has(name: string): Promise<boolean>;
  /**
   * Removes the file (its chunks purged, its description marked deleted, as the Object Store deletes); nothing when
   * none is stored. A file removed may be stored again later under the same name.
   */
  delete(name: string): Promise<void>;
  /**
   * Calls `onStored` with the name of every file stored from now on, by any process: each watcher hears every file
   * (not one of a queue group). Resolves once the watch is registered on the server; the returned function stops it.
   */
  watch(onStored: (name: string) => void): Promise<() => void>;
}

/** What the Object Store publishes about a file on `$O.<bucket>.M.<name>` (NATS ADR-20), as far as we read it. */
interface StoredDescription {
  name: string;
  nuid: string;
  size: number;
  chunks: number;
  digest: string;
  deleted?: boolean;
  options?: { link?: unknown };
}

/** The Object Store's chunk size (the client's default): a rendered page (20–70 kB) is one chunk. */
const CHUNK_BYTES = 128 * 1024;

/** A name as the last token of its description's subject: padded base64url, as the Object Store writes it. */
const metaToken = (name: string) =>
  Buffer.from(name, 'latin1').toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

export interface NatsFileStoreOptions {
  /** The bucket's name on the server (already prefixed for test stacks). */
  bucket: string;
  description: string;
  /** Copies of the bucket's stream (NATS_STREAM_REPLICAS). */
  replicas: number;
  /** The bucket's cap in bytes and age (RENDERS_MAX_BYTES, RENDERS_MAX_AGE_DAYS): past it the oldest files go. */
  limit: StreamLimit;
  /** Writes ride out a leader election like every publish (publish-retry.ts). */
  publishRetry: PublishRetryPolicy;
  logger: Logger;
  /** How long the bucket's creation and settings may take at start-up (the Bus's JetStream administration timeout). */
  adminTimeoutMs: number;
}

/**
 * A JetStream Object Store bucket (a stream `OBJ_<bucket>` with the chunks and one meta message per file). Created
 * by whichever process opens it first, on file storage with the configured replicas. Files are chunked by the
 * client, so a file's size is not bounded by the server's `max_payload`.
 */
export class NatsFileStore implements FileStore {
  private readonly js: JetStreamClient;
  /** The bucket's stream (ADR-20: OBJ_<bucket>). */
  private readonly stream: string;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly os: ObjectStore,
    private readonly jsm: JetStreamManager,
    private readonly bucket: string,
    private readonly logger: Logger,
    private readonly publishRetry: PublishRetryPolicy,
  ) {
    this.js = jetstream(nc);
    this.stream = `OBJ_${bucket}`;
  }

  static async open(
    nc: NatsConnection,
    jsm: JetStreamManager,
    opts: NatsFileStoreOptions,
  ): Promise<NatsFileStore> {
    // Created (or checked) and bounded at start-up with the administration timeout, as the streams are (a start
    // during a replicated bucket's election, or on a busy machine, waits for the cluster instead of failing); the
    // store itself is then opened on the client's defaults, so a member's read keeps the client's 5 s.
    const admin = { timeout: opts.adminTimeoutMs };
    await new Objm(jetstream(nc, admin)).create(opts.bucket, {
      description: opts.description,
      storage: StorageType.File,
      replicas: opts.replicas,
    });
    // A bounded cache, not a store that refuses writes when full (what the client creates): storage-limits.ts.
    await (
      await jetstreamManager(nc, admin)
    ).streams.update(`OBJ_${opts.bucket}`, bucketSettings(opts.limit));
    const os = await new Objm(nc).open(opts.bucket, false);
    return new NatsFileStore(nc, os, jsm, opts.bucket, opts.logger, opts.publishRetry);
  }

  /**
   * A file that fits one chunk (every rendered page) is stored as the Object Store stores it (NATS ADR-20: the chunk
   * on `$O.<bucket>.C.<nuid>`, then its description on `$O.<bucket>.M.<name in padded base64url>`, which replaces the
   * previous one), with the SHA-256 from node's crypto: the client's `putBlob` looks the name up again and hashes in
   * JavaScript, about twice the CPU for a preview. The chunk is stored before the description is published, so a
   * description always finds its chunk, and a failed chunk leaves no file behind. Larger files take the client's way.
   */
  async put(name: string, data: Uint8Array): Promise<void> {
    // Stored once: a second put would replace the chunks under a reader that is halfway through the first.
    if (await this.has(name)) return;
    if (data.byteLength === 0 || data.byteLength > Math.min(CHUNK_BYTES, this.nc.info?.max_payload ?? 0)) {
      await this.os.putBlob({ name }, data);
      return;
    }
    const id = nuid.next();
    const digest = createHash('sha256').update(data).digest('base64').replace(/\+/g, '-').replace(/\//g, '_');
    // Each write is retried while the stream is between leaders; its msgID makes a retry of a stored one a no-op.
    const publish = (subject: string, payload: Uint8Array | string, msgID: string, hdrs?: MsgHdrs) =>
      publishWithRetries(
        (timeout) =>
          this.js.publish(subject, payload, { msgID, timeout, ...(hdrs ? { headers: hdrs } : {}) }),
        this.publishRetry,
      );
    await publish(`$O.${this.bucket}.C.${id}`, data, `${this.bucket}:C:${id}`);
    const description = {
      name,
      options: { max_chunk_size: CHUNK_BYTES },
      bucket: this.bucket,
      nuid: id,
      size: data.byteLength,
      chunks: 1,
      mtime: new Date().toISOString(),
      digest: `SHA-256=${digest}`,
      deleted: false,
    };
    const rollup = headers();
    rollup.set('Nats-Rollup', 'sub');
    await publish(
      `$O.${this.bucket}.M.${metaToken(name)}`,
      JSON.stringify(description),
      `${this.bucket}:M:${id}`,
      rollup,
    );
  }

  async delete(name: string): Promise<void> {
    if (!(await this.describe(name))) return;
    await this.os.delete(name);
  }

  /**
   * A file of one chunk (every rendered page) is read with two direct gets, its description and its chunk (raw, not
   * base64 in JSON as the stream API answers), checked against the SHA-256 the description carries. The client's own
   * `get` creates an ordered consumer on the server for every read; larger files still go that way.
   */
  async get(name: string): Promise<Buffer | null> {
    const info = await this.describe(name);
    if (!info || info.deleted) return null;
    if (info.options?.link) {
      const data = await this.readRetried(name, () => this.os.getBlob(name));
      return data ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : null;
    }
    const chunks = await this.chunksOf(info);
    if (!chunks) return null;
    const data = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const expected = Buffer.from(info.digest.replace(/^SHA-256=/, ''), 'base64');
    if (!createHash('sha256').update(data).digest().equals(expected)) {
      throw new Error(`${name}: the stored file does not match its digest`);
    }
    return data;
  }

  /**
   * A file's chunks in order, by direct gets (any replica answers; no consumer, so no stream leader is needed: a
   * read goes on through a leader election): the first message on the file's chunk subject, then each next one after
   * it. Null when one is missing (evicted).
   */
  private async chunksOf(info: StoredDescription): Promise<Buffer[] | null> {
    const subject = `$O.${this.bucket}.C.${info.nuid}`;
    const chunks: Buffer[] = [];
    let seq = 0;
    for (let i = 0; i < info.chunks; i++) {
      const from = seq + 1;
      const msg = await this.readRetried(subject, () =>
        i === 0 && info.chunks === 1
          ? this.jsm.direct.getMessage(this.stream, { last_by_subj: subject })
          : this.jsm.direct.getMessage(this.stream, { next_by_subj: subject, seq: from }),
      );
      if (!msg) return null;
      seq = msg.seq;
      chunks.push(Buffer.from(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength));
    }
    return chunks;
  }

  /**
   * Whether the whole file is there: its description and, for a one-chunk file, the chunk. The bucket drops its
   * oldest messages when full or old (storage-limits.ts), a chunk first, so a description may outlive its chunk for
   * a moment: such a file is absent, and `put` writes it again.
   */
  async has(name: string): Promise<boolean> {
    const info = await this.describe(name);
    if (!info || info.deleted) return false;
    if (info.options?.link) return true;
    // The last chunk is the last to go when the bucket drops its oldest: the first one tells whether all are there.
    return (await this.firstChunkOf(info)) !== null;
  }

  private firstChunkOf(info: StoredDescription) {
    const subject = `$O.${this.bucket}.C.${info.nuid}`;
    return this.readRetried(subject, () =>
      this.jsm.direct.getMessage(this.stream, { next_by_subj: subject, seq: 1 }),
    );
  }

  /** A read asked again like a request when it times out or finds nobody (publish-retry.ts). */
  private readRetried<T>(what: string, read: () => Promise<T>): Promise<T> {
    return requestWithRetries(
      read,
      (err) =>
        err instanceof natsErrors.TimeoutError
          ? 'TIMEOUT'
          : isTransientPublishError(err)
            ? 'NO_RESPONDERS'
            : 'OTHER',
      { ...this.publishRetry, budgetMs: Math.min(3000, this.publishRetry.budgetMs) },
      (err, attempt) =>
        this.logger.warn(
          { what, attempt, err: (err as Error).message },
          'file read not answered: asking again',
        ),
    );
  }

  /**
   * The last message of a subject, read from any replica of the bucket's stream (direct get). A read sent to a node
   * that died on the way, or while this connection fails over, is asked again like a request (publish-retry.ts).
   */
  private directGet(subject: string) {
    return this.readRetried(subject, () =>
      this.jsm.direct.getMessage(this.stream, { last_by_subj: subject }),
    );
  }

  /** A file's description, the last one published for its name (ADR-20), with one direct get. */
  private async describe(name: string): Promise<StoredDescription | null> {
    const meta = await this.directGet(`$O.${this.bucket}.M.${metaToken(name)}`);
    return meta ? meta.json<StoredDescription>() : null;
  }

  /**
   * Only what is stored from now on: a plain subscription to the bucket's meta subjects, where the Object Store
   * publishes each file's description when the file is complete; every subscriber hears every message (a fan-out,
   * not a queue). Not the client's `watch()`: its ordered consumer missed about half the files when four were stored
   * at once (measured on this project's NATS 2.9 and nats.js 3.3, file-store.test.ts). A description published while
   * this process is disconnected is not heard: a waiter then finds the file at its last look (pages' RENDER_WAIT_MS).
   */
  async watch(onStored: (name: string) => void): Promise<() => void> {
    const sub = this.nc.subscribe(`$O.${this.bucket}.M.>`, {
      callback: (err, msg) => {
        if (err) return this.logger.error({ err }, 'file store watch ended');
        try {
          const info = msg.json<{ name?: unknown; deleted?: boolean }>();
          if (typeof info.name === 'string' && !info.deleted) onStored(info.name);
        } catch (error) {
          this.logger.warn({ err: error, subject: msg.subject }, 'unreadable file description ignored');
        }
      },
    });
    // Registered on the server before anyone is told the watch is on.
    await this.nc.flush();
    return () => sub.unsubscribe();
  }
}
