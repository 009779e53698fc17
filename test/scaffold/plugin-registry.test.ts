/**
 * An optional plugin is one value (src/project/plugins/<name>.ts) listed in the registry, and its
 * steps are src/scaffold/plugins/<name>/steps.ts, found by its name when it runs: each registered
 * plugin must have a step for every command it extends, and none for a command it does not.
 */
import { describe, expect, it } from 'vitest';
import { pluginByKey, pluginFlags, resolvePlugins } from '../../src/project/plugin-catalog.js';
import { pluginName } from '../../src/project/plugins/plugin.js';
import { optionalPlugins } from '../../src/project/plugins/registry.js';
import { loadPluginSteps } from '../../src/scaffold/plugins/steps.js';

describe('plugin registry', () => {
  it.each(optionalPlugins.map((p) => [p.short, p] as const))('%s: its steps module has a step for each command it extends', async (_, plugin) => {
    const steps = await loadPluginSteps(plugin);
    expect(Object.keys(steps).sort()).toEqual(Object.keys(plugin.commands).sort());
    for (const step of Object.values(steps)) expect(step).toBeTypeOf('function');
  });

  it('a plugin is found by its key, its short name and its name, and brings its flags to the commands it extends', () => {
    const deployImage = optionalPlugins.find((p) => pluginName(p) === 'deploy-image')!;
    expect(pluginByKey(deployImage.key)).toBe(deployImage);
    expect(resolvePlugins(`typescript/v1,${deployImage.short}`, 'create api')).toEqual([deployImage]);
    expect(resolvePlugins('deploy-image', 'create api')).toEqual([deployImage]);
    expect(Object.keys(pluginFlags('create api'))).toContain('image');
    expect(Object.keys(pluginFlags('init'))).not.toContain('image');
    expect(() => resolvePlugins('deploy-image', 'init')).toThrow('--plugins: plugin deploy-image/v1-alpha does not work with `init` (it works with: create api)');
  });
});
