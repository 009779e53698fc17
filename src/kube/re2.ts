/**
 * Go's regexp (RE2) for JavaScript: the one regex engine behind CRD `pattern`s (generator check
 * and test API server) and the CEL regex functions. RE2 matches in time linear in the input, so
 * `^(a+)+$` cannot stall the server as a backtracking RegExp does, and its syntax is Go's:
 * `(?P<name>x)` compiles, lookbehind and backreferences do not.
 */
import { RE2JS, RE2JSException } from 're2js';

/** A compiled Go regular expression; matching is unanchored, as Go's MatchString. */
export interface GoRegexp {
  readonly source: string;
  /** Whether the pattern matches somewhere in `input` (regexp.MatchString). */
  test(input: string): boolean;
  /** The leftmost match, or undefined (regexp.FindString, but telling "no match" apart). */
  find(input: string): string | undefined;
  /** Successive non-overlapping matches, at most `limit` when limit >= 0 (regexp.FindAllString). */
  findAll(input: string, limit?: number): string[];
}

/** A pattern Go's regexp.Compile refuses; `message` is Go's error text (`error parsing regexp: ...`). */
export class GoRegexpSyntaxError extends Error {
  override readonly name = 'GoRegexpSyntaxError';
  constructor(
    readonly pattern: string,
    message: string,
  ) {
    super(message);
  }
}

const cache = new Map<string, GoRegexp | GoRegexpSyntaxError>();
const CACHE_LIMIT = 1000;

function build(pattern: string): GoRegexp {
  const re = RE2JS.compile(pattern);
  return {
    source: pattern,
    test: (input) => re.matcher(input).find(),
    find(input) {
      const m = re.matcher(input);
      return m.find() ? (m.group() ?? '') : undefined;
    },
    findAll(input, limit = -1) {
      const out: string[] = [];
      if (limit === 0) return out;
      const m = re.matcher(input);
      while (m.find()) {
        out.push(m.group() ?? '');
        if (limit > 0 && out.length >= limit) break;
      }
      return out;
    },
  };
}

/** regexp.Compile: the compiled pattern (cached), or a GoRegexpSyntaxError with Go's message. */
export function compileGoRegexp(pattern: string): GoRegexp {
  let entry = cache.get(pattern);
  if (entry === undefined) {
    try {
      entry = build(pattern);
    } catch (err) {
      if (!(err instanceof RE2JSException)) throw err;
      entry = new GoRegexpSyntaxError(pattern, err.message);
    }
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(pattern, entry);
  }
  if (entry instanceof GoRegexpSyntaxError) throw entry;
  return entry;
}
