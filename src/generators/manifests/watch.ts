/** Watching source folders with chokidar; changes arriving together are handled as one batch. */
import { watch } from 'chokidar';

const SETTLE_MS = 50;

const isSource = (file: string) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts');

/**
 * Calls `onChange` with the changed .ts files (absolute paths) until `signal` aborts.
 * Resolves once the watcher is closed. `ready` is called when the initial scan is done.
 */
export async function watchSources(
  paths: readonly string[],
  signal: AbortSignal,
  onChange: (files: string[]) => void,
  ready?: () => void,
): Promise<void> {
  if (signal.aborted) return;
  const watcher = watch([...paths], { ignoreInitial: true, ignored: (p, stats) => stats?.isFile() === true && !isSource(p) });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const files = [...pending];
    pending = new Set();
    if (files.length > 0) onChange(files);
  };
  const queue = (file: string) => {
    if (!isSource(file)) return;
    pending.add(file);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, SETTLE_MS);
  };
  watcher.on('add', queue).on('change', queue).on('unlink', queue);
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  ready?.();
  await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  if (timer) clearTimeout(timer);
  await watcher.close();
}
