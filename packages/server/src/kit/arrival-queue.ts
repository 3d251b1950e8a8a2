/**
 * Items taken earliest order first, equal orders in the order they came: a binary heap. The
 * order is when the request an item serves arrived (kit/turns.ts), so that work waiting for the
 * main thread or the embedded database finishes older requests before it starts newer ones.
 */
export class ArrivalQueue<T> {
  private readonly heap: { order: number; seq: number; item: T; counted: boolean }[] = [];
  private seq = 0;
  private countedItems = 0;

  get size(): number {
    return this.heap.length;
  }

  /** How many of the items waiting were pushed `counted` (a request's, among a job's). */
  get counted(): number {
    return this.countedItems;
  }

  push(order: number, item: T, counted = false): void {
    const heap = this.heap;
    heap.push({ order, seq: this.seq++, item, counted });
    if (counted) this.countedItems++;
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  shift(): T | undefined {
    const heap = this.heap;
    const first = heap[0];
    const last = heap.pop();
    if (first?.counted) this.countedItems--;
    if (!first || !last || first === last) return first?.item;
    heap[0] = last;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && this.before(left, least)) least = left;
      if (right < heap.length && this.before(right, least)) least = right;
      if (least === i) break;
      [heap[i], heap[least]] = [heap[least]!, heap[i]!];
      i = least;
    }
    return first.item;
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a]!;
    const y = this.heap[b]!;
    return x.order < y.order || (x.order === y.order && x.seq < y.seq);
  }
}
