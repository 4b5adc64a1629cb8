import type { RetailCase, RetailDb } from './retail-data';

/** A call as τ²'s trajectories record it. */
export type RetailCall = { name: string; arguments: Record<string, unknown> };
/** Calls an agent made for a task, named by how they were made from the task's expected actions. */
export type RetailTrajectory = { id: string; task: string; calls: RetailCall[] };

/** τ²'s retail tools that change the database (ToolType.WRITE). */
export const RETAIL_WRITE_TOOLS = new Set([
  'cancel_pending_order',
  'exchange_delivered_order_items',
  'modify_pending_order_address',
  'modify_pending_order_items',
  'modify_pending_order_payment',
  'modify_user_address',
  'return_delivered_order_items',
]);

const isWrite = (call: RetailCall) => RETAIL_WRITE_TOOLS.has(call.name);

/** The user a call acts for: named, or the owner of the order it names. */
function userOf(db: RetailDb, call: RetailCall): string | undefined {
  if (typeof call.arguments.user_id === 'string') return call.arguments.user_id;
  const order = db.orders[String(call.arguments.order_id)];
  return order?.user_id;
}

/** The first write with one argument changed to another a careless agent might give, if there is one. */
function changedArgument(db: RetailDb, call: RetailCall): RetailCall | undefined {
  const args = call.arguments;
  if (call.name === 'cancel_pending_order')
    return {
      ...call,
      arguments: { ...args, reason: args.reason === 'no longer needed' ? 'ordered by mistake' : 'no longer needed' },
    };
  if (Array.isArray(args.item_ids) && args.item_ids.length >= 2) {
    const fewer: Record<string, unknown> = { ...args, item_ids: args.item_ids.slice(0, -1) };
    if (Array.isArray(args.new_item_ids)) fewer.new_item_ids = args.new_item_ids.slice(0, -1);
    return { ...call, arguments: fewer };
  }
  if (typeof args.payment_method_id === 'string') {
    const user = db.users[userOf(db, call) ?? ''];
    const other = Object.keys(user?.payment_methods ?? {})
      .sort()
      .find((id) => id !== args.payment_method_id);
    return other ? { ...call, arguments: { ...args, payment_method_id: other } } : undefined;
  }
  if (typeof args.address2 === 'string')
    return { ...call, arguments: { ...args, address2: args.address2 === 'Suite 100' ? 'Suite 200' : 'Suite 100' } };
  return undefined;
}

/** A pending order of the task's user that the expected actions leave alone, cancelled besides. */
function extraCancel(db: RetailDb, calls: RetailCall[]): RetailCall | undefined {
  const user = calls.map((call) => userOf(db, call)).find((id) => id !== undefined);
  const touched = new Set(calls.map((call) => call.arguments.order_id));
  const order = (db.users[user ?? '']?.orders ?? []).find(
    (id) => db.orders[id]?.status === 'pending' && !touched.has(id),
  );
  return order
    ? { name: 'cancel_pending_order', arguments: { order_id: order, reason: 'no longer needed' } }
    : undefined;
}

/**
 * Trajectories of a task, made from its expected actions as agents go wrong: all of them (`gold`),
 * the reads only, the last write left out, the first write with an argument changed, an order
 * cancelled besides, and the last write said twice. Deterministic: the same cases give the same list.
 */
export function retailTrajectories(db: RetailDb, task: RetailCase): RetailTrajectory[] {
  const gold = task.actions.map((action) => ({ name: action.name, arguments: action.arguments }));
  const writes = gold.filter(isWrite);
  const made: [string, RetailCall[] | undefined][] = [
    ['gold', gold],
    ['reads-only', writes.length > 0 ? gold.filter((call) => !isWrite(call)) : undefined],
    ['last-write-left-out', writes.length > 1 ? gold.filter((call) => call !== writes[writes.length - 1]) : undefined],
  ];
  const firstWrite = writes[0];
  const changed = firstWrite ? changedArgument(db, firstWrite) : undefined;
  made.push(['argument-changed', changed ? gold.map((call) => (call === firstWrite ? changed : call)) : undefined]);
  const extra = extraCancel(db, gold);
  made.push(['order-cancelled-besides', extra ? [...gold, extra] : undefined]);
  made.push(['last-write-twice', writes.length > 0 ? [...gold, writes[writes.length - 1]] : undefined]);
  return made.flatMap(([kind, calls]) => (calls ? [{ id: `${task.id}/${kind}`, task: task.id, calls }] : []));
}
