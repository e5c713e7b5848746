/**
 * The owner's e-mail when a customer withdraws photo consent (src/features/site-content/mail-consent.ts):
 * for each outcome of the republish it says where the photos are, in the singular or the plural,
 * and only a failed republish asks him to publish (in the subject and on the button).
 */
import { describe, expect, it } from "vitest";
import {
  ownerConsentWithdrawnMessage,
  type WithdrawnJob,
} from "../../src/features/site-content/mail-consent";

const ctx = { ownerEmail: "owner@example.com", siteUrl: "https://www.kingdomhandyman.example" };
const job: WithdrawnJob = {
  id: 42,
  formType: "booking",
  name: "Ailsa Gray",
  service: "Painting & Wallpapering",
  shown: ["Ceiling replastered", "Hall <b>repainted</b>"],
  draftsRemoved: 2,
  takedown: "live",
};

describe("the owner's e-mail about a withdrawn photo consent", () => {
  it("names the job and each entry the live website showed, escaped in the HTML", () => {
    const m = ownerConsentWithdrawnMessage(job, ctx);
    expect(m.kind).toBe("owner_customer_update");
    expect(m.to).toEqual({ name: expect.any(String), address: "owner@example.com" });
    expect(m.subject).toBe("KB-000042: Ailsa Gray withdrew photo consent");
    expect(m.text).toContain("(Painting & Wallpapering, KB-000042)");
    expect(m.text).toContain(
      "On the live website: 2 gallery entries:\n- Ceiling replastered\n- Hall <b>repainted</b>",
    );
    expect(m.html).toContain("Hall &lt;b&gt;repainted&lt;/b&gt;");
    expect(m.html).not.toContain("<b>repainted</b>");
    expect(m.text).toContain("We took them off the live website at once");
    expect(m.html).toContain(">Open the Website screen<");
  });

  it("says what the owner must do for each outcome of the republish", () => {
    const one = { ...job, shown: ["Ceiling replastered"] };
    const text = (j: WithdrawnJob) => ownerConsentWithdrawnMessage(j, ctx).text;
    expect(text({ ...one, takedown: "publishing" })).toContain(
      "The website is being published again without it: it comes off within a few minutes. If the Website screen shows that the publish failed, press Publish there: until then it stays on the live website.",
    );
    const failed = ownerConsentWithdrawnMessage({ ...job, takedown: "failed" }, ctx);
    expect(failed.subject).toBe(
      "KB-000042: Ailsa Gray withdrew photo consent - publish the website to take the photos down",
    );
    expect(failed.text).toContain("They are STILL ON THE LIVE WEBSITE");
    expect(failed.html).toContain(
      'href="https://www.kingdomhandyman.example/admin/website" style="display:inline-block',
    );
    expect(failed.html).toContain(">Publish the website<");
    const none = { ...job, shown: [], takedown: "none" as const };
    expect(text({ ...none, draftsRemoved: 1 })).toContain(
      "None of its photos were on the live website; 1 gallery entry in your gallery drafts was removed, so it will not be published.",
    );
    expect(text({ ...none, draftsRemoved: 0 })).toContain("there is nothing to take down");
    expect(text(none)).not.toContain("On the live website:");
  });
});
