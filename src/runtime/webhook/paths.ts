/** The paths kubebuilder scaffolds for a kind's webhooks (and `+kubebuilder:webhook:path=` carries). */
interface GroupVersionKindLike {
  group: string;
  version: string;
  kind: string;
}

function suffix(gvk: GroupVersionKindLike): string {
  return `${gvk.group.replaceAll('.', '-')}-${gvk.version}-${gvk.kind.toLowerCase()}`;
}

/** `/mutate-batch-my-domain-v1-cronjob`. */
export function mutatePath(gvk: GroupVersionKindLike): string {
  return `/mutate-${suffix(gvk)}`;
}

/** `/validate-batch-my-domain-v1-cronjob`. */
export function validatePath(gvk: GroupVersionKindLike): string {
  return `/validate-${suffix(gvk)}`;
}

export const CONVERSION_PATH = '/convert';
