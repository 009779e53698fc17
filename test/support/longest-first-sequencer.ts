import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { longestFirst } from './longest-first.js';

/** vitest's sequencer with the order of longest-first.ts; sharding is vitest's own. */
export class LongestFirstSequencer extends BaseSequencer {
  override sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const files = specs.map((spec) => {
      const relative = path.relative(root, spec.moduleId).split(path.sep).join('/');
      const key = `${spec.project.name}:${relative}`;
      return {
        spec,
        project: spec.project.name,
        path: relative,
        size: this.ctx.cache.getFileStats(key)?.size ?? 0,
        lastDuration: this.ctx.cache.getFileTestResults(key)?.duration,
      };
    });
    return Promise.resolve(longestFirst(files).map((file) => file.spec));
  }
}
