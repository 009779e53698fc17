/**
 * The last lines a control-plane process wrote, kept so that an error about that process (it
 * exited during start, it never became ready) can show why, without holding its whole output.
 */
export class OutputTail {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(private readonly limit = 40) {}

  /** Adds a chunk of output; a line is complete at its newline. */
  push(chunk: Buffer | string): void {
    const parts = (this.partial + chunk.toString()).split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) this.keep(line);
    // A line that never ends (a binary printing progress dots) is cut, not kept growing.
    if (this.partial.length > 4096) {
      this.keep(this.partial);
      this.partial = '';
    }
  }

  private keep(line: string): void {
    this.lines.push(line.replace(/\r$/, ''));
    if (this.lines.length > this.limit) this.lines.shift();
  }

  /** The kept lines, oldest first, with an unfinished last line if any. */
  text(): string {
    return [...this.lines, ...(this.partial ? [this.partial] : [])].join('\n');
  }
}
