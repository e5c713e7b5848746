/**
 * Whether the open request was opened from the inbox in this tab: closing it then goes back in
 * the browser's history (so Back and the close button agree); a request opened by its address
 * (a link from an e-mail, a reload) closes to the inbox instead.
 */
let openedFromInbox = false;

export function markOpenedFromInbox(): void {
  openedFromInbox = true;
}

export function takeOpenedFromInbox(): boolean {
  const was = openedFromInbox;
  openedFromInbox = false;
  return was;
}
