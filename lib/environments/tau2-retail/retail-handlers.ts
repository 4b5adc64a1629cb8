/*
 * τ²-bench's retail tools (src/tau2/domains/retail/tools.py, MIT) as JavaScript handler bodies over
 * the domain's database, the handler's `state` (db.json). Each body is what τ²'s method does, line
 * for line: the same checks in the same order, the same error messages, the same float arithmetic
 * and rounding (Python's round(x, 2): the nearest of the exact binary value, as toFixed reads it),
 * so the database a run leaves is the one τ²'s environment would. One difference: a call that
 * throws changes nothing here (a handler's throw writes no state), where τ² keeps what a method
 * changed before it raised — none of the ported tasks' expected actions meets that.
 */

/** What every body starts with: lookups that throw τ²'s messages, and Python's helpers. */
const PRELUDE = `
const db = state;
const fail = (message) => { throw new Error(message); };
const own = (record, key) => Object.prototype.hasOwnProperty.call(record, key);
const getOrder = (id) => (own(db.orders, id) ? db.orders[id] : fail('Order not found'));
const getUser = (id) => (own(db.users, id) ? db.users[id] : fail('User not found'));
const getProduct = (id) => (own(db.products, id) ? db.products[id] : fail('Product not found'));
const getVariant = (productId, variantId) => {
  const product = getProduct(productId);
  return own(product.variants, variantId) ? product.variants[variantId] : fail('Variant not found');
};
const getPaymentMethod = (userId, id) => {
  const user = getUser(userId);
  return own(user.payment_methods, id) ? user.payment_methods[id] : fail('Payment method not found');
};
const isGiftCard = (method) => method.source === 'gift_card';
const round2 = (value) => Number(value.toFixed(2));
const count = (list, wanted) => list.filter((each) => each === wanted).length;
const sorted = (list) => [...list].sort();
const itemIdsOf = (order) => order.items.map((item) => item.item_id);
const address = () => ({
  address1: args.address1, address2: args.address2, city: args.city,
  state: args.state, country: args.country, zip: args.zip,
});
`;

/** Python's eval of +, -, *, /, //, ** and parentheses over numbers (what τ²'s calculate allows), then str(round(float(x), 2)). */
const CALCULATE = `
const text = args.expression;
if (![...text].every((char) => '0123456789+-*/(). '.includes(char))) fail('Invalid characters in expression');
const tokens = text.match(/\\d+\\.?\\d*|\\.\\d+|\\*\\*|\\/\\/|[-+*/()]|\\S/g) ?? [];
let at = 0;
const peek = () => tokens[at];
const take = (token) => (tokens[at] === token ? (at++, true) : false);
const invalid = () => fail('invalid syntax');
const divide = (a, b, floor) => {
  if (b === 0) fail(floor ? 'integer division or modulo by zero' : 'division by zero');
  return floor ? Math.floor(a / b) : a / b;
};
const atom = () => {
  const token = tokens[at++];
  if (token === '(') { const value = sum(); if (!take(')')) invalid(); return value; }
  if (token !== undefined && /^[\\d.]/.test(token)) return Number(token);
  return invalid();
};
const power = () => { const base = atom(); return take('**') ? base ** unary() : base; };
const unary = () => (take('-') ? -unary() : take('+') ? unary() : power());
const product = () => {
  let value = unary();
  for (;;) {
    if (take('*')) value *= unary();
    else if (take('//')) value = divide(value, unary(), true);
    else if (take('/')) value = divide(value, unary(), false);
    else return value;
  }
};
const sum = () => {
  let value = product();
  for (;;) {
    if (take('+')) value += product();
    else if (take('-')) value -= product();
    else return value;
  }
};
const value = sum();
if (at !== tokens.length) invalid();
const rounded = round2(value);
// Python's str of a float: "4.0", "-0.0", "1e+16", "1.5e-05".
if (Object.is(rounded, -0)) return '-0.0';
if (Math.abs(rounded) >= 1e16) return rounded.toExponential().replace(/e([+-])(\\d)$/, 'e$10$2');
return Number.isInteger(rounded) ? rounded.toFixed(1) : String(rounded);
`;

const BODIES: Readonly<Record<string, string>> = {
  calculate: CALCULATE,
  cancel_pending_order: `
const order = getOrder(args.order_id);
if (order.status !== 'pending') fail('Non-pending order cannot be cancelled');
if (!['no longer needed', 'ordered by mistake'].includes(args.reason)) fail('Invalid reason');
const refunds = [];
for (const payment of order.payment_history) {
  refunds.push({ transaction_type: 'refund', amount: payment.amount, payment_method_id: payment.payment_method_id });
  const user = getUser(order.user_id);
  const method = getPaymentMethod(user.user_id, payment.payment_method_id);
  if (isGiftCard(method)) method.balance = round2(method.balance + payment.amount);
}
order.status = 'cancelled';
order.cancel_reason = args.reason;
order.payment_history.push(...refunds);
return order;`,
  exchange_delivered_order_items: `
const order = getOrder(args.order_id);
if (order.status !== 'delivered') fail('Non-delivered order cannot be exchanged');
const all = itemIdsOf(order);
for (const id of args.item_ids) if (count(args.item_ids, id) > count(all, id)) fail(\`Number of \${id} not found.\`);
if (args.item_ids.length !== args.new_item_ids.length) fail('The number of items to be exchanged should match.');
let diff = 0;
args.item_ids.forEach((id, index) => {
  const newId = args.new_item_ids[index];
  const item = order.items.find((each) => each.item_id === id) ?? fail(\`Item \${id} not found\`);
  const variant = getVariant(item.product_id, newId);
  if (!variant.available) fail(\`New item \${newId} not found or available\`);
  diff += variant.price - item.price;
});
diff = round2(diff);
const method = getPaymentMethod(order.user_id, args.payment_method_id);
if (isGiftCard(method) && method.balance < diff) fail('Insufficient gift card balance to pay for the price difference');
order.status = 'exchange requested';
order.exchange_items = sorted(args.item_ids);
order.exchange_new_items = sorted(args.new_item_ids);
order.exchange_payment_method_id = args.payment_method_id;
order.exchange_price_difference = diff;
return order;`,
  find_user_id_by_name_zip: `
for (const [id, user] of Object.entries(db.users))
  if (
    user.name.first_name.toLowerCase() === args.first_name.toLowerCase() &&
    user.name.last_name.toLowerCase() === args.last_name.toLowerCase() &&
    user.address.zip === args.zip
  )
    return id;
fail('User not found');`,
  find_user_id_by_email: `
for (const [id, user] of Object.entries(db.users)) if (user.email.toLowerCase() === args.email.toLowerCase()) return id;
fail('User not found');`,
  get_order_details: 'return getOrder(args.order_id);',
  get_product_details: 'return getProduct(args.product_id);',
  get_item_details: `
for (const product of Object.values(db.products)) if (own(product.variants, args.item_id)) return product.variants[args.item_id];
fail('Item not found');`,
  get_user_details: 'return getUser(args.user_id);',
  // json.dumps(..., sort_keys=True): ", " and ": " between, non-ASCII escaped.
  list_all_product_types: `
const names = {};
for (const product of Object.values(db.products)) names[product.name] = product.product_id;
const ascii = (text) => JSON.stringify(text).replace(/[\\u0080-\\uffff]/g, (char) => '\\\\u' + char.charCodeAt(0).toString(16).padStart(4, '0'));
return '{' + Object.keys(names).sort().map((name) => ascii(name) + ': ' + ascii(names[name])).join(', ') + '}';`,
  modify_pending_order_address: `
const order = getOrder(args.order_id);
if (!order.status.includes('pending')) fail('Non-pending order cannot be modified');
order.address = address();
return order;`,
  modify_pending_order_items: `
const order = getOrder(args.order_id);
if (order.status !== 'pending') fail('Non-pending order cannot be modified');
const all = itemIdsOf(order);
for (const id of args.item_ids) if (count(args.item_ids, id) > count(all, id)) fail(\`\${id} not found\`);
if (args.item_ids.length !== args.new_item_ids.length) fail('The number of items to be exchanged should match');
let diff = 0;
let variant;
args.item_ids.forEach((id, index) => {
  const newId = args.new_item_ids[index];
  if (id === newId) fail('The new item id should be different from the old item id');
  const item = order.items.find((each) => each.item_id === id) ?? fail(\`Item \${id} not found\`);
  variant = getVariant(item.product_id, newId);
  if (!variant.available) fail(\`New item \${newId} not found or available\`);
  diff += variant.price - item.price;
});
const method = getPaymentMethod(order.user_id, args.payment_method_id);
if (isGiftCard(method) && method.balance < diff) fail('Insufficient gift card balance to pay for the new item');
order.payment_history.push({
  transaction_type: diff > 0 ? 'payment' : 'refund',
  amount: Math.abs(diff),
  payment_method_id: args.payment_method_id,
});
if (isGiftCard(method)) method.balance = round2(method.balance - diff);
// As τ² does: every modified item takes the price and options of the last new item.
args.item_ids.forEach((id, index) => {
  const item = order.items.find((each) => each.item_id === id) ?? fail(\`Item \${id} not found\`);
  item.item_id = args.new_item_ids[index];
  item.price = variant.price;
  item.options = variant.options;
});
order.status = 'pending (item modified)';
return order;`,
  modify_pending_order_payment: `
const order = getOrder(args.order_id);
if (!order.status.includes('pending')) fail('Non-pending order cannot be modified');
const method = getPaymentMethod(order.user_id, args.payment_method_id);
const first = order.payment_history[0];
if (order.payment_history.length !== 1 || first.transaction_type !== 'payment')
  fail('There should be exactly one payment for a pending order');
if (first.payment_method_id === args.payment_method_id) fail('The new payment method should be different from the current one');
const amount = first.amount;
if (isGiftCard(method) && method.balance < amount) fail('Insufficient gift card balance to pay for the order');
order.payment_history.push(
  { transaction_type: 'payment', amount, payment_method_id: args.payment_method_id },
  { transaction_type: 'refund', amount, payment_method_id: first.payment_method_id },
);
if (isGiftCard(method)) method.balance = round2(method.balance - amount);
const old = getPaymentMethod(order.user_id, first.payment_method_id);
if (isGiftCard(old)) old.balance = round2(old.balance + amount);
return order;`,
  modify_user_address: `
const user = getUser(args.user_id);
user.address = address();
return user;`,
  return_delivered_order_items: `
const order = getOrder(args.order_id);
if (order.status !== 'delivered') fail('Non-delivered order cannot be returned');
const user = getUser(order.user_id);
const method = getPaymentMethod(user.user_id, args.payment_method_id);
if (!isGiftCard(method) && args.payment_method_id !== order.payment_history[0].payment_method_id)
  fail('Payment method should be the original payment method');
const all = itemIdsOf(order);
for (const id of args.item_ids) if (count(args.item_ids, id) > count(all, id)) fail('Some item not found');
order.status = 'return requested';
order.return_items = sorted(args.item_ids);
order.return_payment_method_id = args.payment_method_id;
return order;`,
  transfer_to_human_agents: "return 'Transfer successful';",
};

/** The handler body of τ²'s retail tool `name` (its database is the handler's `state`). */
export function retailHandlerBody(name: string): string {
  const body = BODIES[name];
  if (body === undefined) throw new Error(`τ²'s retail domain has no tool named ${name}.`);
  return `${PRELUDE}${body.trim()}\n`;
}

/** The tools the port has a body for (τ²'s sixteen). */
export const RETAIL_TOOL_NAMES = Object.keys(BODIES);
