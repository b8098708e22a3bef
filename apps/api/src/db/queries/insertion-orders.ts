// The insertion_orders table (docs/product.md §3, "Insertion order"): an advertiser's order (PO number,
// flight, budget in the advertiser's currency's minor units) and the campaigns it funds
// (campaigns.insertion_order_id).
import type { Queryable } from '../database';
import type { CampaignRow } from './campaigns';

export interface InsertionOrderRow {
  id: string;
  advertiser_id: string;
  po_number: string;
  name: string;
  /** 'YYYY-MM-DD' (read as text); null when open. */
  start_date: string | null;
  end_date: string | null;
  /** In the advertiser's currency's minor units (bigint, read as text by pg, as a number by PGlite). */
  budget_minor: string | number;
  created_at: Date;
  updated_at: Date;
}

/** An order with what its access and answer need of its advertiser. */
export type InsertionOrderWithAdvertiserRow = InsertionOrderRow & { owner_id: string; currency: string };

const columns = `o.id, o.advertiser_id, o.po_number, o.name, o.start_date::text as start_date,
  o.end_date::text as end_date, o.budget_minor, o.created_at, o.updated_at`;

/** The fields a person sets. */
interface InsertionOrderFields {
  poNumber: string;
  name: string;
  startDate: string | null;
  endDate: string | null;
  budgetMinor: number;
}

export async function findInsertionOrder(
  db: Queryable,
  id: string,
): Promise<InsertionOrderWithAdvertiserRow | undefined> {
  const [row] = await db.query<InsertionOrderWithAdvertiserRow>(
    `select ${columns}, a.owner_id, a.currency
       from insertion_orders o join advertisers a on a.id = o.advertiser_id where o.id = $1`,
    [id],
  );
  return row;
}

/** The advertiser's orders, oldest first. */
export function listInsertionOrdersOfAdvertiser(
  db: Queryable,
  advertiserId: string,
): Promise<InsertionOrderRow[]> {
  return db.query<InsertionOrderRow>(
    `select ${columns} from insertion_orders o where o.advertiser_id = $1 order by o.created_at, o.id`,
    [advertiserId],
  );
}

export async function insertInsertionOrder(
  db: Queryable,
  order: InsertionOrderFields & { id: string; advertiserId: string },
): Promise<void> {
  await db.query(
    `insert into insertion_orders (id, advertiser_id, po_number, name, start_date, end_date, budget_minor)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      order.id,
      order.advertiserId,
      order.poNumber,
      order.name,
      order.startDate,
      order.endDate,
      order.budgetMinor,
    ],
  );
}

/** The order's fields; whether a row changed. */
export async function updateInsertionOrder(
  db: Queryable,
  id: string,
  fields: InsertionOrderFields,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update insertion_orders set po_number = $2, name = $3, start_date = $4, end_date = $5, budget_minor = $6,
            updated_at = now()
      where id = $1 returning id`,
    [id, fields.poNumber, fields.name, fields.startDate, fields.endDate, fields.budgetMinor],
  );
  return rows.length > 0;
}

/** Deletes the order; its campaigns stay, unlinked (on delete set null). Whether a row went. */
export async function deleteInsertionOrder(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('delete from insertion_orders where id = $1 returning id', [
    id,
  ]);
  return rows.length > 0;
}

/** The campaigns of these orders, newest first, at most `limit`. */
export function listCampaignsOfOrders(
  db: Queryable,
  orderIds: readonly string[],
  limit: number,
): Promise<CampaignRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.query<CampaignRow>(
    'select * from campaigns where insertion_order_id = any($1) order by created_at desc, id desc limit $2',
    [[...orderIds], limit],
  );
}

/** Those of `ids` that are campaigns of the advertiser, locked until the transaction ends. */
export function lockCampaignsOfAdvertiser(
  db: Queryable,
  advertiserId: string,
  ids: readonly string[],
): Promise<CampaignRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.query<CampaignRow>(
    'select * from campaigns where advertiser_id = $1 and id = any($2) order by id for update',
    [advertiserId, [...ids]],
  );
}

/** The order's campaigns now, locked until the transaction ends. */
export function lockCampaignsOfOrder(db: Queryable, orderId: string): Promise<CampaignRow[]> {
  return db.query<CampaignRow>(
    'select * from campaigns where insertion_order_id = $1 order by id for update',
    [orderId],
  );
}

/** Links the campaigns to the order (or unlinks them with null); answers them as they are now. */
export function setCampaignsOrder(
  db: Queryable,
  campaignIds: readonly string[],
  orderId: string | null,
): Promise<CampaignRow[]> {
  if (campaignIds.length === 0) return Promise.resolve([]);
  return db.query<CampaignRow>(
    `update campaigns set insertion_order_id = $2, updated_at = now() where id = any($1) returning *`,
    [[...campaignIds], orderId],
  );
}
