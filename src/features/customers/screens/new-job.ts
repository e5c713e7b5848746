/**
 * Where "New job for this customer" goes: the new-job form (/admin/jobs/new) with the customer's
 * details filled in and the source set to a repeat customer.
 */
export function newJobHref(c: {
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
}): string {
  const params = new URLSearchParams({ name: c.name });
  if (c.phone) params.set("phone", c.phone);
  if (c.email) params.set("email", c.email);
  if (c.address) params.set("address", c.address);
  params.set("source", "repeat");
  return `/admin/jobs/new?${params}`;
}
