// The files an imported CRD becomes: one API package per version under src/external/<group>/<version>/
// (groupversion_info.ts, index.ts, <kind>_types.ts), laid out as the project's own api/ packages so
// that `manifests` reads them as it reads those (it reads src/ too).
import { UsageError } from '../../project/usage-error.js';
import type { Plan } from '../machinery/plan.js';
import { render } from '../machinery/render.js';
import { CrdSchemaError, crdToTypeScript } from './crd-to-typescript.js';
import type { LocatedCrd } from './crd-source.js';

/** Where imported API packages go: `src/external/<group>/<version>`. */
export function importedPackageDir(group: string, version: string): string {
  return `src/external/${group}/${version}`;
}

/** The folder of all versions of an imported group, for a package path below it (`src/external/<group>`). */
export function importedGroupDir(packagePath: string): string | undefined {
  return /^src\/external\/[^/]+(?=\/)/.exec(packagePath)?.[0];
}

/** Plans the packages of every version of the CRD; returns their folders by version. */
export function planImportedCrd(plan: Plan, located: LocatedCrd, options: { boilerplate: string; source: string }): Map<string, string> {
  const { crd } = located;
  let versions;
  try {
    versions = crdToTypeScript(crd, { source: options.source, boilerplate: options.boilerplate });
  } catch (err) {
    if (err instanceof CrdSchemaError) throw new UsageError(`${located.where(err.path)}: CRD ${crd.metadata?.name ?? crd.spec.names.plural}: ${err.message}`);
    throw err;
  }
  const dirs = new Map<string, string>();
  for (const v of versions) {
    const dir = importedPackageDir(crd.spec.group, v.version);
    const data = { boilerplate: options.boilerplate, group: crd.spec.group, qualifiedGroup: crd.spec.group, version: v.version };
    plan.add({ path: `${dir}/groupversion_info.ts`, body: render('api/groupversion_info.ts', data), ifExists: 'skip' });
    plan.add({ path: `${dir}/index.ts`, body: render('api/index.ts', data), ifExists: 'skip' });
    plan.add({ path: `${dir}/${v.fileName}`, body: v.body, ifExists: 'error' });
    const module = `./${v.fileName.replace(/\.ts$/, '.js')}`;
    const kind = crd.spec.names.kind;
    plan.insert(`${dir}/index.ts`, 'imports', [`import { ${kind} } from '${module}';`]);
    plan.insert(`${dir}/index.ts`, 'exports', [`export * from '${module}';`]);
    plan.insert(`${dir}/index.ts`, 'scheme', [`scheme.add(${kind});`]);
    dirs.set(v.version, dir);
  }
  return dirs;
}

/** The CRD of the kind `create api` names, and the domain its group gives (`cert-manager` + `io`). */
export function findImportedCrd(
  crds: readonly LocatedCrd[],
  want: { group: string; version: string; kind: string; domain?: string },
  source: string,
): { located: LocatedCrd; domain: string } {
  const groupOf = (c: LocatedCrd) => c.crd.spec.group;
  const matches = crds.filter((c) => c.crd.spec.names.kind === want.kind && (want.domain !== undefined ? groupOf(c) === [want.group, want.domain].filter(Boolean).join('.') : groupOf(c) === want.group || groupOf(c).startsWith(`${want.group}.`)));
  const found = crds.map((c) => `${c.crd.spec.names.kind} (${groupOf(c)})`).join(', ');
  if (matches.length === 0) {
    throw new UsageError(`--external-api-path ${source}: no CRD of kind ${want.kind} in group ${want.group}${want.domain !== undefined ? `.${want.domain}` : '.<domain>'}; it holds ${found}`);
  }
  if (matches.length > 1) throw new UsageError(`--external-api-path ${source}: ${matches.length} CRDs of kind ${want.kind} (${matches.map((c) => c.file).join(', ')}); pass --external-api-domain to choose`);
  const located = matches[0];
  const domain = want.domain ?? groupOf(located).slice(want.group.length + 1);
  const versions = located.crd.spec.versions.filter((v) => v.served).map((v) => v.name);
  if (!versions.includes(want.version)) {
    throw new UsageError(`${located.where(['spec', 'versions'])}: ${want.kind} has no served version ${want.version}; it serves ${versions.join(', ') || 'none'}`);
  }
  return { located, domain };
}
