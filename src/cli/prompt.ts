// Yes/no questions for interactive use (only asked when stdin is a terminal). One reader serves
// every question of a run, so that answers typed ahead are not lost between questions.
import { createInterface } from 'node:readline';
import { UsageError } from '../project/usage-error.js';
import type { CliIO } from './io.js';

export class Prompter {
  private readonly lines: string[] = [];
  private readonly waiting: Array<(line: string | undefined) => void> = [];
  private closed = false;
  private readonly rl;

  constructor(private readonly io: CliIO) {
    this.rl = createInterface({ input: io.stdin, terminal: false });
    this.rl.on('line', (line) => {
      const waiter = this.waiting.shift();
      if (waiter) waiter(line);
      else this.lines.push(line);
    });
    this.rl.on('close', () => {
      this.closed = true;
      for (const w of this.waiting.splice(0)) w(undefined);
    });
  }

  private nextLine(): Promise<string | undefined> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.closed) return Promise.resolve(undefined);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async askYesNo(question: string): Promise<boolean> {
    for (;;) {
      this.io.stdout(`${question} [y/n]\n`);
      const answer = await this.nextLine();
      if (answer === undefined) throw new UsageError(`no answer to "${question}" (input closed); pass the flag instead`);
      const a = answer.trim().toLowerCase();
      if (a === 'y' || a === 'yes') return true;
      if (a === 'n' || a === 'no') return false;
      this.io.stdout('please answer y or n\n');
    }
  }

  close(): void {
    this.rl.close();
  }
}
