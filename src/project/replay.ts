// The scaffolder commands that make a project again from its PROJECT file (`alpha generate`, and
// `alpha update` for both of its scaffolds), as kubebuilder's alpha generate replays init, create api
// and create webhook from the fields PROJECT records. Commands are CLI argument lists: the replay goes
// through the same flags, validation and generators as the user's own commands did.
//
// Order: init; per resource in PROJECT's order (the order commands added them), its API together with
// its unnamed controller, then its named controllers, then its webhooks (a conversion hub's once its
// spokes' APIs exist). That is the order in which files such as src/main.ts and an API's index.ts got
// their lines when the project was made one kind at a time. (kubebuilder creates every API, then every
// controller, then every webhook; its Go files do not list them in one place.)
import { NEWEST_KUBERNETES_API_VERSION } from '../kube/kubernetes-api.js';
import { replayPlugins, type ProjectConfig } from './project-file.js';
import { apiNamespaced, apiPackagePath, type Resource } from './resource.js';

export interface ReplayOptions {
  /** `init --install`: npm install in the new tree. */
  install: boolean;
}

/** The flags that name a resource, as `create api` and `create webhook` take them. */
function gvkFlags(r: Resource): string[] {
  return ['--group', r.group, '--version', r.version, '--kind', r.kind, ...(r.plural !== undefined ? ['--plural', r.plural] : [])];
}

function externalFlags(r: Resource): string[] {
  if (!r.external || r.api) return [];
  return ['--external-api-path', r.path ?? '', ...(r.domain ? ['--external-api-domain', r.domain] : [])];
}

/**
 * An API created before `edit --multigroup` keeps its api/<version>/ package (PROJECT records the
 * path): the replay creates such APIs in a single-group project and runs `edit --multigroup` after them.
 */
function createdBeforeMultigroup(cfg: ProjectConfig, r: Resource): boolean {
  return cfg.multigroup === true && r.api !== undefined && r.group !== '' && r.path === apiPackagePath(r.group, r.version, false);
}

function initCommand(cfg: ProjectConfig, opts: ReplayOptions, multigroup: boolean): string[] {
  return [
    'init', '--domain', cfg.domain, '--project-name', cfg.projectName,
    ...(cfg.owner !== undefined ? ['--owner', cfg.owner] : []),
    '--license', cfg.license ?? 'apache2',
    ...(multigroup ? ['--multigroup'] : []),
    ...(cfg.namespaced ? ['--namespaced'] : []),
    `--install=${opts.install}`,
  ];
}

/**
 * The resource's controllers as the commands that made them: the unnamed one, then the named ones.
 * A second named controller records the kind's unnamed one as `{name: <lower-case kind>}` first (see
 * addController); it is replayed as the unnamed one, which gives the same files and PROJECT entry.
 */
function controllersOf(r: Resource): { unnamed: boolean; named: string[] } {
  const named = (r.controllers ?? []).map((c) => c.name);
  if (named.length > 1 && named[0] === r.kind.toLowerCase()) return { unnamed: true, named: named.slice(1) };
  return { unnamed: r.controller === true, named };
}

/** `create api` for the resource's API (with its unnamed controller), or for that controller alone. */
function apiCommands(r: Resource): string[][] {
  const { unnamed } = controllersOf(r);
  if (r.api) return [['create', 'api', ...gvkFlags(r), '--resource', `--namespaced=${apiNamespaced(r.api)}`, `--controller=${unnamed}`, '--make=false']];
  if (unnamed) return [['create', 'api', ...gvkFlags(r), '--resource=false', '--controller', ...externalFlags(r), '--make=false']];
  return [];
}

/** `create api --controller-name` for each of the resource's named controllers. */
function namedControllerCommands(r: Resource): string[][] {
  return controllersOf(r).named.map((name) => ['create', 'api', ...gvkFlags(r), '--resource=false', '--controller', '--controller-name', name, ...externalFlags(r), '--make=false']);
}

function webhookCommand(r: Resource): string[] | undefined {
  const w = r.webhooks;
  if (!w || (!w.defaulting && !w.validation && !w.conversion)) return undefined;
  return [
    'create', 'webhook', ...gvkFlags(r),
    ...(w.defaulting ? ['--defaulting', ...(w.defaultingPath !== undefined ? ['--defaulting-path', w.defaultingPath] : [])] : []),
    ...(w.validation ? ['--programmatic-validation', ...(w.validationPath !== undefined ? ['--validation-path', w.validationPath] : [])] : []),
    ...(w.conversion ? ['--conversion', ...(w.spoke ?? []).flatMap((s) => ['--spoke', s])] : []),
    '--make=false',
  ];
}

/** Every command, in order, that makes the project PROJECT describes in an empty directory. */
export function replayCommands(cfg: ProjectConfig, opts: ReplayOptions): string[][] {
  // The commands of the plugins PROJECT records under `plugins:`: a `create api` a plugin made
  // (deploy-image) replaces the base one of its resource, in the resource's place; the others
  // (grafana's edit) come last.
  const pluginApis = new Map<string, string[]>();
  const pluginEdits: string[][] = [];
  for (const command of replayPlugins(cfg)) {
    if (command[0] === 'create' && command[1] === 'api') pluginApis.set(gvkOf(command), command);
    else pluginEdits.push(command);
  }
  const before = cfg.resources.filter((r) => createdBeforeMultigroup(cfg, r));
  const commands: string[][] = [initCommand(cfg, opts, cfg.multigroup === true && before.length === 0)];
  let pendingMultigroup = before.length > 0;
  // The named controllers of APIs from before `edit --multigroup` come after it (PROJECT does not say
  // where a controller file is; named controllers are most often added to a kind later).
  const afterMultigroup: string[][] = [];
  const editMultigroup = () => {
    commands.push(['edit', '--multigroup'], ...afterMultigroup);
    pendingMultigroup = false;
  };
  const created = new Set<Resource>();
  const waiting = cfg.resources.filter((r) => webhookCommand(r) !== undefined);
  // A conversion hub's webhook needs the APIs of its spokes.
  const ready = (r: Resource) =>
    created.has(r) &&
    (r.webhooks?.spoke ?? []).every((v) => cfg.resources.some((s) => created.has(s) && s.api && s.group === r.group && s.kind === r.kind && s.version === v));
  for (const r of cfg.resources) {
    if (pendingMultigroup && !before.includes(r) && r.api) editMultigroup();
    const pluginApi = r.api ? pluginApis.get(`${r.group}/${r.version}/${r.kind}`) : undefined;
    commands.push(...(pluginApi ? [pluginApi] : apiCommands(r)));
    if (pendingMultigroup && before.includes(r)) afterMultigroup.push(...namedControllerCommands(r));
    else commands.push(...namedControllerCommands(r));
    created.add(r);
    for (const w of waiting.filter(ready)) {
      commands.push(webhookCommand(w)!);
      waiting.splice(waiting.indexOf(w), 1);
    }
  }
  if (pendingMultigroup) editMultigroup();
  // Spokes PROJECT does not list: create webhook reports them.
  for (const w of waiting) commands.push(webhookCommand(w)!);
  if (cfg.kubernetesVersion !== undefined && cfg.kubernetesVersion !== NEWEST_KUBERNETES_API_VERSION) {
    commands.push(['edit', '--kubernetes-version', cfg.kubernetesVersion]);
  }
  commands.push(...pluginEdits);
  return commands;
}

/** `group/version/kind` of a `create api` command line. */
function gvkOf(command: string[]): string {
  const flag = (name: string) => command[command.indexOf(name) + 1] ?? '';
  return `${flag('--group')}/${flag('--version')}/${flag('--kind')}`;
}
