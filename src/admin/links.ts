/** Links the admin's screens open on a phone: a map search and a dialler. */

/** A plain link to the address on a map: opens the map app or site, loads nothing here. */
export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A `tel:` link: the number's digits and a leading +, as dialers want them. */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
