/**
 * The compatibility check of CRDs: the CRDs as they were (a git ref's config/crd/bases) against
 * the CRDs generated now, version by version (every version the old CRD serves).
 */
import type { CustomResourceDefinition } from '../../kube/custom-resource-definition.js';
import { compareSchemas } from './compare-schemas.js';
import type { CompatFinding } from './finding.js';

const crdName = (crd: CustomResourceDefinition) => crd.metadata?.name ?? `${crd.spec.names.plural}.${crd.spec.group}`;
const storageOf = (crd: CustomResourceDefinition) => crd.spec.versions.find((v) => v.storage)?.name;

/** Findings for one CRD that exists before and after. */
export function compareCrd(old: CustomResourceDefinition, now: CustomResourceDefinition): CompatFinding[] {
  const name = crdName(now);
  const findings: CompatFinding[] = [];
  if (old.spec.scope !== now.spec.scope) {
    findings.push({ severity: 'breaking', rule: 'scope-changed', crd: name, path: '.', old: old.spec.scope, new: now.spec.scope, detail: 'kube-apiserver refuses to change a CRD\'s scope: the CRD (and every object) has to be deleted and created again', crdField: 'spec.scope' });
  }
  const oldStorage = storageOf(old);
  const newStorage = storageOf(now);
  if (oldStorage && newStorage && oldStorage !== newStorage) {
    const kept = now.spec.versions.some((v) => v.name === oldStorage);
    findings.push({
      severity: kept ? 'warning' : 'breaking',
      rule: 'storage-version-changed',
      crd: name,
      version: newStorage,
      path: '.',
      old: oldStorage,
      new: newStorage,
      detail: kept
        ? `objects stay stored as ${oldStorage} until rewritten: run the storage-version migrator (scaffolder/runtime StorageVersionMigrator) before removing ${oldStorage}`
        : `${oldStorage} is dropped in the same change: kube-apiserver refuses the CRD while status.storedVersions lists ${oldStorage}; keep it served until the objects are migrated`,
      crdField: `spec.versions[${now.spec.versions.findIndex((v) => v.name === newStorage)}].storage`,
    });
  }
  for (const oldVersion of old.spec.versions) {
    if (!oldVersion.served) continue;
    const index = now.spec.versions.findIndex((v) => v.name === oldVersion.name);
    const newVersion = now.spec.versions[index];
    if (!newVersion || !newVersion.served) {
      findings.push({
        severity: 'breaking',
        rule: 'version-removed',
        crd: name,
        version: oldVersion.name,
        path: '.',
        old: 'served',
        new: newVersion ? 'not served' : '(removed)',
        detail: `clients of ${oldVersion.name} get 404${oldVersion.name === oldStorage ? `; objects stored as ${oldVersion.name} need migrating first` : ''}`,
        crdField: newVersion ? `spec.versions[${index}].served` : 'spec.versions',
      });
      continue;
    }
    const oldSchema = oldVersion.schema?.openAPIV3Schema;
    const newSchema = newVersion.schema?.openAPIV3Schema;
    if (!oldSchema || !newSchema) continue;
    compareSchemas(oldSchema, newSchema, { path: '.', crdField: `spec.versions[${index}].schema.openAPIV3Schema` }, (f) => findings.push({ ...f, crd: name, version: oldVersion.name }));
  }
  return findings;
}

/** Findings for every CRD that was (CRDs that are new cannot break anything). */
export function compareCrds(old: readonly CustomResourceDefinition[], now: readonly CustomResourceDefinition[]): CompatFinding[] {
  const byName = new Map(now.map((crd) => [crdName(crd), crd]));
  const findings: CompatFinding[] = [];
  for (const before of old) {
    const after = byName.get(crdName(before));
    if (after) findings.push(...compareCrd(before, after));
    else findings.push({ severity: 'breaking', rule: 'crd-removed', crd: crdName(before), path: '.', old: before.spec.names.kind, new: '(removed)', detail: 'no manifest is generated for it any more: every client of the kind loses it' });
  }
  return findings;
}
