/** The Go package of each version of an API model, for controller-gen: folder name -> file name -> text. */
import { type AliasType, type ApiModel, BUILTINS, embeddedBuiltin, type Field, folderOf, goName, groupOf, type Kind, type StructType, type TypeRef, type Version } from './model.js';

const IMPORTS: Record<string, string> = {
  corev1: 'k8s.io/api/core/v1',
  metav1: 'k8s.io/apimachinery/pkg/apis/meta/v1',
  intstr: 'k8s.io/apimachinery/pkg/util/intstr',
  resource: 'k8s.io/apimachinery/pkg/api/resource',
  runtime: 'k8s.io/apimachinery/pkg/runtime',
};

const comment = (indent: string, doc: string | undefined, markers: readonly string[]) =>
  [...(doc ? doc.split('\n') : []), ...markers].map((l) => `${indent}// ${l}\n`).join('');

function goType(t: TypeRef, used: Set<string>): string {
  switch (t.t) {
    case 'scalar':
      return t.name;
    case 'struct':
    case 'alias':
      return t.name;
    case 'builtin': {
      const go = BUILTINS[t.name].go;
      if (go.includes('.')) used.add(go.split('.')[0]);
      return go;
    }
    case 'list':
      return `[]${goType(t.of, used)}`;
    case 'map':
      return `map[string]${goType(t.of, used)}`;
  }
}

function goField(f: Field, used: Set<string>): string {
  const tag = `json:"${f.json}${f.optional ? ',omitempty' : ''}"`;
  return `${comment('\t', f.doc, f.markers)}\t${goName(f.json)} ${f.pointer ? '*' : ''}${goType(f.type, used)} \`${tag}\`\n`;
}

function goStruct(s: StructType, used: Set<string>): string {
  const embeds = s.embeds.map((e) => {
    const builtin = embeddedBuiltin(e);
    return `\t${builtin ? goType({ t: 'builtin', name: builtin }, used) : e} \`json:",inline"\`\n`;
  }).join('');
  return `${comment('', s.doc, s.markers)}type ${s.name} struct {\n${embeds}${s.fields.map((f) => goField(f, used)).join('')}}\n`;
}

const GO_ALIAS_OF = { string: 'string', int32: 'int32', list: '[]string' } as const;

function goAlias(a: AliasType): string {
  const value = (c: string) => (a.of === 'string' ? `"${c}"` : c);
  const constants = a.constants.length ? `\nconst (\n${a.constants.map((c) => `\t${a.name}${c} ${a.name} = ${value(c)}\n`).join('')})\n` : '';
  return `${comment('', a.doc, a.markers)}type ${a.name} ${GO_ALIAS_OF[a.of]}\n${constants}`;
}

function goKind(k: Kind): string {
  const spec = `\tSpec ${k.spec} \`json:"spec${k.specOptional ? ',omitempty' : ''}"\`\n`;
  const status = k.status ? `\tStatus ${k.status} \`json:"status,omitempty"\`\n` : '';
  return (
    `${comment('', undefined, ['+kubebuilder:object:root=true', ...k.markers])}${comment('', k.doc, [])}type ${k.name} struct {\n` +
    `\tmetav1.TypeMeta   \`json:",inline"\`\n\tmetav1.ObjectMeta \`json:"metadata,omitempty"\`\n${spec}${status}}\n\n` +
    `// +kubebuilder:object:root=true\ntype ${k.name}List struct {\n\tmetav1.TypeMeta \`json:",inline"\`\n\tmetav1.ListMeta \`json:"metadata,omitempty"\`\n\tItems []${k.name} \`json:"items"\`\n}\n`
  );
}

function goPackage(id: string, v: Version): Record<string, string> {
  const used = new Set<string>(['metav1']);
  const body = [...v.aliases.map(goAlias), ...v.structs.map((s) => goStruct(s, used)), ...v.kinds.map(goKind)].join('\n');
  const imports = [...used].sort().map((alias) => `\t${alias} "${IMPORTS[alias]}"\n`).join('');
  const pkg = folderOf(v);
  const info = `// Package ${pkg} is a random API package.\n${comment('', undefined, [`+groupName=${groupOf(id)}`, ...v.packageMarkers])}package ${pkg}\n`;
  return { 'groupversion_info.go': info, 'types.go': `package ${pkg}\n\nimport (\n${imports})\n\n${body}` };
}

/** The Go files of the model written under `id`: `<id>/<version>/<file>` -> text. */
export function writeGo(id: string, model: ApiModel): Map<string, string> {
  const files = new Map<string, string>();
  for (const v of model.versions) {
    for (const [name, text] of Object.entries(goPackage(id, v))) files.set(`${id}/${folderOf(v)}/${name}`, text);
  }
  return files;
}
