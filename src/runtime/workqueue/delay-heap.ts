/** A min-heap of keys by ready time, for the queue's delayed adds. */
export interface Delayed {
  key: string;
  readyAt: number;
}

export class DelayHeap {
  private readonly items: Delayed[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): Delayed | undefined {
    return this.items[0];
  }

  push(item: Delayed): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (a[parent].readyAt <= a[i].readyAt) break;
      [a[parent], a[i]] = [a[i], a[parent]];
      i = parent;
    }
  }

  pop(): Delayed | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let min = i;
        if (l < a.length && a[l].readyAt < a[min].readyAt) min = l;
        if (r < a.length && a[r].readyAt < a[min].readyAt) min = r;
        if (min === i) break;
        [a[min], a[i]] = [a[i], a[min]];
        i = min;
      }
    }
    return top;
  }
}
