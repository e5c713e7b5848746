/**
 * The modules of the screens the owner opens most, by address: the router loads a screen's module
 * when it shows it (src/admin/router.tsx), and the admin page's first script starts loading the
 * module the address names at once, beside the app, instead of after it (./AdminPage.astro).
 * Nothing here is imported statically, so this file costs the first script nothing to wait for.
 */
export const screenModules = {
  dashboard: () => import("./components/Dashboard"),
  inbox: () => import("../features/requests/screens/InboxScreen"),
  request: () => import("../features/requests/screens/RequestRoute"),
};

/** The screen modules an address shows (a request is shown over the inbox). */
export function screenModulesFor(pathname: string): (() => Promise<unknown>)[] {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/admin") return [screenModules.dashboard];
  if (path === "/admin/submissions") return [screenModules.inbox];
  if (/^\/admin\/requests\/\d+$/.test(path)) return [screenModules.inbox, screenModules.request];
  return [];
}
