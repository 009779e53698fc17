/**
 * The storage-version migrator: after a CRD's storage version changes, objects stay stored at the
 * version they were written at until written again, and the CRD's status.storedVersions lists every
 * such version; kube-apiserver refuses to drop a version from the CRD while it is listed there.
 * The migrator rewrites every object of the kind (an update that changes nothing, which the API
 * server stores at the storage version), page by page, rate-limited, recording its progress on the
 * CRD (progress.ts), then sets status.storedVersions to the storage version alone.
 * As kube-storage-version-migrator does, outside the cluster's control plane.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { isConflict, isGone, isNotFound } from '../client/errors.js';
import { RestTransport } from '../client/rest.js';
import type { Logger } from '../log/index.js';
import { log as rootLog } from '../log/index.js';
import type { Runnable } from '../manager/runnable.js';
import { MIGRATION_PROGRESS_ANNOTATION, type MigrationProgress, readProgress } from './progress.js';
import { RateLimiter } from './rate-limiter.js';

export interface StorageVersionMigratorOptions {
  /** The cluster (a manager's `mgr.getConfig()`). */
  kubeConfig: KubeConfig;
  /** The CRD's name: `<plural>.<group>`. */
  crd: string;
  /** Objects per list page (default 100). */
  pageSize?: number;
  /** Rewrites per second (default 20), so that the API server and etcd keep serving everyone else. */
  qps?: number;
  logger?: Logger;
}

export interface MigrationResult {
  storageVersion: string;
  /** Objects rewritten by this run (not counting those of an earlier, interrupted run). */
  migrated: number;
  /** status.storedVersions before and after. */
  storedVersionsBefore: string[];
  storedVersions: string[];
  /** Whether this run took up an earlier run's progress. */
  resumed: boolean;
}

interface Crd {
  metadata: { name: string; resourceVersion?: string; annotations?: Record<string, string> };
  spec: { group: string; scope: string; names: { plural: string }; versions: { name: string; storage: boolean }[] };
  status?: { storedVersions?: string[] };
}

interface ObjectList {
  metadata?: { continue?: string };
  items: Array<{ metadata: { name: string; namespace?: string } }>;
}

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

export class StorageVersionMigrator implements Runnable {
  readonly needLeaderElection = true;
  private readonly transport: RestTransport;
  private readonly pageSize: number;
  private readonly limiter: RateLimiter;
  private readonly log: Logger;

  constructor(private readonly options: StorageVersionMigratorOptions) {
    this.transport = new RestTransport(options.kubeConfig, { userAgent: 'scaffolder-storage-version-migrator' });
    this.pageSize = options.pageSize ?? 100;
    if (!Number.isInteger(this.pageSize) || this.pageSize < 1) throw new RangeError(`pageSize must be a whole number above 0, got ${options.pageSize}`);
    this.limiter = new RateLimiter(options.qps ?? 20);
    this.log = (options.logger ?? rootLog).withName('storage-version-migrator').withValues({ crd: options.crd });
  }

  /** As a manager runnable: migrates once, on the leader; an error is logged, not thrown (the manager keeps running). */
  async start(signal: AbortSignal): Promise<void> {
    try {
      const result = await this.migrate(signal);
      this.log.info('storage version migration done', { ...result });
    } catch (err) {
      if (!signal.aborted) this.log.error(err, 'storage version migration failed; it resumes from its last page on the next start');
    }
  }

  /** Rewrites every object at the storage version, then leaves status.storedVersions with it alone. */
  async migrate(signal?: AbortSignal): Promise<MigrationResult> {
    const crd = await this.readCrd(signal);
    const storage = crd.spec.versions.find((v) => v.storage)?.name;
    if (!storage) throw new Error(`CRD ${this.options.crd} has no storage version`);
    const before = [...(crd.status?.storedVersions ?? [])];
    if (before.length === 1 && before[0] === storage) {
      return { storageVersion: storage, migrated: 0, storedVersionsBefore: before, storedVersions: before, resumed: false };
    }
    const saved = readProgress(crd.metadata.annotations, storage);
    let token = saved?.continue ?? '';
    let migrated = 0;
    const collection = `/apis/${crd.spec.group}/${storage}/${crd.spec.names.plural}`;
    for (;;) {
      let page: ObjectList;
      try {
        page = await this.transport.request<ObjectList>({ method: 'GET', path: collection, query: { limit: this.pageSize, continue: token || undefined }, signal });
      } catch (err) {
        // A continue token older than etcd's compaction is gone: start the list over (rewriting is idempotent).
        if (!isGone(err) || token === '') throw err;
        this.log.info('saved list position expired; starting the list over');
        token = '';
        continue;
      }
      for (const item of page.items) {
        await this.limiter.wait(signal);
        if (await this.rewrite(collection, crd.spec.scope === 'Namespaced', item, signal)) migrated++;
      }
      token = page.metadata?.continue ?? '';
      if (token === '') break;
      await this.saveProgress({ storageVersion: storage, continue: token, migrated: (saved?.migrated ?? 0) + migrated }, signal);
    }
    const storedVersions = await this.setStoredVersions(storage, signal);
    return { storageVersion: storage, migrated, storedVersionsBefore: before, storedVersions, resumed: saved !== undefined };
  }

  private readCrd(signal?: AbortSignal): Promise<Crd> {
    return this.transport.request<Crd>({ method: 'GET', path: `${CRDS}/${encodeURIComponent(this.options.crd)}`, signal });
  }

  /** An update that changes nothing: the API server writes the object again, at the storage version. */
  private async rewrite(collection: string, namespaced: boolean, item: ObjectList['items'][number], signal?: AbortSignal): Promise<boolean> {
    const { name, namespace } = item.metadata;
    const base = namespaced && namespace ? collection.replace(/\/([^/]+)$/, `/namespaces/${encodeURIComponent(namespace)}/$1`) : collection;
    try {
      await this.transport.request({ method: 'PUT', path: `${base}/${encodeURIComponent(name)}`, body: item, signal });
      return true;
    } catch (err) {
      // Written since it was listed (so at the storage version already), or gone: nothing left to do.
      if (isConflict(err) || isNotFound(err)) return false;
      throw err;
    }
  }

  private async saveProgress(progress: MigrationProgress, signal?: AbortSignal): Promise<void> {
    await this.transport.request({
      method: 'PATCH',
      path: `${CRDS}/${encodeURIComponent(this.options.crd)}`,
      contentType: 'application/merge-patch+json',
      body: { metadata: { annotations: { [MIGRATION_PROGRESS_ANNOTATION]: JSON.stringify(progress) } } },
      signal,
    });
  }

  /** status.storedVersions = [storage] through the status subresource (retried on conflicts), and the progress annotation removed. */
  private async setStoredVersions(storage: string, signal?: AbortSignal): Promise<string[]> {
    for (;;) {
      const crd = await this.readCrd(signal);
      try {
        const updated = await this.transport.request<Crd>({
          method: 'PUT',
          path: `${CRDS}/${encodeURIComponent(this.options.crd)}/status`,
          body: { ...crd, status: { ...crd.status, storedVersions: [storage] } },
          signal,
        });
        if (updated.metadata.annotations?.[MIGRATION_PROGRESS_ANNOTATION] !== undefined) {
          await this.transport.request({
            method: 'PATCH',
            path: `${CRDS}/${encodeURIComponent(this.options.crd)}`,
            contentType: 'application/merge-patch+json',
            body: { metadata: { annotations: { [MIGRATION_PROGRESS_ANNOTATION]: null } } },
            signal,
          });
        }
        return updated.status?.storedVersions ?? [];
      } catch (err) {
        if (!isConflict(err)) throw err;
      }
    }
  }
}
