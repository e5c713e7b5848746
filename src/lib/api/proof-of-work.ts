/**
 * The browser's half of the proof-of-work check (src/features/rate-limits/challenge.ts): finds the
 * number ≤ `maxnumber` whose SHA-256(salt + number) is the challenge, with `crypto.subtle` and no
 * library, and returns the base64 JSON the server reads from the `Challenge-Solution` header, or
 * null when no number fits (a forged or broken challenge).
 */
export interface PowChallenge {
  readonly algorithm: string;
  readonly challenge: string;
  readonly maxnumber?: number | undefined;
  readonly salt: string;
  readonly signature: string;
}

export async function solveChallenge(c: PowChallenge): Promise<string | null> {
  const encoder = new TextEncoder();
  const max = c.maxnumber ?? 1e6;
  for (let n = 0; n <= max; n++) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(c.salt + n)));
    let hex = "";
    for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
    if (hex === c.challenge) {
      const { algorithm, challenge, salt, signature } = c;
      return btoa(JSON.stringify({ algorithm, challenge, number: n, salt, signature }));
    }
  }
  return null;
}
