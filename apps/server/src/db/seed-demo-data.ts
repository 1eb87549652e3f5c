import type { Deps } from '../deps';
import { seedDemoLitigation } from './seed/litigation';

/**
 * The demo data that needs the demo accounts and the demo patents (portfolio, applications, certificates,
 * litigation …): run once, on the fresh start that created the demo accounts, after the demo patents are in.
 * Deterministic: the same data on every fresh start. Each part of the product adds its own line.
 */
export async function seedDemoData(deps: Deps): Promise<void> {
  await seedDemoLitigation(deps);
}
