import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createSecureContext } from 'node:tls';
import { dirname } from 'node:path';
import type { Logger } from '../log/logger.js';

export interface KeyPair {
  cert: Buffer;
  key: Buffer;
}

/**
 * Keeps the serving certificate current: reads tls.crt and tls.key, then watches their directory
 * (Secret volumes swap a `..data` symlink, so the files themselves are not reliable to watch) and
 * also polls, calling `onChange` with each new, valid pair.
 */
export class CertWatcher {
  #current: KeyPair | undefined;
  #watchers: FSWatcher[] = [];
  #poll: NodeJS.Timeout | undefined;
  #debounce: NodeJS.Timeout | undefined;
  #reading: Promise<boolean> | undefined;

  constructor(
    readonly certPath: string,
    readonly keyPath: string,
    private readonly onChange: (pair: KeyPair) => void,
    private readonly log: Logger,
    private readonly pollInterval = 10_000,
    /** Told of every read of the files and whether it gave a usable pair (certwatcher metrics). */
    private readonly onRead?: (ok: boolean) => void,
  ) {}

  /** Reads the pair; throws a clear error when the files are missing or do not form a usable pair. */
  async load(): Promise<KeyPair> {
    const pair = await this.#read();
    this.#current = pair;
    return pair;
  }

  start(): void {
    const dirs = new Set([dirname(this.certPath), dirname(this.keyPath)]);
    try {
      for (const dir of dirs) {
        const watcher = watch(dir, () => this.#scheduleReload());
        watcher.on('error', (err) => this.log.error(err, 'certificate directory watch failed; polling only'));
        this.#watchers.push(watcher);
      }
    } catch (err) {
      this.log.error(err, 'cannot watch the certificate directory; polling only');
    }
    if (this.pollInterval > 0) {
      this.#poll = setInterval(() => void this.reload(), this.pollInterval);
      this.#poll.unref();
    }
  }

  stop(): void {
    for (const watcher of this.#watchers.splice(0)) watcher.close();
    clearInterval(this.#poll);
    clearTimeout(this.#debounce);
  }

  /** Re-reads the files; returns whether a new pair was installed. Invalid or half-written pairs are skipped. */
  reload(): Promise<boolean> {
    this.#reading ??= this.#reloadOnce().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  async #reloadOnce(): Promise<boolean> {
    let pair: KeyPair;
    try {
      pair = await this.#read();
    } catch (err) {
      this.log.error(err, 'failed to reload the serving certificate; keeping the current one');
      return false;
    }
    if (this.#current && this.#current.cert.equals(pair.cert) && this.#current.key.equals(pair.key)) return false;
    this.#current = pair;
    this.onChange(pair);
    this.log.info('updated current TLS certificate', { cert: this.certPath });
    return true;
  }

  #scheduleReload(): void {
    clearTimeout(this.#debounce);
    // Writers replace cert and key one after the other; wait for both.
    this.#debounce = setTimeout(() => void this.reload(), 100);
    this.#debounce.unref();
  }

  async #read(): Promise<KeyPair> {
    try {
      const pair = await this.#readPair();
      this.onRead?.(true);
      return pair;
    } catch (err) {
      this.onRead?.(false);
      throw err;
    }
  }

  async #readPair(): Promise<KeyPair> {
    let cert: Buffer;
    let key: Buffer;
    try {
      // One after the other, as controller-runtime reads them: a missing pair is named by its certificate.
      cert = await readFile(this.certPath);
      key = await readFile(this.keyPath);
    } catch (err) {
      throw new Error(`webhook server: cannot read the serving certificate: ${(err as Error).message}`, { cause: err });
    }
    try {
      createSecureContext({ cert, key });
    } catch (err) {
      throw new Error(`webhook server: ${this.certPath} and ${this.keyPath} are not a valid certificate and key pair: ${(err as Error).message}`, { cause: err });
    }
    return { cert, key };
  }
}
