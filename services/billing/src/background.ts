import type { Logger } from '@app/kit';

/** Work started after an HTTP answer (the webhook answers first); shutdown waits for it. */
export class BackgroundTasks {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly logger: Logger) {}

  run(name: string, fn: () => Promise<unknown>): void {
    const task = fn()
      .catch((err: unknown) => this.logger.error({ err, task: name }, 'background task failed'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
