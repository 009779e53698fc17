/**
 * Field selectors (`metadata.name=x,status.phase!=Running`): the fields each resource
 * supports are metadata.name and metadata.namespace plus the resource's own field labels.
 */
import type { KubeObject } from '../model/object.js';
import type { ResourceType } from '../model/resource-type.js';
import { StatusError } from '../model/status.js';
import { badRequestStatus } from '../../kube/status.js';

export interface FieldRequirement {
  field: string;
  operator: '=' | '!=';
  value: string;
  read: (obj: KubeObject) => string | undefined;
}

export type FieldSelector = FieldRequirement[];

/** Splits on unescaped commas; `\,` `\=` `\\` escape as in fields.ParseSelector. */
function splitUnescaped(text: string, separator: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length) {
      current += ch + text[++i];
    } else if (ch === separator) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

export function parseFieldSelector(selector: string | undefined, rt: ResourceType): FieldSelector {
  if (!selector || selector.trim() === '') return [];
  return splitUnescaped(selector, ',')
    .filter((t) => t.trim() !== '')
    .map((term) => {
      const m = /^([^!=]+?)\s*(==|=|!=)\s*(.*)$/.exec(term.trim());
      if (!m) throw new StatusError(badRequestStatus(`invalid selector: '${selector}'; can't understand '${term}'`));
      const field = m[1];
      const read = fieldLabelReader(field, rt);
      if (!read) {
        // A built-in kind without field labels of its own converts them with the scheme's default, which words it so.
        if (rt.builtin && Object.keys(rt.fieldLabels ?? {}).length === 0) throw new StatusError(badRequestStatus(`${JSON.stringify(field)} is not a known field selector: only "metadata.name", "metadata.namespace"`));
        throw new StatusError(badRequestStatus(`field label not supported: ${field}`));
      }
      return { field, operator: m[2] === '!=' ? '!=' : '=', value: unescape(m[3]), read };
    });
}

function fieldLabelReader(field: string, rt: ResourceType): ((obj: KubeObject) => string | undefined) | undefined {
  if (field === 'metadata.name') return (o) => o.metadata?.name ?? '';
  if (field === 'metadata.namespace') return rt.namespaced ? (o) => o.metadata?.namespace ?? '' : () => '';
  return rt.fieldLabels[field];
}

export function matchesFields(selector: FieldSelector, obj: KubeObject): boolean {
  return selector.every((r) => {
    const v = r.read(obj) ?? '';
    return r.operator === '=' ? v === r.value : v !== r.value;
  });
}

/** The single name a selector pins, so a watch or list can skip every other key. */
export function selectedName(selector: FieldSelector): string | undefined {
  return selector.find((r) => r.field === 'metadata.name' && r.operator === '=')?.value;
}
