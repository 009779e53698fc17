/**
 * The schema rules of the compatibility check: walks the old and the new openAPIV3Schema of one
 * version side by side and reports what an object valid under the old one meets under the new one.
 * Each rule follows what kube-apiserver does with such an object (test/generators/compat/ grounds
 * them on a real kube-apiserver): refuses it on create or update, or changes it on read (pruning,
 * defaulting). kube-apiserver ratchets validation since 1.30 (CRDValidationRatcheting, GA in 1.33):
 * an update that leaves a field's value unchanged is not refused for it. On 1.36 that holds for every
 * rule here, `type`, `required` and list types included (the kube-apiserver test shows it); CEL rules
 * that read oldSelf (transition rules) are the exception.
 */
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';
import { deepEqual } from '../../kube/json-values.js';
import type { CompatFinding, CompatSeverity } from './finding.js';

/** Where a walk is: the object path users read, and the CRD field path the marker lookup reads. */
interface Place {
  path: string;
  crdField: string;
}

const RATCHETED = 'ratcheted (kube-apiserver 1.30+): stored objects still update while this value is unchanged; new objects and changed values are refused';

type Report = (f: Omit<CompatFinding, 'crd' | 'version'>) => void;

const show = (v: unknown): string => (v === undefined ? '(none)' : typeof v === 'string' ? v : JSON.stringify(v));

function child(place: Place, step: 'properties' | 'items' | 'additionalProperties', name?: string): Place {
  const base = place.path === '.' ? '' : place.path;
  if (step === 'properties') return { path: `${base}.${name}`, crdField: `${place.crdField}.properties[${name}]` };
  if (step === 'items') return { path: `${base}[*]`, crdField: `${place.crdField}.items` };
  return { path: `${base}[*]`, crdField: `${place.crdField}.additionalProperties` };
}

function emit(report: Report, place: Place, keyword: string, severity: CompatSeverity, rule: string, old: unknown, now: unknown, detail: string): void {
  report({ severity, rule, path: place.path, old: show(old), new: show(now), detail, crdField: `${place.crdField}.${keyword}` });
}

/** A lower bound (minimum, minLength, ...): raised or added is tighter. */
function lowerBound(report: Report, place: Place, keyword: keyof JSONSchemaProps, old: JSONSchemaProps, now: JSONSchemaProps): void {
  const a = old[keyword] as number | undefined;
  const b = now[keyword] as number | undefined;
  if (b !== undefined && (a === undefined || b > a)) {
    emit(report, place, keyword, 'breaking', `${keyword}-tightened`, a, b, `values below ${b} were valid and are refused; ${RATCHETED}`);
  }
}

/** An upper bound (maximum, maxItems, ...): lowered or added is tighter. */
function upperBound(report: Report, place: Place, keyword: keyof JSONSchemaProps, old: JSONSchemaProps, now: JSONSchemaProps): void {
  const a = old[keyword] as number | undefined;
  const b = now[keyword] as number | undefined;
  if (b !== undefined && (a === undefined || b < a)) {
    emit(report, place, keyword, 'breaking', `${keyword}-tightened`, a, b, `values above ${b} were valid and are refused; ${RATCHETED}`);
  }
}

function exclusive(report: Report, place: Place, keyword: 'exclusiveMinimum' | 'exclusiveMaximum', old: JSONSchemaProps, now: JSONSchemaProps): void {
  const bound = keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum';
  if (now[keyword] && !old[keyword] && now[bound] !== undefined && now[bound] === old[bound]) {
    emit(report, place, keyword, 'breaking', `${keyword}-tightened`, false, true, `the value ${now[bound]} itself was valid and is refused; ${RATCHETED}`);
  }
}

function typeOf(s: JSONSchemaProps): string {
  if (s['x-kubernetes-int-or-string']) return 'int-or-string';
  return s.type ?? '(any)';
}

/** What a value of type `a` meets under type `b`: integer → number and anything → int-or-string / any keep validating. */
function typeWidens(a: string, b: string): boolean {
  return a === b || b === '(any)' || (a === 'integer' && b === 'number') || (b === 'int-or-string' && (a === 'integer' || a === 'string'));
}

function listTypeOf(s: JSONSchemaProps): string {
  const type = s['x-kubernetes-list-type'] ?? 'atomic';
  return type === 'map' ? `map(${(s['x-kubernetes-list-map-keys'] ?? []).join(',')})` : type;
}

/** A CEL rule that reads oldSelf is a transition rule: run on updates only, never ratcheted. */
const usesOldSelf = (rule: string) => /\boldSelf\b/.test(rule);

function celRules(report: Report, place: Place, old: JSONSchemaProps, now: JSONSchemaProps): void {
  const before = new Set((old['x-kubernetes-validations'] ?? []).map((r) => r.rule));
  for (const rule of now['x-kubernetes-validations'] ?? []) {
    if (before.has(rule.rule)) continue;
    const detail = usesOldSelf(rule.rule)
      ? 'a transition rule (oldSelf): checked on every update of an existing object, not ratcheted; creates are not checked'
      : `objects the rule refuses were valid; ${RATCHETED}`;
    emit(report, place, 'x-kubernetes-validations', 'breaking', 'validation-rule-added', undefined, rule.rule, detail);
  }
}

function enumValues(report: Report, place: Place, old: JSONSchemaProps, now: JSONSchemaProps): void {
  if (!now.enum) return;
  if (!old.enum) {
    emit(report, place, 'enum', 'breaking', 'enum-added', undefined, now.enum, `any value outside the enum was valid and is refused; ${RATCHETED}`);
    return;
  }
  const removed = old.enum.filter((v) => !now.enum!.some((w) => deepEqual(v, w)));
  if (removed.length > 0) emit(report, place, 'enum', 'breaking', 'enum-value-removed', removed, now.enum, `objects holding ${removed.map((v) => JSON.stringify(v)).join(', ')} are refused; ${RATCHETED}`);
}

function required(report: Report, place: Place, old: JSONSchemaProps, now: JSONSchemaProps): void {
  const before = new Set(old.required ?? []);
  for (const name of now.required ?? []) {
    if (before.has(name)) continue;
    const field = child(place, 'properties', name);
    report({
      severity: 'breaking',
      rule: 'field-required',
      path: field.path,
      old: 'optional',
      new: 'required',
      detail: `objects without ${field.path} were valid and are refused; ${RATCHETED}`,
      crdField: `${place.crdField}.required`,
    });
  }
}

function defaults(report: Report, place: Place, old: JSONSchemaProps, now: JSONSchemaProps): void {
  if (deepEqual(old.default, now.default)) return;
  if (now.default === undefined) {
    emit(report, place, 'default', 'breaking', 'default-removed', old.default, undefined, 'stored objects keep the old default (it was written with them); new objects that leave the field out get none');
    return;
  }
  const detail = old.default === undefined
    ? 'stored objects without the field read back with the new default (kube-apiserver defaults on read)'
    : 'new objects that leave the field out get a different value than existing clients expect';
  emit(report, place, 'default', 'breaking', old.default === undefined ? 'default-added' : 'default-changed', old.default, now.default, detail);
}

function keepsUnknownFields(s: JSONSchemaProps): boolean {
  return s['x-kubernetes-preserve-unknown-fields'] === true;
}

/** Compares `old` with `now` at `place` and below. */
export function compareSchemas(old: JSONSchemaProps, now: JSONSchemaProps, place: Place, report: Report): void {
  const oldType = typeOf(old);
  const newType = typeOf(now);
  if (!typeWidens(oldType, newType)) {
    emit(report, place, 'type', 'breaking', 'type-changed', oldType, newType, `values of type ${oldType} are refused; ${RATCHETED}`);
    return; // below a changed type every other difference is noise
  }
  if (now.format !== undefined && now.format !== old.format) {
    emit(report, place, 'format', 'breaking', old.format === undefined ? 'format-added' : 'format-changed', old.format, now.format, `values that are not ${now.format} are refused; ${RATCHETED}`);
  }
  if (old.nullable && !now.nullable) {
    emit(report, place, 'nullable', 'breaking', 'nullable-removed', true, false, 'null values are dropped from objects (kube-apiserver prunes nulls of fields that are not nullable)');
  }
  if (old['x-kubernetes-embedded-resource'] !== now['x-kubernetes-embedded-resource']) {
    emit(report, place, 'x-kubernetes-embedded-resource', 'breaking', 'embedded-resource-changed', old['x-kubernetes-embedded-resource'] ?? false, now['x-kubernetes-embedded-resource'] ?? false, 'the embedded object is validated (apiVersion, kind, metadata) and pruned differently');
  }
  lowerBound(report, place, 'minimum', old, now);
  upperBound(report, place, 'maximum', old, now);
  exclusive(report, place, 'exclusiveMinimum', old, now);
  exclusive(report, place, 'exclusiveMaximum', old, now);
  if (now.multipleOf !== undefined && (old.multipleOf === undefined || old.multipleOf % now.multipleOf !== 0)) {
    emit(report, place, 'multipleOf', 'breaking', 'multipleOf-tightened', old.multipleOf, now.multipleOf, `values that are not multiples of ${now.multipleOf} are refused; ${RATCHETED}`);
  }
  lowerBound(report, place, 'minLength', old, now);
  upperBound(report, place, 'maxLength', old, now);
  lowerBound(report, place, 'minItems', old, now);
  upperBound(report, place, 'maxItems', old, now);
  lowerBound(report, place, 'minProperties', old, now);
  upperBound(report, place, 'maxProperties', old, now);
  if (now.pattern !== undefined && now.pattern !== old.pattern) {
    emit(report, place, 'pattern', 'breaking', old.pattern === undefined ? 'pattern-added' : 'pattern-changed', old.pattern, now.pattern, `strings not matching ${now.pattern} are refused; ${RATCHETED}`);
  }
  if (now.uniqueItems && !old.uniqueItems) {
    emit(report, place, 'uniqueItems', 'breaking', 'uniqueItems-added', false, true, `lists with duplicates are refused; ${RATCHETED}`);
  }
  enumValues(report, place, old, now);
  celRules(report, place, old, now);
  defaults(report, place, old, now);
  if (old.type === 'array' || now.type === 'array') {
    const a = listTypeOf(old);
    const b = listTypeOf(now);
    // Towards atomic only changes how server-side apply merges; towards set or map adds uniqueness checks.
    if (a !== b) {
      const tighter = b !== 'atomic';
      emit(report, place, 'x-kubernetes-list-type', tighter ? 'breaking' : 'warning', 'list-type-changed', a, b, tighter
        ? `lists with duplicate ${b.startsWith('map') ? 'keys' : 'items'} are refused, and server-side apply merges them differently; ${RATCHETED}`
        : 'server-side apply replaces the whole list instead of merging its items: appliers that own single items lose them');
    }
  }
  if ((old['x-kubernetes-map-type'] ?? 'granular') !== (now['x-kubernetes-map-type'] ?? 'granular') && (old.type === 'object' || now.type === 'object')) {
    emit(report, place, 'x-kubernetes-map-type', 'warning', 'map-type-changed', old['x-kubernetes-map-type'] ?? 'granular', now['x-kubernetes-map-type'] ?? 'granular', 'server-side apply merges the map differently: appliers that own single keys may lose them');
  }
  required(report, place, old, now);

  // Fields: removed ones are pruned from stored objects (on read) and from requests.
  const oldProps = old.properties ?? {};
  const newProps = now.properties ?? {};
  for (const [name, oldProp] of Object.entries(oldProps)) {
    const field = child(place, 'properties', name);
    const newProp = newProps[name];
    if (newProp) {
      compareSchemas(oldProp, newProp, field, report);
    } else if (!keepsUnknownFields(now) && now.additionalProperties === undefined) {
      report({ severity: 'breaking', rule: 'field-removed', path: field.path, old: typeOf(oldProp), new: '(removed)', detail: 'the field is pruned: stored objects read back without it and clients that send it lose it', crdField: `${place.crdField}.properties` });
    }
  }
  if (old.items && now.items) compareSchemas(old.items, now.items, child(place, 'items'), report);
  const oldAdditional = old.additionalProperties;
  const newAdditional = now.additionalProperties;
  if (typeof oldAdditional === 'object' && typeof newAdditional === 'object') compareSchemas(oldAdditional, newAdditional, child(place, 'additionalProperties'), report);
  else if (oldAdditional !== undefined && oldAdditional !== false && newAdditional === undefined && !keepsUnknownFields(now) && !now.properties) {
    emit(report, place, 'additionalProperties', 'breaking', 'map-removed', 'map', '(removed)', 'the map entries are pruned from stored objects and requests');
  }
  if (keepsUnknownFields(old) && !keepsUnknownFields(now)) {
    emit(report, place, 'x-kubernetes-preserve-unknown-fields', 'breaking', 'unknown-fields-pruned', true, false, 'fields the schema does not list are pruned from stored objects (on read) and requests');
  }
}

export type { Place, Report };
