/**
 * The npm package kubernetes-models (with @kubernetes-models/apimachinery, its dependency) as the
 * source of built-in fields' own descriptions: its `.d.ts` files carry each property's OpenAPI
 * description as JSDoc, where @kubernetes/client-node has none for a property typed with another
 * model. scaffolder ships no such text: `manifests` reads the package from the generated project's
 * node_modules (a devDependency `init` adds) and falls back to client-node's docs without it.
 *
 * A model's file is `<group>/<version>/<Kind>.d.ts` (core: `v1/<Kind>.d.ts`); it ends with
 * `export { IKind as IIoK8sApiCoreV1Kind, ... }`, the OpenAPI component's name in one word, which
 * is how a component is matched (several groups share kind names). Files are read on first use.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { KUBERNETES_MODELS_APIMACHINERY, KUBERNETES_MODELS_PACKAGE } from '../../../kube/descriptions-package.js';
import type { ModelDescriptions } from './kubernetes-models.js';

/** `io.k8s.api.core.v1.PodSpec` -> `IoK8sApiCoreV1PodSpec`, as kubernetes-models spells a component. */
export function componentWord(component: string): string {
  return component
    .split(/[.-]/)
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1))
    .join('');
}

/** The JSDoc's text: ` * ` prefixes gone, `*` unescaped (written `\*`, and `*\/` for `*` + `/`), tags (`@deprecated`) dropped. */
function jsDocText(body: string): string {
  const lines = body.split('\n').map((l) => l.replace(/^\s*\*(?: |$)/, ''));
  while (lines.length > 0 && (lines[lines.length - 1].trim() === '' || lines[lines.length - 1].startsWith('@'))) lines.pop();
  while (lines.length > 0 && lines[0].trim() === '') lines.shift();
  return lines.join('\n').replace(/\*\\\//g, '*/').replace(/\\\*/g, '*');
}

const JSDOC_THEN_INTERFACE = /\/\*\*\n((?:[ \t]*\*.*\n)*?)[ \t]*\*\/\nexport interface (I\w+)(?: extends [\w, ]+)? \{\n/;
/** A documented property at the interface's first level (four spaces in): its JSDoc, then `"name"` or `name`. */
const DOCUMENTED_PROPERTY = /^ {4}\/\*\*\n((?: {5}\*.*\n)*?) {5}\*\/\n {4}"?([^"?:\s]+)"?\??:/gm;

/** The descriptions in one model file, when it declares `word`'s interface; undefined otherwise. */
export function parseModelFile(source: string, word: string): ModelDescriptions | undefined {
  const alias = new RegExp(`^export (?:type )?\\{ (I\\w+) as I${word},`, 'm').exec(source);
  if (!alias) return undefined;
  const head = JSDOC_THEN_INTERFACE.exec(source);
  let type = '';
  let body = '';
  const start = new RegExp(`^export interface ${alias[1]}\\b`, 'm').exec(source)?.index ?? -1;
  if (head && head[2] === alias[1]) type = jsDocText(head[1]);
  if (start >= 0) {
    const end = source.indexOf('\n}', start);
    body = source.slice(start, end < 0 ? undefined : end + 1);
  }
  const properties = new Map<string, string>();
  for (const m of body.matchAll(DOCUMENTED_PROPERTY)) properties.set(m[2], jsDocText(m[1]));
  return { type, properties };
}

/** The `.d.ts` files under `root` by base name (`PodSpec` -> its paths), `_schemas` and nested packages left out. */
function modelFiles(root: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('_')) walk(path.join(dir, entry.name));
      } else if (entry.name.endsWith('.d.ts') && entry.name !== 'index.d.ts') {
        const kind = entry.name.slice(0, -'.d.ts'.length);
        const list = files.get(kind);
        if (list) list.push(path.join(dir, entry.name));
        else files.set(kind, [path.join(dir, entry.name)]);
      }
    }
  };
  walk(root);
  return files;
}

/** The descriptions of an installed kubernetes-models (and its apimachinery package), by OpenAPI component. */
export class KubernetesModelsDescriptions {
  private files?: Map<string, string[]>;
  private readonly cache = new Map<string, ModelDescriptions | null>();

  /** `roots`: the package folders (kubernetes-models', then @kubernetes-models/apimachinery's). */
  constructor(readonly roots: readonly string[]) {}

  /** The descriptions of `component` (`io.k8s.api.core.v1.PodSpec`), or undefined when the package has no such model. */
  descriptionsOf(component: string): ModelDescriptions | undefined {
    let found = this.cache.get(component);
    if (found === undefined) {
      found = null;
      const kind = component.slice(component.lastIndexOf('.') + 1);
      const word = componentWord(component);
      for (const file of this.fileIndex().get(kind) ?? []) {
        const parsed = parseModelFile(readFileSync(file, 'utf8'), word);
        if (parsed) {
          found = parsed;
          break;
        }
      }
      this.cache.set(component, found);
    }
    return found ?? undefined;
  }

  private fileIndex(): Map<string, string[]> {
    if (!this.files) {
      this.files = new Map();
      for (const root of this.roots) {
        for (const [kind, paths] of modelFiles(root)) this.files.set(kind, [...(this.files.get(kind) ?? []), ...paths]);
      }
    }
    return this.files;
  }
}

/** The folder of package `name` as Node would resolve it from `fromDir` (node_modules of it and its ancestors), real path. */
function packageFolder(name: string, fromDir: string): string | undefined {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', ...name.split('/'));
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

const installed = new Map<string, KubernetesModelsDescriptions>();

/**
 * The kubernetes-models installed for a project in `fromDir` (or an ancestor), or undefined when
 * there is none. One shared index per installed package folder.
 */
export function findKubernetesModels(fromDir: string): KubernetesModelsDescriptions | undefined {
  const models = packageFolder(KUBERNETES_MODELS_PACKAGE, fromDir);
  if (models === undefined) return undefined;
  const apimachinery = packageFolder(KUBERNETES_MODELS_APIMACHINERY, models);
  const roots = apimachinery === undefined ? [models] : [models, apimachinery];
  const key = roots.join('\0');
  let found = installed.get(key);
  if (!found) installed.set(key, (found = new KubernetesModelsDescriptions(roots)));
  return found;
}
