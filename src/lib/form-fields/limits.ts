/**
 * Maximum lengths: generous for a person and small
 * enough that no single row can be abused as storage. The database enforces the same numbers with
 * CHECK constraints (src/features/tables.ts). See docs/decisions/003-input-limits.md.
 */
export const limits = {
  name: 100,
  email: 254,
  phone: 30,
  message: 5000,
  address: 300,
  location: 100,
  reviewText: 2000,
  password: 200,
  /** Largest request body any public endpoint reads, in bytes. */
  bodyBytes: 32 * 1024,
} as const;
