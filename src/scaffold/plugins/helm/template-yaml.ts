// A Kubernetes object written as a Helm template: plain YAML where the object is literal, Go template
// text where a value, an entry or a list item depends on the chart's values. The object is a JSON
// value whose nodes may be Expr (a scalar computed by the template), When (an entry or item shown
// only when a condition holds) or Lines (lines the caller writes itself, given the indentation).
// Literal text is escaped so that a `{{` in it (a CRD description, say) is not read as an action.
import { stringify } from 'yaml';

/** A scalar whose text is Go template (e.g. `{{ .Values.manager.replicas }}`), written as is. */
export class Expr {
  constructor(readonly text: string) {}
}

/** A map entry or list item kept only when `cond` (a Go template pipeline) is true. */
export class When {
  constructor(readonly cond: string, readonly value: unknown) {}
}

/** Lines written in place of an entry (`key` set) or a list item, at `indent` spaces. */
export class Lines {
  constructor(readonly render: (key: string | undefined, indent: number) => string[]) {}
}

const pad = (n: number) => ' '.repeat(n);

/** Helm reads `{{` as the start of an action: literal text gets it as a quoted string. */
export function escapeTemplate(text: string): string {
  return text.replaceAll('{{', '{{ "{{" }}');
}

function isSpecial(v: unknown): boolean {
  if (v instanceof Expr || v instanceof When || v instanceof Lines) return true;
  if (Array.isArray(v)) return v.some(isSpecial);
  if (v !== null && typeof v === 'object') return Object.values(v).some(isSpecial);
  return false;
}

function literal(v: unknown, indent: number): string[] {
  const text = escapeTemplate(stringify(v, { lineWidth: 0, indentSeq: false }));
  return text.replace(/\n$/, '').split('\n').map((l) => pad(indent) + l);
}

function keyText(key: string): string {
  return stringify(key, { lineWidth: 0 }).trimEnd();
}

function entryLines(key: string, v: unknown, indent: number): string[] {
  if (v instanceof Expr) return [`${pad(indent)}${keyText(key)}: ${v.text}`];
  if (!isSpecial(v)) return literal({ [key]: v }, indent);
  if (Array.isArray(v)) return [`${pad(indent)}${keyText(key)}:`, ...seqLines(v, indent)];
  return [`${pad(indent)}${keyText(key)}:`, ...mapLines(v as Record<string, unknown>, indent + 2)];
}

function mapLines(obj: Record<string, unknown>, indent: number): string[] {
  const out: string[] = [];
  for (const [key, v] of Object.entries(obj)) {
    if (v instanceof When) out.push(`${pad(indent)}{{- if ${v.cond} }}`, ...entryLines(key, v.value, indent), `${pad(indent)}{{- end }}`);
    else if (v instanceof Lines) out.push(...v.render(key, indent));
    else out.push(...entryLines(key, v, indent));
  }
  return out;
}

function itemLines(item: unknown, indent: number): string[] {
  if (item instanceof Expr) return [`${pad(indent)}- ${item.text}`];
  if (!isSpecial(item)) return literal([item], indent);
  if (Array.isArray(item)) throw new Error('a list directly inside a list is not written as a template');
  // The first entry carries the "- ": it must be a plain one (a name, most often), so it goes first.
  const entries = Object.entries(item as Record<string, unknown>);
  const first = entries.findIndex(([k, v]) => k === 'name' && !(v instanceof When) && !(v instanceof Lines));
  const at = first >= 0 ? first : entries.findIndex(([, v]) => !(v instanceof When) && !(v instanceof Lines));
  if (at < 0) throw new Error('a list item needs one unconditional entry');
  const ordered = Object.fromEntries([entries[at], ...entries.filter((_, i) => i !== at)]);
  const lines = mapLines(ordered, indent + 2);
  lines[0] = `${pad(indent)}- ${lines[0].slice(indent + 2)}`;
  return lines;
}

function seqLines(list: unknown[], indent: number): string[] {
  const out: string[] = [];
  for (const item of list) {
    if (item instanceof When) out.push(`${pad(indent)}{{- if ${item.cond} }}`, ...itemLines(item.value, indent), `${pad(indent)}{{- end }}`);
    else if (item instanceof Lines) out.push(...item.render(undefined, indent));
    else out.push(...itemLines(item, indent));
  }
  return out;
}

/** The object as template text (a document without `---`), ending in a newline. */
export function templateText(obj: Record<string, unknown>): string {
  return `${mapLines(obj, 0).join('\n')}\n`;
}

/** `key:` followed by a value of the chart's values as YAML, left out when that value is empty. */
export function valuesBlock(path: string): Lines {
  return new Lines((key, indent) => [
    `${pad(indent)}{{- with ${path} }}`,
    `${pad(indent)}${key}:`,
    `${pad(indent)}  {{- toYaml . | nindent ${indent + 2} }}`,
    `${pad(indent)}{{- end }}`,
  ]);
}
