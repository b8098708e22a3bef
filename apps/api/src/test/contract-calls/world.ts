// What the contract test's calls act on (routes/contract.test.ts, the table in test/contract-calls.ts).
import type { Client, TestServer } from '../harness';

/** What the calls act on, set by the suite's `beforeAll`; the calls that make an asset and a live
 * creative write their ids here. */
export interface ContractWorld {
  server: TestServer;
  admin: Client;
  adminEmail: string;
  campaignID: string;
  creativeID: string;
  assetID: string;
  liveID: string;
  /** A webhook receiver on loopback, allowed by the server's WEBHOOK_ALLOWED_HOSTS: the calls' endpoints
   * point at it, so a test delivery or an alert's never leaves this machine. */
  webhookUrl: string;
}

export type Calls = Record<string, () => Promise<{ httpStatus: number; body: Record<string, unknown> }>>;
