// The product this journey file drives: global setup starts one per Vitest worker, and a worker runs
// its files one after another, so no two files ever share a product at the same time.
import { inject } from 'vitest';

/** The product's standard output and error as it ran, in its DATA_DIR (e2e/global-setup.ts). */
export const PRODUCT_OUTPUT_FILE = 'product-output.log';

export interface Product {
  baseURL: string;
  /** The product's DATA_DIR (its outbox, its files). */
  dataDir: string;
}

export function product(): Product {
  const products = inject('products');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const chosen = products[(worker - 1) % products.length];
  if (!chosen) throw new Error('No product was started for the journeys (e2e/global-setup.ts).');
  return chosen;
}
