/**
 * The services' names for the admin's screens: a request stores its service's address (slug), and
 * the owner reads the name the website gives it, a hidden service's included
 * (docs/decisions/056-services-from-published-content.md). One fetch of the website's content,
 * shared with the Website screen's cache.
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { queries } from "../../../admin/query";
import { serviceLabel } from "../../../lib/service-catalog";

const minutes = 60_000;

/** Every service (hidden ones last), for lists the owner picks from, and the names by slug. */
export function useServices() {
  const site = useQuery({ ...queries.site(), staleTime: 5 * minutes });
  return useMemo(() => {
    const services = site.data?.services ?? [];
    return {
      loaded: site.isSuccess,
      offered: services.filter((s) => !s.hidden).sort((a, b) => a.position - b.position),
      names: new Map(services.map((s) => [s.slug, s.name])),
    };
  }, [site.data, site.isSuccess]);
}

/** `label(slug)`: the service's name as the website gives it ("Not specified" when empty). */
export function useServiceLabel(): (value: string | null | undefined) => string {
  const { names } = useServices();
  return useCallback((value) => serviceLabel(value, names), [names]);
}
