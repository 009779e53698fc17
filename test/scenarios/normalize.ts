/**
 * What may legitimately differ between two plays of a scenario, replaced by stable placeholders:
 * the namespace's name, uids, resourceVersions and continue tokens (numbered by order of first
 * appearance, so that "the same value" and "another value" are still compared), timestamps the
 * server took from its clock (their precision is kept: `<now>` vs `<now.000000>`), names made from
 * generateName, and the addresses and ports a Service is allocated.
 */
import type { Observation } from './scenario.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIMESTAMP_IN_TEXT = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;
const TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
/** Resource versions quoted in messages: preconditions, "too old resource version: 1 (25)", "... please apply your changes to the latest version". */
const RV_IN_TEXT = /(ResourceVersion in precondition: |ResourceVersion in object meta: |the ResourceVersion in the precondition \(|does not match the ResourceVersion in record \(|too old resource version: |Too large resource version: |, current: |resource version \(|resourceVersion":"|resourceVersion\\":\\"|resourceVersion[= ]"?)(\d+)( \()?(\d+)?/g;
/** Within this long of now, a timestamp is the server's clock; older or newer ones were sent by the scenario. */
const NOW_WINDOW_MS = 24 * 3600 * 1000;
const ALLOCATED_KEYS = new Set(['clusterIP', 'clusterIPs', 'nodePort', 'healthCheckNodePort', 'ip', 'ips']);

class Numbering {
  private readonly seen = new Map<string, string>();
  constructor(private readonly prefix: string) {}
  of(value: string): string {
    let p = this.seen.get(value);
    if (!p) this.seen.set(value, (p = `<${this.prefix}${this.seen.size + 1}>`));
    return p;
  }
}

export function normalize(observations: Observation[], ns: string): Observation[] {
  const uids = new Numbering('uid');
  const rvs = new Numbering('rv');
  const continues = new Numbering('continue');
  const generated = new Map<string, string>();
  let generatedCount = 0;

  // First pass: names made from generateName, wherever they are first seen.
  const findGenerated = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(findGenerated);
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    const meta = o.metadata as { name?: string; generateName?: string } | undefined;
    // A long prefix is cut to 58 characters before the 5 random ones (names stay within 63).
    const prefix = meta?.generateName?.slice(0, 58);
    if (meta?.generateName && prefix && meta.name && meta.name.startsWith(prefix) && meta.name.length === prefix.length + 5 && !generated.has(meta.name)) {
      generated.set(meta.name, `${meta.generateName}<generated${++generatedCount}>`);
    }
    // A refused create names the generated name in its Status, and the prefix in a generateName cause.
    const details = o.details as { name?: string; causes?: { field?: string; message?: string }[] } | undefined;
    for (const cause of details?.causes ?? []) {
      const sent = cause.field === 'metadata.generateName' ? /^Invalid value: "([^"]*)"/.exec(cause.message ?? '')?.[1] : undefined;
      const name = details?.name;
      if (sent && name && name.startsWith(sent.slice(0, 58)) && name.length === sent.slice(0, 58).length + 5 && !generated.has(name)) {
        generated.set(name, `${sent}<generated${++generatedCount}>`);
      }
    }
    Object.values(o).forEach(findGenerated);
  };
  observations.forEach((o) => findGenerated([o.body, o.events]));

  const text = (s: string): string => {
    let out = s.split(ns).join('NS');
    // Timestamps inside a text (an object quoted in a message): the server's clock, whatever their place.
    out = out.replace(TIMESTAMP_IN_TEXT, (t) => (Math.abs(Date.parse(t) - Date.now()) < NOW_WINDOW_MS && t !== out ? '<now>' : t));
    for (const [name, p] of generated) out = out.split(name).join(p);
    out = out.replace(UUID, (u) => uids.of(u));
    // An address a Service was allocated, quoted in a message.
    out = out.replace(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g, '<ip>');
    out = out.replace(RV_IN_TEXT, (_m, lead: string, rv: string, open?: string, current?: string) => `${lead}${rvs.of(rv)}${open ?? ''}${current ? rvs.of(current) : ''}`);
    const t = TIMESTAMP.exec(out);
    if (t) {
      const when = Date.parse(out);
      if (Math.abs(when - Date.now()) < NOW_WINDOW_MS) return `<now${t[7] ? `.${'0'.repeat(t[7].length - 1)}` : ''}${t[8] === 'Z' ? '' : t[8]}>`;
    }
    return out;
  };

  const walk = (v: unknown, key?: string): unknown => {
    if (key === 'causes' && Array.isArray(v)) v = conflictCausesInStableOrder(v);
    if (key === 'managedFields' && Array.isArray(v)) return walk(managedFieldsInStableOrder(v), 'managedFields-sorted');
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      // Keys in sorted order: placeholders are numbered by appearance, which must not hang on the order a server writes keys in.
      // Keys too: a label key may hold the namespace's name, a managedFields key an owner's uid.
      for (const [k, x] of Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) out[text(k)] = walk(x, k);
      return out;
    }
    if (key && ALLOCATED_KEYS.has(key) && (typeof v === 'number' || typeof v === 'string')) return `<${key}>`;
    if (typeof v !== 'string') return v;
    if (v === '') return v;
    if (key === 'resourceVersion' && /^\d+$/.test(v)) return rvs.of(v);
    if (key === 'continue') return continues.of(v);
    return text(v);
  };

  return observations.map((o) => {
    const out: Observation = { request: requestLine(o.request, text, rvs, continues) };
    if (o.status !== undefined) out.status = o.status;
    if (o.warnings) out.warnings = o.warnings.map(text);
    if (o.body !== undefined) out.body = walk(o.body);
    if (o.events) out.events = o.events.map((e) => walk(e) as (typeof o.events)[number]);
    if (o.stdout !== undefined) out.stdout = text(o.stdout);
    if (o.stderr !== undefined) out.stderr = text(o.stderr);
    return out;
  });
}

/** The request line, with resourceVersion and continue parameters replaced like the values they came from. */
function requestLine(line: string, text: (s: string) => string, rvs: Numbering, continues: Numbering): string {
  return text(line)
    .replace(/([?&]resourceVersion=)(\d+)/g, (_m, k: string, rv: string) => `${k}${rvs.of(rv)}`)
    .replace(/([?&]continue=)([^&]+)/g, (_m, k: string, c: string) => `${k}${continues.of(decodeURIComponent(c))}`);
}

/**
 * managedFields are ordered by their times in whole seconds first: entries written in different
 * seconds take an order the clock decides, so those are put in a stable order (operation, manager,
 * subresource); entries of one second keep the server's order, which is then compared.
 */
function managedFieldsInStableOrder(entries: unknown[]): unknown[] {
  const seconds = new Set(entries.map((e) => String((e as { time?: string }).time ?? '').slice(0, 19)));
  if (seconds.size <= 1) return entries;
  const key = (e: unknown) => {
    const m = e as { operation?: string; manager?: string; subresource?: string };
    return `${m.operation ?? ''}\u0000${m.manager ?? ''}\u0000${m.subresource ?? ''}`;
  };
  return [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** kube-apiserver lists the conflicts of an apply with several managers in map order: by field, then. */
function conflictCausesInStableOrder(causes: unknown[]): unknown[] {
  if (!causes.every((c) => (c as { reason?: string }).reason === 'FieldManagerConflict')) return causes;
  const key = (c: unknown) => `${(c as { field?: string }).field ?? ''}\u0000${(c as { message?: string }).message ?? ''}`;
  return [...causes].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
