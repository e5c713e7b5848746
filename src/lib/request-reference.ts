/**
 * A request's short reference, which the customer quotes on the phone and the confirmation e-mail
 * shows: "KB-000042" for booking 42, "KC-000042" for contact message 42.
 */
export type ReferencedType = "contact" | "booking";

export function requestReference(request: { id: number; formType: ReferencedType }): string {
  return `${request.formType === "booking" ? "KB" : "KC"}-${String(request.id).padStart(6, "0")}`;
}

/** "KB-000042", "kb000042", "KB 42" → { id: 42, formType: "booking" }; anything else → null. */
export function parseReference(text: string): { id: number; formType: ReferencedType } | null {
  const match = /^\s*#?\s*(K[BC])[\s-]*0*(\d{1,10})\s*$/i.exec(text);
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  return { id, formType: match[1]!.toUpperCase() === "KB" ? "booking" : "contact" };
}
