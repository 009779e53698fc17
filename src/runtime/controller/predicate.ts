/**
 * Event filters (controller-runtime's predicate package). A predicate sees each event before its
 * handler does; an event passes only if every predicate of the watch (and of the controller)
 * returns true for it. Missing methods let events of that type through.
 */
import type { ObjectWithMeta } from '../client/types.js';

export interface Predicate<T = ObjectWithMeta> {
  create?(obj: T): boolean;
  update?(oldObj: T, newObj: T): boolean;
  delete?(obj: T): boolean;
  generic?(obj: T): boolean;
}

type Meta = NonNullable<ObjectWithMeta['metadata']>;
const metaOf = (o: unknown): Meta => ((o as ObjectWithMeta | null)?.metadata ?? {});

function sameMap(a: unknown, b: unknown): boolean {
  const x = (a ?? {}) as Record<string, string>;
  const y = (b ?? {}) as Record<string, string>;
  const xk = Object.keys(x);
  if (xk.length !== Object.keys(y).length) return false;
  return xk.every((k) => Object.prototype.hasOwnProperty.call(y, k) && y[k] === x[k]);
}

/** Applies `filter` to the object of every event type (the new object of updates). */
function funcs<T = ObjectWithMeta>(filter: (obj: T) => boolean): Predicate<T> {
  return {
    create: (o) => filter(o),
    update: (_old, n) => filter(n),
    delete: (o) => filter(o),
    generic: (o) => filter(o),
  };
}

/** Lets updates through only when metadata.generation changed (spec changes, for kinds with a status subresource). */
function generationChanged<T = ObjectWithMeta>(): Predicate<T> {
  return { update: (o, n) => metaOf(o).generation !== metaOf(n).generation };
}

/** Lets updates through only when the labels changed. */
function labelsChanged<T = ObjectWithMeta>(): Predicate<T> {
  return { update: (o, n) => !sameMap(metaOf(o).labels, metaOf(n).labels) };
}

/** Lets updates through only when the annotations changed. */
function annotationsChanged<T = ObjectWithMeta>(): Predicate<T> {
  return { update: (o, n) => !sameMap(metaOf(o).annotations, metaOf(n).annotations) };
}

/** Drops updates that carry no change at all (resyncs, and relists of unchanged objects). */
function resourceVersionChanged<T = ObjectWithMeta>(): Predicate<T> {
  return { update: (o, n) => metaOf(o).resourceVersion !== metaOf(n).resourceVersion };
}

/** Lets events through for objects whose labels match `selector` (an equality map). */
function hasLabels<T = ObjectWithMeta>(selector: Record<string, string>): Predicate<T> {
  return funcs<T>((o) => {
    const labels = (metaOf(o).labels ?? {}) as Record<string, string>;
    return Object.entries(selector).every(([k, v]) => labels[k] === v);
  });
}

/** Lets events through for objects in one namespace. */
function inNamespace<T = ObjectWithMeta>(namespace: string): Predicate<T> {
  return funcs<T>((o) => metaOf(o).namespace === namespace);
}

type Method = keyof Predicate;

function evalOne<T>(p: Predicate<T>, m: Method, args: [T] | [T, T]): boolean {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with p as this
  const fn: ((...a: T[]) => boolean) | undefined = p[m];
  return fn ? fn.apply(p, args) : true;
}

function combine<T>(pick: (results: boolean[]) => boolean, ps: Predicate<T>[]): Predicate<T> {
  const run = (m: Method, args: [T] | [T, T]) => pick(ps.map((p) => evalOne(p, m, args)));
  return {
    create: (o) => run('create', [o]),
    update: (o, n) => run('update', [o, n]),
    delete: (o) => run('delete', [o]),
    generic: (o) => run('generic', [o]),
  };
}

/** True when every predicate is (a missing method counts as true). */
function and<T = ObjectWithMeta>(...ps: Predicate<T>[]): Predicate<T> {
  return combine((r) => r.every(Boolean), ps);
}

/** True when any predicate is (a missing method counts as true). */
function or<T = ObjectWithMeta>(...ps: Predicate<T>[]): Predicate<T> {
  return combine((r) => r.some(Boolean), ps);
}

function not<T = ObjectWithMeta>(p: Predicate<T>): Predicate<T> {
  return combine((r) => !r[0], [p]);
}

/** The predicate constructors, grouped like Go's `predicate` package. */
export const predicate = {
  funcs,
  generationChanged,
  labelsChanged,
  annotationsChanged,
  resourceVersionChanged,
  hasLabels,
  inNamespace,
  and,
  or,
  not,
};

/** Evaluates a list of predicates for one event (all must pass). */
export function passes<T>(ps: readonly Predicate<T>[], m: Method, ...args: [T] | [T, T]): boolean {
  for (const p of ps) if (!evalOne(p, m, args)) return false;
  return true;
}
