// What `init --install` says while npm install runs. npm itself prints nothing until it is done, which
// on a first install is minutes; its HTTP log (--loglevel=http) shows the two phases that take the
// time: resolving (a package's metadata, its "packument", fetched or read from npm's cache) and
// fetching (a package's tarball). Every `every` distinct packages of a phase give one line, with the
// seconds since npm started, so that a slow registry shows as a slow count rather than as silence.
// What follows the last fetch (unpacking, linking, install scripts) logs nothing: after `quietMs`
// without a line, idle() says npm is still at work.

/** A line of npm's HTTP log: the URL it names, and whether that is a tarball. */
function requested(line: string): { url: string; tarball: boolean } | undefined {
  const url = /^npm http (?:fetch GET 200|cache) (?:\S+@)?(https?:\/\/\S+)/.exec(line)?.[1];
  return url === undefined ? undefined : { url, tarball: url.endsWith('.tgz') };
}

export class NpmInstallProgress {
  private readonly looked = new Set<string>();
  private readonly fetched = new Set<string>();

  private lastSaidMs = 0;

  constructor(
    private readonly every = 50,
    private readonly quietMs = 15_000,
  ) {}

  /** The progress line (with its newline) that one line of npm's log gives, `elapsedMs` after npm started. */
  line(logLine: string, elapsedMs: number): string | undefined {
    const request = requested(logLine.trim());
    if (request === undefined) return undefined;
    // A package may be named twice (fetched, then found in the cache): counted once.
    const seen = request.tarball ? this.fetched : this.looked;
    if (seen.has(request.url)) return undefined;
    seen.add(request.url);
    if (seen.size % this.every !== 0) return undefined;
    this.lastSaidMs = elapsedMs;
    const seconds = Math.round(elapsedMs / 1000);
    return request.tarball ? `  npm install: ${seen.size} packages fetched (${seconds} s)...\n` : this.resolving(seconds);
  }

  /** A line when nothing was said for `quietMs` (npm logs nothing while it unpacks and links), else undefined. */
  idle(elapsedMs: number): string | undefined {
    if (elapsedMs - this.lastSaidMs < this.quietMs) return undefined;
    this.lastSaidMs = elapsedMs;
    const seconds = Math.round(elapsedMs / 1000);
    return this.fetched.size > 0
      ? `  npm install: ${this.fetched.size} packages fetched, unpacking and linking (${seconds} s)...\n`
      : this.resolving(seconds);
  }

  private resolving(seconds: number): string {
    return `  npm install: resolving, ${this.looked.size} packages looked up (${seconds} s)...\n`;
  }
}
