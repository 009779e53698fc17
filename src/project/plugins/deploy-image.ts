// deploy-image/v1-alpha: on create api, an API and a controller that deploys and manages an image
// (steps: src/scaffold/plugins/deploy-image/). Its flags and what PROJECT records of it, as
// kubebuilder's `deploy-image.go.kubebuilder.io/v1-alpha: resources: [{domain, group, version, kind, options}]`
// (options as strings, as kubebuilder writes them). The values land in generated code and YAML,
// so PROJECT's are checked as the flags are.
import type { Options } from 'yargs';
import { isJsonObject } from '../../kube/json-values.js';
import { UsageError } from '../usage-error.js';
import { validateDomain, validateGroup, validateKind, validateVersion } from '../validation.js';
import type { Plugin } from './plugin.js';

export const deployImageFlags = {
  'image': { type: 'string', describe: 'deploy-image: the Operand image the controller deploys (e.g. memcached:1.6.26-alpine3.19); required' },
  'image-container-command': { type: 'string', describe: 'deploy-image: the container command, comma-separated (e.g. "memcached,--memory-limit=64,-o,modern,-v")' },
  'image-container-port': { type: 'string', describe: 'deploy-image: the container port (1-65535); the kind gets spec.containerPort' },
  'run-as-user': { type: 'string', describe: "deploy-image: the container's user ID (securityContext.runAsUser)" },
} satisfies Record<string, Options>;

export interface DeployImageOptions {
  image: string;
  containerCommand?: string;
  containerPort?: string;
  runAsUser?: string;
}

export interface DeployImageResource {
  domain?: string;
  group: string;
  version: string;
  kind: string;
  options: DeployImageOptions;
}

export interface DeployImageConfig {
  resources: DeployImageResource[];
}

// An image reference as the container runtimes read it (distribution/reference): an optional
// registry host[:port]/, lower-case path components, an optional :tag and @digest.
const pathComponent = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const imageReference = new RegExp(
  `^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::[0-9]+)?/)?`
  + `${pathComponent}(?:/${pathComponent})*(?::[\\w][\\w.-]{0,127})?(?:@[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})?$`,
);

/** Checks the plugin's options, flag by flag; errors name the flag. */
export function validateDeployImageOptions(o: DeployImageOptions): void {
  if (o.image === '') throw new UsageError('--image is required with --plugins deploy-image/v1-alpha: the Operand image the controller deploys');
  if (o.image.length > 255 || !imageReference.test(o.image)) {
    throw new UsageError(`invalid --image "${o.image}": must be an image reference such as memcached:1.6.26-alpine3.19 or registry.example.com:5000/team/app@sha256:<digest>`);
  }
  if (o.containerCommand !== undefined) {
    const parts = commandParts(o.containerCommand);
    // eslint-disable-next-line no-control-regex -- a command argument may hold no control character
    if (parts.length === 0 || parts.some((p) => p === '' || /[\u0000-\u001f\u007f]/.test(p))) {
      throw new UsageError(`invalid --image-container-command "${o.containerCommand}": must be the command's words separated by commas, none empty, without control characters`);
    }
  }
  if (o.containerPort !== undefined) {
    const port = /^\d{1,5}$/.test(o.containerPort) ? Number(o.containerPort) : NaN;
    if (!(port >= 1 && port <= 65535)) throw new UsageError(`invalid --image-container-port "${o.containerPort}": must be an integer from 1 to 65535`);
  }
  if (o.runAsUser !== undefined) {
    const uid = /^\d{1,10}$/.test(o.runAsUser) ? Number(o.runAsUser) : NaN;
    if (!(uid >= 0 && uid <= 2147483647)) throw new UsageError(`invalid --run-as-user "${o.runAsUser}": must be an integer from 0 to 2147483647`);
  }
}

/** The container command's words: `--image-container-command` split at commas, each trimmed. */
export function commandParts(command: string): string[] {
  return command.split(',').map((p) => p.trim());
}

function stringField(obj: Record<string, unknown>, key: string, where: string, required: boolean): string | undefined {
  const v = obj[key];
  if (v === undefined || v === null) {
    if (required) throw new UsageError(`${where}: missing field "${key}"`);
    return undefined;
  }
  // kubebuilder writes ports and user IDs as strings; a hand-written number means the same.
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  if (typeof v !== 'string') throw new UsageError(`${where}: field "${key}" must be a string`);
  return v;
}

/** Checks `plugins.deploy-image...` of PROJECT as read (`where`: file:line). */
export function parseDeployImageConfig(value: unknown, where: string): DeployImageConfig {
  if (value === null || value === undefined) return { resources: [] };
  if (!isJsonObject(value)) throw new UsageError(`${where}: the deploy-image plugin's configuration must be a mapping with resources`);
  const resources = value.resources ?? [];
  if (!Array.isArray(resources)) throw new UsageError(`${where}: "resources" must be a list`);
  return {
    resources: resources.map((r: unknown, i: number) => {
      const at = `${where}: resources[${i}]`;
      if (!isJsonObject(r)) throw new UsageError(`${at}: must be a mapping`);
      const options = r.options ?? {};
      if (!isJsonObject(options)) throw new UsageError(`${at}: "options" must be a mapping`);
      const res: DeployImageResource = {
        domain: stringField(r, 'domain', at, false),
        group: stringField(r, 'group', at, false) ?? '',
        version: stringField(r, 'version', at, true)!,
        kind: stringField(r, 'kind', at, true)!,
        options: {
          image: stringField(options, 'image', `${at}.options`, true)!,
          containerCommand: stringField(options, 'containerCommand', `${at}.options`, false),
          containerPort: stringField(options, 'containerPort', `${at}.options`, false),
          runAsUser: stringField(options, 'runAsUser', `${at}.options`, false),
        },
      };
      try {
        if (res.domain) validateDomain(res.domain);
        validateGroup(res.group);
        validateVersion(res.version);
        validateKind(res.kind, { builtin: false });
        validateDeployImageOptions(res.options);
      } catch (err) {
        if (err instanceof UsageError) throw new UsageError(`${at}: ${err.message}`);
        throw err;
      }
      return res;
    }),
  };
}

/** The `create api` runs that scaffold what the configuration records. */
export function replayDeployImage(config: unknown): string[][] {
  return (config as DeployImageConfig).resources.map((r) => [
    'create', 'api', '--group', r.group, '--version', r.version, '--kind', r.kind,
    '--image', r.options.image,
    ...(r.options.containerCommand !== undefined ? ['--image-container-command', r.options.containerCommand] : []),
    ...(r.options.containerPort !== undefined ? ['--image-container-port', r.options.containerPort] : []),
    ...(r.options.runAsUser !== undefined ? ['--run-as-user', r.options.runAsUser] : []),
    '--plugins', 'deploy-image/v1-alpha',
  ]);
}

export const deployImagePlugin: Plugin = {
  key: 'deploy-image.typescript.scaffolder.dev/v1-alpha',
  short: 'deploy-image/v1-alpha',
  description: 'create api: an API and a controller that deploys and manages an image (the Operand) as a Deployment',
  // As kubebuilder's: always an API and its controller.
  commands: { 'create api': { flags: deployImageFlags, defaults: { resource: true, controller: true } } },
  parseConfig: parseDeployImageConfig,
  replay: replayDeployImage,
};
