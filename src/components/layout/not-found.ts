/**
 * Behaviour of the not-found page: log the missing path, and send an unknown
 * /services/<id> to /services. netlify.toml does the redirect on Netlify; this covers `netlify dev`,
 * where the framework server answers 404 before redirect rules run.
 */
export function unknownServiceRedirect(pathname: string): string | null {
  return /^\/services\/.+/.test(pathname) ? "/services" : null;
}

export function handleNotFound(location: Location = window.location): void {
  console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  const target = unknownServiceRedirect(location.pathname);
  if (target) location.replace(target);
}
