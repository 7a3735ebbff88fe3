import { createHash } from 'node:crypto';
import type { JetStreamManager } from '@nats-io/jetstream';
import { Objm, StorageType, type ObjectStore } from '@nats-io/obj';
import type { Logger } from './logger.js';

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
   * Calls `onStored` with the name of every file stored from now on, by any process: each watcher hears every file
   * (not one of a queue group). Resolves once the watch is registered on the server; the returned function stops it.
   */
  watch(onStored: (name: string) => void): Promise<() => void>;
}

export interface NatsFileStoreOptions {
  /** The bucket's name on the server (already prefixed for test stacks). */
  bucket: string;
  description: string;
  /** Copies of the bucket's stream (NATS_STREAM_REPLICAS). */
  replicas: number;
  logger: Logger;
}

/**
 * A JetStream Object Store bucket (a stream `OBJ_<bucket>` with the chunks and one meta message per file). Created
 * by whichever process opens it first, on file storage with the configured replicas. Files are chunked by the
 * client, so a file's size is not bounded by the server's `max_payload`.
 */
export class NatsFileStore implements FileStore {
  private constructor(
    private readonly os: ObjectStore,
    private readonly jsm: JetStreamManager,
    private readonly bucket: string,
    private readonly logger: Logger,
  ) {}

  static async open(objm: Objm, jsm: JetStreamManager, opts: NatsFileStoreOptions): Promise<NatsFileStore> {
    const os = await objm.create(opts.bucket, {
      description: opts.description,
      storage: StorageType.File,
      replicas: opts.replicas,
    });
    return new NatsFileStore(os, jsm, opts.bucket, opts.logger);
  }

  async put(name: string, data: Uint8Array): Promise<void> {
    // Stored once: a second put would replace the chunks under a reader that is halfway through the first.
    if (await this.has(name)) return;
    await this.os.putBlob({ name }, data);
  }

  /**
   * A file of one chunk (every rendered page: chunks are 128 kB) is read with two direct gets, its description and
   * its chunk, checked against the SHA-256 the description carries. The client's own `get` creates an ordered
   * consumer on the server for every read; larger files still go that way.
   */
  async get(name: string): Promise<Buffer | null> {
    const info = await this.os.info(name);
    if (!info || info.deleted) return null;
    if (info.chunks !== 1 || info.options?.link) {
      const data = await this.os.getBlob(name);
      return data ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : null;
    }
    // The Object Store's layout (NATS ADR-20): stream OBJ_<bucket>, chunks on $O.<bucket>.C.<nuid>.
    const chunk = await this.jsm.streams.getMessage(`OBJ_${this.bucket}`, {
      last_by_subj: `$O.${this.bucket}.C.${info.nuid}`,
    });
    if (!chunk) return null;
    const data = Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
    const expected = Buffer.from(info.digest.replace(/^SHA-256=/, ''), 'base64');
    if (!createHash('sha256').update(data).digest().equals(expected)) {
      throw new Error(`${name}: the stored file does not match its digest`);
    }
    return data;
  }

  async has(name: string): Promise<boolean> {
    const info = await this.os.info(name);
    return info !== null && !info.deleted;
  }

  async watch(onStored: (name: string) => void): Promise<() => void> {
    // Only what is stored from now on: an ordered push consumer of the bucket's meta subjects, of this process's
    // own (a fan-out, not a queue), which the client re-creates from the last sequence it saw after a reconnect.
    const updates = await this.os.watch({ includeHistory: false, ignoreDeletes: true });
    void (async () => {
      for await (const info of updates) {
        if (!info.deleted) onStored(info.name);
      }
    })().catch((err: unknown) => this.logger.error({ err }, 'file store watch ended'));
    return () => updates.stop();
  }
}
