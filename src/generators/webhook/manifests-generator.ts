/** The webhook generator as `scaffolder manifests` runs it: every `+kubebuilder:webhook` marker into config/webhook/manifests.yaml. */
import path from 'node:path';
import type { MarkerRegistry } from '../../markers/index.js';
import { type GenerationContext, type GenerationResult, type Generator, packageMarkersNamed } from '../generator.js';
import { generateWebhooks } from './generate.js';
import { WEBHOOK_CONFIGURATION_MARKER, WEBHOOK_MARKER, defineWebhookMarkers } from './markers.js';

export class WebhookManifestsGenerator implements Generator {
  registerMarkers(registry: MarkerRegistry): void {
    defineWebhookMarkers(registry);
  }

  generate(context: GenerationContext): GenerationResult {
    const { configurations, diagnostics } = generateWebhooks(packageMarkersNamed(context.markers, WEBHOOK_MARKER, WEBHOOK_CONFIGURATION_MARKER));
    const file = path.join(context.outputDir, 'webhook', 'manifests.yaml');
    return { outputs: configurations.length > 0 ? [{ file, documents: configurations }] : [], diagnostics };
  }
}
