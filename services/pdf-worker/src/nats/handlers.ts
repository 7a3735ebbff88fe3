import { randomUUID } from 'node:crypto';
import { Events, Jobs, RENDER_CONSUMERS } from '@app/contracts';
import type { Bus, ConsumeContext } from '@app/kit';
import { assembleSet } from '../domain/assemble-set.js';
import type { PdfWorkerDeps } from '../domain/deps.js';
import { renderDocument, renderPreview } from '../domain/render-job.js';

/**
 * Every worker replica attaches to the four durable consumers (JetStream spreads the jobs over them). Each job waits
 * for a tab of the pool in the order of render-queue.ts: previews, then pages' PDFs, then class sets' versions and
 * assemblies (a member's page never waits behind another member's set). The consumers start in that order,
 * so on start-up a backlog is taken in it too.
 */
export async function serveNats(bus: Bus, deps: PdfWorkerDeps): Promise<void> {
  const opts = deps.jobs;
  /**
   * A job a purchase waits for: should its last delivery fail, pages is told (`events.pdf.render.failed`) and
   * releases the purchase's hold. Each failure is a fact of its own (a purchase held again may fail again), so its
   * id is new; a failure to tell it is logged, and the hold then expires in billing.
   */
  const telling =
    <J>(
      kind: 'document' | 'set',
      codeOf: (job: J) => string,
      handle: (job: J, ctx: ConsumeContext) => Promise<void>,
    ) =>
    async (job: J, ctx: ConsumeContext) => {
      try {
        await handle(job, ctx);
      } catch (err) {
        if (ctx.deliveryCount >= opts.maxDeliver) {
          const code = codeOf(job);
          await bus
            .publishEvent(Events.renderFailed, { kind, code }, `${kind}:${code}:${randomUUID()}`)
            .catch((failure: unknown) =>
              deps.logger.error({ err: failure, kind, code }, 'render failure not announced'),
            );
        }
        throw err;
      }
    };

  await bus.consume(Jobs.renderPreview, { durable: RENDER_CONSUMERS.preview, ...opts }, (job, ctx) =>
    renderPreview(deps, job, ctx),
  );
  await bus.consume(
    Jobs.renderDocument,
    { durable: RENDER_CONSUMERS.document, ...opts },
    telling(
      'document',
      (job) => job.code,
      (job, ctx) => renderDocument(deps, job, ctx),
    ),
  );
  await bus.consume(
    Jobs.renderVersion,
    { durable: RENDER_CONSUMERS.version, ...opts },
    telling(
      'document',
      (job) => job.code,
      (job, ctx) => renderDocument(deps, job, ctx, 'set'),
    ),
  );
  await bus.consume(
    Jobs.assembleSet,
    { durable: RENDER_CONSUMERS.set, ...opts },
    telling(
      'set',
      (job) => job.setCode,
      async (job, ctx) => {
        const started = performance.now();
        try {
          const done = await assembleSet(deps, job, ctx);
          deps.sets?.observe(done.outcome, (performance.now() - started) / 1000, done.rendered);
        } catch (err) {
          deps.sets?.observe('error', (performance.now() - started) / 1000, 0);
          throw err;
        }
      },
    ),
  );
}
