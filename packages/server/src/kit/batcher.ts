/**
 * The same work of many concurrent callers done together (docs/decisions/requests.md, "How do
 * requests arriving together share work?"; docs/performance.md, "bench:requests"): a caller that
 * arrives while a batch runs waits for the next one, which takes every caller waiting then (up to
 * `max`) in one call of `run`. A lone caller runs at once, so a quiet system pays no delay; a busy
 * one pays one statement per batch instead of one per caller.
 *
 * `run` answers one result per item, in order: a value, or an Error that fails that caller alone. A
 * `run` that throws fails its whole batch.
 */
export class Batcher<In, Out> {
  private readonly waiting: { item: In; resolve: (value: Out) => void; reject: (error: unknown) => void }[] = [];
  private running = 0;

  constructor(
    private readonly run: (items: In[]) => Promise<(Out | Error)[]>,
    private readonly options: { max: number; concurrency: number } = { max: 256, concurrency: 1 },
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.options.concurrency && this.waiting.length) {
      const batch = this.waiting.splice(0, this.options.max);
      this.running++;
      this.run(batch.map((one) => one.item))
        .then(
          (results) => batch.forEach((one, i) => (results[i] instanceof Error ? one.reject(results[i]) : one.resolve(results[i] as Out))),
          (error: unknown) => batch.forEach((one) => one.reject(error)),
        )
        .finally(() => {
          this.running--;
          this.next();
        });
    }
  }
}
