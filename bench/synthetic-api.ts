/**
 * The synthetic API the generator benchmarks share: KINDS kinds of FIELDS documented, marked fields
 * each (every kind of field the generators treat differently), and a controller per kind with RBAC
 * and webhook markers. One definition, so the CRD figures and the `manifests` figures measure the
 * same input.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const KINDS = 200;
export const FIELDS = 30;

function fieldSource(k: number, f: number): string {
  switch (f % 10) {
    case 0:
      return `  // name${f} is a name.\n  // +kubebuilder:validation:MinLength=1\n  // +kubebuilder:validation:MaxLength=63\n  name${f}: string;`;
    case 1:
      return `  // replicas${f} is a count.\n  // +kubebuilder:validation:Minimum=0\n  // +kubebuilder:validation:Maximum=100\n  // +optional\n  replicas${f}?: int32;`;
    case 2:
      return `  // enabled${f} switches something.\n  // +kubebuilder:default=true\n  // +optional\n  enabled${f}?: boolean;`;
    case 3:
      return `  // tags${f} are tags.\n  // +listType=set\n  // +optional\n  tags${f}?: string[];`;
    case 4:
      return `  // labels${f} are labels.\n  // +optional\n  labels${f}?: Record<string, string>;`;
    case 5:
      return `  // mode${f} is a mode.\n  // +kubebuilder:default=Fast\n  // +optional\n  mode${f}?: 'Fast' | 'Slow' | 'Off';`;
    case 6:
      return `  // nested${f} is a nested object.\n  // +optional\n  nested${f}?: Kind${k}Nested;`;
    case 7:
      return `  // size${f} is an amount of storage.\n  // +optional\n  size${f}?: Quantity;`;
    case 8:
      return `  // started${f} is a time.\n  // +optional\n  started${f}?: Time;`;
    default:
      return `  // pattern${f} is checked.\n  // +kubebuilder:validation:Pattern=\`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$\`\n  // +kubebuilder:validation:XValidation:rule="self.size() < 100",message="too long"\n  // +optional\n  pattern${f}?: string;`;
  }
}

/** Kind k's types file; `revision` changes a marker value, so a rewritten file changes its schema. */
export function kindSource(k: number, revision = 0): string {
  const fields = Array.from({ length: FIELDS }, (_, f) => fieldSource(k, f)).join('\n\n');
  return `import type { ListMeta, ObjectMeta, int32, Quantity, Time } from 'kubescaffolder/runtime';
import type { V1Condition } from '@kubernetes/client-node';

// Kind${k}Nested is nested.
export interface Kind${k}Nested {
  // inner is inside.
  inner?: string;
  // count is counted.
  // +kubebuilder:validation:Minimum=${revision}
  count?: int32;
}

// Kind${k}Spec defines the desired state of Kind${k}.
export interface Kind${k}Spec {
${fields}
}

// Kind${k}Status defines the observed state of Kind${k}.
export interface Kind${k}Status {
  // ready tells whether it is ready.
  // +optional
  ready?: boolean;
  // conditions are the latest observations.
  // +listType=map
  // +listMapKey=type
  // +optional
  conditions?: V1Condition[];
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Ready",type=boolean,JSONPath=".status.ready"

// Kind${k} is the Schema for the kind${k}s API.
export interface Kind${k} {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: Kind${k}Spec;
  status?: Kind${k}Status;
}

// +kubebuilder:object:root=true

// Kind${k}List contains a list of Kind${k}.
export interface Kind${k}List {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: Kind${k}[];
}
`;
}

/** Kind k's controller: the RBAC and webhook markers a scaffolded controller carries. */
export function controllerSource(k: number): string {
  return `import type { Reconciler, Request, Result } from 'kubescaffolder/runtime';

// +kubebuilder:rbac:groups=bench.example.com,resources=kind${k}s,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=bench.example.com,resources=kind${k}s/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=bench.example.com,resources=kind${k}s/finalizers,verbs=update

// +kubebuilder:webhook:path=/validate-bench-example-com-v1-kind${k},mutating=false,failurePolicy=fail,sideEffects=None,groups=bench.example.com,resources=kind${k}s,verbs=create;update,versions=v1,name=vkind${k}-v1.kb.io,admissionReviewVersions=v1

export class Kind${k}Reconciler implements Reconciler {
  async reconcile(req: Request): Promise<Result> {
    void req;
    return {};
  }
}
`;
}

/** Writes the API package under `dir`/api/v1 and returns that folder. */
export function writeSyntheticApi(dir: string): string {
  const api = path.join(dir, 'api', 'v1');
  mkdirSync(api, { recursive: true });
  writeFileSync(
    path.join(api, 'groupversion_info.ts'),
    `// Package v1 contains the bench API.\n// +kubebuilder:object:generate=true\n// +groupName=bench.example.com\nexport const GroupVersion = { group: 'bench.example.com', version: 'v1' };\n`,
  );
  for (let k = 0; k < KINDS; k++) writeFileSync(path.join(api, `kind${k}_types.ts`), kindSource(k));
  return api;
}

/** The API package and a controller for each kind, written into the project `dir`. */
export function writeSyntheticSources(dir: string): void {
  writeSyntheticApi(dir);
  const controllers = path.join(dir, 'src', 'controllers');
  mkdirSync(controllers, { recursive: true });
  for (let k = 0; k < KINDS; k++) writeFileSync(path.join(controllers, `kind${k}_controller.ts`), controllerSource(k));
}

/** A whole project in a new temporary folder: PROJECT, the API package and the controllers. */
export function syntheticProject(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-manifests-'));
  writeFileSync(path.join(dir, 'PROJECT'), 'version: "3"\nlayout:\n- typescript.scaffolder.dev/v1\nprojectName: bench\ndomain: example.com\n');
  writeSyntheticSources(dir);
  return dir;
}
