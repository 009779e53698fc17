/** The TypeScript API package of each version of an API model, for `manifests`: path -> text. */
import { type AliasType, type ApiModel, BUILTINS, embeddedBuiltin, type Field, folderOf, groupOf, type Kind, type StructType, type TypeRef, type Version } from './model.js';

/** Built-in types that are not client-node models: scaffolder/runtime's, or TypeScript's own. */
const NOT_MODELS = new Set(['Time', 'Duration', 'IntOrString', 'Quantity', 'ObjectMeta', 'RawExtension', 'Uint8Array']);

const comment = (indent: string, doc: string | undefined, markers: readonly string[]) =>
  [...(doc ? doc.split('\n') : []), ...markers].map((l) => `${indent}// ${l}\n`).join('');

function tsType(t: TypeRef, models: Set<string>): string {
  switch (t.t) {
    case 'scalar':
      return t.name === 'bool' ? 'boolean' : t.name;
    case 'struct':
    case 'alias':
      return t.name;
    case 'builtin': {
      const ts = BUILTINS[t.name].ts;
      if (!NOT_MODELS.has(ts)) models.add(ts);
      return ts;
    }
    case 'list':
      return `${tsType(t.of, models)}[]`;
    case 'map':
      return `Record<string, ${tsType(t.of, models)}>`;
  }
}

function tsField(f: Field, models: Set<string>): string {
  return `${comment('  ', f.doc, f.markers)}  ${f.json}${f.optional ? '?' : ''}: ${tsType(f.type, models)};\n`;
}

function tsStruct(s: StructType, models: Set<string>): string {
  const embeds = s.embeds.map((e) => {
    const builtin = embeddedBuiltin(e);
    return builtin ? tsType({ t: 'builtin', name: builtin }, models) : e;
  });
  const ext = embeds.length ? ` extends ${embeds.join(', ')}` : '';
  return `${comment('', s.doc, s.markers)}export interface ${s.name}${ext} {\n${s.fields.map((f) => tsField(f, models)).join('')}}\n`;
}

const TS_ALIAS_OF = { string: 'string', int32: 'int32', list: 'string[]' } as const;

function tsAlias(a: AliasType): string {
  const value = (c: string) => (a.of === 'string' ? `'${c}'` : c);
  const constants = a.constants.map((c) => `export const ${a.name}${c}: ${a.name} = ${value(c)};\n`).join('');
  return `${comment('', a.doc, a.markers)}export type ${a.name} = ${TS_ALIAS_OF[a.of]};\n\n${constants}`;
}

function tsKind(k: Kind): string {
  const status = k.status ? `  status?: ${k.status};\n` : '';
  return (
    `${comment('', undefined, ['+kubebuilder:object:root=true', ...k.markers])}${comment('', k.doc, [])}export interface ${k.name} {\n` +
    `  apiVersion?: string;\n  kind?: string;\n  metadata?: ObjectMeta;\n  spec${k.specOptional ? '?' : ''}: ${k.spec};\n${status}}\n\n` +
    `// +kubebuilder:object:root=true\nexport interface ${k.name}List {\n  apiVersion?: string;\n  kind?: string;\n  metadata?: ListMeta;\n  items: ${k.name}[];\n}\n`
  );
}

function tsPackage(id: string, v: Version): Record<string, string> {
  const models = new Set<string>();
  const body = [...v.aliases.map(tsAlias), ...v.structs.map((s) => tsStruct(s, models)), ...v.kinds.map(tsKind)].join('\n');
  const clientNode = models.size ? `import type { ${[...models].sort().join(', ')} } from '@kubernetes/client-node';\n` : '';
  const imports = `import type { Duration, int32, int64, IntOrString, ListMeta, ObjectMeta, Quantity, RawExtension, Time } from 'kubescaffolder/runtime';\n${clientNode}`;
  const info = `// Package ${v.name} is a random API package.\n${comment('', undefined, [`+groupName=${groupOf(id)}`, ...v.packageMarkers])}export const GroupVersion = { group: '${groupOf(id)}', version: '${v.name}' };\n`;
  return { 'groupversion_info.ts': info, 'types.ts': `${imports}\n${body}` };
}

/** The TypeScript files of the model written under `id`: `<id>/<version>/<file>` -> text. */
export function writeTs(id: string, model: ApiModel): Map<string, string> {
  const files = new Map<string, string>();
  for (const v of model.versions) {
    for (const [name, text] of Object.entries(tsPackage(id, v))) files.set(`${id}/${folderOf(v)}/${name}`, text);
  }
  return files;
}
