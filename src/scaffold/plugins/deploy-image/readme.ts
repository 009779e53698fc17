// The project's README says how `make run` gets the Operand images, which the manager reads from its
// environment (config/manager/manager.yaml sets them in the cluster; a local run has none): one
// part, between comment lines, rewritten with every deploy-image kind's variable each time.
import type { Plan } from '../../machinery/plan.js';
import { render } from '../../machinery/render.js';

const readmeFile = 'README.md';
const begin = '<!-- scaffolder deploy-image:';
const end = '<!-- end of scaffolder deploy-image -->\n';
/** Where init's README ends the section on running against a cluster. */
const nextSection = '\n### Deploy\n';

/** Writes (or rewrites) the part of README.md that names the image variables; a README the user removed stays removed. */
export function planReadmeImages(plan: Plan, images: Array<{ env: string; image: string }>): void {
  if (!plan.exists(readmeFile)) return;
  const part = render('deploy-image/README-images.md', { images, several: images.length > 1 });
  plan.edit(readmeFile, (content) => {
    const from = content.indexOf(begin);
    const to = from < 0 ? -1 : content.indexOf(end, from);
    if (from >= 0 && to >= 0) return content.slice(0, from) + part + content.slice(to + end.length);
    // After the section on running against a cluster (init's README), else at the end.
    const at = content.indexOf(nextSection);
    if (at >= 0) return `${content.slice(0, at)}\n${part}${content.slice(at)}`;
    return `${content}${content.endsWith('\n') ? '' : '\n'}\n${part}`;
  });
}
