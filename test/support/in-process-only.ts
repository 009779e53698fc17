/**
 * The one list of tests that run on the in-process server only, each with why: they reach into
 * env.server (fault injection, direct store access) or test a behaviour of the in-process server
 * itself; or they fail on kube-apiserver because of a bug the comparison found (`differs`), until
 * it is fixed. describeBackends skips them on kube-apiserver, with the reason as the skip note.
 * Files that are wholly in-process keep `startEnv` and are listed with no test name. The example
 * projects' own tests (examples/<name>/test/) are listed here too: test/examples/examples.slow.test.ts
 * skips them when it runs an example's suite on kube-apiserver.
 */
export interface InProcessOnly {
  /** Test file, relative to the repository root. */
  file: string;
  /** The test's name (as in `it(name)`); absent: every test of the file. */
  test?: string;
  why: string;
  /** A bug: the test fails on kube-apiserver, and passes in-process only because the in-process server differs. */
  differs?: true;
}

const FAULTS = 'fault injection (env.server.failNext, hangNext, dropWatches)';
const GARBAGE_COLLECTION =
  "owner garbage collection: the in-process server deletes dependents as kube-controller-manager's garbage collector does; etcd and kube-apiserver alone (envtest's control plane) run no controllers";

export const IN_PROCESS_ONLY: InProcessOnly[] = [
  { file: 'test/runtime/client/errors.test.ts', test: 'recognise the ApiException of @kubernetes/client-node API calls by the Status it carries', why: FAULTS },
  { file: 'test/runtime/controller/controller.test.ts', test: 'after a 410 Gone relist, reconciles every object again', why: FAULTS },
  { file: 'test/runtime/events/events.test.ts', test: 'retries server errors and drops events it cannot attribute', why: FAULTS },
  { file: 'test/runtime/leaderelection/leader-election.test.ts', test: 'survives API failures while campaigning', why: FAULTS },
  { file: 'test/runtime/manager/manager.test.ts', test: 'stops within its graceful shutdown timeout when the API server never answers event writes', why: FAULTS },
  { file: 'test/runtime/manager/manager.test.ts', test: 'stops with an error when it cannot renew the lease within the renew deadline', why: FAULTS },
  { file: 'test/runtime/webhook/api-server-conversion.test.ts', test: 'keeps the object in the storage version, v1', why: 'reads the store (env.server.getObject)' },

  {
    file: 'test/testing/environment.test.ts',
    test: 'calls webhook configurations created through the API, until they are deleted',
    differs: true,
    why: 'the configuration has no caBundle: kube-apiserver cannot verify the self-signed webhook server (500, x509: unknown authority), the in-process server calls every webhook without verifying TLS (insecureSkipTLSVerify in api-server.ts refreshAdmission)',
  },
  // The examples' own suites (test/examples/examples.slow.test.ts runs them on kube-apiserver with KUBEBUILDER_ASSETS):
  ...['requeues when the pod changed since it was read (update conflict), and labels it on the next pass', 'requeues when the pod was deleted since it was read, and ignores it once the cache knows', 'ignores a request for a pod that does not exist', 'fails (to be retried with backoff) on any other error of the update'].map(
    (test) => ({ file: 'examples/pod-labeler/test/controllers/pod_controller_races.test.ts', test, why: `${FAULTS}, stallWatches` }),
  ),
  { file: 'examples/sample-controller/test/controllers/foo_controller.test.ts', test: 'deletes the Deployment with its Foo through owner garbage collection', why: GARBAGE_COLLECTION },
  { file: 'examples/xxx-controllers/test/controllers/xxx_controller.test.ts', test: 'on delete runs <jobName>-delete and releases the finalizer only once that Job has succeeded', why: GARBAGE_COLLECTION },
  {
    file: 'examples/cronjob/test/webhooks/v1/cronjob_webhook.test.ts',
    test: 'reports every problem at once, and checks updates too',
    differs: true,
    why: 'kube-apiserver calls the validating webhooks together and answers with the first denial to arrive: the v2 webhook (called for the v1 object through matchPolicy Equivalent) reports only the name, and often answers first; the in-process server answers the first denial in configuration order (the v1 webhook\'s, with both problems)',
  },
  // Wholly in-process (they keep startEnv):
  { file: 'test/runtime/cache/faults.test.ts', why: FAULTS },
  { file: 'test/runtime/client/retry.test.ts', why: `${FAULTS}: answers with Retry-After` },
  { file: 'test/runtime/webhook/recover-panic.test.ts', why: 'env.server.getObject, and setWebhooks swapped mid-test' },
  { file: 'test/runtime/leaderelection/leader-election-role.test.ts', why: "a proxy in front of env.server.url records the verbs used; the file's kube-apiserver test runs the manager under the Role instead" },
  { file: 'test/runtime/manager/secure-metrics.test.ts', why: "a review proxy answers the reviews itself; the file's kube-apiserver test uses ServiceAccounts and the scaffolded roles instead" },
  { file: 'test/runtime/manager/http2.test.ts', why: 'tests the manager\'s own servers; the API server is incidental' },
];

/** Where the example projects' files are listed: their suites run through examples.slow.test.ts, not describeBackends. */
export const EXAMPLES_DIR = 'examples/';

/** The listed tests of an example's own suite (`examples/<name>/...`). */
export function inProcessOnlyOfExample(name: string): InProcessOnly[] {
  return IN_PROCESS_ONLY.filter((e) => e.file.startsWith(`${EXAMPLES_DIR}${name}/`));
}

/** The entry that keeps a test of a file off the real control plane, if any. */
export function inProcessOnly(file: string, test: string): InProcessOnly | undefined {
  return IN_PROCESS_ONLY.find((e) => e.file === file && (e.test === undefined || e.test === test));
}

/** The skip note of a listed test. */
export function skipNote(entry: InProcessOnly): string {
  return entry.differs ? `differs on kube-apiserver (a bug): ${entry.why}` : `in-process only: ${entry.why}`;
}

