import { Buckets, type BucketName } from '@app/contracts';
import { NatsFileStore, type FileStore } from '../file-store.js';
import { JS_ADMIN_TIMEOUT_MS, type NatsLink } from './connection.js';

/**
 * Bus.fileStore: a JetStream Object Store bucket of the contracts, opened (created on first use) under the test
 * prefix with the configured replicas and its cap. The store itself is `NatsFileStore` (file-store.ts).
 */
export async function openFileStore(link: NatsLink, name: BucketName): Promise<FileStore> {
  const { settings } = link;
  return NatsFileStore.open(link.nc, await link.manager(), {
    bucket: link.streamName(name),
    description: Buckets[name].description,
    replicas: settings.streamReplicas,
    limit: settings.storage[name],
    publishRetry: settings.publishRetry,
    logger: settings.logger,
    adminTimeoutMs: JS_ADMIN_TIMEOUT_MS,
  });
}
