/**
 * One replica's shard of a sharded controller: a controller whose cache holds only the objects
 * labelled `shard.scaffolder.dev/<ring>: <its shard id>` (and their owned objects), and which holds
 * the shard Lease `<ring>-<shard id>` (labelled with the ring) while it runs.
 *
 * Why no object is ever reconciled by two shards at once:
 *
 * 1. A shard starts a reconcile only while its Lease is fresh: renewed less than a renew deadline
 *    ago by its own monotonic clock (leader election's fencing, `LeaderElector.leaseFresh()`). A
 *    shard frozen past that starts nothing until it renews; a shard that finds its Lease expired
 *    or taken stops, and its manager with it (as losing the leader lease does).
 * 2. The sharder moves an object off a live shard only after that shard let go of it: the sharder
 *    marks it for drain; the shard, in the worker that owns the key (the work queue never hands a
 *    key to two workers), so only after any running reconcile of it has returned, drops it
 *    (returns without reconciling) and removes its shard and drain labels; only then does the
 *    sharder write the new shard's label. A drain marker or another shard's label in the cache
 *    means no reconcile here.
 * 3. The sharder takes objects from a shard without its consent only when that shard's Lease ran out
 *    (renewTime + leaseDurationSeconds is past) or was released after the shard stopped. By then
 *    the shard has started nothing for leaseDuration - renewDeadline (5 s with the defaults). Before
 *    the first of them it takes the expired Lease itself (sharder.ts, writeTakenLease), with the
 *    resourceVersion it saw run out: a renewal still on its way then fails, and the shard, seeing
 *    another holder, stops, rather than count itself fresh again while its objects go elsewhere.
 *
 * So the guarantee holds for reconciles shorter than leaseDuration - renewDeadline and clocks
 * (the shard's and the sharder's) apart by less than that: a reconcile started just before the
 * fence closed and still running when the Lease ran out could overlap the new shard's, as with
 * leader election. `reconciliationTimeoutMs` bounds reconciles.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { InformerCache } from '../cache/cache.js';
import { KubeClient } from '../client/client.js';
import { isConflict, isNotFound } from '../client/errors.js';
import { RestTransport } from '../client/rest.js';
import { Controller, type ControllerSpec, type DispatchGate } from '../controller/controller.js';
import type { Reconciler } from '../controller/types.js';
import { LeaderElector } from '../leaderelection/elector.js';
import type { Logger } from '../log/index.js';
import type { Kind } from '../scheme/kind.js';
import { drainLabel, labelsOf, RING_LABEL, shardLabel, shardLeaseName } from './labels.js';
import type { ResolvedShardingOptions } from './options.js';

export interface ShardSpec {
  options: ResolvedShardingOptions;
  kubeConfig: KubeConfig;
  /** The manager's cache, whose informer of `forKind` holds this shard's objects. */
  cache: InformerCache;
  forKind: Kind;
  log: Logger;
}

export class ShardedController extends Controller {
  readonly shardID: string;
  readonly ring: string;
  private readonly shard: ShardSpec;
  private readonly transport: RestTransport;
  private readonly electing = new AbortController();
  private elector: LeaderElector | undefined;

  constructor(spec: ControllerSpec, shard: ShardSpec) {
    const transport = new RestTransport(shard.kubeConfig);
    const client = new KubeClient(transport, { fieldManager: 'shard' });
    super({ ...spec, reconciler: onlyOwnObjects(spec.reconciler, shard, client) });
    this.shard = shard;
    this.transport = transport;
    this.shardID = shard.options.shardID;
    this.ring = shard.options.ring;
  }

  /** Runs whether or not this replica leads: every replica is a shard. */
  override get needLeaderElection(): boolean {
    return false;
  }

  /** Whether this shard may start a reconcile now (its Lease is fresh). */
  leaseFresh(): boolean {
    return this.elector?.leaseFresh() ?? false;
  }

  /** Takes the shard Lease, then starts the controller; a Lease lost later ends the manager through `onPanic`. */
  override async start(cache: InformerCache, onPanic?: (err: unknown) => void, gate?: DispatchGate): Promise<void> {
    const { options, kubeConfig } = this.shard;
    const name = shardLeaseName(options.ring, options.shardID);
    const elector = new LeaderElector({
      kubeConfig,
      namespace: options.leaseNamespace,
      name,
      identity: options.shardID,
      labels: { [RING_LABEL]: options.ring },
      leaseDuration: options.leaseDuration,
      renewDeadline: options.renewDeadline,
      retryPeriod: options.retryPeriod,
      releaseOnCancel: options.releaseOnCancel,
      log: this.shard.log,
      onStoppedLeading: (reason) => {
        if (reason !== 'lost') return;
        const err = new Error(`sharding: shard lease ${options.leaseNamespace}/${name} is no longer ours; its objects go to other shards`);
        if (onPanic) onPanic(err);
        else void this.stop();
      },
    });
    this.elector = elector;
    elector.start();
    const elected = await Promise.race([
      elector.elected().then(() => true, () => false),
      new Promise<boolean>((resolve) => this.electing.signal.addEventListener('abort', () => resolve(false), { once: true })),
    ]);
    if (!elected) return;
    const leaseGate: DispatchGate = {
      open: () => elector.leaseFresh() && (gate?.open() ?? true),
      opened: async (signal) => {
        await elector.whenLeaseFresh(signal);
        await gate?.opened(signal);
      },
    };
    await super.start(cache, onPanic, leaseGate);
  }

  /** Stops reconciling first, then gives the Lease up (or leaves it to run out with releaseOnCancel false). */
  override async stop(graceMs?: number): Promise<boolean> {
    this.electing.abort();
    const finished = await super.stop(graceMs);
    await this.elector?.stop();
    this.transport.close();
    return finished;
  }
}

/**
 * The reconciler as the shard runs it: objects not (or no longer) in this shard's cache under its
 * label are not reconciled here; an object marked for drain is let go (labels removed, with the
 * resourceVersion read, so that a stale view cannot undo a newer assignment).
 */
function onlyOwnObjects(reconciler: Reconciler, shard: ShardSpec, client: KubeClient): Reconciler {
  const shardKey = shardLabel(shard.options.ring);
  const drainKey = drainLabel(shard.options.ring);
  return {
    reconcile: async (req, ctx) => {
      const key = req.namespace ? `${req.namespace}/${req.name}` : req.name;
      const obj = shard.cache.getInformer(shard.forKind).store.get(key);
      const labels = labelsOf(obj);
      if (!obj || labels[shardKey] !== shard.options.shardID) return {};
      if (labels[drainKey] === undefined) return reconciler.reconcile(req, ctx);
      try {
        await client.patch(shard.forKind, obj, { metadata: { resourceVersion: obj.metadata?.resourceVersion, labels: { [shardKey]: null, [drainKey]: null } } }, { type: 'merge' });
        ctx.log.info('let go of the object for its new shard', { ring: shard.options.ring, shard: shard.options.shardID });
      } catch (err) {
        // Changed meanwhile (its next version is on its way here), or gone: nothing to let go of now.
        if (!isConflict(err) && !isNotFound(err)) throw err;
      }
      return {};
    },
  };
}
