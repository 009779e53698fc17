/**
 * The one list of corpus cases (by name) where kube-apiserver, the test server and `manifests` do
 * not agree yet (kube-apiserver.slow.test.ts), each with why. Every entry is a bug of ours: its test is
 * expected to fail until the bug is fixed, and then fails itself until the entry is removed.
 */
export const DISAGREEMENTS: Record<string, string> = {};
