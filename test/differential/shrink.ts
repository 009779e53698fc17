/**
 * Shrinks a model whose CRDs differ to the smallest one that still differs: each round writes every
 * model one step smaller (a version, a kind, a field, an embed, a marker or a doc comment removed)
 * as a case of one batch, and keeps the smallest that still differs, until none does.
 */
import { type ApiModel, type Field, modelSize, type StructType, type TypeRef, type Version } from './model.js';
import { type Case, runCases } from './run.js';

const copy = (m: ApiModel): ApiModel => structuredClone(m);

function typeNames(t: TypeRef): string[] {
  if (t.t === 'struct' || t.t === 'alias') return [t.name];
  if (t.t === 'list' || t.t === 'map') return typeNames(t.of);
  return [];
}

/** Drops structs and string types nothing refers to any more. */
function prune(v: Version): void {
  for (;;) {
    const used = new Set<string>();
    for (const k of v.kinds) {
      used.add(k.spec);
      if (k.status) used.add(k.status);
    }
    for (const s of v.structs) {
      for (const e of s.embeds) used.add(e);
      for (const f of s.fields) for (const n of typeNames(f.type)) used.add(n);
    }
    const structs = v.structs.filter((s) => used.has(s.name));
    const aliases = v.aliases.filter((a) => used.has(a.name));
    if (structs.length === v.structs.length && aliases.length === v.aliases.length) return;
    v.structs = structs;
    v.aliases = aliases;
  }
}

/** Removes markers that name a field no longer there (rules, oneOf lists, list-map keys, columns). */
function dropMarkersNaming(v: Version, json: string): void {
  const names = new RegExp(`\\b${json}\\b`);
  const keep = (m: string) => !(/XValidation|OneOf|listMapKey|printcolumn|selectablefield|subresource:scale/.test(m) && names.test(m));
  for (const k of v.kinds) k.markers = k.markers.filter(keep);
  for (const s of v.structs) {
    s.markers = s.markers.filter(keep);
    for (const f of s.fields) f.markers = f.markers.filter(keep);
  }
}

/** Every model one step smaller than `m`. */
function smaller(m: ApiModel): ApiModel[] {
  const out: ApiModel[] = [];
  const each = (edit: (c: ApiModel) => boolean) => {
    const c = copy(m);
    if (edit(c)) {
      for (const v of c.versions) prune(v);
      out.push(c);
    }
  };
  m.versions.forEach((v, vi) => {
    if (m.versions.length > 1) each((c) => (c.versions.splice(vi, 1), true));
    v.kinds.forEach((k, ki) => {
      if (v.kinds.length > 1) each((c) => (c.versions[vi].kinds.splice(ki, 1), true));
      k.markers.forEach((_, mi) => each((c) => (c.versions[vi].kinds[ki].markers.splice(mi, 1), true)));
      if (k.doc) each((c) => (delete c.versions[vi].kinds[ki].doc, true));
      if (k.status) each((c) => (delete c.versions[vi].kinds[ki].status, true));
    });
    v.packageMarkers.forEach((_, mi) => each((c) => (c.versions[vi].packageMarkers.splice(mi, 1), true)));
    v.aliases.forEach((a, ai) => {
      a.markers.forEach((_, mi) => each((c) => (c.versions[vi].aliases[ai].markers.splice(mi, 1), true)));
      if (a.doc) each((c) => (delete c.versions[vi].aliases[ai].doc, true));
    });
    v.structs.forEach((s: StructType, si) => {
      s.embeds.forEach((_, ei) => each((c) => (c.versions[vi].structs[si].embeds.splice(ei, 1), true)));
      s.markers.forEach((_, mi) => each((c) => (c.versions[vi].structs[si].markers.splice(mi, 1), true)));
      if (s.doc) each((c) => (delete c.versions[vi].structs[si].doc, true));
      s.fields.forEach((f: Field, fi) => {
        each((c) => {
          const cv = c.versions[vi];
          cv.structs[si].fields.splice(fi, 1);
          dropMarkersNaming(cv, f.json);
          return true;
        });
        f.markers.forEach((_, mi) => each((c) => (c.versions[vi].structs[si].fields[fi].markers.splice(mi, 1), true)));
        if (f.doc) each((c) => (delete c.versions[vi].structs[si].fields[fi].doc, true));
        if (f.pointer) each((c) => ((c.versions[vi].structs[si].fields[fi].pointer = false), true));
      });
    });
  });
  return out;
}

export interface Shrunk {
  model: ApiModel;
  differences: string[];
  rounds: number;
}

/**
 * The smallest model found below `model` (written as `id`) that still differs, within `maxRounds`
 * batches; each batch holds up to `batchSize` candidates.
 */
export async function shrink(id: string, model: ApiModel, differences: string[], options: { maxRounds?: number; batchSize?: number } = {}): Promise<Shrunk> {
  const maxRounds = options.maxRounds ?? 40;
  const batchSize = options.batchSize ?? 60;
  let best: Shrunk = { model, differences, rounds: 0 };
  for (let round = 1; round <= maxRounds; round++) {
    // Bigger steps first: removing a version or a kind shrinks most.
    const candidates = smaller(best.model).sort((a, b) => modelSize(a) - modelSize(b)).slice(0, batchSize);
    if (candidates.length === 0) break;
    const cases: Case[] = candidates.map((model, i) => ({ id: `${id}x${round}c${i}`, model }));
    const outcomes = await runCases(cases);
    const failing = cases.find((c) => outcomes.get(c.id)!.differences.length > 0);
    if (!failing) break;
    best = { model: failing.model, differences: outcomes.get(failing.id)!.differences, rounds: round };
  }
  return best;
}
