import { describe, expect, it } from 'vitest';
import { told } from './user-outcome';

describe("told: τ²-bench's communicate check (evaluator_communicate.py)", () => {
  it("finds the information in one message, ignoring case and the message's commas — the information's own commas are kept, as τ² keeps them", () => {
    expect(told('Refund of $1200', ['Your refund of $1,200 is on its way.'])).toBe(true);
    expect(told('refund', ['REFUND issued'])).toBe(true);
    // τ² lower-cases the information but strips commas only from the message.
    expect(told('$1,200', ['Your refund of $1,200 is on its way.'])).toBe(false);
    // One message must hold it whole (τ² looks message by message).
    expect(told('order cancelled', ['Your order', 'is cancelled'])).toBe(false);
    expect(told('anything', [])).toBe(false);
  });
});
