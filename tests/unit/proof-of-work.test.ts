/** The browser's proof-of-work solver against challenges the server makes. */
import { describe, expect, it } from "vitest";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { solveChallenge } from "../../src/lib/api/proof-of-work";

describe("solveChallenge", () => {
  it("finds the number of a server-made challenge, in the payload the server verifies", async () => {
    const hmacKey = "unit-test-key";
    const challenge = await createChallenge({ hmacKey, maxnumber: 5000, number: 4321 });
    const payload = await solveChallenge(challenge);
    expect(payload).not.toBeNull();
    expect(JSON.parse(atob(payload!))).toMatchObject({ number: 4321, signature: challenge.signature });
    expect(await verifySolution(payload!, hmacKey)).toBe(true);
    expect(await verifySolution(payload!, "another-key")).toBe(false);
  });

  it("gives up (null) when no number up to maxnumber fits", async () => {
    const challenge = await createChallenge({ hmacKey: "k", maxnumber: 50, number: 40 });
    expect(await solveChallenge({ ...challenge, maxnumber: 30 })).toBeNull();
  });
});
