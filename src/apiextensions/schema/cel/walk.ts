/**
 * Runs the x-kubernetes-validations of every node that has a value, top-down as
 * apiextensions-apiserver does, pairing each value with its correlated old value (same property
 * or map key, same list-map entry) so that transition rules see `oldSelf`.
 */
import { childPath, indexPath, keyPath, type FieldCause } from '../../../kube/field-errors.js';
import type { SchemaNode } from '../node.js';
import { deepEqual } from '../../../kube/json-values.js';
import { correlateListItem, isObject } from '../values.js';
import { evaluateRules } from './rules.js';
import { toCel } from './values.js';

function runNode(node: SchemaNode, value: unknown, old: unknown, field: string, isRoot: boolean, out: FieldCause[], ratchet = true): void {
  if (value === null || value === undefined || !node.hasRules) return;
  const ruleNodes = [node, ...node.allOf].filter((n) => n.rules.length > 0);
  for (const ruleNode of ruleNodes) {
    evaluateRules(
      ruleNode.rules,
      {
        field,
        typeName: node.schema.type ?? '',
        value,
        self: toCel(node, value, isRoot),
        oldSelf: old === undefined || old === null ? undefined : toCel(node, old, isRoot),
        unchanged: ratchet && old !== undefined && deepEqual(value, old),
      },
      out,
    );
  }
  if (Array.isArray(value)) {
    const items = node.items;
    if (!items?.hasRules) return;
    const oldList = Array.isArray(old) ? old : undefined;
    value.forEach((v, i) => runNode(items, v, oldList ? correlateListItem(node, v, oldList) : undefined, indexPath(field, i), false, out, ratchet));
  } else if (isObject(value)) {
    const oldObj = isObject(old) ? old : undefined;
    const ap = node.additionalProperties;
    if (ap?.hasRules) {
      for (const [k, v] of Object.entries(value)) {
        if (node.properties?.has(k)) continue;
        runNode(ap, v, oldObj?.[k], keyPath(field, k), false, out, ratchet);
      }
    }
    if (node.properties) {
      for (const [k, v] of Object.entries(value)) {
        const prop = node.properties.get(k);
        if (prop?.hasRules) runNode(prop, v, oldObj?.[k], childPath(field, k), false, out, ratchet);
      }
    }
  }
}

export function validateRules(root: SchemaNode, obj: unknown, oldObj: unknown, out: FieldCause[]): void {
  runNode(root, obj, oldObj, '', true, out);
}

/**
 * The rules of `node` and below on `value` without ratcheting (cel.Validator without WithRatcheting,
 * as kube-apiserver runs it on a schema's default values): an unchanged value is checked too.
 * `isRoot`: `node` is a resource root (the schema's root or an embedded resource).
 */
export function validateRulesOnValue(node: SchemaNode, value: unknown, oldValue: unknown, isRoot: boolean, out: FieldCause[]): void {
  runNode(node, value, oldValue, '', isRoot, out, false);
}
