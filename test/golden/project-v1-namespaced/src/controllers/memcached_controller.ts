import {
  type Client,
  type Manager,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
  type Scheme,
  controllerManagedBy,
} from 'kubescaffolder/runtime';
import { Memcached } from '../../api/v1alpha1/index.js';

// +kubebuilder:rbac:groups=cache.example.com,resources=memcacheds,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=cache.example.com,resources=memcacheds/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=cache.example.com,resources=memcacheds/finalizers,verbs=update

/** MemcachedReconciler reconciles a Memcached object. */
export class MemcachedReconciler implements Reconciler {
  constructor(readonly client: Client, readonly scheme: Scheme) {}

  /**
   * reconcile is part of the main Kubernetes reconciliation loop, which aims to move the current
   * state of the cluster closer to the desired state. It is called with the namespace and name of a
   * Memcached whenever it (or something it owns) changes; compare the state the object asks for with
   * the actual state of the cluster and act to make them match.
   *
   * Return `{ requeueAfter: ms }` to be called again later; throw to be retried with backoff.
   */
  async reconcile(req: Request, ctx: ReconcileContext): Promise<Result> {
    // TODO(user): your logic here, e.g. `const obj = await this.client.get(Memcached, req);`
    ctx.log.info('reconciling', { namespace: req.namespace, name: req.name });
    return {};
  }

  /** Sets up the controller with the Manager: which kinds it watches and what it owns. */
  setupWithManager(mgr: Manager) {
    return controllerManagedBy(mgr).for(Memcached).named('memcached').complete(this);
  }
}
