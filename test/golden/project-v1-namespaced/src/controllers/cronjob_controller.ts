import {
  type Client,
  type Manager,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
  type Scheme,
  controllerManagedBy,
  CronJobV1,
} from 'kubescaffolder/runtime';

// +kubebuilder:rbac:groups=batch,resources=cronjobs,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=batch,resources=cronjobs/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=batch,resources=cronjobs/finalizers,verbs=update

/** CronJobReconciler reconciles a CronJob object. */
export class CronJobReconciler implements Reconciler {
  constructor(readonly client: Client, readonly scheme: Scheme) {}

  /**
   * reconcile is part of the main Kubernetes reconciliation loop, which aims to move the current
   * state of the cluster closer to the desired state. It is called with the namespace and name of a
   * CronJob whenever it (or something it owns) changes; compare the state the object asks for with
   * the actual state of the cluster and act to make them match.
   *
   * Return `{ requeueAfter: ms }` to be called again later; throw to be retried with backoff.
   */
  async reconcile(req: Request, ctx: ReconcileContext): Promise<Result> {
    // TODO(user): your logic here, e.g. `const obj = await this.client.get(CronJobV1, req);`
    ctx.log.info('reconciling', { namespace: req.namespace, name: req.name });
    return {};
  }

  /** Sets up the controller with the Manager: which kinds it watches and what it owns. */
  setupWithManager(mgr: Manager) {
    return controllerManagedBy(mgr).for(CronJobV1).named('cronjob').complete(this);
  }
}
