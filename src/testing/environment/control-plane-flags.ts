/**
 * The command lines of etcd and kube-apiserver in a test control plane, as envtest builds them,
 * and the user's changes to them (envtest's `APIServer.Configure().Set/Append/Disable`).
 */

/**
 * Changes to a process's flags, by flag name without dashes: a string sets the flag (replacing
 * the default), a list passes the flag once per value, `null` removes a default flag.
 * `{ 'authorization-mode': 'RBAC,Node', 'feature-gates': ['A=true', 'B=false'], 'disable-admission-plugins': null }`
 */
export type FlagOverrides = Record<string, string | string[] | null>;

type Flags = Map<string, string[]>;

function applyOverrides(defaults: Flags, overrides: FlagOverrides | undefined): string[] {
  const flags = new Map(defaults);
  for (const [name, value] of Object.entries(overrides ?? {})) {
    const key = name.replace(/^--?/, '');
    if (value === null) flags.delete(key);
    else flags.set(key, Array.isArray(value) ? value : [value]);
  }
  return [...flags].flatMap(([name, values]) => values.map((v) => `--${name}=${v}`));
}

export interface EtcdLayout {
  dataDir: string;
  clientPort: number;
  peerPort: number;
}

export function etcdArgs(layout: EtcdLayout, overrides?: FlagOverrides): string[] {
  const client = `http://127.0.0.1:${layout.clientPort}`;
  return applyOverrides(
    new Map([
      ['data-dir', [layout.dataDir]],
      ['listen-client-urls', [client]],
      ['advertise-client-urls', [client]],
      ['listen-peer-urls', [`http://127.0.0.1:${layout.peerPort}`]],
      // A test's data need not survive a crash; fsync is most of etcd's write latency.
      ['unsafe-no-fsync', ['true']],
    ]),
    overrides,
  );
}

export interface APIServerLayout {
  etcdURL: string;
  port: number;
  certDir: string;
  servingCertFile: string;
  servingKeyFile: string;
  tokenFile: string;
  serviceAccountPublicKeyFile: string;
  serviceAccountSigningKeyFile: string;
}

export function apiServerArgs(layout: APIServerLayout, overrides?: FlagOverrides): string[] {
  return applyOverrides(
    new Map([
      ['etcd-servers', [layout.etcdURL]],
      ['bind-address', ['127.0.0.1']],
      ['advertise-address', ['127.0.0.1']],
      ['secure-port', [String(layout.port)]],
      ['cert-dir', [layout.certDir]],
      ['tls-cert-file', [layout.servingCertFile]],
      ['tls-private-key-file', [layout.servingKeyFile]],
      // The admin's bearer token, in group system:masters (every request allowed), as envtest's admin user.
      ['token-auth-file', [layout.tokenFile]],
      ['authorization-mode', ['RBAC']],
      ['service-account-issuer', [`https://127.0.0.1:${layout.port}`]],
      ['service-account-key-file', [layout.serviceAccountPublicKeyFile]],
      ['service-account-signing-key-file', [layout.serviceAccountSigningKeyFile]],
      ['service-cluster-ip-range', ['10.0.0.0/24']],
      ['allow-privileged', ['true']],
      // No controller manager creates the namespaces' default ServiceAccount, which this plugin requires of Pods.
      ['disable-admission-plugins', ['ServiceAccount']],
    ]),
    overrides,
  );
}
