/**
 * The part of CEL type checking that catches typos: selecting a field the schema does not declare
 * (`self.replcas`) is reported when the schema is compiled, as kube-apiserver rejects such a CRD
 * (`undefined field 'replcas'`). Where the schema leaves the shape open (preserved unknown fields,
 * embedded resources, untyped values) anything goes.
 */
import type { SchemaNode } from '../node.js';
import { escapePropertyName } from './values.js';

type AstValue = Record<string, unknown>;
type AstNode = { exprKind?: { case?: string; value?: AstValue } };

/** What an expression is known to be: a schema node, or unknown (null). */
type Known = SchemaNode | null;

const embeddedMeta = new Set(['apiVersion', 'kind', 'metadata']);

function leaf(type: string): SchemaNode {
  return { schema: { type }, types: [type], format: '', additionalPropertiesForbidden: false, allOf: [], anyOf: [], oneOf: [], rules: [], hasRules: false, hasDefaults: false };
}

/** At the resource root, rules see only metadata.name and metadata.generateName. */
const rootMetadata: SchemaNode = {
  ...leaf('object'),
  properties: new Map([
    ['name', leaf('string')],
    ['generateName', leaf('string')],
  ]),
};

function isOpen(node: SchemaNode): boolean {
  const s = node.schema;
  return (
    s['x-kubernetes-preserve-unknown-fields'] === true ||
    s['x-kubernetes-embedded-resource'] === true ||
    node.allOf.length > 0 ||
    node.anyOf.length > 0 ||
    node.oneOf.length > 0
  );
}

function selectField(node: SchemaNode, field: string, isRoot: boolean): Known | { undefinedField: string } {
  if (node.properties) {
    for (const [name, child] of node.properties) {
      if (escapePropertyName(name) === field) return isRoot && name === 'metadata' ? rootMetadata : child;
    }
    if (isRoot && field === 'metadata') return rootMetadata;
    if (isRoot && embeddedMeta.has(field)) return null;
    if (node.schema['x-kubernetes-embedded-resource'] && embeddedMeta.has(field)) return null;
    if (isOpen(node) || node.additionalProperties) return node.additionalProperties ?? null;
    return { undefinedField: field };
  }
  if (node.additionalProperties) return node.additionalProperties;
  return null;
}

/** The first field selection the schema does not declare, or undefined. */
export function undefinedField(expr: unknown, variables: Map<string, SchemaNode>, root: SchemaNode | undefined): string | undefined {
  let found: string | undefined;
  const visit = (e: unknown, scope: Map<string, Known>): Known => {
    if (found) return null;
    const kind = (e as AstNode | undefined)?.exprKind;
    if (!kind?.case || !kind.value) return null;
    const v = kind.value;
    switch (kind.case) {
      case 'identExpr':
        return scope.get(v.name as string) ?? null;
      case 'selectExpr': {
        const operand = visit(v.operand, scope);
        if (!operand) return null;
        const result = selectField(operand, v.field as string, operand === root);
        if (result && 'undefinedField' in result) {
          found = result.undefinedField;
          return null;
        }
        return result;
      }
      case 'callExpr':
        if (v.target) visit(v.target, scope);
        for (const arg of (v.args as unknown[]) ?? []) visit(arg, scope);
        return null;
      case 'listExpr':
        for (const el of (v.elements as unknown[]) ?? []) visit(el, scope);
        return null;
      case 'structExpr':
        for (const entry of (v.entries as { mapKey?: unknown; value?: unknown }[]) ?? []) {
          visit(entry.mapKey, scope);
          visit(entry.value, scope);
        }
        return null;
      case 'comprehensionExpr': {
        const range = visit(v.iterRange, scope);
        visit(v.accuInit, scope);
        const inner = new Map(scope);
        // Over a list the variable is an element; over a map it is a key (a string).
        const element = range?.items ?? null;
        if (typeof v.iterVar === 'string' && v.iterVar !== '') inner.set(v.iterVar, v.iterVar2 ? null : element);
        if (typeof v.iterVar2 === 'string' && v.iterVar2 !== '') inner.set(v.iterVar2, range?.items ?? range?.additionalProperties ?? null);
        if (typeof v.accuVar === 'string') inner.set(v.accuVar, null);
        visit(v.loopCondition, inner);
        visit(v.loopStep, inner);
        visit(v.result, inner);
        return null;
      }
      default:
        return null;
    }
  };
  visit(expr, new Map(variables));
  return found;
}
