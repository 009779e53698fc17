/**
 * The command-line flags of a generated main.ts, with kubebuilder v4's names and defaults:
 *
 *   --metrics-bind-address        "0" (metrics server off, as kubebuilder v4's main.go); ":8080" to serve /metrics
 *   --health-probe-bind-address   ":8081"
 *   --leader-elect                false
 *   --leader-election-namespace   the pod's namespace in a cluster
 *   --kubeconfig                  path; otherwise $KUBECONFIG, in-cluster, ~/.kube/config
 *   --zap-devel                   readable development logs (JSON lines otherwise)
 *   --metrics-secure, --enable-http2, --webhook-cert-path, ...: accepted for kubebuilder compatibility (see below)
 */

export interface ManagerFlags {
  metricsBindAddress: string;
  healthProbeBindAddress: string;
  leaderElection: boolean;
  leaderElectionNamespace?: string;
  kubeconfigPath?: string;
  /** Development logging (console lines, debug level). */
  development: boolean;
  /** kubebuilder's --metrics-secure: recorded; the metrics server here serves plain HTTP only. */
  metricsSecure: boolean;
  /** kubebuilder's --webhook-cert-path (directory with tls.crt and tls.key). */
  webhookCertPath?: string;
}

interface FlagSpec {
  key: keyof ManagerFlags;
  kind: 'string' | 'boolean';
  help: string;
}

const specs: Record<string, FlagSpec> = {
  'metrics-bind-address': { key: 'metricsBindAddress', kind: 'string', help: 'address the metrics endpoint binds to ("0" disables)' },
  'health-probe-bind-address': { key: 'healthProbeBindAddress', kind: 'string', help: 'address the probe endpoint binds to' },
  'leader-elect': { key: 'leaderElection', kind: 'boolean', help: 'enable leader election' },
  'leader-election-namespace': { key: 'leaderElectionNamespace', kind: 'string', help: 'namespace of the leader election Lease' },
  kubeconfig: { key: 'kubeconfigPath', kind: 'string', help: 'path to a kubeconfig' },
  'zap-devel': { key: 'development', kind: 'boolean', help: 'development mode logging' },
  'metrics-secure': { key: 'metricsSecure', kind: 'boolean', help: 'serve metrics over HTTPS (not supported; plain HTTP is served)' },
  'webhook-cert-path': { key: 'webhookCertPath', kind: 'string', help: 'directory holding the webhook certificate' },
};

/** Flags kubebuilder scaffolds that have no effect here; accepted so that existing manifests keep working. */
const ignored = new Set(['enable-http2', 'webhook-cert-name', 'webhook-cert-key', 'metrics-cert-path', 'metrics-cert-name', 'metrics-cert-key', 'zap-log-level', 'zap-encoder', 'zap-stacktrace-level', 'zap-time-encoding']);

export function managerFlagsUsage(): string {
  return Object.entries(specs).map(([name, s]) => `  --${name}${s.kind === 'string' ? ' <value>' : ''}\t${s.help}`).join('\n');
}

/** Parses `process.argv.slice(2)`; an unknown flag or a missing value is an error that names it. */
export function parseManagerFlags(argv: readonly string[]): ManagerFlags {
  const flags: ManagerFlags = {
    metricsBindAddress: '0',
    healthProbeBindAddress: ':8081',
    leaderElection: false,
    development: false,
    metricsSecure: false,
  };
  const values = flags as unknown as Record<string, string | boolean | undefined>;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const m = /^--?([a-z0-9-]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`unexpected argument "${arg}"\nflags:\n${managerFlagsUsage()}`);
    const name = m[1]!;
    let value = m[2];
    const spec = specs[name];
    if (!spec) {
      if (ignored.has(name)) {
        if (value === undefined && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('-')) i++;
        continue;
      }
      throw new Error(`unknown flag --${name}\nflags:\n${managerFlagsUsage()}`);
    }
    if (spec.kind === 'boolean') {
      if (value === undefined) values[spec.key] = true;
      else if (/^(true|1)$/i.test(value)) values[spec.key] = true;
      else if (/^(false|0)$/i.test(value)) values[spec.key] = false;
      else throw new Error(`flag --${name}: "${value}" is not a boolean (true or false)`);
    } else {
      if (value === undefined) {
        value = argv[++i];
        if (value === undefined) throw new Error(`flag --${name} needs a value`);
      }
      values[spec.key] = value;
    }
  }
  return flags;
}
