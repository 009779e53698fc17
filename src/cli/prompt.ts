// Yes/no questions for interactive use (only asked when stdin is a terminal).
import { createInterface } from 'node:readline/promises';
import type { CliIO } from './io.js';

export async function askYesNo(io: CliIO, question: string): Promise<boolean> {
  const rl = createInterface({ input: io.stdin, terminal: false });
  try {
    for (;;) {
      io.stdout(`${question} [y/n]\n`);
      const answer = (await rl.question('')).trim().toLowerCase();
      if (answer === 'y' || answer === 'yes') return true;
      if (answer === 'n' || answer === 'no') return false;
      io.stdout('please answer y or n\n');
    }
  } finally {
    rl.close();
  }
}
