import { z } from 'zod';
import { asSchema } from 'ai';
const show = (s) => console.log(JSON.stringify(asSchema(s).jsonSchema));
show(z.object({ a: z.string() }));
show(z.looseObject({ a: z.string() }));
show(z.object({ a: z.string(), b: z.object({ c: z.number() }).passthrough() }));
show(
  z.object({
    a: z.string().nullable(),
    t: z.union([z.string(), z.null()]),
    n: z.number().int(),
    e: z.enum(['x']),
    l: z.literal(['a', 'b']),
    d: z.string().default('x'),
    any: z.any(),
    u: z.unknown(),
  }),
);
show(z.fromJSONSchema ? 'has fromJSONSchema' : 'no');
console.log(typeof z.fromJSONSchema);
